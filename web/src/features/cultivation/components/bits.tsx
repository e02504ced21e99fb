import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../shared/format';
import cells from '../../../shared/ui/cells.module.css';
import type { Phase } from '../model';

/** Each phase's tag colour, from seedling green to the done grey. */
export const PHASE_COLOUR: Record<Phase, string> = {
  germination: 'lime',
  vegetative: 'green',
  flowering: 'purple',
  drying: 'orange',
  curing: 'gold',
  done: 'default',
};

/** A batch's phase as a coloured tag. */
export function PhaseTag({ phase, testId }: { phase: Phase; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={PHASE_COLOUR[phase]} className={cells.tag} data-testid={testId}>
      {t(`cultivation.phases.${phase}`)}
    </Tag>
  );
}

/** A percentage as the tables write it ("19,5 %"), or a dash when unknown. */
export function percentText(v: number | null | undefined): string {
  return v === null || v === undefined ? '—' : `${formatNumber(v, 2)} %`;
}

/** Grams as the cards and sentences write them ("1.200,5 g"). */
export function gramsText(v: number | null | undefined): string {
  return `${formatNumber(v ?? 0)} g`;
}

import { ShoppingOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import cells from '../../../shared/ui/cells.module.css';
import layout from '../../../shared/ui/layout.module.css';
import { TableEmpty } from '../../../shared/ui/TableStates';
import { formatQuantity, formatSigned } from '../format';
import { tone, type Milli } from '../quantity';
import styles from '../stock.module.css';

/** The unit a product's stock is counted in: grams for weight, units otherwise. */
export function unitOf(type: string | null | undefined): 'g' | 'ud' | '' {
  if (type === 'peso') return 'g';
  if (type === 'unidad' || type === 'unidades') return 'ud';
  return '';
}

/** A quantity with its unit in a lighter tone ("250 g"). */
export function Qty({ milli, unit = 'g', signed, className, testId }: { milli: Milli; unit?: string; signed?: boolean; className?: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span className={`${cells.num} ${className ?? ''}`} data-testid={testId}>
      {signed ? formatSigned(milli) : formatQuantity(milli)}
      {unit && <span className={styles.unit}>{t(`stock.units.${unit}`)}</span>}
    </span>
  );
}

/** A change coloured by its sign: red below zero, green above. */
export function SignedQty({ milli, unit, testId }: { milli: Milli; unit?: string; testId?: string }) {
  const t = tone(milli);
  return <Qty milli={milli} unit={unit} signed className={styles[t]} testId={testId} />;
}

/** A product's thumbnail, or a placeholder of the same size. */
export function ProductThumb({ src }: { src?: string | null }) {
  if (src) return <img src={src} alt="" className={styles.thumb} loading="lazy" />;
  return (
    <span className={styles.thumbEmpty} aria-hidden="true">
      <ShoppingOutlined />
    </span>
  );
}

/** An empty table: what is missing and what to do next, under the icon of the stock screens. */
export function EmptyState({ icon, ...text }: { icon: ReactNode; title: string; help: string; action?: ReactNode; testId?: string }) {
  return <TableEmpty image={<span className={layout.emptyIcon}>{icon}</span>} {...text} />;
}

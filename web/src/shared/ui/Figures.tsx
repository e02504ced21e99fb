import type { ColumnType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { formatMoney, formatNumber } from '../format';
import styles from './cells.module.css';

/** How a figure looks: red below zero always; green above zero when signed; bold; grey at zero when muted. */
export interface FigureLook {
  /** above zero in the positive colour (a difference, a balance that moves both ways) */
  signed?: boolean;
  strong?: boolean;
  /** zero in the tertiary text colour, so the figures that matter stand out */
  muted?: boolean;
  className?: string;
}

function figureClass(value: number | null | undefined, { signed, muted, className }: FigureLook): string {
  const v = typeof value === 'number' && Number.isFinite(value) ? value : 0;
  const tone = v < 0 ? styles.negative : v > 0 && signed ? styles.positive : v === 0 && muted ? styles.muted : undefined;
  return [styles.num, tone, className].filter(Boolean).join(' ');
}

function Figure({ text, value, look, testId }: { text: string; value: number | null | undefined; look: FigureLook; testId?: string }) {
  const className = figureClass(value, look);
  return look.strong ? (
    <strong className={className} data-testid={testId}>
      {text}
    </strong>
  ) : (
    <span className={className} data-testid={testId}>
      {text}
    </span>
  );
}

export interface MoneyProps extends FigureLook {
  value: number | null | undefined;
  testId?: string;
}

/** An amount in euros as formatMoney writes it, with tabular digits and the figure colours. */
export function Money({ value, testId, ...look }: MoneyProps) {
  return <Figure text={formatMoney(value)} value={value} look={look} testId={testId} />;
}

export interface NumProps extends FigureLook {
  value: number | null | undefined;
  /** the most decimals shown (formatNumber's default, 3, when left out) */
  decimals?: number;
  /** written after the number, e.g. " g" */
  unit?: string;
  testId?: string;
}

/** A quantity as formatNumber writes it, with tabular digits and the figure colours. */
export function Num({ value, decimals, unit, testId, ...look }: NumProps) {
  return <Figure text={`${formatNumber(value, decimals)}${unit ?? ''}`} value={value} look={look} testId={testId} />;
}

/** A column's options: antd's own (width, sorter, dataIndex ...), the look, and a test id per cell. */
export type FigureColumnOptions<T> = Omit<ColumnType<T>, 'key' | 'title' | 'render'> &
  FigureLook & { testId?: string | ((row: T) => string) };

function figureColumn<T>(
  key: string,
  title: ReactNode,
  cell: (row: T, look: FigureLook, testId: string | undefined) => ReactNode,
  { signed, strong, muted, className, testId, ...column }: FigureColumnOptions<T>,
): ColumnType<T> {
  const look = { signed, strong, muted, className };
  return {
    key,
    title,
    align: 'right',
    className: styles.num,
    ...column,
    render: (_: unknown, row: T) => cell(row, look, typeof testId === 'function' ? testId(row) : testId),
  };
}

/** A right-aligned table column of amounts: `moneyColumn('total', t('…'), (o) => o.total, { width: 110 })`. */
export function moneyColumn<T>(key: string, title: ReactNode, get: (row: T) => number | null | undefined, opts: FigureColumnOptions<NoInfer<T>> = {}): ColumnType<T> {
  return figureColumn<T>(key, title, (row, look, testId) => <Money value={get(row)} testId={testId} {...look} />, opts as FigureColumnOptions<T>);
}

/** A right-aligned table column of quantities; `decimals` and `unit` as for Num. */
export function numColumn<T>(
  key: string,
  title: ReactNode,
  get: (row: T) => number | null | undefined,
  { decimals, unit, ...opts }: FigureColumnOptions<NoInfer<T>> & Pick<NumProps, 'decimals' | 'unit'> = {},
): ColumnType<T> {
  return figureColumn<T>(key, title, (row, look, testId) => <Num value={get(row)} decimals={decimals} unit={unit} testId={testId} {...look} />, opts as FigureColumnOptions<T>);
}

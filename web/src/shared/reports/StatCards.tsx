import styles from './reports.module.css';

export interface StatCard {
  key: string;
  label: string;
  value: string;
  /** A line under the value (a count). */
  note?: string;
  tone?: 'box' | 'income' | 'out';
}

/** Figure cards: the cash summary's and the reports' totals, two a row on narrow screens. */
export function StatCards({ cards, label, testId, minWidth }: { cards: StatCard[]; label: string; testId: string; minWidth?: number }) {
  const style = minWidth ? ({ '--card-min': `${minWidth}px` } as React.CSSProperties) : undefined;
  return (
    <div className={styles.cards} style={style} data-testid={testId} role="list" aria-label={label}>
      {cards.map((c) => (
        <div key={c.key} role="listitem" className={`${styles.card} ${c.tone ? styles[c.tone] : ''}`} data-testid={`card-${c.key}`}>
          <span className={styles.cardLabel}>{c.label}</span>
          <strong className={styles.cardAmount} data-testid={`card-${c.key}-amount`}>
            {c.value}
          </strong>
          {c.note !== undefined && <span className={styles.cardCount}>{c.note}</span>}
        </div>
      ))}
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney } from '../../../shared/format';
import type { CashSummary } from '../api';
import { StatCards } from '../../../shared/reports/StatCards';
import styles from '../cash.module.css';

interface Card {
  key: string;
  amount: number;
  count?: number;
  tone?: 'box' | 'income' | 'out';
}

/**
 * The cash screens' cards (spec part 2 §2): what came in by each way, what the box should hold and,
 * on the close reports, the refunds by method and the period's income.
 */
export function SummaryCards({ summary, full = false }: { summary: CashSummary; full?: boolean }) {
  const { t } = useTranslation();
  const s = summary;
  const cards: Card[] = [
    { key: 'box', amount: s.cash_box_total_amount, tone: 'box' },
    { key: 'initial', amount: s.amount_initial },
    { key: 'manual', amount: s.manual_amount, count: s.type_manual },
    { key: 'cashOrders', amount: s.cash_order_amount, count: s.cash_order_movement },
    { key: 'tpvOrders', amount: s.tpv_order_amount, count: s.tpv_order_movement },
    { key: 'walletOrders', amount: s.wallet_order_amount, count: s.wallet_order_movement },
    { key: 'walletCash', amount: s.wallet_cash_amount, count: s.wallet_cash_movement },
    { key: 'walletTpv', amount: s.wallet_tpv_amount, count: s.wallet_tpv_movement },
  ];
  if (full) {
    cards.push(
      { key: 'cashRefunds', amount: s.cash_order_refund_amount, count: s.cash_order_refund_movement, tone: 'out' },
      { key: 'tpvRefunds', amount: s.tpv_order_refund_amount, count: s.tpv_order_refund_movement, tone: 'out' },
      { key: 'walletRefunds', amount: s.wallet_order_refund_amount, count: s.wallet_order_refund_movement, tone: 'out' },
      { key: 'income', amount: s.total_income, tone: 'income' },
    );
  }
  return (
    <section className={styles.cardsBlock} aria-label={t('cash.cards.label')}>
      <StatCards
        testId="cash-cards"
        label={t('cash.cards.label')}
        cards={cards.map((c) => ({
          key: c.key,
          label: t(`cash.cards.${c.key}`),
          value: formatMoney(c.amount),
          note: c.count === undefined ? undefined : t('cash.cards.count', { count: c.count }),
          tone: c.tone,
        }))}
      />
      <p className={styles.span} data-testid="cash-span">
        {s.first_movement
          ? t('cash.cards.span', { first: formatDateTime(s.first_movement), last: formatDateTime(s.end_movement) })
          : t('cash.cards.noMovements')}
        {' · '}
        {t('cash.cards.types', { manual: s.type_manual, automatic: s.type_automatic, wallet: s.type_wallet, order: s.type_order })}
      </p>
    </section>
  );
}

import type { CashClose, CashReport } from './api';
import { toCents, toEuros } from './count';

type Method = 'cash' | 'tpv' | 'wallet';

export interface ZFigures {
  opening: number;
  cashSales: number;
  walletCash: number;
  cashIn: number;
  /** Cash taken out by hand, as a positive figure. */
  cashOut: number;
  /** Refunded in cash, as a positive figure. */
  cashRefunds: number;
  expected: number;
  counted: number;
  difference: number;
  sales: { method: Method; amount: number; count: number }[];
  salesTotal: number;
  refunds: { method: Method; amount: number; count: number }[];
  topupCash: { amount: number; count: number };
  topupCard: { amount: number; count: number };
  income: number;
}

/**
 * The figures of a close's Z report, from the close (what was expected, counted and the
 * difference, as the server computed them) and its period's report (the rest). The box adds up:
 * opening + cash sales + wallet top-ups in cash + cash in − cash out − cash refunds = expected.
 */
export function zFigures(close: CashClose, report: CashReport): ZFigures {
  const s = report.summary;
  let inCents = 0;
  let outCents = 0;
  for (const m of report.movements ?? []) {
    if (m.action !== 'manual') continue;
    if (m.amount > 0) inCents += toCents(m.amount);
    else outCents -= toCents(m.amount);
  }
  const sales = [
    { method: 'cash' as const, amount: s.cash_order_amount, count: s.cash_order_movement },
    { method: 'tpv' as const, amount: s.tpv_order_amount, count: s.tpv_order_movement },
    { method: 'wallet' as const, amount: s.wallet_order_amount, count: s.wallet_order_movement },
  ];
  return {
    opening: s.amount_initial,
    cashSales: s.cash_order_amount,
    walletCash: s.wallet_cash_amount,
    cashIn: toEuros(inCents),
    cashOut: toEuros(outCents),
    cashRefunds: s.cash_order_refund_amount,
    expected: close.total_amount,
    counted: close.current_amount,
    difference: close.difference,
    sales,
    salesTotal: toEuros(sales.reduce((n, x) => n + toCents(x.amount), 0)),
    refunds: [
      { method: 'cash', amount: s.cash_order_refund_amount, count: s.cash_order_refund_movement },
      { method: 'tpv', amount: s.tpv_order_refund_amount, count: s.tpv_order_refund_movement },
      { method: 'wallet', amount: s.wallet_order_refund_amount, count: s.wallet_order_refund_movement },
    ],
    topupCash: { amount: s.wallet_cash_amount, count: s.wallet_cash_movement },
    topupCard: { amount: s.wallet_tpv_amount, count: s.wallet_tpv_movement },
    income: s.total_income,
  };
}

/** Whether the box's lines add up to the expected total (they do for every close the server makes). */
export function boxAddsUp(z: ZFigures): boolean {
  return toCents(z.opening) + toCents(z.cashSales) + toCents(z.walletCash) + toCents(z.cashIn) - toCents(z.cashOut) - toCents(z.cashRefunds) === toCents(z.expected);
}

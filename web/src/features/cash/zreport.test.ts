import { describe, expect, it } from 'vitest';
import type { CashClose, CashMovement, CashReport, CashSummary } from './api';
import { boxAddsUp, zFigures } from './zreport';

const zero: CashSummary = {
  first_movement: 0, end_movement: 0, manual_amount: 0, cash_order_amount: 0, cash_order_movement: 0,
  cash_order_refund_amount: 0, cash_order_refund_movement: 0, wallet_order_amount: 0, wallet_order_movement: 0,
  wallet_order_refund_amount: 0, wallet_order_refund_movement: 0, tpv_order_amount: 0, tpv_order_movement: 0,
  tpv_order_refund_amount: 0, tpv_order_refund_movement: 0, wallet_cash_amount: 0, wallet_cash_movement: 0,
  wallet_tpv_amount: 0, wallet_tpv_movement: 0, amount_initial: 0, cash_box_total_amount: 0, total_amount: 0,
  total_income: 0, type_manual: 0, type_automatic: 0, type_wallet: 0, type_order: 0,
};
const manual = (amount: number): CashMovement => ({ mid: 1, created: 1, employee_name: 'Caja', action: 'manual', pay_type: 'cash', amount, status: 'closed', note: '' });

describe('the Z report of a close', () => {
  // the day of TestCashRegister: 21 € cash sale, 6 € by card, 12 € from the wallet, 20 € + 10 € top-ups,
  // 1,50 € refunded in cash, 50 € in and 20 € out by hand; 69,50 € expected, 70 € counted
  const summary: CashSummary = {
    ...zero, cash_order_amount: 21, cash_order_movement: 1, tpv_order_amount: 6, tpv_order_movement: 1,
    wallet_order_amount: 12, wallet_order_movement: 1, wallet_cash_amount: 20, wallet_cash_movement: 1,
    wallet_tpv_amount: 10, wallet_tpv_movement: 1, cash_order_refund_amount: 1.5, cash_order_refund_movement: 1,
    manual_amount: 30, type_manual: 2, cash_box_total_amount: 69.5, total_amount: 69.5, total_income: 55.5,
  };
  const report = { summary, movements: [manual(50), manual(-20)], orders: [], products: [], members: [], employees: [], chart: [], closes: [] } as CashReport;
  const close = { cid: 7, created: 2, current_amount: 70, total_amount: 69.5, difference: 0.5, worker_name: 'Caja', note: '', first_movement: 1, last_movement: 2 } as CashClose;

  it('reads the close’s own expected, counted and difference', () => {
    const z = zFigures(close, report);
    expect([z.expected, z.counted, z.difference]).toEqual([69.5, 70, 0.5]);
  });

  it('splits the hand movements into cash in and cash out', () => {
    const z = zFigures(close, report);
    expect([z.cashIn, z.cashOut]).toEqual([50, 20]);
  });

  it('adds the box up to what it should hold, and sales by method to their total', () => {
    const z = zFigures(close, report);
    expect(boxAddsUp(z)).toBe(true);
    expect(z.sales.map((s) => [s.method, s.amount, s.count])).toEqual([['cash', 21, 1], ['tpv', 6, 1], ['wallet', 12, 1]]);
    expect(z.salesTotal).toBe(39);
    expect(z.refunds[0]).toEqual({ method: 'cash', amount: 1.5, count: 1 });
    expect(z.income).toBe(55.5);
    expect(boxAddsUp({ ...z, cashOut: 19.99 })).toBe(false);
  });
});

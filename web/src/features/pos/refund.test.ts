import { describe, expect, it } from 'vitest';
import { leftOf, refundAmount, refundTotal, unitOf, type RefundableLine } from './refund';

// TestOrderRefundGivesBackExactlyWhatWasPaid: 3 g paid 24,65 €; three refunds of 1 g give 8,22 + 8,22 + 8,21
const amnesia = (refunded: number, amount: number): RefundableLine => ({
  quantity: 3,
  refund_quantity: refunded,
  total: 24.65,
  amount,
  product: { pid: 1, type: 'peso' },
});

describe('what a refund gives back', () => {
  it('gives a part of a line its share, rounded once, and the last part exactly what is left', () => {
    expect(refundAmount(amnesia(0, 0), 1)).toBe(8.22);
    expect(refundAmount(amnesia(1, 8.22), 1)).toBe(8.22);
    expect(refundAmount(amnesia(2, 16.44), 1)).toBe(8.21);
    expect(refundAmount(amnesia(0, 0), 3)).toBe(24.65);
    expect(refundAmount(amnesia(0, 0), 1.5)).toBe(12.33); // 12,325 rounds half up
  });

  it('gives nothing for nothing, a negative or more than is left', () => {
    expect(refundAmount(amnesia(0, 0), 0)).toBe(0);
    expect(refundAmount(amnesia(0, 0), null)).toBe(0);
    expect(refundAmount(amnesia(0, 0), -1)).toBe(0);
    expect(refundAmount(amnesia(2, 16.44), 1.001)).toBe(0);
  });

  it('adds the lines of a refund, each rounded once', () => {
    const agua: RefundableLine = { quantity: 3, refund_quantity: 0, total: 4.5, amount: 0, product: { pid: 2, type: 'unidad' } };
    expect(refundTotal([amnesia(0, 0), agua], { 1: 2, 2: 1 })).toBe(16.43 + 1.5);
    expect(refundTotal([amnesia(0, 0), agua], {})).toBe(0);
  });

  it('keeps a line of a large sale exact', () => {
    const big: RefundableLine = { quantity: 999999.999, refund_quantity: 0, total: 9999999.99, amount: 0, product: { pid: 3, type: 'peso' } };
    expect(refundAmount(big, 333333.333)).toBe(3333333.33);
  });

  it('reads what is left and the unit of a line', () => {
    expect(leftOf(amnesia(1.1, 0))).toBe(1.9);
    expect(unitOf('peso')).toBe('g');
    expect(unitOf('unidad')).toBe('ud');
    expect(unitOf('ambos')).toBe('ud');
  });
});

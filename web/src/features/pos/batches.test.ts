import { describe, expect, it } from 'vitest';
import type { Order } from './api';
import { batchSource } from './model';
import { hasSlip, slipPath } from './slip';

// two batches in a product's stock, as the server lists them: oldest best-before first
const batches = [
  { batch: 12, strain: 'Amnesia Haze', grams: 3, thc_percent: 18.5, cbd_percent: 0.4, harvested_at: 1, best_before: 100 },
  { batch: 7, strain: 'Critical', grams: 10.25, thc_percent: null, cbd_percent: null, harvested_at: 2, best_before: 200 },
];

describe('which batch the grams come from', () => {
  it('names the first batch before anything is typed', () => {
    expect(batchSource(batches, null)).toEqual({ shares: [{ batch: 12, strain: 'Amnesia Haze', thc: 18.5, grams: 0 }], rest: 0 });
    expect(batchSource(batches, 0)).toEqual(batchSource(batches, null));
  });

  it('takes grams within the first batch from it alone', () => {
    expect(batchSource(batches, 2)).toEqual({ shares: [{ batch: 12, strain: 'Amnesia Haze', thc: 18.5, grams: 2 }], rest: 0 });
    expect(batchSource(batches, 3).shares).toHaveLength(1);
  });

  it('goes on to the next batch ("then #7") once the first runs out, in the server order', () => {
    expect(batchSource(batches, 5)).toEqual({
      shares: [
        { batch: 12, strain: 'Amnesia Haze', thc: 18.5, grams: 3 },
        { batch: 7, strain: 'Critical', thc: null, grams: 2 },
      ],
      rest: 0,
    });
  });

  it('says how many grams come from stock without a batch once every batch runs out', () => {
    const s = batchSource(batches, 20);
    expect(s.shares.map((x) => [x.batch, x.grams])).toEqual([
      [12, 3],
      [7, 10.25],
    ]);
    expect(s.rest).toBe(6.75);
  });

  it('counts the grams of the product already in the cart first', () => {
    // 2 g in the cart: the first batch has 1 g left for these grams
    expect(batchSource(batches, 2, 2).shares.map((x) => [x.batch, x.grams])).toEqual([
      [12, 1],
      [7, 1],
    ]);
    // the first batch is all in the cart: the next gram is from #7
    expect(batchSource(batches, null, 3).shares).toEqual([{ batch: 7, strain: 'Critical', thc: null, grams: 0 }]);
    // every batch in the cart: no batch left, everything from stock without one
    expect(batchSource(batches, 1.5, 13.25)).toEqual({ shares: [], rest: 1.5 });
  });

  it('counts in milligrams: no float drift at a batch boundary', () => {
    const tenths = [
      { batch: 1, strain: 'A', grams: 0.3, thc_percent: 10 },
      { batch: 2, strain: 'B', grams: 5, thc_percent: 12 },
    ];
    expect(batchSource(tenths, 0.2, 0.1).shares.map((x) => x.batch)).toEqual([1]);
    expect(batchSource(tenths, 0.3, 0.1).shares.map((x) => [x.batch, x.grams])).toEqual([
      [1, 0.2],
      [2, 0.1],
    ]);
  });

  it('has no batch to name for a product without batches', () => {
    expect(batchSource([], 2)).toEqual({ shares: [], rest: 2 });
  });
});

describe('the information slip', () => {
  const line = (pid: number, grams: number) => ({ id: pid, product: { pid, title: 'x', type: 'peso' }, grams }) as unknown as Order['products'][number];

  it('exists for an order with a product line with grams, not for fees or units alone', () => {
    expect(hasSlip({ products: [line(3, 2)] })).toBe(true);
    expect(hasSlip({ products: [line(0, 0), line(3, 0.5)] })).toBe(true);
    expect(hasSlip({ products: [line(0, 0)] })).toBe(false); // a fee
    expect(hasSlip({ products: [line(4, 0)] })).toBe(false); // units without a weight
    expect(hasSlip(null)).toBe(false);
  });

  it('is asked for the club and the paper', () => {
    expect(slipPath(1, 42, '80mm')).toBe('/api/order/42/slip?asocid=1&size=80mm');
    expect(slipPath(3, 9, 'a6')).toBe('/api/order/9/slip?asocid=3&size=a6');
  });
});

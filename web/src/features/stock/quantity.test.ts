import { describe, expect, it } from 'vitest';
import {
  availableAt,
  buildStockChanges,
  countedStock,
  countTyped,
  fromMilli,
  milliText,
  rowOfField,
  stockDifference,
  toMilli,
  tone,
  type CountDraft,
  type CountedProduct,
} from './quantity';

describe('toMilli', () => {
  it('reads API numbers with up to three decimals exactly', () => {
    expect(toMilli(250)).toBe(250_000);
    expect(toMilli(420.5)).toBe(420_500);
    expect(toMilli(0.001)).toBe(1);
    expect(toMilli(180.25)).toBe(180_250);
    expect(toMilli(-2)).toBe(-2_000);
    expect(toMilli(1.005)).toBe(1_005);
  });

  it('reads typed text with a point or a comma', () => {
    expect(toMilli('280')).toBe(280_000);
    expect(toMilli('12,5')).toBe(12_500);
    expect(toMilli('0.125')).toBe(125);
    expect(toMilli('.5')).toBe(500);
    expect(toMilli('7.')).toBe(7_000);
    expect(toMilli(' 3 ')).toBe(3_000);
    expect(toMilli('-1.25')).toBe(-1_250);
  });

  it('rounds a fourth decimal half away from zero', () => {
    expect(toMilli('0.0004')).toBe(0);
    expect(toMilli('0.0005')).toBe(1);
    expect(toMilli('2.9999')).toBe(3_000);
    expect(toMilli('-0.0005')).toBe(-1);
  });

  it('is null for nothing or not a number', () => {
    expect(toMilli(null)).toBeNull();
    expect(toMilli(undefined)).toBeNull();
    expect(toMilli('')).toBeNull();
    expect(toMilli('abc')).toBeNull();
    expect(toMilli('1.2.3')).toBeNull();
    expect(toMilli(Number.NaN)).toBeNull();
    expect(toMilli('-')).toBeNull();
  });
});

describe('fromMilli and milliText', () => {
  it('give back numbers and text with no float residue', () => {
    expect(fromMilli(-2_000)).toBe(-2);
    expect(fromMilli(420_400)).toBe(420.4);
    expect(JSON.stringify({ n: fromMilli(100 - 200 + 300_100) })).toBe('{"n":300}');
    expect(milliText(420_500)).toBe('420.5');
    expect(milliText(-2_000)).toBe('-2');
    expect(milliText(125)).toBe('0.125');
    expect(milliText(-5)).toBe('-0.005');
    expect(milliText(0)).toBe('0');
  });
});

describe('stock control arithmetic (spec part 2 §4)', () => {
  it('is typed − stock − jar weight: Amnesia Haze weighed at 280 with a 32 g jar and 250 g in stock is −2', () => {
    expect(stockDifference(toMilli('280')!, toMilli(250)!, toMilli(32)!)).toBe(-2_000);
    expect(countedStock(toMilli('280')!, toMilli(32)!)).toBe(248_000);
  });

  it('keeps decimals exact where floats drift', () => {
    // 420.5 − 420.4 − 0.1 in floats is 5.5e-14, not 0
    expect(420.5 - 420.4 - 0.1).not.toBe(0);
    expect(stockDifference(toMilli('420.5')!, toMilli(420.4)!, toMilli(0.1)!)).toBe(0);
    expect(stockDifference(toMilli('0.3')!, toMilli(0.1)!, toMilli(0.2)!)).toBe(0);
    expect(stockDifference(toMilli('452,51')!, toMilli(420.5)!, toMilli(32)!)).toBe(10);
  });

  it('colours by sign', () => {
    expect(tone(-1)).toBe('negative');
    expect(tone(1)).toBe('positive');
    expect(tone(0)).toBe('zero');
    expect(tone(null)).toBe('zero');
  });
});

describe('buildStockChanges', () => {
  const products = new Map<number, CountedProduct>([
    [1, { pid: 1, stock: 250, jar_weight: 32 }],
    [2, { pid: 2, stock: 420.5, jar_weight: 32 }],
    [3, { pid: 3, stock: 40, jar_weight: 0 }],
    [4, { pid: 4, stock: 12.5, jar_weight: 32 }],
  ]);

  it('sends only rows with a typed value, in typing order, with the signed change and the trimmed note', () => {
    const drafts = new Map<number, CountDraft>([
      [3, { typed: '38', note: '  dos rotas ' }],
      [2, { typed: null, note: 'solo una nota' }],
      [1, { typed: '280', note: '' }],
      [4, { typed: '', note: '' }],
    ]);
    expect(buildStockChanges(drafts, products)).toEqual([
      { pid: 3, new_stock: -2, note: 'dos rotas' },
      { pid: 1, new_stock: -2, note: '' },
    ]);
    expect(countTyped(drafts)).toBe(2);
  });

  it('sends a count that matches the stock (a change of zero is still a count)', () => {
    const drafts = new Map<number, CountDraft>([[2, { typed: '452.5', note: '' }]]);
    expect(buildStockChanges(drafts, products)).toEqual([{ pid: 2, new_stock: 0, note: '' }]);
  });

  it('keeps values typed on other pages, and skips a product it never saw', () => {
    const drafts = new Map<number, CountDraft>([
      [4, { typed: '44,5', note: '' }],
      [99, { typed: '10', note: '' }],
    ]);
    expect(buildStockChanges(drafts, products)).toEqual([{ pid: 4, new_stock: 0, note: '' }]);
  });

  it('sends nothing when nothing is typed', () => {
    expect(buildStockChanges(new Map(), products)).toEqual([]);
  });
});

describe('error fields and inventory availability', () => {
  it('reads the row of a products[i] field', () => {
    expect(rowOfField('products[2].note')).toBe(2);
    expect(rowOfField('products[0].new_stock')).toBe(0);
    expect(rowOfField('data[1].note')).toBe(1);
    expect(rowOfField('note')).toBeNull();
    expect(rowOfField(undefined)).toBeNull();
  });

  it('reads the amount in a location', () => {
    expect(availableAt({ barra: 50, almacen_interno: 1800.25 }, 'almacen_interno')).toBe(1_800_250);
    expect(availableAt({ barra: 50 }, 'dispensario')).toBe(0);
    expect(availableAt(undefined, 'barra')).toBe(0);
  });
});

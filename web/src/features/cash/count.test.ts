import { describe, expect, it } from 'vitest';
import { COINS, countCents, DENOMINATIONS, difference, hasPieces, lineCents, NOTES, pieces, toCents, toEuros } from './count';

describe('the blind count by notes and coins', () => {
  it('has every euro note from 500 to 5 and every coin from 2 € to 1 cent', () => {
    expect(NOTES.map(toEuros)).toEqual([500, 200, 100, 50, 20, 10, 5]);
    expect(COINS.map(toEuros)).toEqual([2, 1, 0.5, 0.2, 0.1, 0.05, 0.02, 0.01]);
    expect(DENOMINATIONS).toHaveLength(15);
  });

  it('adds up in cents, without a float’s crumbs', () => {
    // 3 × 0,10 + 1 × 0,20 is 0,50, never 0,5000000000000001
    expect(toEuros(countCents({ 10: 3, 20: 1 }))).toBe(0.5);
    // a real drawer: 2×50 + 3×20 + 1×10 + 4×5 + 7×2 + 3×1 + 1×0,50 + 2×0,20 + 3×0,10 + 1×0,05 + 4×0,02 + 3×0,01
    const drawer = { 5000: 2, 2000: 3, 1000: 1, 500: 4, 200: 7, 100: 3, 50: 1, 20: 2, 10: 3, 5: 1, 2: 4, 1: 3 };
    expect(countCents(drawer)).toBe(20836);
    expect(toEuros(countCents(drawer))).toBe(208.36);
    expect(lineCents(200, 7)).toBe(1400);
  });

  it('reads an empty or odd field as no pieces', () => {
    expect(countCents({})).toBe(0);
    expect(countCents({ 500: null, 100: undefined, 50: -3, 20: Number.NaN })).toBe(0);
    expect(pieces(2.7)).toBe(2);
    expect(hasPieces({ 500: 0, 100: null })).toBe(false);
    expect(hasPieces({ 1: 1 })).toBe(true);
  });

  it('gives the difference the close will give, counted − expected, to the cent', () => {
    expect(difference(70, 69.5)).toBe(0.5);
    expect(difference(48.5, 50)).toBe(-1.5);
    expect(difference(0.3, 0.1 + 0.2)).toBe(0);
    expect(difference(1234.56, 1234.56)).toBe(0);
    expect(toCents(19.99)).toBe(1999);
  });
});

import { describe, expect, it } from 'vitest';
import {
  balanceSentence,
  boardColumns,
  canHarvest,
  equations,
  fieldOf,
  instantOfDay,
  isReleaseTarget,
  nextPhase,
  PERIOD_CHOICES,
  periodQuery,
  PHASES,
  rangeText,
  type Balance,
  type BatchLike,
  type PeriodChoice,
} from './model';

const batch = (id: number, phase: BatchLike['phase'], started: number, harvested_at: number | null = null): BatchLike => ({ id, phase, started, harvested_at });

const zero: Balance = {
  harvested_g: 0,
  released_g: 0,
  destroyed_batch_g: 0,
  held_g: 0,
  batch_difference_g: 0,
  sold_g: 0,
  refunded_g: 0,
  destroyed_stock_g: 0,
  in_stock_g: 0,
  stock_difference_g: 0,
};

describe('phases', () => {
  it('go on one at a time from germination to done, and no further', () => {
    expect(PHASES.map(nextPhase)).toEqual(['vegetative', 'flowering', 'drying', 'curing', 'done', null]);
  });

  it('allow the harvest once, from flowering on, never once done', () => {
    expect(canHarvest(batch(1, 'vegetative', 0))).toBe(false);
    expect(canHarvest(batch(1, 'flowering', 0))).toBe(true);
    expect(canHarvest(batch(1, 'curing', 0))).toBe(true);
    expect(canHarvest(batch(1, 'drying', 0, 100))).toBe(false);
    expect(canHarvest(batch(1, 'done', 0))).toBe(false);
  });
});

describe('the batch board', () => {
  it('has a column for every phase in order, empty ones too, each with its batches latest first', () => {
    const cols = boardColumns([batch(1, 'flowering', 100), batch(2, 'germination', 300), batch(3, 'flowering', 200), batch(4, 'flowering', 200), batch(5, 'done', 50)]);
    expect(cols.map((c) => c.phase)).toEqual([...PHASES]);
    expect(cols.map((c) => c.batches.map((b) => b.id))).toEqual([[2], [], [4, 3, 1], [], [], [5]]);
  });
});

describe('the mass balance', () => {
  it('writes both equations with their terms, and holds when both differences are zero', () => {
    const b = { ...zero, harvested_g: 300.25, released_g: 100, held_g: 200.25, in_stock_g: 60, sold_g: 50, refunded_g: 10 };
    const [inBatch, inStock] = equations(b);
    expect(inBatch).toMatchObject({ key: 'batch', left: 300.25, holds: true, sentence: 'holds' });
    expect(inBatch.right.map((r) => [r.key, r.grams, r.sign])).toEqual([
      ['released', 100, 1],
      ['destroyedBatch', 0, 1],
      ['held', 200.25, 1],
    ]);
    expect(inStock).toMatchObject({ key: 'stock', left: 100, holds: true });
    expect(inStock.right.map((r) => [r.key, r.sign])).toEqual([
      ['sold', 1],
      ['refunded', -1],
      ['destroyedStock', 1],
      ['inStock', 1],
    ]);
    expect(balanceSentence(inBatch)).toEqual({ key: 'cultivation.balance.batch.holds', grams: 0 });
  });

  it('says grams are missing when more came in than is accounted for, and too many when less did', () => {
    const [inBatch, inStock] = equations({ ...zero, harvested_g: 100, held_g: 87.5, batch_difference_g: 12.5, released_g: 0, stock_difference_g: -3.2 });
    expect(inBatch.holds).toBe(false);
    expect(balanceSentence(inBatch)).toEqual({ key: 'cultivation.balance.batch.missing', grams: 12.5 });
    expect(balanceSentence(inStock)).toEqual({ key: 'cultivation.balance.stock.extra', grams: 3.2 });
  });

  it('compares to the milligram: a float crumb is no difference', () => {
    const [inBatch] = equations({ ...zero, batch_difference_g: 0.0000001 });
    expect(inBatch.holds).toBe(true);
    const [, inStock] = equations({ ...zero, stock_difference_g: 0.001 });
    expect(inStock.holds).toBe(false);
    expect(inStock.difference).toBe(0.001);
  });
});

describe('the report period', () => {
  it('is the year, a quarter or a month, never a quarter and a month', () => {
    expect(periodQuery(2026, 'year')).toEqual({ year: 2026 });
    expect(periodQuery(2026, 'q3')).toEqual({ year: 2026, quarter: 3 });
    expect(periodQuery(2025, 'm12')).toEqual({ year: 2025, month: 12 });
    expect(periodQuery(2025, 'm13')).toEqual({ year: 2025 });
    expect(periodQuery(2025, 'q0' as PeriodChoice)).toEqual({ year: 2025 });
  });

  it('offers the year, four quarters and twelve months', () => {
    expect(PERIOD_CHOICES).toHaveLength(17);
    expect(PERIOD_CHOICES.slice(0, 5)).toEqual(['year', 'q1', 'q2', 'q3', 'q4']);
    expect(PERIOD_CHOICES.at(-1)).toBe('m12');
  });
});

describe('days picked in the forms', () => {
  const dayEnd = (d: string) => ({ '2026-03-01': 1772405999, '2026-03-02': 1772492399 })[d] ?? 0;
  it('are now for today, and the last second of any other day', () => {
    expect(instantOfDay('2026-03-02', '2026-03-02', 1772450000, dayEnd)).toBe(1772450000);
    expect(instantOfDay('2026-03-01', '2026-03-02', 1772450000, dayEnd)).toBe(1772405999);
  });
});

describe('small rules', () => {
  const fmt = (n: number) => String(n).replace('.', ',');
  it('writes a THC or CBD range with what is known of it', () => {
    expect(rangeText(18.5, 22, fmt)).toBe('18,5–22');
    expect(rangeText(20, 20, fmt)).toBe('20');
    expect(rangeText(18, null, fmt)).toBe('≥ 18');
    expect(rangeText(null, 1, fmt)).toBe('≤ 1');
    expect(rangeText(null, undefined, fmt)).toBeNull();
    expect(rangeText(0, 0.5, fmt)).toBe('0–0,5');
  });

  it('releases only into products sold by weight with a counted stock', () => {
    expect(isReleaseTarget({ type: 'peso', unlimited_stock: false })).toBe(true);
    expect(isReleaseTarget({ type: 'peso', unlimited_stock: true })).toBe(false);
    expect(isReleaseTarget({ type: 'unidad', unlimited_stock: false })).toBe(false);
    expect(isReleaseTarget({ type: 'ambos', unlimited_stock: false })).toBe(false);
  });

  it("puts a refusal on the form's field the server names, under the form's own name", () => {
    expect(fieldOf('dry_g', ['wet_g', 'dry_g'])).toBe('dry_g');
    expect(fieldOf('date', ['strain', 'started'], { date: 'started' })).toBe('started');
    expect(fieldOf('phase', ['wet_g', 'dry_g'])).toBeNull();
    expect(fieldOf(undefined, ['name'])).toBeNull();
  });
});

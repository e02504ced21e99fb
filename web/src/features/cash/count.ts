/**
 * The blind count of a close: the cash in the box by notes and coins, added up in cents so that
 * 0,10 + 0,20 is 0,30 and never 0,30000000000000004.
 */

/** Euro notes and coins, largest first, in cents. */
export const NOTES = [50000, 20000, 10000, 5000, 2000, 1000, 500] as const;
export const COINS = [200, 100, 50, 20, 10, 5, 2, 1] as const;
export const DENOMINATIONS: readonly number[] = [...NOTES, ...COINS];

/** How many of each denomination (cents → pieces); an empty field is null. */
export type Counts = Record<number, number | null | undefined>;

/** The pieces of a denomination as a whole number of 0 or more (a typed 2,7 is not a piece count). */
export function pieces(v: number | null | undefined): number {
  return typeof v === 'number' && Number.isFinite(v) && v > 0 ? Math.floor(v) : 0;
}

/** What the pieces of one denomination are worth, in cents. */
export function lineCents(denomination: number, count: number | null | undefined): number {
  return denomination * pieces(count);
}

/** The total of a count, in cents. */
export function countCents(counts: Counts): number {
  return DENOMINATIONS.reduce((sum, d) => sum + lineCents(d, counts[d]), 0);
}

/** Whether any denomination has pieces. */
export function hasPieces(counts: Counts): boolean {
  return DENOMINATIONS.some((d) => pieces(counts[d]) > 0);
}

/** Euros (two decimals) to cents, rounded once. */
export function toCents(euros: number): number {
  return Math.round(euros * 100);
}

/** Cents to euros as the API carries them (a number with at most two decimals). */
export function toEuros(cents: number): number {
  return cents / 100;
}

/** counted − expected, in euros, computed in cents (what the close will call the difference). */
export function difference(countedEuros: number, expectedEuros: number): number {
  return toEuros(toCents(countedEuros) - toCents(expectedEuros));
}

/** Whether a denomination is a note (5 € and up) or a coin. */
export function isNote(denomination: number): boolean {
  return denomination >= 500;
}

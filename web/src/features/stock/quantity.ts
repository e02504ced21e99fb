/**
 * Quantities (grams or units) as integer thousandths (DESIGN.md): every sum and difference of the
 * stock screens is done on integers, so 420.5 − 0.1 never turns into 420.40000000000003. The API
 * carries numbers with at most three decimals; they enter and leave through toMilli / fromMilli.
 */

/** A quantity in thousandths of a gram or unit. */
export type Milli = number;

const DECIMAL = /^\s*([+-])?(\d*)(?:[.,](\d*))?\s*$/;

/**
 * Thousandths of a quantity typed or received: a number from the API, or the text of an input
 * ("280", "12,5", "0.125"). A fourth decimal rounds half away from zero. Null for empty or not a
 * number.
 */
export function toMilli(value: number | string | null | undefined): Milli | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    // A JSON number with ≤ 3 decimals times 1000 lands within a hair of an integer.
    const r = Math.round(Math.abs(value) * 1000);
    return value < 0 ? -r : r;
  }
  const m = DECIMAL.exec(value);
  if (!m) return null;
  const [, sign, whole = '', frac = ''] = m;
  if (whole === '' && frac === '') return null;
  const digits = (frac + '0000').slice(0, 4);
  let milli = Number(whole || '0') * 1000 + Number(digits.slice(0, 3));
  if (Number(digits[3]) >= 5) milli += 1;
  if (!Number.isSafeInteger(milli)) return null;
  return sign === '-' && milli !== 0 ? -milli : milli;
}

/** The JSON number of a quantity in thousandths (at most three decimals, no float residue). */
export function fromMilli(milli: Milli): number {
  return milli / 1000;
}

/** The plain decimal text of a quantity ("-2", "420.5", "0.125"), for inputs and the API. */
export function milliText(milli: Milli): string {
  const neg = milli < 0;
  const abs = Math.abs(milli);
  const whole = Math.floor(abs / 1000);
  const frac = String(abs % 1000).padStart(3, '0').replace(/0+$/, '');
  return `${neg ? '-' : ''}${whole}${frac ? `.${frac}` : ''}`;
}

/**
 * Stock control (spec part 2 §4): the jar is weighed with the product, so the change to record is
 * the typed value minus the current stock minus the jar weight.
 */
export function stockDifference(typed: Milli, stock: Milli, jarWeight: Milli): Milli {
  return typed - stock - jarWeight;
}

/** What the stock will be after a count: the typed value less the jar. */
export function countedStock(typed: Milli, jarWeight: Milli): Milli {
  return typed - jarWeight;
}

/** The sign of a change, for colour: below zero red, above zero green. */
export function tone(milli: Milli | null | undefined): 'negative' | 'positive' | 'zero' {
  if (!milli) return 'zero';
  return milli < 0 ? 'negative' : 'positive';
}

/** One row of the stock control screen as the person left it. */
export interface CountDraft {
  /** The typed new stock, as the input holds it (text, so no float on the way). */
  typed: string | null;
  note: string;
}

/** What the control screen knows of a product (from the page it was shown on). */
export interface CountedProduct {
  pid: number;
  stock: number;
  jar_weight: number;
}

/** A row of POST /api/product_stock {data: [...]}. */
export interface StockChangeRow {
  pid: number;
  new_stock: number;
  note: string;
}

/**
 * The rows to send for a save: only products with a typed value, in the order they were typed,
 * each with the signed change computed in thousandths. A draft whose product was never shown is
 * skipped (it cannot be, but the change would be a guess).
 */
export function buildStockChanges(
  drafts: ReadonlyMap<number, CountDraft>,
  products: ReadonlyMap<number, CountedProduct>,
): StockChangeRow[] {
  const rows: StockChangeRow[] = [];
  for (const [pid, d] of drafts) {
    const typed = toMilli(d.typed);
    const p = products.get(pid);
    if (typed === null || !p) continue;
    const change = stockDifference(typed, toMilli(p.stock) ?? 0, toMilli(p.jar_weight) ?? 0);
    rows.push({ pid, new_stock: fromMilli(change), note: d.note.trim() });
  }
  return rows;
}

/** How many drafts would be sent. */
export function countTyped(drafts: ReadonlyMap<number, CountDraft>): number {
  let n = 0;
  for (const d of drafts.values()) if (toMilli(d.typed) !== null) n++;
  return n;
}

/** The row index of an error field of the stock call ("products[2].note" → 2), or null. */
export function rowOfField(field: string | undefined | null): number | null {
  const m = /^(?:products|data)\[(\d+)\]/.exec(field ?? '');
  return m ? Number(m[1]) : null;
}

/** Inventory totals by location, to check a removal or a move before sending it. */
export function availableAt(byLocation: Record<string, number> | null | undefined, location: string | undefined): Milli {
  if (!byLocation || !location) return 0;
  return toMilli(byLocation[location] ?? 0) ?? 0;
}

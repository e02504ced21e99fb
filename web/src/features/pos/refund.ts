/**
 * What a refund gives back, as the server computes it (internal/pos Refund): a part of a line is
 * worth the line's paid total × part / sold quantity, rounded half up once, never more than what
 * is left of the line's money; the rest of a line gets exactly what is left. Computed in cents and
 * thousandths with integers, so the dialog names the amount the server will return.
 */

/** A line of a paid order, as the API carries it (euros and quantities as numbers). */
export interface RefundableLine {
  quantity: number;
  refund_quantity: number;
  total: number;
  /** Money refunded for this line so far. */
  amount: number;
  product: { pid: number; type?: string };
}

const milli = (q: number) => Math.round(q * 1000);
const cents = (e: number) => Math.round(e * 100);

/** paid × part / whole, rounded half up, in integers (a big line times a big part stays exact). */
function share(paid: number, part: number, whole: number): number {
  if (whole <= 0) return 0;
  const p = BigInt(paid);
  const q = BigInt(part);
  const w = BigInt(whole);
  return Number((2n * p * q + w) / (2n * w));
}

/** The quantity left to give back (sold − refunded), in the line's unit. */
export function leftOf(line: RefundableLine): number {
  return (milli(line.quantity) - milli(line.refund_quantity)) / 1000;
}

/** The euros a refund of `quantity` of the line gives back (0 for none, or more than is left). */
export function refundAmount(line: RefundableLine, quantity: number | null | undefined): number {
  const q = milli(quantity ?? 0);
  const left = milli(line.quantity) - milli(line.refund_quantity);
  const moneyLeft = cents(line.total) - cents(line.amount);
  if (q <= 0 || q > left) return 0;
  if (q === left) return moneyLeft / 100;
  return Math.min(share(cents(line.total), q, milli(line.quantity)), moneyLeft) / 100;
}

/** The euros of a whole refund: the sum of its lines, each rounded once. */
export function refundTotal(lines: RefundableLine[], quantities: Record<number, number | null | undefined>): number {
  return lines.reduce((sum, l) => sum + cents(refundAmount(l, quantities[l.product.pid])), 0) / 100;
}

/** The unit a line is counted in: grams for a weighed product, units for the rest. */
export function unitOf(type: string | undefined): 'g' | 'ud' {
  return type === 'peso' ? 'g' : 'ud';
}

/** At most MAX_REASON characters, as the server bounds a refund's reason. */
export const MAX_REASON = 500;

/** Membership expiry (spec §4): an end date earlier than now is expired (CADUCADA, red), otherwise valid (green). */
export type Expiry = 'none' | 'expired' | 'valid';

export function expiryOf(endDate: number | null | undefined, nowSeconds: number = Date.now() / 1000): Expiry {
  if (!endDate) return 'none';
  return endDate < nowSeconds ? 'expired' : 'valid';
}

/** What the counter needs to know at a glance. */
export type Verdict = 'ok' | 'expired' | 'inactive';

export function verdictOf(m: { status_member: number; end_date: number }, nowSeconds: number = Date.now() / 1000): Verdict {
  if (m.status_member !== 1) return 'inactive';
  if (expiryOf(m.end_date, nowSeconds) === 'expired') return 'expired';
  return 'ok';
}

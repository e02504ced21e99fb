/**
 * Where a login goes: the address a person opened before logging in (a deep link, or the screen a
 * session expired on, carried in the login route's state as `from`), else the club's day. Only a
 * path of this app is followed.
 */
export function afterLogin(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/\\') && from !== '/') return from;
  return '/today';
}

/** The provider's console, under /app/. */
export const PROVIDER_PATH = '/provider';

/**
 * Where the root sends a person who staffs no club: a provider administrator to the provider's
 * console; anyone else stays (null) and reads that they belong to no club yet.
 */
export function landingWithoutClubs(me: { provider_admin?: boolean } | null | undefined): string | null {
  return me?.provider_admin ? PROVIDER_PATH : null;
}

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

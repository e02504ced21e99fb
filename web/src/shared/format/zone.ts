/**
 * The zone dates and times are shown in: the current club's (its `timezone`), as the exports and
 * the server's reports read them, whatever the browser's zone. Null until a club is known (then
 * the browser's zone). Kept apart from dayjs so that the shell can set it without loading dayjs.
 */
let zone: string | null = null;

/** Whether this browser knows the IANA zone name. */
export function isKnownZone(tz: string | null | undefined): tz is string {
  if (!tz) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** Shows every date and time from now on in tz (an unknown or empty name: the browser's zone). Returns the zone in force. */
export function setDisplayZone(tz: string | null | undefined): string | null {
  zone = isKnownZone(tz) ? tz : null;
  return zone;
}

/** The zone dates and times are shown in; null is the browser's. */
export function displayZone(): string | null {
  return zone;
}

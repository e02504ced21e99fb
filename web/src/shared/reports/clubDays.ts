import dayjs, { inDisplayZone } from '../format/dayjs';
import { displayZone } from '../format/zone';
import type { Period } from './ReportRange';

/** The first second of a calendar day (YYYY-MM-DD) on the club's clock (the browser's before a club is known). */
export function dayStart(date: string): number {
  const zone = displayZone();
  const midnight = `${date}T00:00:00`;
  return (zone ? dayjs.tz(midnight, zone) : dayjs(midnight)).unix();
}

/** The last second of a calendar day on the club's clock: the next day's first second less one (23 or 25 hours on a clock change). */
export function dayEnd(date: string): number {
  return dayStart(dayjs(date).add(1, 'day').format('YYYY-MM-DD')) - 1;
}

/** The club's calendar day (YYYY-MM-DD) of an instant in Unix seconds. */
export function clubDate(t: number): string {
  return inDisplayZone(dayjs.unix(t)).format('YYYY-MM-DD');
}

/** The club's month so far: from its first day to the end of the club's today. */
export function thisMonth(now: number = dayjs().unix()): Period {
  const today = clubDate(now);
  return { start: dayStart(`${today.slice(0, 7)}-01`), end: dayEnd(today) };
}

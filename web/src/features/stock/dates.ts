import type { Dayjs } from 'dayjs';
import dayjs from '../../shared/format/dayjs';

/** A report's time range in unix seconds (spec §9: last 7 days to now by default). */
export interface Range {
  start: number;
  end: number;
}

export const DEFAULT_RANGE_DAYS = 7;

/** The default range of the stock history: from seven days before `now` to `now`. */
export function defaultRange(now: Dayjs = dayjs()): Range {
  return { start: now.subtract(DEFAULT_RANGE_DAYS, 'day').unix(), end: now.unix() };
}

/**
 * The range of two days picked in the date range picker: from the start of the first day to the
 * end of the last (so picking today includes everything up to now).
 */
export function rangeOfDays(from: Dayjs, to: Dayjs): Range {
  const [a, b] = from.isAfter(to) ? [to, from] : [from, to];
  return { start: a.startOf('day').unix(), end: b.endOf('day').unix() };
}

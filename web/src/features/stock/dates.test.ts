import { describe, expect, it } from 'vitest';
import dayjs from '../../shared/format/dayjs';
import { defaultRange, rangeOfDays } from './dates';

describe('stock history range', () => {
  it('defaults to the last 7 days up to now', () => {
    const now = dayjs('2026-11-21T17:08:22');
    const r = defaultRange(now);
    expect(r.end).toBe(now.unix());
    expect(r.end - r.start).toBe(7 * 24 * 3600);
    expect(dayjs.unix(r.start).format('YYYY-MM-DD HH:mm')).toBe('2026-11-14 17:08');
  });

  it('covers whole days when days are picked, in either order', () => {
    const a = dayjs('2026-11-02T15:00');
    const b = dayjs('2026-11-09T09:30');
    const r = rangeOfDays(a, b);
    expect(dayjs.unix(r.start).format('YYYY-MM-DD HH:mm:ss')).toBe('2026-11-02 00:00:00');
    expect(dayjs.unix(r.end).format('YYYY-MM-DD HH:mm:ss')).toBe('2026-11-09 23:59:59');
    expect(rangeOfDays(b, a)).toEqual(r);
  });

  it('starts weeks on Monday in the interface languages', () => {
    // 2026-11-21 is a Saturday; its week starts on Monday the 16th
    expect(dayjs('2026-11-21').locale('es').startOf('week').format('YYYY-MM-DD')).toBe('2026-11-16');
    expect(dayjs('2026-11-21').locale('en-gb').startOf('week').format('YYYY-MM-DD')).toBe('2026-11-16');
  });
});

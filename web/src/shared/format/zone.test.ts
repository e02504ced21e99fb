import { afterEach, describe, expect, it } from 'vitest';
import { displayZone, formatDate, formatDateTime, formatTime, setDisplayZone } from './index';
import dayjs, { todayInDisplayZone } from './dayjs';

// 2025-01-15 13:34 UTC: 14:34 in Madrid (winter, UTC+1), 08:34 in New York, 22:34 in Tokyo.
const INSTANT = Date.UTC(2025, 0, 15, 13, 34) / 1000;
const browserZone = process.env.TZ;

afterEach(() => {
  setDisplayZone(null);
  process.env.TZ = browserZone;
});

describe('times in the club’s time zone', () => {
  it('shows the club’s clock whatever the browser’s zone', () => {
    process.env.TZ = 'Asia/Tokyo'; // the browser is elsewhere
    expect(formatDateTime(INSTANT)).toBe('22:34 15/01/2025'); // no club yet: the browser's clock
    expect(setDisplayZone('Europe/Madrid')).toBe('Europe/Madrid');
    expect(formatDateTime(INSTANT)).toBe('14:34 15/01/2025');
    expect(formatTime(INSTANT)).toBe('14:34');
    expect(formatDateTime(String(INSTANT))).toBe('14:34 15/01/2025');
    expect(formatDateTime('2025-01-15T13:34:00Z')).toBe('14:34 15/01/2025');
    process.env.TZ = 'America/New_York';
    expect(formatDateTime(INSTANT)).toBe('14:34 15/01/2025');
    setDisplayZone('America/New_York');
    expect(formatDateTime(INSTANT)).toBe('08:34 15/01/2025');
  });

  it('puts an instant on the club’s calendar day, summer time included', () => {
    process.env.TZ = 'UTC';
    setDisplayZone('Europe/Madrid');
    // 2025-07-31 22:30 UTC is already 1 August 00:30 in Madrid (UTC+2)
    const lateJuly = Date.UTC(2025, 6, 31, 22, 30) / 1000;
    expect(formatDate(lateJuly)).toBe('01/08/2025');
    expect(formatDateTime(lateJuly)).toBe('00:30 01/08/2025');
    expect(todayInDisplayZone(dayjs.unix(lateJuly))).toBe('2025-08-01');
  });

  it('never moves a calendar date to another day', () => {
    process.env.TZ = 'Pacific/Auckland';
    setDisplayZone('America/Los_Angeles');
    expect(formatDate('1990-05-01')).toBe('01/05/1990');
  });

  it('ignores a zone the browser does not know', () => {
    expect(setDisplayZone('Mars/Olympus_Mons')).toBeNull();
    expect(displayZone()).toBeNull();
    expect(setDisplayZone('')).toBeNull();
  });
});

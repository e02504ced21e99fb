import { afterEach, describe, expect, it } from 'vitest';
import { setDisplayZone } from '../format/zone';
import { clubDate, dayEnd, dayStart, thisMonth } from './clubDays';

describe('club days', () => {
  afterEach(() => setDisplayZone(null));

  it('reads a day on the club clock, whatever the browser zone', () => {
    setDisplayZone('Europe/Madrid');
    expect(dayStart('2026-07-01')).toBe(Date.UTC(2026, 5, 30, 22) / 1000); // 00:00 in Madrid is 22:00 UTC in summer
    expect(dayEnd('2026-06-30')).toBe(Date.UTC(2026, 5, 30, 22) / 1000 - 1);
    expect(clubDate(Date.UTC(2026, 5, 30, 22, 30) / 1000)).toBe('2026-07-01');
    setDisplayZone('America/Montevideo');
    expect(clubDate(Date.UTC(2026, 5, 30, 22, 30) / 1000)).toBe('2026-06-30');
  });

  it('gives a clock-change day its 23 hours', () => {
    setDisplayZone('Europe/Madrid');
    expect(dayEnd('2026-03-29') - dayStart('2026-03-29') + 1).toBe(23 * 3600);
  });

  it("runs this month from the club's first day to the end of its today", () => {
    setDisplayZone('Europe/Madrid');
    const p = thisMonth(Date.UTC(2026, 5, 30, 22, 30) / 1000); // already 1 July in Madrid
    expect(p).toEqual({ start: Date.UTC(2026, 5, 30, 22) / 1000, end: Date.UTC(2026, 6, 1, 22) / 1000 - 1 });
  });
});

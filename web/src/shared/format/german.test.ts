import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../i18n';
import { dateFormat, decimalSeparator, formatDate, formatDateTime, formatFixed, formatMoney, formatNumber } from './index';
import { dayjs } from './dayjs';
import { setDisplayZone } from './zone';

describe('German notation', () => {
  afterEach(async () => {
    await setLanguage('es');
    setDisplayZone(null);
  });

  it('writes euros after the amount with a decimal comma and a point for thousands', async () => {
    await setLanguage('de');
    expect(formatMoney(12.5).replace(/\u00a0/g, ' ')).toBe('12,50 €');
    expect(formatMoney(1234.5).replace(/\u00a0/g, ' ')).toBe('1.234,50 €');
    expect(formatNumber(1234.5)).toBe('1.234,5');
    expect(formatFixed(2.5, 3)).toBe('2,500');
    expect(decimalSeparator()).toBe(',');
  });

  it('writes dates as dd.MM.yyyy and weeks start on Monday', async () => {
    setDisplayZone('Europe/Berlin');
    await setLanguage('de');
    expect(dateFormat()).toBe('DD.MM.YYYY');
    expect(formatDate('2026-11-26')).toBe('26.11.2026');
    expect(formatDateTime(Date.UTC(2026, 10, 26, 13, 5) / 1000)).toBe('14:05 26.11.2026');
    expect(dayjs('2026-11-26').startOf('week').format('YYYY-MM-DD')).toBe('2026-11-23');
    expect(document.documentElement.lang).toBe('de-DE');
  });

  it('keeps the spec’s dd/MM/yyyy in Spanish', async () => {
    await setLanguage('es');
    expect(dateFormat()).toBe('DD/MM/YYYY');
    expect(formatDate('2026-11-26')).toBe('26/11/2026');
  });
});

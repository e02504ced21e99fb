import type { Dayjs } from 'dayjs';
import dayjs, { inDisplayZone } from './dayjs';
import { currentLanguage, LOCALE_TAGS } from '../i18n';

export { initials } from './initials';
export { displayZone, setDisplayZone } from './zone';

/** Accepts unix seconds (number or numeric text) or an ISO date; null when it is not a date. */
export function toDayjs(value: number | string | null | undefined): Dayjs | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  const d = Number.isFinite(n) ? dayjs.unix(n) : dayjs(value);
  return d.isValid() ? d : null;
}

/**
 * A value as the club's clock reads it: an instant (unix seconds, or an ISO date with a time) in
 * the display zone (the current club's time zone, as the exports show it); a calendar date
 * ("2024-05-01", a birthdate) as it is, never moved to another day.
 */
function shown(value: number | string | null | undefined): Dayjs | null {
  const d = toDayjs(value);
  if (!d) return null;
  const instant = typeof value === 'number' || Number.isFinite(Number(value)) || String(value).includes('T');
  return instant ? inDisplayZone(d) : d;
}

/**
 * The date pattern of the user's language for dayjs and the date pickers: dd.MM.yyyy in German,
 * dd/MM/yyyy (the spec's) in the other six.
 */
export function dateFormat(): string {
  return currentLanguage() === 'de' ? 'DD.MM.YYYY' : 'DD/MM/YYYY';
}

/** Day and month without the year ("24.12." in German, "24/12" elsewhere), for chart axes. */
export function dayMonthFormat(): string {
  return currentLanguage() === 'de' ? 'DD.MM.' : 'DD/MM';
}

/** dd/MM/yyyy (dd.MM.yyyy in German), in the club's time zone */
export function formatDate(value: number | string | null | undefined): string {
  return shown(value)?.format(dateFormat()) ?? '';
}

/** hh:mm dd/MM/yyyy (dd.MM.yyyy in German), in the club's time zone */
export function formatDateTime(value: number | string | null | undefined): string {
  return shown(value)?.format(`HH:mm ${dateFormat()}`) ?? '';
}

/** hh:mm, in the club's time zone */
export function formatTime(value: number | string | null | undefined): string {
  return shown(value)?.format('HH:mm') ?? '';
}

/** Euros in the user's language, always two decimals. */
export function formatMoney(euros: number | null | undefined): string {
  const n = typeof euros === 'number' && Number.isFinite(euros) ? euros : 0;
  return new Intl.NumberFormat(LOCALE_TAGS[currentLanguage()].bcp47, {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(n);
}

/** A quantity (grams or units) in the user's language, up to three decimals. */
export function formatNumber(n: number | null | undefined, maxDecimals = 3): string {
  const v = typeof n === 'number' && Number.isFinite(n) ? n : 0;
  return new Intl.NumberFormat(LOCALE_TAGS[currentLanguage()].bcp47, { maximumFractionDigits: maxDecimals }).format(v);
}

/** The decimal mark of the user's language, for the number fields ("," everywhere but English). */
export function decimalSeparator(): string {
  return formatNumber(1.5).includes(',') ? ',' : '.';
}

/**
 * A number with exactly `decimals` decimals in the user's language and no thousands separator:
 * the value an editable field shows ("18,00", "2,500"), which the counter's number reading
 * (commas become dots) reads back.
 */
export function formatFixed(n: number | null | undefined, decimals: number): string {
  const v = typeof n === 'number' && Number.isFinite(n) ? n : 0;
  return new Intl.NumberFormat(LOCALE_TAGS[currentLanguage()].bcp47, {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
    useGrouping: false,
  }).format(v);
}

/** A coupon's discount as people read it: "10 %" (type 1, percent) or "5,00 €" (type 0, euros). */
export function formatCouponDiscount(c: { type: number; discount: number }): string {
  return c.type === 1 ? `${formatNumber(c.discount, 2)} %` : formatMoney(c.discount);
}

import type { Dayjs } from 'dayjs';
import dayjs from './dayjs';
import { currentLanguage, LOCALE_TAGS } from '../i18n';

/** Accepts unix seconds (number or numeric text) or an ISO date; null when it is not a date. */
export function toDayjs(value: number | string | null | undefined): Dayjs | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  const d = Number.isFinite(n) ? dayjs.unix(n) : dayjs(value);
  return d.isValid() ? d : null;
}

/** dd/MM/yyyy */
export function formatDate(value: number | string | null | undefined): string {
  return toDayjs(value)?.format('DD/MM/YYYY') ?? '';
}

/** hh:mm dd/MM/yyyy */
export function formatDateTime(value: number | string | null | undefined): string {
  return toDayjs(value)?.format('HH:mm DD/MM/YYYY') ?? '';
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

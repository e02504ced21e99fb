import type { i18n as I18n, TFunction } from 'i18next';
import { refusalText } from '../../shared/api';

/** The text of a refused coupon call: coupons.errors.<code> in the reader's language, with the server's values. */
export function couponErrorText(e: unknown, t: TFunction, i18n: I18n): string {
  return refusalText(e, t, i18n, 'coupons');
}

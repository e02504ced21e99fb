import type { i18n as I18n, TFunction } from 'i18next';
import { refusalText } from '../../shared/api';

/** The text of a refused cash call: cash.errors.<code> in the reader's language, with the server's values. */
export function cashErrorText(e: unknown, t: TFunction, i18n: I18n): string {
  return refusalText(e, t, i18n, 'cash');
}

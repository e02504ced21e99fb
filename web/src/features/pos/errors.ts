import type { i18n as I18n, TFunction } from 'i18next';
import { refusalText } from '../../shared/api';

/** The text of a refusal at the counter: pos.errors.<code> in the reader's language, with the server's values. */
export function posErrorText(e: unknown, t: TFunction, i18n: I18n): string {
  return refusalText(e, t, i18n, 'pos');
}

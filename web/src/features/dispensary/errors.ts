import type { i18n as I18n, TFunction } from 'i18next';
import { errorText, isApiError } from '../../shared/api';

/**
 * The text a person reads for a refusal of a dispensary call: `dispensary.errors.<code>` in their
 * language when the dictionary has it, else the app's common rule (errors.<code>, the server's text).
 */
export function dispensaryErrorText(e: unknown, t: TFunction, i18n: I18n): string {
  if (isApiError(e) && e.code) {
    const key = `dispensary.errors.${e.code}`;
    if (i18n.exists(key)) return t(key);
  }
  return errorText(e, t, (k) => i18n.exists(k));
}

import type { i18n as I18n, TFunction } from 'i18next';
import { errorText, isApiError, shouldReportCentrally } from '../../shared/api';
import { errorParams } from './model';

/**
 * The text a person reads for a refusal of a member call: the server's own Spanish message in
 * Spanish (it is the spec's text, with its data), else `members.errors.<code>` in their language
 * (with the values read from the message where it carries some), else the app's common rule.
 */
export function memberErrorText(e: unknown, t: TFunction, i18n: I18n): string {
  if (isApiError(e) && e.code) {
    const key = `members.errors.${e.code}`;
    if (i18n.language === 'es' && e.serverMessage) return e.serverMessage;
    if (i18n.exists(key)) {
      const params = errorParams(e.code, e.serverMessage);
      const needsParams = /\{\{/.test(String(i18n.getResource('es', 'translation', key) ?? ''));
      if (!needsParams) return t(key);
      if (params) return t(key, params);
      if (e.serverMessage) return e.serverMessage;
    }
  }
  return errorText(e, t, (k) => i18n.exists(k));
}

/**
 * True when the screen itself tells the person about this error (a refusal, 4xx); session,
 * permission, server and network errors go to the app's central dialogs instead.
 */
export function shownLocally(e: unknown): boolean {
  return !shouldReportCentrally(e, { localErrors: true });
}

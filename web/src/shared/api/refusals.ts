import type { i18n as I18n, TFunction } from 'i18next';
import { isLanguage, LOCALE_TAGS } from '../i18n';
import { errorText, isApiError, type ApiError } from './errors';
import { shouldReportCentrally } from './query';

export interface RefusalTextOptions {
  /**
   * Spanish readers get the server's own message as it is (the spec's text, with its data) rather
   * than the feature's Spanish translation.
   */
  spanishAsSent?: boolean;
  /**
   * The values the translation needs: by default the `params` the server sent; a feature may
   * complete or format them (a location's label, an amount in the reader's notation).
   */
  params?: (e: ApiError) => Record<string, unknown> | null | undefined;
}

const PLACEHOLDER = /\{\{\s*([\w.]+)/g;
const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * The server writes numbers as JSON does ("12.5"); a value the translation shows before a unit
 * ("{{left}} g", "{{amount}} €", "{{percent}}%") is written in the reader's notation ("12,5 g",
 * "5,00 €"). Other values (a code, a name) are left as sent.
 */
function readerNumbers(params: Record<string, unknown>, template: string, lang: string): Record<string, unknown> {
  const tag = LOCALE_TAGS[isLanguage(lang) ? lang : 'es'].bcp47;
  const out = { ...params };
  for (const [k, v] of Object.entries(params)) {
    const unit = template.match(new RegExp(`\\{\\{\\s*${k}\\s*\\}\\}\\s?(€|%|g\\b)`))?.[1];
    if (!unit || (typeof v !== 'number' && typeof v !== 'string') || !NUMBER.test(String(v).trim())) continue;
    const money = unit === '€' ? { minimumFractionDigits: 2, maximumFractionDigits: 2 } : { maximumFractionDigits: 3 };
    out[k] = new Intl.NumberFormat(tag, money).format(Number(v));
  }
  return out;
}

/**
 * The text a person reads for a refusal on a feature's screens: `<prefix>.errors.<code>` in their
 * language, filled with the values of the server's `params`; the server's message when that
 * translation needs a value the reply did not carry; else the app's common rule (`errors.<code>`,
 * else the server's message).
 */
export function refusalText(e: unknown, t: TFunction, i18n: I18n, prefix: string, options: RefusalTextOptions = {}): string {
  if (isApiError(e) && e.code) {
    if (options.spanishAsSent && i18n.language === 'es' && e.serverMessage) return e.serverMessage;
    const key = `${prefix}.errors.${e.code}`;
    if (i18n.exists(key)) {
      const template = String(i18n.getResource('es', 'translation', key) ?? '');
      const needed = [...template.matchAll(PLACEHOLDER)].map((m) => m[1]);
      if (needed.length === 0) return t(key);
      const params = options.params ? options.params(e) : e.params;
      if (params && needed.every((k) => params[k] !== undefined && params[k] !== '')) return t(key, readerNumbers(params, template, i18n.language));
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

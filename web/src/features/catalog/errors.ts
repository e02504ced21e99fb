import type { i18n as I18n, TFunction } from 'i18next';
import { ApiError, errorText, isApiError, shouldReportCentrally } from '../../shared/api';

/** An API refusal that also says which request field it is about (`{message, code, field}`). */
export class CatalogApiError extends ApiError {
  readonly field?: string;

  constructor(base: ApiError, field?: string) {
    super(base.status, base.serverMessage, base.code);
    this.field = field;
  }

  static from(status: number, body: unknown): CatalogApiError {
    const field =
      body && typeof body === 'object' && typeof (body as { field?: unknown }).field === 'string'
        ? ((body as { field: string }).field || undefined)
        : undefined;
    return new CatalogApiError(ApiError.from(status, body), field);
  }
}

export function fieldOf(e: unknown): string | undefined {
  return e instanceof CatalogApiError ? e.field : undefined;
}

/** Values the translations of some refusals need, read from the server's Spanish message. */
export function errorParams(code: string, message: string): Record<string, string> | null {
  let m: RegExpMatchArray | null = null;
  switch (code) {
    case 'product.code_taken':
      m = message.match(/^El código (.+) ya es del producto (.+)$/s);
      return m ? { code: m[1], product: m[2] } : null;
    case 'stock.negative':
      m = message.match(/^El stock de (.+) no puede quedar por debajo de cero$/s);
      return m ? { product: m[1] } : null;
    case 'stock.unlimited':
      m = message.match(/^(.+) tiene stock ilimitado/s);
      return m ? { product: m[1] } : null;
    default:
      return null;
  }
}

/** The server's note on a deleted product that keeps its history (it has no code of its own). */
export const HISTORY_KEPT_ES = 'El producto se ha eliminado. Su historial de stock y sus ventas se conservan en los informes.';

/**
 * The text a person reads for a refused catalogue call: the server's Spanish message in Spanish
 * (it is the spec's text, with its data), else `catalog.errors.<code>` in their language (with the
 * values read from the message where it carries some), else the app's common rule.
 */
export function catalogErrorText(e: unknown, t: TFunction, i18n: I18n): string {
  if (isApiError(e) && e.code) {
    const key = `catalog.errors.${e.code}`;
    if (i18n.language === 'es' && e.serverMessage) return e.serverMessage;
    if (i18n.exists(key)) {
      const raw = String(i18n.getResource('es', 'translation', key) ?? '');
      if (!/\{\{/.test(raw)) return t(key);
      const params = errorParams(e.code, e.serverMessage);
      if (params) return t(key, params);
      if (e.serverMessage) return e.serverMessage;
    }
  }
  return errorText(e, t, (k) => i18n.exists(k));
}

/** The delete reply's note in the user's language (the server sends it in Spanish only). */
export function deleteNoteText(message: string, t: TFunction, i18n: I18n): string {
  if (i18n.language !== 'es' && message === HISTORY_KEPT_ES) return t('catalog.delete.historyKept');
  return message;
}

/**
 * True when the screen itself tells the person about this error (a refusal, 4xx); session,
 * permission, server and network errors go to the app's central dialogs instead.
 */
export function shownLocally(e: unknown): boolean {
  return !shouldReportCentrally(e, { localErrors: true });
}

import type { i18n as I18n, TFunction } from 'i18next';
import { ApiError, errorText, isApiError, shouldReportCentrally } from '../../shared/api';

/** An API refusal that also names the request field it is about ("products[1].note", "amount"). */
export class FieldApiError extends ApiError {
  readonly field?: string;

  constructor(base: ApiError, field?: string) {
    super(base.status, base.serverMessage, base.code);
    this.field = field;
  }
}

/** Builds the error of a failed call from its reply body, keeping the `field` the shared ApiError drops. */
export function apiErrorWithField(status: number, body: unknown): FieldApiError {
  const field = body && typeof body === 'object' && typeof (body as { field?: unknown }).field === 'string' ? (body as { field: string }).field : undefined;
  return new FieldApiError(ApiError.from(status, body), field);
}

export function errorField(e: unknown): string | undefined {
  return e instanceof FieldApiError ? e.field : undefined;
}

/** Values some server messages carry, so the translation can say them too. */
export function errorParams(code: string | undefined, message: string): Record<string, string> | null {
  switch (code) {
    case 'stock.negative': {
      const m = /^El stock de (.+) no puede quedar por debajo de cero/.exec(message);
      return m ? { title: m[1] } : null;
    }
    case 'stock.unlimited': {
      const m = /^(.+) tiene stock ilimitado/.exec(message);
      return m ? { title: m[1] } : null;
    }
    case 'inventory.not_enough': {
      const m = /en (\S+): quedan (-?[\d.]+)/.exec(message);
      return m ? { location: m[1], left: m[2] } : null;
    }
    case 'category.in_use': {
      const m = /tiene (\d+) productos/.exec(message);
      return m ? { count: m[1] } : null;
    }
    default:
      return null;
  }
}

/**
 * The text a person reads for a refusal on the stock screens: `stock.errors.<code>` in their
 * language (with the values the server's message carries, formatted by `fill`), else the app's
 * common rule (errors.<code>, else the server's own message).
 */
export function stockErrorText(
  e: unknown,
  t: TFunction,
  i18n: I18n,
  fill?: (params: Record<string, string>) => Record<string, string | number>,
): string {
  if (isApiError(e) && e.code) {
    const key = `stock.errors.${e.code}`;
    if (i18n.exists(key)) {
      const needsParams = /\{\{/.test(String(i18n.getResource('es', 'translation', key) ?? ''));
      if (!needsParams) return t(key);
      const params = errorParams(e.code, e.serverMessage);
      if (params) return t(key, fill ? fill(params) : params);
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

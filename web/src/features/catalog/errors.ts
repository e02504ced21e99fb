import type { i18n as I18n, TFunction } from 'i18next';
import { refusalText } from '../../shared/api';

/** The server's note on a deleted product that keeps its history (it has no code of its own). */
export const HISTORY_KEPT_ES = 'El producto se ha eliminado. Su historial de stock y sus ventas se conservan en los informes.';

/**
 * The text a person reads for a refused catalogue call: the server's Spanish message in Spanish
 * (it is the spec's text, with its data), else `catalog.errors.<code>` in their language (with the
 * values the server sent in `params`), else the app's common rule.
 */
export function catalogErrorText(e: unknown, t: TFunction, i18n: I18n): string {
  return refusalText(e, t, i18n, 'catalog', { spanishAsSent: true });
}

/** The delete reply's note in the user's language (the server sends it in Spanish only). */
export function deleteNoteText(message: string, t: TFunction, i18n: I18n): string {
  if (i18n.language !== 'es' && message === HISTORY_KEPT_ES) return t('catalog.delete.historyKept');
  return message;
}

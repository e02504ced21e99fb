import type { i18n as I18n, TFunction } from 'i18next';
import { refusalText, type ApiError } from '../../shared/api';
import { formatQuantity } from './format';
import { toMilli } from './quantity';

/**
 * The values of a refusal as the stock translations say them: the server's `params`, with the
 * location of inventory.not_enough (a code such as almacen_interno) by its label in the reader's
 * language and the amount left in their notation.
 */
export function stockErrorParams(e: ApiError, t: TFunction): Record<string, string> | undefined {
  const p = e.params;
  if (!p || e.code !== 'inventory.not_enough') return p;
  const left = p.left !== undefined ? toMilli(p.left) : null;
  return {
    ...p,
    location: p.location ? t(`stock.locations.${p.location}`, { defaultValue: p.location }) : '',
    left: left !== null ? formatQuantity(left) : '',
  };
}

/**
 * The text a person reads for a refusal on the stock screens: `stock.errors.<code>` in their
 * language, Spanish included (with the values the server sent in `params`), else the app's common
 * rule (errors.<code>, else the server's own message).
 */
export function stockErrorText(e: unknown, t: TFunction, i18n: I18n): string {
  return refusalText(e, t, i18n, 'stock', { params: (err) => stockErrorParams(err, t) });
}

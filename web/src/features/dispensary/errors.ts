import type { i18n as I18n, TFunction } from 'i18next';
import { refusalText } from '../../shared/api';

/**
 * The text a person reads for a refusal of a dispensary call: `dispensary.errors.<code>` in their
 * language, Spanish included, when the dictionary has it, else the app's common rule
 * (errors.<code>, the server's text).
 */
export function dispensaryErrorText(e: unknown, t: TFunction, i18n: I18n): string {
  return refusalText(e, t, i18n, 'dispensary');
}

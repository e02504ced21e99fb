import type { i18n as I18n, TFunction } from 'i18next';
import { isApiError, refusalText } from '../../shared/api';
import { admissionErrorText } from '../../shared/admission';
import { errorParams } from './model';

/**
 * The text a person reads for a refusal of a member call: the server's own Spanish message in
 * Spanish (it is the spec's text, with its data), else `members.errors.<code>` in their language
 * (with the values the server sent in `params`, else those read from its message), else the app's
 * common rule. The club's admission rules (`rules.*`) are worded in shared/admission.
 */
export function memberErrorText(e: unknown, t: TFunction, i18n: I18n): string {
  return (
    admissionErrorText(e, t, i18n) ??
    refusalText(e, t, i18n, 'members', { spanishAsSent: true, params: (err) => err.params ?? errorParams(err.code, err.serverMessage) })
  );
}

/**
 * The form field a refusal is about: the `field` the server names when the form has it, else the
 * field the code is known to concern (`byCode`), else null.
 */
export function formFieldOfError<F extends string>(e: unknown, fields: readonly F[], byCode: Partial<Record<string, F>> = {}): F | null {
  if (!isApiError(e)) return null;
  if (e.field && (fields as readonly string[]).includes(e.field)) return e.field as F;
  return (e.code && byCode[e.code]) || null;
}

export { shownLocally } from '../../shared/api';

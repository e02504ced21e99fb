import type { i18n as I18n, TFunction } from 'i18next';
import { isApiError, refusalText, type ApiError } from '../../shared/api';
import { errorParams } from './model';

/**
 * The text a person reads for a refusal of a member call: the server's own Spanish message in
 * Spanish (it is the spec's text, with its data), else `members.errors.<code>` in their language
 * (with the values the server sent in `params`, else those read from its message), else the app's
 * common rule.
 */
export function memberErrorText(e: unknown, t: TFunction, i18n: I18n): string {
  return refusalText(e, t, i18n, 'members', {
    spanishAsSent: true,
    params: (err) => admissionParams(err, t) ?? err.params ?? errorParams(err.code, err.serverMessage),
  });
}

/**
 * A refusal of the club's admission rules in the reader's words: the law it rests on (`source`)
 * or the club's own rules, the statement missing, and a guarantor of any standing (`min_days` 0).
 */
function admissionParams(err: ApiError, t: TFunction): Record<string, unknown> | null {
  if (!err.code?.startsWith('rules.') || !err.params) return null;
  const p = err.params;
  const out: Record<string, unknown> = {
    ...p,
    law: p.source ? t('members.admission.law', { source: p.source }) : t('members.admission.clubRules'),
  };
  if (p.declaration) out.statement = t(`members.declarations.${p.declaration}.name`, { defaultValue: p.declaration });
  if (err.code === 'rules.guarantor_required' && p.min_days === '0') out.context = 'any';
  return out;
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

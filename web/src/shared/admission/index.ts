// What the club's rules ask of a new member, shared by the screens that admit members (the member
// form and the invitation form).
import './i18n';
import { useQuery } from '@tanstack/react-query';
import type { i18n as I18n, TFunction } from 'i18next';
import { api, refusalText, unwrap, type ApiError } from '../api';
import { useClubId } from '../session/clubId';

/** Query key of a club's admission rules (under the member screens' ['members', club]). */
export const admissionKey = (club: number) => ['members', club, 'admission'] as const;

/**
 * GET /api/ficha_socio/admission_rules — what the club's rules ask of a new member (the
 * declarations the form offers, whether a birth date or a guarantor is needed), readable by
 * whoever adds members or registers them from an invitation.
 */
export function useAdmissionRules() {
  const club = useClubId();
  return useQuery({
    queryKey: admissionKey(club),
    queryFn: () => unwrap(api.GET('/api/ficha_socio/admission_rules', { params: { query: { association: club } } })),
  });
}

/**
 * The text of a refusal of the club's admission rules (`rules.*`): the server's own Spanish in
 * Spanish, else `admission.errors.<code>` in the reader's language; null for any other error.
 */
export function admissionErrorText(e: unknown, t: TFunction, i18n: I18n): string | null {
  const code = (e as ApiError | null)?.code;
  if (typeof code !== 'string' || !code.startsWith('rules.')) return null;
  return refusalText(e, t, i18n, 'admission', { spanishAsSent: true, params: (err) => admissionParams(err, t) ?? err.params });
}

/**
 * A refusal's params in the reader's words: the law it rests on (`source`) or the club's own
 * rules, the statement missing, and a guarantor of any standing (`min_days` 0).
 */
function admissionParams(err: ApiError, t: TFunction): Record<string, unknown> | null {
  if (!err.params) return null;
  const p = err.params;
  const out: Record<string, unknown> = {
    ...p,
    law: p.source ? t('admission.law', { source: p.source }) : t('admission.clubRules'),
  };
  if (p.declaration) out.statement = t(`admission.declarations.${p.declaration}.name`, { defaultValue: p.declaration });
  if (err.code === 'rules.guarantor_required' && p.min_days === '0') out.context = 'any';
  return out;
}

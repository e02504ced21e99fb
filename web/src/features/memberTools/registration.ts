import type { RegisterInput } from './api';

/** What the registration form holds (birth date as yyyy-mm-dd text, so it survives a URL). */
export interface RegistrationValues extends Omit<RegisterInput, 'birthdate'> {
  birthdate: string;
}

export const EMPTY_REGISTRATION: RegistrationValues = {
  name: '',
  surname: '',
  dni: '',
  mjid: '',
  email: '',
  tlf: '',
  birthdate: '',
  sendsms: false,
};

/** Email limit of the member form (spec §5) and the phone prompt's (spec §9). */
export const EMAIL_MAX = 60;
export const PHONE_MAX = 16;

/** The fields a link may prefill (dniread sends name, surname, dni and birthdate). */
const PREFILL_KEYS = ['name', 'surname', 'dni', 'mjid', 'email', 'tlf', 'birthdate'] as const;

export function prefillFromParams(params: URLSearchParams): Partial<RegistrationValues> {
  const out: Partial<RegistrationValues> = {};
  for (const k of PREFILL_KEYS) {
    const v = params.get(k)?.trim();
    if (v) out[k] = v;
  }
  if (out.birthdate && !/^\d{4}-\d{2}-\d{2}$/.test(out.birthdate)) delete out.birthdate;
  return out;
}

export function registrationParams(v: Partial<RegistrationValues>, source?: string): URLSearchParams {
  const p = new URLSearchParams();
  for (const k of PREFILL_KEYS) if (v[k]) p.set(k, String(v[k]));
  if (source) p.set('source', source);
  return p;
}

/** Noon UTC of a yyyy-mm-dd day in unix seconds (the day stays the same in every European zone); 0 for none. */
export function birthdateSeconds(isoDay: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDay);
  if (!m) return 0;
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12) / 1000;
}

/** Spaces, dots and dashes people type in phone numbers go; the API wants digits only. */
export function normalisePhone(s: string): string {
  return s.replace(/[\s.\-()]/g, '');
}

/** Spec §5: DNI and phone are required ('Los campos DNI y Teléfono son obligatorios'). */
export function missingDniOrPhone(v: Pick<RegistrationValues, 'dni' | 'tlf'>): boolean {
  return v.dni.trim() === '' || normalisePhone(v.tlf) === '';
}

export function toRegisterInput(v: RegistrationValues): RegisterInput {
  return {
    name: v.name.trim(),
    surname: v.surname.trim(),
    dni: v.dni.trim().toUpperCase().replace(/[\s-]/g, ''),
    mjid: v.mjid.trim(),
    email: v.email.trim(),
    tlf: normalisePhone(v.tlf),
    birthdate: birthdateSeconds(v.birthdate),
    sendsms: v.sendsms,
    ...(v.declarations?.length ? { declarations: v.declarations } : {}),
  };
}

/** The registration form's field a refusal names by its server field (the member form's names). */
const FIELD_OF_SERVER_FIELD: Record<string, 'birthdate' | 'declarations'> = { birthday: 'birthdate', declarations: 'declarations' };

/** The form field a refusal of the club's rules is about (a missing declaration, the birth date), else null. */
export function fieldOfRefusal(field: string | undefined): 'birthdate' | 'declarations' | null {
  return (field && FIELD_OF_SERVER_FIELD[field]) || null;
}

/** The statements the form offers: those the club's rules ask a new member to sign, none while unknown. */
export function declarationsAsked(rules: { declarations?: string[] | null } | undefined): string[] {
  return rules?.declarations ?? [];
}

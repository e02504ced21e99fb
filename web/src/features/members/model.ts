/**
 * Pure rules of the member screens (no React, no network): phone and country codes, the expiry tag,
 * the validation of step 1 of the member form (spec part 1 §5), search filters, the save payload and
 * where a server refusal belongs in the form.
 */
import type { components } from '../../shared/api/schema';

export type Member = components['schemas']['Member'];
export type MemberPayload = components['schemas']['MemberPayload'];
export type MemberCategory = components['schemas']['Category'];

/* ------------------------------------------------------------------ phone and country code */

/** The country codes the member form offers (spec §9), with their dialling code (sent without plus). */
export const COUNTRIES = [
  { iso: 'ES', dial: '34' },
  { iso: 'IT', dial: '39' },
  { iso: 'FR', dial: '33' },
  { iso: 'US', dial: '1' },
  { iso: 'CL', dial: '56' },
  { iso: 'CR', dial: '506' },
  { iso: 'UY', dial: '598' },
  // the countries of the other rule packs (clubs under Germany's KCanG and Malta's ARUC)
  { iso: 'DE', dial: '49' },
  { iso: 'MT', dial: '356' },
] as const;

export type CountryIso = (typeof COUNTRIES)[number]['iso'];

/** The countries the address offers by name (spec part 1 §9; another is typed freely), as dictionary keys members.countries.<iso>. */
export const ADDRESS_COUNTRIES = ['ES', 'IT', 'FR', 'US', 'CL', 'CR', 'DE', 'MT'] as const;
export const DEFAULT_DIAL = '34';

/** The dialling code a new member's phone starts with under a rule pack: the pack's country's. */
export function packDial(pack: string | null | undefined): string {
  switch (pack) {
    case 'de-kcang':
      return '49';
    case 'mt-aruc':
      return '356';
    case 'uy':
      return '598';
  }
  return DEFAULT_DIAL;
}

/** "+34", " 0034 " or "34" -> "34" (the API wants it without the plus). */
export function normaliseDial(code: string | null | undefined): string {
  const c = (code ?? '').replace(/[\s+]/g, '');
  return c.startsWith('00') ? c.slice(2) : c;
}

/** The ISO code of a dialling code, when the form offers it. */
export function countryOfDial(code: string | null | undefined): CountryIso | undefined {
  const dial = normaliseDial(code);
  return COUNTRIES.find((c) => c.dial === dial)?.iso;
}

/**
 * What a person typed in the phone field, split into the dialling code and the number: a leading
 * "+NN" or "00NN" that matches an offered country wins over the selected one; spaces, dots, dashes
 * and brackets are dropped.
 */
export function splitPhone(raw: string, selectedDial: string = DEFAULT_DIAL): { country_code: string; telefono: string } {
  const trimmed = (raw ?? '').trim();
  const intl = trimmed.startsWith('+') || trimmed.startsWith('00');
  const digits = trimmed.replace(/[\s.\-()/+]/g, '');
  if (intl) {
    const rest = digits.startsWith('00') ? digits.slice(2) : digits;
    // Longest dialling code first, so 506 (Costa Rica) is not read as 50…
    const byLength = [...COUNTRIES].sort((a, b) => b.dial.length - a.dial.length);
    const hit = byLength.find((c) => rest.startsWith(c.dial));
    if (hit) return { country_code: hit.dial, telefono: rest.slice(hit.dial.length) };
  }
  return { country_code: normaliseDial(selectedDial) || DEFAULT_DIAL, telefono: digits };
}

/** True when the phone is empty or only digits once the usual separators are removed. */
export function isPhoneLike(raw: string | null | undefined): boolean {
  const digits = (raw ?? '').replace(/[\s.\-()/]/g, '');
  return digits === '' || /^\+?\d{3,20}$/.test(digits);
}

/** "612345678" and "34" -> "+34 612 345 678"; no code -> the number grouped; empty -> "". */
export function formatPhone(telefono: string | null | undefined, countryCode?: string | null): string {
  const digits = (telefono ?? '').replace(/\D/g, '');
  if (!digits) return '';
  const groups = digits.match(/.{1,3}/g) ?? [digits];
  // A short last group reads better joined to the one before it (9 digits: 3-3-3; 10: 3-3-4).
  if (groups.length > 1 && groups[groups.length - 1].length === 1) {
    const last = groups.pop()!;
    groups[groups.length - 1] += last;
  }
  const dial = normaliseDial(countryCode);
  return `${dial ? `+${dial} ` : ''}${groups.join(' ')}`;
}

/** The phone an invitation goes to: the member's, else their online account's. */
export function invitationPhone(m: Pick<Member, 'telefono' | 'user'>): string {
  return (m.telefono || m.user?.telefono || '').trim();
}

/* ------------------------------------------------------------------ expiry tag */

export type Expiry = { state: 'none' } | { state: 'expired'; date: number } | { state: 'valid'; date: number };

/** spec §4: end_date earlier than now is expired (CADUCADA, red); otherwise valid (green with the date). */
export function expiryOf(endDate: number | null | undefined, nowSeconds: number = Math.floor(Date.now() / 1000)): Expiry {
  if (!endDate || endDate <= 0) return { state: 'none' };
  return endDate < nowSeconds ? { state: 'expired', date: endDate } : { state: 'valid', date: endDate };
}

/* ------------------------------------------------------------------ names */

export function fullName(m: Pick<Member, 'nombre' | 'surname'> & { surname2?: string }): string {
  return [m.nombre, m.surname, m.surname2].filter((p) => p && p.trim()).join(' ').trim();
}

export function surnames(m: Pick<Member, 'surname'> & { surname2?: string }): string {
  return [m.surname, m.surname2].filter((p) => p && p.trim()).join(' ').trim();
}

export function initials(m: Pick<Member, 'nombre' | 'surname'>): string {
  const a = (m.nombre ?? '').trim()[0] ?? '';
  const b = (m.surname ?? '').trim()[0] ?? '';
  return (a + b).toUpperCase() || '?';
}

/* ------------------------------------------------------------------ step 1 validation */

/** The fields of step 1 (personal data) of the member form. */
export interface PersonalValues {
  nombre?: string;
  surname?: string;
  surname2?: string;
  dni?: string;
  email?: string;
  telefono?: string;
  country_code?: string;
}

export const MAX_EMAIL = 60;
export const MAX_NOTES = 200;
export const MAX_PUSH = 16;
export const MAX_PHONE_PROMPT = 16;
export const DEFAULT_FORECAST = 60;

export interface FieldProblem {
  field: keyof PersonalValues;
  /** i18n key of the message under the field. */
  message: string;
  /** i18n key of the toast, for the three required fields. */
  toast?: string;
}

const EMAIL = /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/;

/**
 * Problems of step 1 in the order the spec checks them: name, surname, ID number (each with a
 * message under the field and a toast), then the e-mail (60 characters, a valid address) and the phone.
 */
export function validatePersonal(v: PersonalValues): FieldProblem[] {
  const out: FieldProblem[] = [];
  const blank = (s?: string) => !s || s.trim() === '';
  if (blank(v.nombre)) out.push({ field: 'nombre', message: 'members.validation.nameRequired', toast: 'members.validation.nameToast' });
  if (blank(v.surname)) out.push({ field: 'surname', message: 'members.validation.surnameRequired', toast: 'members.validation.surnameToast' });
  if (blank(v.dni)) out.push({ field: 'dni', message: 'members.validation.dniRequired', toast: 'members.validation.dniToast' });
  const email = (v.email ?? '').trim();
  if (email.length > MAX_EMAIL) out.push({ field: 'email', message: 'members.validation.emailTooLong' });
  else if (email && !EMAIL.test(email)) out.push({ field: 'email', message: 'members.validation.emailInvalid' });
  if (!isPhoneLike(v.telefono)) out.push({ field: 'telefono', message: 'members.validation.phoneInvalid' });
  return out;
}

/* ------------------------------------------------------------------ search */

export type StatusFilter = '1' | '0' | 'all';

/** The search bar's text fields and status filter, the same in the form and in the query. */
interface SearchFields {
  nombre?: string;
  surname?: string;
  dni?: string;
  keychain?: string;
  email?: string;
  telefono?: string;
  status?: StatusFilter;
}

export interface SearchValues extends SearchFields {
  number?: string | number | null;
}

export interface SearchQuery extends SearchFields {
  number?: number;
  is_staff?: '1' | '0';
}

/** The query of GET /api/ficha_socio from the search bar: trimmed, empty fields left out. */
export function searchQuery(v: SearchValues, extra: Pick<SearchQuery, 'is_staff'> = {}): SearchQuery {
  const q: SearchQuery = {};
  const n = typeof v.number === 'number' ? v.number : Number(String(v.number ?? '').trim());
  if (Number.isInteger(n) && n > 0) q.number = n;
  for (const k of ['nombre', 'surname', 'dni', 'keychain', 'email', 'telefono'] as const) {
    const s = (v[k] ?? '').trim();
    if (s) q[k] = k === 'telefono' ? s.replace(/[\s.\-()/+]/g, '') : s;
  }
  if (v.status && v.status !== 'all') q.status = v.status;
  if (extra.is_staff) q.is_staff = extra.is_staff;
  return q;
}

/** True when the search asks for anything beyond the status filter. */
export function hasCriteria(q: SearchQuery): boolean {
  return Object.entries(q).some(([k, v]) => k !== 'status' && k !== 'is_staff' && v !== undefined && v !== '');
}

/** A key fob as a USB reader types it, or an NFC tag's text: digits and letters only. */
export function cleanKeychain(raw: string): string {
  return (raw ?? '').replace(/[\s:;-]/g, '').trim();
}

/* ------------------------------------------------------------------ save payload */

export interface AddressValues {
  thoroughfare?: string;
  locality?: string;
  postal_code?: string;
  country?: string;
}

/** Every field of the three steps, as the form holds them. Dates are unix seconds (or null). */
export interface MemberFormValues extends PersonalValues {
  birthday?: number | null;
  address?: AddressValues;
  type_member?: 'ludico' | 'terapeutico';
  category_member?: number | null;
  number?: number | null;
  keychain?: string;
  consum_forecast?: number | null;
  end_date?: number | null;
  is_staff?: boolean;
  memcard_roles?: string[];
  online_account?: boolean;
  endorsement_member?: number[];
  notes?: string;
  documents?: string[];
  monedero_negativo?: boolean;
  /** The statements the member signs now (step 3), beside the contract. */
  declarations?: string[];
}

export interface PayloadOptions {
  association: number;
  /** Set when editing. */
  nid?: number;
  isAdmin: boolean;
  /**
   * A Manager or Administrador: the consumption forecast and the negative wallet are sent. Others
   * leave them out (the server refuses a change from them; a new member gets the club's defaults).
   */
  supervisor: boolean;
  /** The wallet feature and walletPermission: the negative-wallet switch is shown. */
  walletEnabled: boolean;
  /** A new photo (data URL), "" to remove it, undefined to keep it. */
  foto?: string;
  /** A new signature (data URL), undefined to keep it. */
  signature?: string;
}

const t = (s?: string) => (s ?? '').trim();

/**
 * The POST /api/ficha_socio body. Staff, roles and the end-of-fee date go only from an
 * Administrador, the consumption forecast and the negative wallet only from a Manager or an
 * Administrador (the server refuses them otherwise); turning staff on forces the online account on.
 */
export function buildPayload(v: MemberFormValues, o: PayloadOptions): MemberPayload {
  const phone = splitPhone(v.telefono ?? '', v.country_code ?? DEFAULT_DIAL);
  const p: MemberPayload = {
    association: o.association,
    nombre: t(v.nombre),
    surname: t(v.surname),
    surname2: t(v.surname2),
    dni: t(v.dni).toUpperCase(),
    email: t(v.email),
    telefono: phone.telefono,
    country_code: phone.country_code,
    birthday: v.birthday ?? 0,
    memcard_address: {
      thoroughfare: t(v.address?.thoroughfare),
      locality: t(v.address?.locality),
      postal_code: t(v.address?.postal_code),
      country: t(v.address?.country),
    },
    type_member: v.type_member ?? 'ludico',
    category_member: v.category_member ?? 0,
    number: v.number && v.number > 0 ? v.number : 0,
    keychain: cleanKeychain(v.keychain ?? ''),
    online_account: Boolean(v.online_account || (o.isAdmin && v.is_staff)),
    endorsement_member: v.endorsement_member ?? [],
    notes: t(v.notes),
    documents: v.documents ?? [],
  };
  if (o.nid) {
    p.nid = o.nid;
    p.membership_id = o.nid;
  }
  if (o.isAdmin) {
    p.is_staff = Boolean(v.is_staff);
    p.memcard_roles = v.is_staff ? [...(v.memcard_roles ?? [])] : [];
    p.end_date = v.end_date ?? 0;
  }
  if (o.supervisor) {
    p.consum_forecast = v.consum_forecast ?? DEFAULT_FORECAST;
    if (o.walletEnabled) p.monedero_negativo = Boolean(v.monedero_negativo);
  }
  if (v.declarations?.length) p.declarations = [...v.declarations];
  if (o.foto !== undefined) p.foto = o.foto;
  if (o.signature !== undefined) p.signature = o.signature;
  return p;
}

/** The form values of an existing member (edit mode). */
export function formValuesOf(m: Member): MemberFormValues {
  return {
    nombre: m.nombre,
    surname: m.surname,
    surname2: m.surname2,
    dni: m.dni,
    email: m.email,
    telefono: m.telefono,
    country_code: normaliseDial(m.country_code) || DEFAULT_DIAL,
    birthday: m.birthdate || null,
    address: { ...m.memcard_address },
    type_member: m.type === 'terapeutico' ? 'terapeutico' : 'ludico',
    category_member: m.category_member?.nid ?? null,
    number: m.number || null,
    keychain: m.keychain === m.dni ? '' : m.keychain,
    consum_forecast: m.consum_forecast,
    end_date: m.end_date || null,
    is_staff: m.is_staff,
    memcard_roles: [...(m.memcard_roles ?? [])],
    online_account: m.online_account,
    endorsement_member: (m.endorsement_member ?? []).map((g) => g.nid),
    notes: m.notes,
    documents: (m.documents ?? []).map((d) => d.fid),
    monedero_negativo: m.monedero_negativo,
  };
}

/* ------------------------------------------------------------------ server refusals */

/** The step (0-based) of the member form that holds each field a refusal can name. */
const STEP_OF_FIELD: Record<string, 0 | 1 | 2> = {
  nombre: 0,
  surname: 0,
  surname2: 0,
  dni: 0,
  birthday: 0,
  telefono: 0,
  email: 0,
  type_member: 1,
  number: 1,
  keychain: 1,
  category_member: 1,
  consum_forecast: 1,
  end_date: 1,
  is_staff: 1,
  memcard_roles: 1,
  endorsement_member: 1,
  notes: 1,
  documents: 1,
  monedero_negativo: 1,
  declarations: 2,
};

/** The form field a refusal code of POST /api/ficha_socio is known to concern. */
const FIELD_OF_CODE: Record<string, string> = {
  'member.name_required': 'nombre',
  'member.field_too_long': 'nombre',
  'member.surname_required': 'surname',
  'member.dni_required': 'dni',
  'member.dni_taken': 'dni',
  'member.account_taken': 'dni',
  'member.email_too_long': 'email',
  'member.email_invalid': 'email',
  'member.account_in_use': 'email',
  'member.phone_invalid': 'telefono',
  'member.number_taken': 'number',
  'member.number_invalid': 'number',
  'member.category_unknown': 'category_member',
  'member.guarantor_self': 'endorsement_member',
  'member.guarantor_unknown': 'endorsement_member',
  'member.notes_too_long': 'notes',
  'member.forecast_invalid': 'consum_forecast',
  'member.role_invalid': 'memcard_roles',
  'member.type_invalid': 'type_member',
  'member.file_unknown': 'documents',
  'member.admin_only': 'is_staff',
};

/**
 * Which step (0-based) and field a refusal of POST /api/ficha_socio belongs to: the field the
 * server names (`field`) when the form has it, else the field its code is known to concern.
 */
export function placeOfError(code: string | undefined, field?: string): { step: 0 | 1 | 2; field?: string } {
  if (field && Object.hasOwn(STEP_OF_FIELD, field)) return { step: STEP_OF_FIELD[field], field };
  if (!code || !Object.hasOwn(FIELD_OF_CODE, code)) return { step: 2 };
  const known = FIELD_OF_CODE[code];
  return { step: STEP_OF_FIELD[known], field: known };
}

/**
 * Values of the server's Spanish messages that carry data, so other languages can say the same:
 * "El DNI X ya está registrado en el socio nº N (Nombre Apellido)" and "El número de socio N ya está en uso".
 */
export function errorParams(code: string | undefined, message: string): Record<string, string> | null {
  if (code === 'member.dni_taken') {
    const m = /El DNI (\S+) ya está registrado en el socio nº (\d+) \((.*)\)\s*$/.exec(message);
    return m ? { dni: m[1], number: m[2], name: m[3].trim() } : null;
  }
  if (code === 'access.inactive') {
    const m = /El socio nº (\d+) está inactivo/.exec(message);
    return m ? { number: m[1] } : null;
  }
  if (code === 'member.number_taken') {
    const m = /El número de socio (\d+) ya está en uso/.exec(message);
    return m ? { number: m[1] } : null;
  }
  return null;
}

/* ------------------------------------------------------------------ staff roles */

/** Roles an Administrador may give in the member form (spec §6); Inventario and Caja exist in data. */
export const SELECTABLE_ROLES = ['Social', 'Recepción', 'Budtender', 'Manager', 'Administrador'] as const;

/** The i18n key of a role name. */
export function roleKey(role: string): string {
  const k = role
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  return `members.roles.${k}`;
}

import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api';
import { i18n, loadLanguage } from '../../shared/i18n';
import { formFieldOfError, memberErrorText, shownLocally } from './errors';
import './i18n';

const dniTaken = new ApiError(400, 'El DNI 1X ya está registrado en el socio nº 4 (José Pérez)', 'member.dni_taken');

describe('memberErrorText', () => {
  afterEach(async () => {
    await i18n.changeLanguage('es');
  });

  it('shows the server message as it is in Spanish', () => {
    expect(memberErrorText(dniTaken, i18n.t, i18n)).toBe('El DNI 1X ya está registrado en el socio nº 4 (José Pérez)');
  });

  it('says the same in another language, with the values of the message', async () => {
    await loadLanguage('en');
    await i18n.changeLanguage('en');
    expect(memberErrorText(dniTaken, i18n.t, i18n)).toBe('ID number 1X is already registered to member no. 4 (José Pérez)');
    const range = new ApiError(400, 'El descuento debe estar entre 0 y 100', 'category.discount_range');
    expect(memberErrorText(range, i18n.t, i18n)).toBe('The discount must be between 0 and 100');
  });

  it('falls back to the server message when a message with values cannot be read', async () => {
    await loadLanguage('fr');
    await i18n.changeLanguage('fr');
    const odd = new ApiError(400, 'Otro texto', 'member.dni_taken');
    expect(memberErrorText(odd, i18n.t, i18n)).toBe('Otro texto');
  });
});

describe('values and fields the server sends', () => {
  afterEach(async () => {
    await i18n.changeLanguage('es');
  });

  it('prefers the params of the reply to reading the message', async () => {
    await loadLanguage('en');
    await i18n.changeLanguage('en');
    const sent = ApiError.from(400, {
      message: 'El DNI 1X ya está registrado en el socio nº 4 (José Pérez)',
      code: 'member.dni_taken',
      field: 'dni',
      params: { dni: '2Y', number: '7', name: 'Ana Gil' },
    });
    expect(memberErrorText(sent, i18n.t, i18n)).toBe('ID number 2Y is already registered to member no. 7 (Ana Gil)');
  });

  it('marks the field the server names, else the one its code concerns', () => {
    const fields = ['title', 'descuento'] as const;
    const byCode = { 'category.discount_range': 'descuento' } as const;
    expect(formFieldOfError(ApiError.from(400, { message: 'x', code: 'category.other', field: 'title' }), fields, byCode)).toBe('title');
    expect(formFieldOfError(ApiError.from(400, { message: 'x', code: 'category.discount_range', field: 'descuento' }), fields, byCode)).toBe('descuento');
    expect(formFieldOfError(new ApiError(400, 'x', 'category.discount_range'), fields, byCode)).toBe('descuento');
    expect(formFieldOfError(ApiError.from(400, { message: 'x', code: 'category.other', field: 'association' }), fields, byCode)).toBeNull();
    expect(formFieldOfError(new TypeError('Failed to fetch'), fields, byCode)).toBeNull();
  });
});

describe('shownLocally', () => {
  it('keeps refusals on the screen and sends session, permission and server errors to the app dialogs', () => {
    expect(shownLocally(dniTaken)).toBe(true);
    expect(shownLocally(new ApiError(403, 'Access denied for user anonymous', 'auth.anonymous'))).toBe(false);
    expect(shownLocally(new ApiError(500, 'boom'))).toBe(false);
    expect(shownLocally(new TypeError('Failed to fetch'))).toBe(false);
  });
});

describe('refusals of the club admission rules', () => {
  afterEach(async () => {
    await i18n.changeLanguage('es');
  });
  const refusal = (code: string, field: string, params: Record<string, string>) =>
    ApiError.from(400, { message: 'mensaje en español', code, field, params });

  it('name the law, the statement missing and the guarantor asked for, in the reader’s language', async () => {
    await loadLanguage('en');
    await i18n.changeLanguage('en');
    const t = i18n.t;
    expect(memberErrorText(refusal('rules.min_age', 'birthday', { min_age: '18', age: '17', source: 'KCanG § 16' }), t, i18n)).toBe(
      'The member must be at least 18 years old and is 17 (law: KCanG § 16)',
    );
    expect(memberErrorText(refusal('rules.declaration_required', 'declarations', { declaration: 'resident', source: '' }), t, i18n)).toBe(
      'The member’s signed declaration is missing: “resident in the country” (club rules)',
    );
    expect(memberErrorText(refusal('rules.guarantor_required', 'endorsement_member', { min_days: '30', source: '' }), t, i18n)).toBe(
      'The member needs the guarantee of a member who has been active for at least 30 days (club rules)',
    );
    expect(memberErrorText(refusal('rules.guarantor_required', 'endorsement_member', { min_days: '0', source: '' }), t, i18n)).toBe(
      'The member needs the guarantee of an active member (club rules)',
    );
    expect(memberErrorText(refusal('rules.max_members', 'status_member', { max_members: '500', source: 'KCanG § 16' }), t, i18n)).toBe(
      'The club already has 500 active members, the maximum (law: KCanG § 16): deactivate another member or save this one as inactive',
    );
  });

  it('keep the server’s own Spanish', () => {
    expect(memberErrorText(refusal('rules.min_age', 'birthday', { min_age: '18', age: '17', source: '' }), i18n.t, i18n)).toBe('mensaje en español');
  });
});

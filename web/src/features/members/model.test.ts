import { describe, expect, it } from 'vitest';
import {
  buildPayload,
  cleanKeychain,
  countryOfDial,
  errorParams,
  expiryOf,
  formatPhone,
  formValuesOf,
  hasCriteria,
  invitationPhone,
  isPhoneLike,
  normaliseDial,
  packDial,
  placeOfError,
  roleKey,
  searchQuery,
  splitPhone,
  validatePersonal,
  type Member,
} from './model';

describe('validatePersonal (spec §5, step 1)', () => {
  it('asks for name, surname and ID number in that order, each with its field message and toast', () => {
    const problems = validatePersonal({});
    expect(problems.map((p) => p.field)).toEqual(['nombre', 'surname', 'dni']);
    expect(problems[0]).toEqual({
      field: 'nombre',
      message: 'members.validation.nameRequired',
      toast: 'members.validation.nameToast',
    });
    expect(problems[1].message).toBe('members.validation.surnameRequired');
    expect(problems[1].toast).toBe('members.validation.surnameToast');
    expect(problems[2].message).toBe('members.validation.dniRequired');
    expect(problems[2].toast).toBe('members.validation.dniToast');
  });

  it('treats blanks as empty and accepts a complete step', () => {
    expect(validatePersonal({ nombre: '  ', surname: 'Pérez', dni: 'X' }).map((p) => p.field)).toEqual(['nombre']);
    expect(validatePersonal({ nombre: 'José', surname: 'Pérez', dni: '12345678Z' })).toEqual([]);
  });

  it('limits the e-mail to 60 characters and wants an address', () => {
    const ok = { nombre: 'a', surname: 'b', dni: 'c' };
    const long = `${'a'.repeat(50)}@example.com`; // 62
    expect(validatePersonal({ ...ok, email: long })).toEqual([{ field: 'email', message: 'members.validation.emailTooLong' }]);
    expect(validatePersonal({ ...ok, email: 'no-at-sign' })[0].message).toBe('members.validation.emailInvalid');
    expect(validatePersonal({ ...ok, email: 'ana@club.es' })).toEqual([]);
  });

  it('wants digits in the phone', () => {
    const ok = { nombre: 'a', surname: 'b', dni: 'c' };
    expect(validatePersonal({ ...ok, telefono: '612 34 56 78' })).toEqual([]);
    expect(validatePersonal({ ...ok, telefono: 'call me' })[0].field).toBe('telefono');
  });
});

describe('expiryOf (spec §4)', () => {
  const now = 1_800_000_000;
  it('is expired when the end date is before now', () => {
    expect(expiryOf(now - 1, now)).toEqual({ state: 'expired', date: now - 1 });
  });
  it('is valid from now on', () => {
    expect(expiryOf(now, now)).toEqual({ state: 'valid', date: now });
    expect(expiryOf(now + 86400, now)).toEqual({ state: 'valid', date: now + 86400 });
  });
  it('has no tag without a date', () => {
    expect(expiryOf(0, now)).toEqual({ state: 'none' });
    expect(expiryOf(null, now)).toEqual({ state: 'none' });
  });
});

describe('phone and country code', () => {
  it('sends the country code without plus', () => {
    expect(normaliseDial('+34')).toBe('34');
    expect(normaliseDial(' 0039 ')).toBe('39');
    expect(normaliseDial('598')).toBe('598');
  });

  it('knows the offered countries', () => {
    expect(countryOfDial('34')).toBe('ES');
    expect(countryOfDial('+506')).toBe('CR');
    expect(countryOfDial('1')).toBe('US');
    expect(countryOfDial('49')).toBe('DE');
    expect(countryOfDial('356')).toBe('MT');
    expect(countryOfDial('44')).toBeUndefined();
  });

  it('splits a typed international number and cleans separators', () => {
    expect(splitPhone('+39 333 123 4567', '34')).toEqual({ country_code: '39', telefono: '3331234567' });
    expect(splitPhone('00506 8888-1234', '34')).toEqual({ country_code: '506', telefono: '88881234' });
    expect(splitPhone('612.34.56.78', '+33')).toEqual({ country_code: '33', telefono: '612345678' });
    expect(splitPhone('', '')).toEqual({ country_code: '34', telefono: '' });
  });

  it('formats for reading', () => {
    expect(formatPhone('612345678', '34')).toBe('+34 612 345 678');
    expect(formatPhone('3331234567', '39')).toBe('+39 333 123 4567');
    expect(formatPhone('88881234', '+506')).toBe('+506 888 812 34');
    expect(formatPhone('', '34')).toBe('');
    expect(formatPhone('600000000', '')).toBe('600 000 000');
  });

  it('accepts empty or numeric phones only', () => {
    expect(isPhoneLike('')).toBe(true);
    expect(isPhoneLike('+34 600-000-000')).toBe(true);
    expect(isPhoneLike('6OO')).toBe(false);
  });

  it('invites on the member phone, else the online account phone', () => {
    expect(invitationPhone({ telefono: '611', user: { uid: 1, telefono: '622' } })).toBe('611');
    expect(invitationPhone({ telefono: '', user: { uid: 1, telefono: '622' } })).toBe('622');
    expect(invitationPhone({ telefono: '', user: undefined as unknown as Member['user'] })).toBe('');
  });
});

describe('searchQuery', () => {
  it('leaves out empty fields and the "all" status, cleans the phone', () => {
    expect(searchQuery({ nombre: ' jose ', number: '', status: 'all', telefono: '612 34 56 78' })).toEqual({
      nombre: 'jose',
      telefono: '612345678',
    });
    expect(searchQuery({ number: '12', status: '0' }, { is_staff: '1' })).toEqual({ number: 12, status: '0', is_staff: '1' });
    expect(searchQuery({ number: 'abc' })).toEqual({});
  });

  it('tells a real search from a bare listing', () => {
    expect(hasCriteria({ status: '1', is_staff: '1' })).toBe(false);
    expect(hasCriteria({ keychain: '000123' })).toBe(true);
  });

  it('cleans key fob readings', () => {
    expect(cleanKeychain(' 04:A2:1B ')).toBe('04A21B');
  });
});

describe('buildPayload', () => {
  const base = { nombre: ' Ana ', surname: 'Ruiz', dni: '12345678z', telefono: '+39 333 1234567', country_code: '34' };

  it('builds the create payload with defaults', () => {
    const p = buildPayload(base, { association: 1, isAdmin: false, supervisor: true, walletEnabled: false });
    expect(p).toMatchObject({
      association: 1,
      nombre: 'Ana',
      dni: '12345678Z',
      country_code: '39',
      telefono: '3331234567',
      consum_forecast: 60,
      number: 0,
      type_member: 'ludico',
      online_account: false,
    });
    expect(p).not.toHaveProperty('is_staff');
    expect(p).not.toHaveProperty('end_date');
    expect(p).not.toHaveProperty('monedero_negativo');
    expect(p).not.toHaveProperty('nid');
    expect(p).not.toHaveProperty('declarations');
  });

  it('sends the declarations signed now, and none when none is ticked', () => {
    const o = { association: 1, isAdmin: false, supervisor: false, walletEnabled: false };
    expect(buildPayload({ ...base, declarations: ['not_in_other_club', 'resident'] }, o).declarations).toEqual(['not_in_other_club', 'resident']);
    expect(buildPayload({ ...base, declarations: [] }, o)).not.toHaveProperty('declarations');
  });

  it('sends staff, roles and the end date only from an Administrador; staff forces the online account', () => {
    const p = buildPayload(
      { ...base, is_staff: true, memcard_roles: ['Recepción'], end_date: 1_900_000_000, online_account: false },
      { association: 1, nid: 7, isAdmin: true, supervisor: true, walletEnabled: true, foto: '', signature: 'data:image/png;base64,xx' },
    );
    expect(p).toMatchObject({
      nid: 7,
      membership_id: 7,
      is_staff: true,
      memcard_roles: ['Recepción'],
      end_date: 1_900_000_000,
      online_account: true,
      monedero_negativo: false,
      foto: '',
      signature: 'data:image/png;base64,xx',
    });
    const notStaff = buildPayload(
      { ...base, is_staff: false, memcard_roles: ['Manager'] },
      { association: 1, isAdmin: true, supervisor: true, walletEnabled: false },
    );
    expect(notStaff.memcard_roles).toEqual([]);
  });

  it('sends the consumption forecast and the negative wallet only from a Manager or an Administrador', () => {
    const v = { ...base, consum_forecast: 500, monedero_negativo: true };
    const p = buildPayload(v, { association: 1, nid: 7, isAdmin: false, supervisor: false, walletEnabled: true });
    expect(p).not.toHaveProperty('consum_forecast');
    expect(p).not.toHaveProperty('monedero_negativo');
    expect(p).toMatchObject({ nid: 7, nombre: 'Ana' });
    expect(buildPayload(v, { association: 1, isAdmin: false, supervisor: true, walletEnabled: true })).toMatchObject({
      consum_forecast: 500,
      monedero_negativo: true,
    });
  });

  it('round-trips a member through the form values', () => {
    const m = {
      nid: 3,
      nombre: 'José',
      surname: 'Pérez',
      surname2: 'Gil',
      dni: '1A',
      email: '',
      telefono: '600',
      country_code: '34',
      birthdate: 0,
      memcard_address: { thoroughfare: '', locality: '', postal_code: '', country: '' },
      type: 'terapeutico',
      category_member: { nid: 4, title: 'x', descuento: 0, association: 1 },
      number: 9,
      keychain: '1A',
      consum_forecast: 30,
      end_date: 0,
      is_staff: false,
      memcard_roles: [],
      online_account: false,
      endorsement_member: [{ nid: 2, number: 2, nombre: 'a', surname: 'b' }],
      notes: '',
      documents: [{ fid: 'f', url: '/api/files/f', name: 'n' }],
      monedero_negativo: false,
    } as unknown as Member;
    const v = formValuesOf(m);
    expect(v.keychain).toBe(''); // the key fob equal to the ID number shows as "same as the ID number"
    expect(v.category_member).toBe(4);
    expect(v.endorsement_member).toEqual([2]);
    expect(v.documents).toEqual(['f']);
    expect(buildPayload(v, { association: 1, nid: 3, isAdmin: false, supervisor: true, walletEnabled: false })).toMatchObject({
      type_member: 'terapeutico',
      number: 9,
      consum_forecast: 30,
      category_member: 4,
    });
  });
});

describe('server refusals', () => {
  it('go back to the step that holds the field', () => {
    expect(placeOfError('member.dni_taken')).toEqual({ step: 0, field: 'dni' });
    expect(placeOfError('member.name_required').step).toBe(0);
    expect(placeOfError('member.number_taken')).toEqual({ step: 1, field: 'number' });
    expect(placeOfError('something.else')).toEqual({ step: 2 });
  });

  it('prefer the field the server names, keeping the codes only for replies that name none', () => {
    expect(placeOfError('member.new_rule', 'surname2')).toEqual({ step: 0, field: 'surname2' });
    expect(placeOfError('member.field_too_long', 'surname')).toEqual({ step: 0, field: 'surname' });
    expect(placeOfError('member.role_invalid', 'keychain')).toEqual({ step: 1, field: 'keychain' });
    // a field the form does not have (the record id) leaves the code to decide
    expect(placeOfError('member.dni_taken', 'nid')).toEqual({ step: 0, field: 'dni' });
    expect(placeOfError('member.status_invalid', 'status_member')).toEqual({ step: 2 });
  });

  it('put the admission rules on their fields: birth date, guarantors, declarations beside the signature', () => {
    expect(placeOfError('rules.min_age', 'birthday')).toEqual({ step: 0, field: 'birthday' });
    expect(placeOfError('rules.guarantor_required', 'endorsement_member')).toEqual({ step: 1, field: 'endorsement_member' });
    expect(placeOfError('rules.declaration_required', 'declarations')).toEqual({ step: 2, field: 'declarations' });
    // a full club is said on the last step, where the save is
    expect(placeOfError('rules.max_members', 'status_member')).toEqual({ step: 2 });
  });

  it('read the values out of the Spanish messages', () => {
    expect(errorParams('member.dni_taken', 'El DNI 12345678Z ya está registrado en el socio nº 4 (José Pérez)')).toEqual({
      dni: '12345678Z',
      number: '4',
      name: 'José Pérez',
    });
    expect(errorParams('member.number_taken', 'El número de socio 12 ya está en uso')).toEqual({ number: '12' });
    expect(errorParams('member.dni_taken', 'otro texto')).toBeNull();
  });

  it('names role keys without accents', () => {
    expect(roleKey('Recepción')).toBe('members.roles.recepcion');
  });
});

describe('packDial', () => {
  it("starts a new member's phone with the rule pack's country code", () => {
    expect(packDial('de-kcang')).toBe('49');
    expect(packDial('mt-aruc')).toBe('356');
    expect(packDial('uy')).toBe('598');
    expect(packDial('es')).toBe('34');
    expect(packDial(undefined)).toBe('34');
  });
});

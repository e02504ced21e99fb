import { describe, expect, it } from 'vitest';
import {
  birthdateSeconds,
  declarationsAsked,
  EMPTY_REGISTRATION,
  fieldOfRefusal,
  missingDniOrPhone,
  prefillFromParams,
  registrationParams,
  toRegisterInput,
} from './registration';

describe('registration form', () => {
  it('round-trips a prefill through the URL and ignores what it does not know', () => {
    const p = registrationParams({ name: 'Carmen', surname: 'Espanola Espanola', dni: '99999999R', birthdate: '1980-01-01' }, 'dniread');
    expect(p.get('source')).toBe('dniread');
    expect(prefillFromParams(p)).toEqual({ name: 'Carmen', surname: 'Espanola Espanola', dni: '99999999R', birthdate: '1980-01-01' });
    expect(prefillFromParams(new URLSearchParams('birthdate=01/01/1980&evil=1'))).toEqual({});
  });

  it('sends the birth date as noon UTC and 0 when empty', () => {
    expect(birthdateSeconds('1980-01-01')).toBe(315576000);
    expect(birthdateSeconds('')).toBe(0);
  });

  it('requires DNI and phone', () => {
    expect(missingDniOrPhone({ dni: '', tlf: '600' })).toBe(true);
    expect(missingDniOrPhone({ dni: '1', tlf: ' - ' })).toBe(true);
    expect(missingDniOrPhone({ dni: '1', tlf: '600' })).toBe(false);
  });

  it('cleans what it sends', () => {
    expect(
      toRegisterInput({
        name: ' Ana ',
        surname: 'Pons',
        dni: '12345678-z',
        mjid: '',
        email: ' a@b.es ',
        tlf: '600 11 22 33',
        birthdate: '',
        sendsms: true,
      }),
    ).toEqual({ name: 'Ana', surname: 'Pons', dni: '12345678Z', mjid: '', email: 'a@b.es', tlf: '600112233', birthdate: 0, sendsms: true });
  });
});

describe('what the club rules ask of a registration', () => {
  it('offers the statements the rules ask for, none while they are unknown', () => {
    expect(declarationsAsked({ declarations: ['not_in_other_club', 'resident'] })).toEqual(['not_in_other_club', 'resident']);
    expect(declarationsAsked({ declarations: [] })).toEqual([]);
    expect(declarationsAsked(undefined)).toEqual([]);
  });

  it('sends the statements ticked, and no field when none is', () => {
    const v = { ...EMPTY_REGISTRATION, name: 'Ana', surname: 'Sol', dni: '1', tlf: '600' };
    expect(toRegisterInput({ ...v, declarations: ['resident'] }).declarations).toEqual(['resident']);
    expect('declarations' in toRegisterInput(v)).toBe(false);
  });

  it('puts a refusal on the field the server names', () => {
    expect(fieldOfRefusal('declarations')).toBe('declarations');
    expect(fieldOfRefusal('birthday')).toBe('birthdate');
    expect(fieldOfRefusal('status_member')).toBeNull();
    expect(fieldOfRefusal(undefined)).toBeNull();
  });
});

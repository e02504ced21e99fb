import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api';
import { i18n, loadLanguage } from '../../shared/i18n';
import { memberErrorText, shownLocally } from './errors';
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

describe('shownLocally', () => {
  it('keeps refusals on the screen and sends session, permission and server errors to the app dialogs', () => {
    expect(shownLocally(dniTaken)).toBe(true);
    expect(shownLocally(new ApiError(403, 'Access denied for user anonymous', 'auth.anonymous'))).toBe(false);
    expect(shownLocally(new ApiError(500, 'boom'))).toBe(false);
    expect(shownLocally(new TypeError('Failed to fetch'))).toBe(false);
  });
});

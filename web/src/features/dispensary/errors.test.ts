import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api';
import { i18n, loadLanguage } from '../../shared/i18n';
import { isNotAvailable } from './api';
import { dispensaryErrorText } from './errors';
import { formFieldOf } from './model';
import './i18n';

describe('dispensaryErrorText', () => {
  afterEach(async () => {
    await i18n.changeLanguage('es');
  });

  it('translates the refusals of POST /api/item by their code', async () => {
    const required = new ApiError(422, 'Obligatorio', 'product.required');
    const noList = new ApiError(404, 'Categoría no encontrada', 'category.not_found');
    expect(dispensaryErrorText(required, i18n.t, i18n)).toBe('Obligatorio');
    expect(dispensaryErrorText(noList, i18n.t, i18n)).toBe('Esa lista ya no existe: elige otra');
    await loadLanguage('en');
    await i18n.changeLanguage('en');
    expect(dispensaryErrorText(required, i18n.t, i18n)).toBe('Required');
    expect(dispensaryErrorText(noList, i18n.t, i18n)).toBe('That list no longer exists: choose another one');
  });

  it("falls back to the server's message for codes it does not know", () => {
    expect(dispensaryErrorText(new ApiError(400, 'Algo raro', 'product.something'), i18n.t, i18n)).toBe('Algo raro');
  });
});

describe('the field of a refusal', () => {
  it('is the form field the server names in the reply', () => {
    const e = ApiError.from(422, { message: 'Obligatorio', code: 'product.required', field: 'title' });
    expect(e.field).toBe('title');
    expect(formFieldOf(e.field)).toBe('title');
    expect(formFieldOf(ApiError.from(404, { message: 'Categoría no encontrada', code: 'category.not_found', field: 'category' }).field)).toBe('listnid');
    expect(formFieldOf(ApiError.from(400, { message: 'x', code: 'y', field: 'asocid' }).field)).toBeUndefined();
    expect(formFieldOf(ApiError.from(400, { message: 'x', code: 'y' }).field)).toBeUndefined();
  });
});

describe('isNotAvailable', () => {
  it('reads a 404 product.not_found as "not available", a server failure not', () => {
    expect(isNotAvailable(new ApiError(404, 'Producto no encontrado', 'product.not_found'))).toBe(true);
    expect(isNotAvailable(new ApiError(500, 'boom'))).toBe(false);
    expect(isNotAvailable(new TypeError('Failed to fetch'))).toBe(false);
  });
});

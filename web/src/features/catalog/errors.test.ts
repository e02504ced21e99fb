import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api';
import { CatalogApiError, catalogErrorText, deleteNoteText, errorParams, fieldOf, HISTORY_KEPT_ES } from './errors';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';

const i18n = i18next.createInstance();

beforeAll(async () => {
  await i18n.init({
    lng: 'es',
    fallbackLng: 'es',
    resources: {
      es: { translation: { ...es, errors: { unknown: 'Error inesperado', httpStatus: 'HTTP {{status}}' } } },
      en: { translation: { ...en, errors: { unknown: 'Unexpected error', httpStatus: 'HTTP {{status}}' } } },
      fr: { translation: { ...fr, errors: { unknown: 'Erreur', httpStatus: 'HTTP {{status}}' } } },
    },
    interpolation: { escapeValue: false },
  });
});

const taken = () =>
  CatalogApiError.from(400, { message: 'El código 8400000000017 ya es del producto Amnesia Haze', code: 'product.code_taken', field: 'code' });

describe('catalogue refusals', () => {
  it('keeps the field the server names', () => {
    const e = taken();
    expect(e).toBeInstanceOf(ApiError);
    expect(e.status).toBe(400);
    expect(e.code).toBe('product.code_taken');
    expect(fieldOf(e)).toBe('code');
    expect(fieldOf(CatalogApiError.from(400, { message: 'x', code: 'y' }))).toBeUndefined();
    expect(fieldOf(new ApiError(400, 'x', 'y'))).toBeUndefined();
  });

  it('reads the values of messages that carry data', () => {
    expect(errorParams('product.code_taken', 'El código 84 ya es del producto OG Kush')).toEqual({ code: '84', product: 'OG Kush' });
    expect(errorParams('stock.negative', 'El stock de Café no puede quedar por debajo de cero')).toEqual({ product: 'Café' });
    expect(errorParams('stock.unlimited', 'Agua mineral 50 cl tiene stock ilimitado: su stock no se ajusta')).toEqual({
      product: 'Agua mineral 50 cl',
    });
    expect(errorParams('product.required', 'Obligatorio')).toBeNull();
  });

  it('shows the server text in Spanish and a translation with its data in other languages', async () => {
    await i18n.changeLanguage('es');
    expect(catalogErrorText(taken(), i18n.t, i18n)).toBe('El código 8400000000017 ya es del producto Amnesia Haze');
    await i18n.changeLanguage('en');
    expect(catalogErrorText(taken(), i18n.t, i18n)).toBe(en.catalog.errors.product.code_taken.replace('{{code}}', '8400000000017').replace('{{product}}', 'Amnesia Haze'));
    expect(catalogErrorText(CatalogApiError.from(400, { message: 'Obligatorio', code: 'product.required', field: 'title' }), i18n.t, i18n)).toBe(
      en.catalog.errors.product.required,
    );
    await i18n.changeLanguage('fr');
    expect(catalogErrorText(new ApiError(400, 'La cantidad debe ser distinta de cero', 'stock.quantity_zero'), i18n.t, i18n)).toBe(
      fr.catalog.errors.stock.quantity_zero,
    );
  });

  it('falls back on the server message for unknown codes', async () => {
    await i18n.changeLanguage('en');
    expect(catalogErrorText(new ApiError(400, 'Algo raro', 'weird.code'), i18n.t, i18n)).toBe('Algo raro');
  });

  it('translates the delete note the server sends in Spanish only', async () => {
    await i18n.changeLanguage('en');
    expect(deleteNoteText(HISTORY_KEPT_ES, i18n.t, i18n)).toBe(en.catalog.delete.historyKept);
    expect(deleteNoteText('Otra nota', i18n.t, i18n)).toBe('Otra nota');
    await i18n.changeLanguage('es');
    expect(deleteNoteText(HISTORY_KEPT_ES, i18n.t, i18n)).toBe(HISTORY_KEPT_ES);
  });
});

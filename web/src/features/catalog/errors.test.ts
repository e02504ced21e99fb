import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api';
import { catalogErrorText, deleteNoteText, HISTORY_KEPT_ES } from './errors';
import { formFieldOfError } from './model';
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
  ApiError.from(400, {
    message: 'El código 8400000000017 ya es del producto Amnesia Haze',
    code: 'product.code_taken',
    field: 'code',
    params: { code: '8400000000017', product: 'Amnesia Haze' },
  });

describe('catalogue refusals', () => {
  it('keeps the field the server names and the form marks it', () => {
    const e = taken();
    expect(e).toBeInstanceOf(ApiError);
    expect(e.status).toBe(400);
    expect(e.code).toBe('product.code_taken');
    expect(e.field).toBe('code');
    expect(formFieldOfError(e.code, e.field)).toBe('code');
    // a code of no field of its own: only the field the server names tells the form where it goes
    const named = ApiError.from(400, { message: 'Obligatorio', code: 'product.required', field: 'titulo' });
    expect(formFieldOfError(named.code, named.field)).toBe('title');
    expect(ApiError.from(400, { message: 'x', code: 'y' }).field).toBeUndefined();
  });

  it('shows the server text in Spanish and a translation with its data in other languages', async () => {
    await i18n.changeLanguage('es');
    expect(catalogErrorText(taken(), i18n.t, i18n)).toBe('El código 8400000000017 ya es del producto Amnesia Haze');
    await i18n.changeLanguage('en');
    expect(catalogErrorText(taken(), i18n.t, i18n)).toBe(en.catalog.errors.product.code_taken.replace('{{code}}', '8400000000017').replace('{{product}}', 'Amnesia Haze'));
    expect(catalogErrorText(ApiError.from(400, { message: 'Obligatorio', code: 'product.required', field: 'title' }), i18n.t, i18n)).toBe(
      en.catalog.errors.product.required,
    );
    await i18n.changeLanguage('fr');
    expect(catalogErrorText(new ApiError(400, 'La cantidad debe ser distinta de cero', 'stock.quantity_zero'), i18n.t, i18n)).toBe(
      fr.catalog.errors.stock.quantity_zero,
    );
  });

  it('takes the values from the params the server sends, not from its wording', async () => {
    await i18n.changeLanguage('en');
    const negative = ApiError.from(400, { message: 'Stock bajo cero', code: 'stock.negative', field: 'data[0].new_stock', params: { product: 'Café' } });
    expect(catalogErrorText(negative, i18n.t, i18n)).toBe(en.catalog.errors.stock.negative.replace('{{product}}', 'Café'));
    const unlimited = ApiError.from(400, { message: 'x', code: 'stock.unlimited', params: { product: 'Agua mineral 50 cl' } });
    expect(catalogErrorText(unlimited, i18n.t, i18n)).toBe(en.catalog.errors.stock.unlimited.replace('{{product}}', 'Agua mineral 50 cl'));
  });

  it('falls back on the server message for unknown codes and for values the reply lacks', async () => {
    await i18n.changeLanguage('en');
    expect(catalogErrorText(new ApiError(400, 'Algo raro', 'weird.code'), i18n.t, i18n)).toBe('Algo raro');
    const bare = 'El stock de Café no puede quedar por debajo de cero';
    expect(catalogErrorText(ApiError.from(400, { message: bare, code: 'stock.negative' }), i18n.t, i18n)).toBe(bare);
    expect(catalogErrorText(ApiError.from(400, { message: bare, code: 'stock.negative', params: { other: 'x' } }), i18n.t, i18n)).toBe(bare);
  });

  it('translates the delete note the server sends in Spanish only', async () => {
    await i18n.changeLanguage('en');
    expect(deleteNoteText(HISTORY_KEPT_ES, i18n.t, i18n)).toBe(en.catalog.delete.historyKept);
    expect(deleteNoteText('Otra nota', i18n.t, i18n)).toBe('Otra nota');
    await i18n.changeLanguage('es');
    expect(deleteNoteText(HISTORY_KEPT_ES, i18n.t, i18n)).toBe(HISTORY_KEPT_ES);
  });
});

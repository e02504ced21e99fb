import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { unwrap } from './client';
import { ApiError, classifyError, errorText } from './errors';
import { shouldReportCentrally } from './query';
import { refusalText } from './refusals';

describe('classifyError', () => {
  it('maps the spec §8 cases', () => {
    expect(classifyError(new ApiError(403, 'Access denied for user anonymous', 'auth.anonymous'))).toBe('sessionExpired');
    expect(classifyError(new ApiError(403, ': Access denied for user anonymous'))).toBe('sessionExpired');
    expect(classifyError(new ApiError(403, 'Access denied for user maria', 'access.denied'))).toBe('forbidden');
    expect(classifyError(new ApiError(400, 'Este usuario no dispone de ficha de socio en este club', 'club.no_member_record'))).toBe(
      'noMemberRecord',
    );
    expect(classifyError(new ApiError(500, 'boom'))).toBe('generic');
    expect(classifyError(new TypeError('Failed to fetch'))).toBe('network');
  });

  it('gives a club without the feature, or suspended by its provider, the provider\'s refusal; a missing role stays "forbidden"', () => {
    expect(classifyError(new ApiError(403, 'Access denied for user admin', 'access.feature'))).toBe('featureRefused');
    expect(classifyError(new ApiError(403, 'Access denied for user admin', 'access.role'))).toBe('forbidden');
  });
});

describe('ApiError.from', () => {
  it('reads the contract shape, huma-like details, plain text and arrays', () => {
    expect(ApiError.from(400, { message: 'm', code: 'c' })).toMatchObject({ status: 400, serverMessage: 'm', code: 'c' });
    expect(ApiError.from(422, { title: 'Unprocessable', detail: 'bad field' }).serverMessage).toBe('bad field');
    expect(ApiError.from(401, 'Unauthorized\n').serverMessage).toBe('Unauthorized');
    expect(ApiError.from(406, ['Already logged in as ana']).serverMessage).toBe('Already logged in as ana');
  });

  it('keeps the field and the params of the reply', () => {
    const e = ApiError.from(400, {
      message: 'No hay suficiente cantidad en la barra: quedan 50 g',
      code: 'inventory.not_enough',
      field: 'amount',
      params: { location: 'barra', left: '50' },
    });
    expect(e.field).toBe('amount');
    expect(e.params).toEqual({ location: 'barra', left: '50' });
    expect(ApiError.from(400, { message: 'm', code: 'c', field: 'data[2].note' }).field).toBe('data[2].note');
    // nothing named: no field, no params (and only string values count)
    const bare = ApiError.from(400, { message: 'm', code: 'c', field: '', params: { n: 3, s: null } });
    expect(bare.field).toBeUndefined();
    expect(bare.params).toBeUndefined();
    expect(ApiError.from(400, { message: 'm', params: { count: '8', n: 8 } }).params).toEqual({ count: '8' });
    expect(new ApiError(400, 'm', 'c', { field: 'title', params: { a: 'b' } })).toMatchObject({ field: 'title', params: { a: 'b' } });
  });

  it('is what unwrap throws for a refused call, field and params included', async () => {
    const reply = {
      error: { message: 'El código 84 ya es del producto OG Kush', code: 'product.code_taken', field: 'code', params: { code: '84', product: 'OG Kush' } },
      response: new Response(null, { status: 400 }),
    };
    const e = await unwrap(Promise.resolve(reply)).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect(e).toMatchObject({ status: 400, code: 'product.code_taken', field: 'code', params: { code: '84', product: 'OG Kush' } });
  });
});

describe('errorText', () => {
  const dict: Record<string, string> = { 'errors.auth.bad_credentials': 'Usuario o contraseña incorrectos' };
  const t = ((k: string) => dict[k] ?? k) as Parameters<typeof errorText>[1];
  const exists = (k: string) => k in dict;

  it('translates a known code and falls back to the server message', () => {
    expect(errorText(new ApiError(401, 'Wrong', 'auth.bad_credentials'), t, exists)).toBe('Usuario o contraseña incorrectos');
    expect(errorText(new ApiError(400, 'Mensaje del servidor', 'x.unknown'), t, exists)).toBe('Mensaje del servidor');
  });

  it('gives the translation the params the server sent', () => {
    const seen: unknown[] = [];
    const spy = ((k: string, o?: Record<string, unknown>) => {
      seen.push(o);
      return o ? `${dict[k]} (${o.user})` : dict[k];
    }) as Parameters<typeof errorText>[1];
    const e = ApiError.from(401, { message: 'Wrong', code: 'auth.bad_credentials', params: { user: 'ana' } });
    expect(errorText(e, spy, exists)).toBe('Usuario o contraseña incorrectos (ana)');
    expect(seen).toEqual([{ user: 'ana' }]);
  });
});

describe('refusalText', () => {
  const i18n = i18next.createInstance();
  i18n.init({
    lng: 'en',
    fallbackLng: 'es',
    initAsync: false,
    interpolation: { escapeValue: false },
    resources: {
      es: { translation: { shop: { errors: { stock: { negative: 'El stock de {{product}} no puede quedar por debajo de cero', zero: 'Cero no' } } } } },
      en: { translation: { shop: { errors: { stock: { negative: 'The stock of {{product}} cannot go below zero', zero: 'Not zero' } } } } },
    },
  });
  const negative = (params?: Record<string, string>) =>
    ApiError.from(400, { message: 'El stock de Café no puede quedar por debajo de cero', code: 'stock.negative', params });

  it("fills the feature's translation with the params, not with words read from the message", async () => {
    await i18n.changeLanguage('en');
    expect(refusalText(negative({ product: 'Té' }), i18n.t, i18n, 'shop')).toBe('The stock of Té cannot go below zero');
    expect(refusalText(negative({ product: 'Té' }), i18n.t, i18n, 'shop', { params: (e) => ({ product: e.params?.product.toUpperCase() }) })).toBe(
      'The stock of TÉ cannot go below zero',
    );
    expect(refusalText(new ApiError(400, 'Cero', 'stock.zero'), i18n.t, i18n, 'shop')).toBe('Not zero');
  });

  it("writes the server's numbers before a unit in the reader's notation, and leaves codes and names as sent", async () => {
    const n = i18next.createInstance();
    n.init({
      lng: 'es',
      initAsync: false,
      interpolation: { escapeValue: false },
      resources: {
        es: { translation: { inv: { errors: { left: 'Quedan {{left}} g en {{location}}', min: 'Pedido mínimo de {{amount}} €', code: 'El código {{code}} ya es de {{product}}' } } } },
        en: { translation: { inv: { errors: { left: '{{left}} g left in {{location}}', min: 'Orders of at least €{{amount}}', code: 'Code {{code}} belongs to {{product}}' } } } },
      },
    });
    const err = (code: string, params: Record<string, string>) => ApiError.from(400, { message: 'x', code, params });
    expect(refusalText(err('left', { left: '1234.5', location: 'barra' }), n.t, n, 'inv')).toBe('Quedan 1234,5 g en barra');
    expect(refusalText(err('min', { amount: '5' }), n.t, n, 'inv')).toBe('Pedido mínimo de 5,00 €');
    expect(refusalText(err('code', { code: '8400000000017', product: '420.5' }), n.t, n, 'inv')).toBe('El código 8400000000017 ya es de 420.5');
    await n.changeLanguage('en');
    expect(refusalText(err('left', { left: '1234.5', location: 'bar' }), n.t, n, 'inv')).toBe('1,234.5 g left in bar');
    expect(refusalText(err('min', { amount: '5' }), n.t, n, 'inv')).toBe('Orders of at least €5.00');
  });

  it("falls back on the server's message when a value is missing, and keeps it for Spanish readers when asked", async () => {
    await i18n.changeLanguage('en');
    expect(refusalText(negative(), i18n.t, i18n, 'shop')).toBe('El stock de Café no puede quedar por debajo de cero');
    expect(refusalText(negative({ other: 'x' }), i18n.t, i18n, 'shop')).toBe('El stock de Café no puede quedar por debajo de cero');
    await i18n.changeLanguage('es');
    expect(refusalText(negative({ product: 'Té' }), i18n.t, i18n, 'shop')).toBe('El stock de Té no puede quedar por debajo de cero');
    expect(refusalText(negative({ product: 'Té' }), i18n.t, i18n, 'shop', { spanishAsSent: true })).toBe(
      'El stock de Café no puede quedar por debajo de cero',
    );
  });
});

describe('shouldReportCentrally', () => {
  it('leaves 4xx to screens that handle them but never a session or permission error', () => {
    const meta = { localErrors: true };
    expect(shouldReportCentrally(new ApiError(401, 'x'), meta)).toBe(false);
    expect(shouldReportCentrally(new ApiError(400, 'x'), meta)).toBe(false);
    expect(shouldReportCentrally(new ApiError(403, 'Access denied for user anonymous'), meta)).toBe(true);
    expect(shouldReportCentrally(new ApiError(500, 'x'), meta)).toBe(true);
    expect(shouldReportCentrally(new ApiError(400, 'x'), undefined)).toBe(true);
    expect(shouldReportCentrally(new ApiError(500, 'x'), { silent: true })).toBe(false);
  });
});

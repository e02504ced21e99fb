import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, isApiError } from '../../shared/api';
import { i18n, loadLanguage } from '../../shared/i18n';
import { stockErrorText } from './errors';
import './i18n';

const notEnough = (location: string, left: string) =>
  ApiError.from(400, {
    message: `No hay suficiente cantidad en el sitio: quedan ${left} g`,
    code: 'inventory.not_enough',
    field: 'amount',
    params: { location, left },
  });

describe('stock errors', () => {
  afterEach(async () => {
    await i18n.changeLanguage('es');
  });

  it('keep the field the server names', () => {
    const e = ApiError.from(400, {
      message: 'El stock de Amnesia Haze no puede quedar por debajo de cero',
      code: 'stock.negative',
      field: 'products[0].new_stock',
      params: { product: 'Amnesia Haze' },
    });
    expect(isApiError(e)).toBe(true);
    expect(e.code).toBe('stock.negative');
    expect(e.field).toBe('products[0].new_stock');
    expect(e.params).toEqual({ product: 'Amnesia Haze' });
  });

  it('say the stock texts in Spanish too, with the values the server sent', () => {
    const negative = ApiError.from(400, { message: 'Stock bajo cero', code: 'stock.negative', params: { product: 'Amnesia Haze' } });
    expect(stockErrorText(negative, i18n.t, i18n)).toBe('El stock de Amnesia Haze no puede quedar por debajo de cero');
    const inUse = ApiError.from(400, { message: 'En uso', code: 'category.in_use', field: 'nid', params: { count: '8' } });
    expect(stockErrorText(inUse, i18n.t, i18n)).toBe('No se puede eliminar una categoría que tiene 8 productos: cámbialos de categoría antes');
  });

  it('name the store of a shortage by its label and the amount left in the reader’s notation', async () => {
    expect(stockErrorText(notEnough('barra', '50'), i18n.t, i18n)).toBe('No hay suficiente cantidad en Barra: quedan 50 g');
    expect(stockErrorText(notEnough('almacen_interno', '1800.5'), i18n.t, i18n)).toBe(
      'No hay suficiente cantidad en Almacén interno: quedan 1800,5 g',
    );
    await loadLanguage('en');
    await i18n.changeLanguage('en');
    expect(stockErrorText(notEnough('almacen_interno', '1800.5'), i18n.t, i18n)).toBe('There is not enough in Internal store: 1,800.5 g left');
    const unlimited = ApiError.from(400, { message: 'x', code: 'stock.unlimited', field: 'products[1].new_stock', params: { product: 'Agua' } });
    expect(stockErrorText(unlimited, i18n.t, i18n)).toBe('Agua has unlimited stock: its stock is not adjusted');
  });

  it('fall back on the server message when the reply lacks the values', () => {
    const bare = ApiError.from(400, { message: 'No hay suficiente cantidad en la barra: quedan 50 g', code: 'inventory.not_enough', field: 'amount' });
    expect(stockErrorText(bare, i18n.t, i18n)).toBe('No hay suficiente cantidad en la barra: quedan 50 g');
    expect(stockErrorText(new ApiError(400, 'Algo raro', 'stock.something'), i18n.t, i18n)).toBe('Algo raro');
  });
});

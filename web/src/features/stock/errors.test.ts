import { describe, expect, it } from 'vitest';
import { apiErrorWithField, errorField, errorParams } from './errors';
import { isApiError } from '../../shared/api';

describe('stock errors', () => {
  it('keep the field the server names', () => {
    const e = apiErrorWithField(400, { message: 'El stock de Amnesia Haze no puede quedar por debajo de cero', code: 'stock.negative', field: 'products[0].new_stock' });
    expect(isApiError(e)).toBe(true);
    expect(e.code).toBe('stock.negative');
    expect(errorField(e)).toBe('products[0].new_stock');
    expect(errorField(new Error('x'))).toBeUndefined();
  });

  it('read the values of the messages they translate', () => {
    expect(errorParams('stock.negative', 'El stock de Amnesia Haze no puede quedar por debajo de cero')).toEqual({ title: 'Amnesia Haze' });
    expect(errorParams('inventory.not_enough', 'No hay suficiente cantidad en barra: quedan 50')).toEqual({ location: 'barra', left: '50' });
    expect(errorParams('inventory.not_enough', 'No hay suficiente cantidad en almacen_interno: quedan 1800.5')).toEqual({
      location: 'almacen_interno',
      left: '1800.5',
    });
    expect(errorParams('category.in_use', 'No se puede eliminar una categoría que tiene 8 productos: cámbialos de categoría antes')).toEqual({ count: '8' });
    expect(errorParams('stock.note_too_long', 'x')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { memberName, quantityText } from './model';

describe('report cells', () => {
  it('shows grams for a weight product and bare units otherwise', () => {
    expect(quantityText(2.5, 'peso')).toMatch(/^2[,.]5 g$/);
    expect(quantityText(3, 'unidad')).toBe('3');
    expect(quantityText(3, 'unidades')).toBe('3');
  });
  it('names the member a report is kept to, or its id while it loads', () => {
    expect(memberName({ nombre: 'Rita', surname: 'Informe' }, 7)).toBe('Rita Informe');
    expect(memberName({ nombre: 'Rita', surname: null }, 7)).toBe('Rita');
    expect(memberName(undefined, 7)).toBe('#7');
  });
});

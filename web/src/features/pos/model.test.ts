import { describe, expect, it } from 'vitest';
import { methodsOf, titleOf, allowedMethods, changeOf, checkAdd, closeMember, looksLikeCode, lookupMember, nameFilters, priceOf, quantityOf, readNumber, realOutOfRange, selectMember, stepReal } from './model';

describe('counter arithmetic and rules', () => {
  it('reads typed and scale text as numbers', () => {
    expect(readNumber('2,5')).toBe(2.5);
    expect(readNumber(' + 1.234 g ')).toBe(1.234);
    expect(readNumber('NET 12,40g')).toBe(12.4);
    expect(readNumber('abc')).toBeNull();
    expect(readNumber('')).toBeNull();
    expect(readNumber('1.2.3')).toBeNull();
  });

  it('keeps quantity and price in step', () => {
    expect(priceOf(9.5, 2.105)).toBe(20);
    expect(quantityOf(9.5, 20)).toBe(2.105);
    expect(quantityOf(0, 20)).toBe(0);
  });

  it('applies the add-to-order checks in the spec order', () => {
    const base = { member: true, quantity: '2', price: '19', stock: 10, unlimited: false, inCart: 0 };
    expect(checkAdd({ ...base, member: false })).toBe('noMember');
    expect(checkAdd({ ...base, quantity: '' })).toBe('empty');
    expect(checkAdd({ ...base, quantity: 'dos' })).toBe('notNumeric');
    expect(checkAdd({ ...base, quantity: '11' })).toBe('noStock');
    expect(checkAdd({ ...base, quantity: '9', inCart: 2 })).toBe('noStock');
    expect(checkAdd({ ...base, quantity: '11', unlimited: true })).toBeNull();
    expect(checkAdd(base)).toBeNull();
  });

  it('steps the real weight and checks the discrepancy', () => {
    expect(stepReal(2, 1)).toBe(2.01);
    expect(stepReal(0.01, -1)).toBe(0.01);
    expect(stepReal(0.02, -1)).toBe(0.01);
    expect(realOutOfRange(2.1, 2, 5)).toBe(false);
    expect(realOutOfRange(2.11, 2, 5)).toBe(true);
    expect(realOutOfRange(1.9, 2, 5)).toBe(false);
    expect(realOutOfRange(1.89, 2, 5)).toBe(true);
    expect(realOutOfRange(2, 2, 0)).toBe(false);
    expect(realOutOfRange(1.99, 2, 0)).toBe(true);
  });

  it('offers only the methods the club accepts', () => {
    const club = { cashPermission: true, cardPermission: false, walletPermission: true, functionalities: { monedero: false } };
    expect(allowedMethods(club)).toEqual(['cash']);
    expect(allowedMethods({ ...club, functionalities: { monedero: true } })).toEqual(['cash', 'wallet']);
    expect(changeOf(20, 18.18)).toBe(1.82);
  });

  it('moves the current tab to the last selected member when the current one closes', () => {
    const a = { nid: 1, number: 1, nombre: 'A', surname: '' };
    const b = { nid: 2, number: 2, nombre: 'B', surname: '' };
    const c = { nid: 3, number: 3, nombre: 'C', surname: '' };
    let t = selectMember(selectMember(selectMember({ members: [], current: null }, a), b), c);
    expect(t.current).toBe(3);
    t = selectMember(t, a);
    expect(t.members.map((m) => m.nid)).toEqual([1, 2, 3]);
    t = closeMember(t, 1);
    expect(t.current).toBe(3);
    t = closeMember(t, 3);
    expect(t.current).toBe(2);
    expect(closeMember(t, 2).current).toBeNull();
  });

  it('reads and writes the payment methods setting', () => {
    expect([...methodsOf(undefined)].sort()).toEqual(['card', 'cash', 'wallet']);
    expect([...methodsOf('-card')]).toEqual(['card']);
    expect(titleOf(new Set(['cash', 'wallet']))).toBe('-wallet-cash');
  });

  it('selects the one member a code names, opens the picker for a name that finds some, and finds none otherwise', async () => {
    const carla = { nid: 50 };
    const find = (one: typeof carla | null, count: number) => ({ scan: async () => one, count: async () => count });
    expect(await lookupMember('FOB50', find(carla, 0))).toEqual({ kind: 'one', member: carla });
    expect(await lookupMember('Lucía', find(null, 3))).toEqual({ kind: 'pick' });
    expect(await lookupMember('Lucía Martínez', find(null, 0))).toEqual({ kind: 'none' });
    expect(await lookupMember('   ', find(carla, 1))).toEqual({ kind: 'none' });
  });

  it('reads a name as the name, the surnames or both split', () => {
    expect(nameFilters(' Lucía ')).toEqual([{ nombre: 'Lucía' }, { surname: 'Lucía' }]);
    expect(nameFilters('Lucía  Martínez')).toEqual([
      { nombre: 'Lucía Martínez' },
      { surname: 'Lucía Martínez' },
      { nombre: 'Lucía', surname: 'Martínez' },
      { surname: 'Lucía', nombre: 'Martínez' },
    ]);
    expect(nameFilters('a b c d e')).toHaveLength(2);
    expect(nameFilters('')).toEqual([]);
  });

  it('tells a product code or barcode from a name in the product search', () => {
    expect(looksLikeCode('8499912345')).toBe(true);
    expect(looksLikeCode('LEM01')).toBe(true);
    expect(looksLikeCode('Lemon')).toBe(false);
    expect(looksLikeCode('A1')).toBe(false);
    expect(looksLikeCode('Amnesia 2')).toBe(false);
  });
});

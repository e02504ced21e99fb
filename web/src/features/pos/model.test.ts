import { describe, expect, it } from 'vitest';
import { methodsOf, titleOf, allowedMethods, changeOf, checkAdd, closeMember, looksLikeCode, lookupMember, memberQuery, priceOf, quickTenders, feeExpiredOn, counterKey, readAllPages, quantityOf, readNumber, realOutOfRange, selectMember, stepReal } from './model';

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

  it('names a tab opened by id once the member is read, in its place, and keeps a named tab as it is', () => {
    const a = { nid: 1, number: 1, nombre: 'A', surname: '' };
    let t = selectMember(selectMember({ members: [], current: null }, { nid: 2, number: 0, nombre: '', surname: '' }), a);
    t = selectMember(t, { nid: 2, number: 52, nombre: 'Bea', surname: 'Ruiz' });
    expect(t.members).toEqual([{ nid: 2, number: 52, nombre: 'Bea', surname: 'Ruiz' }, a]);
    expect(t.current).toBe(2);
    const same = selectMember(t, { nid: 1, number: 0, nombre: '', surname: '' });
    expect(same.members).toBe(t.members);
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

  it('reads the member box as a number, a key fob or a person', () => {
    expect(memberQuery(' 42 ')).toEqual({ number: 42 });
    expect(memberQuery('FOB50')).toEqual({ keychain: 'FOB50' });
    expect(memberQuery(' Lucía   Martínez ')).toEqual({ name: 'Lucía Martínez' });
    expect(memberQuery('   ')).toEqual({});
  });

  it('tells a product code or barcode from a name in the product search', () => {
    expect(looksLikeCode('8499912345')).toBe(true);
    expect(looksLikeCode('LEM01')).toBe(true);
    expect(looksLikeCode('Lemon')).toBe(false);
    expect(looksLikeCode('A1')).toBe(false);
    expect(looksLikeCode('Amnesia 2')).toBe(false);
  });

  it('offers as one tap the notes, the club amounts and the round-ups that pay the total alone', () => {
    expect(quickTenders(2)).toEqual([5, 10, 20, 50]);
    expect(quickTenders(16)).toEqual([20, 50]);
    expect(quickTenders(17.5, [150])).toEqual([20, 50, 150]);
    // 72 €: what a customer hands over, and the club's 150
    expect(quickTenders(72, [150])).toEqual([75, 80, 100, 150]);
    // the exact amount has its own button; a note equal to the total is the exact amount
    expect(quickTenders(20)).toEqual([50]);
    expect(quickTenders(10.01)).toEqual([15, 20, 50]);
    expect(quickTenders(1, [2, 3, 4, 7, 8, 9])).toHaveLength(6);
    expect(quickTenders(0)).toEqual([5, 10, 20, 50]);
  });

  it('names the date of a fee that has run out, and nothing while it runs or when there is none', () => {
    const now = Date.UTC(2026, 10, 25) / 1000;
    const oct12 = Date.UTC(2026, 9, 12, 10) / 1000;
    expect(feeExpiredOn(oct12, now)).toBe(oct12);
    expect(feeExpiredOn(now + 86400, now)).toBeNull();
    expect(feeExpiredOn(0, now)).toBeNull();
    expect(feeExpiredOn(undefined, now)).toBeNull();
  });

  it('maps the counter keys: F-keys anywhere, "?" away from fields, Enter only from the empty product search', () => {
    const field = { typing: true, empty: false, search: false };
    const body = { typing: false, empty: false, search: false };
    const emptySearch = { typing: true, empty: true, search: true };
    expect(counterKey({ key: 'F2' }, field)).toBe('member');
    expect(counterKey({ key: 'F3' }, body)).toBe('search');
    expect(counterKey({ key: 'F4' }, body)).toBe('picker');
    expect(counterKey({ key: 'F8' }, field)).toBe('print');
    expect(counterKey({ key: 'F9' }, field)).toBe('pay');
    expect(counterKey({ key: '?' }, body)).toBe('help');
    expect(counterKey({ key: '?' }, field)).toBeNull();
    expect(counterKey({ key: 'Enter' }, emptySearch)).toBe('pay');
    expect(counterKey({ key: 'Enter' }, { ...emptySearch, empty: false })).toBeNull();
    expect(counterKey({ key: 'Enter' }, { typing: true, empty: true, search: false })).toBeNull();
    expect(counterKey({ key: 'F5' }, body)).toBeNull();
    expect(counterKey({ key: 'F9', ctrlKey: true }, body)).toBeNull();
  });

  it('reads every page of a paged list, once each row, and stops on an empty page', async () => {
    const rows = Array.from({ length: 7 }, (_, i) => ({ id: i }));
    const asked: number[] = [];
    const all = await readAllPages(async (page) => {
      asked.push(page);
      return { data: rows.slice(page * 3, page * 3 + 3), total: rows.length };
    }, (r) => r.id);
    expect(all.data.map((r) => r.id)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(asked).toEqual([0, 1, 2]);
    // a new row arriving first pushes one onto the next page: it is read twice, kept once
    let first = true;
    const shifted = await readAllPages(async (page) => {
      const now = first ? rows : [{ id: 9 }, ...rows];
      first = false;
      return { data: now.slice(page * 4, page * 4 + 4), total: now.length };
    }, (r) => r.id);
    expect(shifted.data.map((r) => r.id).sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
    // a list that shrinks while read ends on its empty page
    expect((await readAllPages(async (page) => ({ data: page === 0 ? rows.slice(0, 2) : [], total: 10 }), (r) => r.id)).data).toHaveLength(2);
  });
});

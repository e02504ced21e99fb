import { describe, expect, it } from 'vitest';
import { canTopUp, changeOf, presetAmounts, readMoney } from './model';

describe('readMoney', () => {
  it('reads euros typed with a comma or a dot, at most two decimals', () => {
    expect(readMoney('20')).toBe(20);
    expect(readMoney('20,5')).toBe(20.5);
    expect(readMoney(' 12.34 € ')).toBe(12.34);
    expect(readMoney(',5')).toBe(0.5);
  });
  it('refuses what is not an amount', () => {
    for (const bad of ['', 'abc', '-5', '1.234', '1,2,3', '2e3']) expect(readMoney(bad)).toBeNull();
  });
});

describe('changeOf', () => {
  it('is exact to the cent and negative when short', () => {
    expect(changeOf(50, 32.3)).toBe(17.7);
    expect(changeOf(0.3, 0.1)).toBe(0.2);
    expect(changeOf(10, 12.5)).toBe(-2.5);
  });
});

describe('presetAmounts', () => {
  it('keeps numbers, once each, ascending', () => {
    expect(presetAmounts(['50', '10', 'x', '10.00', '20,5', undefined])).toEqual([10, 20.5, 50]);
  });
});

describe('canTopUp', () => {
  const club = { walletPermission: true, functionalities: { monedero: true }, roles: ['Caja'] };
  it('needs the wallet among the payment methods, a wallet flag and a role of the wallet gate', () => {
    expect(canTopUp(club)).toBe(true);
    expect(canTopUp({ ...club, walletPermission: false })).toBe(false);
    expect(canTopUp({ ...club, functionalities: {} })).toBe(false);
    expect(canTopUp({ ...club, roles: ['Inventario'] })).toBe(false);
    expect(canTopUp(null)).toBe(false);
  });
});

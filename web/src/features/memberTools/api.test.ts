import { describe, expect, it } from 'vitest';
import { searchPlans } from './api';

describe('member picker searches', () => {
  it('looks a number up as member number and as ID number', () => {
    expect(searchPlans(' 42 ')).toEqual([{ number: 42 }, { dni: '42' }]);
  });

  it('looks one word up as name, surname and ID number', () => {
    expect(searchPlans('garcía')).toEqual([{ nombre: 'garcía' }, { surname: 'garcía' }, { dni: 'garcía' }]);
  });

  it('looks several words up as a whole and as name + surname', () => {
    expect(searchPlans('Ana  García Pons')).toEqual([
      { nombre: 'Ana García Pons' },
      { surname: 'Ana García Pons' },
      { nombre: 'Ana', surname: 'García Pons' },
    ]);
  });

  it('does not search for nothing', () => {
    expect(searchPlans('   ')).toEqual([]);
  });
});

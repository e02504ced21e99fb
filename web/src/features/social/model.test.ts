import { describe, expect, it } from 'vitest';
import { formatDate } from '../../shared/format';
import { dayjs } from '../../shared/format/dayjs';
import { byCategory, daySeconds, matches, textCut, tvInterval } from './model';

describe('matches', () => {
  it('finds words in the title or subtitle, without case or accents', () => {
    expect(matches({ title: 'Fiesta de Otoño' }, 'otono')).toBe(true);
    expect(matches({ title: 'Asamblea', subtitle: 'Orden del día' }, 'DIA')).toBe(true);
    expect(matches({ title: 'Asamblea' }, 'fiesta')).toBe(false);
    expect(matches({ title: 'Asamblea' }, '  ')).toBe(true);
  });
});

describe('textCut', () => {
  it('reads the text of HTML and cuts it with an ellipsis', () => {
    expect(textCut('<p>Dulce &amp; <b>afrutada</b></p><p>Muy suave</p>', 100)).toBe('Dulce & afrutada Muy suave');
    expect(textCut('<p>' + 'a'.repeat(120) + '</p>', 100)).toBe('a'.repeat(100) + '…');
    expect(textCut('', 250)).toBe('');
  });
});

describe('byCategory', () => {
  it('groups consecutive products of a category', () => {
    const g = byCategory([{ categorias: 'Bebidas', t: 1 }, { categorias: 'Bebidas', t: 2 }, { categorias: 'Flores', t: 3 }]);
    expect(g.map((x) => [x.category, x.items.length])).toEqual([['Bebidas', 2], ['Flores', 1]]);
  });
});

describe('tvInterval', () => {
  it('reads seconds, with a decimal comma or point, as the milliseconds kept', () => {
    expect(tvInterval('10')).toBe(10000);
    expect(tvInterval(' 7,5 ')).toBe(7500);
    expect(tvInterval('2.25')).toBe(2250);
    expect(tvInterval('1')).toBe(1000);
    expect(tvInterval('999')).toBe(999000);
  });
  it('refuses what is not 1 to 999 seconds', () => {
    expect(tvInterval('0,5')).toBeNull();
    expect(tvInterval('1000')).toBeNull();
    expect(tvInterval('10000')).toBeNull();
    expect(tvInterval('10 s')).toBeNull();
    expect(tvInterval('')).toBeNull();
    expect(tvInterval('1,2345')).toBeNull();
  });
});

describe('daySeconds', () => {
  it('sends a picked day as the seconds of its noon, shown as that day', () => {
    const picked = dayjs('2026-11-27T00:00:00');
    expect(daySeconds(picked)).toBe(dayjs('2026-11-27T12:00:00').unix());
    expect(daySeconds(dayjs('2026-11-27T23:59:59'))).toBe(daySeconds(picked));
    expect(formatDate(daySeconds(picked))).toBe('27/11/2026');
  });
});

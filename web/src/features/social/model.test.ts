import { describe, expect, it } from 'vitest';
import { bodyHtml, byCategory, matches, textCut, tvInterval } from './model';

describe('bodyHtml', () => {
  it('makes paragraphs of plain text, keeping single line breaks', () => {
    expect(bodyHtml('Hola socios\nnueva hora\n\nSegundo párrafo')).toBe('<p>Hola socios<br>nueva hora</p><p>Segundo párrafo</p>');
  });
  it('escapes what would be read as markup in plain text', () => {
    expect(bodyHtml('5 < 6 & 7 > 3')).toBe('<p>5 &lt; 6 &amp; 7 &gt; 3</p>');
  });
  it('makes paragraphs around inline tags', () => {
    expect(bodyHtml('Probaremos <b>tres</b>.\n\nPlazas limitadas.')).toBe('<p>Probaremos <b>tres</b>.</p><p>Plazas limitadas.</p>');
  });
  it('leaves HTML with its own blocks as it was typed, and empty text empty', () => {
    expect(bodyHtml(' <p>Ya <b>formateado</b></p> ')).toBe('<p>Ya <b>formateado</b></p>');
    expect(bodyHtml('  \n ')).toBe('');
  });
});

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
  it('takes up to six digits from 1000 ms', () => {
    expect(tvInterval('10000')).toBe(10000);
    expect(tvInterval('999999')).toBe(999999);
    expect(tvInterval('1000000')).toBeNull();
    expect(tvInterval('999')).toBeNull();
    expect(tvInterval('10 s')).toBeNull();
  });
});

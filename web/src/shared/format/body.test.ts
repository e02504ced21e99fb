import { describe, expect, it } from 'vitest';
import { bodyHtml, bodyText } from './body';

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

describe('bodyText', () => {
  it('gives back the text a body was made from, so a round trip changes nothing', () => {
    for (const text of ['Hola socios\nnueva hora\n\nSegundo párrafo', '5 < 6 & 7 > 3', 'Probaremos <b>tres</b>.\n\nPlazas limitadas.']) {
      expect(bodyText(bodyHtml(text))).toBe(text);
      expect(bodyHtml(bodyText(bodyHtml(text)))).toBe(bodyHtml(text));
    }
  });
  it('leaves a body with lists or headings as its HTML, which bodyHtml keeps as it is', () => {
    const html = '<h2>Club</h2>\n<p>Horario</p><ul><li>Lunes</li></ul>';
    expect(bodyText(html)).toBe(html);
    expect(bodyHtml(bodyText(html))).toBe(html);
  });
  it('reads entities of plain paragraphs as the characters they stand for', () => {
    expect(bodyText('<p>5 &lt; 6 &amp; &quot;ya&quot;</p>')).toBe('5 < 6 & "ya"');
    expect(bodyText('')).toBe('');
  });
});

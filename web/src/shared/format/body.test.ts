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

describe('bodyHtml: lists and titles typed as text', () => {
  it('makes a list of the lines that start with a dash or a number, and a title of a line with #', () => {
    expect(bodyHtml('# Horario\n\nAbrimos:\n- lunes\n- martes\n\n1. Llega\n2. Firma')).toBe(
      '<h2>Horario</h2><p>Abrimos:</p><ul><li>lunes</li><li>martes</li></ul><ol><li>Llega</li><li>Firma</li></ol>',
    );
    expect(bodyHtml('## Normas')).toBe('<h3>Normas</h3>');
    expect(bodyHtml('-5 grados y #hashtag')).toBe('<p>-5 grados y #hashtag</p>');
  });
  it('gives the same text back for each of them', () => {
    for (const text of ['# Horario\n\nAbrimos:\n\n- lunes\n- martes', '1. Llega\n2. Firma', '## Normas\n\nSin fumar <b>tabaco</b>.']) {
      expect(bodyText(bodyHtml(text))).toBe(text);
    }
  });
});

describe('bodyText', () => {
  it('gives back the text a body was made from, so a round trip changes nothing', () => {
    for (const text of ['Hola socios\nnueva hora\n\nSegundo párrafo', '5 < 6 & 7 > 3', 'Probaremos <b>tres</b>.\n\nPlazas limitadas.']) {
      expect(bodyText(bodyHtml(text))).toBe(text);
      expect(bodyHtml(bodyText(bodyHtml(text)))).toBe(bodyHtml(text));
    }
  });
  it('gives a body of titles, paragraphs and lists back as the text that makes them, not as tags', () => {
    const html = '<h2>Club</h2>\n<p>Horario</p><ul><li>Lunes</li><li>Martes &amp; jueves</li></ul>';
    expect(bodyText(html)).toBe('# Club\n\nHorario\n\n- Lunes\n- Martes & jueves');
    expect(bodyHtml(bodyText(html))).toBe('<h2>Club</h2><p>Horario</p><ul><li>Lunes</li><li>Martes &amp; jueves</li></ul>');
    expect(bodyText('<h3>Normas</h3><ol><li>Uno</li><li>Dos</li></ol>')).toBe('## Normas\n\n1. Uno\n2. Dos');
  });
  it('leaves a body with blocks the box cannot write (tables, quotes, images) as its HTML, which bodyHtml keeps', () => {
    for (const html of ['<table><tr><td>1</td></tr></table>', '<p>Hola</p><blockquote>cita</blockquote>', '<p><img src="/api/files/x"></p>']) {
      expect(bodyText(html)).toBe(html);
      expect(bodyHtml(bodyText(html))).toBe(html);
    }
  });
  it('reads entities of plain paragraphs as the characters they stand for', () => {
    expect(bodyText('<p>5 &lt; 6 &amp; &quot;ya&quot;</p>')).toBe('5 < 6 & "ya"');
    expect(bodyText('')).toBe('');
  });
});

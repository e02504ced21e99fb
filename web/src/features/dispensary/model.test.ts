import { describe, expect, it } from 'vitest';
import {
  bodyPreview,
  buildBasicPayload,
  clampValoration,
  filterByList,
  formValuesOf,
  groupByList,
  isProfessional,
  plainText,
  linkToken,
  positiveId,
  priceUnit,
  productLink,
  type Product,
} from './model';
import { fitWithin } from '../../shared/ui/images';

const product = (o: Partial<Product>): Product =>
  ({
    pid: 1,
    kind: 'basic',
    titulo: 'Producto',
    subtitle: '',
    cuerpo: '',
    category: 10,
    categorias: 'Flores',
    imagenes: [],
    thumb: '',
    showintv: true,
    valoration: 0,
    status: true,
    created: 0,
    ...o,
  }) as Product;

describe('bodyPreview', () => {
  it('keeps a body of up to 150 characters whole', () => {
    const s = 'a'.repeat(150);
    expect(bodyPreview(s)).toEqual({ text: s, truncated: false });
    expect(bodyPreview('Corto y claro.')).toEqual({ text: 'Corto y claro.', truncated: false });
    expect(bodyPreview('')).toEqual({ text: '', truncated: false });
    expect(bodyPreview(null)).toEqual({ text: '', truncated: false });
  });

  it('cuts a longer body at the last word boundary within 150 characters', () => {
    const words = 'Variedad de la familia Haze muy popular en los coffee shops de Ámsterdam y en los clubes españoles. Aroma cítrico y terroso con notas especiadas e incienso. Se describe como una planta alta.';
    const p = bodyPreview(words);
    expect(p.truncated).toBe(true);
    expect(p.text.endsWith('…')).toBe(true);
    const shown = p.text.slice(0, -1);
    expect(Array.from(shown).length).toBeLessThanOrEqual(150);
    expect(words.startsWith(shown)).toBe(true);
    // the cut falls between two words, never inside one
    expect(words[shown.length]).toMatch(/\s|[.,]/);
    expect(shown).toBe(
      'Variedad de la familia Haze muy popular en los coffee shops de Ámsterdam y en los clubes españoles. Aroma cítrico y terroso con notas especiadas e',
    );
  });

  it('keeps the whole last word when the 150th character ends it', () => {
    const body = `${'x'.repeat(145)} abcd efgh`; // 145 + 1 + 4 = 150, then " efgh"
    expect(bodyPreview(body)).toEqual({ text: `${'x'.repeat(145)} abcd…`, truncated: true });
  });

  it('drops trailing punctuation before the ellipsis', () => {
    const body = `${'palabra '.repeat(18)}fin, y sigue y sigue mucho más de lo permitido`;
    const p = bodyPreview(body);
    expect(p.text).not.toMatch(/[ ,]…$/);
  });

  it('cuts a single word longer than the limit hard', () => {
    const p = bodyPreview('z'.repeat(200));
    expect(p).toEqual({ text: `${'z'.repeat(150)}…`, truncated: true });
  });

  it('folds white space and counts characters, not UTF-16 units', () => {
    expect(bodyPreview('uno\n\n  dos\tTres').text).toBe('uno dos Tres');
    const emoji = `${'🌿'.repeat(150)}`;
    expect(bodyPreview(emoji)).toEqual({ text: emoji, truncated: false });
  });

  it('honours another limit', () => {
    expect(bodyPreview('uno dos tres cuatro', 8)).toEqual({ text: 'uno dos…', truncated: true });
  });
});

describe('plainText', () => {
  it('leaves plain text alone and reads the text of HTML bodies', () => {
    expect(plainText('  Sin etiquetas <3  ')).toBe('Sin etiquetas <3');
    expect(plainText('<p>Hola&nbsp;<b>mundo</b></p><p>Adiós &amp; gracias</p>')).toBe('Hola mundo\nAdiós & gracias');
  });
});

describe('buildBasicPayload', () => {
  it('builds a create payload with trimmed texts, the TV flag on by default and a 0–5 rating', () => {
    expect(
      buildBasicPayload(1, {
        listnid: 12,
        title: '  Amnesia  ',
        subtitle: ' Sativa ',
        body: ' Texto \n',
        images: ['data:image/png;base64,AAA', '', '/api/files/abc'],
        valoration: 4,
      }),
    ).toEqual({
      asocid: 1,
      listnid: 12,
      title: 'Amnesia',
      subtitle: 'Sativa',
      body: 'Texto',
      images: ['data:image/png;base64,AAA', '/api/files/abc'],
      showintv: true,
      valoration: 4,
    });
  });

  it('adds the nid when editing and keeps an explicit "no" for the TV', () => {
    const p = buildBasicPayload(2, { listnid: 3, title: 'Café', showintv: false, valoration: null }, 99);
    expect(p).toMatchObject({ asocid: 2, nid: 99, listnid: 3, showintv: false, valoration: 0, images: [] });
    expect(buildBasicPayload(2, { listnid: 3, title: 'Café' }, null)).not.toHaveProperty('nid');
  });

  it('keeps at most 8 images and clamps the rating', () => {
    const images = Array.from({ length: 10 }, (_, i) => `data:image/png;base64,${i}`);
    const p = buildBasicPayload(1, { listnid: 1, title: 't', images, valoration: 7.6 });
    expect(p.images).toHaveLength(8);
    expect(p.valoration).toBe(5);
    expect(clampValoration(-2)).toBe(0);
    expect(clampValoration(2.4)).toBe(2);
    expect(clampValoration(undefined)).toBe(0);
  });

  it('round-trips a stored product: kept images are sent back by their address', () => {
    const stored = product({
      pid: 7,
      titulo: 'Critical',
      subtitle: 'Índica',
      cuerpo: 'Dulce',
      category: 4,
      showintv: false,
      valoration: 3,
      imagenes: [{ img: '/api/files/aaa', thumb: '/api/files/bbb' }],
    });
    expect(buildBasicPayload(1, formValuesOf(stored), stored.pid)).toEqual({
      asocid: 1,
      nid: 7,
      listnid: 4,
      title: 'Critical',
      subtitle: 'Índica',
      body: 'Dulce',
      images: ['/api/files/aaa'],
      showintv: false,
      valoration: 3,
    });
  });
});

describe('lists', () => {
  const items = [
    product({ pid: 1, titulo: 'Critical', category: 1, categorias: 'Flores' }),
    product({ pid: 2, titulo: 'Café', category: 2, categorias: 'Bebidas' }),
    product({ pid: 3, titulo: 'amnesia Haze', category: 1, categorias: 'Flores' }),
    product({ pid: 4, titulo: 'Suelto', category: null, categorias: '' }),
  ];

  it('groups by list, lists alphabetically, items by title, items without a list last', () => {
    const groups = groupByList(items);
    expect(groups.map((g) => [g.nid, g.title, g.items.map((p) => p.pid)])).toEqual([
      [2, 'Bebidas', [2]],
      [1, 'Flores', [3, 1]],
      [0, '', [4]],
    ]);
    expect(groupByList([])).toEqual([]);
  });

  it('filters by list (none: every item)', () => {
    expect(filterByList(items, 1).map((p) => p.pid)).toEqual([1, 3]);
    expect(filterByList(items, null)).toHaveLength(4);
  });
});

describe('public product helpers', () => {
  it('tells professional products (a dominance or a price) from basic ones', () => {
    expect(isProfessional({ dominance: 'sativa', precio: 9 })).toBe(true);
    expect(isProfessional({ dominance: 'hibrido', precio: 0 })).toBe(true);
    expect(isProfessional({ dominance: '', precio: 0 })).toBe(false);
  });

  it('names the unit of the price', () => {
    expect(priceUnit('peso')).toBe('gram');
    expect(priceUnit('unidad')).toBe('unit');
    expect(priceUnit('unidades')).toBe('unit');
    expect(priceUnit('ambos')).toBeNull();
  });

  it('builds the QR link and reads ids from the query', () => {
    const token = '0a1b2c3d4e5f60718293a4b5c6d7e8f9';
    expect(productLink(token, 1)).toBe(`/dispensary_item?id=${token}&asocid=1`);
    expect(productLink(token)).toBe(`/dispensary_item?id=${token}`);
    expect(linkToken(` ${token} `)).toBe(token);
    expect(linkToken('42')).toBeNull(); // an id is not a public link
    expect(linkToken('x'.repeat(65))).toBeNull();
    expect(linkToken('0a1b2c3d4e5f6071<script>')).toBeNull();
    expect(linkToken(null)).toBeNull();
    expect(positiveId('17')).toBe(17);
    expect(positiveId(' 3 ')).toBe(3);
    expect(positiveId('0')).toBeNull();
    expect(positiveId('-4')).toBeNull();
    expect(positiveId('12abc')).toBeNull();
    expect(positiveId(null)).toBeNull();
  });
});

describe('fitWithin', () => {
  it('scales the longest side down to the limit and never up', () => {
    expect(fitWithin(3200, 1600)).toEqual({ width: 1600, height: 800 });
    expect(fitWithin(900, 1800, 900)).toEqual({ width: 450, height: 900 });
    expect(fitWithin(200, 100)).toEqual({ width: 200, height: 100 });
  });
});

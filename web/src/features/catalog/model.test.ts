import { describe, expect, it } from 'vitest';
import {
  batchStock,
  buildPayload,
  filterParams,
  filterPresets,
  formatQuantity,
  formFieldOfError,
  formValuesOf,
  historyRoute,
  imageProblem,
  NEW_PRODUCT,
  previewStock,
  publicProductLink,
  stockChangeMilli,
  stockUnit,
  toCents,
  toMilli,
  type Preset,
  type Product,
  type ProductFormValues,
} from './model';

const product = (over: Partial<Product> = {}): Product => ({
  pid: 1,
  kind: 'pro',
  titulo: 'Amnesia Haze',
  subtitle: '',
  cuerpo: 'Variedad de la familia Haze',
  precio: 9,
  coste: 3.5,
  code: '8400000000017',
  category: 4,
  categorias: 'Flores',
  imagenes: [{ img: '/api/files/aaa', thumb: '/api/files/bbb' }],
  thumb: '/api/files/bbb',
  stock: 250,
  type: 'peso',
  dominance: 'sativa',
  thc: true,
  thc_percent: 18.5,
  cbd_percent: null,
  menu_export: true,
  status: true,
  discount: false,
  unlimited_stock: false,
  inventory_tracking: false,
  jar_weight: 32,
  unit_weight: 0,
  showintv: false,
  valoration: 0,
  list_name: 'Amnesia Haze',
  public_token: '0a1b2c3d4e5f60718293a4b5c6d7e8f9',
  created: 0,
  changed: 0,
  ...over,
});

const values = (over: Partial<ProductFormValues> = {}): ProductFormValues => ({
  ...NEW_PRODUCT,
  title: '  Gorilla Glue #4 ',
  body: 'Híbrida muy resinosa',
  category: 4,
  price: 10,
  cost: 4,
  code: ' 8400000000999 ',
  type: 'peso',
  dominance: 'hibrido',
  ...over,
});

describe('thousandths and cents', () => {
  it('turns quantities of at most three decimals into exact integers', () => {
    expect(toMilli(10.5)).toBe(10500);
    expect(toMilli(0.1 + 0.2)).toBe(300);
    expect(toMilli(1.005)).toBe(1005);
    expect(toMilli(420.5)).toBe(420500);
    expect(toMilli(-0.25)).toBe(-250);
    expect(toMilli(0.0005)).toBe(1); // half away from zero
    expect(toMilli(null)).toBe(0);
    expect(toMilli(Number.NaN)).toBe(0);
  });

  it('turns euros into cents without float drift', () => {
    expect(toCents(1.15)).toBe(115);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(2.675)).toBe(268);
    expect(toCents(undefined)).toBe(0);
  });
});

describe('stock preview (spec §2: current ± quantity)', () => {
  it('adds and removes in thousandths', () => {
    expect(previewStock(0, 10.5, 'add')).toEqual({ milli: 10500, value: 10.5, negative: false });
    expect(previewStock(10.5, 0.25, 'remove')).toEqual({ milli: 10250, value: 10.25, negative: false });
    expect(previewStock(0.3, 0.1, 'remove').value).toBe(0.2);
    expect(previewStock(0.1, 0.2, 'add').value).toBe(0.3);
    expect(previewStock(420.5, 0.07, 'add').value).toBe(420.57);
  });

  it('says when the stock would go below zero', () => {
    expect(previewStock(5, 5.01, 'remove')).toEqual({ milli: -10, value: -0.01, negative: true });
    expect(previewStock(5, 5, 'remove').negative).toBe(false);
  });

  it('keeps the current stock while no quantity is typed', () => {
    expect(previewStock(250, null, 'add').value).toBe(250);
    expect(previewStock(250, undefined, 'remove').value).toBe(250);
  });

  it('sends the signed change: positive to add, negative to remove', () => {
    expect(stockChangeMilli(10.5, 'add')).toBe(10500);
    expect(stockChangeMilli(0.25, 'remove')).toBe(-250);
    expect(stockChangeMilli(-3, 'add')).toBe(3000);
  });

  it('counts weight products in grams and unit products in units', () => {
    expect(stockUnit('peso')).toBe('g');
    expect(stockUnit('ambos')).toBe('g');
    expect(stockUnit('unidad')).toBe('ud');
    expect(stockUnit('unidades')).toBe('ud');
  });

  it('formats quantities in the user language with at most three decimals', () => {
    expect(formatQuantity(10.25, 'es-ES')).toBe('10,25');
    expect(formatQuantity(10.25, 'en-GB')).toBe('10.25');
    expect(formatQuantity(250, 'es-ES', 2)).toBe('250,00');
    expect(formatQuantity(180.125, 'es-ES', 2)).toBe('180,125');
    expect(formatQuantity(0.1 + 0.2, 'en-GB')).toBe('0.3');
  });
});

describe('product payload (spec §3 and §5)', () => {
  it('builds a create payload with trimmed text, two-decimal euros and the jar weight of a weight product', () => {
    const p = buildPayload(values({ price: 10.005, cost: 0.1 + 0.2, jar_weight: 32.0004 }), { club: 1 });
    expect(p).toEqual({
      asocid: 1,
      title: 'Gorilla Glue #4',
      body: 'Híbrida muy resinosa',
      category: 4,
      code: '8400000000999',
      type: 'peso',
      dominance: 'hibrido',
      thc: true,
      menuexport: true,
      status: true,
      discount: false,
      unlimited_stock: false,
      inventory_tracking: false,
      price: 10.01,
      cost: 0.3,
      jar_weight: 32,
      unit_weight: 0,
      images: [],
    });
    expect('pid' in p).toBe(false);
  });

  it('sends the jar weight as 0 when empty or when the product is not sold by weight', () => {
    expect(buildPayload(values({ jar_weight: null }), { club: 1 }).jar_weight).toBe(0);
    expect(buildPayload(values({ type: 'unidad', jar_weight: 30 }), { club: 1 }).jar_weight).toBe(0);
    expect(buildPayload(values({ type: 'ambos', jar_weight: 30, unit_weight: 2.5 }), { club: 1 })).toMatchObject({
      jar_weight: 0,
      unit_weight: 2.5,
    });
  });

  it('keeps a price of 0, leaves out a missing one and sends an empty cost as 0', () => {
    expect(buildPayload(values({ price: 0 }), { club: 1 }).price).toBe(0);
    expect('price' in buildPayload(values({ price: null }), { club: 1 })).toBe(false);
    expect(buildPayload(values({ cost: null }), { club: 1 }).cost).toBe(0);
  });

  it("sends the lab's THC and CBD as typed, and leaves an unknown one out; an edit keeps the stored figures", () => {
    expect(buildPayload(values({ thc_percent: 18.5, cbd_percent: 0.4 }), { club: 1 })).toMatchObject({ thc_percent: 18.5, cbd_percent: 0.4 });
    const unknown = buildPayload(values({ thc_percent: null, cbd_percent: null }), { club: 1 });
    expect('thc_percent' in unknown || 'cbd_percent' in unknown).toBe(false);
    expect(buildPayload(formValuesOf(product()), { club: 1, pid: 1 })).toMatchObject({ thc_percent: 18.5 });
    expect('cbd_percent' in buildPayload(formValuesOf(product()), { club: 1, pid: 1 })).toBe(false);
  });

  it('names the product when editing and keeps stored images by their URL', () => {
    const v = formValuesOf(product());
    v.images.push({ key: 'new-1', src: 'data:image/png;base64,AAAA', preview: 'data:image/png;base64,AAAA' });
    const p = buildPayload(v, { club: 2, pid: 1 });
    expect(p.pid).toBe(1);
    expect(p.asocid).toBe(2);
    expect(p.images).toEqual(['/api/files/aaa', 'data:image/png;base64,AAAA']);
    expect(p).toMatchObject({ title: 'Amnesia Haze', price: 9, cost: 3.5, menuexport: true, jar_weight: 32, dominance: 'sativa' });
  });

  it('reads a saved product into the form, showing stored thumbnails', () => {
    const v = formValuesOf(product({ type: 'unidad', jar_weight: 0, dominance: '' }));
    expect(v).toMatchObject({ title: 'Amnesia Haze', category: 4, type: 'unidad', jar_weight: null, dominance: undefined, menuexport: true });
    expect(v.images[0]).toMatchObject({ src: '/api/files/aaa', preview: '/api/files/bbb' });
  });
});

describe('refusal → form field', () => {
  it('uses the reply field when the form has it', () => {
    expect(formFieldOfError('product.required', 'title')).toBe('title');
    expect(formFieldOfError('product.required', 'category')).toBe('category');
    expect(formFieldOfError('product.required', 'dominance')).toBe('dominance');
    expect(formFieldOfError('product.required', 'price')).toBe('price');
    expect(formFieldOfError('product.required', 'type')).toBe('type');
    expect(formFieldOfError('product.unit_weight_required', 'unit_weight')).toBe('unit_weight');
    expect(formFieldOfError('request.invalid', 'menu_export')).toBe('menuexport');
    expect(formFieldOfError('x', 'images[2]')).toBe('images');
  });

  it('falls back on the code when the reply names no (known) field', () => {
    expect(formFieldOfError('product.code_taken', undefined)).toBe('code');
    expect(formFieldOfError('category.not_found', undefined)).toBe('category');
    expect(formFieldOfError('file.too_large', undefined)).toBe('images');
    expect(formFieldOfError('file.not_image', 'something_else')).toBe('images');
  });

  it('names no field for refusals about no field', () => {
    expect(formFieldOfError('request.invalid', undefined)).toBeNull();
    expect(formFieldOfError(undefined, undefined)).toBeNull();
  });
});

describe('filters, presets, links and images', () => {
  it('sends only the filters in use', () => {
    expect(filterParams({ search: '  amnesia   haze ', category: null }, { key: 'list_name', desc: false })).toEqual({
      search: 'amnesia haze',
      sort: 'list_name',
    });
    expect(filterParams({ search: '', category: 4 }, { key: 'price', desc: true })).toEqual({ category: 4, sort: 'price', desc: true });
  });

  it('filters varieties by every word, ignoring case and accents', () => {
    const list = [
      { slug: 'gorilla-glue-4', title: 'Gorilla Glue #4' },
      { slug: 'og-kush', title: 'OG Kush' },
      { slug: 'bubba-kush', title: 'Bubba Kush' },
    ] as Preset[];
    expect(filterPresets(list, 'kush').map((p) => p.slug)).toEqual(['og-kush', 'bubba-kush']);
    expect(filterPresets(list, 'GLUE gorílla').map((p) => p.slug)).toEqual(['gorilla-glue-4']);
    expect(filterPresets(list, '  ')).toHaveLength(3);
  });

  it('links the QR to the public product page and the history to its route', () => {
    expect(publicProductLink('https://club.example', '3f9a0c1d2e4b5a6978877665544332211', 1)).toBe(
      'https://club.example/app/dispensary_item?id=3f9a0c1d2e4b5a6978877665544332211&asocid=1',
    );
    expect(historyRoute({ pid: 7, titulo: 'Gorilla Glue #4' })).toBe('/productHistoryReport?pid=7&title=Gorilla%20Glue%20%234');
  });

  it('accepts at most 8 images of at most 5 MB', () => {
    expect(imageProblem({ type: 'image/png', size: 1000 }, 0)).toBeNull();
    expect(imageProblem({ type: 'image/svg+xml', size: 1000 }, 7)).toBeNull();
    expect(imageProblem({ type: 'image/png', size: 1000 }, 8)).toBe('tooMany');
    expect(imageProblem({ type: 'application/pdf', size: 1000 }, 0)).toBe('notImage');
    expect(imageProblem({ type: 'image/jpeg', size: 5 * 1024 * 1024 + 1 }, 0)).toBe('tooLarge');
  });
});

describe('a product stock and its cultivation batches', () => {
  it('splits the stock into the grams batches hold and the rest, in milligrams', () => {
    expect(batchStock([{ grams: 10.1 }, { grams: 0.2 }], 12)).toEqual({ batched: 10.3, unbatched: 1.7 });
    expect(batchStock([{ grams: 5 }], 5)).toEqual({ batched: 5, unbatched: 0 });
    expect(batchStock([], 7.5)).toEqual({ batched: 0, unbatched: 7.5 });
  });

  it('never says less than nothing is without a batch', () => {
    // a sale read between the two answers: the batches may briefly hold more than the stock says
    expect(batchStock([{ grams: 6 }], 5).unbatched).toBe(0);
  });
});

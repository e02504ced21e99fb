import type { components } from '../../shared/api/schema';

/** A product of the professional catalogue (spec part 2 §3), as GET /api/dispensario sends it. */
export type Product = components['schemas']['Product'];
export type ProductPayload = components['schemas']['ProductPayload'];
export type ProductImage = components['schemas']['Image'];
export type Preset = components['schemas']['Preset'];
export type StockMovement = components['schemas']['StockMovement'];
export type ProductType = Product['type'];
export type Dominance = 'indica' | 'sativa' | 'hibrido';

/** spec §9: the professional product manager shows 14 products a page, ascending by list name. */
export const PAGE_SIZE = 14;
export const MAX_NOTE = 200;
export const MAX_TITLE = 120;
export const MAX_CODE = 64;
export const MAX_IMAGES = 8;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export const PRODUCT_TYPES: ProductType[] = ['peso', 'unidad', 'ambos'];
export const DOMINANCES: Dominance[] = ['indica', 'sativa', 'hibrido'];

/** The server's sorts of the product list (GET /api/dispensario?sort=). */
export type SortKey = 'list_name' | 'code' | 'price' | 'cost' | 'stock' | 'category' | 'changed';
export interface ProductSort {
  key: SortKey;
  desc: boolean;
}
export const DEFAULT_SORT: ProductSort = { key: 'list_name', desc: false };

/** The manager's filter: words of the title or code, and a category. */
export interface ProductFilter {
  search: string;
  category: number | null;
}

/** The query string of a product list or export (without the club and the paging). */
export function filterParams(f: ProductFilter, sort: ProductSort): { search?: string; category?: number; sort: SortKey; desc?: boolean } {
  const search = f.search.trim().replace(/\s+/g, ' ');
  return {
    ...(search ? { search } : {}),
    ...(f.category ? { category: f.category } : {}),
    sort: sort.key,
    ...(sort.desc ? { desc: true } : {}),
  };
}

// ------------------------------------------------------------------ quantities and money

/**
 * A number of at most three decimals as an integer of thousandths (grams → milligrams), the unit
 * the server keeps quantities in. Rounds half away from zero, so 0.0005 never turns into float noise.
 */
export function toMilli(x: number | null | undefined): number {
  if (typeof x !== 'number' || !Number.isFinite(x)) return 0;
  const m = Math.round(Math.abs(x) * 1000 + 1e-7);
  return x < 0 ? -m : m;
}

/** Euros as integer cents (half away from zero). */
export function toCents(x: number | null | undefined): number {
  if (typeof x !== 'number' || !Number.isFinite(x)) return 0;
  const c = Math.round(Math.abs(x) * 100 + 1e-7);
  return x < 0 ? -c : c;
}

export const fromMilli = (m: number): number => m / 1000;
export const fromCents = (c: number): number => c / 100;

export type StockMode = 'add' | 'remove';

/** The signed change of a stock adjustment, in thousandths. */
export function stockChangeMilli(quantity: number | null | undefined, mode: StockMode): number {
  const q = Math.abs(toMilli(quantity));
  return mode === 'add' ? q : -q;
}

/**
 * The stock the modal previews (spec §2): current stock plus or minus the quantity, computed in
 * thousandths so 0.1 + 0.2 is 0.3 and 10.5 − 0.25 is 10.25.
 */
export function previewStock(current: number, quantity: number | null | undefined, mode: StockMode) {
  const milli = toMilli(current) + stockChangeMilli(quantity, mode);
  return { milli, value: fromMilli(milli), negative: milli < 0 };
}

/** The unit a product's stock is counted in: grams for products sold by weight, units otherwise. */
export function stockUnit(type: ProductType | string | undefined): 'g' | 'ud' {
  return type === 'unidad' || type === 'unidades' ? 'ud' : 'g';
}

/** A quantity in the user's language with at most three decimals (or at least `minDecimals`). */
export function formatQuantity(value: number, locale: string, minDecimals = 0): string {
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: minDecimals,
    maximumFractionDigits: Math.max(3, minDecimals),
  }).format(fromMilli(toMilli(value)));
}

// ------------------------------------------------------------------ the product form

/** What the product form holds (payload names, so a server `field` names a form field). */
export interface ProductFormValues {
  title: string;
  body: string;
  category?: number | null;
  price?: number | null;
  cost?: number | null;
  code: string;
  type?: ProductType;
  dominance?: Dominance;
  thc: boolean;
  /** The lab's average THC and CBD in percent (empty: not known; the young band receives only a known THC). */
  thc_percent?: number | null;
  cbd_percent?: number | null;
  menuexport: boolean;
  status: boolean;
  discount: boolean;
  unlimited_stock: boolean;
  inventory_tracking: boolean;
  jar_weight?: number | null;
  unit_weight?: number | null;
  images: ImageItem[];
}

/** An image of the form: a stored one (`/api/files/…`, sent back to keep it) or a new data URL. */
export interface ImageItem {
  key: string;
  /** What the server gets: the stored img URL or a base64 data URL. */
  src: string;
  /** What the form shows: the thumbnail of a stored image, or the data URL. */
  preview: string;
}

export const NEW_PRODUCT: ProductFormValues = {
  title: '',
  body: '',
  category: null,
  price: null,
  cost: null,
  code: '',
  type: undefined,
  dominance: undefined,
  thc: true,
  thc_percent: null,
  cbd_percent: null,
  menuexport: true,
  status: true,
  discount: false,
  unlimited_stock: false,
  inventory_tracking: false,
  jar_weight: null,
  unit_weight: null,
  images: [],
};

function isDominance(v: string): v is Dominance {
  return (DOMINANCES as string[]).includes(v);
}

/** The form values of a saved product (edit mode). */
export function formValuesOf(p: Product): ProductFormValues {
  return {
    title: p.titulo,
    body: p.cuerpo ?? '',
    category: p.category ?? null,
    price: p.precio,
    cost: p.coste,
    code: p.code ?? '',
    type: p.type,
    dominance: isDominance(p.dominance) ? p.dominance : undefined,
    thc: p.thc,
    thc_percent: p.thc_percent ?? null,
    cbd_percent: p.cbd_percent ?? null,
    menuexport: p.menu_export,
    status: p.status,
    discount: p.discount,
    unlimited_stock: p.unlimited_stock,
    inventory_tracking: p.inventory_tracking,
    jar_weight: p.type === 'peso' && p.jar_weight ? p.jar_weight : null,
    unit_weight: p.unit_weight || null,
    images: (p.imagenes ?? []).map((img, i) => ({ key: `stored-${i}-${img.img}`, src: img.img, preview: img.thumb || img.img })),
  };
}

/**
 * POST /api/dispensario's body (spec part 2 §3 and §5): euros with two decimals, quantities with
 * three, jar weight only for products sold by weight (0 otherwise or when empty), pid when editing.
 */
export function buildPayload(v: ProductFormValues, o: { club: number; pid?: number | null }): ProductPayload {
  const type = v.type ?? '';
  const payload: ProductPayload = {
    asocid: o.club,
    title: v.title.trim(),
    body: v.body ?? '',
    category: v.category ?? 0,
    code: (v.code ?? '').trim(),
    type,
    dominance: v.dominance ?? '',
    thc: v.thc,
    menuexport: v.menuexport,
    status: v.status,
    discount: v.discount,
    unlimited_stock: v.unlimited_stock,
    inventory_tracking: v.inventory_tracking,
    cost: fromCents(toCents(v.cost)),
    jar_weight: type === 'peso' ? fromMilli(toMilli(v.jar_weight)) : 0,
    unit_weight: fromMilli(toMilli(v.unit_weight)),
    images: v.images.map((i) => i.src),
  };
  if (v.price !== null && v.price !== undefined && Number.isFinite(v.price)) payload.price = fromCents(toCents(v.price));
  // left out when empty: the product's figure is then not known
  if (typeof v.thc_percent === 'number') payload.thc_percent = v.thc_percent;
  if (typeof v.cbd_percent === 'number') payload.cbd_percent = v.cbd_percent;
  if (o.pid) payload.pid = o.pid;
  return payload;
}

/** Payload fields whose form field has another name. */
const FIELD_ALIASES: Record<string, keyof ProductFormValues> = {
  menu_export: 'menuexport',
  titulo: 'title',
  cuerpo: 'body',
  precio: 'price',
  coste: 'cost',
};

const FORM_FIELDS: (keyof ProductFormValues)[] = [
  'title', 'body', 'category', 'price', 'cost', 'code', 'type', 'dominance', 'thc', 'thc_percent', 'cbd_percent', 'menuexport', 'status',
  'discount', 'unlimited_stock', 'inventory_tracking', 'jar_weight', 'unit_weight', 'images',
];

/** Codes that always concern one field even when the reply names none. */
const CODE_FIELDS: Record<string, keyof ProductFormValues> = {
  'category.not_found': 'category',
  'product.code_taken': 'code',
  'product.code_too_long': 'code',
  'product.title_too_long': 'title',
  'product.body_too_long': 'body',
  'product.price_negative': 'price',
  'product.cost_negative': 'cost',
  'product.unit_weight_required': 'unit_weight',
  'product.too_many_images': 'images',
  'product.dominance_invalid': 'dominance',
  'product.type_invalid': 'type',
  'file.not_image': 'images',
  'file.too_large': 'images',
};

/** The form field a refused save is about: the reply's `field` (e.g. "title"), else the code's field. */
export function formFieldOfError(code: string | undefined, field: string | undefined): keyof ProductFormValues | null {
  if (field) {
    const base = field.replace(/\[\d+\].*$/, '').replace(/\..*$/, '');
    const name = (FIELD_ALIASES[base] ?? base) as keyof ProductFormValues;
    if (FORM_FIELDS.includes(name)) return name;
  }
  return (code && CODE_FIELDS[code]) || null;
}

// ------------------------------------------------------------------ presets, links, files

/** Preset varieties whose title contains every word of the filter (case and accents ignored). */
export function filterPresets(list: Preset[], text: string): Preset[] {
  const words = fold(text).split(/\s+/).filter(Boolean);
  if (words.length === 0) return list;
  return list.filter((p) => {
    const hay = fold(`${p.title} ${p.slug}`);
    return words.every((w) => hay.includes(w));
  });
}

export function fold(s: string): string {
  return s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

export { publicProductLink } from '../../shared/api/links';

/** The route of a product's stock movement history. */
export function historyRoute(p: Pick<Product, 'pid' | 'titulo'>): string {
  return `/productHistoryReport?pid=${p.pid}&title=${encodeURIComponent(p.titulo)}`;
}

export type ImageProblem = 'notImage' | 'tooLarge' | 'tooMany';

/** Why a picked file cannot become one of the product's images (null when it can). */
export function imageProblem(file: { type: string; size: number }, count: number): ImageProblem | null {
  if (count >= MAX_IMAGES) return 'tooMany';
  if (!/^image\/(png|jpeg|gif|webp|svg\+xml)$/.test(file.type)) return 'notImage';
  if (file.size > MAX_IMAGE_BYTES) return 'tooLarge';
  return null;
}

// ------------------------------------------------------------------ cultivation batches

/** What the stock holds from cultivation batches and what it holds without one, in grams. */
export interface BatchStock {
  /** grams in the stock that came from batches */
  batched: number;
  /** grams in the stock with no batch (typed in by hand before the club grew, or counted) */
  unbatched: number;
}

/** Splits a weight product's stock into the grams its batches hold and the rest (never below zero). */
export function batchStock(batches: readonly { grams: number }[], stock: number): BatchStock {
  const batched = batches.reduce((sum, b) => sum + toMilli(b.grams), 0);
  return { batched: fromMilli(batched), unbatched: fromMilli(Math.max(0, toMilli(stock) - batched)) };
}

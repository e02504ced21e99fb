import type { components } from '../../shared/api/schema';
import { decodeEntities } from '../../shared/format/body';

/** A product of the catalogue as GET /api/item lists it (kind basic). */
export type Product = components['schemas']['Product'];
/** What the public QR link of a product shows (GET /api/list_item/retrieve). */
export type PublicProduct = components['schemas']['PublicProduct'];
/** POST /api/item: create (no nid) or edit a basic product. */
export type BasicItemPayload = components['schemas']['BasicItemInputBody'];

/** Spec part 2 §9: basic products are listed 24 to a page. */
export const BASIC_PAGE_SIZE = 24;
/** Spec part 2 §9: the product detail carousel turns every 8000 ms. */
export const ITEM_CAROUSEL_MS = 8000;
/** Spec part 2 §2: the product detail shows the first 150 characters of the body. */
export const BODY_PREVIEW_CHARS = 150;
/** The server keeps at most 8 images per product. */
export const MAX_IMAGES = 8;
/** The server refuses titles longer than this. */
export const MAX_TITLE = 120;
/** The server refuses bodies longer than this (bytes; the form counts characters, a safe bound). */
export const MAX_BODY = 20000;
export const MAX_VALORATION = 5;

/** Values of the basic product form. `images` holds data URLs (new) and /api/files/… (kept). */
export interface BasicFormValues {
  listnid?: number | null;
  title?: string;
  subtitle?: string;
  body?: string;
  images?: string[];
  showintv?: boolean;
  valoration?: number | null;
}

export const EMPTY_FORM: BasicFormValues = {
  listnid: undefined,
  title: '',
  subtitle: '',
  body: '',
  images: [],
  showintv: true,
  valoration: 0,
};

/** A rating the server accepts: a whole number 0–5. */
export function clampValoration(v: number | null | undefined): number {
  const n = typeof v === 'number' && Number.isFinite(v) ? Math.round(v) : 0;
  return Math.min(MAX_VALORATION, Math.max(0, n));
}

/** Form fields a server refusal can point at (its `field`), by the server's name. */
const FIELD_OF: Record<string, keyof BasicFormValues> = {
  title: 'title',
  category: 'listnid',
  listnid: 'listnid',
  body: 'body',
  images: 'images',
  valoration: 'valoration',
  subtitle: 'subtitle',
};

/** The form field a refusal is about, from the `field` the server names; undefined for none of the form's. */
export function formFieldOf(field: string | undefined): keyof BasicFormValues | undefined {
  return field && Object.hasOwn(FIELD_OF, field) ? FIELD_OF[field] : undefined;
}

/**
 * The POST /api/item body of the form: trimmed texts, the list, every image in order (kept ones by
 * their /api/files/ address, new ones as data URLs), the TV flag (default yes) and a 0–5 rating.
 */
export function buildBasicPayload(club: number, v: BasicFormValues, nid?: number | null): BasicItemPayload {
  const payload: BasicItemPayload = {
    asocid: club,
    listnid: Number(v.listnid ?? 0),
    title: (v.title ?? '').trim(),
    subtitle: (v.subtitle ?? '').trim(),
    body: (v.body ?? '').trim(),
    images: (v.images ?? []).filter((s) => typeof s === 'string' && s !== '').slice(0, MAX_IMAGES),
    showintv: v.showintv ?? true,
    valoration: clampValoration(v.valoration),
  };
  if (nid && nid > 0) payload.nid = nid;
  return payload;
}

/** The form values of a stored basic product (edit mode). */
export function formValuesOf(p: Product): BasicFormValues {
  return {
    listnid: p.category ?? undefined,
    title: p.titulo ?? '',
    subtitle: p.subtitle ?? '',
    body: p.cuerpo ?? '',
    images: (p.imagenes ?? []).map((i) => i.img).filter(Boolean),
    showintv: p.showintv,
    valoration: clampValoration(p.valoration),
  };
}

const TAG = /<\/?[a-z][^>]*>/i;

/** Plain text of a body: HTML tags (older products may carry some) become spaces, entities are read. */
export function plainText(body: string | null | undefined): string {
  const s = body ?? '';
  if (!TAG.test(s)) return s.trim();
  const lines = s
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h\d)>/gi, '\n')
    .replace(/<[^>]*>/g, ' ');
  return decodeEntities(lines)
    .replace(/[ \t]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export interface BodyPreview {
  text: string;
  /** True when the preview is shorter than the body ("ver más" shows the rest). */
  truncated: boolean;
}

/**
 * The first `max` characters of a body, cut at the last word boundary inside them (a single word
 * longer than the limit is cut hard), white space folded, and an ellipsis when something is left.
 * Characters are counted as the person sees them (code points, so an emoji counts once).
 */
export function bodyPreview(body: string | null | undefined, max = BODY_PREVIEW_CHARS): BodyPreview {
  const text = plainText(body).replace(/\s+/g, ' ').trim();
  const chars = Array.from(text);
  if (chars.length <= max) return { text, truncated: false };
  const head = chars.slice(0, max).join('');
  const next = chars[max];
  let cut: string;
  if (/\s/.test(next)) {
    cut = head;
  } else {
    const lastSpace = head.search(/\s\S*$/);
    cut = lastSpace > 0 ? head.slice(0, lastSpace) : head;
  }
  cut = cut.replace(/[\s,;:.\-–—]+$/u, '');
  return { text: `${cut}…`, truncated: true };
}

export interface ListGroup {
  /** The list (product category) nid; 0 for items without one. */
  nid: number;
  title: string;
  items: Product[];
}

/**
 * Items grouped by their list, lists in alphabetical order (as the lists dialog shows them) and
 * items by title inside each; items without a list go last.
 */
export function groupByList(items: Product[], locale = 'es'): ListGroup[] {
  const groups = new Map<number, ListGroup>();
  for (const p of items) {
    const nid = p.category ?? 0;
    let g = groups.get(nid);
    if (!g) {
      g = { nid, title: nid ? p.categorias || '' : '', items: [] };
      groups.set(nid, g);
    }
    g.items.push(p);
  }
  const cmp = (a: string, b: string) => a.localeCompare(b, locale, { sensitivity: 'base' });
  const out = [...groups.values()];
  out.forEach((g) => g.items.sort((a, b) => cmp(a.titulo, b.titulo)));
  return out.sort((a, b) => (a.nid === 0 ? 1 : b.nid === 0 ? -1 : cmp(a.title, b.title)));
}

/** The basic products of one list (0 or null: all), for the manager's filter. */
export function filterByList(items: Product[], listnid: number | null | undefined): Product[] {
  if (!listnid) return items;
  return items.filter((p) => p.category === listnid);
}

/**
 * Whether the public product is a professional one (it carries a price): professional products
 * always have a dominance; basic ones have none and no price.
 */
export function isProfessional(p: Pick<PublicProduct, 'dominance' | 'precio'>): boolean {
  return (p.dominance ?? '') !== '' || (p.precio ?? 0) > 0;
}

/** The unit a professional product's price is for: per gram (peso), per unit (unidad), none (ambos). */
export function priceUnit(type: string | null | undefined): 'gram' | 'unit' | null {
  if (type === 'peso') return 'gram';
  if (type === 'unidad' || type === 'unidades') return 'unit';
  return null;
}

/** The public link of a product (its QR): /app/dispensary_item?id=<public token>&asocid=<club>. */
export { productDetailPath as productLink } from '../../shared/api/links';

/** A product's public token from a query value (16 or more letters, digits, - or _), else null: an id is not one. */
export function linkToken(v: string | null | undefined): string | null {
  const s = v?.trim() ?? '';
  return /^[A-Za-z0-9_-]{16,64}$/.test(s) ? s : null;
}

/** A positive whole number from a query value, else null. */
export function positiveId(v: string | null | undefined): number | null {
  if (!v || !/^\d+$/.test(v.trim())) return null;
  const n = Number(v);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

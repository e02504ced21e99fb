import { useSyncExternalStore } from 'react';
import { readKey, writeKey } from '../../shared/session/storage';
import { useClubId } from '../../shared/session/clubId';
import type { Order, OrderLine, PayType, SaveLine } from './api';

/**
 * Text typed or read from a scale as a number: commas become dots; a scale's spaces, "g", "+"
 * and "net" go (spec part 1 §5). Returns null for anything that is not a number.
 */
export function readNumber(text: string): number | null {
  const clean = text
    .toLowerCase()
    .replace(/net/g, '')
    .replace(/[\sg+]/g, '')
    .replace(/,/g, '.');
  if (clean === '' || !/^-?\d*\.?\d+$|^-?\d+\.$/.test(clean)) return null;
  const n = Number(clean);
  if (!Number.isFinite(n)) return null;
  return n === 0 ? 0 : n; // "-0" is nought, not a negative zero that would print as "0" yet compare apart
}

const round = (n: number, places: number) => {
  const f = 10 ** places;
  return Math.round((n + Number.EPSILON) * f) / f;
};

/** Price of a quantity (2 decimals): what the dialog shows while the quantity is typed. */
export const priceOf = (unitPrice: number, quantity: number) => round(unitPrice * quantity, 2);

/** Quantity bought by a price (3 decimals): weight items are often sold "20 € of it". */
export const quantityOf = (unitPrice: number, price: number) => (unitPrice > 0 ? round(price / unitPrice, 3) : 0);

/** One batch's part of the grams being added: its number, strain, THC and the grams it gives. */
export interface BatchShare {
  batch: number;
  strain: string;
  thc: number | null;
  /** grams this batch gives (0 while nothing is typed: the batch the next gram comes from) */
  grams: number;
}

/** Where the grams being added come from: batches in order, and grams beyond every batch (stock without one). */
export interface BatchSource {
  shares: BatchShare[];
  rest: number;
}

const milli = (g: number | null | undefined) => (typeof g === 'number' && Number.isFinite(g) && g > 0 ? Math.round(g * 1000) : 0);

/**
 * Which batches the grams typed at the counter will come from. A sale takes a product's grams from
 * its batches in the order the server lists them (oldest best-before first), and the grams of this
 * product already in the cart are taken before these. With nothing typed yet, the batch the next gram
 * comes from. Grams past every batch come from stock without a batch (`rest`). Counted in milligrams,
 * as the server does, so 0,1 + 0,2 is 0,3.
 */
export function batchSource(batches: readonly { batch: number; strain: string; grams: number; thc_percent: number | null }[], grams: number | null, inCart = 0): BatchSource {
  let skip = milli(inCart);
  let want = milli(grams);
  const next = want === 0;
  const shares: BatchShare[] = [];
  for (const b of batches) {
    let left = milli(b.grams);
    if (skip >= left) {
      skip -= left;
      continue;
    }
    left -= skip;
    skip = 0;
    const take = next ? 0 : Math.min(left, want);
    shares.push({ batch: b.batch, strain: b.strain, thc: b.thc_percent, grams: take / 1000 });
    want -= take;
    if (want === 0) break;
  }
  return { shares, rest: want / 1000 };
}

export type AddError = 'noMember' | 'notNumeric' | 'empty' | 'noStock' | 'zero';

/** The add-to-order checks of spec part 1 §5, in the spec's order. */
export function checkAdd(
  v: { member: boolean; quantity: string; price: string; stock: number; unlimited: boolean; inCart: number },
): AddError | null {
  if (!v.member) return 'noMember';
  if (v.quantity.trim() === '' || v.price.trim() === '') return 'empty';
  const q = readNumber(v.quantity);
  if (q === null || readNumber(v.price) === null) return 'notNumeric';
  if (q <= 0) return 'zero';
  if (!v.unlimited && q + v.inCart > v.stock) return 'noStock';
  return null;
}

/** Real weight ±0.01 (spec: minus only while above 0.01). */
export function stepReal(real: number, dir: 1 | -1): number {
  if (dir < 0 && real <= 0.01) return real;
  return round(real + dir * 0.01, 3);
}

/** Whether a real weight lies outside the club's discrepancy percent, above or below the quantity (the server refuses both). */
export const realOutOfRange = (real: number, quantity: number, percent: number) =>
  real * 100 > quantity * (100 + percent) + 1e-9 || real * 100 < quantity * (100 - percent) - 1e-9;

/** The lines of an order as the save call sends them. */
export function linesOf(order: Order | null | undefined): SaveLine[] {
  return (order?.products ?? []).map((l: OrderLine) =>
    l.fee_id ? { fee_id: l.fee_id, quantity: 1 } : { pid: l.product.pid, quantity: l.quantity, real_quantity: l.real_quantity },
  );
}

/** The lines of a cart with `quantity` more of a product: its line grows, or a new line comes last. */
export function addLine(lines: SaveLine[], pid: number, quantity: number): SaveLine[] {
  const i = lines.findIndex((l) => l.pid === pid);
  if (i < 0) return [...lines, { pid, quantity }];
  return lines.map((l, j) => (j === i ? { pid, quantity: Number(((l.quantity ?? 0) + quantity).toFixed(3)) } : l));
}

/** What a payment method needs of the club (spec part 1 §6). */
export function allowedMethods(club: {
  cashPermission?: boolean;
  cardPermission?: boolean;
  walletPermission?: boolean;
  functionalities?: Record<string, boolean | undefined> | null;
} | null | undefined): PayType[] {
  if (!club) return [];
  const f = club.functionalities ?? {};
  const out: PayType[] = [];
  if (club.cashPermission) out.push('cash');
  if (club.walletPermission && (f.funciones_avanzadas_gestion || f.monedero)) out.push('wallet');
  if (club.cardPermission) out.push('tpv');
  return out;
}

export const signatureRequired = (club: { functionalities?: Record<string, boolean | undefined> | null } | null | undefined) =>
  !!(club?.functionalities?.firma_pedido || club?.functionalities?.firma_digital);

/**
 * What a missing signature says (spec part 1 §5): on the screen's signature pad 'No has completado
 * la firma' with why; with the club's signature tablet (firma_digital) 'No has ingresado ninguna firma'.
 */
export const signatureMissingKey = (club: { functionalities?: Record<string, boolean | undefined> | null } | null | undefined) =>
  club?.functionalities?.firma_digital ? 'pos.pay.signTablet' : 'pos.pay.signFirst';

export { changeOf } from '../../shared/wallet/model';

// ---------------------------------------------------------------- payment methods setting

export type Method = 'cash' | 'card' | 'wallet';

/** The method string the server keeps ("-wallet-card-cash"), with no saved record meaning all three. */
export function methodsOf(title: string | undefined): Set<Method> {
  if (title === undefined) return new Set(['cash', 'card', 'wallet']);
  return new Set((['cash', 'card', 'wallet'] as Method[]).filter((m) => title.includes(m)));
}

export const titleOf = (s: Set<Method>) => (['wallet', 'card', 'cash'] as Method[]).filter((m) => s.has(m)).map((m) => `-${m}`).join('');

// ---------------------------------------------------------------- member tabs

export interface TabMember {
  nid: number;
  number: number;
  nombre: string;
  surname: string;
}

export interface Tabs {
  members: TabMember[];
  current: number | null;
}

const EMPTY: Tabs = { members: [], current: null };
const key = (club: number) => `socius.pos.${club}.members`;
const listeners = new Set<() => void>();
const cache = new Map<number, Tabs>();

function read(club: number): Tabs {
  if (!cache.has(club)) {
    let t = EMPTY;
    try {
      const raw = readKey(key(club));
      if (raw) t = JSON.parse(raw) as Tabs;
    } catch {
      t = EMPTY;
    }
    cache.set(club, t);
  }
  return cache.get(club)!;
}

function write(club: number, t: Tabs) {
  cache.set(club, t);
  writeKey(key(club), JSON.stringify(t));
  listeners.forEach((l) => l());
}

/** Select a member: a new tab (or the existing one), made current. */
export function selectMember(tabs: Tabs, m: TabMember): Tabs {
  const open = tabs.members.find((x) => x.nid === m.nid);
  // a tab opened by id (a link) has no name yet: selecting the member read names it
  const members = !open ? [...tabs.members, m] : !open.number && m.number ? tabs.members.map((x) => (x === open ? m : x)) : tabs.members;
  return { members, current: m.nid };
}

/** Close a tab: closing the current one makes the last selected member current, or none. */
export function closeMember(tabs: Tabs, nid: number): Tabs {
  const members = tabs.members.filter((x) => x.nid !== nid);
  const current = tabs.current === nid ? (members.at(-1)?.nid ?? null) : tabs.current;
  return { members, current };
}

/** The member tabs of a club, kept in local storage between visits (spec part 1 §1). */
export function useTabs() {
  const club = useClubId();
  const tabs = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => read(club),
  );
  return {
    tabs,
    select: (m: TabMember) => write(club, selectMember(read(club), m)),
    close: (nid: number) => write(club, closeMember(read(club), nid)),
    setCurrent: (nid: number) => write(club, { ...read(club), current: nid }),
    /** No member is current (their tab and open order stay): a new lookup must never leave the last one selected. */
    deselect: () => write(club, { ...read(club), current: null }),
  };
}

/** Forget cached tabs (a new login clears local storage). */
export function resetTabsCache() {
  cache.clear();
}

/** Text in the product search that reads as a product code or barcode: 4 or more letters, digits or dashes, with a digit. */
export const looksLikeCode = (text: string) => /^[0-9A-Za-z-]{4,}$/.test(text) && /\d/.test(text);

// ---------------------------------------------------------------- member lookup at the counter

// The member field's lookup and its search are shared with the access control screen.
export { lookupMember, memberQuery, type MemberLookup } from '../../shared/members/find';

// ---------------------------------------------------------------- paying

/** The notes a customer hands over most. */
export const NOTES = [5, 10, 20, 50];
const MAX_TENDERS = 6;

/**
 * The cash amounts offered as one tap in the pay dialog, besides "exact": the notes and the club's
 * own default amounts that pay the total on their own, and the total rounded up to the next 5, 10,
 * 20 and 50 € (what a customer hands over for 72 €: 75, 80, 100). Ascending, at most six, every
 * one above the total (the exact amount has its own button).
 */
export function quickTenders(due: number, presets: number[] = []): number[] {
  const cents = Math.round(due * 100);
  const up = NOTES.map((n) => Math.ceil(cents / (n * 100)) * n);
  const all = new Set([...NOTES, ...presets, ...up].filter((a) => Number.isFinite(a) && Math.round(a * 100) > cents));
  return [...all].sort((a, b) => a - b).slice(0, MAX_TENDERS);
}

/**
 * The date a member's fee ran out, or null while it runs (or when the club never gave them one:
 * then there is no date to name, and a club that keeps no fees is not asked at every sale).
 */
export function feeExpiredOn(endDate: number | null | undefined, nowSeconds: number = Date.now() / 1000): number | null {
  if (!endDate || endDate <= 0) return null;
  return endDate < nowSeconds ? endDate : null;
}

// ---------------------------------------------------------------- keyboard

/** What a key does at the counter (no dialog open). */
export type CounterAction = 'member' | 'search' | 'picker' | 'pay' | 'print' | 'help';

/**
 * The counter's shortcuts, in the order the legend and the help list them. F-keys a browser keeps
 * for itself (F1 help, F5 reload, F6 address bar, F7 caret browsing, F10–F12) are left alone.
 */
export const SHORTCUTS: { action: CounterAction; keys: string[] }[] = [
  { action: 'member', keys: ['F2'] },
  { action: 'search', keys: ['F3'] },
  { action: 'picker', keys: ['F4'] },
  { action: 'pay', keys: ['F9'] },
  { action: 'print', keys: ['F8'] },
  { action: 'help', keys: ['?'] },
];

/** Where a key was pressed: in a field one types into (and whether it is empty), or elsewhere. */
export interface KeyTarget {
  typing: boolean;
  empty: boolean;
  /** the product search, where Enter on an empty field pays */
  search: boolean;
}

/**
 * The counter's action for a key, or null to leave it alone. F-keys work anywhere; "?" only away
 * from a field one types into (there it is a character); Enter pays from the empty product search,
 * where it has nothing else to do (with text it adds the product its code names). Keys with Ctrl,
 * Alt or Meta belong to the browser and the system.
 */
export function counterKey(e: { key: string; ctrlKey?: boolean; altKey?: boolean; metaKey?: boolean }, at: KeyTarget): CounterAction | null {
  if (e.ctrlKey || e.altKey || e.metaKey) return null;
  const f = SHORTCUTS.find((s) => s.keys[0].startsWith('F') && s.keys[0] === e.key);
  if (f) return f.action;
  if (e.key === '?') return at.typing ? null : 'help';
  if (e.key === 'Enter' && at.search && at.empty) return 'pay';
  return null;
}

/** The target of a key event as counterKey reads it. */
export function keyTarget(el: EventTarget | null, searchEl: HTMLElement | null | undefined): KeyTarget {
  const h = el as HTMLElement | null;
  const tag = h?.tagName ?? '';
  const typing = !!h && (tag === 'TEXTAREA' || h.isContentEditable || (tag === 'INPUT' && !['checkbox', 'radio', 'button', 'submit'].includes((h as HTMLInputElement).type)));
  return { typing, empty: typing && !(h as HTMLInputElement).value, search: !!h && h === searchEl };
}

// ---------------------------------------------------------------- open orders

/**
 * Every page of a list the server pages (open orders): asks page after page until it has the
 * total, so nothing past the first page is missed. A row that moves to the next page while the
 * list is read (a new order comes first) is kept once; an empty page ends the reading, so a list
 * that shrinks meanwhile cannot loop.
 */
export async function readAllPages<T>(
  fetchPage: (page: number) => Promise<{ data: T[]; total: number }>,
  keyOf: (row: T) => unknown,
  maxPages = 100,
): Promise<{ data: T[]; total: number }> {
  const out = new Map<unknown, T>();
  let total = 0;
  for (let page = 0; page < maxPages; page++) {
    const r = await fetchPage(page);
    total = r.total;
    r.data.forEach((row) => out.set(keyOf(row), row));
    if (r.data.length === 0 || out.size >= total) break;
  }
  return { data: [...out.values()], total: Math.max(total, out.size) };
}

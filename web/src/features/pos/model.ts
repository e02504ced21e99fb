import { useSyncExternalStore } from 'react';
import { readKey, writeKey } from '../../shared/session/storage';
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
  const members = tabs.members.some((x) => x.nid === m.nid) ? tabs.members : [...tabs.members, m];
  return { members, current: m.nid };
}

/** Close a tab: closing the current one makes the last selected member current, or none. */
export function closeMember(tabs: Tabs, nid: number): Tabs {
  const members = tabs.members.filter((x) => x.nid !== nid);
  const current = tabs.current === nid ? (members.at(-1)?.nid ?? null) : tabs.current;
  return { members, current };
}

/** The member tabs of a club, kept in local storage between visits (spec part 1 §1). */
export function useTabs(club: number | null) {
  const tabs = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => (club === null ? EMPTY : read(club)),
  );
  return {
    tabs,
    select: (m: TabMember) => club !== null && write(club, selectMember(read(club), m)),
    close: (nid: number) => club !== null && write(club, closeMember(read(club), nid)),
    setCurrent: (nid: number) => club !== null && write(club, { ...read(club), current: nid }),
    /** No member is current (their tab and open order stay): a new lookup must never leave the last one selected. */
    deselect: () => club !== null && write(club, { ...read(club), current: null }),
  };
}

/** Forget cached tabs (a new login clears local storage). */
export function resetTabsCache() {
  cache.clear();
}

/** Text in the product search that reads as a product code or barcode: 4 or more letters, digits or dashes, with a digit. */
export const looksLikeCode = (text: string) => /^[0-9A-Za-z-]{4,}$/.test(text) && /\d/.test(text);

// ---------------------------------------------------------------- member lookup at the counter

// The member field's lookup and its name searches are shared with the access control screen.
export { lookupMember, nameFilters, type MemberLookup } from '../../shared/members/find';

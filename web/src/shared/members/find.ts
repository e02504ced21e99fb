import { api, unwrap } from '../api';
import type { components } from '../api/schema';

export type Member = components['schemas']['Member'];

/** The "Socios activos" picker shows 5 members a page (spec part 1 §9). */
export const MEMBERS_PAGE = 5;

/**
 * The name searches a text stands for, in the order they are tried: the whole text as the name,
 * as the surnames, then split between name and surnames ("Lucía Martínez", "Martínez Lucía").
 * The server matches each word against the start of a word of one field.
 */
export function nameFilters(text: string): { nombre?: string; surname?: string }[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const all = words.join(' ');
  const out: { nombre?: string; surname?: string }[] = [{ nombre: all }, { surname: all }];
  // a longer text is a name or a surname as typed: its splits would be too many searches
  for (let k = 1; k < words.length && words.length <= 4; k++) {
    out.push({ nombre: words.slice(0, k).join(' '), surname: words.slice(k).join(' ') });
    out.push({ surname: words.slice(0, k).join(' '), nombre: words.slice(k).join(' ') });
  }
  return out;
}

/**
 * Active members for the "Socios activos" picker and the member fields that open it, 5 a page.
 * Digits are a member number or a key fob; text is a name, a surname or both (the first of
 * their readings that finds anyone, so every page reads the same way).
 */
export async function findMembers(club: number, text: string, page: number) {
  const q = text.trim();
  const readings: Record<string, string | number>[] = /^\d+$/.test(q) ? [{ number: Number(q) }] : /\d/.test(q) ? [{ keychain: q }] : q ? nameFilters(q) : [{}];
  let out: { data: Member[]; total: number } = { data: [], total: 0 };
  for (const by of readings) {
    const reply = await unwrap(
      api.GET('/api/ficha_socio', { params: { query: { association: club, status: '1', limit: MEMBERS_PAGE, page, ...by } } }),
    );
    out = { data: reply.data ?? [], total: reply.total_fichas ?? 0 };
    if (out.total > 0) break;
  }
  return out;
}

/** A key fob, QR (ID number) or member number that names exactly one active member. */
export async function memberByScan(club: number, code: string): Promise<Member | null> {
  const q = code.trim();
  if (!q) return null;
  const asks: Record<string, string | number>[] = [{ keychain: q }, { dni: q }];
  if (/^\d+$/.test(q)) asks.push({ number: Number(q) });
  for (const a of asks) {
    const reply = await unwrap(api.GET('/api/ficha_socio', { params: { query: { association: club, status: '1', limit: 2, ...a } } }));
    if ((reply.data ?? []).length === 1) return reply.data![0];
  }
  return null;
}

/** What a member field does with the text typed or swiped into it. */
export type MemberLookup<M> = { kind: 'one'; member: M } | { kind: 'pick' } | { kind: 'none' };

/**
 * A number, key fob or ID number that names one member selects them; any other text that finds
 * members (a name, a surname, part of one) opens the picker filtered by it; nothing found is none.
 */
export async function lookupMember<M>(
  text: string,
  find: { scan: (q: string) => Promise<M | null>; count: (q: string) => Promise<number> },
): Promise<MemberLookup<M>> {
  const q = text.trim();
  if (!q) return { kind: 'none' };
  const one = await find.scan(q);
  if (one) return { kind: 'one', member: one };
  return (await find.count(q)) > 0 ? { kind: 'pick' } : { kind: 'none' };
}

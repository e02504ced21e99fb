import { api, unwrap } from '../api';
import type { components } from '../api/schema';

export type Member = components['schemas']['Member'];

/** The "Socios activos" picker shows 5 members a page (spec part 1 §9). */
export const MEMBERS_PAGE = 5;

/**
 * What a member field asks of the member search: digits are a member number, text with a digit a
 * key fob, other text a person (each word starts the name or a surname, on the server).
 */
export function memberQuery(text: string): { number: number } | { keychain: string } | { name: string } | Record<string, never> {
  const q = text.trim().replace(/\s+/g, ' ');
  if (!q) return {};
  if (/^\d+$/.test(q)) return { number: Number(q) };
  if (/\d/.test(q)) return { keychain: q };
  return { name: q };
}

/** Active members for the "Socios activos" picker and the member fields that open it, 5 a page. */
export async function findMembers(club: number, text: string, page: number) {
  const reply = await unwrap(
    api.GET('/api/ficha_socio', { params: { query: { association: club, status: '1', limit: MEMBERS_PAGE, page, ...memberQuery(text) } } }),
  );
  return { data: (reply.data ?? []) as Member[], total: reply.total_fichas ?? 0 };
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

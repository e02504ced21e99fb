import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api, unwrap, type ReplyOf } from '../../shared/api';
import { useClubId } from '../../shared/session/clubId';

export type ClubUsers = ReplyOf<'/api/association_user/retrieve', 'get'>;
export type ClubUser = NonNullable<ClubUsers['data']>[number];
export type Member = ReplyOf<'/api/getpatientbydni/retrieve', 'get'>;
export type RegisterReply = ReplyOf<'/api/patient_dni', 'post'>;
export type PushReply = ReplyOf<'/api/notification/create', 'post'>;

/** Users manager page size (spec §9). */
export const USERS_PAGE_SIZE = 24;
/** Push manager text limit (spec §5, §9). */
export const PUSH_MAX = 200;

/** GET /api/association_user/retrieve — the club members' online accounts, 24 per page (page 0-based). */
export function useClubUsers(page: number) {
  const association = useClubId();
  return useQuery({
    queryKey: ['association_user', association, page],
    queryFn: () =>
      unwrap(
        api.GET('/api/association_user/retrieve', {
          params: { query: { association: association, limit: USERS_PAGE_SIZE, page } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/**
 * GET /api/getpatientbydni/retrieve — the member a scanned code belongs to (ID number, key fob or
 * member number). A scan is an event, so this is a mutation: the same code scanned twice is looked
 * up twice. 404 means no such member; the screen shows it itself.
 */
export function useMemberLookup() {
  const association = useClubId();
  return useMutation({
    mutationFn: (code: string) =>
      unwrap(api.GET('/api/getpatientbydni/retrieve', { params: { query: { association: association, dni: code } } })),
    meta: { localErrors: true },
  });
}

export interface RegisterInput {
  name: string;
  surname: string;
  dni: string;
  mjid: string;
  email: string;
  tlf: string;
  /** unix seconds (noon UTC of the day), 0 when not given */
  birthdate: number;
  sendsms: boolean;
  /** The statements the member signs now, those the club's rules ask for (admission_rules). */
  declarations?: string[];
}

/** POST /api/patient_dni — registers a new member with an online account, optionally inviting them by SMS. */
export function useRegisterMember() {
  const cid = useClubId();
  return useMutation({
    mutationFn: (body: RegisterInput) => unwrap(api.POST('/api/patient_dni', { body: { cid, ...body } })),
    meta: { localErrors: true },
  });
}

/** POST /api/notification/create — a push notification to members' online accounts (user ids). */
export function useSendPush() {
  const association = useClubId();
  return useMutation({
    mutationFn: (v: { body: string; uids: number[] }) =>
      unwrap(api.POST('/api/notification/create', { body: { association: association, body: v.body, uids: v.uids } })),
    meta: { localErrors: true },
  });
}

type MemberQuery = { nombre?: string; surname?: string; dni?: string; number?: number };

/**
 * The searches a free text turns into. The API matches word prefixes per field, so a name is
 * looked for as first name, as surname and as ID number, and "Ana García" also as name + surname.
 */
export function searchPlans(text: string): MemberQuery[] {
  const q = text.trim().replace(/\s+/g, ' ');
  if (q === '') return [];
  if (/^\d+$/.test(q)) return [{ number: Number(q) }, { dni: q }];
  const words = q.split(' ');
  const plans: MemberQuery[] = [{ nombre: q }, { surname: q }];
  if (words.length === 1) plans.push({ dni: q });
  else plans.push({ nombre: words[0], surname: words.slice(1).join(' ') });
  return plans;
}

export const SEARCH_LIMIT = 20;

/** GET /api/ficha_socio (one request per plan of searchPlans), merged by member and sorted by number. */
export function useMemberSearch(text: string) {
  const association = useClubId();
  const plans = searchPlans(text);
  return useQuery({
    queryKey: ['ficha_socio', 'pick', association, plans],
    queryFn: async ({ signal }) => {
      const replies = await Promise.all(
        plans.map((p) =>
          unwrap(
            api.GET('/api/ficha_socio', {
              params: { query: { association: association, limit: SEARCH_LIMIT, page: 0, ...p } },
              signal,
            }),
          ),
        ),
      );
      const byId = new Map<number, Member>();
      for (const r of replies) for (const m of r.data ?? []) byId.set(m.nid, m);
      return [...byId.values()].sort((a, b) => a.number - b.number);
    },
    enabled: plans.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

const COLLECT_PAGE = 100;

/**
 * Every member with an online account (their user ids), for the "all members" push. The API has
 * no such filter, so all members are read 100 at a time.
 */
export function useCollectOnlineAccounts() {
  const association = useClubId();
  return useMutation({
    mutationFn: async (onProgress?: (done: number, total: number) => void) => {
      const uids = new Set<number>();
      let page = 0;
      let total = Infinity;
      while (page * COLLECT_PAGE < total) {
        const r = await unwrap(
          api.GET('/api/ficha_socio', { params: { query: { association: association, limit: COLLECT_PAGE, page } } }),
        );
        total = r.total_fichas;
        for (const m of r.data ?? []) if (m.online_account && m.user?.uid) uids.add(m.user.uid);
        page += 1;
        onProgress?.(Math.min(page * COLLECT_PAGE, total), total);
        if (!r.data || r.data.length === 0) break;
      }
      return [...uids];
    },
  });
}

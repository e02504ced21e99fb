import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import type { components } from '../../shared/api/schema';
import { useClubId } from '../../shared/session/clubId';
import { useClubMutation } from '../../shared/session/clubMutation';

export type NewsItem = components['schemas']['NewsItem'];
/** An event's days travel as unix seconds: it runs from 00:00:00 of the first to 23:59:59 of the last (club time zone). */
export type EventItem = components['schemas']['EventItem'];
export type NewsBody = Omit<components['schemas']['NewsPublishInputBody'], 'cid' | '$schema'>;
export type Consult = components['schemas']['Consult'];
export type TvSettings = Omit<components['schemas']['TVSettingsBody'], '$schema'>;
export type TvProduct = components['schemas']['TVProduct'];
/** The days are sent as unix seconds (the server also reads YYYY-MM-DD). */
export type EventBody = Omit<components['schemas']['EventPublishInputBody'], 'association' | '$schema' | 'start_date' | 'end_date'> & {
  start_date: number;
  end_date: number;
};

/** Spec part 2 §9: news and events, 24 a page. */
export const SOCIAL_PAGE = 24;

export const socialKeys = {
  news: (club: number) => ['social', club, 'news'] as const,
  events: (club: number) => ['social', club, 'events'] as const,
  /** Also refreshed by the club's live 'comentario' events (app/shell/NotificationBox). */
  consults: (club: number) => ['social', club, 'consults'] as const,
  /** Also refreshed by the club's silent 'tv' events (app/shell/NotificationBox). */
  tv: (club: number) => ['social', club, 'tv'] as const,
  tvProducts: (club: number) => ['social', club, 'tv', 'products'] as const,
};

/** GET /api/news/retrieve — every news item of the club, newest first (the table pages them). */
export function useNews() {
  const club = useClubId();
  return useQuery({
    queryKey: socialKeys.news(club),
    queryFn: async () => (await unwrap(api.GET('/api/news/retrieve', { params: { query: { association: club } } }))) ?? [],
  });
}

/** GET /api/event/retrieve — every event of the club with its sign-ups, the latest start first. */
export function useEvents() {
  const club = useClubId();
  return useQuery({
    queryKey: socialKeys.events(club),
    // the generated types may still describe the days as YYYY-MM-DD text: the server answers seconds
    queryFn: async () => ((await unwrap(api.GET('/api/event/retrieve', { params: { query: { association: club } } }))) ?? []),
  });
}

/** POST /api/news */
export function usePublishNews() {
  return useClubMutation(
    (club, body: NewsBody) => unwrap(api.POST('/api/news', { body: { cid: club, ...body } })),
    (_, { qc, club }) => qc.invalidateQueries({ queryKey: socialKeys.news(club) }),
  );
}

/** POST /api/event */
export function usePublishEvent() {
  const club = useClubId();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: EventBody) =>
      unwrap(api.POST('/api/event', { body: { association: club, ...body } })),
    meta: { localErrors: true },
    onSuccess: () => qc.invalidateQueries({ queryKey: socialKeys.events(club) }),
  });
}

/** DELETE /api/news/{nid} and /api/event/{nid}. */
export function useDeletePublication(kind: 'news' | 'events') {
  const club = useClubId();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (nid: number) =>
      kind === 'news'
        ? unwrap(api.DELETE('/api/news/{nid}', { params: { path: { nid }, query: { association: club } } }))
        : unwrap(api.DELETE('/api/event/{nid}', { params: { path: { nid }, query: { association: club } } })),
    meta: { localErrors: true },
    onSuccess: () => qc.invalidateQueries({ queryKey: kind === 'news' ? socialKeys.news(club) : socialKeys.events(club) }),
  });
}

/** GET /api/consult/retrieve — the club's consultations with their comments, latest activity first. */
export function useConsults() {
  const club = useClubId();
  return useQuery({
    queryKey: socialKeys.consults(club),
    queryFn: async () => (await unwrap(api.GET('/api/consult/retrieve', { params: { query: { association: club } } }))) ?? [],
  });
}

/** POST /api/consult/create with a nid — staff's comment on a consultation. */
export function useCommentConsult() {
  const club = useClubId();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ nid, body }: { nid: number; body: string }) => unwrap(api.POST('/api/consult/create', { body: { association: club, nid, body } })),
    meta: { localErrors: true },
    onSuccess: () => qc.invalidateQueries({ queryKey: socialKeys.consults(club) }),
  });
}

/** DELETE /api/consult/{nid} */
export function useDeleteConsult() {
  const club = useClubId();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (nid: number) => unwrap(api.DELETE('/api/consult/{nid}', { params: { path: { nid }, query: { association: club } } })),
    meta: { localErrors: true },
    onSuccess: () => qc.invalidateQueries({ queryKey: socialKeys.consults(club) }),
  });
}

/** TV screens read what they show again this often (ms): a sell-out leaves, a new product comes. */
export const TV_REFRESH_MS = 15_000;

/** GET /api/tv_settings — the club's TV settings (its defaults until saved). */
export function useTvSettings(live = false) {
  const club = useClubId();
  return useQuery({
    queryKey: socialKeys.tv(club),
    queryFn: async () => unwrap(api.GET('/api/tv_settings', { params: { query: { association: club } } })),
    refetchInterval: live ? TV_REFRESH_MS : false,
  });
}

/** PUT /api/tv_settings — saved at once; every screen of this browser applies it. */
export function useSaveTvSettings() {
  const club = useClubId();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TvSettings) => unwrap(api.PUT('/api/tv_settings', { body: { association: club, ...body } })),
    meta: { localErrors: true },
    onSuccess: (saved) => {
      qc.setQueryData(socialKeys.tv(club), saved);
    },
  });
}

/** GET /api/tv_products — what the TV screens show, read again every TV_REFRESH_MS. */
export function useTvProducts() {
  const club = useClubId();
  return useQuery({
    queryKey: socialKeys.tvProducts(club),
    queryFn: async () => unwrap(api.GET('/api/tv_products', { params: { query: { association: club } } })),
    refetchInterval: TV_REFRESH_MS,
    refetchIntervalInBackground: true,
  });
}

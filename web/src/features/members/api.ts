import { downloadExport, type ExportFormat } from '../../shared/api/download';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, ApiError, apiOrigin, getCsrfToken, unwrap } from '../../shared/api';
import type { Member, MemberPayload, SearchQuery } from './model';
import { useClubId } from '../../shared/session/clubId';
import { admissionKey } from '../../shared/admission';

/** Query keys of the member screens; everything of a club sits under ['members', club]. */
export const memberKeys = {
  club: (club: number) => ['members', club] as const,
  search: (club: number, q: SearchQuery, page: number, limit: number) => ['members', club, 'search', q, page, limit] as const,
  one: (club: number, nid: number) => ['members', club, 'one', nid] as const,
  categories: (club: number) => ['members', club, 'categories'] as const,
  dataExports: (club: number, nid: number) => ['members', club, 'dataExports', nid] as const,
  admission: admissionKey,
};

export interface SearchPage {
  data: Member[];
  /** Exact up to the server's count cap (1000); past it `more` is true. */
  total: number;
  more: boolean;
}

/** GET /api/ficha_socio — one page (0-based) of the club's members matching q. */
export async function fetchMembers(club: number, q: SearchQuery, page: number, limit: number): Promise<SearchPage> {
  const reply = await unwrap(
    api.GET('/api/ficha_socio', { params: { query: { association: club, ...q, page, limit } } }),
  );
  return { data: reply.data ?? [], total: reply.total_fichas, more: Boolean(reply.more) };
}

/** Runs a search through the query cache, so the table that shows it does not ask again. */
export function searchMembers(qc: QueryClient, club: number, q: SearchQuery, page: number, limit: number) {
  return qc.fetchQuery({
    queryKey: memberKeys.search(club, q, page, limit),
    queryFn: () => fetchMembers(club, q, page, limit),
    staleTime: 0,
  });
}

/** GET /api/ficha_socio — the table of a member screen (server paging). */
export function useMemberSearch(q: SearchQuery, page: number, limit: number) {
  const club = useClubId();
  return useQuery({
    queryKey: memberKeys.search(club, q, page, limit),
    queryFn: () => fetchMembers(club, q, page, limit),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

/** GET /api/ficha_socio?nid= — one member (null when the club has no such member). */
export function useMember(nid: number | null, initial?: Member) {
  const club = useClubId();
  return useQuery({
    queryKey: memberKeys.one(club, nid ?? 0),
    queryFn: async () => {
      const reply = await unwrap(api.GET('/api/ficha_socio', { params: { query: { association: club, nid: nid!, limit: 1 } } }));
      return reply.data?.[0] ?? null;
    },
    enabled: nid !== null && nid > 0,
    initialData: initial,
    initialDataUpdatedAt: 0,
    staleTime: 5_000,
  });
}

export { useAdmissionRules } from '../../shared/admission';

/** POST /api/ficha_socio — create, edit or partial edit; replies the saved member. */
export function useSaveMember() {
  const club = useClubId();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: MemberPayload) => unwrap(api.POST('/api/ficha_socio', { body })),
    meta: { localErrors: true },
    onSuccess: (m) => {
      qc.setQueryData(memberKeys.one(club, m.nid), m);
      void qc.invalidateQueries({ queryKey: memberKeys.club(club) });
    },
  });
}

/** DELETE /api/ficha_socio/{nid}?association. */
export function useDeleteMember() {
  const club = useClubId();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (nid: number) =>
      unwrap(api.DELETE('/api/ficha_socio/{nid}', { params: { path: { nid }, query: { association: club } } })),
    meta: { localErrors: true },
    onSuccess: (_r, nid) => {
      qc.removeQueries({ queryKey: memberKeys.one(club, nid) });
      void qc.invalidateQueries({ queryKey: memberKeys.club(club) });
    },
  });
}

export type AccessAction = 'ENTRA' | 'SALE';

/** POST /api/checkin_checkout/{patient_id} — a check-in (ENTRA) or check-out (SALE) now. */
export function useCheckInOut() {
  const club = useClubId();
  return useMutation({
    mutationFn: ({ nid, action }: { nid: number; action: AccessAction }) =>
      unwrap(
        api.POST('/api/checkin_checkout/{patient_id}', {
          params: { path: { patient_id: nid } },
          body: { association: club, datetime: Math.floor(Date.now() / 1000), action },
        }),
      ),
    meta: { localErrors: true },
  });
}

/** POST /api/user/request_new_password {name: email} — the staff member gets a reset link. */
export function useRequestNewPassword() {
  return useMutation({
    mutationFn: (email: string) => unwrap(api.POST('/api/user/request_new_password', { body: { name: email } })),
    meta: { localErrors: true },
  });
}

/** POST /api/tlf_resend_code — SMS invitation; the reply's state says whether it really left. */
export function useSmsInvite() {
  const club = useClubId();
  return useMutation({
    mutationFn: (b: { uid: number; tlf: string; country_code: string }) =>
      unwrap(api.POST('/api/tlf_resend_code', { body: { asocid: club, ...b } })),
    meta: { localErrors: true },
  });
}

/** POST /api/notification/create — a push to members' online accounts; counts what was sent. */
export function usePush() {
  const club = useClubId();
  return useMutation({
    mutationFn: (b: { body: string; uids: number[] }) =>
      unwrap(api.POST('/api/notification/create', { body: { association: club, ...b } })),
    meta: { localErrors: true },
  });
}

/** POST /api/socius_file/create_raw — member documents (multipart files, directory=document, asocid). */
export async function uploadDocuments(club: number, files: File[]) {
  const form = new FormData();
  for (const f of files) form.append('files', f, f.name);
  form.append('directory', 'document');
  form.append('asocid', String(club));
  const res = await fetch(`${apiOrigin()}/api/socius_file/create_raw`, {
    method: 'POST',
    credentials: 'include',
    headers: { 'X-CSRF-Token': await getCsrfToken() },
    body: form,
  });
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) throw ApiError.from(res.status, body);
  return (body ?? []) as { fid: string; url: string; name: string }[];
}

export type { ExportFormat };

/** GET /api/ficha_socio/export — every match without paging as socios.xlsx or socios.csv. */
export function exportMembers(club: number, q: SearchQuery, format: ExportFormat): Promise<void> {
  return downloadExport('/api/ficha_socio/export', { association: club, ...q }, 'socios', format);
}

export { useMemberCategories } from '../../shared/api';

export type DataExportFormat = 'json' | 'pdf';

/**
 * GET /api/ficha_socio/{nid}/data_export — everything the club holds about the member (GDPR
 * articles 15 and 20) as socio-<number>.json or a printed socio-<number>.pdf in the app's language.
 */
export function exportMemberData(club: number, nid: number, number: number, format: DataExportFormat, language: string): Promise<void> {
  return downloadExport(`/api/ficha_socio/${nid}/data_export`, { association: club }, `socio-${number}`, format, language);
}

/** GET /api/ficha_socio/{nid}/data_exports — when the member's data was exported and by whom, newest first. */
export function useDataExports(nid: number, enabled: boolean) {
  const club = useClubId();
  return useQuery({
    queryKey: memberKeys.dataExports(club, nid),
    queryFn: async () =>
      (await unwrap(api.GET('/api/ficha_socio/{nid}/data_exports', { params: { path: { nid }, query: { association: club } } }))).data ?? [],
    enabled,
  });
}

/** POST /api/membership_category — a new category {title, descuento}. */
export function useCreateCategory() {
  const club = useClubId();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (b: { title: string; descuento: number }) =>
      unwrap(api.POST('/api/membership_category', { body: { association: club, ...b } })),
    meta: { localErrors: true },
    onSuccess: () => qc.invalidateQueries({ queryKey: memberKeys.categories(club) }),
  });
}

/** PUT /api/membership_category/{nid}. */
export function useUpdateCategory() {
  const club = useClubId();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ nid, ...b }: { nid: number; title: string; descuento: number }) =>
      unwrap(api.PUT('/api/membership_category/{nid}', { params: { path: { nid } }, body: { association: club, ...b } })),
    meta: { localErrors: true },
    onSuccess: () => qc.invalidateQueries({ queryKey: memberKeys.club(club) }),
  });
}

/** DELETE /api/membership_category/{nid}?association — its members keep no category. */
export function useDeleteCategory() {
  const club = useClubId();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (nid: number) =>
      unwrap(api.DELETE('/api/membership_category/{nid}', { params: { path: { nid }, query: { association: club } } })),
    meta: { localErrors: true },
    onSuccess: () => qc.invalidateQueries({ queryKey: memberKeys.club(club) }),
  });
}

export type DniCheck = { taken: boolean; dni?: string; number?: number; name?: string };

/**
 * GET /api/ficha_socio/dni_check — whether another member of the club has this ID number (the
 * member being edited keeps their own), as the save would answer: the form asks while it is typed.
 */
export function checkDni(club: number, dni: string, nid?: number | null): Promise<DniCheck> {
  return unwrap(
    api.GET('/api/ficha_socio/dni_check', { params: { query: { association: club, dni, ...(nid ? { nid } : {}) } } }),
  );
}

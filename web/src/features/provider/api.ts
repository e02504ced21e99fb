import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import type { components } from '../../shared/api/schema';

export type ProviderClub = components['schemas']['ClubRow'];
export type AuditEntry = components['schemas']['AuditEntry'];
export type NewClub = Omit<components['schemas']['ProviderClubOpenInputBody'], '$schema'>;
export type OpenedClub = components['schemas']['ProviderClubOpenOutputBody'];

/** The audit log's page size (the server's). */
export const AUDIT_PAGE = 20;

export const providerKeys = {
  all: ['provider'] as const,
  clubs: ['provider', 'clubs'] as const,
  audit: (page: number) => ['provider', 'audit', page] as const,
};

/**
 * After a change the clubs and the audit log are read again, and so is what the person's own club
 * screens know of the clubs (a provider administrator may be staff of the club just changed).
 */
function refresh(qc: QueryClient) {
  void qc.invalidateQueries({ queryKey: providerKeys.all });
  void qc.invalidateQueries({ queryKey: ['association'] });
}

/** GET /api/provider/clubs — every club hosted, with its flags, active members, last sale and rows. */
export function useProviderClubs() {
  return useQuery({
    queryKey: providerKeys.clubs,
    queryFn: async () => (await unwrap(api.GET('/api/provider/clubs'))).data ?? [],
  });
}

/** GET /api/provider/audit?page — a page (from 0) of what provider administrators did, newest first. */
export function useProviderAudit(page: number) {
  return useQuery({
    queryKey: providerKeys.audit(page),
    queryFn: async () => {
      const reply = await unwrap(api.GET('/api/provider/audit', { params: { query: { page } } }));
      return { rows: reply.data ?? [], total: reply.total };
    },
    placeholderData: keepPreviousData,
  });
}

/** POST /api/provider/club — a new club and its Administrador, invited by mail. Refusals are the form's. */
export function useOpenClub() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: NewClub) => unwrap(api.POST('/api/provider/club', { body })),
    meta: { localErrors: true },
    onSuccess: () => refresh(qc),
  });
}

/** PUT /api/provider/club/{id}/flags — the club's flags from now on (the whole set). */
export function useSetClubFlags() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, flags }: { id: number; flags: string[] }) =>
      unwrap(api.PUT('/api/provider/club/{id}/flags', { params: { path: { id } }, body: { flags } })),
    meta: { localErrors: true },
    onSuccess: () => refresh(qc),
  });
}

/** PUT /api/provider/club/{id}/suspended — suspends the club (its staff and members are refused) or reactivates it. */
export function useSetClubSuspended() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, suspended }: { id: number; suspended: boolean }) =>
      unwrap(api.PUT('/api/provider/club/{id}/suspended', { params: { path: { id } }, body: { suspended } })),
    meta: { localErrors: true },
    onSuccess: () => refresh(qc),
  });
}

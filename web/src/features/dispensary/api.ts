import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, unwrap } from '../../shared/api';
import type { BasicItemPayload, Product, PublicProduct } from './model';

/** Query keys of the dispensary screens; a club's basic products sit under ['dispensary', club]. */
export const dispensaryKeys = {
  club: (club: number) => ['dispensary', club] as const,
  basic: (club: number) => ['dispensary', club, 'basic'] as const,
  publicOf: (club: number) => ['dispensary', 'public', club] as const,
  public: (club: number, token: string) => ['dispensary', 'public', club, token] as const,
};

/** GET /api/item?asocid — every basic product of the club (with all its images). */
export function useBasicItems(club: number | null) {
  return useQuery({
    queryKey: dispensaryKeys.basic(club ?? 0),
    queryFn: async (): Promise<Product[]> =>
      (await unwrap(api.GET('/api/item', { params: { query: { asocid: club! } } }))) ?? [],
    enabled: club !== null,
    staleTime: 15_000,
  });
}

/** POST /api/item — create (no nid) or edit a basic product; replies the saved product. */
export function useSaveBasicItem(club: number | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BasicItemPayload): Promise<Product> => unwrap(api.POST('/api/item', { body })),
    meta: { localErrors: true },
    onSuccess: (p) => {
      if (club === null) return;
      qc.setQueryData<Product[]>(dispensaryKeys.basic(club), (list) => {
        if (!list) return list;
        const i = list.findIndex((x) => x.pid === p.pid);
        return i >= 0 ? list.map((x) => (x.pid === p.pid ? p : x)) : [...list, p];
      });
      qc.removeQueries({ queryKey: dispensaryKeys.public(club, p.public_token) });
      void qc.invalidateQueries({ queryKey: dispensaryKeys.club(club) });
    },
  });
}

/** POST /api/item/delete {asocid, nid} — replies [{pid, message?}]; a message is the server's refusal to show. */
export function useDeleteBasicItem(club: number | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (nid: number) => (await unwrap(api.POST('/api/item/delete', { body: { asocid: club!, nid } }))) ?? [],
    meta: { localErrors: true },
    onSuccess: (_r, nid) => {
      if (club === null) return;
      qc.setQueryData<Product[]>(dispensaryKeys.basic(club), (list) => list?.filter((x) => x.pid !== nid));
      qc.removeQueries({ queryKey: dispensaryKeys.publicOf(club) });
      void qc.invalidateQueries({ queryKey: dispensaryKeys.club(club) });
    },
  });
}

/**
 * GET /api/list_item/retrieve?association&item — a published product as its public QR link shows it
 * (no login needed), named by its public token. A 404 (deleted, unpublished or unknown) is the page's
 * own "not available" state.
 */
export function usePublicProduct(club: number | null, token: string | null) {
  return useQuery({
    queryKey: dispensaryKeys.public(club ?? 0, token ?? ''),
    queryFn: (): Promise<PublicProduct> =>
      unwrap(api.GET('/api/list_item/retrieve', { params: { query: { association: club!, item: token! } } })),
    enabled: club !== null && token !== null,
    meta: { silent: true },
    staleTime: 30_000,
  });
}

/** True when the product does not exist for the public (unknown, deleted or unpublished). */
export function isNotAvailable(e: unknown): boolean {
  return e instanceof ApiError && (e.status === 404 || e.code === 'product.not_found' || e.status === 400 || e.status === 422);
}

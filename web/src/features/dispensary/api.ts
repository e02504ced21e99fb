import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, unwrap } from '../../shared/api';
import type { BasicItemPayload, Product, PublicProduct } from './model';
import { useClubId } from '../../shared/session/clubId';

/** Query keys of the dispensary screens; a club's basic products sit under ['dispensary', club]. */
export const dispensaryKeys = {
  club: (club: number) => ['dispensary', club] as const,
  basic: (club: number) => ['dispensary', club, 'basic'] as const,
  publicOf: (club: number) => ['dispensary', 'public', club] as const,
  public: (club: number, token: string) => ['dispensary', 'public', club, token] as const,
};

/** GET /api/item?asocid — every basic product of the club (with all its images). */
export function useBasicItems() {
  const club = useClubId();
  return useQuery({
    queryKey: dispensaryKeys.basic(club),
    queryFn: async (): Promise<Product[]> =>
      (await unwrap(api.GET('/api/item', { params: { query: { asocid: club } } }))) ?? [],
    staleTime: 15_000,
  });
}

/** POST /api/item — create (no nid) or edit a basic product; replies the saved product. */
export function useSaveBasicItem() {
  const club = useClubId();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BasicItemPayload): Promise<Product> => unwrap(api.POST('/api/item', { body })),
    meta: { localErrors: true },
    onSuccess: (p) => {
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
export function useDeleteBasicItem() {
  const club = useClubId();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (nid: number) => (await unwrap(api.POST('/api/item/delete', { body: { asocid: club, nid } }))) ?? [],
    meta: { localErrors: true },
    onSuccess: (_r, nid) => {
      qc.setQueryData<Product[]>(dispensaryKeys.basic(club), (list) => list?.filter((x) => x.pid !== nid));
      qc.removeQueries({ queryKey: dispensaryKeys.publicOf(club) });
      void qc.invalidateQueries({ queryKey: dispensaryKeys.club(club) });
    },
  });
}

/**
 * GET /api/list_item/retrieve?association&item — a published product as its public QR link shows it
 * (no login needed), named by its public token. A 404 (deleted, unpublished or unknown) is the page's
 * own "not available" state. Its club comes from the link (or the current club), not from a club route.
 */
export function usePublicProduct(link: { club: number; token: string } | null) {
  return useQuery({
    queryKey: dispensaryKeys.public(link?.club ?? 0, link?.token ?? ''),
    queryFn: (): Promise<PublicProduct> => {
      if (!link) throw new Error('usePublicProduct: no product link');
      return unwrap(api.GET('/api/list_item/retrieve', { params: { query: { association: link.club, item: link.token } } }));
    },
    enabled: link !== null,
    meta: { silent: true },
    staleTime: 30_000,
  });
}

/** True when the product does not exist for the public (unknown, deleted or unpublished). */
export function isNotAvailable(e: unknown): boolean {
  return e instanceof ApiError && (e.status === 404 || e.code === 'product.not_found' || e.status === 400 || e.status === 422);
}

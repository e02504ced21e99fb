import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from './client';
import type { components } from './schema';
import { useClubId } from '../session/clubId';

/** A club category of spec part 2 §3 (association_category). */
export type ClubCategory = components['schemas']['ClubCategory'];
export type ClubCategoryType =
  | 'dispensary'
  | 'cash-register'
  | 'weight_discrepancy'
  | 'consumptionforecast'
  | 'consumption_check'
  | 'payment_methods'
  | 'wallet'
  | 'stock_alert';

export const clubCategoryKeys = {
  all: (club: number) => ['clubCategories', club] as const,
  type: (club: number, type: ClubCategoryType) => ['clubCategories', club, type] as const,
};

/** GET /api/association_category/?association&type — product categories (by title) or a setting (oldest first). */
export function useClubCategories(type: ClubCategoryType) {
  const club = useClubId();
  return useQuery({
    queryKey: clubCategoryKeys.type(club, type),
    queryFn: () => unwrap(api.GET('/api/association_category/', { params: { query: { association: club, type } } })),
    staleTime: 30_000,
  });
}

/** Create (no nid), update (nid) or delete a club category; every list of the club reloads after. */
export function useSaveClubCategory(type: ClubCategoryType) {
  const club = useClubId();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ nid, title }: { nid?: number; title: string }) =>
      nid
        ? unwrap(api.PUT('/api/association_category/{nid}', { params: { path: { nid } }, body: { association: club, title } }))
        : unwrap(api.POST('/api/association_category', { body: { association: club, type, title } })),
    meta: { localErrors: true },
    onSuccess: () => qc.invalidateQueries({ queryKey: clubCategoryKeys.all(club) }),
  });
}

export function useDeleteClubCategory() {
  const club = useClubId();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (nid: number) =>
      unwrap(api.DELETE('/api/association_category/{nid}', { params: { path: { nid }, query: { association: club } } })),
    meta: { localErrors: true },
    onSuccess: () => qc.invalidateQueries({ queryKey: clubCategoryKeys.all(club) }),
  });
}

/**
 * The settings dialogs' rule (part 1 §4): with no saved record a save creates one, otherwise it
 * updates the first. Returns the first record's title and a save function.
 */
export function useClubSetting(type: ClubCategoryType) {
  const list = useClubCategories(type);
  const save = useSaveClubCategory(type);
  const first = list.data?.[0];
  return {
    ...list,
    value: first?.title,
    save: (title: string) => save.mutateAsync({ nid: first?.nid, title }),
    saving: save.isPending,
  };
}

/** A member category (membership_category): a title and the discount percent its members get. */
export type MemberCategory = components['schemas']['Category'];

/** GET /api/membership_category/ — the club's member categories (the key the members screens invalidate). */
export function useMemberCategories() {
  const club = useClubId();
  return useQuery({
    queryKey: ['members', club, 'categories'] as const,
    queryFn: async (): Promise<MemberCategory[]> =>
      (await unwrap(api.GET('/api/membership_category/', { params: { query: { association: club } } }))) ?? [],
    staleTime: 60_000,
  });
}

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import type { components } from '../../shared/api/schema';
import { useClubId } from '../../shared/session/clubId';
import { useClubMutation } from '../../shared/session/clubMutation';

export type Coupon = components['schemas']['Coupon'];
export type CouponUse = components['schemas']['Use'];
export type CouponBody = Omit<components['schemas']['CouponSaveInputBody'], 'asocid' | '$schema'>;

/** Spec part 1 §9: coupons and their uses, 15 a page. */
export const COUPONS_PAGE = 15;
export const USES_PAGE = 15;

export const couponKeys = {
  all: (club: number) => ['coupons', club] as const,
  list: (club: number) => ['coupons', club, 'list'] as const,
  uses: (club: number, coupon: number, page: number) => ['coupons', club, 'uses', coupon, page] as const,
  products: (club: number, text: string) => ['coupons', club, 'products', text] as const,
};

/** GET /api/socius_coupon — every coupon of the club, newest first (the table pages them). */
export function useCoupons() {
  const club = useClubId();
  return useQuery({
    queryKey: couponKeys.list(club),
    queryFn: async () => (await unwrap(api.GET('/api/socius_coupon', { params: { query: { asocid: club } } }))).data ?? [],
  });
}

/** POST /api/socius_coupon — create (no id) or edit. */
export function useSaveCoupon() {
  return useClubMutation(
    (club, body: CouponBody) => unwrap(api.POST('/api/socius_coupon', { body: { asocid: club, ...body } })),
    (_, { qc, club }) => qc.invalidateQueries({ queryKey: couponKeys.all(club) }),
  );
}

/** POST /api/socius_coupon/activate_coupon. */
export function useActivateCoupon() {
  const club = useClubId();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, on }: { id: number; on: boolean }) =>
      unwrap(api.POST('/api/socius_coupon/activate_coupon', { body: { asocid: club, coupon_id: [id], activate: on } })),
    meta: { localErrors: true },
    onSuccess: () => qc.invalidateQueries({ queryKey: couponKeys.all(club) }),
  });
}

/** DELETE /api/socius_coupon/{club}?id= */
export function useDeleteCoupon() {
  const club = useClubId();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      unwrap(api.DELETE('/api/socius_coupon/{club}', { params: { path: { club: club }, query: { id } } })),
    meta: { localErrors: true },
    onSuccess: () => qc.invalidateQueries({ queryKey: couponKeys.all(club) }),
  });
}

/** GET /api/socius_coupon_use — uses of one coupon (0: every coupon), newest first, server paged. */
export function useCouponUses(coupon: number, page: number) {
  const club = useClubId();
  return useQuery({
    queryKey: couponKeys.uses(club, coupon, page),
    queryFn: async () => {
      const reply = await unwrap(
        api.GET('/api/socius_coupon_use', {
          params: { query: { asocid: club, ...(coupon ? { coupon_id: coupon } : {}), limit: USES_PAGE, page } },
        }),
      );
      return { data: reply.data ?? [], total: reply.total };
    },
    placeholderData: keepPreviousData,
  });
}

/** Products by title or code words, for limiting a coupon to some of them (20 at a time). */
export function useProductOptions(text: string) {
  const club = useClubId();
  return useQuery({
    queryKey: couponKeys.products(club, text),
    queryFn: async () =>
      (
        await unwrap(
          api.GET('/api/dispensario', { params: { query: { asocid: club, limit: 20, ...(text.trim() ? { search: text.trim() } : {}) } } }),
        )
      ).data ?? [],
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import type { components } from '../../shared/api/schema';
import { readAllPages } from './model';
import { useClubId } from '../../shared/session/clubId';

export type OrderLine = components['schemas']['Line'];
/** An order as the server sends it: its lines and coupons are always lists. */
export type Order = Omit<components['schemas']['Order'], 'products' | 'discount_coupon_order'> & {
  products: OrderLine[];
  discount_coupon_order: components['schemas']['OrderCoupon'][];
};
export type Product = components['schemas']['Product'];
export type Member = components['schemas']['Member'];
export type FeeType = components['schemas']['FeeType'];
export type Consumption = components['schemas']['Consumption'];
/** A cultivation batch's grams in a product's stock. */
export type ProductBatch = components['schemas']['ProductBatch'];
export type PayType = 'cash' | 'wallet' | 'tpv';
export interface SaveLine {
  pid?: number;
  fee_id?: number;
  quantity: number;
  real_quantity?: number;
}

/** Spec part 1 §9 and part 2 §9. */
export const PRODUCTS_PAGE = 24;
export { MEMBERS_PAGE } from '../../shared/members/find';
export const OPEN_ORDERS_PAGE = 24;
export const HISTORY_PAGE = 20;

/** Query keys of the counter; everything of a club sits under ['pos', club]. */
export const posKeys = {
  club: (club: number) => ['pos', club] as const,
  products: (club: number, search: string, category: number | undefined, page: number) => ['pos', club, 'products', search, category, page] as const,
  open: (club: number, page: number) => ['pos', club, 'open', page] as const,
  member: (club: number, nid: number) => ['pos', club, 'member', nid] as const,
  consumption: (club: number, nid: number) => ['pos', club, 'consumption', nid] as const,
  history: (club: number, nid: number, page: number) => ['pos', club, 'history', nid, page] as const,
  members: (club: number, text: string, page: number) => ['pos', club, 'members', text, page] as const,
  fees: (club: number) => ['pos', club, 'fees'] as const,
  coupons: (club: number, oid: number) => ['pos', club, 'coupons', oid] as const,
  batches: (club: number, pid: number) => ['pos', club, 'batches', pid] as const,
};

/** GET /api/dispensario?in_stock=true — what can be sold now, 24 a page, by title or code. */
export function usePosProducts(search: string, category: number | undefined, page: number) {
  const club = useClubId();
  return useQuery({
    queryKey: posKeys.products(club, search, category, page),
    queryFn: async () => {
      const reply = await unwrap(
        api.GET('/api/dispensario', {
          params: {
            query: {
              asocid: club,
              in_stock: true,
              page,
              limit: PRODUCTS_PAGE,
              ...(search ? { search } : {}),
              ...(category ? { category } : {}),
            },
          },
        }),
      );
      return { data: reply.data ?? [], total: reply.total };
    },
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
}

/** GET /api/dispensario?pid= — one product of the club as the counter sells it (its stock and price). */
export function usePosProduct(pid: number) {
  const club = useClubId();
  return useQuery({
    queryKey: [...posKeys.club(club), 'product', pid],
    queryFn: async (): Promise<Product | null> =>
      (await unwrap(api.GET('/api/dispensario', { params: { query: { asocid: club, pid, limit: 1 } } }))).data?.[0] ?? null,
    enabled: pid > 0,
    staleTime: 5_000,
  });
}

/**
 * GET /api/product_batches?pid= — the batches whose grams are in a weight product's stock, in the
 * order a sale takes them (oldest best-before first). Asked as the add dialog opens (pid null: not
 * asked), kept for half a minute, and read again after every payment (it sits under ['pos', club]).
 */
export function useProductBatches(pid: number | null) {
  const club = useClubId();
  return useQuery({
    queryKey: posKeys.batches(club, pid ?? 0),
    queryFn: async (): Promise<ProductBatch[]> =>
      (await unwrap(api.GET('/api/product_batches', { params: { query: { association: club, pid: pid! } } }))) ?? [],
    enabled: pid !== null && pid > 0,
    staleTime: 30_000,
    // a hint of the dialog: a failure leaves it out, never a dialog over the one staff type in
    meta: { silent: true },
    retry: false,
  });
}

/** Products that can be sold now whose code is exactly `code`, at most `limit`. */
export async function productsByCode(club: number, code: string, limit: number): Promise<Product[]> {
  const reply = await unwrap(api.GET('/api/dispensario', { params: { query: { asocid: club, code, in_stock: true, limit } } }));
  return reply.data ?? [];
}

/** The first product whose code is exactly what was scanned (null when none). */
export async function productByCode(club: number, code: string): Promise<Product | null> {
  return (await productsByCode(club, code, 1))[0] ?? null;
}

/** GET /api/order/?status=cart — one page of the open orders, newest first (orders in process). */
export function useOpenOrders(page: number, limit: number) {
  const club = useClubId();
  return useQuery({
    queryKey: [...posKeys.open(club, page), limit],
    queryFn: async () => {
      const reply = await unwrap(api.GET('/api/order/', { params: { query: { asocid: club, status: 'cart', page, limit } } }));
      return { data: (reply.data ?? []) as Order[], total: reply.total };
    },
    placeholderData: keepPreviousData,
    staleTime: 2_000,
  });
}

/** The most open orders the server gives in one page. */
export const OPEN_ORDERS_MAX_PAGE = 1000;

/**
 * Every open order of the club, page after page (the counter finds the current member's cart
 * among them, and its selector lists them all). No placeholder: while they are read again after a
 * failure nothing stale stands in for them.
 */
export function useCounterOrders() {
  const club = useClubId();
  return useQuery({
    queryKey: [...posKeys.club(club), 'open', 'all'],
    queryFn: () =>
      readAllPages(
        async (page) => {
          const reply = await unwrap(
            api.GET('/api/order/', { params: { query: { asocid: club, status: 'cart', page, limit: OPEN_ORDERS_MAX_PAGE } } }),
          );
          return { data: (reply.data ?? []) as Order[], total: reply.total };
        },
        (o) => o.oid,
      ),
    meta: { localErrors: true },
    staleTime: 2_000,
  });
}

/** A member's orders, newest first (the POS history, 20 a page). */
export function useMemberOrders(nid: number | null, page: number) {
  const club = useClubId();
  return useQuery({
    queryKey: posKeys.history(club, nid ?? 0, page),
    queryFn: async () => {
      const reply = await unwrap(
        api.GET('/api/order/', { params: { query: { asocid: club, membership_id: nid!, page, limit: HISTORY_PAGE } } }),
      );
      return { data: (reply.data ?? []) as Order[], total: reply.total };
    },
    enabled: nid !== null,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/ficha_socio?nid= — the member at the counter (wallet, category, fee end). */
export function usePosMember(nid: number | null) {
  const club = useClubId();
  return useQuery({
    queryKey: posKeys.member(club, nid ?? 0),
    queryFn: async () => {
      const reply = await unwrap(api.GET('/api/ficha_socio', { params: { query: { association: club, nid: nid!, limit: 1 } } }));
      return reply.data?.[0] ?? null;
    },
    enabled: nid !== null,
  });
}

/** GET /api/order/consumption — grams this month against the member's forecast. */
export function useConsumption(nid: number | null) {
  const club = useClubId();
  return useQuery({
    queryKey: posKeys.consumption(club, nid ?? 0),
    queryFn: () =>
      unwrap(api.GET('/api/order/consumption', { params: { query: { asocid: club, membership_id: nid! } } })),
    enabled: nid !== null,
  });
}

// The "Socios activos" lookups are shared with the access control screen (src/shared/members).
export { findMembers, memberByScan } from '../../shared/members/find';

/** GET /api/fee/ — the club's fee types. */
export function useFees() {
  const club = useClubId();
  return useQuery({
    queryKey: posKeys.fees(club),
    queryFn: async () => (await unwrap(api.GET('/api/fee/', { params: { query: { asocid: club } } }))) ?? [],
  });
}

/** POST /api/order — the whole cart of a member; the server prices it. */
export function useSaveOrder() {
  const club = useClubId();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (v: { membership_id: number; oid?: number; products: SaveLine[]; manual_discount_order?: number; discount_coupon_order?: number[] }) =>
      (await unwrap(api.POST('/api/order', { body: { asocid: club, ...v } }))) as { cancelled: boolean; order?: Order },
    meta: { localErrors: true },
    onSuccess: () => qc.invalidateQueries({ queryKey: [...posKeys.club(club), 'open'] }),
  });
}

/** POST /api/order/pay (or /complete for a zero total) with an idempotency key per attempt. */
export function usePayOrder() {
  const club = useClubId();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: {
      oid: number;
      membership_id: number;
      type: PayType;
      amount: number;
      key: string;
      tendered?: number;
      signature?: string;
      override_reason?: string;
    }) => {
      const { key, ...body } = v;
      return unwrap(
        api.POST('/api/order/pay', { body: { asocid: club, ...body }, headers: { 'Idempotency-Key': key } }),
      ) as Promise<{ order: Order; change: number; replayed: boolean }>;
    },
    meta: { localErrors: true },
    onSuccess: () => qc.invalidateQueries({ queryKey: posKeys.club(club) }),
  });
}

/** DELETE /api/order/delete — cancel an order in process. */
export function useCancelOrder() {
  const club = useClubId();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (oid: number) => unwrap(api.DELETE('/api/order/delete', { params: { query: { asocid: club, oid } } })),
    onSuccess: () => qc.invalidateQueries({ queryKey: posKeys.club(club) }),
  });
}

/** POST /api/order_refund. */
export function useRefund() {
  const club = useClubId();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { oid: number; membership_id: number; pay: PayType; products: { pid: number; quantity: number }[]; reason?: string }) =>
      unwrap(api.POST('/api/order_refund', { body: { asocid: club, ...v } })),
    meta: { localErrors: true },
    onSuccess: () => qc.invalidateQueries({ queryKey: posKeys.club(club) }),
  });
}

/** POST /api/fee (create) or /api/fee/ (edit, with pid). */
export function useSaveFee() {
  const club = useClubId();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { pid?: number; code: string; title: string; price: number; days: number; status: boolean }) =>
      v.pid
        ? unwrap(api.POST('/api/fee/', { body: { asocid: club, ...v } }))
        : unwrap(api.POST('/api/fee', { body: { asocid: club, ...v } })),
    meta: { localErrors: true },
    onSuccess: () => qc.invalidateQueries({ queryKey: posKeys.fees(club) }),
  });
}

/** DELETE /api/fee/{pid}: `success` 0 with a message when orders use the fee. */
export function useDeleteFee() {
  const club = useClubId();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (pid: number) => unwrap(api.DELETE('/api/fee/{pid}', { params: { path: { pid }, query: { asocid: club } } })),
    onSuccess: () => qc.invalidateQueries({ queryKey: posKeys.fees(club) }),
  });
}

/** POST /api/order/notify — "your order is ready" to the order's member; `success` 0 with a message when it is kept unsent. */
export function useNotifyOrder() {
  const club = useClubId();
  return useMutation({
    mutationFn: (oid: number) => unwrap(api.POST('/api/order/notify', { body: { asocid: club, oid } })),
    meta: { localErrors: true },
  });
}

export type CouponOffer = components['schemas']['Coupon'];

/** GET /api/socius_coupon?oid= — the active coupons that would apply to this order now. */
export function useApplicableCoupons(oid: number | null) {
  const club = useClubId();
  return useQuery({
    queryKey: posKeys.coupons(club, oid ?? 0),
    queryFn: async () =>
      (await unwrap(api.GET('/api/socius_coupon', { params: { query: { asocid: club, oid: oid! } } }))).data ?? [],
    enabled: oid !== null,
  });
}

/** POST /api/socius_coupon/apply_coupon — a code typed or scanned, or coupons picked; the server prices the order again. */
export function useApplyCoupon() {
  const club = useClubId();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (v: { oid: number; code?: string; coupon_id?: number[] }) =>
      (await unwrap(api.POST('/api/socius_coupon/apply_coupon', { body: { asocid: club, ...v } }))) as Order,
    meta: { localErrors: true },
    onSuccess: () => qc.invalidateQueries({ queryKey: posKeys.club(club) }),
  });
}

/** Spec part 2 §9: the orders report shows 19 orders a page. */
export const ORDERS_REPORT_PAGE = 19;

export interface ReportPeriod {
  start: number;
  end: number;
}

/**
 * GET /api/order/ for the orders report: the completed orders paid in the period (one member's
 * with ms_id), newest first. Orders still in process are the "pedidos en proceso" screen's.
 */
export function useOrdersReport(period: ReportPeriod, member: number | null, page: number) {
  const club = useClubId();
  return useQuery({
    queryKey: [...posKeys.club(club), 'report', period.start, period.end, member, page],
    queryFn: async () => {
      const reply = await unwrap(
        api.GET('/api/order/', {
          params: {
            query: {
              asocid: club,
              status: 'completed',
              start_date: period.start,
              end_date: period.end,
              membership_id: member ?? undefined,
              page,
              limit: ORDERS_REPORT_PAGE,
            },
          },
        }),
      );
      return { data: (reply.data ?? []) as Order[], total: reply.total };
    },
    placeholderData: keepPreviousData,
  });
}

/** GET /api/report_chart/sales — what completed orders took per local day, by payment method. */
export function useSalesChart(period: ReportPeriod, member: number | null) {
  const club = useClubId();
  return useQuery({
    queryKey: [...posKeys.club(club), 'salesChart', period.start, period.end, member],
    queryFn: () =>
      unwrap(
        api.GET('/api/report_chart/sales', {
          params: { query: { asocid: club, start_date: period.start, end_date: period.end, card_id: member ?? undefined } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

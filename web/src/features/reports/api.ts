import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import type { components } from '../../shared/api/schema';
import type { Period } from '../../shared/reports';

export type Withdrawal = components['schemas']['Withdrawal'];
export type ProductSales = components['schemas']['ProductSales'];
export type WalletMovement = components['schemas']['WalletMovement'];
export type AccessRow = components['schemas']['AccessRow'];

/** Spec part 2 §9: withdrawals and access 19 a page, performance and wallet 15. */
export const WITHDRAWALS_PAGE = 19;
export const SALES_PAGE = 15;
export const WALLET_PAGE = 15;
export const ACCESS_PAGE = 19;

/** The withdrawals report's column filters (case-insensitive contains). */
export interface WithdrawalFilters {
  title?: string;
  code?: string;
  category?: string;
  number?: string;
  nombre?: string;
  surname?: string;
}

const keys = {
  all: (club: number) => ['reports', club] as const,
};

const range = (p: Period) => ({ start_date: p.start, end_date: p.end });

/** GET /api/report_withdrawals — a page of withdrawals and the totals of the filter. */
export function useWithdrawals(club: number | null, period: Period, member: number | null, filters: WithdrawalFilters, page: number) {
  return useQuery({
    queryKey: [...keys.all(club ?? 0), 'withdrawals', period, member, filters, page],
    queryFn: () =>
      unwrap(
        api.GET('/api/report_withdrawals', {
          params: { query: { asocid: club!, ...range(period), membership_id: member ?? undefined, ...filters, page, limit: WITHDRAWALS_PAGE } },
        }),
      ),
    enabled: club !== null,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/report_sales_product — a page of the performance report, its totals and top products. */
export function useSales(club: number | null, period: Period, member: number | null, filters: { title?: string; category?: string }, page: number, limit = SALES_PAGE) {
  return useQuery({
    queryKey: [...keys.all(club ?? 0), 'sales', period, member, filters, page, limit],
    queryFn: () =>
      unwrap(
        api.GET('/api/report_sales_product', {
          params: { query: { asocid: club!, ...range(period), card_id: member ?? undefined, ...filters, page, limit } },
        }),
      ),
    enabled: club !== null,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/wallet_history — every wallet movement of the period (paged here, 15 a page). */
export function useWalletHistory(club: number | null, period: Period, member: number | null) {
  return useQuery({
    queryKey: [...keys.all(club ?? 0), 'wallet', period, member],
    queryFn: async () =>
      (await unwrap(
        api.GET('/api/wallet_history', { params: { query: { asocid: club!, ...range(period), card_id: member ?? undefined } } }),
      )) ?? [],
    enabled: club !== null,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/report_chart/wallet — top-ups against wallet spending per local day. */
export function useWalletChart(club: number | null, period: Period, member: number | null) {
  return useQuery({
    queryKey: [...keys.all(club ?? 0), 'walletChart', period, member],
    queryFn: () =>
      unwrap(api.GET('/api/report_chart/wallet', { params: { query: { asocid: club!, ...range(period), card_id: member ?? undefined } } })),
    enabled: club !== null,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/checkin_checkout — every check-in and check-out of the period, oldest first (paged here). */
export function useAccessHistory(club: number | null, period: Period) {
  return useQuery({
    queryKey: [...keys.all(club ?? 0), 'access', period],
    queryFn: async () =>
      (await unwrap(api.GET('/api/checkin_checkout', { params: { query: { association: club!, ...range(period) } } }))).data ?? [],
    enabled: club !== null,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/report_chart/access — check-ins per local hour of the day. */
export function useAccessChart(club: number | null, period: Period) {
  return useQuery({
    queryKey: [...keys.all(club ?? 0), 'accessChart', period],
    queryFn: () => unwrap(api.GET('/api/report_chart/access', { params: { query: { asocid: club!, ...range(period) } } })),
    enabled: club !== null,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/ficha_socio?nid= — the member a report is kept to (ms_id), for its title. */
export function useReportMember(club: number | null, nid: number | null) {
  return useQuery({
    queryKey: [...keys.all(club ?? 0), 'member', nid],
    queryFn: async () => {
      const reply = await unwrap(api.GET('/api/ficha_socio', { params: { query: { association: club!, nid: nid! } } }));
      return reply.data?.[0] ?? null;
    },
    enabled: club !== null && nid !== null,
  });
}

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import type { components, operations } from '../../shared/api/schema';
import type { Period } from '../../shared/reports';
import { memberQuery } from '../../shared/members/find';
import { useClubId } from '../../shared/session/clubId';

export type Withdrawal = components['schemas']['Withdrawal'];
export type ProductSales = components['schemas']['ProductSales'];
export type WalletMovement = components['schemas']['WalletMovement'];
export type AccessRow = components['schemas']['AccessRow'];
export type DispensationRow = components['schemas']['DispensationRow'];
export type MemberMonth = components['schemas']['MemberMonth'];

/** Spec part 2 §9: withdrawals and access 19 a page, performance and wallet 15. */
export const WITHDRAWALS_PAGE = 19;
export const SALES_PAGE = 15;
export const WALLET_PAGE = 15;
export const ACCESS_PAGE = 19;
export const REGISTER_PAGE = 19;

/** The withdrawals report's column filters (case-insensitive contains), as the API takes them. */
export type WithdrawalFilters = Pick<
  NonNullable<operations['withdrawals']['parameters']['query']>,
  'title' | 'code' | 'category' | 'number' | 'nombre' | 'surname'
>;

const keys = {
  all: (club: number) => ['reports', club] as const,
};

const range = (p: Period) => ({ start_date: p.start, end_date: p.end });

/** GET /api/report_withdrawals — a page of withdrawals and the totals of the filter. */
export function useWithdrawals(period: Period, member: number | null, filters: WithdrawalFilters, page: number) {
  const club = useClubId();
  return useQuery({
    queryKey: [...keys.all(club), 'withdrawals', period, member, filters, page],
    queryFn: () =>
      unwrap(
        api.GET('/api/report_withdrawals', {
          params: { query: { asocid: club, ...range(period), membership_id: member ?? undefined, ...filters, page, limit: WITHDRAWALS_PAGE } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/report_dispensations — a page of the dispensation register and the totals per member and month. */
export function useDispensations(period: Period, member: number | null, page: number) {
  const club = useClubId();
  return useQuery({
    queryKey: [...keys.all(club), 'dispensations', period, member, page],
    queryFn: () =>
      unwrap(
        api.GET('/api/report_dispensations', {
          params: { query: { asocid: club, ...range(period), membership_id: member ?? undefined, page, limit: REGISTER_PAGE } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/ficha_socio — members by number, key fob or name, for a report's member filter (any status: a register keeps former members). */
export function useMemberOptions(text: string) {
  const club = useClubId();
  const q = memberQuery(text);
  return useQuery({
    queryKey: [...keys.all(club), 'memberOptions', q],
    queryFn: async () => (await unwrap(api.GET('/api/ficha_socio', { params: { query: { association: club, limit: 10, ...q } } }))).data ?? [],
    enabled: Object.keys(q).length > 0,
  });
}

/** GET /api/report_sales_product — a page of the performance report, its totals and top products. */
export function useSales(period: Period, member: number | null, filters: { title?: string; category?: string }, page: number, limit = SALES_PAGE) {
  const club = useClubId();
  return useQuery({
    queryKey: [...keys.all(club), 'sales', period, member, filters, page, limit],
    queryFn: () =>
      unwrap(
        api.GET('/api/report_sales_product', {
          params: { query: { asocid: club, ...range(period), card_id: member ?? undefined, ...filters, page, limit } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/wallet_history — every wallet movement of the period (paged here, 15 a page). */
export function useWalletHistory(period: Period, member: number | null) {
  const club = useClubId();
  return useQuery({
    queryKey: [...keys.all(club), 'wallet', period, member],
    queryFn: async () =>
      (await unwrap(
        api.GET('/api/wallet_history', { params: { query: { asocid: club, ...range(period), card_id: member ?? undefined } } }),
      )) ?? [],
    placeholderData: keepPreviousData,
  });
}

/** GET /api/report_chart/wallet — top-ups against wallet spending per local day. */
export function useWalletChart(period: Period, member: number | null) {
  const club = useClubId();
  return useQuery({
    queryKey: [...keys.all(club), 'walletChart', period, member],
    queryFn: () =>
      unwrap(api.GET('/api/report_chart/wallet', { params: { query: { asocid: club, ...range(period), card_id: member ?? undefined } } })),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/checkin_checkout — every check-in and check-out of the period, oldest first (paged here). */
export function useAccessHistory(period: Period) {
  const club = useClubId();
  return useQuery({
    queryKey: [...keys.all(club), 'access', period],
    queryFn: async () =>
      (await unwrap(api.GET('/api/checkin_checkout', { params: { query: { association: club, ...range(period) } } }))).data ?? [],
    placeholderData: keepPreviousData,
  });
}

/** GET /api/report_chart/access — check-ins per local hour of the day. */
export function useAccessChart(period: Period) {
  const club = useClubId();
  return useQuery({
    queryKey: [...keys.all(club), 'accessChart', period],
    queryFn: () => unwrap(api.GET('/api/report_chart/access', { params: { query: { asocid: club, ...range(period) } } })),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/ficha_socio?nid= — the member a report is kept to (ms_id), for its title. */
export function useReportMember(nid: number | null) {
  const club = useClubId();
  return useQuery({
    queryKey: [...keys.all(club), 'member', nid],
    queryFn: async () => {
      const reply = await unwrap(api.GET('/api/ficha_socio', { params: { query: { association: club, nid: nid! } } }));
      return reply.data?.[0] ?? null;
    },
    enabled: nid !== null,
  });
}

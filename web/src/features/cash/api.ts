import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import type { components } from '../../shared/api/schema';
import { useClubId } from '../../shared/session/clubId';

export type CashSummary = components['schemas']['Summary'];
export type CashMovement = components['schemas']['Movement'];
export type CashClose = components['schemas']['Close'];
export type CashReport = components['schemas']['Report'];

/** Spec part 2 §9: cash movements 15 a page, close history 19. */
export const MOVEMENTS_PAGE = 15;
export const CLOSES_PAGE = 19;

export const cashKeys = {
  all: (club: number) => ['cash', club] as const,
  period: (club: number, page: number) => ['cash', club, 'period', page] as const,
  closes: (club: number, page: number) => ['cash', club, 'closes', page] as const,
  close: (club: number, cid: number) => ['cash', club, 'close', cid] as const,
};

/** GET /api/cash_movement/ — the current period: its cards and a page of its movements. */
export function useCashPeriod(page = 0, enabled = true) {
  const club = useClubId();
  return useQuery({
    queryKey: cashKeys.period(club, page),
    queryFn: () => unwrap(api.GET('/api/cash_movement/', { params: { query: { asocid: club, limit: MOVEMENTS_PAGE, page } } })),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** POST /api/cash_movement — cash in (> 0) or out (< 0). */
export function useCashMove() {
  const club = useClubId();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { amount: number; note: string }) => unwrap(api.POST('/api/cash_movement', { body: { asocid: club, ...v } })),
    meta: { localErrors: true },
    onSuccess: () => qc.invalidateQueries({ queryKey: cashKeys.all(club) }),
  });
}

/** POST /api/cash_close — counted amount and note; the next period starts with the counted amount. */
export function useCloseRegister() {
  const club = useClubId();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { current_amount: number; note: string }) => unwrap(api.POST('/api/cash_close', { body: { asocid: club, ...v } })),
    meta: { localErrors: true },
    onSuccess: () => qc.invalidateQueries({ queryKey: cashKeys.all(club) }),
  });
}

/** GET /api/cash_close/ — the closes, newest first, 19 a page. */
export function useCloses(page: number) {
  const club = useClubId();
  return useQuery({
    queryKey: cashKeys.closes(club, page),
    queryFn: () => unwrap(api.GET('/api/cash_close/', { params: { query: { asocid: club, limit: CLOSES_PAGE, page } } })),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/cash_close/?cid= — one close and its period's report. */
export function useCloseReport(cid: number | null) {
  const club = useClubId();
  return useQuery({
    queryKey: cashKeys.close(club, cid ?? 0),
    queryFn: () => unwrap(api.GET('/api/cash_close/', { params: { query: { asocid: club, cid: cid! } } })),
    enabled: cid !== null,
  });
}

/** GET /api/report_cash/ — the current period (no day) or one day (YYYY-MM-DD), 00:00–23:59:59 in the club's time zone. */
export function useCashReport(day: string | null) {
  const club = useClubId();
  return useQuery({
    queryKey: [...cashKeys.all(club), 'report', day ?? 'period'],
    queryFn: () =>
      unwrap(api.GET('/api/report_cash/', { params: { query: { asocid: club, ...(day ? { day } : {}) } } })),
    placeholderData: keepPreviousData,
  });
}

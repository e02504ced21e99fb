import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../api';
import { useClubId } from '../session/clubId';

export type TopUpMethod = 'cash' | 'tpv';

/**
 * PUT /api/wallet/{nid} — a top-up paid in cash or by card. The member's balance shows in the
 * member screens and at the counter, so both reload after.
 */
export function useWalletTopUp() {
  const club = useClubId();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ nid, amount, method }: { nid: number; amount: number; method: TopUpMethod }) =>
      unwrap(api.PUT('/api/wallet/{nid}', { params: { path: { nid } }, body: { association: club, operation: 'add', amount, pay_type: method } })),
    meta: { localErrors: true },
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['members', club] });
      void qc.invalidateQueries({ queryKey: ['pos', club] });
    },
  });
}

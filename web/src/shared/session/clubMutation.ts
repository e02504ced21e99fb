import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useClubId } from './clubId';

/** What a club mutation's success step gets besides the reply. */
export interface ClubMutationContext<V> {
  qc: QueryClient;
  club: number;
  vars: V;
}

/**
 * A change to the current club's data whose refusals the screen shows itself (`localErrors`):
 * `call` sends it for the club, `after` updates the cache once the server has answered.
 */
export function useClubMutation<V, R>(call: (club: number, vars: V) => Promise<R>, after?: (reply: R, ctx: ClubMutationContext<V>) => unknown) {
  const club = useClubId();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (vars: V) => call(club, vars),
    meta: { localErrors: true },
    onSuccess: (reply, vars) => after?.(reply, { qc, club, vars }),
  });
}

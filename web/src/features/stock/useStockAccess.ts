import { useMemo } from 'react';
import { canAccess, gates } from '../../shared/access/gates';
import { useClub, useClubId } from '../../shared/session';

/**
 * The current club and which stock screens the user may reach from here (the client hides what
 * the user may not do; the server refuses it regardless).
 */
export function useStockAccess() {
  const currentId = useClubId();
  const club = useClub(currentId);
  return useMemo(
    () => ({
      clubId: currentId,
      club: club.data,
      can: {
        history: canAccess(gates.screens.productHistoryReport, club.data),
        categories: canAccess(gates.screens.productcategories, club.data),
      },
    }),
    [club.data, currentId],
  );
}

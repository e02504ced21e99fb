import { canAccess, gates } from '../../shared/access';
import { useClub, useClubId } from '../../shared/session';

/**
 * The current club and what the user may do with its basic products: the manager, create, edit and
 * delete share one gate each on the server (dispensarymanagerbasic, dispensaryproductcreatebasic).
 */
export function useDispensaryAccess() {
  const currentId = useClubId();
  const club = useClub(currentId);
  return {
    clubId: currentId,
    club: club.data,
    canManage: canAccess(gates.screens.dispensarymanagerbasic, club.data),
    canEdit: canAccess(gates.screens.dispensaryproductcreatebasic, club.data),
  };
}

import { lazy, Suspense } from 'react';
import { canAccess, gates } from '../shared/access/gates';
import { ClubIdProvider, useClub, useCurrentClubId, useSession } from '../shared/session';
import ProductDetailPage from '../features/dispensary/pages/ProductDetailPage';

/** The counter's add-to-order dialog, loaded only for staff who may sell (the public page stays light). */
const AddToCurrentOrder = lazy(() => import('../features/pos/components/AddToCurrentOrder'));

/**
 * Route "dispensary_item": the product detail (the public page of a product's QR) which, for staff
 * who may sell at the counter of the product's club, opens the add-to-order dialog for the member
 * current at the counter (spec part 2 §2 "Product detail"). The page opens outside the club
 * routes, so the dialog is given the current club here.
 */
export default function DispensaryItemPage() {
  const session = useSession();
  const current = useCurrentClubId();
  const club = useClub(session ? current : null).data;
  const canSell = session !== null && canAccess(gates.screens.pos, club);
  return (
    <ProductDetailPage
      orderAction={(p, productClub) =>
        canSell && productClub === current ? (
          <ClubIdProvider id={current}>
            <Suspense fallback={null}>
              <AddToCurrentOrder pid={p.pid} />
            </Suspense>
          </ClubIdProvider>
        ) : null
      }
    />
  );
}

import { useMemo } from 'react';
import { canAccess, gates } from '../../shared/access/gates';
import { useClub, useClubId } from '../../shared/session';

/**
 * The current club and what the user may do in the product manager (spec part 2 §6): modify stock
 * (Manager, Administrador, Inventario), movement history (Manager, Administrador), new, modify,
 * delete (Manager, Administrador, Inventario), QR (also Budtender), Excel and CSV (Manager,
 * Administrador). The client hides what the user may not do; the server refuses it regardless.
 */
export function useCatalogAccess() {
  const currentId = useClubId();
  const club = useClub(currentId);
  return useMemo(() => {
    const data = club.data;
    const roles = data?.roles ?? [];
    const has = (...r: string[]) => r.some((x) => roles.includes(x));
    const gate = (name: string) => canAccess(gates.screens[name], data);
    const editors = has('Manager', 'Administrador', 'Inventario');
    return {
      clubId: currentId,
      club: data,
      loaded: data !== undefined,
      can: {
        stock: editors && gate('stock_adjust'),
        history: has('Manager', 'Administrador') && gate('productHistoryReport'),
        create: editors && gate('dispensaryproductcreatepro'),
        modify: editors && gate('dispensaryproductcreatepro'),
        delete: editors && gate('product_delete'),
        qr: has('Manager', 'Administrador', 'Inventario', 'Budtender') && gate('dispensarymanagerpro'),
        export: has('Manager', 'Administrador') && gate('product_export'),
        // the cultivation batches in a product's stock: clubs that grow (flag cultivo)
        batches: gate('product_batches'),
      },
    };
  }, [club.data, currentId]);
}

export type CatalogAccess = ReturnType<typeof useCatalogAccess>;

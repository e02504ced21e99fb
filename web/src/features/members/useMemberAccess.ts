import { useMemo } from 'react';
import { canAccess, gates } from '../../shared/access/gates';
import { useClub, useClubId } from '../../shared/session';
import { canTopUp } from '../../shared/wallet/model';

/**
 * The current club and what the user may do on the member screens (spec part 1 §6). The client
 * hides what the user may not do; the server refuses it regardless.
 */
export function useMemberAccess() {
  const currentId = useClubId();
  const club = useClub(currentId);
  return useMemo(() => {
    const data = club.data;
    const roles = data?.roles ?? [];
    const flags = data?.functionalities ?? {};
    const has = (...r: string[]) => r.some((x) => roles.includes(x));
    const gate = (name: string) => canAccess(gates.screens[name], data);
    return {
      clubId: currentId,
      club: data,
      isAdmin: has('Administrador'),
      can: {
        create: gate('patientcreate'),
        checkInOut: has('Administrador', 'Manager', 'Recepción') && gate('accesscontrol'),
        modify: has('Administrador', 'Manager', 'Recepción') && gate('patientcreate'),
        toggleStatus: has('Administrador', 'Manager', 'Recepción') && gate('patientcreate'),
        resetPassword: has('Administrador', 'Manager'),
        // the limits the counter enforces: the roles that may let a sale pass the forecast
        setLimits: has('Administrador', 'Manager'),
        delete: has('Administrador', 'Manager') && gate('member_delete'),
        export: has('Manager', 'Administrador') && gate('member_export'),
        // a member's data export (GDPR): the Administrador's alone
        dataExport: gate('member_data_export'),
        push: gate('push_send'),
        smsInvite: gate('staffmanager'),
        qrSearch: Boolean(flags.gestion_avanzada_socios),
        wallet: Boolean((flags.monedero || flags.funciones_avanzadas_gestion) && data?.walletPermission),
        // the counter's actions on a member (part 1 §2 member detail): sold at the point of sale
        makeOrder: gate('pos'),
        renewFee: gate('pos') && gate('fees_read'),
        topUp: canTopUp(data),
        // the member's orders and wallet movements: the reports kept to the member (ms_id)
        viewOrders: gate('ordersReport'),
        viewWallet: gate('walletReport'),
      },
    };
  }, [club.data, currentId]);
}

export type MemberAccess = ReturnType<typeof useMemberAccess>;

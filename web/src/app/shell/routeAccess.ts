import { checkAccess, gates as defaultGates, isOpenGate, type ClubAccess, type GateTable } from '../../shared/access/gates';
import { HOME_ROUTE, type RouteEntry } from '../routes';

/**
 * What the route guard does with a route, decided from what is known so far:
 * - wait: a spinner until the club (or the person's profile) is known;
 * - open: the screen, in whichever club is current (none chosen too): open screens, the person's own,
 *   the provider's console;
 * - club: the screen of the current club, in its time zone;
 * - noClub: a club screen with no club chosen: to the root, where the club is chosen;
 * - refused: the alert of spec §6 ("feature": the provider's, "role": the administrator's), then the root;
 * - suspended: the root of a suspended club: a calm notice, nothing of the club asked for;
 * - nothing: the club could not be read (its error has its own dialog).
 */
export type RouteVerdict =
  | { kind: 'wait' }
  | { kind: 'open' }
  | { kind: 'club' }
  | { kind: 'noClub' }
  | { kind: 'refused'; reason: 'feature' | 'role' }
  | { kind: 'suspended' }
  | { kind: 'nothing' };

export interface RouteFacts {
  entry: Pick<RouteEntry, 'name' | 'gate' | 'audience'>;
  /** The current club (null: none chosen). */
  currentId: number | null;
  /** The clubs the person staffs are still being read. */
  clubsPending: boolean;
  /** The current club's description (GET /api/association/retrieve). */
  club: { isPending: boolean; data?: ClubAccess | null };
  /** The person's profile (GET /api/user/me): whether they are a provider administrator. */
  me: { isPending: boolean; providerAdmin: boolean };
  table?: GateTable;
}

export function routeVerdict({ entry, currentId, clubsPending, club, me, table = defaultGates }: RouteFacts): RouteVerdict {
  if (entry.audience === 'account') return { kind: 'open' };
  if (entry.audience === 'provider') {
    if (me.isPending) return { kind: 'wait' };
    return me.providerAdmin ? { kind: 'open' } : { kind: 'refused', reason: 'role' };
  }
  const gate = entry.gate === null ? undefined : table.screens[entry.gate];
  if (isOpenGate(gate)) {
    // the open screens (today, club…) also open with no club chosen: the chooser is there
    if (currentId === null) return { kind: 'open' };
    // not before the club is known: a suspended club's screens would only be refused call by call
    if (club.isPending) return { kind: 'wait' };
    if (club.data?.suspended) return entry.name === HOME_ROUTE ? { kind: 'suspended' } : { kind: 'refused', reason: 'feature' };
    return { kind: 'open' };
  }
  if (currentId === null) return clubsPending ? { kind: 'wait' } : { kind: 'noClub' };
  if (club.isPending) return { kind: 'wait' };
  if (!club.data) return { kind: 'nothing' };
  const result = checkAccess(gate, club.data);
  return result.ok ? { kind: 'club' } : { kind: 'refused', reason: result.reason };
}

export { forgetSuspended, isProviderAlertOpen, setProviderAlertOpen, tellSuspended } from './refusalMemory';

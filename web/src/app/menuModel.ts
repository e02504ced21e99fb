import { canAccess, type ClubAccess, type GateTable } from '../shared/access/gates';
import type { MenuGroup, RouteEntry } from './routes';

export interface VisibleGroup {
  group: MenuGroup;
  entries: RouteEntry[];
}

/**
 * The side menu for a club: an entry shows when the club has one of its flags and the user one
 * of its roles; a group shows when its own gate passes and it has at least one visible entry.
 */
export function buildMenu(
  routes: RouteEntry[],
  groups: MenuGroup[],
  table: GateTable,
  club: ClubAccess | null | undefined,
): VisibleGroup[] {
  if (!club) return [];
  return [...groups]
    .sort((a, b) => a.order - b.order)
    .filter((g) => canAccess(table.menuGroups[g.gate], club))
    .map((group) => ({
      group,
      entries: routes
        .filter((r) => r.menu?.group === group.key && r.gate !== null && canAccess(table.screens[r.gate], club))
        .sort((a, b) => (a.menu?.order ?? 0) - (b.menu?.order ?? 0)),
    }))
    .filter((g) => g.entries.length > 0);
}

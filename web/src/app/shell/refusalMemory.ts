/**
 * What the app remembers of the provider's refusals in this page's life, kept apart from the route
 * registry so that the central error dialogs (loaded with the login page) can share it cheaply.
 *
 * The suspended clubs whose staff have been told so: any screen of such a club alerts when it is
 * refused, but the root's notice alerts only the first time (not again when a refusal has just led
 * there, nor each time "Hoy" is chosen). A club seen active again is forgotten, so a new suspension
 * is told again.
 */
const toldSuspended = new Set<number>();

/** Records that the staff were told the club is suspended; true when this is the first time. */
export function tellSuspended(club: number): boolean {
  if (toldSuspended.has(club)) return false;
  toldSuspended.add(club);
  return true;
}

/** The club is active again (or was never suspended): a later suspension is told anew. */
export function forgetSuspended(club: number): void {
  toldSuspended.delete(club);
}

/**
 * Whether the provider's alert is on screen now (the central error dialog of a refused call, while
 * the route guard learns why): a guard refusing the same screen a moment later goes to the root
 * without a second alert over it.
 */
let providerAlertOpen = false;

export function setProviderAlertOpen(open: boolean): void {
  providerAlertOpen = open;
}

export function isProviderAlertOpen(): boolean {
  return providerAlertOpen;
}

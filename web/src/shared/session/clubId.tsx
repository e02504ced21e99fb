import { createContext, useContext, type ReactNode } from 'react';

/**
 * The club the screen below works on: set by the route guard once the current club is chosen and
 * valid (null on the open screens while no club is chosen), and by the product page for the
 * counter's dialog. Outside any provider there is no club.
 */
const ClubIdContext = createContext<number | null>(null);

export function ClubIdProvider({ id, children }: { id: number | null; children: ReactNode }) {
  return <ClubIdContext.Provider value={id}>{children}</ClubIdContext.Provider>;
}

/**
 * The id of the club the current screen belongs to. Only screens of a club call it (the club's
 * queries and mutations): called where no club is chosen (login, club chooser, a public page) it
 * throws, which is a programming error, not a state to render.
 */
export function useClubId(): number {
  const id = useContext(ClubIdContext);
  if (id === null) throw new Error('useClubId: no club is selected here (called outside a club route)');
  return id;
}

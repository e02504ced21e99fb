/** Up to two initials of a person's or a club's names, in capitals; "?" when there is no name. */
export function initials(...names: (string | null | undefined)[]): string {
  return (
    names
      .filter((n): n is string => !!n && n.trim() !== '')
      .map((n) => n.trim()[0])
      .join('')
      .slice(0, 2)
      .toUpperCase() || '?'
  );
}

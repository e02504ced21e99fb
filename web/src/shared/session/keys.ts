/** The query keys of the session's data: the clubs the person staffs, the current club, the person. */
export const sessionKeys = {
  mine: ['association', 'mine'] as const,
  club: (id: number | null) => ['association', 'retrieve', id] as const,
  me: ['user', 'me'] as const,
};

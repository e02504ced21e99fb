import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import type { components } from '../../shared/api/schema';
import { sessionKeys } from '../../shared/session';
import { useClubId } from '../../shared/session/clubId';

type ClubUpdate = {
  title?: string;
  body?: string;
  logo?: string;
  images?: string[];
  full_html?: string;
  html_design?: string;
};

/** PUT /api/association/{id} — club page content (images as data URLs); replies the club. */
export function useUpdateClub(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ClubUpdate) => unwrap(api.PUT('/api/association/{id}', { params: { path: { id } }, body })),
    onSuccess: (club) => qc.setQueryData(sessionKeys.club(id), club),
  });
}

export type Today = components['schemas']['Today'];

/** Query key of the today screen's figures for a club. */
export const todayKey = (club: number) => ['today', club] as const;

/**
 * GET /api/today — the club's day so far, only the figures the user's roles may see. Read again
 * every minute while the screen is open, and whenever the window comes back into view.
 */
export function useToday() {
  const club = useClubId();
  return useQuery({
    queryKey: todayKey(club),
    queryFn: () => unwrap(api.GET('/api/today', { params: { query: { association: club } } })),
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
  });
}

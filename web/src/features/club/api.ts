import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';
import { sessionKeys } from '../../shared/session';

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

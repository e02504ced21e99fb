import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../shared/api';

/** GET /api/updates_news — product novelties; shown newest first. */
export function useNovelties() {
  return useQuery({
    queryKey: ['updates_news'],
    queryFn: async () => {
      const reply = await unwrap(api.GET('/api/updates_news'));
      return [...(reply.data ?? [])].sort((a, b) => Number(b.date) - Number(a.date));
    },
    staleTime: 5 * 60_000,
  });
}

import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../shared/api';

export const VERSION_CHECK_MS = 300_000;

/** GET /api/vue_version — the version the server carries; polled every 5 minutes. */
export function useServerVersion() {
  return useQuery({
    queryKey: ['vue_version'],
    queryFn: () => unwrap(api.GET('/api/vue_version')),
    refetchInterval: VERSION_CHECK_MS,
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: false,
    staleTime: 0,
    retry: false,
    meta: { silent: true },
  });
}

export { useAppConfig } from '../shared/api';

import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from './client';

/** GET /api/app_config (no session needed) — provider name (access alerts), providers URL (profile menu), members' app store links (download page). */
export function useAppConfig() {
  return useQuery({
    queryKey: ['app_config'],
    queryFn: () => unwrap(api.GET('/api/app_config')),
    staleTime: Infinity,
    retry: 1,
    meta: { silent: true },
  });
}

import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError, reportApiError, shouldReportCentrally } from '../shared/api';

/** Session, permission and "not found"-like errors are final: retrying them only delays the dialog. */
function retry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (shouldReportCentrally(error, query.meta)) reportApiError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => {
        if (shouldReportCentrally(error, mutation.meta)) reportApiError(error);
      },
    }),
    defaultOptions: {
      queries: { retry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

import { isApiError } from './errors';

/**
 * What a query or mutation tells the central error handler:
 * - silent: never show a dialog (the screen deals with it, or it does not matter);
 * - localErrors: the screen shows validation-like errors (4xx) itself; session, permission
 *   and server errors still go to the central dialogs.
 */
export interface RequestMeta extends Record<string, unknown> {
  silent?: boolean;
  localErrors?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: RequestMeta;
    mutationMeta: RequestMeta;
  }
}

export function shouldReportCentrally(error: unknown, meta: RequestMeta | undefined): boolean {
  if (meta?.silent) return false;
  if (!meta?.localErrors) return true;
  if (!isApiError(error)) return true;
  return error.status === 403 || error.status >= 500 || error.code === 'club.no_member_record';
}

/** An HTTP error from the API, in the contract's `{message, code}` shape. */
export class ApiError extends Error {
  readonly status: number;
  readonly code?: string;
  /** The server's message as sent (Spanish text of the spec). */
  readonly serverMessage: string;

  constructor(status: number, serverMessage: string, code?: string) {
    super(serverMessage || `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.serverMessage = serverMessage;
  }

  /** Builds an ApiError from whatever body openapi-fetch handed back (JSON object or text). */
  static from(status: number, body: unknown): ApiError {
    if (Array.isArray(body)) {
      return new ApiError(status, typeof body[0] === 'string' ? body[0] : '');
    }
    if (body && typeof body === 'object') {
      const b = body as Record<string, unknown>;
      const message = firstString(b.message, b.detail, b.title) ?? '';
      const code = typeof b.code === 'string' && b.code !== '' ? b.code : undefined;
      return new ApiError(status, message, code);
    }
    if (typeof body === 'string') return new ApiError(status, body.trim());
    return new ApiError(status, '');
  }
}

function firstString(...values: unknown[]): string | undefined {
  for (const v of values) if (typeof v === 'string' && v !== '') return v;
  return undefined;
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

export type ErrorKind = 'sessionExpired' | 'forbidden' | 'noMemberRecord' | 'network' | 'generic';

const ANONYMOUS = 'Access denied for user anonymous';
const DENIED = 'Access denied for user';

/** Decides which dialog of spec §8 an error gets. */
export function classifyError(e: unknown): ErrorKind {
  if (!isApiError(e)) return e instanceof TypeError ? 'network' : 'generic';
  if (e.status === 403) {
    if (e.serverMessage.includes(ANONYMOUS) || e.code === 'auth.anonymous') return 'sessionExpired';
    if (e.serverMessage.includes(DENIED) || e.code === 'access.denied') return 'forbidden';
  }
  if (e.code === 'club.no_member_record') return 'noMemberRecord';
  return 'generic';
}

type Translate = {
  (key: string): string;
  (key: string, options: Record<string, unknown>): string;
};
type Exists = (key: string) => boolean;

/**
 * The text a person reads for an error: `errors.<code>` in their language when the
 * dictionary has it, otherwise the server's message.
 */
export function errorText(e: unknown, t: Translate, exists: Exists): string {
  if (isApiError(e)) {
    if (e.code && exists(`errors.${e.code}`)) return t(`errors.${e.code}`);
    if (e.serverMessage) return e.serverMessage;
    return t('errors.httpStatus', { status: e.status });
  }
  if (e instanceof TypeError) return t('errors.network');
  if (e instanceof Error && e.message) return e.message;
  return t('errors.unknown');
}

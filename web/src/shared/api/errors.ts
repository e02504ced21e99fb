/** Optional parts of the contract's error body besides `message` and `code`. */
export interface ApiErrorDetails {
  /** The request field a validation error is about ("title", "data[2].note", "products[0].new_stock"). */
  field?: string;
  /** The values inside the message (a product's name, an amount), for a translated text. */
  params?: Record<string, string>;
}

/** An HTTP error from the API, in the contract's `{message, code, field?, params?}` shape. */
export class ApiError extends Error {
  readonly status: number;
  readonly code?: string;
  /** The server's message as sent (Spanish text of the spec). */
  readonly serverMessage: string;
  /** The request field the refusal is about, when the server names one. */
  readonly field?: string;
  /** The values inside the server's message, keyed as the translations name them. */
  readonly params?: Record<string, string>;

  constructor(status: number, serverMessage: string, code?: string, details: ApiErrorDetails = {}) {
    super(serverMessage || `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.serverMessage = serverMessage;
    this.field = details.field;
    this.params = details.params;
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
      return new ApiError(status, message, code, { field: firstString(b.field), params: stringMap(b.params) });
    }
    if (typeof body === 'string') return new ApiError(status, body.trim());
    return new ApiError(status, '');
  }
}

function firstString(...values: unknown[]): string | undefined {
  for (const v of values) if (typeof v === 'string' && v !== '') return v;
  return undefined;
}

/** The string values of a JSON object (the contract's `params`); undefined when there are none. */
function stringMap(value: unknown): Record<string, string> | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const out = Object.fromEntries(Object.entries(value).filter((kv): kv is [string, string] => typeof kv[1] === 'string'));
  return Object.keys(out).length > 0 ? out : undefined;
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

export type ErrorKind = 'sessionExpired' | 'featureRefused' | 'forbidden' | 'noMemberRecord' | 'network' | 'generic';

const ANONYMOUS = 'Access denied for user anonymous';
const DENIED = 'Access denied for user';

/** Decides which dialog of spec §8 an error gets. */
export function classifyError(e: unknown): ErrorKind {
  if (!isApiError(e)) return e instanceof TypeError ? 'network' : 'generic';
  if (e.status === 403) {
    if (e.serverMessage.includes(ANONYMOUS) || e.code === 'auth.anonymous') return 'sessionExpired';
    // the club lacks the call's feature, or its provider has suspended it: the provider's alert
    if (e.code === 'access.feature') return 'featureRefused';
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
 * The text a person reads for an error: `errors.<code>` in their language (with the values the
 * server sent in `params`) when the dictionary has it, otherwise the server's message.
 */
export function errorText(e: unknown, t: Translate, exists: Exists): string {
  if (isApiError(e)) {
    if (e.code && exists(`errors.${e.code}`)) return e.params ? t(`errors.${e.code}`, e.params) : t(`errors.${e.code}`);
    if (e.serverMessage) return e.serverMessage;
    return t('errors.httpStatus', { status: e.status });
  }
  if (e instanceof TypeError) return t('errors.network');
  if (e instanceof Error && e.message) return e.message;
  return t('errors.unknown');
}

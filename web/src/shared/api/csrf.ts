/**
 * CSRF token store. The token is fetched lazily from GET /services/session/token (text) and sent
 * as X-CSRF-Token on every POST/PUT/PATCH/DELETE. After login the login reply's token is used.
 * A 401 with code `auth.csrf` refetches the token and retries the request once.
 * Every request says the interface's language (Accept-Language), so the server's messages and
 * exports come back in it.
 */
const TOKEN_PATH = '/services/session/token';
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

let token: string | null = null;
let pending: Promise<string> | null = null;

export function apiOrigin(): string {
  return typeof window !== 'undefined' && window.location ? window.location.origin : '';
}

export function setCsrfToken(value: string | null): void {
  token = value;
}

export async function getCsrfToken(): Promise<string> {
  if (token) return token;
  if (!pending) {
    pending = (async () => {
      const res = await globalThis.fetch(apiOrigin() + TOKEN_PATH, { credentials: 'include' });
      if (!res.ok) throw new Error(`CSRF token: HTTP ${res.status}`);
      token = (await res.text()).trim();
      return token;
    })().finally(() => {
      pending = null;
    });
  }
  return pending;
}

async function isCsrfRefusal(res: Response): Promise<boolean> {
  if (res.status !== 401) return false;
  try {
    const body = (await res.clone().json()) as { code?: unknown };
    return body?.code === 'auth.csrf';
  } catch {
    return false;
  }
}

/** The interface's language as the page declares it (`<html lang>`, set by shared/i18n), or "". */
export function interfaceLanguage(): string {
  return typeof document !== 'undefined' ? document.documentElement.lang : '';
}

/** The fetch openapi-fetch uses: adds the language and CSRF headers and retries once on a stale token. */
export async function csrfFetch(request: Request): Promise<Response> {
  const lang = interfaceLanguage();
  if (lang) request.headers.set('Accept-Language', lang);
  if (!UNSAFE.has(request.method.toUpperCase())) return globalThis.fetch(request);
  const spare = request.clone();
  request.headers.set('X-CSRF-Token', await getCsrfToken());
  const res = await globalThis.fetch(request);
  if (!(await isCsrfRefusal(res))) return res;
  token = null;
  const retry = new Request(spare, { headers: new Headers(spare.headers) });
  retry.headers.set('X-CSRF-Token', await getCsrfToken());
  return globalThis.fetch(retry);
}

import createClient from 'openapi-fetch';
import { apiOrigin, csrfFetch } from './csrf';
import { ApiError } from './errors';
import type { paths } from './schema';

/** Typed client for the Socius API (same origin, session cookie, CSRF header). */
export const api = createClient<paths>({
  baseUrl: apiOrigin(),
  credentials: 'include',
  fetch: csrfFetch,
});

type Reply<D> = { data?: D; error?: unknown; response: Response };

/** Resolves to the reply's data or throws an ApiError carrying status, message and code. */
export async function unwrap<D>(call: Promise<Reply<D>>): Promise<D> {
  const { data, error, response } = await call;
  if (!response.ok || error !== undefined) throw ApiError.from(response.status, error);
  return data as D;
}

/** The JSON body type of a 200 reply of paths[P][M]. */
export type ReplyOf<
  P extends keyof paths,
  M extends 'get' | 'post' | 'put' | 'delete',
> = NonNullable<paths[P][M]> extends { responses: { 200: { content: { 'application/json': infer J } } } }
  ? J
  : never;

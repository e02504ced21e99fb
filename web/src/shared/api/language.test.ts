import { afterEach, describe, expect, it, vi } from 'vitest';
import { csrfFetch } from './csrf';

describe('the language of every request', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.documentElement.lang = '';
  });

  it('says the interface’s language, so the server answers in it', async () => {
    const seen: string[] = [];
    vi.stubGlobal('fetch', (r: Request) => {
      seen.push(r.headers.get('Accept-Language') ?? '');
      return Promise.resolve(new Response('{}'));
    });
    document.documentElement.lang = 'de-DE';
    await csrfFetch(new Request('http://localhost/api/ficha_socio'));
    document.documentElement.lang = 'es-ES';
    await csrfFetch(new Request('http://localhost/api/ficha_socio'));
    expect(seen).toEqual(['de-DE', 'es-ES']);
  });
});

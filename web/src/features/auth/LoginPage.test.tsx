import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Providers } from '../../app/Providers';
import { setCsrfToken } from '../../shared/api';
import '../../shared/i18n';
import { afterLogin } from '../../shared/session/afterLogin';
import LoginPage from './LoginPage';

type Handler = (req: Request) => Response | Promise<Response>;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const LOGIN_OK = {
  token: 'tok-after-login',
  sessid: 's',
  session_name: 'SESS',
  user: { uid: 7, name: 'ana', mail: 'ana@club.test' },
  field_user_name: 'Ana',
  field_user_surname: 'García',
  field_user_tlf: '600000000',
};

let requests: Request[] = [];

function mockServer(login: Handler, token = () => 'tok-1') {
  requests = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(String(input), init);
    requests.push(req.clone());
    const { pathname } = new URL(req.url);
    if (pathname === '/services/session/token') return new Response(token(), { status: 200 });
    if (pathname === '/api/user/login') return login(req);
    return json(404, { message: 'not found', code: 'not_found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderLogin(from?: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <Providers queryClient={client}>
      <MemoryRouter initialEntries={[from === undefined ? '/' : { pathname: '/', state: { from } }]}>
        <Routes>
          <Route path="/" element={<LoginPage />} />
          <Route path="/today" element={<div>today route</div>} />
          <Route path="/pos" element={<div>pos route</div>} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
}

async function submit(username = 'ana', password = 'secret-pass') {
  const user = userEvent.setup();
  await user.type(screen.getByTestId('login-username'), username);
  await user.type(screen.getByTestId('login-password'), password);
  await user.click(screen.getByTestId('login-submit'));
}

describe('LoginPage', () => {
  beforeEach(() => setCsrfToken(null));
  afterEach(() => vi.unstubAllGlobals());

  it('renders the brand, the fields, the forgotten-password link and no menu', () => {
    mockServer(() => json(200, LOGIN_OK));
    renderLogin();
    expect(screen.getByText('Socius')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Inicia sesión' })).toBeInTheDocument();
    expect(screen.getByTestId('login-username')).toBeInTheDocument();
    expect(screen.getByTestId('login-password')).toHaveAttribute('type', 'password');
    expect(screen.getByTestId('login-submit')).toHaveTextContent('Entrar');
    expect(screen.getByTestId('login-forgot')).toHaveTextContent('¿Has olvidado tu contraseña?');
    expect(screen.queryByTestId('side-menu')).not.toBeInTheDocument();
  });

  it('asks for both fields before calling the server', async () => {
    const fetchMock = mockServer(() => json(200, LOGIN_OK));
    renderLogin();
    await userEvent.setup().click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('Introduce tu usuario')).toBeInTheDocument();
    expect(screen.getByText('Introduce tu contraseña')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's message on 401", async () => {
    mockServer(() => json(401, { message: 'Usuario o contraseña no reconocidos por el servidor', code: 'auth.something_else' }));
    renderLogin();
    await submit();
    const alert = await screen.findByTestId('login-error');
    expect(alert).toHaveTextContent('Usuario o contraseña no reconocidos por el servidor');
    expect(screen.queryByText('today route')).not.toBeInTheDocument();
    expect(window.localStorage.getItem('socius.session')).toBeNull();
  });

  it('translates a known error code (errors.auth.bad_credentials)', async () => {
    mockServer(() => json(401, { message: 'Wrong username or password', code: 'auth.bad_credentials' }));
    renderLogin();
    await submit();
    expect(await screen.findByTestId('login-error')).toHaveTextContent('Usuario o contraseña incorrectos');
  });

  it('posts the credentials with the CSRF token, starts a clean session and opens the club', async () => {
    window.localStorage.setItem('socius.club', '12');
    window.localStorage.setItem('socius.patients', '[1,2]');
    window.localStorage.setItem('socius.lang', 'es');
    mockServer(() => json(200, LOGIN_OK));
    renderLogin();
    await submit('  ana ', 'secret-pass');
    expect(await screen.findByText('today route')).toBeInTheDocument();

    const login = requests.find((r) => r.url.endsWith('/api/user/login'))!;
    expect(login.method).toBe('POST');
    expect(login.headers.get('X-CSRF-Token')).toBe('tok-1');
    expect(await login.json()).toEqual({ username: 'ana', password: 'secret-pass' });

    expect(JSON.parse(window.localStorage.getItem('socius.session')!)).toMatchObject({ uid: 7, firstName: 'Ana' });
    expect(window.localStorage.getItem('socius.club')).toBeNull();
    expect(window.localStorage.getItem('socius.patients')).toBeNull();
    expect(window.localStorage.getItem('socius.lang')).toBe('es');
  });

  it('goes back to the deep link that led to the login', async () => {
    mockServer(() => json(200, LOGIN_OK));
    renderLogin('/pos');
    await submit();
    expect(await screen.findByText('pos route')).toBeInTheDocument();
    expect(screen.queryByText('today route')).not.toBeInTheDocument();
  });

  it('follows only addresses of this app after a login', () => {
    expect(afterLogin({ from: '/patientmanager?nid=4' })).toBe('/patientmanager?nid=4');
    for (const bad of ['//evil.example/x', '/\\evil.example', 'https://evil.example/', '', '/', 7, null]) {
      expect(afterLogin({ from: bad })).toBe('/today');
    }
    expect(afterLogin(null)).toBe('/today');
    expect(afterLogin(undefined)).toBe('/today');
  });

  it('refetches a stale CSRF token once and retries (401 auth.csrf)', async () => {
    let tokens = 0;
    let attempts = 0;
    mockServer(
      (req) => {
        attempts++;
        if (req.headers.get('X-CSRF-Token') === 'tok-1') return json(401, { message: 'CSRF', code: 'auth.csrf' });
        return json(200, LOGIN_OK);
      },
      () => `tok-${++tokens}`,
    );
    renderLogin();
    await submit();
    expect(await screen.findByText('today route')).toBeInTheDocument();
    expect(attempts).toBe(2);
    expect(tokens).toBe(2);
  });

  it('shows the throttling message on 429', async () => {
    mockServer(() => json(429, { message: 'Demasiados intentos', code: 'auth.throttled' }));
    renderLogin();
    await submit();
    await waitFor(() =>
      expect(screen.getByTestId('login-error')).toHaveTextContent('Demasiados intentos. Espera unos minutos'),
    );
  });
});

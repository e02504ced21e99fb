import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Navigate, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { gates } from '../../shared/access/gates';
import '../../shared/i18n';
import { sessionKeys } from '../../shared/session/api';
import { setCurrentClubId, startSession } from '../../shared/session/store';
import type { AlertOptions } from '../dialogs';
import { Providers } from '../Providers';
import { findRoute, HOME_ROUTE, PROVIDER_ROUTE } from '../routes';
import { RouteGuard } from './RouteGuard';

const CLUB = 2;
const PROVIDER = 'Hosting Norte';

const club = (suspended: boolean, roles = ['Administrador']) => ({
  nid: CLUB,
  title: 'Asociación Verde Norte',
  body: '',
  logo: null,
  images: [],
  full_html: '',
  html_design: '',
  cashPermission: true,
  cardPermission: true,
  walletPermission: true,
  roles,
  timezone: 'Europe/Madrid',
  suspended,
  functionalities: Object.fromEntries(gates.flags.map((f) => [f, !suspended])),
});

/** The alerts the guard opens (the app's dialog, recorded). */
const alerts = vi.hoisted(() => [] as { content: unknown }[]);
vi.mock('../dialogs', () => ({ useAlert: () => (o: AlertOptions) => alerts.push(o) }));

/** The server: only what the guard may ask (a test fails on anything else, e.g. a suspended club's day). */
let asked: string[] = [];
beforeEach(() => {
  asked = [];
  alerts.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      asked.push(new URL(input instanceof Request ? input.url : String(input), 'http://x').pathname);
      return new Response(JSON.stringify({ message: 'not here', code: 'not_found' }), { status: 404 });
    }),
  );
  startSession({ user: { uid: 7, name: 'admin', mail: 'admin@club.test' } });
});
afterEach(() => vi.unstubAllGlobals());

function renderAt(
  path: string,
  { current = CLUB as number | null, clubData = club(false), providerAdmin = false, clubs = [{ nid: CLUB, title: 'Asociación Verde Norte' }] } = {},
) {
  setCurrentClubId(current);
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  qc.setQueryData(sessionKeys.mine, { data: clubs });
  if (current !== null) qc.setQueryData(sessionKeys.club(current), clubData);
  qc.setQueryData(sessionKeys.me, { user: { uid: 7, name: 'admin', mail: '' }, provider_admin: providerAdmin });
  qc.setQueryData(['app_config'], { provider_name: PROVIDER });
  const guarded = (name: string) => (
    <RouteGuard entry={findRoute(name)!}>
      <div data-testid={`page-${name}`}>{name}</div>
    </RouteGuard>
  );
  return render(
    <Providers queryClient={qc}>
      <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/" element={<Navigate to={`/${HOME_ROUTE}`} replace />} />
            {['today', 'club', 'pos', 'clubrules', 'userprofile', PROVIDER_ROUTE].map((n) => (
              <Route key={n} path={`/${n}`} element={guarded(n)} />
            ))}
          </Routes>
      </MemoryRouter>
    </Providers>,
  );
}

const featureText = `Este club no tiene accesso a esta sección. Póngase en contacto con su proveedor de ${PROVIDER}.`;

/** The texts of the alerts opened so far. */
const alerted = () => alerts.map((a) => String(a.content));

describe('RouteGuard', () => {
  it('opens a screen the club and the role allow', async () => {
    renderAt('/pos');
    expect(await screen.findByTestId('page-pos')).toBeInTheDocument();
    expect(alerts).toHaveLength(0);
  });

  it('refuses a role the screen does not take with the administrator\'s alert, and goes to the root', async () => {
    renderAt('/clubrules', { clubData: club(false, ['Budtender']) });
    expect(await screen.findByTestId('page-today')).toBeInTheDocument();
    expect(alerted()).toEqual(['No tiene accesso a esta sección. Póngase en contacto con su administrador.']);
  });

  describe('a suspended club', () => {
    it('refuses a screen of the club with the provider\'s alert naming the provider, then shows the root\'s notice without a second alert', async () => {
      renderAt('/pos', { clubData: club(true) });
      expect(await screen.findByTestId('club-suspended')).toHaveTextContent(`contacte con su proveedor ${PROVIDER}`);
      expect(screen.queryByTestId('page-pos')).toBeNull();
      expect(screen.queryByTestId('page-today')).toBeNull();
      expect(alerted()).toEqual([featureText]);
      // nothing of the club was asked for: the description was known, the day never requested
      expect(asked).toEqual([]);
    });

    it('refuses the open screens too (the club page), once, without a loop', async () => {
      renderAt('/club', { clubData: club(true) });
      await screen.findByTestId('club-suspended');
      expect(screen.queryByTestId('page-club')).toBeNull();
      expect(alerted()).toEqual([featureText]);
    });

    it('refuses a screen that asks for no flag (the club rules) as a feature', async () => {
      renderAt('/clubrules', { clubData: club(true) });
      await screen.findByTestId('club-suspended');
      expect(alerted()).toEqual([featureText]);
    });

    it('shows the root as a calm notice, and still opens the person\'s profile', async () => {
      // another club id than the tests above: its first arrival at the root tells once
      const other = { ...club(true), nid: 5 };
      const clubs = [
        { nid: 5, title: other.title },
        { nid: 6, title: 'Otro' },
      ];
      const view = renderAt('/today', { current: 5, clubData: other, clubs });
      expect(await screen.findByTestId('club-suspended')).toHaveTextContent('Este club está suspendido');
      expect(alerted()).toEqual([featureText]);
      expect(screen.getByTestId('suspended-other-club')).toBeInTheDocument();
      expect(screen.queryByTestId('page-today')).toBeNull();
      view.unmount();
      // back at the root later: the notice, no second alert
      const again = renderAt('/today', { current: 5, clubData: other, clubs });
      await screen.findByTestId('club-suspended');
      expect(alerts).toHaveLength(1);
      again.unmount();
      renderAt('/userprofile', { current: 5, clubData: other, clubs });
      expect(await screen.findByTestId('page-userprofile')).toBeInTheDocument();
      expect(alerts).toHaveLength(1);
      expect(asked).toEqual([]);
    });
  });

  describe('the provider\'s console', () => {
    it('opens for a provider administrator who staffs no club', async () => {
      renderAt(`/${PROVIDER_ROUTE}`, { current: null, providerAdmin: true, clubs: [] });
      expect(await screen.findByTestId(`page-${PROVIDER_ROUTE}`)).toBeInTheDocument();
    });

    it('opens for a provider administrator whose current club is suspended', async () => {
      renderAt(`/${PROVIDER_ROUTE}`, { clubData: club(true), providerAdmin: true });
      expect(await screen.findByTestId(`page-${PROVIDER_ROUTE}`)).toBeInTheDocument();
      expect(alerts).toHaveLength(0);
    });

    it('refuses anyone else and goes to the root', async () => {
      renderAt(`/${PROVIDER_ROUTE}`);
      expect(await screen.findByTestId('page-today')).toBeInTheDocument();
      expect(alerted()).toEqual(['No tiene accesso a esta sección. Póngase en contacto con su administrador.']);
    });
  });
});

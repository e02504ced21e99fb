import { describe, expect, it } from 'vitest';
import { gates } from '../../shared/access/gates';
import { findRoute, HOME_ROUTE, PROVIDER_ROUTE, type RouteEntry } from '../routes';
import { forgetSuspended, routeVerdict, tellSuspended, type RouteFacts } from './routeAccess';

const route = (name: string): RouteEntry => {
  const r = findRoute(name);
  if (!r) throw new Error(`no route ${name}`);
  return r;
};

const allFlags = Object.fromEntries(gates.flags.map((f) => [f, true]));
const active = { functionalities: allFlags, roles: ['Administrador'], suspended: false };
// what GET /api/association/retrieve answers for a suspended club: every flag false, suspended true
const suspended = { functionalities: Object.fromEntries(gates.flags.map((f) => [f, false])), roles: ['Administrador'], suspended: true };

function facts(name: string, over: Partial<RouteFacts> = {}): RouteFacts {
  return {
    entry: route(name),
    currentId: 2,
    clubsPending: false,
    club: { isPending: false, data: active },
    me: { isPending: false, providerAdmin: false },
    ...over,
  };
}

describe('routeVerdict', () => {
  it('opens a club screen the club and the role allow, in the club', () => {
    expect(routeVerdict(facts('pos'))).toEqual({ kind: 'club' });
    expect(routeVerdict(facts('today'))).toEqual({ kind: 'open' });
  });

  it('refuses a screen of a club without its flag as a feature, and without the role as a role', () => {
    expect(routeVerdict(facts('pos', { club: { isPending: false, data: { functionalities: {}, roles: ['Administrador'] } } }))).toEqual({
      kind: 'refused',
      reason: 'feature',
    });
    expect(routeVerdict(facts('pos', { club: { isPending: false, data: { functionalities: allFlags, roles: ['Social'] } } }))).toEqual({
      kind: 'refused',
      reason: 'role',
    });
  });

  it('refuses every screen of a suspended club as a feature, the open ones and the flagless ones too', () => {
    const club = { isPending: false, data: suspended };
    for (const name of ['pos', 'patientmanager', 'clubrules', 'club', 'descarga', 'tvshow1']) {
      expect(routeVerdict(facts(name, { club })), name).toEqual({ kind: 'refused', reason: 'feature' });
    }
  });

  it('shows the root of a suspended club as its notice, neither refusing it (no loop) nor opening the club\'s day', () => {
    expect(routeVerdict(facts(HOME_ROUTE, { club: { isPending: false, data: suspended } }))).toEqual({ kind: 'suspended' });
  });

  it('waits for the club before opening an open screen, so a suspended club\'s day is never asked for', () => {
    expect(routeVerdict(facts(HOME_ROUTE, { club: { isPending: true } }))).toEqual({ kind: 'wait' });
    expect(routeVerdict(facts('club', { club: { isPending: true } }))).toEqual({ kind: 'wait' });
  });

  it('opens the open screens with no club chosen (the chooser), and sends a club screen to the root', () => {
    expect(routeVerdict(facts(HOME_ROUTE, { currentId: null, club: { isPending: true } }))).toEqual({ kind: 'open' });
    expect(routeVerdict(facts('pos', { currentId: null, club: { isPending: true } }))).toEqual({ kind: 'noClub' });
    expect(routeVerdict(facts('pos', { currentId: null, clubsPending: true, club: { isPending: true } }))).toEqual({ kind: 'wait' });
  });

  it('opens the person\'s own screens whatever the club, suspended or none', () => {
    for (const name of ['userprofile', 'novelties']) {
      expect(routeVerdict(facts(name, { club: { isPending: false, data: suspended } })), name).toEqual({ kind: 'open' });
      expect(routeVerdict(facts(name, { currentId: null, club: { isPending: true } })), name).toEqual({ kind: 'open' });
    }
  });

  it('opens the provider\'s console to provider administrators only, in no club and whatever the current one', () => {
    const admin = { isPending: false, providerAdmin: true };
    expect(routeVerdict(facts(PROVIDER_ROUTE, { me: admin, currentId: null, club: { isPending: true } }))).toEqual({ kind: 'open' });
    expect(routeVerdict(facts(PROVIDER_ROUTE, { me: admin, club: { isPending: false, data: suspended } }))).toEqual({ kind: 'open' });
    expect(routeVerdict(facts(PROVIDER_ROUTE, { me: { isPending: true, providerAdmin: false } }))).toEqual({ kind: 'wait' });
    expect(routeVerdict(facts(PROVIDER_ROUTE))).toEqual({ kind: 'refused', reason: 'role' });
  });
});

describe('the suspended club\'s alert', () => {
  it('is told once per club until the club is seen active again', () => {
    expect(tellSuspended(91)).toBe(true);
    expect(tellSuspended(91)).toBe(false);
    expect(tellSuspended(92)).toBe(true);
    forgetSuspended(91);
    expect(tellSuspended(91)).toBe(true);
  });
});

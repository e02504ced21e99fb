import { describe, expect, it } from 'vitest';
import es from '../locales/es.json';
import { canAccess, gates } from '../shared/access/gates';
import { buildMenu } from './menuModel';
import { CLUB_ROUTE, findRoute, HOME_ROUTE, menuGroups, routes } from './routes';

const flat = (obj: object, prefix = ''): Record<string, unknown> =>
  Object.entries(obj).reduce<Record<string, unknown>>((acc, [k, v]) => {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') Object.assign(acc, flat(v as object, key));
    else acc[key] = v;
    return acc;
  }, {});
const esKeys = flat(es);

const SCREENS = [
  'patientcreate', 'patientmanager', 'staffmanager', 'usersmanager', 'uservalidation', 'dniread', 'userinvite',
  'pushnotificationsmanager', 'smsmanager', 'pos', 'ordersInProcess', 'cupons', 'cuponcreate', 'cuponUsesList',
  'dispensarymanagerpro', 'dispensarymanagerbasic', 'dispensaryproductcreatepro', 'dispensaryproductcreatebasic',
  'dispensary', 'dispensary_item', 'productHistoryReport', 'stockmanager', 'inventorymanager', 'movementsreport',
  'closingregisterreport', 'closingreport', 'closeregisterhistory', 'ordersReport', 'dispensationReport',
  'efficiencyReport', 'walletReport', 'accesscontrolreport', 'novelties', 'club', 'clubmanager', 'htmleditor', 'news',
  'newscreate', 'events', 'eventcreate', 'consults', 'tvshows', 'tvshow1', 'tvshow2', 'tvshow3', 'tvshowsettings',
  'userprofile', 'descarga', 'today', 'accesscontrol',
];
const DIALOGS = [
  'walletamounts', 'feetypes', 'membercategories', 'productcategories', 'cashamounts',
  'weightdiscrepancy', 'paymentmethods', 'consumptionforecast', 'closeregister', 'cashmovement',
];

describe('route registry', () => {
  it('lists every screen and side-menu dialog of the spec exactly once', () => {
    const names = routes.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual([...SCREENS, ...DIALOGS].sort());
    DIALOGS.forEach((d) => expect(findRoute(d)?.kind).toBe('dialog'));
  });

  it('gives every route a gate that exists in gates.json', () => {
    routes.forEach((r) => expect(gates.screens[r.gate], `gate of ${r.name}`).toBeDefined());
    menuGroups.forEach((g) => expect(gates.menuGroups[g.gate], `group ${g.key}`).toBeDefined());
  });

  it('has a title for every route and a label for every menu entry and group', () => {
    routes.forEach((r) => expect(esKeys[`routes.${r.name}`], r.name).toBeTruthy());
    routes.filter((r) => r.menu).forEach((r) => expect(esKeys[r.menu!.labelKey], r.name).toBeTruthy());
    menuGroups.forEach((g) => expect(esKeys[g.labelKey], g.key).toBeTruthy());
  });

  it('lands on the club\'s day, open to every staff member, with the club page still a route of its own', () => {
    expect(HOME_ROUTE).toBe('today');
    expect(findRoute(HOME_ROUTE)?.gate).toBe('today');
    expect(gates.screens.today).toEqual({ flags: [], roles: [] });
    expect(findRoute(CLUB_ROUTE)?.kind).toBe('screen');
    expect(esKeys['menu.today']).toBeTruthy();
    expect(esKeys['menu.home']).toBeTruthy();
  });

  it('keeps the spec menu placement', () => {
    const groupOf = (n: string) => findRoute(n)?.menu?.group;
    expect(groupOf('patientcreate')).toBe('members');
    expect(groupOf('patientmanager')).toBe('members');
    expect(groupOf('pos')).toBe('pos');
    expect(groupOf('ordersInProcess')).toBe('pos');
    expect(groupOf('cupons')).toBe('admin');
    expect(groupOf('staffmanager')).toBe('admin');
    expect(groupOf('walletamounts')).toBe('admin');
    expect(groupOf('feetypes')).toBe('admin');
    expect(groupOf('membercategories')).toBe('admin');
  });
});

describe('side menu', () => {
  const club = (flags: string[], roles: string[]) => ({
    functionalities: Object.fromEntries(flags.map((f) => [f, true])),
    roles,
  });
  const visible = (c: ReturnType<typeof club>) =>
    Object.fromEntries(buildMenu(routes, menuGroups, gates, c).map((g) => [g.group.key, g.entries.map((e) => e.name)]));

  it('shows nothing of "Gestión Club" without a club', () => {
    expect(buildMenu(routes, menuGroups, gates, null)).toEqual([]);
  });

  it('shows only what the club flags and the user roles allow', () => {
    const menu = visible(club(['socios', 'software_gestion_club'], ['Budtender']));
    expect(Object.keys(menu)).toEqual(['pos', 'cash']);
    expect(menu.pos).toEqual(['pos', 'ordersInProcess']);
    expect(menu.cash).toContain('dispensarymanagerpro');
    expect(menu.cash).not.toContain('stockmanager');
  });

  it('hides a group whose own gate fails even when an entry would pass', () => {
    // walletReport lets Recepción in, but the reports group needs Manager or Administrador.
    expect(canAccess(gates.screens.walletReport, club(['monedero'], ['Recepción']))).toBe(true);
    expect(visible(club(['monedero'], ['Recepción'])).reports).toBeUndefined();
  });

  it('hides the members and social groups when the club lacks socios and comunicacion', () => {
    const menu = visible(club(['software_gestion_club'], ['Administrador']));
    expect(menu.members).toBeUndefined();
    expect(menu.social).toBeUndefined();
    expect(menu.admin).toEqual(['productcategories', 'cashamounts', 'weightdiscrepancy', 'paymentmethods']);
  });

  it('shows every group to an Administrador of a club with every flag, in order', () => {
    const menu = buildMenu(routes, menuGroups, gates, club(gates.flags, ['Administrador']));
    expect(menu.map((g) => g.group.key)).toEqual(['members', 'pos', 'cash', 'admin', 'reports', 'social']);
    expect(menu[0].entries.map((e) => e.name).slice(0, 2)).toEqual(['patientcreate', 'patientmanager']);
  });
});

import { describe, expect, it } from 'vitest';
import es from '../locales/es.json';
import { canAccess, gates } from '../shared/access/gates';
import { PROVIDER_PATH } from '../shared/session/afterLogin';
import { buildMenu } from './menuModel';
import { CLUB_ROUTE, findRoute, HOME_ROUTE, menuGroups, PROVIDER_ROUTE, providerMenu, routes } from './routes';

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
  'closingregisterreport', 'closingreport', 'closeregisterhistory', 'ordersReport', 'dispensationReport', 'dispensationregister',
  'efficiencyReport', 'walletReport', 'accesscontrolreport', 'novelties', 'club', 'clubmanager', 'htmleditor', 'news',
  'newscreate', 'events', 'eventcreate', 'consults', 'tvshows', 'tvshow1', 'tvshow2', 'tvshow3', 'tvshowsettings',
  'userprofile', 'descarga', 'today', 'accesscontrol', 'clubrules',
  'strains', 'growintake', 'batches', 'batch', 'annualreport',
  'provider',
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

  it('gives every club and account route a gate that exists in gates.json, and the provider\'s console none', () => {
    routes
      .filter((r) => r.audience !== 'provider')
      .forEach((r) => expect(gates.screens[r.gate ?? ''], `gate of ${r.name}`).toBeDefined());
    expect(routes.filter((r) => r.audience === 'provider').map((r) => [r.name, r.gate])).toEqual([[PROVIDER_ROUTE, null]]);
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

  it('keeps the person\'s own screens open whatever the club, and the provider\'s console out of every club group', () => {
    expect(findRoute('userprofile')?.audience).toBe('account');
    expect(findRoute('novelties')?.audience).toBe('account');
    expect(findRoute('today')?.audience).toBe('club');
    expect(findRoute('club')?.audience).toBe('club');
    const console = findRoute(PROVIDER_ROUTE);
    expect(console?.audience).toBe('provider');
    expect(console?.menu).toBeUndefined();
    expect(console?.kind).toBe('screen');
    expect(esKeys[providerMenu.labelKey]).toBeTruthy();
    // where a provider administrator without clubs lands is this route
    expect(PROVIDER_PATH).toBe(`/${PROVIDER_ROUTE}`);
  });

  it('keeps the spec menu placement', () => {
    const groupOf = (n: string) => findRoute(n)?.menu?.group;
    expect(groupOf('patientcreate')).toBe('members');
    expect(groupOf('patientmanager')).toBe('members');
    expect(groupOf('pos')).toBe('pos');
    expect(groupOf('ordersInProcess')).toBe('pos');
    // the basic dispensary list, which the TV screens and the product detail also lead to
    expect(groupOf('dispensary')).toBe('cash');
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
    expect(Object.keys(menu)).toEqual(['pos', 'cash', 'reports']);
    expect(menu.pos).toEqual(['pos', 'ordersInProcess']);
    expect(menu.cash).toContain('dispensarymanagerpro');
    expect(menu.cash).not.toContain('stockmanager');
  });

  it('hides a group whose own gate fails even when an entry would pass', () => {
    // a table whose reports group is the Manager's alone: the wallet report, open to Recepción, hides with it
    const table = { ...gates, menuGroups: { ...gates.menuGroups, reports: { flags: [], roles: ['Manager'] } } };
    const c = club(['monedero'], ['Recepción']);
    expect(canAccess(table.screens.walletReport, c)).toBe(true);
    expect(buildMenu(routes, menuGroups, table, c).find((g) => g.group.key === 'reports')).toBeUndefined();
  });

  it('gives every role the menu entry of every screen it may open', () => {
    for (const role of gates.roles) {
      const c = club(gates.flags, [role]);
      const shown = new Set(buildMenu(routes, menuGroups, gates, c).flatMap((g) => g.entries.map((e) => e.name)));
      for (const r of routes.filter((x) => x.menu)) {
        expect(shown.has(r.name), `${role} may open ${r.name}: its menu entry must show`).toBe(canAccess(gates.screens[r.gate ?? ''], c));
      }
    }
  });

  it('shows Caja and the Budtender the cash reports, and the Budtender and Recepción the wallet and performance reports', () => {
    const all = (role: string) => visible(club(gates.flags, [role]));
    expect(all('Caja').reports).toEqual(['movementsreport', 'closingregisterreport', 'closingreport']);
    expect(all('Budtender').reports).toEqual(['ordersReport', 'efficiencyReport', 'walletReport', 'movementsreport', 'closingregisterreport', 'closingreport']);
    expect(all('Recepción').reports).toEqual(['efficiencyReport', 'walletReport']);
    expect(all('Inventario').reports).toBeUndefined();
    expect(all('Social').reports).toBeUndefined();
    // the wallet report needs its flag: without monedero or funciones_avanzadas_gestion, Recepción keeps the performance report
    expect(visible(club(['software_gestion_club', 'socios'], ['Recepción'])).reports).toEqual(['efficiencyReport']);
  });

  it('shows the dispensation register to Manager and Administrador only, after the withdrawals', () => {
    for (const role of gates.roles) {
      const reports = visible(club(gates.flags, [role])).reports ?? [];
      expect(reports.includes('dispensationregister'), role).toBe(role === 'Manager' || role === 'Administrador');
    }
    const manager = visible(club(gates.flags, ['Manager'])).reports;
    expect(manager.indexOf('dispensationregister')).toBe(manager.indexOf('dispensationReport') + 1);
  });

  it('shows the grow room to Administrador, Manager and Inventario of a club with cultivo, and to no one without it', () => {
    for (const role of gates.roles) {
      const grow = visible(club(gates.flags, [role])).cultivation;
      if (['Administrador', 'Manager', 'Inventario'].includes(role)) expect(grow, role).toEqual(['strains', 'growintake', 'batches', 'annualreport']);
      else expect(grow, role).toBeUndefined();
    }
    expect(visible(club(gates.flags.filter((f) => f !== 'cultivo'), ['Administrador'])).cultivation).toBeUndefined();
  });

  it('opens a batch at /app/batch/<id>, outside the menu, showing the batches as current', () => {
    const batch = findRoute('batch');
    expect(batch?.path).toBe('batch/:id');
    expect(batch?.menu).toBeUndefined();
    expect(batch?.within).toBe('batches');
    expect(findRoute('batches')?.path).toBe('batches');
  });

  it('hides the members and social groups when the club lacks socios and comunicacion', () => {
    const menu = visible(club(['software_gestion_club'], ['Administrador']));
    expect(menu.members).toBeUndefined();
    expect(menu.social).toBeUndefined();
    expect(menu.admin).toEqual(['productcategories', 'cashamounts', 'weightdiscrepancy', 'paymentmethods', 'clubrules']);
  });

  it('shows every group to an Administrador of a club with every flag, in order', () => {
    const menu = buildMenu(routes, menuGroups, gates, club(gates.flags, ['Administrador']));
    expect(menu.map((g) => g.group.key)).toEqual(['members', 'pos', 'cash', 'cultivation', 'admin', 'reports', 'social']);
    expect(menu[0].entries.map((e) => e.name).slice(0, 2)).toEqual(['patientcreate', 'patientmanager']);
  });
});

// The provider's console against the real binary and its demo (two clubs: "Club Demo Socius", 1, and
// "Asociación Verde Norte", 2, whose Administrador is the demo's `admin`; the provider administrator
// `proveedor` staffs no club), in Spanish: the provider lands on the console, opens "Club Nuevo" whose
// Administrador sets a password from the invitation in their mailbox (e2e/mail.ts) and sees the club;
// a flag switched on and off leaves its rows in the audit log; Verde Norte suspended refuses its
// Administrador with the provider's alert and a calm notice at the root (no loop, no 403 after 403),
// and works again once reactivated. Every screen and dialog is shot wide and narrow.
import { expect, test, type Page } from './fixtures';
import { featureText, PASSWORD, setLanguage, settle, shot, tr } from './helpers';
import { MailBox } from './mail';

test.describe.configure({ mode: 'serial' });

const DEMO_CLUB = 1;
const VERDE = 2;
const VERDE_NAME = 'Asociación Verde Norte';
const NEW_CLUB = 'Club Nuevo';
const NEW_ADMIN = 'nora.nuevo@club-nuevo.test';
const NEW_PASSWORD = 'Nuevo-club-2025';
const PROVIDER = 'Socius'; // SOCIUS_PROVIDER_NAME's default

let mailbox: MailBox;
test.beforeAll(async () => {
  mailbox = await MailBox.open();
});
test.afterAll(async () => {
  await mailbox.close();
});

const pv = (key: string, vars?: Record<string, string | number>) => featureText('provider', 'es', `provider.${key}`, vars);
const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text, { exact: true }).first();
const narrow = (page: Page) => page.setViewportSize({ width: 390, height: 844 });
const wide = (page: Page) => page.setViewportSize({ width: 1440, height: 900 });
const featureRefused = tr('es', 'access.featureRefused').replace('{{provider}}', PROVIDER);

/** Shoots the page wide, then narrow, and leaves the window wide. */
async function both(page: Page, name: string) {
  await shot(page, `${name}-wide`);
  await narrow(page);
  await shot(page, `${name}-narrow`);
  await wide(page);
  await settle(page);
}

/** Logs in through the form and waits for where the app lands (`landing`, a path under /app/). */
async function logIn(page: Page, username: string, landing: RegExp, password = PASSWORD) {
  await page.goto('/app/');
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(landing);
}

async function logOut(page: Page) {
  await page.getByTestId('profile-menu-trigger').click();
  await page.getByTestId('logout').click();
  await expect(page.getByTestId('login-form')).toBeVisible();
}

/** The row of a club in the console. */
const clubRow = (page: Page, title: string) => page.getByTestId('provider-clubs').locator('tr', { has: page.getByText(title, { exact: true }) });

/** The audit log's rows, newest first. */
const auditRows = (page: Page) => page.getByTestId('provider-audit').locator('tbody tr.ant-table-row');

test('the provider opens a club, changes its features, suspends and reactivates another; the staff live it', async ({ page }) => {
  // ---- the provider administrator staffs no club: the console is their landing, and their whole menu
  await logIn(page, 'proveedor', /\/app\/provider$/);
  await expect(page.getByTestId('provider-title')).toHaveText(pv('title'));
  const menu = page.getByTestId('side-menu');
  await expect(menu.getByTestId('menu-item-provider')).toHaveText(tr('es', 'menu.items.provider'));
  await expect(menu.getByTestId('menu-item-today')).toHaveCount(0);
  await expect(page).toHaveTitle(`${tr('es', 'routes.provider')} · Socius`);

  // the demo's two clubs, active, with their figures; nothing in the audit log yet
  await expect(clubRow(page, 'Club Demo Socius')).toBeVisible();
  await expect(clubRow(page, VERDE_NAME)).toBeVisible();
  await expect(page.getByTestId('provider-stat-clubs')).toHaveText('2');
  await expect(page.getByTestId('provider-stat-suspended')).toHaveText('0');
  await expect(page.getByTestId(`provider-status-${DEMO_CLUB}`)).toHaveText(pv('clubs.active'));
  await expect(page.getByTestId(`provider-status-${VERDE}`)).toHaveText(pv('clubs.active'));
  const demoMembers = Number((await page.getByTestId(`provider-members-${DEMO_CLUB}`).innerText()).replace(/\D/g, ''));
  expect(demoMembers).toBeGreaterThan(30);
  // the demo club sold yesterday: a date and time, never the dash
  await expect(clubRow(page, 'Club Demo Socius')).toContainText(/\d\d:\d\d \d\d\/\d\d\/\d{4}/);
  await expect(page.getByTestId(`provider-flags-count-${DEMO_CLUB}`)).toHaveText('12 de 12');
  await expect(page.getByTestId('provider-audit-empty')).toHaveText([pv('audit.emptyTitle'), pv('audit.emptyHelp')].join(''));
  await both(page, 'provider-console');

  // the flags of a club at a glance
  await page.getByTestId(`provider-flags-count-${VERDE}`).click();
  const popover = page.locator('.ant-popover:visible');
  await expect(popover).toContainText(pv('clubs.flagsOf', { club: VERDE_NAME }));
  await expect(popover).toContainText(pv('flags.socios.name'));
  await shot(page, 'provider-flags-popover-wide');
  await page.keyboard.press('Escape');
  await page.getByTestId('provider-title').click();
  await expect(popover).toHaveCount(0);

  // ---- a new club: the form says what it needs, the server's refusal shows on its field
  await page.getByTestId('provider-new-club').click();
  const dialog = page.getByTestId('provider-new');
  await expect(page.getByTestId('provider-new-title')).toBeFocused();
  await expect(page.getByTestId('provider-new-lang')).toContainText('Español');
  await expect(page.getByTestId('provider-new-flags-socios')).toBeChecked();
  await expect(page.getByTestId('provider-new-flags-software_gestion_club')).toBeChecked();
  await expect(page.getByTestId('provider-new-flags-cultivo')).not.toBeChecked();
  await page.getByTestId('provider-new-submit').click();
  await expect(dialog.locator('.ant-form-item-explain-error').getByText(pv('newDialog.clubNameRequired'))).toBeVisible();
  await expect(dialog.locator('.ant-form-item-explain-error').getByText(pv('newDialog.emailRequired'))).toBeVisible();
  await both(page, 'provider-new-dialog-errors');
  await page.getByTestId('provider-new-title').fill(NEW_CLUB);
  // an address the form takes and the server does not (a quoted name): its refusal, on the field
  await page.getByTestId('provider-new-email').fill('"nora"@club-nuevo.test');
  await page.getByTestId('provider-new-email').press('Enter');
  await expect(dialog.locator('.ant-form-item-explain-error').getByText(pv('errors.provider.email'))).toBeVisible();
  await page.getByTestId('provider-new-email').fill(NEW_ADMIN);
  await page.getByTestId('provider-new-name').fill('Nora');
  await page.getByTestId('provider-new-surname').fill('Nuevo Pons');
  await page.getByTestId('provider-new-flags-cupones').click();
  await both(page, 'provider-new-dialog');
  await page.getByTestId('provider-new-submit').click();
  const created = page.getByTestId('provider-created');
  await expect(created).toContainText(pv('newDialog.created', { club: NEW_CLUB }));
  await expect(created).toContainText('Club creado: la invitación se ha enviado al Administrador');
  await expect(dialog).toBeHidden();
  await expect(clubRow(page, NEW_CLUB)).toBeVisible();
  await expect(clubRow(page, NEW_CLUB).locator('[data-testid^="provider-flags-count-"]')).toHaveText('3 de 12');
  await expect(page.getByTestId('provider-stat-clubs')).toHaveText('3');
  await expect(auditRows(page)).toHaveCount(1);
  await expect(auditRows(page).first()).toContainText(pv('audit.actions.club.create'));
  await expect(auditRows(page).first()).toContainText(pv('audit.admin', { email: NEW_ADMIN }));
  await expect(auditRows(page).first()).toContainText('proveedor');
  const newId = Number(
    ((await clubRow(page, NEW_CLUB).locator('[data-testid^="provider-club-"]').getAttribute('data-testid')) ?? '').replace(/\D/g, ''),
  );
  expect(newId).toBeGreaterThan(VERDE);

  // ---- the Administrador's mailbox: the invitation's link sets the password, and the club is theirs
  const mail = await mailbox.waitFor(NEW_ADMIN);
  const body = mail.data.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
  expect(body).toContain(NEW_CLUB);
  const link = /\/app\/reset-password\?token=[\w-]+/.exec(body)?.[0];
  expect(link, body).toBeTruthy();
  await logOut(page);
  await page.goto(link!);
  await page.getByTestId('reset-password').fill(NEW_PASSWORD);
  await page.getByTestId('reset-confirm').fill(NEW_PASSWORD);
  await page.getByTestId('reset-submit').click();
  await expect(page.getByTestId('reset-done')).toBeVisible();
  await logIn(page, NEW_ADMIN, /\/app\/today$/, NEW_PASSWORD);
  await expect(page.getByTestId('club-switcher')).toContainText(NEW_CLUB);
  await expect(page.getByTestId('today-page')).toBeVisible();
  await expect(page.getByTestId('side-menu').getByTestId('menu-item-provider')).toHaveCount(0);
  await expect(page.getByTestId('side-menu').getByTestId('menu-group-pos')).toBeVisible();
  await shot(page, 'provider-new-admin-today-wide');
  await logOut(page);

  // ---- back as the provider: a feature switched on, then off, each a row of the audit log
  await logIn(page, 'proveedor', /\/app\/provider$/);
  await page.getByTestId(`provider-edit-flags-${newId}`).click();
  const flags = page.getByTestId('provider-flags');
  await expect(flags).toContainText(pv('flagsDialog.title', { club: NEW_CLUB }));
  await expect(page.getByTestId('provider-flags-count')).toContainText('3 de 12 funciones');
  await expect(page.getByTestId('provider-flags-submit')).toBeDisabled();
  await page.getByTestId('provider-flags-list-cultivo').click();
  await expect(page.getByTestId('provider-flags-count')).toHaveText('4 de 12 funciones');
  await both(page, 'provider-flags-dialog');
  await page.getByTestId('provider-flags-submit').click();
  await expect(toast(page, pv('flagsDialog.saved', { club: NEW_CLUB }))).toBeVisible();
  await expect(flags).toBeHidden();
  await expect(page.getByTestId(`provider-flags-count-${newId}`)).toHaveText('4 de 12');
  await expect(auditRows(page)).toHaveCount(2);
  const switchedOn = auditRows(page).first();
  await expect(switchedOn).toContainText(pv('audit.actions.club.flags'));
  await expect(switchedOn.getByLabel(pv('audit.flagOn', { flag: pv('flags.cultivo.name') }))).toBeVisible();

  await page.getByTestId(`provider-edit-flags-${newId}`).click();
  await expect(page.getByTestId('provider-flags-list-cultivo')).toBeChecked();
  await page.getByTestId('provider-flags-list-cultivo').click();
  await page.getByTestId('provider-flags-submit').click();
  await expect(toast(page, pv('flagsDialog.saved', { club: NEW_CLUB }))).toBeVisible();
  await expect(page.getByTestId(`provider-flags-count-${newId}`)).toHaveText('3 de 12');
  await expect(auditRows(page)).toHaveCount(3);
  await expect(auditRows(page).first().getByLabel(pv('audit.flagOff', { flag: pv('flags.cultivo.name') }))).toBeVisible();

  // ---- Verde Norte suspended, after a confirmation that names it and says what it means
  await expect(page.locator('.ant-message-notice')).toHaveCount(0); // the last toast has gone: the dialog's picture is clear
  await page.getByTestId(`provider-suspend-${VERDE}`).click();
  const confirm = page.getByTestId('provider-suspend');
  await expect(confirm).toContainText(pv('suspendDialog.title', { club: VERDE_NAME }));
  await expect(confirm).toContainText(pv('suspendDialog.body'));
  await both(page, 'provider-suspend-dialog');
  await page.getByTestId('provider-suspend-submit').click();
  await expect(toast(page, pv('suspendDialog.done', { club: VERDE_NAME }))).toBeVisible();
  await expect(page.getByTestId(`provider-status-${VERDE}`)).toHaveText(pv('clubs.suspended'));
  await expect(page.getByTestId('provider-stat-suspended')).toHaveText('1');
  await expect(page.getByTestId(`provider-reactivate-${VERDE}`)).toBeVisible();
  await expect(auditRows(page)).toHaveCount(4);
  await expect(auditRows(page).first()).toContainText(pv('audit.actions.club.suspend'));
  await expect(auditRows(page).first()).toContainText(VERDE_NAME);
  await both(page, 'provider-console-suspended');
  await logOut(page);

  // ---- its Administrador: the provider's alert naming the provider, then a calm notice; no loop, no 403 after 403
  const refused: string[] = [];
  page.on('response', (r) => {
    if (r.status() === 403 && new URL(r.url()).pathname.startsWith('/api/')) refused.push(new URL(r.url()).pathname);
  });
  await logIn(page, 'admin', /\/app\/today$/);
  await page.getByTestId(`club-card-${VERDE}`).click();
  const alert = page.getByTestId('alert-dialog');
  await expect(alert).toContainText(featureRefused);
  await expect(page.getByTestId('club-suspended')).toContainText(featureText('club', 'es', 'today.suspended.title'));
  await expect(page.getByTestId('club-suspended')).toContainText(`contacte con su proveedor ${PROVIDER}`);
  await shot(page, 'provider-staff-alert-wide');
  await page.getByTestId('dialog-ok').click();
  await expect(alert).toHaveCount(0);
  await settle(page);
  await expect(alert).toHaveCount(0);
  await expect(page).toHaveURL(/\/app\/today$/);
  // the menu offers nothing of the club
  await expect(page.getByTestId('side-menu').getByTestId('menu-group-pos')).toHaveCount(0);
  await both(page, 'provider-staff-suspended');
  // a screen of the club, an open one too: the alert once, back to the notice, and it stays there
  for (const path of ['pos', 'club']) {
    await page.goto(`/app/${path}`);
    await expect(alert).toContainText(featureRefused);
    await expect(alert).toHaveCount(1);
    await page.getByTestId('dialog-ok').click();
    await expect(alert).toHaveCount(0);
    await expect(page).toHaveURL(/\/app\/today$/);
    await expect(page.getByTestId('club-suspended')).toBeVisible();
    await settle(page);
    await expect(alert).toHaveCount(0);
  }
  // nothing of the club was asked for and refused: the guard knew before any call
  expect(refused).toEqual([]);
  // the other club works as ever
  await page.getByTestId('suspended-other-club').click();
  await page.getByTestId(`club-card-${DEMO_CLUB}`).click();
  await expect(page.getByTestId('today-page')).toBeVisible();
  await logOut(page);

  // ---- reactivated: the console says so, the log has it, and its Administrador works again
  await logIn(page, 'proveedor', /\/app\/provider$/);
  await page.getByTestId(`provider-reactivate-${VERDE}`).click();
  await expect(confirm).toContainText(pv('reactivateDialog.title', { club: VERDE_NAME }));
  await shot(page, 'provider-reactivate-dialog-wide');
  await page.getByTestId('provider-suspend-submit').click();
  await expect(toast(page, pv('reactivateDialog.done', { club: VERDE_NAME }))).toBeVisible();
  await expect(page.getByTestId(`provider-status-${VERDE}`)).toHaveText(pv('clubs.active'));
  await expect(auditRows(page)).toHaveCount(5);
  await expect(auditRows(page).first()).toContainText(pv('audit.actions.club.reactivate'));
  await both(page, 'provider-console-audit');
  await logOut(page);

  await logIn(page, 'admin', /\/app\/today$/);
  await page.getByTestId(`club-card-${VERDE}`).click();
  await expect(page.getByTestId('today-page')).toBeVisible();
  await expect(page.getByTestId('club-suspended')).toHaveCount(0);
  await expect(alert).toHaveCount(0);
  await expect(page.getByTestId('side-menu').getByTestId('menu-group-pos')).toBeVisible();
  await page.goto('/app/pos');
  await expect(page).toHaveURL(/\/app\/pos$/);
  await expect(alert).toHaveCount(0);
  // the provider's console is not theirs
  await page.goto('/app/provider');
  await expect(alert).toContainText(tr('es', 'access.roleRefused'));
  await page.getByTestId('dialog-ok').click();
  await expect(page).toHaveURL(/\/app\/today$/);
  await logOut(page);

  // ---- a club whose Administrador is an existing account, here the provider's own: that account's
  // password is chosen again through the invitation (whoever held it is out), so its session ends;
  // the mailbox's holder sets it and sees both the console and the club
  await logIn(page, 'proveedor', /\/app\/provider$/);
  await page.getByTestId('provider-new-club').click();
  await page.getByTestId('provider-new-title').fill('Club del Proveedor');
  await page.getByTestId('provider-new-email').fill('proveedor@demo.socius.local');
  await page.getByTestId('provider-new-submit').click();
  await expect(page.getByTestId('provider-created')).toContainText('ya tenía cuenta; la invitación le pide elegir de nuevo su contraseña');
  // the session is over: the app says so, and its OK leads to the login
  await expect(page.getByRole('dialog', { name: /La sesión ha caducado/ })).toBeVisible();
  await page.getByRole('dialog', { name: /La sesión ha caducado/ }).getByTestId('dialog-ok').click();
  await expect(page.getByTestId('login-form')).toBeVisible();
  const again = (await mailbox.waitFor('proveedor@demo.socius.local')).data.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
  expect(again).toContain('Club del Proveedor');
  await page.goto(/\/app\/reset-password\?token=[\w-]+/.exec(again)![0]);
  await page.getByTestId('reset-password').fill('Proveedor-nuevo-1');
  await page.getByTestId('reset-confirm').fill('Proveedor-nuevo-1');
  await page.getByTestId('reset-submit').click();
  await expect(page.getByTestId('reset-done')).toBeVisible();
  await logIn(page, 'proveedor', /\/app\/(provider|today)$/, 'Proveedor-nuevo-1');
  await expect(menu.getByTestId('menu-item-today')).toBeVisible();
  await expect(page.getByTestId('club-switcher')).toContainText('Club del Proveedor');
  await menu.getByTestId('menu-item-today').click();
  await expect(page.getByTestId('today-page')).toBeVisible();
  await expect(menu.getByTestId('menu-item-provider')).toBeVisible();
  await shot(page, 'provider-with-club-wide');
  await menu.getByTestId('menu-item-provider').click();
  await expect(page).toHaveURL(/\/app\/provider$/);
  await expect(auditRows(page)).toHaveCount(6);

  // ---- the console in German, as a provider in Germany reads it
  await setLanguage(page, 'de');
  await expect(page.getByTestId('provider-title')).toHaveText(featureText('provider', 'de', 'provider.title'));
  await expect(page.getByTestId('side-menu').getByTestId('menu-item-provider')).toHaveText(tr('de', 'menu.items.provider'));
  await expect(auditRows(page).first()).toContainText(featureText('provider', 'de', 'provider.audit.actions.club.create'));
  await both(page, 'provider-console-de');
  await page.getByTestId('provider-new-club').click();
  await expect(page.getByTestId('provider-new-title')).toBeFocused();
  await expect(page.getByTestId('provider-new-lang')).toContainText('Deutsch');
  await both(page, 'provider-new-dialog-de');
});

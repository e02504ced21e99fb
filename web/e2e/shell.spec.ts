import { expect, test } from './fixtures';
import { PASSWORD, call, chooseClub, featureText, type Lang, LANGS, login, tr, setLanguage, shot, signature, socius } from './helpers';
import { suitePort } from './server';

const DEMO_CLUB = 1;

test.describe.configure({ mode: 'serial' });

test('login page: wide, narrow, and a wrong password', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/app\/$/);
  await expect(page.getByTestId('login-form')).toBeVisible();
  await expect(page.getByTestId('side-menu')).toHaveCount(0);
  await shot(page, 'login-wide');
  await page.getByTestId('login-username').fill('admin');
  await page.getByTestId('login-password').fill('wrong-password');
  await page.getByTestId('login-submit').click();
  await expect(page.getByText(tr('es', 'errors.auth.bad_credentials'))).toBeVisible();
  await expect(page).toHaveURL(/\/app\/$/);
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'login-narrow');
});

test('an Administrador chooses a club and sees Administration', async ({ page }) => {
  await login(page, 'admin');
  await expect(page.getByTestId('club-chooser')).toBeVisible();
  await shot(page, 'club-choice');
  await chooseClub(page, DEMO_CLUB);
  const menu = page.getByTestId('side-menu');
  await expect(menu.getByTestId('menu-group-admin')).toBeVisible();
  await expect(menu.getByTestId('menu-group-members')).toBeVisible();
  await expect(page.getByTestId('today-page')).toContainText('Club Demo Socius');
  // the club's page is one click away
  await menu.getByTestId('menu-item-club').click();
  await expect(page).toHaveURL(/\/app\/club$/);
  await expect(page.getByTestId('club-page')).toContainText('Club Demo Socius');
  await shot(page, 'shell-admin-wide');
  // the choice survives a reload
  await page.reload();
  await expect(page.getByTestId('club-page')).toContainText('Club Demo Socius');
});

const today = (lang: Lang, key: string, vars?: Record<string, string | number>) => featureText('club', lang, `today.${key}`, vars);
const FIGURES = ['sales', 'grams', 'in_club', 'open_orders', 'cash_box', 'low_stock', 'fees_ending'];

test("after login staff land on the club's day: every figure for the Administrador, Recepción's own only, each a link", async ({ page, browser }) => {
  await login(page, 'admin');
  await chooseClub(page, DEMO_CLUB);
  const before = await call(page, 'GET', `/api/today?association=${DEMO_CLUB}`);
  // The club's day: 2 g of a product with 3 g in stock sold for cash (20 €), the buyer checked in,
  // 1 g more in an open order, the stock alert at 5 g, and the buyer's fee ending in three days.
  const stamp = Date.now() % 100000;
  const title = `Haze Hoy ${stamp}`;
  const category = (await call(page, 'GET', `/api/association_category/?association=${DEMO_CLUB}&type=dispensary`))[0].nid;
  const p = await call(page, 'POST', '/api/dispensario', {
    asocid: DEMO_CLUB, title, dominance: 'sativa', category, price: 10, cost: 2, type: 'peso', status: true, discount: false, code: `HOY${stamp}`,
  });
  await call(page, 'POST', '/api/product_stock', { asocid: DEMO_CLUB, products: [{ pid: p.pid, stock: 3, stock_type: 'manual', note: 'alta' }] });
  const m = await call(page, 'POST', '/api/ficha_socio', {
    association: DEMO_CLUB, nombre: 'Olga', surname: 'Hoy', dni: `6${String(stamp).padStart(7, '0')}H`,
    end_date: Math.floor(Date.now() / 1000) + 3 * 86400,
  });
  const o = await call(page, 'POST', '/api/order', { asocid: DEMO_CLUB, membership_id: m.nid, products: [{ pid: p.pid, quantity: 2 }] });
  await call(page, 'POST', '/api/order/pay', { asocid: DEMO_CLUB, oid: o.order.oid, type: 'cash', signature: await signature(page) });
  await call(page, 'POST', '/api/order', { asocid: DEMO_CLUB, membership_id: m.nid, products: [{ pid: p.pid, quantity: 1 }] });
  await call(page, 'POST', `/api/checkin_checkout/${m.nid}`, { association: DEMO_CLUB, action: 'ENTRA', datetime: 0 });
  // the stock alert level is set on the stock manager
  await page.goto('/app/stockmanager');
  await page.getByTestId('stock-alert-open').click();
  const alert = page.getByTestId('alert-dialog');
  await expect(alert.getByTestId('setting-current')).toContainText(featureText('stock', 'es', 'stock.settings.notSet'));
  await alert.getByTestId('setting-value').fill('5');
  await alert.getByTestId('setting-save').click();
  await expect(alert).toBeHidden();

  await page.goto('/app/today');
  const tile = (key: string) => page.getByTestId(`today-${key}`);
  const value = (key: string) => page.getByTestId(`today-${key}-value`);
  for (const key of FIGURES) await expect(tile(key)).toBeVisible();
  await expect(value('sales')).toHaveText('20,00 €');
  await expect(tile('sales')).toContainText(today('es', 'salesNote', { n: before.sales.orders + 1 }));
  await expect(value('grams')).toHaveText('2 g');
  await expect(value('in_club')).toHaveText(String(before.in_club + 1));
  await expect(value('open_orders')).toHaveText(String(before.open_orders + 1));
  // the box held what the last close left in it (the demo's month closes with a float) plus the 20 €
  const box = new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 }).format((before.cash_box ?? 0) + 20);
  await expect(value('cash_box')).toHaveText(box);
  await expect(value('low_stock')).toHaveText('1');
  await expect(page.getByTestId('today-low-products')).toContainText(title);
  await expect(page.getByTestId('today-low-products')).toContainText('1 g');
  await expect(value('fees_ending')).toHaveText(String(before.fees_ending.count + 1));
  await shot(page, 'today-admin-es-wide');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(value('sales')).toBeInViewport();
  await shot(page, 'today-admin-es-narrow');
  await page.setViewportSize({ width: 1440, height: 900 });
  await setLanguage(page, 'en');
  await expect(page.getByTestId('today-title')).toHaveText(today('en', 'title'));
  await expect(value('sales')).toHaveText('€20.00');
  await expect(tile('cash_box')).toContainText(today('en', 'cashBox'));
  await shot(page, 'today-admin-en-wide');
  await setLanguage(page, 'es');

  // each figure opens its screen; the menu's first entry comes back
  await tile('cash_box').click();
  await expect(page).toHaveURL(/\/app\/movementsreport$/);
  await page.getByTestId('side-menu').getByTestId('menu-item-today').click();
  await expect(page).toHaveURL(/\/app\/today$/);
  await tile('in_club').click();
  await expect(page).toHaveURL(/\/app\/accesscontrol$/);

  // Recepción: members in the club and fees ending; no sales, grams, orders, stock, nor the till
  const other = await (await browser.newContext()).newPage();
  await login(other, 'recepcion');
  await chooseClub(other, DEMO_CLUB);
  await expect(other.getByTestId('today-in_club-value')).toHaveText(String(before.in_club + 1));
  await expect(other.getByTestId('today-fees_ending')).toBeVisible();
  for (const key of ['sales', 'grams', 'open_orders', 'cash_box', 'low_stock']) await expect(other.getByTestId(`today-${key}`)).toHaveCount(0);
  const mine = await call(other, 'GET', `/api/today?association=${DEMO_CLUB}`);
  expect(Object.keys(mine).filter((k) => FIGURES.includes(k)).sort()).toEqual(['fees_ending', 'in_club']);
  await other.setViewportSize({ width: 390, height: 844 });
  await shot(other, 'today-recepcion-es-narrow');
  await other.close();

  // leave the demo as the other tests found it
  await call(page, 'DELETE', `/api/order/delete?asocid=${DEMO_CLUB}&oid=${(await call(page, 'GET', `/api/order/?asocid=${DEMO_CLUB}&status=cart&membership_id=${m.nid}`)).data[0].oid}`);
  await call(page, 'POST', '/api/dispensario/delete', { asocid: DEMO_CLUB, productsArray: [p.pid] });
});

test('a deep link opened without a session comes back after the login', async ({ page }) => {
  await page.goto('/app/patientmanager?propdni=30000000L');
  await expect(page.getByTestId('login-form')).toBeVisible();
  await page.getByTestId('login-username').fill('recepcion');
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/app\/patientmanager\?propdni=30000000L$/);
});

test('a Budtender does not see Administration and is refused its screens', async ({ page }) => {
  await login(page, 'budtender');
  await chooseClub(page, DEMO_CLUB);
  const menu = page.getByTestId('side-menu');
  await expect(menu.getByTestId('menu-group-pos')).toBeVisible();
  await expect(menu.getByTestId('menu-group-admin')).toHaveCount(0);
  // the reports a Budtender opens: the orders, performance, wallet and cash reports, not the others
  await menu.getByTestId('menu-group-reports').click();
  for (const name of ['ordersReport', 'efficiencyReport', 'walletReport', 'movementsreport', 'closingregisterreport', 'closingreport'])
    await expect(menu.getByTestId(`menu-item-${name}`)).toBeVisible();
  await expect(menu.getByTestId('menu-item-dispensationReport')).toHaveCount(0);
  await expect(menu.getByTestId('menu-item-accesscontrolreport')).toHaveCount(0);
  await shot(page, 'shell-budtender');
  await page.goto('/app/staffmanager');
  await expect(page.getByText(tr('es', 'access.roleRefused'))).toBeVisible();
  await shot(page, 'role-refused');
});

test('Caja and Recepción find in the menu every report they may open; another says why it is refused; an unknown address says so', async ({ page }) => {
  await login(page, 'caja');
  await chooseClub(page, DEMO_CLUB);
  const menu = page.getByTestId('side-menu');
  await menu.getByTestId('menu-group-reports').click();
  await expect(menu.getByTestId('menu-item-movementsreport')).toBeVisible();
  await expect(menu.getByTestId('menu-item-closingregisterreport')).toBeVisible();
  await expect(menu.getByTestId('menu-item-closingreport')).toBeVisible();
  await expect(menu.getByTestId('menu-item-walletReport')).toHaveCount(0);
  await shot(page, 'shell-caja');
  await menu.getByTestId('menu-item-closingreport').click();
  await expect(page).toHaveURL(/\/app\/closingreport$/);
  // the wallet report is not Caja's: the address says why, then the club's day
  await page.goto('/app/walletReport');
  const refused = page.getByRole('dialog').filter({ hasText: tr('es', 'access.title') });
  await expect(refused).toContainText(tr('es', 'access.roleRefused'));
  await expect(page).toHaveURL(/\/app\/today$/);
  await shot(page, 'role-refused-caja');
  await refused.getByRole('button').click();
  await expect(refused).toHaveCount(0);
  // an address that names no page says so, rather than landing on the home screen without a word
  await page.goto('/app/informe-que-no-existe');
  const unknown = page.getByRole('dialog').filter({ hasText: tr('es', 'access.notFoundTitle') });
  await expect(unknown).toContainText(tr('es', 'access.notFound').replace('{{path}}', '/app/informe-que-no-existe'));
  await expect(page).toHaveURL(/\/app\/today$/);
  await shot(page, 'route-not-found');

  await page.context().clearCookies();
  await page.evaluate(() => localStorage.removeItem('socius.session'));
  await login(page, 'recepcion');
  await chooseClub(page, DEMO_CLUB);
  await menu.getByTestId('menu-group-reports').click();
  await expect(menu.getByTestId('menu-item-walletReport')).toBeVisible();
  await expect(menu.getByTestId('menu-item-efficiencyReport')).toBeVisible();
  await expect(menu.getByTestId('menu-item-movementsreport')).toHaveCount(0);
  await shot(page, 'shell-recepcion');
  await menu.getByTestId('menu-item-walletReport').click();
  await expect(page).toHaveURL(/\/app\/walletReport$/);
});

test('narrow screen: the menu folds behind the burger', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, 'admin');
  await chooseClub(page, DEMO_CLUB);
  await expect(page.getByTestId('side-menu')).toBeHidden();
  await shot(page, 'shell-narrow');
  await page.getByTestId('burger-button').click();
  await expect(page.getByTestId('side-menu')).toBeVisible();
  await expect(page.getByTestId('side-menu')).toBeInViewport({ ratio: 1 }); // the drawer has finished sliding in
  await shot(page, 'shell-narrow-menu');
});

test('profile and the seven languages translate the menu', async ({ page }) => {
  await login(page, 'admin');
  await chooseClub(page, DEMO_CLUB);
  for (const lang of LANGS) {
    await setLanguage(page, lang);
    const menu = page.getByTestId('side-menu');
    await expect(menu.getByTestId('menu-group-admin')).toContainText(tr(lang, 'menu.groups.admin'));
    await expect(menu.getByTestId('menu-group-members')).toContainText(tr(lang, 'menu.groups.members'));
    await expect(page.locator('html')).toHaveAttribute('lang', /.+/);
    await shot(page, `shell-${lang}`);
    await page.goto('/app/userprofile');
    await expect(page.getByTestId('profile-name')).toContainText('Ana');
    await expect(page.getByTestId('profile-qr')).toBeVisible();
    await shot(page, `profile-${lang}`);
    await page.goto('/app/club');
  }
  // the language is kept across a reload
  await page.reload();
  await expect(page.getByTestId('side-menu').getByTestId('menu-group-admin')).toContainText(tr('de', 'menu.groups.admin'));
  await setLanguage(page, 'es');
});

test('novelties, newest first', async ({ page }) => {
  socius('admin', 'novelty', 'add', '--title', 'Novedad de prueba e2e', '--body', '<p>Cuerpo <b>HTML</b></p>');
  await login(page, 'manager');
  await chooseClub(page, DEMO_CLUB);
  await page.getByTestId('profile-menu-trigger').click();
  await page.getByTestId('menu-novelties').click();
  await expect(page).toHaveURL(/\/app\/novelties/);
  const list = page.getByTestId('novelties-list');
  await expect(list).toContainText('Novedad de prueba e2e');
  const text = await list.innerText();
  expect(text.indexOf('Novedad de prueba e2e')).toBeLessThan(text.indexOf('Bienvenidos a Socius'));
  await shot(page, 'novelties');
});

test('the notification box shows a push for the current club', async ({ page }) => {
  // the server answers the event stream once it has joined the club's events
  const connected = page.waitForResponse((r) => r.url().includes('/api/events?'));
  await login(page, 'social');
  await chooseClub(page, DEMO_CLUB);
  await connected;
  socius('admin', 'notify', '--club', String(DEMO_CLUB), '--title', 'Aviso del club', '--body', 'Hoy cerramos a las 20:00');
  const box = page.getByTestId('notification-box');
  await expect(box).toContainText('Hoy cerramos a las 20:00');
  await shot(page, 'notification-box');
  await expect(box).toBeHidden({ timeout: 6_000 });
});

test('change password, log in with the new one, log out', async ({ page }) => {
  await login(page, 'caja');
  await chooseClub(page, DEMO_CLUB);
  await page.getByTestId('profile-menu-trigger').click();
  await page.getByTestId('menu-change-password').click();
  await page.getByTestId('cp-old').fill('not-my-password');
  await page.getByTestId('cp-new').fill('nueva-clave-1');
  await page.getByTestId('cp-confirm').fill('nueva-clave-1');
  await page.getByTestId('cp-submit').click();
  await expect(page.getByTestId('cp-error')).toContainText(tr('es', 'errors.auth.wrong_password'));
  await shot(page, 'change-password-error');
  await page.getByTestId('cp-old').fill(PASSWORD);
  await page.getByTestId('cp-submit').click();
  await expect(page.getByTestId('change-password-dialog')).toBeHidden();
  await page.getByTestId('profile-menu-trigger').click();
  await page.getByTestId('logout').click();
  await expect(page.getByTestId('login-form')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('socius.club'))).toBeNull();
  await page.getByTestId('login-username').fill('caja');
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page.getByText(tr('es', 'errors.auth.bad_credentials'))).toBeVisible();
  await login(page, 'caja', 'nueva-clave-1');
  await chooseClub(page, DEMO_CLUB);
});

test('an expired session shows the dialog and goes to login', async ({ page, context }) => {
  await login(page, 'recepcion');
  await chooseClub(page, DEMO_CLUB);
  await context.clearCookies();
  await page.goto('/app/novelties');
  await expect(page.getByText(tr('es', 'errors.sessionExpiredTitle'))).toBeVisible();
  await shot(page, 'session-expired');
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByTestId('login-form')).toBeVisible();
  // logging in again goes back to the screen the session ended on
  await page.getByTestId('login-username').fill('recepcion');
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/app\/novelties$/);
});

test('the update bar offers a reload when the server is newer', async ({ page }) => {
  await page.goto(`http://127.0.0.1:${suitePort() + 1}/app/`);
  await expect(page.getByTestId('update-bar')).toBeVisible();
  await shot(page, 'update-bar');
  await page.getByTestId('update-reload').click();
  await expect(page.getByTestId('login-form')).toBeVisible();
});

import { expect, test } from './fixtures';
import { chooseClub, LANGS, login, PASSWORD, shot, socius, tr, setLanguage } from './helpers';
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
  await expect(page.getByTestId('club-page')).toContainText('Club Demo Socius');
  await shot(page, 'shell-admin-wide');
  // the choice survives a reload
  await page.reload();
  await expect(page.getByTestId('club-page')).toContainText('Club Demo Socius');
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
  // the wallet report is not Caja's: the address says why, then the club page
  await page.goto('/app/walletReport');
  const refused = page.getByRole('dialog').filter({ hasText: tr('es', 'access.title') });
  await expect(refused).toContainText(tr('es', 'access.roleRefused'));
  await expect(page).toHaveURL(/\/app\/club$/);
  await shot(page, 'role-refused-caja');
  await refused.getByRole('button').click();
  await expect(refused).toHaveCount(0);
  // an address that names no page says so, rather than landing on the club page without a word
  await page.goto('/app/informe-que-no-existe');
  const unknown = page.getByRole('dialog').filter({ hasText: tr('es', 'access.notFoundTitle') });
  await expect(unknown).toContainText(tr('es', 'access.notFound').replace('{{path}}', '/app/informe-que-no-existe'));
  await expect(page).toHaveURL(/\/app\/club$/);
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

test('profile and the six languages translate the menu', async ({ page }) => {
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
  await expect(page.getByTestId('side-menu').getByTestId('menu-group-admin')).toContainText(tr('fr', 'menu.groups.admin'));
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
});

test('the update bar offers a reload when the server is newer', async ({ page }) => {
  await page.goto(`http://127.0.0.1:${suitePort() + 1}/app/`);
  await expect(page.getByTestId('update-bar')).toBeVisible();
  await shot(page, 'update-bar');
  await page.getByTestId('update-reload').click();
  await expect(page.getByTestId('login-form')).toBeVisible();
});

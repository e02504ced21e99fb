// German, the seventh language, as a KCanG club's staff run a day in it, in Debian's Chromium
// against the real binary: the login page switched to Deutsch, the club's day, the members, a sale
// at the counter by keyboard, the cash close and its Z report, and the dispensation register with
// its CSV export. Each screen wide and narrow; on each, no Spanish word of the interface is left,
// German numbers and dates are shown, and no button, menu entry, tab or column header is cut.
// Every other screen gets the same two checks in the route sweep (wcag.spec.ts), which runs in German.
import { expect, test, type Page } from './fixtures';
import { cutLabels, spanishLeft } from './german';
import { call, chooseClub, download, featureText, login, openFromMenu, settle, shot, sign, tr } from './helpers';

const CLUB = 1;
test.describe.configure({ mode: 'serial' });

const de = (feature: string, key: string, vars?: Record<string, string | number>) => featureText(feature, 'de', key, vars);
const wide = (page: Page) => page.setViewportSize({ width: 1440, height: 900 });
const narrow = (page: Page) => page.setViewportSize({ width: 390, height: 844 });

async function checkScreen(page: Page, name: string) {
  await shot(page, name);
  expect(await spanishLeft(page), `Spanish words on ${name}`).toEqual([]);
  expect(await cutLabels(page), `cut labels on ${name}`).toEqual([]);
}

let world: { product: number; member: number; fob: string; stamp: number };

test.afterAll(async ({ browser }) => {
  if (!world) return;
  const page = await browser.newPage();
  await page.goto('/app/');
  await page.evaluate(() => localStorage.setItem('socius.lang', 'es'));
  await page.close();
});

test('a day in German: login, members, a sale at the counter, the cash close and the dispensation register, wide and narrow', async ({ page }) => {
  // the login page, switched to Deutsch from its own picker
  await wide(page);
  await page.goto('/app/');
  await page.getByTestId('login-language').selectOption('de');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
  await expect(page.getByTestId('login-submit')).toHaveText(tr('de', 'auth.submit'));
  await checkScreen(page, 'de-login-wide');
  await narrow(page);
  await checkScreen(page, 'de-login-narrow');
  await wide(page);
  await page.getByTestId('login-username').fill('admin');
  await page.getByTestId('login-password').fill('socius-demo');
  await page.getByTestId('login-submit').click();
  await chooseClub(page, CLUB);
  await expect(page.getByTestId('side-menu').getByTestId('menu-group-members')).toContainText(tr('de', 'menu.groups.members'));

  // what the sale needs: a weighed product and a member with a key fob
  const stamp = Date.now() % 100000;
  const category = (await call(page, 'GET', `/api/association_category/?association=${CLUB}&type=dispensary`))[0].nid;
  const product = (
    await call(page, 'POST', '/api/dispensario', {
      asocid: CLUB, title: `Zitrone ${stamp}`, dominance: 'hibrido', category, price: 8, cost: 2, type: 'peso', status: true,
      discount: false, thc_percent: 9.5, cbd_percent: 1.25, unlimited_stock: true,
    })
  ).pid as number;
  const fob = `DE${stamp}`;
  // a surname of letters only: the register's member search reads digits as a member number
  const surname = `Becker ${String(stamp).replace(/\d/g, (d) => 'abcdefghij'[Number(d)])}`;
  const member = (
    await call(page, 'POST', '/api/ficha_socio', {
      association: CLUB, nombre: 'Jonas', surname, dni: `8${String(stamp).padStart(7, '0')}D`, keychain: fob,
      consum_forecast: 100, birthday: Math.floor(Date.UTC(1990, 4, 17, 11) / 1000),
    })
  ).nid as number;
  world = { product, member, fob, stamp };
  const fullName = `Jonas ${surname}`;

  // the club's day
  await page.goto('/app/today');
  await expect(page.getByTestId('today-page')).toBeVisible();
  await checkScreen(page, 'de-today-wide');

  // the members: German headers, the birth date as dd.MM.yyyy
  await openFromMenu(page, 'members', 'patientmanager');
  const members = page.getByTestId('members-table');
  await expect(members).toBeVisible();
  await checkScreen(page, 'de-members-wide');
  await narrow(page);
  await checkScreen(page, 'de-members-narrow');
  await wide(page);

  // a sale at the counter by keyboard: the key fob, 2 g at 8 €/g, 20 € cash, the change, the signature
  await page.goto('/app/pos');
  await expect(page.getByRole('heading', { name: de('pos', 'pos.title') })).toBeVisible();
  await expect(page.getByTestId('member-scan')).toBeFocused();
  await page.keyboard.type(fob);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('member-name')).toContainText(fullName);
  await page.getByTestId('product-search').fill(`Zitrone ${stamp}`);
  await page.getByTestId(`product-${product}`).click();
  await page.keyboard.press('2');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId(`line-total-${product}`)).toHaveText('16,00 €');
  await checkScreen(page, 'de-pos-wide');
  await page.keyboard.press('F9');
  await expect(page.getByTestId('pay-tendered')).toBeFocused();
  await page.keyboard.type('20');
  await expect(page.getByTestId('pay-change')).toHaveText(de('pos', 'pos.pay.change', { amount: '4,00 €' }));
  await sign(page);
  await checkScreen(page, 'de-pos-pay-wide');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('receipt-total')).toHaveText('16,00 €');
  await checkScreen(page, 'de-pos-receipt-wide');
  await narrow(page);
  await checkScreen(page, 'de-pos-narrow');
  await wide(page);

  // the cash close: counted 2,50 € short; the Z report in German
  const expected = (await call(page, 'GET', `/api/cash_movement/?asocid=${CLUB}`)).summary.total_amount as number;
  const counted = Math.round((expected - 2.5) * 100) / 100;
  await page.goto('/app/closingregisterreport');
  await page.getByTestId('open-close').click();
  await expect(page.getByTestId('close-counted')).toBeFocused();
  await page.keyboard.type(counted.toFixed(2).replace('.', ','));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('close-difference')).toHaveText('-2,50 €');
  await checkScreen(page, 'de-cash-close-wide');
  await expect(page.getByTestId('close-submit')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('close-confirm')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('.ant-message').getByText(de('cash', 'cash.close.done', { difference: '-2,50 €' }), { exact: true }).first()).toBeVisible();
  const z = page.getByTestId('z-report');
  await expect(z.getByTestId('z-difference')).toContainText('-2,50 €');
  await checkScreen(page, 'de-cash-z-wide');
  await narrow(page);
  await checkScreen(page, 'de-cash-z-narrow');
  await wide(page);
  await page.getByRole('dialog').getByRole('button', { name: de('cash', 'cash.z.done') }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // the dispensation register (KCanG § 26): the sale with the member's birth year, THC in German
  // notation, the day as dd.MM.yyyy, and its CSV with German headers, ';' and decimal commas
  await openFromMenu(page, 'reports', 'dispensationregister');
  await expect(page.getByRole('heading', { name: de('reports', 'reports.register.title') })).toBeVisible();
  await page.getByRole('combobox', { name: de('reports', 'reports.register.member') }).fill(fullName);
  await page.locator('.ant-select-item-option', { hasText: surname }).click();
  const row = page.getByTestId('register-table').locator('tbody tr.ant-table-row', { hasText: surname });
  await expect(row).toContainText('1990');
  await expect(row).toContainText('9,50');
  await expect(row).toContainText('2 g');
  await expect(row).toContainText(/\d\d\.\d\d\.\d{4}/);
  await checkScreen(page, 'de-register-wide');
  const csv = await download(page, 'export-csv');
  const lines = csv.body.toString('utf8').replace(/^\ufeff/, '').split(/\r?\n/);
  expect(lines[0]).toBe('Datum;Bestellung;Mitgl.-Nr.;Nachname;Vorname;Geburtsjahr;Produkt;Gramm;THC (%);CBD (%);Abgegeben von');
  const sold = lines.find((l) => l.includes(surname))!;
  expect(sold).toMatch(/^\d\d\.\d\d\.\d{4} \d\d:\d\d;/);
  expect(sold).toContain(';1990;');
  expect(sold).toContain(';2;9,5;1,25;');
  await narrow(page);
  await checkScreen(page, 'de-register-narrow');
});

// The reports in Debian's Chromium against the real binary and its demo club. First the demo's
// month behind today, read over the last 30 days: each report and chart has its shape. Then a day
// at the counter is made through the API with the spec's own products and member (a cash sale, a
// card sale, a wallet top-up and a wallet sale, a check-in); then each report is read in the
// browser, kept to that member with ms_id where the report takes one, its totals checked against
// the sales made, a refund made from the orders report, exports read back and charts seen; wide and
// narrow, Spanish and English.
import { expect, test, type Page } from './fixtures';
import { call, chooseClub, download, featureText, type Lang, login, shot, signature } from './helpers';

const CLUB = 1;
test.describe.configure({ mode: 'serial' });

const rs = (lang: Lang, key: string, vars?: Record<string, string | number>) => featureText('reports', lang, `reports.${key}`, vars);
const narrow = (page: Page) => page.setViewportSize({ width: 390, height: 844 });
const wide = (page: Page) => page.setViewportSize({ width: 1440, height: 900 });

let world: { flower: number; drink: number; member: number; flowerTitle: string; oids: number[] };

async function as(page: Page, user: string, path: string) {
  await login(page, user);
  await chooseClub(page, CLUB);
  await page.goto(`/app/${path}`);
}

test.afterAll(async ({ browser }) => {
  if (!world) return;
  const page = await browser.newPage();
  await as(page, 'admin', 'club');
  await call(page, 'POST', '/api/dispensario/delete', { asocid: CLUB, productsArray: [world.flower, world.drink] });
  await call(page, 'DELETE', `/api/ficha_socio/${world.member}?association=${CLUB}`);
  await page.close();
});

/** Day `daysAgo` days before today as the report's date picker shows it (the club's time zone, as the browser's). */
const madridDay = (daysAgo: number) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Madrid', day: '2-digit', month: '2-digit', year: 'numeric' }).format(
    new Date(Date.now() - daysAgo * 86400_000),
  );

/** Sets a report's period to start `days` days before today (at 00:00), ending where it ends (now). */
async function lastDays(page: Page, days: number) {
  // the header's period picker: its start input carries the test id; typed as a person types, the
  // start and Enter take the cursor to the end, and Enter there keeps it
  const inputs = page.locator('.ant-picker-range', { has: page.getByTestId('report-range') }).locator('input');
  const withTime = (await inputs.nth(0).inputValue()).length > 10; // a report of date-times: dd/mm/yyyy hh:mm
  const start = madridDay(days) + (withTime ? ' 00:00' : '');
  await inputs.nth(0).click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(start);
  await page.keyboard.press('Enter');
  await expect(inputs.nth(1)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(inputs.nth(0)).toHaveValue(start);
  await expect(page.locator('.ant-picker-dropdown:visible')).toHaveCount(0);
}

const count = async (page: Page, testId: string) => Number((await page.getByTestId(testId).innerText()).replace(/\./g, ''));

/** The bars a chart draws: its rectangles that have a size (a day or hour without any draws none). */
const bars = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .locator('.recharts-bar-rectangle path')
    .evaluateAll((paths) => paths.filter((p) => {
      const b = (p as SVGGraphicsElement).getBBox();
      return b.width > 0 && b.height > 0;
    }).length);

test("the demo's last 30 days: sales, withdrawals, performance and wallet over the month, check-ins through the day, a close each night", async ({ page }) => {
  await as(page, 'manager', 'ordersReport');
  await wide(page);
  // sales every day the club opened (Monday to Saturday), by cash, card and wallet
  await lastDays(page, 30);
  await expect.poll(() => bars(page, 'orders-chart')).toBeGreaterThanOrEqual(50);
  await expect(page.getByTestId('orders-report-table').locator('tbody tr.ant-table-row').first()).toBeVisible();
  await shot(page, 'reports-month-orders-wide');

  // weighed and unit withdrawals, the most taken products ranked
  await page.goto('/app/dispensationReport');
  await lastDays(page, 30);
  await expect.poll(() => count(page, 'card-lines-amount')).toBeGreaterThan(150);
  await expect(page.getByTestId('chart-top-grams')).toContainText('Critical');
  await expect.poll(() => bars(page, 'chart-top-grams')).toBeGreaterThanOrEqual(5);
  await shot(page, 'reports-month-withdrawals-wide');

  // performance: what each product cost and took, the founders' discount and the coupons included
  await page.goto('/app/efficiencyReport');
  await lastDays(page, 30);
  await expect(page.getByTestId('performance-table').locator('tr', { hasText: 'Critical' })).toBeVisible();
  await expect(page.getByTestId('performance-table').locator('tr', { hasText: 'Brownie' })).toBeVisible();
  await expect.poll(() => bars(page, 'chart-top-amount')).toBeGreaterThanOrEqual(5);
  await shot(page, 'reports-month-performance-wide');

  // the wallet: top-ups against what the wallet paid, day by day
  await page.goto('/app/walletReport');
  await lastDays(page, 30);
  await expect(page.getByTestId('card-topups-amount')).not.toHaveText('0,00 €');
  await expect.poll(() => bars(page, 'wallet-chart')).toBeGreaterThanOrEqual(15);
  await shot(page, 'reports-month-wallet-wide');

  // the last week's check-ins (the report's default period) through the opening hours, busiest in the evening
  await page.goto('/app/accesscontrolreport');
  await expect.poll(() => count(page, 'card-in-amount')).toBeGreaterThan(40);
  await expect.poll(() => bars(page, 'access-chart')).toBeGreaterThanOrEqual(8);
  await shot(page, 'reports-month-access-wide');

  // one close a night, a full page of them, with small differences now and then
  await page.goto('/app/closeregisterhistory');
  await expect(page.locator('[data-testid^="close-row-"]')).toHaveCount(19);
  await shot(page, 'reports-month-closes-wide');
});

test('a day at the counter, then every report of it: totals, refund, filters, exports and charts', async ({ page }) => {
  await as(page, 'manager', 'club');
  const stamp = Date.now() % 100000;
  const category = (await call(page, 'GET', `/api/association_category/?association=${CLUB}&type=dispensary`))[0].nid;
  const product = async (title: string, type: string, price: number, code: string) => {
    const p = await call(page, 'POST', '/api/dispensario', {
      asocid: CLUB, title, dominance: 'sativa', category, price, cost: 2, type, status: true, discount: false, code,
    });
    await call(page, 'POST', '/api/product_stock', { asocid: CLUB, products: [{ pid: p.pid, stock: 100, stock_type: 'manual', note: 'alta' }] });
    return p.pid as number;
  };
  const flowerTitle = `Haze Informe ${stamp}`;
  const flower = await product(flowerTitle, 'peso', 10, `RPT${stamp}`);
  const drink = await product(`Kombucha Informe ${stamp}`, 'unidad', 3, '');
  const m = await call(page, 'POST', '/api/ficha_socio', {
    association: CLUB, nombre: 'Rita', surname: 'Informe', dni: `6${String(stamp).padStart(7, '0')}R`, keychain: `RPT${stamp}`,
  });
  world = { flower, drink, member: m.nid, flowerTitle, oids: [] };
  const sign = await signature(page);
  const sell = async (lines: [number, number][], type: string) => {
    const o = await call(page, 'POST', '/api/order', {
      asocid: CLUB, membership_id: m.nid, products: lines.map(([pid, quantity]) => ({ pid, quantity })),
    });
    await call(page, 'POST', '/api/order/pay', { asocid: CLUB, oid: o.order.oid, type, signature: sign });
    world.oids.push(o.order.oid);
  };
  // 3 g at 10 € and 2 drinks at 3 € in cash (36 €); 1 drink by card (3 €); a 20 € top-up and 2 g from the wallet (20 €)
  await sell([[flower, 3], [drink, 2]], 'cash');
  await sell([[drink, 1]], 'tpv');
  await call(page, 'PUT', `/api/wallet/${m.nid}`, { association: CLUB, operation: 'add', amount: 20, pay_type: 'cash' });
  await sell([[flower, 2]], 'wallet');
  await call(page, 'POST', `/api/checkin_checkout/${m.nid}`, { association: CLUB, action: 'ENTRA', datetime: 0 });

  // the orders report of the member (the member detail's "view orders"): three orders, the chart, a refund
  await wide(page);
  await page.goto(`/app/ordersReport?ms_id=${m.nid}`);
  const ordersTable = page.getByTestId('orders-report-table');
  await expect(ordersTable.locator('tbody tr.ant-table-row')).toHaveCount(3);
  await expect(page.getByTestId('orders-chart').locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expect(ordersTable.getByText('36,00 €').first()).toBeVisible();
  await shot(page, 'reports-orders-wide');
  await page.getByTestId(`refund-${world.oids[0]}`).click();
  await page.getByTestId(`refund-qty-${drink}`).fill('1');
  await page.getByTestId('refund-method-cash').click();
  await page.getByTestId('refund-confirm').click();
  await page.locator('.ant-modal-confirm-btns .ant-btn-primary').click();
  await expect(ordersTable.getByText('3,00 €', { exact: true }).first()).toBeVisible();
  const orders = await download(page, 'export-csv');
  expect(orders.name).toBe('orders.csv');
  const csv = orders.body.toString('utf8');
  expect(csv.split('\n').filter((l) => l.includes('Rita'))).toHaveLength(3);
  expect(csv).toContain(`${flowerTitle} × 3 g`);

  // withdrawals: the member's lines after the refund (3 g + 2 g, 1 + 1 drinks, 30 + 3 + 3 + 20 €), a column filter
  await page.goto(`/app/dispensationReport?ms_id=${m.nid}`);
  const totals = page.getByTestId('withdrawals-totals');
  await expect(page.getByTestId('card-lines-amount')).toHaveText('4');
  await expect(page.getByTestId('card-grams-amount')).toHaveText('5 g');
  await expect(page.getByTestId('card-units-amount')).toHaveText('2');
  await expect(totals.getByTestId('card-total-amount')).toHaveText('56,00 €');
  await expect(page.getByTestId('chart-top-grams')).toContainText(flowerTitle.slice(0, 10));
  await page.getByTestId('filter-title').fill('haze');
  await expect(page.getByTestId('card-lines-amount')).toHaveText('2');
  await expect(totals.getByTestId('card-total-amount')).toHaveText('50,00 €');
  await shot(page, 'reports-withdrawals-wide');
  const withdrawals = await download(page, 'export-xlsx');
  expect(withdrawals.name).toBe('withdrawals.xlsx');

  // performance: the flower's 5 g cost 10 €, took 50 €
  await page.goto(`/app/efficiencyReport?ms_id=${m.nid}`);
  const row = page.getByTestId('performance-table').locator('tr', { hasText: flowerTitle });
  await expect(row).toContainText('5 g');
  await expect(row).toContainText('10,00 €');
  await expect(row).toContainText('50,00 €');
  await expect(row).toContainText('40,00 €');
  await expect(page.getByTestId('performance-totals').getByTestId('card-amount-amount')).toHaveText('56,00 €');
  // 5 g and the 2 drinks kept (one of 3 was given back), the units in the user's language
  await expect(page.getByTestId('performance-totals').getByTestId('card-dispatched-amount')).toHaveText('5 g · 2 ud.');
  await expect(page.getByTestId('chart-top-amount').locator('.recharts-bar-rectangle').first()).toBeVisible();
  await shot(page, 'reports-performance-wide');
  const efficiency = await download(page, 'export-csv');
  expect(efficiency.name).toBe('efficiency.csv');
  expect(efficiency.body.toString('utf8')).toContain(flowerTitle);

  // wallet: the top-up and the order paid from it, with the balance after each
  await page.goto(`/app/walletReport?ms_id=${m.nid}`);
  await expect(page.getByTestId('wallet-table').locator('tbody tr.ant-table-row')).toHaveCount(2);
  await expect(page.getByTestId('card-topups-amount')).toHaveText('20,00 €');
  await expect(page.getByTestId('card-spent-amount')).toHaveText('20,00 €');
  await expect(page.getByTestId('wallet-chart').locator('.recharts-bar-rectangle').first()).toBeVisible();
  await narrow(page);
  await shot(page, 'reports-wallet-narrow');
  expect((await download(page, 'export-csv')).name).toBe('wallet.csv');

  // access: the check-in, the hour chart, the export titled with its range
  await wide(page);
  await page.goto('/app/accesscontrolreport');
  // oldest first: after the demo's week of visits, the check-in just made is on the last page
  await page.getByTestId('access-table').locator('.ant-pagination-item').last().click();
  await expect(page.getByTestId('access-table').getByText('Rita').first()).toBeVisible();
  await expect(page.getByTestId('access-chart').locator('.recharts-bar-rectangle').first()).toBeVisible();
  await shot(page, 'reports-access-wide');
  const access = await download(page, 'export-csv');
  expect(access.name).toBe('accesscontrol.csv');
  expect(access.body.toString('utf8')).toContain('Control de accesos');

  // the member detail opens both reports kept to the member
  await page.goto('/app/patientmanager');
  await page.getByTestId('search-keychain').fill(`RPT${stamp}`);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('detail-name')).toHaveText('Rita Informe');
  await page.getByTestId('detail-view-wallet').click();
  await expect(page).toHaveURL(new RegExp(`walletReport\\?ms_id=${m.nid}`));
});

test('the reports in English, narrow', async ({ page }) => {
  await as(page, 'manager', 'club');
  await page.evaluate(() => localStorage.setItem('socius.lang', 'en'));
  await narrow(page);
  await page.goto(`/app/dispensationReport?ms_id=${world.member}`);
  await expect(page.getByRole('heading', { name: rs('en', 'withdrawals.title') })).toBeVisible();
  await expect(page.getByTestId('card-lines-amount')).toHaveText('4');
  await shot(page, 'reports-withdrawals-en-narrow');
  await page.goto(`/app/efficiencyReport?ms_id=${world.member}`);
  await expect(page.getByTestId('performance-table').getByText(world.flowerTitle)).toBeVisible();
  await shot(page, 'reports-performance-en-narrow');
  await page.evaluate(() => localStorage.setItem('socius.lang', 'es'));
});

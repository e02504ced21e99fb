// The till in Debian's Chromium against the real binary and its demo club: cash put in and a
// refused withdrawal, the period's cards and movements, the close with its difference, the close
// history with its report, and the day's report, wide and narrow.
import { expect, test, type Page } from './fixtures';
import { readFileSync } from 'node:fs';
import { call, chooseClub, download, featureText, login, setLanguage, shot } from './helpers';

const CLUB = 1;
test.describe.configure({ mode: 'serial' });

const cs = (key: string, vars?: Record<string, string | number>) => featureText('cash', 'es', `cash.${key}`, vars);
const ps = (key: string, vars?: Record<string, string | number>) => featureText('pos', 'es', `pos.${key}`, vars);
const err = (code: string) => JSON.parse(readFileSync(new URL('../src/features/cash/locales/es.json', import.meta.url), 'utf8')).cash.errors[code] as string;
const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text, { exact: true }).first();
const euros = (n: number) => `${n.toFixed(2).replace('.', ',').replace(/\B(?=(\d{3})+(?!\d))/g, '.')} €`;

let made: { product: number; member: number } | null = null;

test.afterAll(async ({ browser }) => {
  if (!made) return;
  const page = await browser.newPage();
  await as(page, 'admin', 'club');
  await call(page, 'POST', '/api/dispensario/delete', { asocid: CLUB, productsArray: [made.product] });
  await call(page, 'DELETE', `/api/ficha_socio/${made.member}?association=${CLUB}`);
  await page.close();
});

/** The pages of a PDF and the first page's width in points. */
function pdfPages(pdf: Buffer): { pages: number; width: number } {
  const text = pdf.toString('latin1');
  const box = /\/MediaBox\s*\[\s*[\d.]+\s+[\d.]+\s+([\d.]+)/.exec(text);
  return { pages: (text.match(/\/Type\s*\/Page(?![s\w])/g) ?? []).length, width: box ? Number(box[1]) : 0 };
}

async function as(page: Page, user: string, path: string) {
  await login(page, user);
  await chooseClub(page, CLUB);
  await page.goto(`/app/${path}`);
}

test('cash in, a refused withdrawal, the period and its close with the difference, the history and the day', async ({ page }) => {
  await as(page, 'manager', 'movementsreport');
  await expect(page.getByRole('heading', { name: cs('movementsReport.title') })).toBeVisible();
  const before = (await call(page, 'GET', `/api/cash_movement/?asocid=${CLUB}`)).summary.cash_box_total_amount as number;
  await expect(page.getByTestId('card-box-amount')).toHaveText(euros(before));

  // a withdrawal of more than the box holds is refused; 50 € in is kept
  await page.getByTestId('open-cash-movement').click();
  await expect(page.getByTestId('move-box')).toHaveText(euros(before));
  await page.getByTestId('move-direction').getByText(cs('move.out')).click();
  await page.getByTestId('move-amount').fill(String(before + 1000));
  await page.getByTestId('move-submit').click();
  await expect(page.getByText(err('cash.box_short'))).toBeVisible();
  await page.getByTestId('move-direction').getByText(cs('move.in')).click();
  await page.getByTestId('move-amount').fill('50');
  await page.getByTestId('move-note').fill('Cambio para la noche');
  await shot(page, 'cash-movement-dialog');
  await page.getByTestId('move-submit').click();
  await expect(toast(page, cs('move.doneIn', { amount: '50,00 €' }))).toBeVisible();

  await page.goto('/app/movementsreport');
  await expect(page.getByTestId('card-box-amount')).toHaveText(euros(before + 50));
  await expect(page.getByTestId('movements-table').getByText('Cambio para la noche')).toBeVisible();
  await shot(page, 'cash-movements-wide');

  // the period's report, then the close: counted 1 € more than the box
  await page.goto('/app/closingregisterreport');
  await expect(page.getByRole('heading', { name: cs('periodReport.title') })).toBeVisible();
  await expect(page.getByTestId('card-income')).toBeVisible();
  await expect(page.getByTestId('cash-chart')).toBeVisible();
  // the period's movements as a spreadsheet, the box as its last row
  const file = await download(page, 'export-csv');
  expect(file.name).toBe('cash.csv');
  expect(file.body.toString('utf8')).toContain('Cambio para la noche');
  expect(file.body.toString('utf8').trim().split('\n').pop()).toContain(`Total en caja;;${(before + 50).toFixed(2).replace('.', ',').replace(/,00$/, '').replace(/(,\d)0$/, '$1')}`);
  await shot(page, 'cash-period-report-wide');
  await page.getByTestId('open-close').click();
  // a blind count: the dialog asks for the cash before it says what the box should hold
  const dialog = page.locator('.ant-modal-wrap:visible').first();
  await expect(page.getByTestId('close-counted')).toBeVisible();
  await expect(page.getByTestId('close-expected')).toHaveCount(0);
  await expect(dialog).not.toContainText(euros(before + 50));
  // counted by notes and coins: their sum is the count
  await page.getByTestId('count-mode-pieces').click();
  let left = Math.round((before + 51) * 100);
  for (const cents of [50000, 20000, 10000, 5000, 2000, 1000, 500, 200, 100, 50, 20, 10, 5, 2, 1]) {
    const n = Math.floor(left / cents);
    left -= n * cents;
    if (n > 0) await page.getByTestId(`count-${cents}`).fill(String(n));
  }
  await expect(page.getByTestId('count-sum')).toHaveText(euros(before + 51));
  await expect(page.getByTestId('close-expected')).toHaveCount(0);
  await shot(page, 'cash-close-count-wide');
  await page.getByTestId('close-next').click();
  // only now: what the box should hold, the count and the difference
  await expect(page.getByTestId('close-expected')).toHaveText(euros(before + 50));
  await expect(page.getByTestId('close-counted-total')).toHaveText(euros(before + 51));
  await expect(page.getByTestId('close-difference')).toHaveText('1,00 €');
  await page.getByTestId('close-note').fill('Sobra un euro');
  await shot(page, 'cash-close-dialog');
  await page.getByTestId('close-submit').click();
  await page.getByTestId('close-confirm').click();
  await expect(toast(page, cs('close.done', { difference: '1,00 €' }))).toBeVisible();
  // the Z report of the close, then the close history
  const z = page.getByTestId('z-report');
  await expect(z.getByTestId('z-counted')).toContainText(euros(before + 51));
  await expect(z.getByTestId('z-difference')).toContainText('1,00 €');
  await page.getByTestId('z-done').click();
  await expect(page).toHaveURL(/\/app\/closeregisterhistory$/);

  // the next period starts with what was counted
  await page.goto('/app/movementsreport');
  await expect(page.getByTestId('card-initial-amount')).toHaveText(euros(before + 51));
  await expect(page.getByTestId('card-box-amount')).toHaveText(euros(before + 51));

  // the history: the close and its period's report
  await page.goto('/app/closeregisterhistory');
  const first = page.locator('[data-testid^="close-row-"]').first();
  await expect(first).toContainText('Sobra un euro');
  await expect(first).toContainText('1,00 €');
  await shot(page, 'cash-history-wide');
  await first.click();
  await expect(page.getByTestId('close-drawer').getByTestId('card-manual-amount')).toContainText('50,00 €');
  await shot(page, 'cash-close-report-wide');
  await page.keyboard.press('Escape');

  // the day's report, narrow
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/app/closingreport');
  await expect(page.getByRole('heading', { name: cs('dayReport.title') })).toBeVisible();
  await expect(page.getByTestId('cash-cards')).toBeVisible();
  await shot(page, 'cash-day-report-narrow');
});

test('a refund with its reason, then a blind close by keyboard, its Z report on one 80 mm ticket and one A4 page, and the day with each close', async ({ page }) => {
  await as(page, 'manager', 'club');
  // a cash sale of 3 g at 8 €/g (24 €) to a member made for the test
  const stamp = Date.now() % 100000;
  const category = (await call(page, 'GET', `/api/association_category/?association=${CLUB}&type=dispensary`))[0].nid;
  const title = `Amnesia Caja ${stamp}`;
  const p = await call(page, 'POST', '/api/dispensario', { asocid: CLUB, title, dominance: 'sativa', category, price: 8, cost: 2, type: 'peso', status: true, discount: false, code: `CJ${stamp}` });
  await call(page, 'POST', '/api/product_stock', { asocid: CLUB, products: [{ pid: p.pid, stock: 50, stock_type: 'manual', note: 'alta' }] });
  const m = await call(page, 'POST', '/api/ficha_socio', { association: CLUB, nombre: 'Tomás', surname: 'Caja', dni: `7${String(stamp).padStart(7, '0')}T`, keychain: `CJ${stamp}` });
  made = { product: p.pid, member: m.nid };
  const o = await call(page, 'POST', '/api/order', { asocid: CLUB, membership_id: m.nid, products: [{ pid: p.pid, quantity: 3 }] });
  const sign = await page.evaluate(() => {
    const c = document.createElement('canvas');
    c.width = 200;
    c.height = 80;
    const g = c.getContext('2d')!;
    g.beginPath();
    g.moveTo(10, 60);
    g.lineTo(190, 20);
    g.stroke();
    return c.toDataURL('image/png');
  });
  await call(page, 'POST', '/api/order/pay', { asocid: CLUB, oid: o.order.oid, type: 'cash', signature: sign });

  // the refund of 2 g from the orders report: the money per line and in total, the units, the reason
  await page.goto(`/app/ordersReport?ms_id=${m.nid}`);
  await page.getByTestId(`refund-${o.order.oid}`).click();
  const refund = page.getByTestId('refund-dialog');
  await expect(refund).toContainText(ps('refund.soldLeft', { sold: '3 g', left: '3 g', paid: '24,00 €' }));
  await page.getByTestId(`refund-qty-${p.pid}`).fill('2');
  await expect(page.getByTestId(`refund-amount-${p.pid}`)).toHaveText('16,00 €');
  await expect(page.getByTestId('refund-total')).toHaveText('16,00 €');
  await page.getByTestId('refund-method-cash').click();
  await page.getByTestId('refund-reason').fill('  El bote llegó abierto  ');
  await expect(page.getByTestId('refund-confirm')).toHaveText(ps('refund.doAmount', { amount: '16,00 €' }));
  await shot(page, 'cash-refund-dialog-wide');
  await page.getByTestId('refund-confirm').click();
  await expect(page.locator('.ant-modal-confirm-title')).toHaveText(ps('refund.confirmAmount', { amount: '16,00 €' }));
  const confirmBody = page.getByTestId('refund-confirm-body');
  await expect(confirmBody).toContainText(ps('refund.confirmLine', { quantity: '2 g', title, amount: '16,00 €' }));
  await expect(confirmBody).toContainText(ps('refund.reasonShown', { reason: 'El bote llegó abierto' }));
  await shot(page, 'cash-refund-confirm-wide');
  await page.getByTestId('refund-confirm-ok').click();
  await expect(page.locator('.ant-message').getByText(ps('refund.done'), { exact: true }).first()).toBeVisible();
  // the order's history keeps the refund with its reason
  const row = page.getByTestId('orders-report-table').locator('tr.ant-table-row', { hasText: String(o.order.oid) }).first();
  await row.locator('.ant-table-row-expand-icon').click();
  const refunds = page.getByTestId(`refunds-${o.order.oid}`);
  await expect(refunds).toContainText('16,00 €');
  await expect(refunds).toContainText(ps('refund.reasonShown', { reason: 'El bote llegó abierto' }));
  await expect(page.getByTestId('orders-report-table')).toContainText('2 g · 16,00 €');
  await shot(page, 'cash-refund-history-wide');

  // cash in and out by hand, then the close, all by keyboard
  await call(page, 'POST', '/api/cash_movement', { asocid: CLUB, amount: 20, note: 'Cambio' });
  await call(page, 'POST', '/api/cash_movement', { asocid: CLUB, amount: -5, note: 'Bolsas' });
  const period = (await call(page, 'GET', `/api/cash_movement/?asocid=${CLUB}`)).summary;
  const expected = period.total_amount as number;
  const counted = Math.round((expected - 2.5) * 100) / 100;
  await page.goto('/app/closingregisterreport');
  await expect(page.getByTestId('card-box-amount')).toBeVisible();
  // nothing reads what the box should hold before the count is entered
  const peeks: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/cash_movement/')) peeks.push(r.url());
  });
  await page.getByTestId('open-close').click();
  const input = page.getByTestId('close-counted');
  await expect(input).toBeFocused();
  await expect(page.getByTestId('close-expected')).toHaveCount(0);
  await page.keyboard.type(counted.toFixed(2).replace('.', ','));
  expect(peeks).toEqual([]);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('close-expected')).toHaveText(euros(expected));
  await expect(page.getByTestId('close-difference')).toHaveText('-2,50 €');
  await expect(page.getByTestId('close-submit')).toBeFocused();
  // back to the note, a few words, then the close button again
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByTestId('close-note')).toBeFocused();
  await page.keyboard.type('Faltan 2,50: cambio mal dado');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('close-submit')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('close-confirm')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(toast(page, cs('close.done', { difference: '-2,50 €' }))).toBeVisible();

  // the Z report: the close's figures
  const z = page.getByTestId('z-report');
  await expect(z.getByTestId('z-opening')).toContainText(euros(period.amount_initial));
  await expect(z.getByTestId('z-cash-sales')).toContainText('24,00 €');
  await expect(z.getByTestId('z-cash-in')).toContainText('20,00 €');
  await expect(z.getByTestId('z-cash-out')).toContainText('-5,00 €');
  await expect(z.getByTestId('z-cash-refunds')).toContainText('-16,00 €');
  await expect(z.getByTestId('z-expected')).toContainText(euros(expected));
  await expect(z.getByTestId('z-counted')).toContainText(euros(counted));
  await expect(z.getByTestId('z-difference')).toContainText('-2,50 €');
  const last = (await call(page, 'GET', `/api/cash_close/?asocid=${CLUB}`)).data[0];
  expect(last.worker_name).toBeTruthy();
  await expect(z.getByTestId('z-closed-by')).toContainText(last.worker_name);
  await expect(z).toContainText('Faltan 2,50: cambio mal dado');
  await shot(page, 'cash-z-report-wide');

  // printed: only the report, on one page of 80 mm, then one A4 page
  await page.evaluate(() => {
    (window as unknown as { prints: number }).prints = 0;
    window.print = () => {
      (window as unknown as { prints: number }).prints++;
    };
  });
  for (const [button, width] of [['z-print-ticket', 226.8], ['z-print-a4', 595.3]] as const) {
    await page.emulateMedia({ media: 'screen' });
    await page.getByTestId(button).click();
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByTestId('z-print')).toBeVisible();
    await expect(page.locator('#root')).toBeHidden();
    await expect(page.locator('.ant-modal-root').first()).toBeHidden();
    await expect(page.getByTestId('z-print').getByTestId('z-difference')).toContainText('-2,50 €');
    await shot(page, `cash-z-print-${button === 'z-print-ticket' ? 'ticket' : 'a4'}`);
    const pdf = pdfPages(await page.pdf({ preferCSSPageSize: true, printBackground: true }));
    expect(pdf.pages).toBe(1);
    expect(Math.abs(pdf.width - width)).toBeLessThan(1.5);
  }
  await page.emulateMedia({ media: 'screen' });
  expect(await page.evaluate(() => (window as unknown as { prints: number }).prints)).toBe(2);

  // done: the person stays on the cash screens, where the close now is
  await page.getByTestId('z-done').focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/app\/closeregisterhistory$/);
  const cid = last.cid as number;
  await expect(page.getByTestId(`close-row-${cid}`)).toContainText('-2,50 €');

  // the day's report lists each close of the day with its difference
  await page.goto('/app/closingreport');
  await expect(page.getByTestId('report-closes')).toBeVisible();
  await expect(page.getByTestId(`close-difference-${cid}`)).toHaveText('-2,50 €');
  await expect(page.getByTestId(`close-difference-${cid - 1}`)).toHaveText('1,00 €');
  await shot(page, 'cash-day-closes-wide');
});

test('narrow and English: the count by notes and coins, and a Z report from the history', async ({ page }) => {
  await as(page, 'manager', 'closeregisterhistory');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.locator('[data-testid^="close-row-"]').first().click();
  await page.getByTestId('open-z').click();
  await expect(page.getByTestId('z-report').getByTestId('z-difference')).toBeVisible();
  await shot(page, 'cash-z-report-narrow');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await page.goto('/app/closeregister');
  await page.getByTestId('count-mode-pieces').click();
  await page.getByTestId('count-2000').fill('3');
  await page.getByTestId('count-50').fill('3');
  await expect(page.getByTestId('count-sum')).toHaveText('61,50 €');
  await shot(page, 'cash-close-count-narrow');

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/app/closeregisterhistory');
  await setLanguage(page, 'en');
  await page.goto('/app/closeregister');
  await page.getByTestId('count-mode-pieces').click();
  await page.getByTestId('count-10000').fill('2');
  await page.getByTestId('count-5').fill('1');
  await expect(page.getByTestId('count-sum')).toHaveText('€200.05');
  await expect(page.getByTestId('close-expected')).toHaveCount(0);
  await shot(page, 'cash-close-count-en');
  await page.goto('/app/closeregisterhistory');
  await setLanguage(page, 'es');
});

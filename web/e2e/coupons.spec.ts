// Coupons in Debian's Chromium against the real binary and its demo club: a Manager creates one
// through the form and duplicates it, a Budtender applies it at the counter by its code and the
// order is paid; the use shows in the coupon's history. The spec makes its own product and member
// through the API and removes what it made.
import { expect, test, type Page } from './fixtures';
import { readFileSync } from 'node:fs';
import { call, chooseClub, featureText, login, shot, sign } from './helpers';

const CLUB = 1;
test.describe.configure({ mode: 'serial' });

const cs = (key: string, vars?: Record<string, string | number>) => featureText('coupons', 'es', `coupons.${key}`, vars);
const ps = (key: string, vars?: Record<string, string | number>) => featureText('pos', 'es', `pos.${key}`, vars);
const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text, { exact: true }).first();
const narrow = (page: Page) => page.setViewportSize({ width: 390, height: 844 });

async function as(page: Page, user: string, path: string) {
  await login(page, user);
  await chooseClub(page, CLUB);
  await page.goto(`/app/${path}`);
}

const stamp = Date.now() % 100000;
const CODE = `VERANO${stamp}`;
const COPY = `COPIA${stamp}`;
let world: { product: number; member: number; category: string };

test.afterAll(async ({ browser }) => {
  if (!world) return;
  const page = await browser.newPage();
  await as(page, 'admin', 'club');
  for (const o of (await call(page, 'GET', `/api/order/?asocid=${CLUB}&status=cart&membership_id=${world.member}`)).data)
    await call(page, 'DELETE', `/api/order/delete?asocid=${CLUB}&oid=${o.oid}`);
  for (const c of (await call(page, 'GET', `/api/socius_coupon?asocid=${CLUB}`)).data)
    if (c.code.endsWith(String(stamp))) await call(page, 'DELETE', `/api/socius_coupon/${CLUB}?id=${c.id}`);
  await call(page, 'POST', '/api/dispensario/delete', { asocid: CLUB, productsArray: [world.product] });
  await call(page, 'DELETE', `/api/ficha_socio/${world.member}?association=${CLUB}`);
  await page.close();
});

test('setup: a product that takes discounts and a member', async ({ page }) => {
  await as(page, 'admin', 'club');
  const first = (await call(page, 'GET', `/api/association_category/?association=${CLUB}&type=dispensary`))[0];
  const category = first.nid;
  const p = await call(page, 'POST', '/api/dispensario', {
    asocid: CLUB, title: `Cupon Kush ${stamp}`, dominance: 'indica', category, price: 10, cost: 2, type: 'peso', status: true, discount: true,
  });
  await call(page, 'POST', '/api/product_stock', { asocid: CLUB, products: [{ pid: p.pid, stock: 40, stock_type: 'manual', note: 'alta' }] });
  const m = await call(page, 'POST', '/api/ficha_socio', {
    association: CLUB, nombre: 'Cora', surname: 'Cupones', dni: `6${String(stamp).padStart(7, '0')}R`,
  });
  world = { product: p.pid, member: m.nid, category: first.title };
});

test('a Manager creates a coupon, duplicates it and switches the copy off', async ({ page }) => {
  await as(page, 'manager', 'cupons');
  await expect(page.getByRole('heading', { name: cs('title') })).toBeVisible();
  await expect(page.getByTestId('coupons-empty').or(page.getByTestId(/^coupon-row-/).first())).toBeVisible();
  await shot(page, 'coupons-wide');
  await page.getByTestId('coupon-new').first().click();
  await expect(page.getByTestId('form-title')).toHaveText(cs('form.titleNew'));

  // nothing filled: the spec's messages
  await page.getByTestId('form-save').click();
  await expect(toast(page, cs('form.fill'))).toBeVisible();
  await expect(page.getByText(cs('form.required')).first()).toBeVisible();
  await shot(page, 'coupon-form-required');

  await page.getByTestId('f-code').fill(CODE);
  await page.getByTestId('f-title').fill('Verano: 10 % en flores');
  await page.getByTestId('f-discount').fill('10');
  await page.getByTestId('f-uses-user').fill('1');
  // limited to the product's category
  await page.getByTestId('f-categories').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: new RegExp(`^${world.category}$`) }).click();
  await page.keyboard.press('Escape');
  await page.getByTestId('f-notes').fill('Para la fiesta de verano');
  await shot(page, 'coupon-form-wide');
  await page.getByTestId('form-save').click();
  await expect(toast(page, cs('form.saved', { code: CODE }))).toBeVisible();

  // back in the list with the new coupon selected
  await expect(page).toHaveURL(/\/app\/cupons\?id=\d+/);
  const row = page.getByTestId(`coupon-row-${CODE}`);
  await expect(row.getByTestId('cell-amount')).toHaveText('10 %');
  await expect(row.getByTestId('cell-uses')).toHaveText('0');
  await expect(row.getByTestId('coupon-state')).toHaveText(cs('state.active'));
  const panel = page.getByTestId('coupon-panel');
  await expect(panel.getByTestId('detail-code')).toHaveText(CODE);
  await expect(panel.getByTestId('coupon-qr').locator('canvas')).toBeVisible();
  await shot(page, 'coupons-list-wide');

  // duplicate: every rule kept, a new code
  await panel.getByTestId('coupon-duplicate').click();
  await expect(page.getByTestId('form-title')).toHaveText(cs('form.titleCopy', { code: CODE }));
  await expect(page.getByTestId('f-title')).toHaveValue('Verano: 10 % en flores');
  await expect(page.getByTestId('f-discount')).toHaveValue('10,00');
  await page.getByTestId('f-code').fill(COPY);
  await page.getByTestId('f-discount').fill('2');
  await page.getByTestId('f-type').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: /^€$/ }).click();
  await page.getByTestId('form-save').click();
  const copyRow = page.getByTestId(`coupon-row-${COPY}`);
  await expect(copyRow.getByTestId('cell-amount')).toHaveText('2,00 €');
  await page.getByTestId('coupon-panel').getByTestId('coupon-active').click();
  await expect(copyRow.getByTestId('coupon-state')).toHaveText(cs('state.inactive'));

  // narrow: the panel becomes a drawer
  await narrow(page);
  // the selected copy now shows in a drawer: close it and pick the first coupon
  await expect(page.getByTestId('coupon-drawer').getByTestId('detail-code')).toHaveText(COPY);
  await page.locator('.ant-drawer-close').click();
  await expect(page.getByTestId('coupon-drawer')).toBeHidden();
  await shot(page, 'coupons-narrow');
  await page.getByTestId(`coupon-row-${CODE}`).click();
  await expect(page.getByTestId('coupon-drawer').getByTestId('detail-code')).toHaveText(CODE);
  await shot(page, 'coupons-drawer-narrow');
});

test('a Budtender applies the coupon at the counter by its code; a switched-off one is refused; the use is counted once paid', async ({ page }) => {
  await as(page, 'budtender', 'pos');
  await page.getByTestId('members-open').click();
  await page.getByTestId('members-search').fill('Cora');
  await page.getByTestId(`members-row-${world.member}`).click();
  await page.getByTestId('product-search').fill(`Cupon Kush ${stamp}`);
  await page.getByTestId(`product-${world.product}`).click();
  await page.getByTestId('add-quantity').fill('3');
  await page.getByTestId('add-quantity').press('Enter');
  await expect(page.getByTestId('order-total')).toHaveText('30,00 €');

  // a manual discount shuts the coupon out, and the other way round
  await page.getByTestId('manual-discount').fill('1');
  await page.getByTestId('manual-discount-apply').click();
  await expect(page.getByTestId('order-total')).toHaveText('29,00 €');
  await expect(page.getByTestId('coupon-open')).toBeDisabled();
  await page.getByTestId('manual-discount').fill('0');
  await page.getByTestId('manual-discount-apply').click();
  await expect(page.getByTestId('order-total')).toHaveText('30,00 €');

  await page.getByTestId('coupon-open').click();
  const dialog = page.getByTestId('coupon-modal');
  // the picker offers the live coupon, not the switched-off copy
  await expect(dialog.getByTestId(`coupon-pick-${CODE}`)).toBeVisible();
  await expect(dialog.getByTestId(`coupon-pick-${COPY}`)).toHaveCount(0);
  await dialog.getByTestId('coupon-code').fill(COPY.toLowerCase());
  await dialog.getByTestId('coupon-code').press('Enter');
  const refusal = JSON.parse(readFileSync(new URL('../src/features/pos/locales/es.json', import.meta.url), 'utf8')).pos.errors['coupon.inactive'] as string;
  await expect(page.getByTestId('coupon-refusal')).toHaveText(refusal.replace('{{coupon}}', COPY));
  await expect(page.getByRole('dialog', { name: ps('coupon.warning') })).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
  await dialog.getByTestId('coupon-code').fill(CODE.toLowerCase());
  await shot(page, 'pos-coupon-dialog-wide');
  await dialog.getByTestId('coupon-code').press('Enter');
  await expect(toast(page, ps('coupon.applied', { code: CODE }))).toBeVisible();
  await expect(page.getByTestId(`coupon-tag-${CODE}`)).toContainText('3,00 €');
  await expect(page.getByTestId('order-total')).toHaveText('27,00 €');
  await expect(page.getByTestId(`line-total-${world.product}`)).toHaveText('27,00 €');
  // a coupon and a manual discount exclude each other
  await expect(page.getByTestId('manual-discount-apply')).toBeDisabled();
  await shot(page, 'pos-coupon-wide');

  await page.getByTestId('order-pay').click();
  await expect(page.getByTestId('pay-total')).toHaveText('27,00 €');
  await page.getByTestId('pay-tendered').fill('30');
  await sign(page);
  await page.getByTestId('pay-confirm').click();
  await expect(toast(page, ps('pay.done'))).toBeVisible();
  await page.getByTestId('receipt-close').click();
});

test('the coupon shows its use; the copy is deleted after confirmation', async ({ page }) => {
  await as(page, 'manager', 'cupons');
  await expect(page.getByTestId(`coupon-row-${CODE}`).getByTestId('cell-uses')).toHaveText('1');
  await page.getByTestId(`coupon-row-${CODE}`).click();
  await page.getByTestId('coupon-panel').getByTestId('coupon-uses').click();
  await expect(page.getByRole('heading', { name: cs('uses.titleOf', { code: CODE }) })).toBeVisible();
  await expect(page.getByTestId('use-member')).toContainText('Cora Cupones');
  await expect(page.getByTestId('use-date')).toHaveText(/^\d\d:\d\d \d\d\/\d\d\/\d{4}$/);
  await shot(page, 'coupon-uses-wide');

  await page.getByTestId('uses-back').click();
  await page.getByTestId(`coupon-row-${COPY}`).click();
  await page.getByTestId('coupon-panel').getByTestId('coupon-delete').click();
  await page.getByTestId('confirm-delete').click();
  await expect(toast(page, cs('delete.done'))).toBeVisible();
  await expect(page.getByTestId(`coupon-row-${COPY}`)).toHaveCount(0);
});

test('in English, wide and narrow: the list, the panel and the form', async ({ page }) => {
  const en = (key: string, vars?: Record<string, string | number>) => featureText('coupons', 'en', `coupons.${key}`, vars);
  await as(page, 'manager', 'club');
  await page.evaluate(() => localStorage.setItem('socius.lang', 'en'));
  await page.goto('/app/cupons');
  await expect(page.getByRole('heading', { name: en('title') })).toBeVisible();
  await page.getByTestId(`coupon-row-${CODE}`).click();
  await expect(page.getByTestId('coupon-panel').getByTestId('detail-uses')).toHaveText(en('detail.usesUnlimited', { uses: 1 }));
  await shot(page, 'coupons-en-wide');
  await page.getByTestId('coupon-panel').getByTestId('coupon-duplicate').click();
  await expect(page.getByTestId('form-title')).toHaveText(en('form.titleCopy', { code: CODE }));
  await shot(page, 'coupon-form-en-wide');
  await narrow(page);
  await shot(page, 'coupon-form-en-narrow');
  await page.goto('/app/cupons');
  await shot(page, 'coupons-en-narrow');
  await page.evaluate(() => localStorage.setItem('socius.lang', 'es'));
});

// The counter in Debian's Chromium against the real binary and its demo club (every flag: the
// member signs every order). The spec makes its own products and member through the API, so it
// does not depend on what other specs do to the demo's stock.
import { expect, test, type Page } from './fixtures';
import { readFileSync } from 'node:fs';
import { call, chooseClub, featureText, login, shot, sign, type Lang } from './helpers';

const CLUB = 1;
test.describe.configure({ mode: 'serial' });

const ps = (lang: Lang, key: string, vars?: Record<string, string | number>) => featureText('pos', lang, `pos.${key}`, vars);
const es = (key: string, vars?: Record<string, string | number>) => ps('es', key, vars);
/** A refusal's text: errors are keyed by the server's dotted code. */
const err = (code: string, vars: Record<string, string | number> = {}) =>
  (JSON.parse(readFileSync(new URL('../src/features/pos/locales/es.json', import.meta.url), 'utf8')).pos.errors[code] as string).replace(
    /\{\{(\w+)\}\}/g,
    (_: string, k: string) => String(vars[k] ?? ''),
  );
const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text, { exact: true }).first();
const narrow = (page: Page) => page.setViewportSize({ width: 390, height: 844 });
const wide = (page: Page) => page.setViewportSize({ width: 1440, height: 900 });

async function as(page: Page, user: string, path = 'pos') {
  await login(page, user);
  await chooseClub(page, CLUB);
  await page.goto(`/app/${path}`);
}

let world: {
  lemon: number;
  soda: number;
  member: number;
  fob: string;
  sodaCode: string;
  ana: number;
  bruno: number;
  anaFob: string;
  elena: number;
  elenaFob: string;
  quintina: number;
  coupon: string;
};

// Leave the demo club as the other specs expect it: the products leave every list, the member's
// record is deleted, the fee type is switched off (it stays: an order names it).
test.afterAll(async ({ browser }) => {
  if (!world) return;
  const page = await browser.newPage();
  await as(page, 'admin', 'club');
  await call(page, 'POST', '/api/dispensario/delete', { asocid: CLUB, productsArray: [world.lemon, world.soda] });
  for (const nid of [world.member, world.ana, world.bruno, world.elena, world.quintina]) {
    for (const o of (await call(page, 'GET', `/api/order/?asocid=${CLUB}&status=cart&membership_id=${nid}`)).data)
      await call(page, 'DELETE', `/api/order/delete?asocid=${CLUB}&oid=${o.oid}`);
    await call(page, 'DELETE', `/api/ficha_socio/${nid}?association=${CLUB}`);
  }
  // the preset amounts this spec added (the demo keeps a 150 € cash amount)
  for (const type of ['wallet', 'cash-register'])
    for (const c of await call(page, 'GET', `/api/association_category/?association=${CLUB}&type=${type}`))
      if (Number(c.title) !== 150) await call(page, 'DELETE', `/api/association_category/${c.nid}?association=${CLUB}`);
  for (const c of (await call(page, 'GET', `/api/socius_coupon?asocid=${CLUB}`)).data)
    if (c.code === world.coupon) await call(page, 'DELETE', `/api/socius_coupon/${CLUB}?id=${c.id}`);
  for (const f of await call(page, 'GET', `/api/fee/?asocid=${CLUB}`))
    await call(page, 'POST', '/api/fee/', { asocid: CLUB, pid: f.pid, code: f.code, title: f.title, price: f.price, days: f.days, status: false });
  await page.close();
});

test('setup: two products and a member with a wallet and a 10 g forecast', async ({ page }) => {
  await as(page, 'admin', 'club');
  const cats = await call(page, 'GET', `/api/association_category/?association=${CLUB}&type=dispensary`);
  const category = cats[0].nid;
  const stamp = Date.now() % 100000;
  const sodaCode = `84999${String(stamp).padStart(5, '0')}1`;
  const product = async (title: string, type: string, price: number, stock: number, code: string) => {
    const p = await call(page, 'POST', '/api/dispensario', {
      asocid: CLUB, title, dominance: 'hibrido', category, price, cost: 1, type, status: true, discount: true, code,
    });
    await call(page, 'POST', '/api/product_stock', { asocid: CLUB, products: [{ pid: p.pid, stock, stock_type: 'manual', note: 'alta' }] });
    return p.pid as number;
  };
  const lemon = await product(`Lemon Counter ${stamp}`, 'peso', 8, 50, '');
  const soda = await product(`Soda Counter ${stamp}`, 'unidad', 2, 20, sodaCode);
  const fob = `FOB${stamp}`;
  const m = await call(page, 'POST', '/api/ficha_socio', {
    association: CLUB, nombre: 'Carla', surname: 'Mostrador', dni: `7${String(stamp).padStart(7, '0')}Q`, keychain: fob, consum_forecast: 10,
  });
  await call(page, 'PUT', `/api/wallet/${m.nid}`, { association: CLUB, operation: 'add', amount: 30, pay_type: 'cash' });
  // two members who share a surname, for the lookups by name (Ana has a key fob)
  const anaFob = `KEY${stamp}`;
  const ana = await call(page, 'POST', '/api/ficha_socio', {
    association: CLUB, nombre: 'Ana', surname: 'Teclado', dni: `6${String(stamp).padStart(7, '0')}R`, keychain: anaFob, consum_forecast: 100,
  });
  const bruno = await call(page, 'POST', '/api/ficha_socio', {
    association: CLUB, nombre: 'Bruno', surname: 'Teclado', dni: `5${String(stamp).padStart(7, '0')}S`, consum_forecast: 100,
  });
  // Elena's fee ran out on 12/10/2025 (noon in Madrid); Quintina's name starts as Elena's surname
  const elenaFob = `CAD${stamp}`;
  const elena = await call(page, 'POST', '/api/ficha_socio', {
    association: CLUB, nombre: 'Elena', surname: 'Quintanar', dni: `4${String(stamp).padStart(7, '0')}T`, keychain: elenaFob, consum_forecast: 100,
    end_date: Date.UTC(2025, 9, 12, 10) / 1000,
  });
  const quintina = await call(page, 'POST', '/api/ficha_socio', {
    association: CLUB, nombre: 'Quintina', surname: 'Rubio', dni: `3${String(stamp).padStart(7, '0')}V`, consum_forecast: 100,
  });
  // one euro off both products, typed at the counter
  const coupon = `MOSTRADOR${stamp}`;
  await call(page, 'POST', '/api/socius_coupon', { asocid: CLUB, code: coupon, title: 'Un euro de mostrador', type: 0, discount: 1, use_products: [lemon, soda] });
  world = { lemon, soda, member: m.nid, fob, sodaCode, ana: ana.nid, bruno: bruno.nid, anaFob, elena: elena.nid, elenaFob, quintina: quintina.nid, coupon };
});

test('a day at the counter: key fob, weight by price, scanned code, discount, cash with change and signature, receipt', async ({ page }) => {
  await as(page, 'budtender');
  await expect(page.getByRole('heading', { name: es('title') })).toBeVisible();
  // no member yet: the spec's message
  await page.getByTestId(`product-${world.lemon}`).click();
  await expect(page.getByRole('dialog', { name: /Lemon Counter/ })).toBeVisible();
  await page.getByTestId('add-price').fill('16');
  await expect(page.getByTestId('add-quantity')).toHaveValue('2,000');
  await page.getByTestId('add-confirm').click();
  await expect(page.getByTestId('add-error')).toHaveText(es('add.noMember'));
  await page.getByRole('dialog').getByRole('button', { name: 'Cancelar' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // the member by key fob
  await page.getByTestId('member-scan').fill(world.fob);
  await page.getByTestId('member-scan').press('Enter');
  await expect(toast(page, es('member.found'))).toBeVisible();
  await expect(page.getByTestId('member-name')).toContainText('Carla Mostrador');
  await expect(page.getByTestId('member-wallet')).toHaveText(es('member.wallet', { amount: '30,00 €' }));
  await expect(page.getByTestId('member-consumption')).toHaveText(es('member.month', { month: 0, forecast: 10 }));

  // a weight product by price: 16 € of 8 €/g is 2 g; the quantity follows the price
  await page.getByTestId('product-search').fill('Lemon Counter');
  await page.getByTestId(`product-${world.lemon}`).click();
  await page.getByTestId('add-price').fill('16');
  await expect(page.getByTestId('add-quantity')).toHaveValue('2,000');
  await page.getByTestId('add-quantity').fill('dos');
  await page.getByTestId('add-confirm').click();
  await expect(page.getByTestId('add-error')).toHaveText(es('add.notNumeric'));
  await page.getByTestId('add-quantity').fill('60');
  await page.getByTestId('add-confirm').click();
  await expect(page.getByTestId('add-error')).toHaveText(es('add.noStock'));
  await page.getByTestId('add-price').fill('16');
  await shot(page, 'pos-add-wide');
  await page.getByTestId('add-price').press('Enter');
  await expect(page.getByTestId(`line-total-${world.lemon}`)).toHaveText('16,00 €');

  // a scanned code alone adds its product after 2 s
  await page.getByTestId('product-search').fill(world.sodaCode);
  await expect(page.getByTestId('add-quantity')).toBeVisible({ timeout: 6000 });
  // Enter once the dialog is ready, as a person would press it: one unit in the field, the cursor in it
  await expect(page.getByTestId('add-quantity')).toHaveValue('1');
  await expect(page.getByTestId('add-quantity')).toBeFocused();
  await page.getByTestId('add-quantity').press('Enter');
  await expect(page.getByTestId(`line-total-${world.soda}`)).toHaveText('2,00 €');
  await expect(page.getByTestId('order-total')).toHaveText('18,00 €');

  // real weight ±0.01
  await page.getByRole('button', { name: es('order.realPlus') }).click();
  await expect(page.getByTestId(`real-${world.lemon}`)).toHaveText('2,01 g');

  // manual discount: above the order is refused by the server with the spec's text
  await page.getByTestId('manual-discount').fill('50');
  await page.getByTestId('manual-discount-apply').click();
  await expect(toast(page, err('order.discount_above_total'))).toBeVisible();
  await page.getByTestId('manual-discount').fill('1');
  await page.getByTestId('manual-discount-apply').click();
  await expect(page.getByTestId('order-total')).toHaveText('17,00 €');
  await shot(page, 'pos-order-wide');

  // cash with change, and the member's signature
  await page.getByTestId('order-pay').click();
  await expect(page.getByTestId('pay-total')).toHaveText('17,00 €');
  await page.getByTestId('pay-tendered').fill('15');
  await expect(page.getByTestId('pay-change')).toHaveText(es('pay.missing', { amount: '2,00 €' }));
  await expect(page.getByTestId('pay-confirm')).toBeDisabled();
  await page.getByTestId('pay-tendered').fill('20');
  await expect(page.getByTestId('pay-change')).toHaveText(es('pay.change', { amount: '3,00 €' }));
  await page.getByTestId('pay-confirm').click();
  // the demo club signs on its signature tablet (firma_digital): its message
  await expect(page.getByTestId('pay-error')).toHaveText(es('pay.signTablet'));
  await sign(page);
  await shot(page, 'pos-pay-wide');
  await page.getByTestId('pay-confirm').click();
  await expect(toast(page, es('pay.done'))).toBeVisible();
  await expect(page.getByTestId('receipt-total')).toHaveText('17,00 €');
  await expect(page.getByTestId('receipt-change')).toHaveText('3,00 €');
  await expect(page.getByTestId('receipt')).toContainText('Carla Mostrador');
  await shot(page, 'pos-receipt-wide');
  await page.getByTestId('receipt-close').click();
  // after payment the member is deselected
  await expect(page.getByTestId('member-card')).toHaveCount(0);
});

test('the monthly forecast: a Budtender is refused, a Manager passes it with a reason; then a refund to the wallet', async ({ page }) => {
  await as(page, 'budtender');
  await page.getByTestId('members-open').click();
  await page.getByTestId('members-search').fill('Carla');
  await page.getByTestId(`members-row-${world.member}`).click();
  await expect(page.getByTestId('member-consumption')).toHaveText(es('member.month', { month: '2,01', forecast: 10 }));
  await page.getByTestId(`product-${world.lemon}`).click();
  await page.getByTestId('add-quantity').fill('9');
  await page.getByTestId('add-quantity').press('Enter');
  await expect(page.getByTestId(`line-total-${world.lemon}`)).toHaveText('72,00 €');
  await page.getByTestId('order-pay').click();
  await page.getByTestId('pay-tendered').fill('80');
  await sign(page);
  await page.getByTestId('pay-confirm').click();
  await expect(page.getByTestId('pay-error')).toHaveText(
    err('order.forecast_exceeded', { month: '2,01', grams: '9', forecast: '10' }),
  );
  await expect(page.getByTestId('pay-reason')).toHaveCount(0);
  await page.keyboard.press('Escape');

  // the manager opens the same order from the orders in process and overrides with a reason
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await as(page, 'manager', 'ordersInProcess');
  await expect(page.getByRole('heading', { name: es('inProcess.title') })).toBeVisible();
  const row = page.locator('tr', { hasText: 'Mostrador' }).first();
  await expect(row).toContainText('72,00 €');
  await shot(page, 'pos-in-process-wide');
  await row.getByRole('button', { name: es('inProcess.view') }).click();
  await expect(page).toHaveURL(/\/app\/pos/);
  await expect(page.getByTestId('member-name')).toContainText('Carla Mostrador');
  await page.getByTestId('order-pay').click();
  await page.getByTestId('pay-method-wallet').click();
  await expect(page.getByTestId('pay-wallet')).toContainText(es('pay.walletShort'));
  await page.getByTestId('pay-method-cash').click();
  await page.getByTestId('pay-tendered').fill('72');
  await sign(page);
  await page.getByTestId('pay-confirm').click();
  await expect(page.getByTestId('pay-reason')).toBeVisible();
  await page.getByTestId('pay-reason').fill('Receta médica del 20/11');
  await shot(page, 'pos-override-wide');
  await page.getByTestId('pay-confirm').click();
  await expect(toast(page, es('pay.done'))).toBeVisible();
  await page.getByTestId('receipt-close').click();

  // refund 4 g of that order to the wallet from the member's history
  await page.getByTestId('member-scan').fill(world.fob);
  await page.getByTestId('member-scan').press('Enter');
  await page.getByTestId('history-open').click();
  const latest = page.locator('.ant-modal:visible tr', { hasText: '72,00 €' }).first();
  await latest.getByRole('button', { name: es('refund.open') }).click();
  await page.getByTestId(`refund-qty-${world.lemon}`).fill('4');
  await page.getByTestId('refund-method-wallet').click();
  await page.getByTestId('refund-confirm').click();
  await expect(page.locator('.ant-modal-confirm-title')).toHaveText(es('refund.confirmAmount', { amount: '32,00 €' }));
  await shot(page, 'pos-refund-wide');
  await page.getByRole('button', { name: es('refund.do') }).last().click();
  await expect(toast(page, es('refund.done'))).toBeVisible();
  await page.keyboard.press('Escape');
  // 30 € + 32 € back (4 g of the 72 € line)
  await expect(page.getByTestId('member-wallet')).toHaveText(es('member.wallet', { amount: '62,00 €' }));
});

test('narrow and English: the counter, the payment and the orders in process', async ({ page }) => {
  await as(page, 'admin');
  await narrow(page);
  await page.getByTestId('member-scan').fill(world.fob);
  await page.getByTestId('member-scan').press('Enter');
  await page.getByTestId(`product-${world.soda}`).click();
  await page.getByTestId('add-quantity').press('Enter');
  await expect(page.getByTestId(`line-total-${world.soda}`)).toBeVisible();
  await shot(page, 'pos-counter-narrow');
  await page.getByTestId('order-pay').click();
  await shot(page, 'pos-pay-narrow');
  await page.keyboard.press('Escape');

  await page.evaluate(() => localStorage.setItem('socius.lang', 'en'));
  await wide(page);
  await page.goto('/app/pos');
  await expect(page.getByRole('heading', { name: ps('en', 'title') })).toBeVisible();
  await expect(page.getByTestId('member-name')).toContainText('Carla Mostrador');
  await shot(page, 'pos-counter-en-wide');
  await page.goto('/app/ordersInProcess');
  await expect(page.getByRole('heading', { name: ps('en', 'inProcess.title') })).toBeVisible();
  await shot(page, 'pos-in-process-en-wide');
  await narrow(page);
  await shot(page, 'pos-in-process-en-narrow');
  // cancel the open order with its confirmation
  await page.goto('/app/pos');
  await page.getByTestId('order-cancel').click();
  await page.getByRole('button', { name: ps('en', 'order.cancel') }).last().click();
  await expect(page.getByTestId('cart')).toContainText(ps('en', 'order.empty'));
  await page.evaluate(() => localStorage.setItem('socius.lang', 'es'));
});

test('fee types and payment methods dialogs, and a fee renewed at the counter', async ({ page }) => {
  await as(page, 'admin', 'feetypes');
  await expect(page.getByRole('dialog', { name: es('fees.title') })).toBeVisible();
  await page.getByTestId('fee-save').click();
  await expect(page.locator('.ant-form-item-explain-error').first()).toHaveText(es('fees.required'));
  await page.getByTestId('fee-code').fill('T90');
  await page.getByTestId('fee-title').fill('Cuota trimestral');
  await page.getByTestId('fee-price').fill('45');
  await page.getByTestId('fee-days').fill('90');
  await page.getByTestId('fee-save').click();
  await expect(toast(page, es('fees.saved'))).toBeVisible();
  await expect(page.getByRole('dialog').locator('tr', { hasText: 'Cuota trimestral' })).toContainText('45,00 €');
  await shot(page, 'pos-fees-wide');

  // the payment methods: turning every one off keeps cash, with the spec's alert
  await page.goto('/app/paymentmethods');
  await expect(page.getByRole('dialog', { name: es('methods.title') })).toBeVisible();
  for (const m of ['card', 'wallet', 'cash']) {
    await page.getByTestId(`method-${m}`).click();
    if (m !== 'cash') await expect(page.getByTestId(`method-${m}`)).not.toBeChecked();
  }
  await expect(page.locator('.ant-modal-confirm-title')).toHaveText(es('methods.noneTitle'));
  await page.locator('.ant-modal-confirm-btns button').click();
  await expect(page.getByTestId('method-cash')).toBeChecked();
  await shot(page, 'pos-methods-wide');
  for (const m of ['card', 'wallet']) {
    await page.getByTestId(`method-${m}`).click();
    await expect(page.getByTestId(`method-${m}`)).toBeChecked();
  }

  // renew the fee for Carla at the counter: the line is the fee, and paying extends her membership
  await page.goto('/app/pos');
  await page.getByTestId('member-scan').fill(world.fob);
  await page.getByTestId('member-scan').press('Enter');
  await expect(page.getByTestId('member-expiry')).toHaveText(es('member.expired'));
  const open = page.getByTestId('order-cancel');
  if (await open.isVisible()) {
    await open.click();
    await page.getByRole('button', { name: es('order.cancel') }).last().click();
  }
  await page.getByTestId('fee-renew').click();
  await expect(page.getByRole('dialog', { name: es('renew.title') })).toBeVisible();
  // each active fee with its price, its days and the end it gives (from today: hers has expired)
  await expect(page.getByRole('dialog').getByText(es('renew.days', { count: 90 }), { exact: false })).toBeVisible();
  await page.getByRole('dialog').getByText('Cuota trimestral', { exact: true }).click();
  await expect(page.getByTestId('renew-confirm')).toHaveText(es('renew.add', { price: '45,00 €' }));
  await shot(page, 'pos-renew-wide');
  await page.getByTestId('renew-confirm').click();
  await expect(page.getByTestId('order-total')).toHaveText('45,00 €');
  await page.getByTestId('order-pay').click();
  await page.getByTestId('pay-method-wallet').click();
  await sign(page);
  await page.getByTestId('pay-confirm').click();
  await expect(toast(page, es('pay.done'))).toBeVisible();
  await page.getByTestId('receipt-close').click();
  await page.getByTestId('member-scan').fill(world.fob);
  await page.getByTestId('member-scan').press('Enter');
  await expect(page.getByTestId('member-expiry')).toContainText(es('member.until', { date: '' }).trim());
  await expect(page.getByTestId('member-wallet')).toHaveText(es('member.wallet', { amount: '17,00 €' }));
});

const ws = (key: string, vars?: Record<string, string | number>) => featureText('shared/wallet', 'es', `wallet.${key}`, vars);

test('preset amounts, a wallet top-up with change, the member detail actions, the order-ready notice and the forecast switch', async ({ page }) => {
  // wallet amounts: numbers only; then two presets
  await as(page, 'admin', 'walletamounts');
  await expect(page.getByRole('dialog', { name: es('presets.wallet.title') })).toBeVisible();
  await page.getByTestId('preset-amount').fill('diez');
  await page.getByTestId('preset-add').click();
  await expect(page.getByTestId('preset-error')).toHaveText(es('presets.notNumeric'));
  for (const a of ['50', '20']) {
    await page.getByTestId('preset-amount').fill(a);
    await page.getByTestId('preset-amount').press('Enter');
    await expect(page.getByTestId(`preset-${a}`)).toBeVisible();
  }
  await shot(page, 'pos-wallet-amounts-wide');
  // the counter's cash amounts: a 50 € note beside the demo's 150
  await page.goto('/app/cashamounts');
  await expect(page.getByRole('dialog', { name: es('presets.cash.title') })).toBeVisible();
  await page.getByTestId('preset-amount').fill('50');
  await page.getByTestId('preset-add').click();
  await expect(page.getByTestId('preset-50')).toBeVisible();

  // top up Carla's wallet at the counter: a preset fills the amount, a note the cash tendered
  await page.goto('/app/pos');
  await page.getByTestId('member-scan').fill(world.fob);
  await page.getByTestId('member-scan').press('Enter');
  await expect(page.getByTestId('member-wallet')).toHaveText(es('member.wallet', { amount: '17,00 €' }));
  await page.getByTestId('member-topup').click();
  await expect(page.getByRole('dialog', { name: ws('topUp.title') })).toBeVisible();
  await page.getByTestId('topup-amount').fill('abc');
  await page.getByTestId('topup-confirm').click();
  await expect(page.getByTestId('topup-error')).toHaveText(ws('topUp.notNumeric'));
  await page.getByTestId('topup-preset-20').click();
  await expect(page.getByTestId('topup-amount')).toHaveValue('20');
  await page.getByTestId('topup-tendered').fill('10');
  await expect(page.getByTestId('topup-change')).toHaveText(ws('topUp.missing', { amount: '10,00 €' }));
  await page.getByTestId('topup-confirm').click();
  await expect(page.getByTestId('topup-error')).toHaveText(ws('topUp.tenderedShort'));
  await page.getByTestId('cash-quick-50').click();
  await expect(page.getByTestId('topup-error')).toHaveCount(0);
  await expect(page.getByTestId('topup-change')).toHaveText(ws('topUp.change', { amount: '30,00 €' }));
  await expect(page.getByTestId('topup-after')).toHaveText(ws('topUp.after', { amount: '37,00 €' }));
  await shot(page, 'pos-topup-wide');
  await page.getByTestId('topup-confirm').click();
  await expect(toast(page, ws('topUp.done', { amount: '37,00 €' }))).toBeVisible();
  await expect(page.getByTestId('member-wallet')).toHaveText(es('member.wallet', { amount: '37,00 €' }));

  // "your order is ready": Carla has no user, so the spec's message
  await page.getByTestId(`product-${world.soda}`).click();
  await page.getByTestId('add-quantity').press('Enter');
  await expect(page.getByTestId(`line-total-${world.soda}`)).toBeVisible();
  await page.getByTestId('order-notify').click();
  await expect(toast(page, es('notify.noUser'))).toBeVisible();

  // the member detail: make order opens the counter on her; renew opens the fee dialog there
  await page.goto('/app/patientmanager');
  await page.getByTestId('search-clear').click();
  await page.getByTestId('search-keychain').fill(world.fob);
  await page.getByTestId('search-keychain').press('Enter');
  // a key fob names one member: her detail opens at once
  await expect(page.getByTestId('member-detail-body')).toHaveAttribute('data-nid', String(world.member));
  await expect(page.getByTestId('detail-make-order')).toBeVisible();
  await page.getByTestId('detail-topup').click();
  await expect(page.getByTestId('topup-balance')).toHaveText('37,00 €');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('topup-balance')).toHaveCount(0);
  await shot(page, 'pos-member-detail-wide');
  await page.getByTestId('detail-renew').click();
  await expect(page).toHaveURL(/\/app\/pos/);
  await expect(page.getByRole('dialog', { name: es('renew.title') })).toBeVisible();
  await expect(page.getByTestId('member-name')).toContainText('Carla Mostrador');
  await page.keyboard.press('Escape');
  await narrow(page);
  await page.getByTestId('member-topup').click();
  await shot(page, 'pos-topup-narrow');
  await page.keyboard.press('Escape');
  await wide(page);

  // the forecast switch: off says so and saves at once; back on
  await page.goto('/app/consumptionforecast');
  const check = page.getByTestId('consumption-check');
  await expect(check).toBeChecked();
  await check.click();
  await expect(check).not.toBeChecked();
  await expect(toast(page, featureText('stock', 'es', 'stock.settings.check.savedOff'))).toBeVisible();
  await shot(page, 'pos-forecast-switch-wide');
  await check.click();
  await expect(check).toBeChecked();
  await expect(toast(page, featureText('stock', 'es', 'stock.settings.check.savedOn'))).toBeVisible();
});

test('keyboard and scanner: a weighed sale in 6 keys and 1 click, a unit one in 3 keys and 2 clicks, a barcode and Enter, a name that finds several and one that finds none', async ({ page }) => {
  await as(page, 'budtender');
  await wide(page);
  const scan = page.getByTestId('member-scan');
  const search = page.getByTestId('product-search');
  // what staff press and click for a weighed sale to a known member, cash; a reader's swipe and
  // the signature are counted apart
  const keys: string[] = [];
  const clicks: string[] = [];
  const press = async (key: string) => {
    keys.push(key);
    await page.keyboard.press(key);
  };
  const tap = async (testId: string) => {
    clicks.push(testId);
    await page.getByTestId(testId).click();
  };
  /** A key fob or QR reader: fast keys and Enter into whatever has the focus. */
  const swipe = async (code: string) => {
    await page.keyboard.type(code);
    await page.keyboard.press('Enter');
  };

  // the cursor waits in the member field from the start
  await expect(scan).toBeFocused();

  // (a) a weighed product to a known member, cash: 6 keys and 1 click besides the swipe and the
  // signature (before: 5 keys and 3 clicks — the pay button, the confirm button and closing the ticket)
  await swipe(world.anaFob);
  await expect(page.getByTestId('member-name')).toContainText('Ana Teclado');
  await expect(search).toBeFocused();
  // the grams are typed the moment the dialog opens, before any wait: 2 g at 8 €/g, never 2 €
  await tap(`product-${world.lemon}`);
  await press('2');
  await press('Enter');
  await expect(page.getByTestId(`line-total-${world.lemon}`)).toHaveText('16,00 €');
  await expect(page.getByTestId(`line-${world.lemon}`)).toContainText('2 g ×');
  // the cursor is back in the product search, not on the tile: Enter there goes on to the payment
  await expect(search).toBeFocused();
  await press('Enter');
  await expect(page.getByTestId('pay-tendered')).toBeFocused();
  await press('2');
  await press('0');
  await expect(page.getByTestId('pay-change')).toHaveText(es('pay.change', { amount: '4,00 €' }));
  await sign(page);
  // Enter pays from the dialog once the cash is enough and the member has signed
  await press('Enter');
  await expect(page.getByTestId('receipt-total')).toHaveText('16,00 €');
  // ready for the next member, nothing to close: the ticket stays beside
  await expect(scan).toBeFocused();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect({ keys: keys.length, clicks: clicks.length }).toEqual({ keys: 6, clicks: 1 });
  await shot(page, 'pos-receipt-panel-wide');

  // (b) a unit product with one tap, the exact cash with another: 3 keys and 2 clicks
  keys.length = 0;
  clicks.length = 0;
  await swipe(world.anaFob);
  await expect(search).toBeFocused();
  // the ticket of the last sale folds to one line, still there to print
  await expect(page.getByTestId('receipt-compact')).toContainText('16,00 €');
  await tap(`product-${world.soda}`);
  await expect(page.getByTestId('add-quantity')).toHaveValue('1');
  await press('Enter');
  await expect(page.getByTestId(`line-total-${world.soda}`)).toHaveText('2,00 €');
  await press('Enter');
  await tap('tender-exact');
  await expect(page.getByTestId('pay-tendered')).toBeFocused();
  await sign(page);
  await press('Enter');
  await expect(page.getByTestId('receipt-total')).toHaveText('2,00 €');
  await expect(scan).toBeFocused();
  expect({ keys: keys.length, clicks: clicks.length }).toEqual({ keys: 3, clicks: 2 });

  // a barcode and Enter opens its product with one unit ready: Enter adds it
  await swipe(world.anaFob);
  await expect(search).toBeFocused();
  await page.keyboard.type(world.sodaCode);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('add-quantity')).toBeFocused();
  await expect(page.getByTestId('add-quantity')).toHaveValue('1');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId(`line-total-${world.soda}`)).toHaveText('2,00 €');
  await expect(search).toBeFocused();
  await expect(search).toHaveValue('');
  await shot(page, 'pos-keyboard-wide');

  // a surname that finds several opens "Socios activos" filtered by it; the arrows and Enter choose
  await scan.fill('Teclado');
  await scan.press('Enter');
  const picker = page.getByRole('dialog', { name: es('members.title') });
  await expect(picker).toBeVisible();
  await expect(page.getByTestId('members-search')).toHaveValue('Teclado');
  await expect(page.getByTestId('members-search')).toBeFocused();
  await expect(page.getByTestId(`members-row-${world.bruno}`)).toBeVisible();
  await expect(page.getByTestId(`members-row-${world.ana}`)).toHaveAttribute('aria-current', 'true');
  // Ana is no longer current while the picker is open
  await expect(page.getByTestId('member-card')).toHaveCount(0);
  await shot(page, 'pos-picker-wide');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(picker).toHaveCount(0);
  await expect(page.getByTestId('member-name')).toContainText('Bruno Teclado');
  await expect(page.getByTestId(`tab-${world.ana}`)).toHaveAttribute('aria-pressed', 'false');

  // a name that finds nobody deselects Bruno and says so
  await scan.fill('Zacarías Nadie');
  await scan.press('Enter');
  await expect(toast(page, es('member.notFound'))).toBeVisible();
  await expect(page.getByTestId('member-card')).toHaveCount(0);
  await expect(page.getByTestId(`tab-${world.bruno}`)).toHaveAttribute('aria-pressed', 'false');
  await expect(scan).toBeFocused();
  await shot(page, 'pos-not-found-wide');

  // narrow: the picker by a name, Escape gives the cursor back to the member field
  await narrow(page);
  await scan.fill('Ana Teclado');
  await scan.press('Enter');
  await expect(page.getByTestId(`members-row-${world.ana}`)).toBeVisible();
  await shot(page, 'pos-picker-narrow');
  await page.keyboard.press('Escape');
  await expect(picker).toHaveCount(0);
  await expect(scan).toBeFocused();
  // a swipe on a phone: the cursor moves to the product search without scrolling the member's card away
  await swipe(world.anaFob);
  await expect(search).toBeFocused();
  await expect(page.getByTestId('member-card')).toBeInViewport();
  await shot(page, 'pos-counter-keyboard-narrow');
  await wide(page);
});

test('Cobrar in view with two lines and a coupon, wide and on a phone; the pay dialog with quick cash; the shortcut legend and its list', async ({ page }) => {
  await as(page, 'admin');
  // Carla starts without an order (the order-ready notice above left her one)
  for (const o of (await call(page, 'GET', `/api/order/?asocid=${CLUB}&status=cart&membership_id=${world.member}`)).data)
    await call(page, 'DELETE', `/api/order/delete?asocid=${CLUB}&oid=${o.oid}`);
  await page.goto('/app/pos');
  await wide(page);
  const search = page.getByTestId('product-search');
  await expect(page.getByTestId('member-scan')).toBeFocused();
  await page.keyboard.type(world.fob);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('member-name')).toContainText('Carla Mostrador');
  await page.getByTestId(`product-${world.lemon}`).click();
  await page.keyboard.type('2');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId(`line-total-${world.lemon}`)).toHaveText('16,00 €');
  await search.fill(world.sodaCode);
  await search.press('Enter');
  await page.getByTestId('add-quantity').press('Enter');
  await expect(page.getByTestId(`line-total-${world.soda}`)).toBeVisible();
  await page.getByTestId('coupon-open').click();
  await page.getByTestId('coupon-code').fill(world.coupon);
  await page.getByTestId('coupon-apply').click();
  await expect(page.getByTestId(`coupon-tag-${world.coupon}`)).toBeVisible();
  await expect(page.getByTestId('order-total')).toHaveText('17,00 €');
  // the summary stays at the foot of the order, in view, however the page is scrolled
  await expect(page.getByTestId('order-pay')).toBeInViewport();
  await page.mouse.wheel(0, 2000);
  await expect(page.getByTestId('order-pay')).toBeInViewport();
  await expect(page.getByTestId('order-total')).toBeInViewport();
  // every key is on the counter, and "?" away from a field lists them all
  const legend = page.getByTestId('shortcut-legend');
  for (const k of ['F2', 'F3', 'F4', 'F8', 'F9', '?']) await expect(legend).toContainText(k);
  await shot(page, 'pos-counter-summary-wide');
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('?');
  const list = page.getByRole('dialog', { name: es('keys.title') });
  await expect(list).toContainText(es('keys.long.pay'));
  await shot(page, 'pos-shortcuts-wide');
  await page.keyboard.press('Escape');
  await expect(list).toHaveCount(0);

  // F3 and Enter in the empty search: the payment, with the exact amount, the notes that pay
  // 17 € alone and the club's own default amount (150 €)
  await page.keyboard.press('F3');
  await expect(search).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('pay-total')).toHaveText('17,00 €');
  await expect(page.getByTestId('tender-exact')).toHaveText(es('pay.exact', { amount: '17,00 €' }));
  for (const a of [20, 50, 150]) await expect(page.getByTestId(`tender-${a}`)).toBeVisible();
  await expect(page.getByTestId('tender-10')).toHaveCount(0);
  await page.getByTestId('tender-50').click();
  await expect(page.getByTestId('pay-change')).toHaveText(es('pay.change', { amount: '33,00 €' }));
  await shot(page, 'pos-pay-tenders-wide');
  await page.keyboard.press('Escape');

  // a phone: the total and Cobrar are a bar at the foot of the screen
  await narrow(page);
  await expect(page.getByTestId('order-pay')).toBeInViewport();
  await page.mouse.wheel(0, 3000);
  await expect(page.getByTestId('order-pay')).toBeInViewport();
  await shot(page, 'pos-counter-summary-narrow');
  await page.getByTestId('order-pay').click();
  await expect(page.getByTestId('tender-exact')).toBeVisible();
  await shot(page, 'pos-pay-tenders-narrow');
  await page.keyboard.press('Escape');
  await page.getByTestId('shortcuts-open').evaluate((b: HTMLElement) => b.click()); // the legend is for keyboards: hidden on a phone
  await expect(list).toBeVisible();
  await shot(page, 'pos-shortcuts-narrow');
  await page.keyboard.press('Escape');

  // in English
  await page.evaluate(() => localStorage.setItem('socius.lang', 'en'));
  await wide(page);
  await page.goto('/app/pos');
  await expect(page.getByTestId('order-total')).toHaveText('€17.00');
  await page.keyboard.press('F9');
  await expect(page.getByTestId('tender-exact')).toHaveText(ps('en', 'pay.exact', { amount: '€17.00' }));
  await shot(page, 'pos-pay-tenders-en-wide');
  await page.keyboard.press('Escape');
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('?');
  await expect(page.getByRole('dialog', { name: ps('en', 'keys.title') })).toBeVisible();
  await shot(page, 'pos-shortcuts-en-wide');
  await page.keyboard.press('Escape');
  await page.evaluate(() => localStorage.setItem('socius.lang', 'es'));
  await page.goto('/app/pos');
  await page.getByTestId('order-cancel').click();
  await page.getByRole('button', { name: es('order.cancel') }).last().click();
  await expect(page.getByTestId('cart')).toContainText(es('order.empty'));
});

test('a person by name and surname in one search; an expired fee warned on the card and asked at pay, naming the date, without blocking; the ticket prints once on one page', async ({ page }) => {
  await as(page, 'budtender');
  await wide(page);
  // F4: the picker; a word finds it at the start of a name or of a surname
  await expect(page.getByTestId('member-scan')).toBeFocused();
  await page.keyboard.press('F4');
  const picker = page.getByRole('dialog', { name: es('members.title') });
  await page.getByTestId('members-search').fill('quint');
  await expect(page.getByTestId(`members-row-${world.elena}`)).toBeVisible();
  await expect(page.getByTestId(`members-row-${world.quintina}`)).toBeVisible();
  // surname first, no accents, lower case: her alone
  await page.getByTestId('members-search').fill('quintanar elena');
  await expect(page.getByTestId(`members-row-${world.quintina}`)).toHaveCount(0);
  await expect(page.getByTestId(`members-row-${world.elena}`)).toHaveAttribute('aria-current', 'true');
  await shot(page, 'pos-picker-person-wide');
  await page.keyboard.press('Enter');
  await expect(picker).toHaveCount(0);

  await expect(page.getByTestId('member-name')).toContainText('Elena Quintanar');
  await expect(page.getByTestId('member-expiry')).toHaveText(es('member.expired'));
  await expect(page.getByTestId('fee-warning')).toHaveText(es('fee.expiredOn', { date: '12/10/2025' }));
  await page.getByTestId(`product-${world.soda}`).click();
  await page.getByTestId('add-quantity').press('Enter');
  await expect(page.getByTestId(`line-total-${world.soda}`)).toHaveText('2,00 €');
  await shot(page, 'pos-fee-expired-wide');
  await page.keyboard.press('F9');
  await expect(page.locator('.ant-modal-confirm-title')).toHaveText(es('fee.confirm', { date: '12/10/2025' }));
  await shot(page, 'pos-fee-confirm-wide');
  // it does not block: charge anyway
  await page.getByTestId('fee-confirm-ok').click();
  await expect(page.getByTestId('pay-total')).toHaveText('2,00 €');
  await page.getByTestId('tender-exact').click();
  await sign(page);
  await page.keyboard.press('Enter');
  await expect(toast(page, es('pay.done'))).toBeVisible();
  await expect(page.getByTestId('receipt-total')).toHaveText('2,00 €');
  await narrow(page);
  await shot(page, 'pos-receipt-panel-narrow');
  await wide(page);

  // the ticket prints once, on one page: on an 80 mm roll and on A4
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByText(es('receipt.thanks'), { exact: true }).filter({ visible: true })).toHaveCount(1);
  await expect(page.getByTestId('receipt-print-area')).toBeVisible();
  await expect(page.getByTestId('member-scan')).toBeHidden();
  const pages = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g) ?? []).length;
  expect(pages(await page.pdf({ format: 'A4' }))).toBe(1);
  expect(pages(await page.pdf({ width: '80mm', height: '200mm' }))).toBe(1);
});


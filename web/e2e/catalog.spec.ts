import { expect, test, type Page, type Request } from './fixtures';
import { chooseClub, featureText, unzip, download, login, shot, tr, type Lang, setLanguage, FAKE_CAMERA, openAs, WINDOWS } from './helpers';

// The professional product screens against the real binary and its demo catalogue (club 1 "Club
// Demo Socius": 12 products in Flores, Extracciones, Comestibles and Bebidas). The camera is
// Chromium's fake device.
const CLUB = 1;
const NEW_TITLE = 'Gorilla Glue #4';
const NEW_CODE = '8400000000999';
/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test.use(FAKE_CAMERA);
test.describe.configure({ mode: 'serial' });

const ct = (lang: Lang, key: string, vars?: Record<string, string | number>) => featureText('catalog', lang, key, vars);
const es = (key: string, vars?: Record<string, string | number>) => ct('es', key, vars);

const rows = (page: Page) => page.getByTestId('products-table').locator('tbody tr[data-row-key]');
const rowOf = (page: Page, title: string) => rows(page).filter({ has: page.getByTestId('cell-title').getByText(title, { exact: true }) });
const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text).first();
const fieldError = (page: Page, text: string) => page.locator('.ant-form-item-explain-error').getByText(text, { exact: true });

const asUser = (page: Page, user: string, path = 'dispensarymanagerpro') => openAs(page, user, CLUB, path);

async function openManager(page: Page) {
  await page.goto('/app/dispensarymanagerpro');
  await expect(rows(page).first()).toBeVisible();
}

async function pickOption(page: Page, testId: string, label: string) {
  await page.getByTestId(testId).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: label }).first().click();
}

async function search(page: Page, text: string) {
  await page.getByTestId('product-search').fill(text);
  await page.getByTestId('product-search').press('Enter');
}

test('product manager: the demo catalogue, 14 a page, search, category, server sorts and the side panel', async ({ page }) => {
  await asUser(page, 'admin');
  await expect(page.getByRole('heading', { name: es('catalog.manager.title') })).toBeVisible();
  await expect(rows(page)).toHaveCount(12);
  await expect(page.getByTestId('product-total')).toHaveText(es('catalog.manager.total_other', { count: 12 }));
  await expect(page.getByText('1–12 de 12')).toBeVisible();
  // ascending by list name
  await expect(rows(page).first().getByTestId('cell-title')).toHaveText('Agua mineral 50 cl');

  const amnesia = rowOf(page, 'Amnesia Haze');
  await expect(amnesia.getByTestId('cell-code')).toHaveText('8400000000017');
  await expect(amnesia).toContainText('Flores');
  // the demo's 250 g, or what stock.spec.ts left when it ran first
  const stock = (await page.request.get(`/api/dispensario?asocid=${CLUB}&search=Amnesia`).then((r) => r.json())).data[0].stock;
  expect([250, 248]).toContain(stock);
  await expect(amnesia.getByTestId('cell-stock')).toHaveText(`${stock} g`);
  await expect(amnesia.getByTestId('cell-price')).toHaveText('9,00 €');
  await expect(rowOf(page, 'Café').getByTestId('cell-stock')).toHaveAttribute('data-unlimited', 'true');
  await expect(rowOf(page, 'Café').getByTestId('cell-unlimited')).toHaveText(es('catalog.flags.unlimited'));
  await expect(page.getByTestId('action-bar')).toContainText(es('catalog.manager.noSelection'));
  await shot(page, 'catalog-manager-wide');

  // nothing selected: the spec's message
  await page.getByTestId('action-delete').click();
  await expect(toast(page, es('catalog.delete.selectFirst'))).toBeVisible();

  await amnesia.click();
  const panel = page.getByTestId('product-panel');
  await expect(panel.getByTestId('detail-title')).toHaveText('Amnesia Haze');
  await expect(panel.getByTestId('detail-sku')).toHaveText('8400000000017');
  await expect(panel.getByTestId('detail-jar')).toHaveText('32 g');
  await expect(panel.getByTestId('detail-stock')).toHaveText(`${stock} g`);
  await expect(panel.getByTestId('detail-image')).toBeVisible();
  await expect(page.getByTestId('selected-title')).toHaveText('Amnesia Haze');
  await shot(page, 'catalog-panel-wide');

  // an unlimited product offers no stock adjustment
  await rowOf(page, 'Agua mineral 50 cl').click();
  await expect(panel.getByTestId('detail-title')).toHaveText('Agua mineral 50 cl');
  await expect(page.getByTestId('action-stock')).toHaveCount(0);
  await expect(page.getByTestId('action-qr')).toBeVisible();
  await page.getByTestId('panel-close').click();
  await expect(panel).toHaveCount(0);

  // server sorts: price, most expensive first
  await page.getByTestId('products-table').locator('th').filter({ hasText: es('catalog.columns.price') }).click();
  await expect(rows(page).first().getByTestId('cell-price')).toHaveText('1,00 €');
  await page.getByTestId('products-table').locator('th').filter({ hasText: es('catalog.columns.price') }).click();
  await expect(rows(page).first().getByTestId('cell-title')).toHaveText('Zkittlez Rosin');

  // words of the title or the code
  await search(page, 'amnesia');
  await expect(rows(page)).toHaveCount(1);
  await search(page, '8400000000062');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first().getByTestId('cell-title')).toHaveText('Gelato');
  await search(page, 'zzzz');
  await expect(page.getByTestId('table-empty')).toContainText(es('catalog.manager.noMatchTitle'));
  await shot(page, 'catalog-manager-empty-wide');
  await page.getByTestId('clear-filters').click();
  await expect(rows(page)).toHaveCount(12);

  await pickOption(page, 'product-category', 'Bebidas');
  await expect(rows(page)).toHaveCount(2);
  await expect(page.getByTestId('product-total')).toHaveText(es('catalog.manager.total_other', { count: 2 }));
});

test('create from the varieties repository, refusals, edit, stock ±, QR, Excel and CSV, delete', async ({ page }) => {
  await asUser(page, 'admin');
  await expect(rows(page).first()).toBeVisible();
  await page.getByTestId('product-new').click();
  await expect(page).toHaveURL(/\/app\/dispensaryproductcreatepro$/);
  await expect(page.getByTestId('form-title')).toHaveText(es('catalog.form.titleNew'));
  await shot(page, 'catalog-create-wide');

  // spec §5: title, dominance, category, price and type are required ('Obligatorio')
  await page.getByTestId('form-save').click();
  await expect(fieldError(page, 'Obligatorio')).toHaveCount(5);
  await shot(page, 'catalog-create-required-wide');

  // the varieties repository
  await page.getByTestId('open-presets').click();
  const presets = page.getByTestId('presets-modal');
  await expect(presets.locator('[data-testid^="preset-"]').first()).toBeVisible();
  await expect(presets.locator('button[data-testid^="preset-"]')).toHaveCount(32);
  await shot(page, 'catalog-presets-wide');
  await page.getByTestId('presets-filter').fill('gorila');
  await expect(page.getByTestId('presets-empty')).toBeVisible();
  await page.getByTestId('presets-filter').fill('gorilla');
  await expect(presets.locator('button[data-testid^="preset-"]')).toHaveCount(1);
  await page.getByTestId('preset-gorilla-glue-4').click();
  await expect(page.getByTestId('f-title')).toHaveValue(NEW_TITLE);
  await expect(page.getByTestId('f-body')).not.toHaveValue('');
  await expect(page.getByTestId('f-dominance').locator('.ant-radio-button-wrapper-checked')).toHaveText(es('catalog.dominance.hibrido'));
  await expect(page.getByTestId('image-tile')).toHaveCount(1);

  // images: a picked PNG joins the variety's picture; one over 5 MB is refused; a tile can be removed
  const picker = page.getByTestId('f-images').locator('input[type=file]');
  await picker.setInputFiles({ name: 'bote.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('image-tile')).toHaveCount(2);
  await picker.setInputFiles({ name: 'enorme.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
  await expect(toast(page, es('catalog.form.imageTooLarge', { name: 'enorme.png' }))).toBeVisible();
  await expect(page.getByTestId('image-tile')).toHaveCount(2);
  await page.getByTestId('image-tile').nth(1).getByTestId('image-remove').click();
  await expect(page.getByTestId('image-tile')).toHaveCount(1);

  await pickOption(page, 'f-category', 'Flores');
  await page.getByTestId('f-type').getByText(es('catalog.types.peso'), { exact: true }).click();
  await expect(page.getByTestId('f-jar-weight')).toBeVisible();
  await page.getByTestId('f-price').fill('12,5');
  await page.getByTestId('f-cost').fill('5');
  await page.getByTestId('f-jar-weight').fill('30');

  // the camera scanner (fake camera): the typed fallback fills the code
  await page.getByTestId('f-code-scan').click();
  await expect(page.getByTestId('qr-scanner')).toBeVisible();
  await page.getByTestId('qr-manual-input').fill('8400000000017');
  await page.getByTestId('qr-manual-input').press('Enter');
  await expect(page.getByTestId('f-code')).toHaveValue('8400000000017');

  // the code is already Amnesia Haze's: a red notification of 15 s and the field marked
  await page.getByTestId('form-save').click();
  const notice = page.locator('.ant-notification-notice').filter({ hasText: tr('es', 'errors.title') });
  await expect(notice).toBeVisible();
  // the pointer rests on it, as on a notice being read: its 15 s do not run out while the
  // screenshot and the accessibility audit below take their time on a busy machine
  await notice.hover();
  await expect(notice.getByTestId('save-error')).toContainText('El código 8400000000017 ya es del producto Amnesia Haze');
  await expect(fieldError(page, 'El código 8400000000017 ya es del producto Amnesia Haze')).toBeVisible();
  await shot(page, 'catalog-create-error-wide');
  await notice.locator('.ant-notification-notice-close').click();

  // a USB scanner types the code and Enter: the form is not sent. Counted rather than waited
  // for: the save button's one request must be the only one, so an Enter that had sent the
  // form shows as a second request however slowly it left
  const saves: string[] = [];
  const countSave = (r: Request) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/dispensario') saves.push(r.url());
  };
  page.on('request', countSave);
  await page.getByTestId('f-code').fill(NEW_CODE);
  await page.getByTestId('f-code').press('Enter');
  await expect(page).toHaveURL(/dispensaryproductcreatepro/);
  await expect(page.getByTestId('f-code')).toHaveValue(NEW_CODE);

  await page.getByTestId('form-save').click();
  await expect(toast(page, es('catalog.form.savedNew', { title: NEW_TITLE }))).toBeVisible();
  await expect(page).toHaveURL(/\/app\/dispensarymanagerpro$/);
  page.off('request', countSave);
  expect(saves).toHaveLength(1);
  const panel = page.getByTestId('product-panel');
  await expect(panel.getByTestId('detail-title')).toHaveText(NEW_TITLE);
  await expect(panel.getByTestId('detail-sku')).toHaveText(NEW_CODE);
  await expect(panel.getByTestId('detail-price')).toHaveText('12,50 €');
  await expect(panel.getByTestId('detail-jar')).toHaveText('30 g');
  await expect(panel.getByTestId('detail-image')).toBeVisible();
  await expect(page.getByTestId('product-total')).toHaveText(es('catalog.manager.total_other', { count: 13 }));
  const row = rowOf(page, NEW_TITLE);
  await expect(row.getByTestId('cell-stock')).toHaveText('0 g');

  // edit: change the price
  await page.getByTestId('action-edit').click();
  await expect(page).toHaveURL(/dispensaryproductcreatepro\?pid=\d+/);
  const pid = Number(new URL(page.url()).searchParams.get('pid'));
  await expect(page.getByTestId('form-title')).toHaveText(es('catalog.form.titleEdit'));
  await expect(page.getByTestId('f-title')).toHaveValue(NEW_TITLE);
  await expect(page.getByTestId('f-price')).toHaveValue('12,50');
  await expect(page.getByTestId('image-tile')).toHaveCount(1);
  await shot(page, 'catalog-edit-wide');
  await page.getByTestId('f-price').fill('13,75');
  await page.getByTestId('form-save').click();
  await expect(toast(page, es('catalog.form.savedEdit', { title: NEW_TITLE }))).toBeVisible();
  await expect(rowOf(page, NEW_TITLE).getByTestId('cell-price')).toHaveText('13,75 €');

  // stock +10.5 then −0.25
  await rowOf(page, NEW_TITLE).click();
  await page.getByTestId('action-stock').click();
  const stock = page.getByTestId('stock-modal');
  await expect(stock.getByTestId('stock-current')).toHaveText('0 g');
  await page.getByTestId('stock-quantity').fill('10,5');
  await expect(page.getByTestId('stock-preview')).toHaveText('10,50 g');
  await page.getByTestId('stock-note').fill('Entrada de la cosecha de marzo');
  await shot(page, 'catalog-stock-wide');
  await page.getByTestId('stock-save').click();
  await expect(stock).toBeHidden();
  await expect(panel.getByTestId('detail-stock')).toHaveText('10,5 g');

  await page.getByTestId('action-stock').click();
  await expect(stock.getByTestId('stock-current')).toHaveText('10,5 g');
  await page.getByTestId('stock-remove').click();
  await page.getByTestId('stock-quantity').fill('20');
  await expect(page.getByTestId('stock-preview')).toHaveText('-9,50 g');
  await expect(stock).toContainText(es('catalog.stock.negative'));
  await expect(page.getByTestId('stock-save')).toBeDisabled();
  await shot(page, 'catalog-stock-negative-wide');
  await page.getByTestId('stock-quantity').fill('0,25');
  await expect(page.getByTestId('stock-preview')).toHaveText('10,25 g');
  await page.getByTestId('stock-save').click();
  await expect(stock).toBeHidden();
  await expect(panel.getByTestId('detail-stock')).toHaveText('10,25 g');
  await expect(rowOf(page, NEW_TITLE).getByTestId('cell-stock')).toHaveText('10,25 g');
  const history = await (await page.request.get(`/api/stock_history?asocid=${CLUB}&pid=${pid}`)).json();
  expect(history.map((m: { quantity: number }) => m.quantity).sort()).toEqual([-0.25, 10.5]);

  // QR of the public link, printable
  await page.getByTestId('action-qr').click();
  const qr = page.getByTestId('qr-modal');
  await expect(qr.getByTestId('qr-code').locator('canvas')).toBeVisible();
  await expect(qr.getByTestId('qr-title')).toHaveText(NEW_TITLE);
  const { data: [made] } = await (await page.request.get(`/api/dispensario?asocid=${CLUB}&pid=${pid}`)).json();
  expect(made.public_token).toMatch(/^[0-9a-f]{32}$/);
  await expect(qr.getByTestId('qr-link')).toContainText(`/app/dispensary_item?id=${made.public_token}&asocid=${CLUB}`);
  await shot(page, 'catalog-qr-wide');
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed++;
    };
  });
  await page.getByTestId('qr-print').click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('qr-print-area')).toBeVisible();
  await expect(page.getByTestId('qr-print-area')).toContainText(NEW_TITLE);
  await expect(page.getByTestId('product-manager-page')).toBeHidden();
  await shot(page, 'catalog-qr-print');
  await page.emulateMedia({ media: 'screen' });
  await page.keyboard.press('Escape');
  await expect(qr).toBeHidden();

  // Excel and CSV of the products
  const csv = await download(page, 'export-csv');
  expect(csv.name).toBe('productos.csv');
  const lines = csv.body.toString('utf8').replace(/^\uFEFF/, '').trim().split(/\r?\n/);
  expect(lines[0]).toBe('Código;Producto;Categoría;Precio;Coste;Stock;Tipo;Dominancia;Exportar a carta;THC;Publicado;Descuento;Stock ilimitado;Peso del bote;Peso por unidad');
  expect(lines).toHaveLength(14);
  expect(lines).toContain(`${NEW_CODE};${NEW_TITLE};Flores;13,75;5;10,25;peso;hibrido;Sí;Sí;Sí;No;No;30;0`);
  const xlsx = await download(page, 'export-xlsx');
  expect(xlsx.name).toBe('productos.xlsx');
  expect(xlsx.body.subarray(0, 2).toString('latin1')).toBe('PK');
  const files = unzip(xlsx.body);
  expect(Object.keys(files)).toContain('xl/workbook.xml');
  // the strings live in sharedStrings.xml or inline in the sheet, as the writer chooses
  const cells = (files['xl/sharedStrings.xml'] ?? '') + (files['xl/worksheets/sheet1.xml'] ?? '');
  expect(cells).toContain(NEW_TITLE);
  expect(cells).toContain('Amnesia Haze');
  expect(cells).toContain('Código');

  // delete, with the confirmation; its history stays (the server says so)
  await page.getByTestId('action-delete').click();
  const confirm = page.locator('.ant-modal-confirm').filter({ hasText: es('catalog.delete.title', { title: NEW_TITLE }) });
  await expect(confirm).toContainText(es('catalog.delete.body'));
  await shot(page, 'catalog-delete-wide');
  await page.getByTestId('confirm-delete').click();
  await expect(page.getByTestId('delete-note')).toHaveText(es('catalog.delete.historyKept'));
  await shot(page, 'catalog-delete-note-wide');
  await page.locator('.ant-modal-confirm').getByRole('button', { name: tr('es', 'common.ok') }).click();
  await expect(rowOf(page, NEW_TITLE)).toHaveCount(0);
  await expect(page.getByTestId('product-total')).toHaveText(es('catalog.manager.total_other', { count: 12 }));
  await expect(page.getByTestId('product-panel')).toHaveCount(0);
});

test('roles: a Budtender sees the QR but not new, modify, delete, stock, history or export', async ({ page }) => {
  await asUser(page, 'budtender');
  await expect(rows(page)).toHaveCount(12);
  await rowOf(page, 'Amnesia Haze').click();
  await expect(page.getByTestId('product-panel').getByTestId('detail-title')).toHaveText('Amnesia Haze');
  await expect(page.getByTestId('action-qr')).toBeVisible();
  for (const id of ['product-new', 'action-stock', 'action-edit', 'action-delete', 'action-history', 'export-xlsx', 'export-csv']) {
    await expect(page.getByTestId(id)).toHaveCount(0);
  }
  await shot(page, 'catalog-manager-budtender-wide');
  await page.getByTestId('action-qr').click();
  await expect(page.getByTestId('qr-modal').getByTestId('qr-title')).toHaveText('Amnesia Haze');
});

test('roles: Inventario adjusts stock and edits but has no history or export', async ({ page }) => {
  await asUser(page, 'inventario');
  await rowOf(page, 'Critical').click();
  for (const id of ['product-new', 'action-stock', 'action-edit', 'action-delete', 'action-qr']) {
    await expect(page.getByTestId(id)).toBeVisible();
  }
  for (const id of ['action-history', 'export-xlsx', 'export-csv']) await expect(page.getByTestId(id)).toHaveCount(0);
});

test('narrow screens: manager, drawer, stock, QR, form and varieties', async ({ page }) => {
  await asUser(page, 'admin');
  await page.setViewportSize({ width: 390, height: 844 });
  await openManager(page);
  await expect(page.getByTestId('action-bar')).toHaveCount(0);
  await shot(page, 'catalog-manager-narrow');
  await rowOf(page, 'Amnesia Haze').click();
  const drawer = page.getByRole('dialog', { name: es('catalog.detail.title') });
  await expect(drawer.getByTestId('detail-title')).toHaveText('Amnesia Haze');
  await expect(drawer.getByTestId('detail-jar')).toHaveText('32 g');
  await shot(page, 'catalog-drawer-narrow');
  await drawer.getByTestId('panel-stock').click();
  await expect(page.getByTestId('stock-quantity')).toBeVisible();
  // what the stock is now: the demo's 250 g, or what stock.spec.ts left when it ran first
  const now = (await page.request.get(`/api/dispensario?asocid=${CLUB}&search=Amnesia`).then((r) => r.json())).data[0].stock;
  await page.getByTestId('stock-quantity').fill('1,5');
  await expect(page.getByTestId('stock-preview')).toHaveText(`${(now + 1.5).toFixed(2).replace('.', ',')} g`);
  await shot(page, 'catalog-stock-narrow');
  await page.keyboard.press('Escape');
  await drawer.getByTestId('panel-qr').click();
  await expect(page.getByTestId('qr-modal').getByTestId('qr-title')).toHaveText('Amnesia Haze');
  await shot(page, 'catalog-qr-narrow');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('qr-modal')).toBeHidden();
  await drawer.getByTestId('panel-delete').click();
  await expect(page.locator('.ant-modal-confirm')).toBeVisible();
  await shot(page, 'catalog-delete-narrow');
  await page.locator('.ant-modal-confirm').getByRole('button', { name: tr('es', 'common.cancel') }).click();
  await drawer.getByTestId('panel-edit').click();
  await expect(page.getByTestId('form-title')).toHaveText(es('catalog.form.titleEdit'));
  await expect(page.getByTestId('f-title')).toHaveValue('Amnesia Haze');
  await shot(page, 'catalog-edit-narrow');

  await page.goto('/app/dispensaryproductcreatepro');
  await page.getByTestId('form-save').click();
  await expect(fieldError(page, 'Obligatorio').first()).toBeVisible();
  await shot(page, 'catalog-create-narrow');
  await page.getByTestId('open-presets').click();
  await expect(page.getByTestId('preset-og-kush')).toBeVisible();
  await shot(page, 'catalog-presets-narrow');
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 1440, height: 900 });
});

test('in English, wide and narrow', async ({ page }) => {
  await login(page, 'admin');
  await chooseClub(page, CLUB);
  await setLanguage(page, 'en');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('socius.lang'))).toContain('en');
  const en = (key: string, vars?: Record<string, string | number>) => ct('en', key, vars);
  for (const [w, h, size] of WINDOWS) {
    await page.setViewportSize({ width: w, height: h });
    await openManager(page);
    await expect(page.getByRole('heading', { name: en('catalog.manager.title') })).toBeVisible();
    await expect(rowOf(page, 'Amnesia Haze').getByTestId('cell-price')).toHaveText('€9.00');
    await rowOf(page, 'Brownie').click();
    await expect(page.getByTestId('product-detail').getByTestId('detail-title')).toHaveText('Brownie');
    await shot(page, `catalog-manager-en-${size}`);
    if (size === 'wide') await page.getByTestId('action-stock').click();
    else await page.getByTestId('panel-stock').click();
    await page.getByTestId('stock-remove').click();
    await page.getByTestId('stock-quantity').fill('0.5');
    await expect(page.getByTestId('stock-preview')).toHaveText('23.50 g');
    await shot(page, `catalog-stock-en-${size}`);
    await page.keyboard.press('Escape');

    await page.goto('/app/dispensaryproductcreatepro');
    await expect(page.getByTestId('form-title')).toHaveText(en('catalog.form.titleNew'));
    await page.getByTestId('f-type').getByText(en('catalog.types.ambos'), { exact: true }).click();
    await page.getByTestId('form-save').click();
    await expect(fieldError(page, en('catalog.form.unitWeightRequired'))).toBeVisible();
    await shot(page, `catalog-create-en-${size}`);
    await page.getByTestId('open-presets').click();
    await expect(page.getByTestId('preset-gorilla-glue-4')).toBeVisible();
    await shot(page, `catalog-presets-en-${size}`);
    await page.keyboard.press('Escape');
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await setLanguage(page, 'es');
});

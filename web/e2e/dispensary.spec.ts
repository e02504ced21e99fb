import { expect, test, type Browser, type Page } from './fixtures';
import { call, chooseClub, featureText, login, png, shot, type Lang, setLanguage, getJson, WINDOWS } from './helpers';

// The dispensary screens (basic product manager and form, the dispensary list, the product detail
// and its public QR page) against the real binary and its demo data: club 1 "Club Demo Socius" has
// the lists Flores, Extracciones, Comestibles and Bebidas, the basic items "Amnesia Haze",
// "Critical" (Flores) and "Café" (Bebidas), and the professional product "Amnesia Haze" (9 €/g).
// Club 2 "Asociación Verde Norte" has no lists and no products.
const CLUB = 1;
const EMPTY_CLUB = 2;

test.describe.configure({ mode: 'serial' });

const dt = (lang: Lang, key: string, vars?: Record<string, string | number>) => featureText('dispensary', lang, `dispensary.${key}`, vars);
const es = (key: string, vars?: Record<string, string | number>) => dt('es', key, vars);
const pos = (key: string, vars?: Record<string, string | number>) => featureText('pos', 'es', `pos.${key}`, vars);
const en = (key: string, vars?: Record<string, string | number>) => dt('en', key, vars);

const PICTURE = png(320, 240, [126, 63, 160], [95, 163, 122]);

const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text, { exact: true }).first();
const fieldError = (page: Page, text: string) => page.locator('.ant-form-item-explain-error').getByText(text, { exact: true });

async function asAdmin(page: Page, path: string, club = CLUB) {
  await login(page, 'admin');
  await chooseClub(page, CLUB);
  if (club !== CLUB) await page.evaluate((c) => localStorage.setItem('socius.club', String(c)), club);
  await page.goto(`/app/${path}`);
}

type Item = { pid: number; public_token: string; titulo: string; subtitle: string; cuerpo: string; showintv: boolean; valoration: number; imagenes: { img: string }[] };
const basicItems = (page: Page): Promise<Item[]> => getJson(page, `/api/item?asocid=${CLUB}`);
/** A public link token no product has. */
const UNKNOWN_TOKEN = 'ffffffffffffffffffffffffffffffff';

/** True once the image has loaded with real pixels. */
async function expectLoaded(img: ReturnType<Page['locator']>) {
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
}

async function chooseOption(page: Page, testId: string, label: string) {
  await page.getByTestId(testId).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: new RegExp(`^${label}$`) }).click();
}

async function publicPage(browser: Browser, path: string, lang?: Lang, viewport = { width: 1440, height: 900 }) {
  const context = await browser.newContext({ viewport, locale: 'es-ES', timezoneId: 'Europe/Madrid' });
  if (lang) await context.addInitScript((l) => localStorage.setItem('socius.lang', l), lang);
  const page = await context.newPage();
  await page.goto(path);
  return { context, page };
}

const LONG_BODY =
  'Cruce de Sunset Sherbet y Thin Mint Cookies con un aroma dulce a crema y bayas. ' +
  'Cogollos densos de tonos violáceos cubiertos de resina. Se sirve en tarros de cristal de 5 gramos ' +
  'y se recomienda conservarla en un lugar fresco y oscuro.';

test('basic products: create with an image, manager, dispensary list, detail, edit and delete', async ({ page }) => {
  await asAdmin(page, 'dispensarymanagerbasic');
  const table = page.getByTestId('basic-table');
  await expect(page.getByRole('heading', { name: es('manager.title') })).toBeVisible();
  for (const title of ['Amnesia Haze', 'Critical', 'Café']) await expect(table.getByText(title, { exact: true })).toBeVisible();
  await expect(table.locator('tbody tr[data-row-key]')).toHaveCount(3);
  await expect(page.getByTestId('item-count')).toHaveText(es('common.count_other', { count: 3 }));
  await shot(page, 'dispensary-manager-es-wide');

  // Filter by list
  await chooseOption(page, 'list-filter', 'Bebidas');
  await expect(table.locator('tbody tr[data-row-key]')).toHaveCount(1);
  await expect(table).toContainText('Café');
  await expect(page.getByTestId('item-count')).toHaveText(es('common.filtered_other', { shown: 1, count: 3 }));
  await chooseOption(page, 'list-filter', 'Extracciones');
  await expect(page.getByTestId('table-empty')).toContainText(es('manager.emptyFilteredTitle'));
  await shot(page, 'dispensary-manager-filtered-empty-es-wide');
  await chooseOption(page, 'list-filter', es('manager.allLists'));
  await expect(table.locator('tbody tr[data-row-key]')).toHaveCount(3);

  // Create: required fields first
  await page.getByTestId('create-item').click();
  await expect(page).toHaveURL(/\/app\/dispensaryproductcreatebasic$/);
  await expect(page.getByRole('heading', { name: es('form.createTitle') })).toBeVisible();
  await shot(page, 'dispensary-form-new-es-wide');
  await page.getByTestId('form-save').click();
  await expect(fieldError(page, es('form.required'))).toHaveCount(2);

  await chooseOption(page, 'f-list', 'Flores');
  await page.getByTestId('f-title').fill('Gelato Púrpura');
  await page.getByTestId('f-subtitle').fill('Híbrida dulce de la casa');
  await page.getByTestId('f-body').fill(LONG_BODY);
  await page.getByTestId('images-field').locator('input[type=file]').setInputFiles({ name: 'gelato.png', mimeType: 'image/png', buffer: PICTURE });
  await expectLoaded(page.getByTestId('image-0').locator('img'));
  await page.getByTestId('f-showintv').click();
  await page.getByTestId('f-valoration').locator('.ant-rate-star').nth(2).locator('[role=radio]').click();
  const preview = page.getByTestId('preview-card');
  await expect(preview).toContainText('Gelato Púrpura');
  await expect(preview).toContainText('Híbrida dulce de la casa');
  await expect(preview).toContainText('Flores');
  await expect(preview).toContainText(es('manager.tvHide'));
  await expectLoaded(preview.locator('img'));
  await shot(page, 'dispensary-form-filled-es-wide');

  await page.getByTestId('form-save').click();
  await expect(toast(page, es('form.created'))).toBeVisible();
  await expect(page).toHaveURL(/\/app\/dispensarymanagerbasic$/);
  const created = (await basicItems(page)).find((p) => p.titulo === 'Gelato Púrpura')!;
  expect(created).toBeTruthy();
  expect(created).toMatchObject({ subtitle: 'Híbrida dulce de la casa', cuerpo: LONG_BODY, showintv: false, valoration: 3 });
  expect(created.imagenes).toHaveLength(1);
  const row = page.getByTestId(`item-row-${created.pid}`);
  await expect(row).toContainText('Gelato Púrpura');
  await expect(row).toContainText('Flores');
  await expect(page.getByTestId(`row-tv-${created.pid}`)).toHaveText(es('manager.tvHide'));
  await expect(page.getByTestId(`row-rating-${created.pid}`)).toHaveAttribute('data-value', '3');
  await expectLoaded(row.locator('img'));
  await shot(page, 'dispensary-manager-created-es-wide');

  // The dispensary list, grouped by list
  await page.getByTestId('view-dispensary').click();
  await expect(page).toHaveURL(/\/app\/dispensary$/);
  const card = page.getByTestId(`item-card-${created.pid}`);
  await expect(card).toContainText('Gelato Púrpura');
  await expectLoaded(card.locator('img'));
  const groups = page.locator('[data-testid^=list-group-] h2');
  await expect(groups).toHaveCount(2);
  await expect(groups.nth(0)).toContainText('Bebidas');
  await expect(groups.nth(1)).toContainText('Flores');
  await shot(page, 'dispensary-list-es-wide');

  // Its detail: picture, texts, 150-character preview with "ver más", no price (basic), back
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/app/dispensary_item\\?id=${created.public_token}`));
  await expect(page.getByTestId('detail-title')).toHaveText('Gelato Púrpura');
  await expect(page.getByTestId('detail-subtitle')).toHaveText('Híbrida dulce de la casa');
  await expectLoaded(page.getByTestId('detail-image').first());
  await expect(page.getByTestId('detail-price')).toHaveCount(0);
  const body = page.getByTestId('detail-body');
  const more = page.getByTestId('detail-read-more');
  await expect(more).toHaveText(es('detail.readMore'));
  const short = (await body.innerText()).replace(es('detail.readMore'), '').trim();
  expect(short.endsWith('…')).toBe(true);
  expect(Array.from(short).length).toBeLessThanOrEqual(151);
  expect(LONG_BODY.startsWith(short.slice(0, -1))).toBe(true);
  await shot(page, 'dispensary-detail-es-wide');
  await more.click();
  await expect(body).toContainText('lugar fresco y oscuro.');
  await expect(more).toHaveText(es('detail.readLess'));
  await page.getByTestId('detail-back').click();
  await expect(page).toHaveURL(/\/app\/dispensary$/);

  // Edit: the form comes filled; the kept image is sent back by its address
  await page.goto('/app/dispensarymanagerbasic');
  await page.getByTestId(`edit-${created.pid}`).click();
  await expect(page).toHaveURL(new RegExp(`dispensaryproductcreatebasic\\?nid=${created.pid}$`));
  await expect(page.getByRole('heading', { name: es('form.editTitle') })).toBeVisible();
  await expect(page.getByTestId('f-title')).toHaveValue('Gelato Púrpura');
  await expectLoaded(page.getByTestId('image-0').locator('img'));
  await shot(page, 'dispensary-form-edit-es-wide');
  await page.getByTestId('f-title').fill('Gelato Púrpura Reserva');
  await page.getByTestId('f-showintv').click();
  await page.getByTestId('form-save').click();
  await expect(toast(page, es('form.saved'))).toBeVisible();
  await expect(page).toHaveURL(/\/app\/dispensarymanagerbasic$/);
  await expect(page.getByTestId(`item-row-${created.pid}`)).toContainText('Gelato Púrpura Reserva');
  await expect(page.getByTestId(`row-tv-${created.pid}`)).toHaveText(es('manager.tvShow'));
  const edited = (await basicItems(page)).find((p) => p.pid === created.pid)!;
  expect(edited).toMatchObject({ titulo: 'Gelato Púrpura Reserva', showintv: true, valoration: 3 });
  expect(edited.imagenes.map((i) => i.img)).toEqual(created.imagenes.map((i) => i.img));

  // Delete, confirmed
  await page.getByTestId(`delete-${created.pid}`).click();
  await expect(page.locator('.ant-modal-confirm')).toContainText(es('manager.deleteTitle', { title: 'Gelato Púrpura Reserva' }));
  await shot(page, 'dispensary-manager-delete-es-wide');
  await page.getByTestId('confirm-delete').click();
  await expect(toast(page, es('manager.deleted'))).toBeVisible();
  await expect(page.getByTestId(`item-row-${created.pid}`)).toHaveCount(0);
  expect((await basicItems(page)).some((p) => p.pid === created.pid)).toBe(false);

  // The deleted product's page says it is not available
  await page.goto(`/app/dispensary_item?id=${created.public_token}`);
  await expect(page.getByTestId('detail-not-available')).toContainText(es('detail.notAvailableTitle'));
  await expect(page.getByTestId('detail-back')).toBeVisible(); // logged in: back to the dispensary
  await page.getByTestId('detail-back').click();
  await expect(page).toHaveURL(/\/app\/dispensary$/);
});

test('a club without lists: empty manager, empty dispensary, the form asks for lists', async ({ page }) => {
  await asAdmin(page, 'dispensarymanagerbasic', EMPTY_CLUB);
  await expect(page.getByTestId('table-empty')).toContainText(es('manager.emptyTitle'));
  await shot(page, 'dispensary-manager-empty-es-wide');
  await page.goto('/app/dispensary');
  await expect(page.getByTestId('dispensary-empty')).toContainText(es('list.emptyTitle'));
  await shot(page, 'dispensary-list-empty-es-wide');
  await page.goto('/app/dispensaryproductcreatebasic');
  await expect(page.getByTestId('no-lists')).toContainText(es('form.noListsTitle'));
  await expect(page.getByTestId('form-save')).toBeDisabled();
  await shot(page, 'dispensary-form-nolists-es-wide');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'dispensary-form-nolists-es-narrow');
  await page.getByTestId('create-lists').click();
  await expect(page).toHaveURL(/\/app\/productcategories$/);
});

test('the public page of a product QR opens without a login', async ({ page, browser }) => {
  await login(page, 'admin');
  await chooseClub(page, CLUB);
  const found = await getJson(page, `/api/dispensario?asocid=${CLUB}&search=amnesia`);
  const amnesia = found.data.find((p: { titulo: string }) => p.titulo === 'Amnesia Haze');
  expect(amnesia).toBeTruthy();
  const link = `/app/dispensary_item?id=${amnesia.public_token}&asocid=${CLUB}`;

  for (const [w, h, size] of WINDOWS) {
    const { context, page: anon } = await publicPage(browser, link, undefined, { width: w, height: h });
    await expect(anon.getByTestId('detail-title')).toHaveText('Amnesia Haze');
    await expect(anon).toHaveURL(new RegExp(`/app/dispensary_item\\?id=${amnesia.public_token}&asocid=${CLUB}$`));
    await expect(anon.getByTestId('login-username')).toHaveCount(0);
    await expect(anon.getByTestId('detail-price')).toContainText('9,00');
    await expect(anon.getByTestId('detail-price')).toContainText('€');
    await expect(anon.getByTestId('detail-price')).toContainText(es('detail.perGram'));
    await expect(anon.getByTestId('detail-dominance')).toHaveText(es('detail.dominance.sativa'));
    await expect(anon.getByTestId('detail-thc')).toHaveText(es('detail.thc'));
    await expect(anon.getByTestId('detail-club')).toHaveText('Club Demo Socius');
    await expectLoaded(anon.getByTestId('detail-image').first());
    await expect(anon.getByTestId('detail-back')).toHaveCount(0); // opened from the QR: nowhere to go back to
    await expect(anon.getByTestId('detail-read-more')).toHaveText(es('detail.readMore'));
    await shot(anon, `dispensary-public-es-${size}`);

    await anon.goto(`/app/dispensary_item?id=${UNKNOWN_TOKEN}&asocid=${CLUB}`);
    await expect(anon.getByTestId('detail-not-available')).toContainText(es('detail.notAvailableTitle'));
    await expect(anon.getByTestId('detail-back')).toHaveCount(0); // a page load of its own: no app history either
    await shot(anon, `dispensary-public-notfound-es-${size}`);
    await context.close();
  }

  // In the visitor's remembered language
  const { context, page: anon } = await publicPage(browser, link, 'en');
  await expect(anon.getByTestId('detail-title')).toHaveText('Amnesia Haze');
  await expect(anon.getByTestId('detail-price')).toContainText(en('detail.price'));
  await expect(anon.getByTestId('detail-dominance')).toHaveText(en('detail.dominance.sativa'));
  await expect(anon.getByTestId('detail-read-more')).toHaveText(en('detail.readMore'));
  await shot(anon, 'dispensary-public-en-wide');
  await anon.goto(`/app/dispensary_item?id=${UNKNOWN_TOKEN}&asocid=${CLUB}`);
  await expect(anon.getByTestId('detail-not-available')).toContainText(en('detail.notAvailableTitle'));
  await shot(anon, 'dispensary-public-notfound-en-wide');
  await context.close();

  // Logged in, without asocid: the current club
  await page.goto(`/app/dispensary_item?id=${amnesia.public_token}`);
  await expect(page.getByTestId('detail-title')).toHaveText('Amnesia Haze');
  await expect(page.getByTestId('detail-back')).toBeVisible();

  // An id is not a public link: a link that names the product by its number finds nothing
  await page.goto(`/app/dispensary_item?id=${amnesia.pid}&asocid=${CLUB}`);
  await expect(page.getByTestId('detail-not-available')).toContainText(es('detail.notAvailableTitle'));
});

test('the product detail opens the counter\'s add-to-order dialog for the member at the counter', async ({ page, browser }) => {
  await login(page, 'budtender');
  await chooseClub(page, CLUB);
  const found = await getJson(page, `/api/dispensario?asocid=${CLUB}&search=amnesia`);
  const amnesia = found.data.find((p: { titulo: string }) => p.titulo === 'Amnesia Haze');
  const link = `/app/dispensary_item?id=${amnesia.public_token}&asocid=${CLUB}`;

  // nobody at the counter: the dialog says so, as the counter's does, and adds nothing
  await page.goto(link);
  await expect(page.getByTestId('detail-title')).toHaveText('Amnesia Haze');
  await expect(page.getByTestId('detail-order-member')).toContainText(pos('detail.noMember'));
  await page.getByTestId('detail-add').click();
  await expect(page.getByRole('dialog')).toContainText('Amnesia Haze');
  await page.getByTestId('add-quantity').fill('2');
  await page.getByTestId('add-confirm').click();
  await expect(page.getByTestId('add-error')).toHaveText(pos('add.noMember'));
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // a member without an open order becomes current at the counter
  const open = await getJson(page, `/api/order/?asocid=${CLUB}&status=cart&limit=100`);
  const busy = new Set((open.data ?? []).map((o: { membership_id: number }) => o.membership_id));
  const members = await getJson(page, `/api/ficha_socio?association=${CLUB}&limit=14&page=0&status=1`);
  const m = members.data.find((x: { nid: number }) => !busy.has(x.nid));
  await page.goto(`/app/pos?nid=${m.nid}`);
  await expect(page.getByTestId('member-name')).toContainText(m.nombre);

  // the detail adds to that member's order through the same dialog: 2 g of Amnesia Haze
  await page.goto(link);
  await expect(page.getByTestId('detail-order-member')).toContainText(pos('detail.forMember', { member: `${m.nombre} ${m.surname}` }));
  await shot(page, 'dispensary-detail-order-es-wide');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('detail-add')).toBeVisible();
  await shot(page, 'dispensary-detail-order-es-narrow');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByTestId('detail-add').click();
  await expect(page.getByTestId('add-unit-price')).toContainText('9,00');
  await page.getByTestId('add-quantity').fill('2');
  await expect(page.getByTestId('add-price')).toHaveValue('18,00');
  await shot(page, 'dispensary-detail-add-dialog-es-wide');
  await page.getByTestId('add-confirm').click();
  await expect(toast(page, pos('detail.added', { member: `${m.nombre} ${m.surname}`, quantity: '2', unit: 'g' }))).toBeVisible();
  const after = await getJson(page, `/api/order/?asocid=${CLUB}&status=cart&membership_id=${m.nid}&limit=5`);
  const order = after.data.find((o: { membership_id: number }) => o.membership_id === m.nid);
  expect(order.products.map((l: { product: { pid: number }; quantity: number }) => [l.product.pid, l.quantity])).toEqual([[amnesia.pid, 2]]);

  // the counter shows the line
  await page.getByTestId('detail-order-member').getByRole('link').click();
  await expect(page).toHaveURL(/\/app\/pos$/);
  await expect(page.getByTestId('member-name')).toContainText(m.nombre);
  await expect(page.getByTestId(`line-${amnesia.pid}`)).toContainText('Amnesia Haze');
  await expect(page.getByTestId(`line-total-${amnesia.pid}`)).toContainText('18,00');
  await call(page, 'DELETE', `/api/order/delete?asocid=${CLUB}&oid=${order.oid}`);

  // the public page (no session) offers no order
  const { context, page: anon } = await publicPage(browser, link);
  await expect(anon.getByTestId('detail-title')).toHaveText('Amnesia Haze');
  await expect(anon.getByTestId('detail-add')).toHaveCount(0);
  await context.close();
});

test('every dispensary screen, wide and narrow, in Spanish and English', async ({ page }) => {
  await asAdmin(page, 'club');
  const items = await basicItems(page);
  const critical = items.find((p) => p.titulo === 'Critical')!;

  for (const lang of ['es', 'en'] as const) {
    const tr = (key: string, vars?: Record<string, string | number>) => dt(lang, key, vars);
    if (lang === 'en') {
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto('/app/club');
      await setLanguage(page, 'en');
    }
    for (const [w, h, size] of WINDOWS) {
      if (lang === 'es' && size === 'wide') continue; // taken by the first test
      await page.setViewportSize({ width: w, height: h });
      await page.goto('/app/dispensarymanagerbasic');
      await expect(page.getByRole('heading', { name: tr('manager.title') })).toBeVisible({ timeout: 20_000 });
      await expect(page.getByTestId('basic-table').locator('tbody tr[data-row-key]')).toHaveCount(3);
      await shot(page, `dispensary-manager-${lang}-${size}`);

      await page.goto('/app/dispensaryproductcreatebasic');
      await expect(page.getByRole('heading', { name: tr('form.createTitle') })).toBeVisible();
      await page.getByTestId('form-save').click();
      await expect(fieldError(page, tr('form.required')).first()).toBeVisible();
      await shot(page, `dispensary-form-new-${lang}-${size}`);

      await page.goto(`/app/dispensaryproductcreatebasic?nid=${critical.pid}`);
      await expect(page.getByTestId('f-title')).toHaveValue('Critical');
      await page.getByTestId('images-field').locator('input[type=file]').setInputFiles([
        { name: 'a.png', mimeType: 'image/png', buffer: PICTURE },
        { name: 'b.png', mimeType: 'image/png', buffer: png(240, 240, [47, 111, 79], [201, 139, 91]) },
      ]);
      await expect(page.getByTestId('image-1')).toBeVisible();
      await shot(page, `dispensary-form-edit-${lang}-${size}`);
      if (size === 'narrow') {
        await page.getByTestId('form-preview').scrollIntoViewIfNeeded();
        await shot(page, `dispensary-form-preview-${lang}-${size}`);
      }

      await page.goto('/app/dispensary');
      await expect(page.getByRole('heading', { name: tr('list.title') })).toBeVisible();
      await expect(page.getByTestId(`item-card-${critical.pid}`)).toBeVisible();
      await shot(page, `dispensary-list-${lang}-${size}`);

      await page.getByTestId(`item-card-${critical.pid}`).click();
      await expect(page.getByTestId('detail-title')).toHaveText('Critical');
      await expect(page.getByTestId('detail-back')).toHaveText(tr('detail.back'));
      await shot(page, `dispensary-detail-${lang}-${size}`);
    }
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/app/club');
  await setLanguage(page, 'es');
});

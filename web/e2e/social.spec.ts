// News and events in Debian's Chromium against the real binary and its demo club: staff publish a
// news item with two pictures through the form and see it in the list and its panel; a member with
// an online account reads it through the members' call and loads its picture; an event is
// published, a member signs up from their own session and the counter shows it. Narrow and English
// at the end. The spec removes what it made.
import { expect, test, type Browser, type Page } from './fixtures';
import { call, chooseClub, featureText, login, png, PASSWORD, shot, socius, type Lang } from './helpers';

const CLUB = 1;
test.describe.configure({ mode: 'serial' });

const st = (lang: Lang, key: string, vars?: Record<string, string | number>) => featureText('social', lang, `social.${key}`, vars);
const es = (key: string, vars?: Record<string, string | number>) => st('es', key, vars);
const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text, { exact: true }).first();

const stamp = Date.now() % 100000;
const NEWS = `Noche de catas ${stamp}`;
const EVENT = `Cata de otoño ${stamp}`;
const MEMBER_EMAIL = `socia.${stamp}@example.org`;
let world: { member: number; news?: number; event?: number; product?: number; category?: number };

async function as(page: Page, user: string, path: string) {
  await login(page, user);
  await chooseClub(page, CLUB);
  await page.goto(`/app/${path}`);
}

/** A Spanish DNI with its right letter. */
const dni = (n: number) => `${n}${'TRWAGMYFPDXBNJZSQVHLCKE'[n % 23]}`;

/** A browser page logged in as the member (not staff): it uses the API as the members' app does. */
async function memberPage(browser: Browser): Promise<Page> {
  const page = await browser.newPage();
  await page.goto('/app/');
  await call(page, 'POST', '/api/user/login', { username: MEMBER_EMAIL, password: PASSWORD });
  return page;
}

test.afterAll(async ({ browser }) => {
  if (!world) return;
  const page = await browser.newPage();
  await as(page, 'admin', 'club');
  for (const n of await call(page, 'GET', `/api/news/retrieve?association=${CLUB}`))
    if (String(n.title).endsWith(String(stamp))) await call(page, 'DELETE', `/api/news/${n.nid}?association=${CLUB}`);
  for (const e of await call(page, 'GET', `/api/event/retrieve?association=${CLUB}`))
    if (String(e.title).endsWith(String(stamp))) await call(page, 'DELETE', `/api/event/${e.nid}?association=${CLUB}`);
  for (const c of await call(page, 'GET', `/api/consult/retrieve?association=${CLUB}`))
    if (String(c.title).endsWith(String(stamp))) await call(page, 'DELETE', `/api/consult/${c.nid}?association=${CLUB}`);
  if (world.product) await call(page, 'POST', '/api/dispensario/delete', { asocid: CLUB, productsArray: [world.product] });
  if (world.category) await call(page, 'DELETE', `/api/association_category/${world.category}?association=${CLUB}`);
  await call(page, 'DELETE', `/api/ficha_socio/${world.member}?association=${CLUB}`);
  await page.close();
});

test('setup: a member with an online account', async ({ page }) => {
  await as(page, 'admin', 'club');
  const m = await call(page, 'POST', '/api/ficha_socio', {
    association: CLUB, nombre: 'Irene', surname: 'Lectora', dni: dni(61000000 + stamp), email: MEMBER_EMAIL, telefono: '611223344', online_account: true,
  });
  // the invitation would let her choose a password; the provider's command line sets one here
  socius('admin', 'user', 'password', '--username', MEMBER_EMAIL, '--password', PASSWORD);
  world = { member: m.nid };
});

test('news: publish one with two pictures, read it in the list and the panel, a member reads it, then delete it', async ({ page, browser }) => {
  await as(page, 'admin', 'news');
  await expect(page.getByTestId('news-page')).toBeVisible();
  await page.getByTestId('news-new').first().click();
  await expect(page).toHaveURL(/\/app\/newscreate/);

  // an empty title is refused where it is typed
  await page.getByTestId('publish').click();
  await expect(page.locator('.ant-form-item-explain-error').getByText(es('form.titleRequired'))).toBeVisible();

  await page.getByTestId('f-title').fill(NEWS);
  await page.getByTestId('f-subtitle').fill('Viernes a las 20 h');
  await page.getByTestId('f-body').fill('Probaremos <b>tres variedades</b> nuevas.<script>window.__xss = 1</script>\n\nPlazas limitadas.');
  await page.getByTestId('images-field').locator('input[type=file]').setInputFiles([
    { name: 'cata.png', mimeType: 'image/png', buffer: png(640, 360, [126, 63, 160], [95, 163, 122]) },
    { name: 'sala.png', mimeType: 'image/png', buffer: png(640, 360, [200, 120, 60], [60, 90, 160]) },
  ]);
  await expect(page.getByTestId('images-field').locator('img')).toHaveCount(2);
  // the live preview follows the form
  const preview = page.getByTestId('preview');
  await expect(preview.getByTestId('view-title')).toHaveText(NEWS);
  await expect(preview.getByTestId('view-subtitle')).toHaveText('Viernes a las 20 h');
  await expect(preview.locator('b')).toHaveText('tres variedades');
  await expect(preview.locator('script')).toHaveCount(0);
  await shot(page, 'social-newscreate-es-wide');

  await page.getByTestId('publish').click();
  await expect(toast(page, es('news.published', { title: NEWS }))).toBeVisible();
  await expect(page).toHaveURL(/\/app\/news$/);
  const row = page.getByTestId('news-table').locator('tbody tr[data-row-key]').first();
  await expect(row).toContainText(NEWS);
  const nid = Number(await row.getAttribute('data-row-key'));
  world.news = nid;

  // the panel shows it as members will see it, without the script
  await row.click();
  const panel = page.getByTestId('news-panel');
  await expect(panel.getByTestId('view-title')).toHaveText(NEWS);
  await expect(panel.locator('b')).toHaveText('tres variedades');
  await expect(panel.locator('script')).toHaveCount(0);
  await expect(panel.getByTestId('view-image').first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  await shot(page, 'social-news-es-wide');

  // search narrows the table
  await page.getByTestId('news-search').fill('no existe nada así');
  await expect(page.getByTestId('news-empty')).toBeVisible();
  await page.getByTestId('news-search').fill(String(stamp));
  await expect(page.getByTestId(`news-row-${nid}`)).toBeVisible();

  // the member reads it in their app, with both pictures, and loads them
  const member = await memberPage(browser);
  const list = await call(member, 'GET', `/api/news/retrieve?association=${CLUB}`);
  const mine = list.find((n: { nid: number }) => n.nid === nid);
  expect(mine).toMatchObject({ title: NEWS, subtitle: 'Viernes a las 20 h' });
  expect(mine.images).toHaveLength(2);
  expect(mine.body).toContain('<b>tres variedades</b>');
  expect(mine.body).not.toContain('script');
  const status = await member.evaluate(async (u) => (await fetch(u)).status, mine.images[0].img);
  expect(status).toBe(200);
  // but not the back office's lists
  const denied = await member.evaluate(async () => (await fetch('/api/socius_coupon?asocid=1')).status);
  expect(denied).toBe(403);

  // delete after the confirmation, with the spec's message
  await page.getByTestId('news-delete').click();
  await expect(page.locator('.ant-modal-confirm-title')).toHaveText(es('news.delete.title', { title: NEWS }));
  await page.getByTestId('confirm-delete').click();
  await expect(toast(page, 'La noticia se ha eliminado correctamente')).toBeVisible();
  await expect(page.getByTestId(`news-row-${nid}`)).toHaveCount(0);
  const after = await call(member, 'GET', `/api/news/retrieve?association=${CLUB}`);
  expect(after.some((n: { nid: number }) => n.nid === nid)).toBe(false);
  await member.close();
});

test('events: publish one, a member signs up from their session, the counter shows it', async ({ page, browser }) => {
  await as(page, 'admin', 'events');
  await page.getByTestId('events-new').first().click();
  await expect(page).toHaveURL(/\/app\/eventcreate/);
  // start today and end tomorrow to begin with
  const today = new Date();
  const tomorrow = new Date(today.getTime() + 86400_000);
  // dates as the browser sees them: in the club's time zone (the browser runs in Europe/Madrid), not the runner's
  const ddmm = (d: Date) => new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Madrid', day: '2-digit', month: '2-digit', year: 'numeric' }).format(d);
  await expect(page.getByTestId('f-start')).toHaveValue(ddmm(today));
  await expect(page.getByTestId('f-end')).toHaveValue(ddmm(tomorrow));
  await page.getByTestId('f-title').fill(EVENT);
  await page.getByTestId('f-body').fill('Con maridaje y música en directo.');
  await page.getByTestId('images-field').locator('input[type=file]').setInputFiles({ name: 'otono.png', mimeType: 'image/png', buffer: png(640, 360, [180, 90, 40], [90, 40, 120]) });
  await expect(page.getByTestId('preview').getByTestId('view-dates')).toContainText(ddmm(today));
  await shot(page, 'social-eventcreate-es-wide');
  await page.getByTestId('publish').click();
  await expect(toast(page, es('events.published', { title: EVENT }))).toBeVisible();
  await expect(page).toHaveURL(/\/app\/events$/);
  const row = page.getByTestId('events-table').locator('tbody tr[data-row-key]').filter({ hasText: EVENT });
  await expect(row).toHaveCount(1);
  const nid = Number(await row.getAttribute('data-row-key'));
  world.event = nid;
  await expect(row.getByTestId('cell-counter')).toHaveText('0');

  // the member signs up twice: it counts once
  const member = await memberPage(browser);
  for (let i = 0; i < 2; i++) {
    const r = await call(member, 'POST', '/api/event/attend', { association: CLUB, nid });
    expect(r).toMatchObject({ counter: 1, attending: true });
  }
  await member.close();

  await page.reload();
  await expect(row.getByTestId('cell-counter')).toHaveText('1');
  await row.click();
  await expect(page.getByTestId('events-panel').getByTestId('view-counter')).toHaveText(es('events.counter_one', { count: 1 }));
  await shot(page, 'social-events-es-wide');
});

test('consultations: a member asks, the question arrives live, the club answers, a reply reaches a second browser', async ({ page, browser }) => {
  await as(page, 'admin', 'consults');
  await expect(page.getByTestId('consults-page')).toBeVisible();
  const member = await memberPage(browser);
  const title = `Horario de agosto ${stamp}`;

  // the member's question reaches the open screen without a reload: the 3 s box, then the list
  const asked = await call(member, 'POST', '/api/consult/create', { association: CLUB, title, body: '¿Abrís los domingos de agosto?' });
  const box = page.getByTestId('notification-box').filter({ hasText: title });
  await expect(box).toBeVisible();
  await expect(box).toContainText('Irene Lectora: ¿Abrís los domingos de agosto?');
  const item = page.getByTestId(`consult-${asked.nid}`);
  await expect(item).toBeVisible();
  await item.click();
  await expect(page.getByTestId('thread-title')).toHaveText(title);

  // the club answers with Enter
  await page.getByTestId('consult-answer').fill('Sí, de 17 a 22 h.');
  await page.getByTestId('consult-answer').press('Enter');
  await expect(page.getByTestId('thread-comment').last()).toContainText('Sí, de 17 a 22 h.');
  await expect(page.getByTestId('consult-answer')).toHaveValue('');
  const seen = await call(member, 'GET', `/api/consult/retrieve?association=${CLUB}&nid=${asked.nid}`);
  expect(seen[0].comments).toMatchObject([{ body: 'Sí, de 17 a 22 h.', staff: true }]);

  // a manager has the same conversation open in another browser; the member's reply reaches it live
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await as(other, 'manager', 'consults');
  await other.getByTestId(`consult-${asked.nid}`).click();
  await expect(other.getByTestId('thread-comment')).toHaveCount(1);
  await call(member, 'POST', '/api/consult/create', { association: CLUB, nid: asked.nid, body: '¡Perfecto, gracias!' });
  await expect(other.getByTestId('thread-comment')).toHaveCount(2);
  await expect(other.getByTestId('thread-comment').last()).toContainText('¡Perfecto, gracias!');
  await expect(page.getByTestId('thread-comment').last()).toContainText('¡Perfecto, gracias!');
  await shot(other, 'social-consults-es-wide');
  await otherContext.close();
  await member.close();

  // deleting asks first
  await page.getByTestId('consult-delete').click();
  await expect(page.locator('.ant-modal-confirm-title')).toHaveText(es('consults.delete.title', { title }));
  await page.getByTestId('confirm-delete').click();
  await expect(toast(page, es('consults.delete.done'))).toBeVisible();
  await expect(page.getByTestId(`consult-${asked.nid}`)).toHaveCount(0);
});

test('TV screens: settings applied at once, the carousel, the grid and the menu at 1920×1080, a sold-out product leaving the grid live', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await as(page, 'admin', 'tvshows');
  await shot(page, 'social-tvshows-es-wide');
  // a product of our own with a picture and two units, on sale now
  // in a category of its own that sorts first, so it opens the grid's first page
  const cat = await call(page, 'POST', '/api/association_category', { association: CLUB, type: 'dispensary', title: `0 TV ${stamp}` });
  world.category = cat.nid;
  const picture = `data:image/png;base64,${png(800, 600, [60, 140, 90], [200, 180, 60]).toString('base64')}`;
  const p = await call(page, 'POST', '/api/dispensario', {
    asocid: CLUB, title: `TV Kush ${stamp}`, body: '<p>Notas de pino y limón, efecto relajante para la tarde.</p>',
    dominance: 'indica', category: cat.nid, price: 8.5, cost: 3, type: 'peso', status: true, images: [picture],
  });
  world.product = p.pid;
  await call(page, 'POST', '/api/product_stock', { asocid: CLUB, products: [{ pid: p.pid, stock: 2, stock_type: 'manual', note: 'alta' }] });

  // settings: no description, 6 s, a dark background; the sample follows at once
  await page.getByTestId('tv-open-settings').click();
  await expect(page).toHaveURL(/\/app\/tvshowsettings/);
  await expect(page.getByTestId('sample-description')).toBeVisible();
  await page.getByTestId('tv-showItemDescription').click();
  await expect(page.getByTestId('sample-description')).toHaveCount(0);
  // the interval is shown and typed in seconds (kept in ms)
  await expect(page.getByTestId('tv-interval')).toHaveValue('10');
  await page.getByTestId('tv-interval').fill('6000');
  await expect(page.getByText(st('es', 'tv.settings.intervalInvalid', { min: 1, max: 999 }))).toBeVisible();
  await page.getByTestId('tv-interval').fill('6');
  await page.getByTestId('tv-interval').press('Enter');
  await expect(page.getByText(st('es', 'tv.settings.intervalHelp', { seconds: '6' }))).toBeVisible();
  // the sample's QR is drawn: the public page of a product the screens show
  await expect(page.getByTestId('sample-qr').locator('svg path').first()).toBeAttached();
  await page.getByTestId('tv-backgroundcolor').click();
  await page.locator('.ant-color-picker-presets-color').nth(2).click();
  await expect(page.getByTestId('tv-sample')).toHaveCSS('background-color', 'rgb(31, 26, 36)');
  await page.keyboard.press('Escape');
  const saved = await call(page, 'GET', `/api/tv_settings?association=${CLUB}`);
  expect(saved).toMatchObject({ backgroundcolor: '#1F1A24', interval: 6000, showItemDescription: false, showItemQr: true });
  await shot(page, 'social-tvsettings-es-wide');

  // the carousel shows them: the dark background, the subtitle and QR, no description
  await page.goto('/app/tvshows');
  await page.getByTestId('tv-open-carousel').click();
  await page.getByTestId('confirm-full-screen').click();
  await expect(page).toHaveURL(/\/app\/tvshow2/);
  await expect(page.getByTestId('tv-carousel')).toHaveCSS('background-color', 'rgb(31, 26, 36)');
  const slide = page.locator('.slick-active').getByTestId(/tv-slide-/).first();
  await expect(slide).toBeVisible();
  await expect(page.getByTestId('tv-description')).toHaveCount(0);
  await expect(slide.getByTestId('tv-subtitle').or(slide.locator('h2'))).not.toHaveCount(0);
  await shot(page, 'social-tvshow2-es-tv');
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/app\/tvshows/);

  // the menu by category: each product once, with its price (the basic list's Amnesia Haze,
  // Critical and Café are the products of the same name)
  await page.goto('/app/tvshow3');
  await expect(page.getByTestId(`tv-item-${p.pid}`)).toContainText(`TV Kush ${stamp}`);
  await expect(page.getByTestId(`tv-item-${p.pid}`)).toContainText('8,50 €/g');
  for (const [name, price] of [['Amnesia Haze', '9,00 €/g'], ['Critical', '7,50 €/g'], ['Café', '1,20 €']]) {
    const item = page.getByTestId(/^tv-item-/).filter({ hasText: new RegExp(`^${name}`) });
    await expect(item).toHaveCount(1);
    await expect(item).toContainText(price);
  }
  await shot(page, 'social-tvshow3-es-tv');

  // the grid: the product is there; it sells out at the counter and leaves without a reload (the
  // longest interval keeps the grid on its first page meanwhile, so leaving is not a page turn)
  await call(page, 'PUT', '/api/tv_settings', { association: CLUB, backgroundcolor: saved.backgroundcolor, textcolor: saved.textcolor, showItemDescription: false, showItemSubtitle: true, showItemQr: true, interval: 999999 });
  await page.goto('/app/tvshow1');
  const card = page.getByTestId(`tv-product-${p.pid}`);
  await expect(card).toContainText(`TV Kush ${stamp}`);
  await expect(card).toContainText('Notas de pino');
  await expect(card).toContainText('8,50 €/g');
  for (const [name, price] of [['Amnesia Haze', '9,00 €/g'], ['Critical', '7,50 €/g'], ['Café', '1,20 €']]) {
    const one = page.getByTestId(/^tv-product-\d+$/).filter({ has: page.getByRole('heading', { name, exact: true }) });
    await expect(one).toHaveCount(1);
    await expect(one).toContainText(price);
  }
  await shot(page, 'social-tvshow1-es-tv');
  // each card links to the product's detail
  await card.getByTestId('tv-product-link').click();
  await expect(page).toHaveURL(/\/app\/dispensary_item\?id=/);
  await expect(page.getByTestId('detail-title')).toHaveText(`TV Kush ${stamp}`);
  await page.getByTestId('detail-back').click();
  await expect(page).toHaveURL(/\/app\/tvshow1$/);
  await call(page, 'POST', '/api/product_stock', { asocid: CLUB, products: [{ pid: p.pid, stock: -2, stock_type: 'manual', note: 'vendido' }] });
  await expect(card).toHaveCount(0, { timeout: 25_000 });

  await call(page, 'PUT', '/api/tv_settings', { association: CLUB, backgroundcolor: '#A463BF', textcolor: '#FFFFFF', interval: 10000, showItemDescription: true, showItemSubtitle: true, showItemQr: true });
});

test('narrow and English: the lists, the drawer and the form', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, 'admin');
  await chooseClub(page, CLUB);
  await page.goto('/app/events');
  await page.evaluate(() => localStorage.setItem('socius.lang', 'en'));
  await page.reload();
  await expect(page.getByRole('heading', { name: st('en', 'events.title') })).toBeVisible();
  const row = page.getByTestId('events-table').locator('tbody tr[data-row-key]').filter({ hasText: EVENT });
  await row.click();
  const drawer = page.getByTestId('events-drawer');
  await expect(drawer.getByTestId('view-counter')).toHaveText(st('en', 'events.counter_one', { count: 1 }));
  await shot(page, 'social-events-en-narrow');
  await page.keyboard.press('Escape');
  await page.goto('/app/newscreate');
  await page.getByTestId('f-title').fill('Opening hours');
  await expect(page.getByTestId('preview').getByTestId('view-title')).toHaveText('Opening hours');
  await shot(page, 'social-newscreate-en-narrow');
  // a conversation takes the narrow screen, with a way back to the list
  const member = await memberPage(page.context().browser()!);
  const asked = await call(member, 'POST', '/api/consult/create', { association: CLUB, title: `Parking ${stamp}`, body: 'Is there parking nearby?' });
  await member.close();
  await page.goto('/app/consults');
  await expect(page.getByRole('heading', { name: st('en', 'consults.title') })).toBeVisible();
  await page.getByTestId(`consult-${asked.nid}`).click();
  await page.getByTestId('consult-answer').fill('Yes, on the next street.');
  await page.getByTestId('consult-send').click();
  await expect(page.getByTestId('thread-comment')).toHaveCount(1);
  await shot(page, 'social-consults-en-narrow');
  await page.getByTestId('thread-back').click();
  await expect(page.getByTestId('consults-list')).toBeVisible();
  await page.goto('/app/tvshowsettings');
  await expect(page.getByTestId('tv-sample')).toBeVisible();
  await shot(page, 'social-tvsettings-en-narrow');
  await page.evaluate(() => localStorage.setItem('socius.lang', 'es'));
});

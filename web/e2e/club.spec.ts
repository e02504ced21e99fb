// The club page's configuration and designer in Debian's Chromium against the real binary and its
// demo club: staff publish a description, a picture and a logo in basic mode and see them on the
// club page; they open the designer, drag a block onto the page, rename the club on it, save, and
// the club page shows the designed page in its frame; back to basic mode after a confirmation; the
// app download page and the mobile redirect a phone lands on. Narrow and English at the end. The
// spec puts the demo club's page back as it found it.
import { expect, test, type Locator, type Page } from './fixtures';
import { call, chooseClub, featureText, login, png, shot, type Lang } from './helpers';

const CLUB = 1;
test.describe.configure({ mode: 'serial' });

const ct = (lang: Lang, key: string, vars?: Record<string, string | number>) => featureText('club', lang, key, vars);
const st = (lang: Lang, key: string) => featureText('social', lang, `social.${key}`);
const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text, { exact: true }).first();

// The stores the e2e server offers (playwright.config.ts).
const APP_STORE = 'https://apps.apple.com/es/app/socius-socios/id6400000000';
const PLAY_STORE = 'https://play.google.com/store/apps/details?id=app.socius.socios';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36';

const stamp = Date.now() % 100000;
const DESCRIPTION = `Abrimos de lunes a sábado ${stamp}`;
const NEW_NAME = `Club Demo Diseñado ${stamp}`;
let original: { body: string; images: string[]; logo: string; title: string } | undefined;

async function as(page: Page, user: string, path: string) {
  await login(page, user);
  await chooseClub(page, CLUB);
  await page.goto(`/app/${path}`);
}

/**
 * Drags with the mouse as a person does: press on the block, move over the page until the designer
 * shows where the block will land (its placeholder line follows the pointer frame by frame), drop.
 */
async function dragOnto(page: Page, block: Locator, target: Locator) {
  const from = (await block.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + 20, { steps: 12 });
  let y = to.y + 20;
  await expect(async () => {
    y = Math.min(y + 6, to.y + to.height - 10);
    await page.mouse.move(to.x + to.width / 2, y, { steps: 2 });
    await expect(page.locator('.gjs-tools-gl .gjs-placeholder')).toBeVisible({ timeout: 250 });
  }).toPass();
  await page.mouse.up();
}

test.afterAll(async ({ browser }) => {
  if (!original) return;
  const page = await browser.newPage();
  await as(page, 'admin', 'club');
  await call(page, 'PUT', `/api/association/${CLUB}`, { body: original.body, images: original.images, logo: original.logo, full_html: '', html_design: '' });
  await page.close();
});

test('basic mode: description, a picture and a logo, previewed, published and shown on the club page', async ({ page }) => {
  await as(page, 'admin', 'club');
  const club = await call(page, 'GET', `/api/association/retrieve?association=${CLUB}`);
  // the stored logo as the data URL the club update takes, to put it back at the end
  const logo = await page.evaluate(async (u: string) => {
    const b = await (await fetch(u)).blob();
    return new Promise<string>((resolve) => {
      const f = new FileReader();
      f.onload = () => resolve(String(f.result));
      f.readAsDataURL(b);
    });
  }, club.logo.img);
  original = { body: club.body, images: club.images.map((i: { img: string }) => i.img), logo, title: club.title };
  expect(club.full_html).toBe('');

  await page.goto('/app/clubmanager');
  await expect(page.getByTestId('club-mode')).toHaveText(ct('es', 'clubConfig.basicMode'));
  const preview = page.getByTestId('club-preview');
  await expect(preview.getByRole('heading', { name: club.title, level: 1 })).toBeVisible();

  // the description is edited as text, and the preview follows it as it is typed; the demo's title
  // and list open as the text that makes them, not as HTML tags
  const description = page.getByTestId('club-description');
  await expect(description).toHaveValue(/^# Club Demo Socius\n\nAsociación de personas usuarias/);
  await expect(description).toHaveValue(/\n- Horario: de lunes a sábado, de 11:00 a 22:00\n- Dirección: /);
  expect(await description.inputValue()).not.toContain('<');
  await shot(page, 'club-manager-text-es-wide');
  await description.fill(`${DESCRIPTION}\n\nTraiga su carnet de socio.`);
  await expect(preview.getByText(DESCRIPTION)).toBeVisible();
  await page.getByTestId('images-field').locator('input[type=file]').setInputFiles([
    { name: 'terraza.png', mimeType: 'image/png', buffer: png(800, 450, [95, 163, 122], [126, 63, 160]) },
  ]);
  await expect(page.getByTestId('images-field').locator('img')).toHaveCount(original.images.length + 1);
  await page.getByTestId('club-logo-field').locator('input[type=file]').setInputFiles([
    { name: 'logo.png', mimeType: 'image/png', buffer: png(256, 256, [164, 99, 191], [42, 31, 51]) },
  ]);
  await expect(preview.locator('header img')).toHaveAttribute('src', /^data:image\/png/);
  await shot(page, 'club-manager-es-wide');

  await page.getByTestId('club-publish').click();
  await expect(toast(page, ct('es', 'clubConfig.published'))).toBeVisible();
  const saved = await call(page, 'GET', `/api/association/retrieve?association=${CLUB}`);
  expect(saved.body).toBe(`<p>${DESCRIPTION}</p><p>Traiga su carnet de socio.</p>`);
  expect(saved.images).toHaveLength(original.images.length + 1);
  expect(saved.logo.img).not.toBe(club.logo.img);

  // the club page shows what was published
  await page.goto('/app/club');
  const page_ = page.getByTestId('club-page');
  await expect(page_.getByText(DESCRIPTION)).toBeVisible();
  await expect(page_.locator('.slick-slide:not(.slick-cloned) img')).toHaveCount(original.images.length + 1);

  // the configuration opens again with the text, not its tags
  await page.goto('/app/clubmanager');
  await expect(page.getByTestId('club-description')).toHaveValue(`${DESCRIPTION}\n\nTraiga su carnet de socio.`);
  // nothing changed: publishing says so and sends nothing
  await page.getByTestId('club-publish').click();
  await expect(toast(page, ct('es', 'clubConfig.unchanged'))).toBeVisible();
});

test('designer: drag a block onto the page, rename the club on it, save; the club page shows it; back to basic', async ({ page }) => {
  await as(page, 'admin', 'clubmanager');
  // the designer asks no other site for anything (GrapesJS's telemetry, its icon font on a CDN)
  const origin = new URL(page.url()).origin;
  const outside: string[] = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if ((u.protocol === 'http:' || u.protocol === 'https:') && u.origin !== origin) outside.push(r.url());
  });
  await page.getByTestId('club-design').click();
  await expect(page).toHaveURL(/\/app\/htmleditor/);
  const canvas = page.frameLocator('.gjs-frame');
  // the default design: the club's name, a description and the call and Instagram buttons
  await expect(canvas.locator('h1.club-name')).toHaveText(original!.title);
  await expect(canvas.locator('a.club-call')).toHaveText(ct('es', 'designer.default.call'));
  await expect(canvas.locator('a.club-instagram')).toHaveText(ct('es', 'designer.default.instagram'));
  // the devices to preview the page on are named in the person's language
  await expect(page.locator('select.gjs-devices option')).toHaveText(
    ['desktop', 'tablet', 'mobileLandscape', 'mobilePortrait'].map((d) => ct('es', `designer.devices.${d}`)),
  );

  // drag the text block onto the page, below the last section
  const block = page.locator('.gjs-block').filter({ hasText: ct('es', 'designer.blockLabels.text') });
  await expect(block).toBeVisible();
  await dragOnto(page, block, canvas.locator('section.club-section'));
  const dropped = canvas.getByText(ct('es', 'designer.textPlaceholder'));
  await expect(dropped).toBeVisible();

  // rename the club on the page: double click the name, replace it, and save while still editing
  await canvas.locator('h1.club-name').dblclick();
  await expect(canvas.locator('h1.club-name[contenteditable="true"]')).toBeVisible();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(NEW_NAME);
  await expect(canvas.locator('h1.club-name')).toHaveText(NEW_NAME);
  await shot(page, 'club-designer-es-wide');
  await page.getByTestId('designer-save').click();
  await expect(toast(page, ct('es', 'designer.saved'))).toBeVisible();
  await expect(page).toHaveURL(/\/app\/clubmanager/);
  await expect(page.getByTestId('club-mode')).toHaveText(ct('es', 'clubConfig.advancedMode'));
  await expect(page.getByTestId('club-preview').frameLocator('iframe').locator('h1')).toHaveText(NEW_NAME);
  await shot(page, 'club-manager-advanced-es-wide');

  // the club page shows the designed page, in its sandboxed frame
  await page.goto('/app/club');
  const frame = page.getByTestId('club-frame');
  await expect(frame).toHaveAttribute('sandbox', 'allow-popups allow-popups-to-escape-sandbox');
  const shown = page.frameLocator('[data-testid=club-frame]');
  await expect(shown.locator('h1.club-name')).toHaveText(NEW_NAME);
  await expect(shown.getByText(ct('es', 'designer.textPlaceholder'))).toBeVisible();
  await expect(shown.locator('a.club-instagram')).toHaveAttribute('href', 'https://www.instagram.com/');
  // the frame has no session: the logo comes from the club's public pictures, and it loads
  await expect(shown.locator('img.club-logo')).toHaveAttribute('src', /^\/api\/public_image\//);
  await expect.poll(() => shown.locator('img.club-logo').evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBeGreaterThan(0);
  await shot(page, 'club-page-designed-es-wide');

  // the designer opens the saved design again; leaving it unchanged asks nothing
  await page.goto('/app/htmleditor');
  await expect(canvas.locator('h1.club-name')).toHaveText(NEW_NAME);
  await expect(canvas.locator('a.club-call')).toHaveAttribute('href', /^tel:/);
  expect(outside).toEqual([]);
  await page.getByTestId('designer-back').click();
  await expect(page).toHaveURL(/\/app\/clubmanager/);

  // back to basic mode, after a confirmation: the logo, pictures and description come back
  await page.getByTestId('club-basic').click();
  await page.getByTestId('club-basic-confirm').click();
  await expect(toast(page, ct('es', 'clubConfig.backToBasicDone'))).toBeVisible();
  await expect(page.getByTestId('club-mode')).toHaveText(ct('es', 'clubConfig.basicMode'));
  const after = await call(page, 'GET', `/api/association/retrieve?association=${CLUB}`);
  expect(after.full_html).toBe('');
  expect(after.html_design).toContain(NEW_NAME);
  await page.goto('/app/club');
  await expect(page.getByTestId('club-page').getByText(DESCRIPTION)).toBeVisible();
  await expect(page.getByTestId('club-frame')).toHaveCount(0);
});

test('app download page, and the mobile redirect a phone opens', async ({ page, browser }) => {
  await as(page, 'admin', 'descarga');
  await expect(page.getByRole('heading', { name: st('es', 'download.title') })).toBeVisible();
  for (const card of ['download-any', 'download-ios', 'download-android']) await expect(page.getByTestId(card).locator('canvas')).toBeVisible();
  await expect(page.getByTestId('download-ios').getByRole('link')).toHaveAttribute('href', APP_STORE);
  await expect(page.getByTestId('download-android').getByRole('link')).toHaveAttribute('href', PLAY_STORE);
  await shot(page, 'club-download-es-wide');

  // a phone that scans the one QR goes on to its own store, without logging in
  for (const [agent, store] of [
    [IPHONE, APP_STORE],
    [ANDROID, PLAY_STORE],
  ]) {
    const phone = await browser.newContext({ userAgent: agent, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await phone.route(/^https:\/\/(apps\.apple\.com|play\.google\.com)\//, (r) => r.fulfill({ contentType: 'text/html', body: '<title>store</title>' }));
    const p = await phone.newPage();
    await p.goto('/app/movil');
    await expect(p).toHaveURL(store);
    await phone.close();
  }
  // a computer stays and sees the stores
  const desk = await browser.newContext();
  const d = await desk.newPage();
  await d.goto('/app/movil');
  await expect(d.getByTestId('download-ios')).toBeVisible();
  await expect(d.getByTestId('download-any')).toHaveCount(0);
  await shot(d, 'club-mobile-redirect-es-wide');
  await desk.close();
});

test('narrow and English: the configuration, the designer asks for a wider screen, the download page', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await as(page, 'admin', 'clubmanager');
  await page.evaluate(() => localStorage.setItem('socius.lang', 'en'));
  await page.reload();
  await expect(page.getByRole('heading', { name: ct('en', 'clubConfig.title') })).toBeVisible();
  await expect(page.getByTestId('club-description')).toHaveValue(`${DESCRIPTION}\n\nTraiga su carnet de socio.`);
  await shot(page, 'club-manager-en-narrow');
  await page.goto('/app/htmleditor');
  await expect(page.getByTestId('designer-narrow')).toContainText(ct('en', 'designer.narrow'));
  await shot(page, 'club-designer-en-narrow');
  await page.goto('/app/descarga');
  await expect(page.getByTestId('download-any').locator('canvas')).toBeVisible();
  await shot(page, 'club-download-en-narrow');
  await page.evaluate(() => localStorage.setItem('socius.lang', 'es'));
});

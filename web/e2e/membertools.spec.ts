import { chromium, expect, test, type Page } from './fixtures';
import { readFileSync, writeFileSync } from 'node:fs';
import { chooseClub, login, setLanguage, shot, tr, type Lang } from './helpers';

// Member tools: users manager, member validation (typed code and a real QR through a fake camera),
// registration, document reading (fixed OCR text and one real OCR run), push and SMS managers.
const DEMO_CLUB = 1;

test.describe.configure({ mode: 'serial' });

/** A string of the memberTools feature dictionaries. */
function mt(lang: Lang, key: string): string {
  const d = JSON.parse(readFileSync(new URL(`../src/features/memberTools/locales/${lang}.json`, import.meta.url), 'utf8'));
  return `memberTools.${key}`.split('.').reduce((o: any, k) => o?.[k], d) as string;
}

/** A Spanish DNI with its right letter. */
function dni(n: number): string {
  return `${n}${'TRWAGMYFPDXBNJZSQVHLCKE'[n % 23]}`;
}

async function open(page: Page, user: string, route: string) {
  await login(page, user);
  await chooseClub(page, DEMO_CLUB);
  await page.goto(`/app/${route}`);
}

const narrow = (page: Page) => page.setViewportSize({ width: 390, height: 844 });
const wide = (page: Page) => page.setViewportSize({ width: 1440, height: 900 });

/** Calls the API from the logged-in page (session cookie and CSRF token). */
async function apiPost(page: Page, path: string, body: unknown): Promise<{ status: number; json: any }> {
  return page.evaluate(
    async ({ path, body }) => {
      const token = await (await fetch('/services/session/token')).text();
      const r = await fetch(path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': token.trim() },
        body: JSON.stringify(body),
      });
      return { status: r.status, json: await r.json().catch(() => null) };
    },
    { path, body },
  );
}

/** A PNG of text lines drawn in a monospace font, as a document's machine-readable zone would be printed. */
async function mrzImage(page: Page, lines: string[], width = 1400): Promise<Buffer> {
  const url = await page.evaluate(
    ({ lines, width }) => {
      const c = document.createElement('canvas');
      c.width = width;
      c.height = 140 + lines.length * 100;
      const ctx = c.getContext('2d')!;
      ctx.fillStyle = '#f4f1ea';
      ctx.fillRect(0, 0, c.width, c.height);
      ctx.fillStyle = '#151515';
      ctx.font = `${Math.round(width / 25)}px "DejaVu Sans Mono", "Liberation Mono", monospace`;
      lines.forEach((l, i) => ctx.fillText(l, width * 0.04, 110 + i * 100));
      return c.toDataURL('image/png');
    },
    { lines, width },
  );
  return Buffer.from(url.split(',')[1], 'base64');
}

const SPECIMEN = ['IDESPBAA000589599999999R<<<<<<', '8001014F2501017ESP<<<<<<<<<<<7', 'ESPANOLA<ESPANOLA<<CARMEN<<<<<'];

/** Replaces the OCR engine's worker with one that "reads" a fixed text (the parser path without OCR noise). */
async function fakeOcr(page: Page, text: string) {
  const script = `self.onmessage = ({ data }) => {
    const { workerId, jobId, action } = data;
    const out = action === 'recognize' ? { text: ${JSON.stringify(text)} } : {};
    self.postMessage({ workerId, jobId, action, status: 'resolve', data: out });
  };`;
  await page.route('**/app/ocr/worker.min.js', (route) => route.fulfill({ contentType: 'application/javascript', body: script }));
}

test('users manager: the online accounts, 24 per page, in two languages and two widths', async ({ page }) => {
  await open(page, 'admin', 'club');
  // Enough accounts for a second page: 20 members registered with an online account.
  for (let i = 0; i < 20; i++) {
    const r = await apiPost(page, '/api/patient_dni', {
      cid: DEMO_CLUB,
      name: `Usuario${i}`,
      surname: 'Paginado',
      dni: dni(41000000 + i),
      mjid: '',
      email: `paginado${i}@demo.socius.local`,
      tlf: `61100${String(i).padStart(4, '0')}`,
      birthdate: 0,
      sendsms: false,
    });
    expect(r.status).toBe(200);
  }
  const total = await page.evaluate(async () => {
    const r = await fetch('/api/association_user/retrieve?association=1&limit=1&page=0');
    return ((await r.json()) as { total: number }).total;
  });
  expect(total).toBeGreaterThan(24);

  await page.goto('/app/usersmanager');
  const table = page.getByTestId('users-table');
  const rows = table.locator('tbody tr.ant-table-row');
  await expect(rows).toHaveCount(24);
  await expect(page.getByTestId('users-manager')).toContainText(String(total));
  await expect(table).toContainText('admin@demo.socius.local');
  await expect(table).toContainText('Staff');
  await expect(table.locator('thead')).toContainText(mt('es', 'users.lastLogin'));
  // the admin has logged in: hh:mm dd/MM/yyyy
  await expect(rows.first()).toContainText(/\d{2}:\d{2} \d{2}\/\d{2}\/\d{4}/);
  await shot(page, 'mt-usersmanager-es-wide');

  await page.getByTestId('users-manager').locator('.ant-pagination-item-2').click();
  await expect(rows).toHaveCount(total - 24);
  await expect(page).toHaveURL(/page=2/);
  await expect(table).toContainText('Paginado');
  await page.reload();
  await expect(rows).toHaveCount(total - 24);

  await narrow(page);
  await page.goto('/app/usersmanager');
  await expect(rows).toHaveCount(24);
  await shot(page, 'mt-usersmanager-es-narrow');

  await setLanguage(page, 'fr');
  await expect(table.locator('thead')).toContainText(mt('fr', 'users.lastLogin'));
  await shot(page, 'mt-usersmanager-fr-narrow');
  await wide(page);
  await shot(page, 'mt-usersmanager-fr-wide');
});

test('member validation: a typed or USB-scanned code shows the card, or USUARIO NO ENCONTRADO', async ({ page }) => {
  await open(page, 'recepcion', 'uservalidation');
  const input = page.locator('#validation-code');
  await expect(input).toBeFocused();
  await shot(page, 'mt-uservalidation-es-wide-idle');

  // Núria Fernández Soler, nº 10, fee expired
  await input.fill('30015838X');
  await input.press('Enter');
  const card = page.getByTestId('member-card');
  await expect(card).toBeVisible();
  await expect(page.getByTestId('member-card-name')).toHaveText('Núria Fernández Soler');
  await expect(page.getByTestId('member-card-number')).toHaveText('10');
  await expect(page.getByTestId('member-card-expiry')).toHaveText(mt('es', 'card.expired'));
  await expect(card).toHaveAttribute('data-verdict', 'expired');
  await expect(input).toBeFocused();
  await shot(page, 'mt-uservalidation-es-wide-expired');

  // by member number: nº 13, fee paid (green date), active
  await input.fill('13');
  await input.press('Enter');
  await expect(page.getByTestId('member-card-number')).toHaveText('13');
  await expect(page.getByTestId('member-card-expiry')).toHaveText(/^\d{2}\/\d{2}\/\d{4}$/);
  await expect(card).toHaveAttribute('data-verdict', 'ok');
  await expect(page.getByTestId('member-card-status')).toHaveText(mt('es', 'card.active'));
  await shot(page, 'mt-uservalidation-es-wide-found');

  await input.fill('NO-EXISTE-42');
  await input.press('Enter');
  await expect(page.getByTestId('validation-not-found')).toContainText('USUARIO NO ENCONTRADO');
  await expect(card).toHaveCount(0);
  await shot(page, 'mt-uservalidation-es-wide-notfound');

  // The QR button opens the scanner; without a camera it says why (spec §8) and a typed code still works.
  await page.getByTestId('validation-scan').click();
  const scanner = page.getByTestId('qr-scanner');
  await expect(scanner).toBeVisible();
  await expect(page.getByTestId('camera-problem').or(page.locator('[data-testid=qr-video]')).first()).toBeVisible();
  await expect(page.getByTestId('qr-manual-input')).toBeFocused();
  await shot(page, 'mt-uservalidation-es-wide-scanner');
  await page.getByTestId('qr-manual-input').fill('30031676R');
  await page.getByTestId('qr-manual-input').press('Enter');
  await expect(scanner).toBeHidden();
  await expect(card).toHaveAttribute('data-verdict', 'inactive');

  await narrow(page);
  await shot(page, 'mt-uservalidation-es-narrow-found');
  await page.getByTestId('validation-scan').click();
  await expect(scanner).toBeVisible();
  await shot(page, 'mt-uservalidation-es-narrow-scanner');
  await page.keyboard.press('Escape');
  await expect(scanner).toBeHidden();
  await input.fill('nadie');
  await input.press('Enter');
  await expect(page.getByTestId('validation-not-found')).toBeVisible();
  await shot(page, 'mt-uservalidation-es-narrow-notfound');

  await setLanguage(page, 'fr');
  await input.fill('30015838X');
  await input.press('Enter');
  await expect(page.getByTestId('member-card-expiry')).toHaveText(mt('fr', 'card.expired'));
  await shot(page, 'mt-uservalidation-fr-narrow-found');
  await wide(page);
  await shot(page, 'mt-uservalidation-fr-wide-found');
});

test('the QR scanner reads a real QR code from a camera', async ({ page, baseURL }) => {
  // A QR of the admin's ID number as the profile page draws it, fed to Chromium's fake camera.
  await open(page, 'admin', 'userprofile');
  const qr = page.getByTestId('profile-qr').locator('canvas');
  await expect(qr).toBeVisible();
  const W = 640;
  const H = 480;
  const rgba = await qr.evaluate(
    (src: HTMLCanvasElement, { W, H }) => {
      const c = document.createElement('canvas');
      c.width = W;
      c.height = H;
      const ctx = c.getContext('2d')!;
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, W, H);
      ctx.imageSmoothingEnabled = false;
      ctx.drawImage(src, (W - 320) / 2, (H - 320) / 2, 320, 320);
      const d = ctx.getImageData(0, 0, W, H).data;
      let s = '';
      for (let i = 0; i < d.length; i += 0x8000) s += String.fromCharCode(...d.subarray(i, i + 0x8000));
      return btoa(s);
    },
    { W, H },
  );
  const px = Buffer.from(rgba, 'base64');
  const y = Buffer.alloc(W * H);
  const u = Buffer.alloc((W * H) / 4, 128);
  const v = Buffer.alloc((W * H) / 4, 128);
  for (let i = 0; i < W * H; i++) y[i] = Math.round(0.299 * px[i * 4] + 0.587 * px[i * 4 + 1] + 0.114 * px[i * 4 + 2]);
  const video = test.info().outputPath('qr.y4m');
  writeFileSync(video, Buffer.concat([Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\nFRAME\n`), y, u, v]));

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 }, locale: 'es-ES' });
    const cam = await context.newPage();
    await open(cam, 'recepcion', 'uservalidation');
    await cam.getByTestId('validation-scan').click();
    await expect(cam.getByTestId('qr-video')).toBeVisible();
    await expect(cam.getByTestId('member-card-name')).toHaveText('Ana García Pons', { timeout: 20_000 });
    await expect(cam.getByTestId('qr-scanner')).toBeHidden();
    await shot(cam, 'mt-uservalidation-es-wide-qr-scanned');

    // The document reader's camera path: live picture with its guide, a capture, and an honest answer.
    await cam.goto('/app/dniread');
    // The browser already allows the camera here, so the reader opens it by itself.
    await expect(cam.getByTestId('dni-capture')).toBeVisible();
    await expect(cam.getByTestId('dni-camera-on')).toHaveCount(0);
    await expect(cam.getByTestId('dni-capture')).toBeFocused();
    await shot(cam, 'mt-dniread-es-wide-camera-live');
    await cam.keyboard.press('Enter');
    await expect(cam.getByTestId('dni-fields').or(cam.getByTestId('dni-nothing'))).toBeVisible({ timeout: 90_000 });
    await expect(cam.getByTestId('dni-nothing')).toContainText('No se ha podido extraer información');
    await cam.getByTestId('dni-camera-off').click();
    await expect(cam.getByTestId('dni-camera-on')).toBeVisible();
  } finally {
    await browser.close();
  }
});

test('registration: required fields, success with the SMS honestly not sent, a taken ID number', async ({ page }) => {
  await open(page, 'recepcion', 'userinvite');
  const modal = page.getByTestId('register-modal');
  await expect(modal).toBeVisible();
  await expect(page.getByTestId('register-name')).toBeFocused();
  await shot(page, 'mt-userinvite-es-wide-form');

  await page.getByTestId('register-submit').click();
  await expect(modal).toContainText(mt('es', 'invite.nameRequired'));
  await page.getByTestId('register-name').fill('Marina');
  await page.getByTestId('register-surname').fill('Costa Prat');
  await page.getByTestId('register-surname').press('Enter');
  await expect(page.getByTestId('register-missing')).toHaveText('Los campos DNI y Teléfono son obligatorios');
  await shot(page, 'mt-userinvite-es-wide-required');

  const id = dni(42424242);
  await page.getByTestId('register-dni').fill(id);
  await page.getByTestId('register-phone').fill('622 33 44 55');
  await page.getByTestId('register-email').fill('marina.costa@example.org');
  await page.getByTestId('register-sms').click();
  // Enter in the date field confirms the date and submits the form.
  await page.getByTestId('register-birthdate').fill('14/03/1991');
  await page.getByTestId('register-birthdate').press('Enter');
  const done = page.getByTestId('register-done');
  await expect(done).toContainText('El socio se a registrado correctamente');
  await expect(page.getByTestId('register-sms-state')).toContainText(mt('es', 'invite.smsNotSent'));
  await expect(page.getByTestId('register-sms-state')).not.toContainText(mt('es', 'invite.smsSent'));
  await shot(page, 'mt-userinvite-es-wide-done');

  // The new member is found by the validation screen with their birth date and an online account.
  const member = await page.evaluate(async (id) => (await fetch(`/api/getpatientbydni/retrieve?association=1&dni=${id}`)).json(), id);
  expect(member.nombre).toBe('Marina');
  expect(member.telefono).toBe('622334455');
  expect(member.online_account).toBe(true);
  expect(new Date(member.birthdate * 1000).toISOString().slice(0, 10)).toBe('1991-03-14');

  // Registering the same ID number again: a red notification with the server's message.
  await page.getByTestId('register-another').click();
  await expect(page.getByTestId('register-name')).toBeFocused();
  await page.getByTestId('register-name').fill('Otra');
  await page.getByTestId('register-surname').fill('Persona');
  await page.getByTestId('register-dni').fill(id);
  await page.getByTestId('register-phone').fill('633000111');
  await page.getByTestId('register-submit').click();
  const note = page.locator('.ant-notification-notice-error');
  await expect(note).toContainText(`El DNI ${id} ya está registrado`);
  await note.hover(); // paused while read: the screenshot and its audit may outlast its 15 s
  await shot(page, 'mt-userinvite-es-wide-taken');
  await expect(page.getByTestId('register-dni')).toBeFocused();
  await note.locator('.ant-notification-notice-close').click();
  await expect(note).toBeHidden();

  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  await expect(page.getByTestId('invite-open')).toBeVisible();
  await shot(page, 'mt-userinvite-es-wide-page');

  await narrow(page);
  await page.getByTestId('invite-open').click();
  await expect(modal).toBeVisible();
  await page.getByTestId('register-surname').press('Enter');
  await expect(page.getByTestId('register-name')).toBeVisible();
  await shot(page, 'mt-userinvite-es-narrow-form');
  await page.keyboard.press('Escape');
  await shot(page, 'mt-userinvite-es-narrow-page');

  await setLanguage(page, 'fr');
  await page.getByTestId('invite-open').click();
  await page.getByTestId('register-name').fill('Zoé');
  await page.getByTestId('register-surname').fill('Martin');
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('register-missing')).toHaveText(mt('fr', 'invite.dniPhoneRequired'));
  await shot(page, 'mt-userinvite-fr-narrow-form');
  await wide(page);
  await shot(page, 'mt-userinvite-fr-wide-form');
});

test('document reading: the parser path with a fixed OCR text, then registering the member', async ({ page }) => {
  await fakeOcr(page, ['REINO DE ESPAÑA', ...SPECIMEN.map((l) => l.replace(/</g, ' < ').replace(/ +/g, ' ')), ''].join('\n'));
  await open(page, 'recepcion', 'dniread');
  await expect(page.getByTestId('dni-camera-on')).toBeVisible();
  await shot(page, 'mt-dniread-es-wide-idle');

  await page.getByTestId('dni-file').setInputFiles({ name: 'dni.png', mimeType: 'image/png', buffer: await mrzImage(page, SPECIMEN) });
  const fields = page.getByTestId('dni-fields');
  await expect(fields).toBeVisible();
  await expect(page.getByTestId('dni-name')).toHaveText('Carmen');
  await expect(page.getByTestId('dni-surname')).toHaveText('Espanola Espanola');
  await expect(page.getByTestId('dni-number')).toHaveText('99999999R');
  await expect(page.getByTestId('dni-birthdate')).toHaveText('01/01/1980');
  await expect(page.getByTestId('dni-checks')).toHaveText(mt('es', 'dni.checksOk'));
  await expect(page.getByTestId('dni-register')).toBeFocused();
  await shot(page, 'mt-dniread-es-wide-fields');

  await page.getByTestId('dni-register').click();
  await expect(page).toHaveURL(/\/app\/userinvite\?.*dni=99999999R/);
  await expect(page.getByTestId('register-from-document')).toBeVisible();
  await expect(page.getByTestId('register-name')).toHaveValue('Carmen');
  await expect(page.getByTestId('register-surname')).toHaveValue('Espanola Espanola');
  await expect(page.getByTestId('register-dni')).toHaveValue('99999999R');
  await expect(page.getByTestId('register-birthdate')).toHaveValue('01/01/1980');
  await expect(page.getByTestId('register-phone')).toBeFocused();
  await shot(page, 'mt-dniread-es-wide-prefilled');
  await page.getByTestId('register-phone').fill('655443322');
  await page.getByTestId('register-phone').press('Enter');
  await expect(page.getByTestId('register-done')).toContainText('El socio se a registrado correctamente');

  await narrow(page);
  await page.goto('/app/dniread');
  await page.getByTestId('dni-file').setInputFiles({ name: 'dni.png', mimeType: 'image/png', buffer: await mrzImage(page, SPECIMEN) });
  await expect(page.getByTestId('dni-number')).toHaveText('99999999R');
  await shot(page, 'mt-dniread-es-narrow-fields');

  await setLanguage(page, 'fr');
  await page.unroute('**/app/ocr/worker.min.js');
  await fakeOcr(page, 'REPUBLIQUE FRANCAISE\nNOM PRENOM\n');
  await page.goto('/app/dniread');
  await page.getByTestId('dni-file').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: await mrzImage(page, ['NOTHING TO SEE']) });
  await expect(page.getByTestId('dni-nothing')).toContainText(mt('fr', 'dni.nothing'));
  await shot(page, 'mt-dniread-fr-narrow-nothing');
  await wide(page);
  await shot(page, 'mt-dniread-fr-wide-nothing');
  // without a camera the reason is given (spec §8) and the photo upload is offered
  await page.getByTestId('dni-camera-on').click();
  await expect(page.getByTestId('camera-problem').or(page.getByTestId('dni-capture')).first()).toBeVisible();
  await shot(page, 'mt-dniread-fr-wide-camera');
});

test('document reading: a real OCR run on a rendered machine-readable zone', async ({ page }) => {
  await open(page, 'recepcion', 'dniread');
  await page.getByTestId('dni-file').setInputFiles({ name: 'dni.png', mimeType: 'image/png', buffer: await mrzImage(page, SPECIMEN) });
  await expect(page.getByTestId('dni-working')).toBeVisible();
  const fields = page.getByTestId('dni-fields');
  const nothing = page.getByTestId('dni-nothing');
  await expect(fields.or(nothing)).toBeVisible({ timeout: 90_000 });
  if (await fields.isVisible()) {
    // What the check digits vouch for must be right.
    if ((await fields.getAttribute('data-verified')) !== 'failed') {
      await expect(page.getByTestId('dni-number')).toHaveText('99999999R');
      await expect(page.getByTestId('dni-birthdate')).toHaveText('01/01/1980');
    }
  } else {
    await expect(nothing).toContainText('No se ha podido extraer información');
  }
  await shot(page, 'mt-dniread-es-wide-real-ocr');
});

test('push manager: validation, then a send the page reports honestly as not sent', async ({ page }) => {
  await open(page, 'social', 'pushnotificationsmanager');
  const body = page.getByTestId('push-body');
  await expect(body).toBeFocused();
  await shot(page, 'mt-push-es-wide-empty');

  await page.getByTestId('push-send').click();
  await expect(page.getByTestId('push-form')).toContainText('Tienes que escribir algo antes');
  await body.fill('Mañana abrimos a las 17:00. ¡Os esperamos!');
  await expect(page.getByTestId('push-preview')).toHaveText('Mañana abrimos a las 17:00. ¡Os esperamos!');
  await body.press('Enter');
  await expect(page.getByTestId('push-form')).toContainText(mt('es', 'push.pickRequired'));

  const picker = page.getByTestId('push-members');
  await picker.click();
  await page.keyboard.type('José');
  const noAccount = page.locator('.ant-select-item-option-disabled').filter({ hasText: 'José García' }).first();
  await expect(noAccount).toContainText(mt('es', 'push.noAccount'));
  await shot(page, 'mt-push-es-wide-picker');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('Ana');
  await page.locator('.ant-select-item-option').filter({ hasText: 'Ana García Pons' }).click();
  await page.keyboard.press('Escape');
  await expect(picker).toContainText('Ana García Pons');

  await page.getByTestId('push-send').click();
  const outcome = page.getByTestId('push-outcome');
  await expect(outcome).toHaveAttribute('data-state', 'none');
  await expect(page.getByTestId('push-outcome-title')).toHaveText(mt('es', 'push.notSent'));
  await expect(page.getByTestId('push-count-not-sent')).toHaveText('1');
  await expect(page.getByTestId('push-count-sent')).toHaveText('0');
  await expect(page.getByText('Notificación enviada correctamente')).toHaveCount(0);
  await shot(page, 'mt-push-es-wide-not-sent');

  // Everyone with an online account: asks first, then sends to all of them.
  await page.getByTestId('push-new').click();
  await body.fill('Asamblea general el viernes a las 20:00');
  await page.getByTestId('push-audience').getByText(mt('es', 'push.audienceAll')).click();
  await expect(page.getByTestId('push-all-note')).toBeVisible();
  await page.getByTestId('push-send').click();
  const confirm = page.locator('.ant-modal-confirm');
  await expect(confirm).toContainText(mt('es', 'push.confirmTitle'));
  const n = Number((await confirm.locator('.ant-modal-confirm-content').innerText()).match(/\d+/)?.[0]);
  expect(n).toBeGreaterThan(1);
  await shot(page, 'mt-push-es-wide-confirm');
  await confirm.getByRole('button', { name: mt('es', 'push.confirmOk') }).click();
  await expect(page.getByTestId('push-count-not-sent')).toHaveText(String(n));
  await expect(outcome).toHaveAttribute('data-state', 'none');

  await narrow(page);
  await shot(page, 'mt-push-es-narrow-not-sent');
  await setLanguage(page, 'fr');
  await expect(page.getByTestId('push-outcome-title')).toHaveText(mt('fr', 'push.notSent'));
  await shot(page, 'mt-push-fr-narrow-not-sent');
  await wide(page);
  await shot(page, 'mt-push-fr-wide-not-sent');
});

test('SMS manager: the number grid, and where invitations are really sent', async ({ page }) => {
  await open(page, 'social', 'smsmanager');
  await expect(page.getByTestId('sms-info')).toContainText(mt('es', 'sms.notAvailableTitle'));
  const number = page.getByTestId('sms-number');
  await expect(number).toBeFocused();
  for (const k of ['6', '1', '2']) await page.getByTestId('sms-grid').getByRole('button', { name: k, exact: true }).click();
  await page.keyboard.type('345678');
  await expect(number).toHaveValue('612345678');
  await expect(page.getByTestId('sms-send')).toBeDisabled();
  await shot(page, 'mt-smsmanager-es-wide');
  await narrow(page);
  await shot(page, 'mt-smsmanager-es-narrow');
  await setLanguage(page, 'fr');
  await expect(page.getByTestId('sms-info')).toContainText(mt('fr', 'sms.notAvailableTitle'));
  await shot(page, 'mt-smsmanager-fr-narrow');
  await wide(page);
  await shot(page, 'mt-smsmanager-fr-wide');
  // A Social user may not open the staff or registration screens: they are named, not linked.
  await expect(page.getByTestId('sms-info')).toContainText(mt('fr', 'sms.inviteTitle'));
  await expect(page.getByTestId('sms-go-invite')).toHaveCount(0);
  await expect(page.getByTestId('sms-go-staff')).toHaveCount(0);
});

test('SMS manager: a Manager is led to where SMS invitations are sent', async ({ page }) => {
  await open(page, 'manager', 'smsmanager');
  await page.getByTestId('sms-go-invite').click();
  await expect(page).toHaveURL(/\/app\/userinvite/);
  await expect(page.getByTestId('register-modal')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto('/app/smsmanager');
  await page.getByTestId('sms-go-staff').click();
  await expect(page).toHaveURL(/\/app\/staffmanager/);
});

test('the member tools are in the menu with their translated names', async ({ page }) => {
  await open(page, 'admin', 'club');
  const menu = page.getByTestId('side-menu');
  const item = menu.getByTestId('menu-item-uservalidation');
  if (!(await item.isVisible())) await menu.getByTestId('menu-group-members').click();
  for (const name of ['usersmanager', 'uservalidation', 'userinvite', 'dniread']) {
    await expect(menu.getByTestId(`menu-item-${name}`)).toHaveText(tr('es', `menu.items.${name}`));
  }
  await expect(async () => {
    await item.click();
    await expect(page).toHaveURL(/\/app\/uservalidation/, { timeout: 2_000 });
  }).toPass();
  await expect(page.locator('#validation-code')).toBeFocused();
});

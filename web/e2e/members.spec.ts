import { expect, test, type Page } from './fixtures';
import { readFileSync } from 'node:fs';
import { chooseClub, download, featureText, unzip, login, settle, shot, sign, tr, type Lang, setLanguage, openFromMenu, FAKE_CAMERA, getJson, openAs, WINDOWS } from './helpers';

// The member screens against the real binary and its demo data (club 1 "Club Demo Socius", 42 demo
// members plus the staff records). The camera is Chromium's fake device.
const CLUB = 1;

test.use(FAKE_CAMERA);
test.describe.configure({ mode: 'serial' });

const mt = (lang: Lang, key: string, vars?: Record<string, string | number>) => featureText('members', lang, key, vars);
const es = (key: string, vars?: Record<string, string | number>) => mt('es', key, vars);

const NEW = {
  nombre: 'Valentina',
  surname: 'Ortega',
  surname2: 'Llamas',
  dni: '71234567X',
  phone: '333 123 4567',
  email: 'valentina.ortega@correo.example',
  keychain: '0004455667',
  notes: 'Socia de prueba e2e',
};

const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text, { exact: true }).first();
const fieldError = (page: Page, text: string) => page.locator('.ant-form-item-explain-error').getByText(text, { exact: true });

const asAdmin = (page: Page, path: string) => openAs(page, 'admin', CLUB, path);

/** Runs one search from the member manager's bar: clears it, fills one field, presses Enter. */
async function searchBy(page: Page, field: string, value: string) {
  await page.getByTestId('search-clear').click();
  await page.getByTestId(`search-${field}`).fill(value);
  await page.getByTestId(`search-${field}`).press('Enter');
}

async function closeDetail(page: Page) {
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('member-detail-body')).toBeHidden();
}

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

test('roles: Recepción has no export and no delete; a Budtender cannot open the member manager', async ({ page }) => {
  await login(page, 'recepcion');
  await chooseClub(page, CLUB);
  await page.goto('/app/patientmanager');
  await expect(page.getByTestId('members-table').locator('tbody tr[data-row-key]').first()).toBeVisible();
  await expect(page.getByTestId('export-button')).toHaveCount(0);
  await expect(page.getByTestId('selection-delete')).toHaveCount(0);
  await page.getByTestId('members-table').locator('tbody tr[data-row-key]').nth(8).click();
  await expect(page.getByTestId('detail-checkin')).toBeVisible();
  await expect(page.getByTestId('detail-delete')).toHaveCount(0);
  await closeDetail(page);

  await page.context().clearCookies();
  await page.evaluate(() => localStorage.removeItem('socius.session'));
  await login(page, 'budtender');
  await chooseClub(page, CLUB);
  await page.goto('/app/patientmanager');
  await expect(page.getByText(tr('es', 'access.roleRefused'))).toBeVisible();
});

test('member manager: 14 a page from the server, paging to page 3, wide and narrow', async ({ page }) => {
  await asAdmin(page, 'patientmanager');
  const table = page.getByTestId('members-table');
  const rows = table.locator('tbody tr[data-row-key]');
  await expect(rows).toHaveCount(14);
  const all = await getJson(page, `/api/ficha_socio?association=${CLUB}&limit=14&page=0`);
  expect(all.total_fichas).toBeGreaterThanOrEqual(30);
  await expect(page.getByText(`1–14 de ${all.total_fichas}`)).toBeVisible();
  // the numbers are right-aligned in tabular figures
  const cell = rows.first().getByTestId('cell-number').locator('..');
  await expect(cell).toHaveCSS('text-align', 'right');
  await expect(cell).toHaveCSS('font-variant-numeric', 'tabular-nums');
  await shot(page, 'members-manager-es-wide');

  await table.locator('.ant-pagination-item-3').click();
  const third = await getJson(page, `/api/ficha_socio?association=${CLUB}&limit=14&page=2`);
  await expect(rows.first().getByTestId('cell-number')).toHaveText(String(third.data[0].number));
  await expect(rows).toHaveCount(Math.min(14, third.total_fichas - 28));
  await expect(table.locator('.ant-pagination-item-active')).toHaveText('3');
  await expect(page.getByText(`29–${Math.min(42, third.total_fichas)} de ${third.total_fichas}`)).toBeVisible();
  await page.mouse.wheel(0, 900);
  await shot(page, 'members-manager-es-page3');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/app/patientmanager');
  await expect(rows.first()).toBeVisible();
  await shot(page, 'members-manager-es-narrow');
  await rows.nth(8).click();
  await expect(page.getByTestId('member-detail-body')).toBeVisible();
  await shot(page, 'members-detail-es-narrow');
});

test('add a member through the three steps: validation, webcam photo, steps, signature', async ({ page }) => {
  await asAdmin(page, 'patientcreate');
  await expect(page.getByTestId('step-personal')).toBeVisible();
  await expect(page.getByTestId('f-nombre')).toBeFocused();

  // Step 3 cannot be reached by clicking its header.
  await page.getByTestId('member-steps').getByText(es('members.create.steps.contract')).click();
  await expect(page.getByTestId('step-personal')).toBeVisible();

  // spec §5: name, then surname, then ID number — field message and toast, and the form stays on step 1.
  await page.getByTestId('step-next').click();
  await expect(fieldError(page, 'El nombre es obligatorio')).toBeVisible();
  await expect(toast(page, 'El campo «Nombre» es obligatorio')).toBeVisible(); // named by its label, as the form shows it
  await shot(page, 'members-create-validation-es');
  await page.getByTestId('f-nombre').fill(NEW.nombre);
  await page.getByTestId('f-nombre').press('Enter');
  await expect(fieldError(page, 'El apellido es obligatorio')).toBeVisible();
  await expect(toast(page, 'El campo «Primer apellido» es obligatorio')).toBeVisible();
  await expect(fieldError(page, 'El nombre es obligatorio')).toHaveCount(0);
  await page.getByTestId('f-surname').fill(NEW.surname);
  await page.getByTestId('step-next').click();
  await expect(fieldError(page, 'El DNI es obligatorio')).toBeVisible();
  await expect(toast(page, 'El campo «DNI / NIE» es obligatorio')).toBeVisible();
  await expect(page.getByTestId('step-personal')).toBeVisible();

  await page.getByTestId('f-surname2').fill(NEW.surname2);
  await page.getByTestId('f-dni').fill(NEW.dni.toLowerCase());
  await page.getByTestId('f-birthday').click();
  await page.getByTestId('f-birthday').fill('15/03/1990');
  await page.getByTestId('f-birthday').press('Enter');
  await expect(page.getByTestId('step-personal')).toBeVisible();
  await page.getByTestId('f-country-code').click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'IT +39' }).click();
  await page.getByTestId('f-telefono').fill(NEW.phone);
  await page.getByTestId('f-email').fill(NEW.email);
  await page.getByTestId('f-street').fill('Carrer de Verdi 21, 2º 1ª');
  await page.getByTestId('f-city').fill('Barcelona');
  await page.getByTestId('f-postal').fill('08012');
  // the country offers the spec's list (another is typed as it is written)
  await page.getByTestId('f-country').click();
  const offered = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(offered).toHaveText(['España', 'Italia', 'Francia', 'Estados Unidos', 'Chile', 'Costa Rica', 'Alemania', 'Malta']);
  await offered.filter({ hasText: 'España' }).click();
  await expect(page.getByTestId('f-country')).toHaveValue('España');

  // Photo with the webcam (Chromium's fake camera).
  await page.getByTestId('photo-take').click();
  await expect(page.getByTestId('webcam-capture')).toBeEnabled();
  await shot(page, 'members-create-webcam-es');
  await page.getByTestId('webcam-capture').click();
  await page.getByTestId('webcam-use').click();
  await expect(page.getByTestId('photo-preview')).toHaveAttribute('src', /^data:image\/jpeg/);
  await shot(page, 'members-create-step1-es');

  // Step 2: membership.
  await page.getByTestId('step-next').click();
  await expect(page.getByTestId('step-membership')).toBeVisible();
  await page.getByTestId('f-type').getByText(es('members.types.terapeutico')).click();
  // A USB reader types the key fob and Enter: the reading stays, the form does not jump ahead.
  await page.getByTestId('f-keychain').click();
  await page.keyboard.type(NEW.keychain);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('step-membership')).toBeVisible();
  await expect(page.getByTestId('f-keychain')).toHaveValue(NEW.keychain);
  await page.getByTestId('f-category').click();
  await page.locator('.ant-select-item-option').filter({ hasText: 'Socio fundador' }).click();
  await expect(page.getByTestId('f-forecast')).toHaveValue('60');
  await page.getByTestId('f-forecast').fill('45');
  await expect(page.getByTestId('f-negative-wallet')).toBeVisible();
  // Turning staff on forces the online account on.
  await page.getByTestId('f-staff').click();
  await expect(page.getByTestId('f-online')).toBeChecked();
  await expect(page.getByTestId('f-online')).toBeDisabled();
  await expect(page.getByTestId('f-roles')).toBeVisible();
  await page.getByTestId('f-staff').click();
  await expect(page.getByTestId('f-roles')).toHaveCount(0);
  await expect(page.getByTestId('f-online')).not.toBeChecked(); // back to what it was
  await expect(page.getByTestId('f-online')).toBeEnabled();
  await page.getByTestId('f-guarantors').click();
  await page.keyboard.type('jose');
  await page.locator('.ant-select-item-option').filter({ hasText: 'García Gómez' }).first().click();
  await page.keyboard.press('Escape');
  await page.getByTestId('f-notes').fill(NEW.notes);
  await page.getByTestId('f-documents').locator('input[type=file]').setInputFiles({ name: 'dni-valentina.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.locator('.ant-upload-list-item-done').filter({ hasText: 'dni-valentina.pdf' })).toBeVisible();
  await shot(page, 'members-create-step2-es');

  // Back and forth keeps what was typed.
  await page.getByTestId('step-prev').click();
  await expect(page.getByTestId('f-nombre')).toHaveValue(NEW.nombre);
  await page.getByTestId('step-next').click();
  await expect(page.getByTestId('f-keychain')).toHaveValue(NEW.keychain);

  // Step 3: contract and signature drawn with the mouse.
  await page.getByTestId('step-next').click();
  await expect(page.getByTestId('step-contract')).toBeVisible();
  await expect(page.getByTestId('step-contract')).toContainText(`${NEW.nombre} ${NEW.surname} ${NEW.surname2}`);
  await expect(page.getByTestId('step-contract')).toContainText(NEW.dni);
  const box = (await page.getByTestId('signature-canvas').boundingBox())!;
  await page.mouse.move(box.x + 40, box.y + 110);
  await page.mouse.down();
  for (let i = 0; i <= 32; i++) await page.mouse.move(box.x + 40 + i * 10, box.y + 100 + Math.sin(i / 2.5) * 35);
  await page.mouse.up();
  await expect(page.getByTestId('signature-clear')).toBeEnabled();
  await shot(page, 'members-create-step3-es');

  await page.getByTestId('step-finish').click();
  await expect(page).toHaveURL(/\/app\/patientmanager\?propdni=71234567X&nid=\d+/);
  const saved = (await getJson(page, `/api/ficha_socio?association=${CLUB}&dni=${NEW.dni}`)).data[0];
  await expect(toast(page, es('members.create.savedNew', { number: saved.number }))).toBeVisible();
  await expect(page.getByTestId('detail-name')).toHaveText(`${NEW.nombre} ${NEW.surname} ${NEW.surname2}`);
  await shot(page, 'members-created-detail-es');

  expect(saved).toMatchObject({
    nombre: NEW.nombre,
    surname: NEW.surname,
    surname2: NEW.surname2,
    dni: NEW.dni,
    country_code: '39',
    telefono: '3331234567',
    email: NEW.email,
    type: 'terapeutico',
    keychain: NEW.keychain,
    consum_forecast: 45,
    notes: NEW.notes,
    is_staff: false,
    online_account: false,
    memcard_address: { thoroughfare: 'Carrer de Verdi 21, 2º 1ª', locality: 'Barcelona', postal_code: '08012', country: 'España' },
  });
  expect(saved.category_member.title).toBe('Socio fundador');
  expect(saved.foto.url).toMatch(/^\/api\/files\//);
  expect(saved.signature.url).toMatch(/^\/api\/files\//);
  expect(saved.documents.map((d: { name: string }) => d.name)).toEqual(['dni-valentina.pdf']);
  expect(saved.endorsement_member.map((g: { nombre: string }) => g.nombre)).toEqual(['José']);
  expect(new Date(saved.birthdate * 1000).toISOString().slice(0, 10)).toBe('1990-03-15');
});

test('a duplicate ID number is found as it is typed, on step 1; errors are the form\'s own; the contract must be signed', async ({ page }) => {
  await asAdmin(page, 'patientcreate');
  await page.getByTestId('f-nombre').fill('Otra');
  await page.getByTestId('f-surname').fill('Persona');
  // José García Gómez (nº 8) has it: said under the field as soon as the field is left
  await page.getByTestId('f-dni').fill('30000000l');
  await page.getByTestId('f-dni').press('Tab');
  const refusal = 'El DNI 30000000L ya está registrado en el socio nº 8 (José García Gómez)';
  await expect(fieldError(page, refusal)).toBeVisible();
  await expect(page.getByTestId('step-personal')).toBeVisible();
  await shot(page, 'members-create-duplicate-es');
  // the steps do not go on while it is taken
  await page.getByTestId('step-next').click();
  await expect(page.getByTestId('step-personal')).toBeVisible();
  await expect(fieldError(page, refusal)).toBeVisible();
  await expect(page.getByTestId('f-dni')).toBeFocused();
  // typing another number clears it; a free one is not refused (the check answers as it is typed)
  await page.getByTestId('f-dni').fill('30000000');
  await expect(fieldError(page, refusal)).toHaveCount(0);
  await page.getByTestId('f-dni').fill('79999999Q');

  // an e-mail the form cannot take is said by the form, in the user's language (not the browser's)
  await page.getByTestId('f-email').fill('otra@');
  await page.getByTestId('step-next').click();
  await expect(fieldError(page, es('members.validation.emailInvalid'))).toBeVisible();
  await expect(page.getByTestId('step-personal')).toBeVisible();
  await page.getByTestId('f-email').fill('');

  // the demo club asks for the contract's signature: Finalizar without one saves nothing
  await page.getByTestId('step-next').click();
  await expect(page.getByTestId('step-membership')).toBeVisible();
  await page.getByTestId('step-next').click();
  await expect(page.getByTestId('step-contract')).toContainText(es('members.create.signatureRequiredHint'));
  await page.getByTestId('step-finish').click();
  await expect(page.getByTestId('signature-required')).toHaveText(es('members.validation.signatureRequired'));
  await expect(page).toHaveURL(/\/app\/patientcreate$/);
  await shot(page, 'members-create-signature-required-es');
  expect((await getJson(page, `/api/ficha_socio?association=${CLUB}&dni=79999999Q`)).data).toHaveLength(0);
});

test('find the new member by every field, accent-free names, a key fob reader, and nobody', async ({ page }) => {
  await asAdmin(page, 'patientmanager');
  const rows = page.getByTestId('members-table').locator('tbody tr[data-row-key]');
  await expect(rows.first()).toBeVisible();
  const saved = (await getJson(page, `/api/ficha_socio?association=${CLUB}&dni=${NEW.dni}`)).data[0];
  const fullName = `${NEW.nombre} ${NEW.surname} ${NEW.surname2}`;

  // The key fob field has the focus: a reader types the digits and Enter, the search runs at once.
  await expect(page.getByTestId('search-keychain')).toBeFocused();
  await page.keyboard.type(NEW.keychain);
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Socio encontrado')).toBeVisible();
  await expect(page.getByTestId('detail-name')).toHaveText(fullName);
  await expect(page.getByTestId('detail-expiry')).toHaveAttribute('data-state', 'none');
  await shot(page, 'members-detail-es-wide');
  await closeDetail(page);
  await expect(page.getByTestId('search-keychain')).toHaveValue('');
  await expect(page.getByTestId('search-keychain')).toBeFocused();

  for (const [field, value] of [
    ['number', String(saved.number)],
    ['nombre', 'valentina'],
    ['surname', 'llamas'],
    ['dni', NEW.dni.toLowerCase()],
    ['email', NEW.email],
    ['telefono', '333 123 4567'],
  ] as const) {
    await searchBy(page, field, value);
    await expect(toast(page, 'Socio encontrado'), `search by ${field}`).toBeVisible();
    await expect(page.getByTestId('detail-name')).toHaveText(fullName);
    await expect(rows).toHaveCount(1);
    await closeDetail(page);
    await expect(page.getByTestId('search-number')).toHaveValue('');
    await expect(page.getByTestId('search-keychain')).toHaveValue('');
  }

  // "jose" finds every José (accents do not matter); several results open nobody.
  await searchBy(page, 'nombre', 'jose');
  await expect(rows.first()).toContainText('José');
  const joses = await getJson(page, `/api/ficha_socio?association=${CLUB}&nombre=jose`);
  expect(joses.total_fichas).toBeGreaterThan(1);
  await expect(rows).toHaveCount(joses.total_fichas);
  for (const text of await rows.allInnerTexts()) expect(text).toContain('José');
  await expect(page.getByTestId('member-detail-body')).toHaveCount(0);

  // QR reader (the club has gestion_avanzada_socios): a member's QR carries the ID number; the
  // scanner also takes a typed code, which is what the fake camera leaves us.
  await page.getByTestId('search-qr').click();
  await expect(page.getByTestId('qr-scanner')).toBeVisible();
  await shot(page, 'members-qr-es');
  await page.getByTestId('qr-manual-input').fill(NEW.dni);
  await page.getByTestId('qr-manual-input').press('Enter');
  await expect(toast(page, 'Socio encontrado')).toBeVisible();
  await expect(page.getByTestId('detail-name')).toHaveText(fullName);
  await closeDetail(page);
  // A code that is no ID number but a key fob finds the member too.
  await page.getByTestId('search-qr').click();
  await page.getByTestId('qr-manual-input').fill(NEW.keychain);
  await page.getByTestId('qr-manual-input').press('Enter');
  await expect(page.getByTestId('detail-name')).toHaveText(fullName);
  await expect(page.getByTestId('search-keychain')).toHaveValue('');
  await closeDetail(page);

  // ?propdni= prefills the ID number and searches.
  await page.goto('/app/patientmanager?propdni=30000000L');
  await expect(page.getByTestId('search-dni')).toHaveValue('30000000L');
  await expect(toast(page, 'Socio encontrado')).toBeVisible();
  await expect(page.getByTestId('detail-name')).toHaveText('José García Gómez');
  await closeDetail(page);

  await searchBy(page, 'nombre', 'zzyzx');
  await expect(toast(page, 'Socio no encontrado')).toBeVisible();
  await expect(page.getByTestId('table-empty')).toBeVisible();
  await shot(page, 'members-manager-empty-es');
});

test('export every match as socios.xlsx and socios.csv and read them back', async ({ page }) => {
  await asAdmin(page, 'patientmanager');
  await expect(page.getByTestId('members-table').locator('tbody tr[data-row-key]').first()).toBeVisible();
  const total = (await getJson(page, `/api/ficha_socio?association=${CLUB}&limit=1`)).total_fichas;

  await page.getByTestId('export-button').click();
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
  expect(csv.suggestedFilename()).toBe('socios.csv');
  const text = readFileSync(await csv.path(), 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const lines = text.slice(1).trim().split(/\r?\n/);
  expect(lines[0].split(';').slice(0, 5)).toEqual(['Nº socio', 'Nombre', 'Primer apellido', 'Segundo apellido', 'DNI']);
  expect(lines.length - 1).toBe(total); // every match, not one page
  const mine = lines.find((l) => l.includes(NEW.dni))!.split(';');
  expect(mine.slice(1, 5)).toEqual([NEW.nombre, NEW.surname, NEW.surname2, NEW.dni]);
  expect(mine).toContain('(+39) 3331234567');

  // With a filter the file holds only the matches.
  await searchBy(page, 'nombre', 'jose');
  await page.getByTestId('export-button').click();
  const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-xlsx').click()]);
  expect(xlsx.suggestedFilename()).toBe('socios.xlsx');
  const buf = readFileSync(await xlsx.path());
  expect(buf.subarray(0, 2).toString()).toBe('PK');
  const files = unzip(buf);
  const sheet = files['xl/worksheets/sheet1.xml'];
  expect(sheet).toContain('José');
  expect(sheet).not.toContain(NEW.nombre);
  await expect(toast(page, es('members.manager.exported', { file: 'socios.xlsx' }))).toBeVisible();
});

test('data export (GDPR): the Administrador downloads a member\'s data as JSON; the menu tells the last export', async ({ page }) => {
  const openMember = async () => {
    await page.goto('/app/patientmanager');
    await page.getByTestId('members-table').locator('tbody tr[data-row-key]').nth(8).click();
    await expect(page.getByTestId('member-detail-body')).toBeVisible();
    return Number(await page.getByTestId('member-detail-body').getAttribute('data-nid'));
  };
  const before = (lang: Lang) => mt(lang, 'members.dataExport.last', { date: '@', staff: '' }).split('@')[0];
  await asAdmin(page, 'club');
  const nid = await openMember();
  const member = (await getJson(page, `/api/ficha_socio?association=${CLUB}&nid=${nid}&limit=1`)).data[0];
  await page.getByTestId('detail-data-export').click();
  await expect(page.getByTestId('data-export-last')).toHaveText(es('members.dataExport.never'));
  await expect(page.getByTestId('data-export-pdf')).toHaveText(es('members.dataExport.pdf'));
  await shot(page, 'members-data-export-es-wide');
  const file = await download(page, 'data-export-json');
  expect(file.name).toBe(`socio-${member.number}.json`);
  const doc = JSON.parse(file.body.toString('utf8'));
  expect(doc.member.number).toBe(member.number);
  expect(doc.member.nid).toBe(nid);
  expect(Array.isArray(doc.orders) && Array.isArray(doc.wallet) && Array.isArray(doc.check_ins)).toBe(true);
  await page.getByTestId('detail-data-export').click();
  await expect(page.getByTestId('data-export-last')).toContainText(before('es'));

  await page.goto('/app/club');
  await setLanguage(page, 'en');
  await page.setViewportSize({ width: 390, height: 844 });
  await openMember();
  await page.getByTestId('detail-data-export').click();
  await expect(page.getByTestId('data-export-last')).toContainText(before('en'));
  await expect(page.getByTestId('data-export-json')).toHaveText(mt('en', 'members.dataExport.json'));
  await shot(page, 'members-data-export-en-narrow');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/app/club');
  await setLanguage(page, 'es');
});

test('check in and out: from the member, from selected rows, and from the menu dialog', async ({ page }) => {
  const since = Math.floor(Date.now() / 1000) - 5;
  await asAdmin(page, 'patientmanager');
  await searchBy(page, 'dni', NEW.dni);
  await expect(page.getByTestId('detail-name')).toBeVisible();
  await expect(page.getByTestId('detail-checkin')).toBeFocused(); // Enter checks the member in
  await page.keyboard.press('Enter');
  await expect(toast(page, es('members.detail.checkedIn'))).toBeVisible();
  await page.getByTestId('detail-checkout').click();
  await expect(toast(page, es('members.detail.checkedOut'))).toBeVisible();
  await closeDetail(page);

  // Selected rows; nobody selected says so.
  await page.getByTestId('search-clear').click();
  await page.getByTestId('selection-access').click();
  await expect(toast(page, 'Selecciona un socio al menos')).toBeVisible();
  const rows = page.getByTestId('members-table').locator('tbody tr[data-row-key]');
  await rows.nth(7).locator('.ant-checkbox-input').check();
  await rows.nth(8).locator('.ant-checkbox-input').check();
  await expect(page.getByTestId('selection-bar')).toContainText('2 socios seleccionados');
  await page.getByTestId('selection-access').click();
  await expect(page.getByTestId('access-dialog').locator('.ant-modal-body')).toBeVisible();
  await expect(page.getByTestId('access-dialog').locator('.ant-select-selection-item')).toHaveCount(2);
  await shot(page, 'members-access-es-wide');
  await page.getByTestId('access-submit').click();
  await expect(toast(page, es('members.access.checkedIn'))).toBeVisible();
  const picked = await rows.nth(7).getAttribute('data-row-key');

  // The selection is kept for the next action; one action at a time.
  await page.getByTestId('selection-access').click();
  await expect(page.getByTestId('access-dialog').locator('.ant-select-selection-item')).toHaveCount(2);
  await page.getByTestId('access-out').click();
  await expect(page.getByTestId('access-action').locator('.ant-radio-button-wrapper-checked')).toHaveCount(1);
  await page.getByTestId('access-submit').click();
  await expect(toast(page, es('members.access.checkedOut'))).toBeVisible();
  await expect(page.getByTestId('access-dialog').locator('.ant-modal-body')).toBeHidden();

  const until = Math.floor(Date.now() / 1000) + 5;
  const history = await getJson(page, `/api/checkin_checkout?association=${CLUB}&start_date=${since}&end_date=${until}`);
  const actions = (dni: string) => history.data.filter((e: any) => e.membercard.dni === dni).map((e: any) => e.action);
  expect(actions(NEW.dni)).toEqual(['ENTRA', 'SALE']);
  const pickedDni = (await getJson(page, `/api/ficha_socio?association=${CLUB}&nid=${picked}`)).data[0].dni;
  expect(actions(pickedDni)).toEqual(['ENTRA', 'SALE']);
});

test('access control by keyboard only: a partial name opens the picker, Enter registers, the field is ready again', async ({ page }) => {
  const since = Math.floor(Date.now() / 1000) - 3600;
  await asAdmin(page, 'accesscontrol');
  const josesEvents = async () => {
    const until = Math.floor(Date.now() / 1000) + 5;
    const history = await getJson(page, `/api/checkin_checkout?association=${CLUB}&start_date=${since}&end_date=${until}`);
    return history.data.filter((e: any) => e.membercard.dni === '30000000L').map((e: any) => e.action) as string[];
  };
  const before = await josesEvents();
  const field = page.getByTestId('access-member');
  await expect(field).toBeFocused();
  await expect(page.getByTestId('access-submit')).toHaveText(es('members.access.registerIn'));
  await shot(page, 'members-access-page-es-wide');

  // part of a surname: the "Socios activos" picker opens with it instead of taking the first hit
  await page.keyboard.type('Garc');
  await page.keyboard.press('Enter');
  const search = page.getByTestId('members-search');
  await expect(search).toBeFocused();
  await expect(search).toHaveValue('Garc');
  const jose = (await getJson(page, `/api/ficha_socio?association=${CLUB}&dni=30000000L`)).data[0];
  const row = page.getByTestId(`members-row-${jose.nid}`);
  await expect(row).toBeVisible();
  await shot(page, 'members-access-picker-es-wide');
  // the arrows reach José, Enter registers him
  for (let i = 0; i < 5 && (await row.getAttribute('aria-current')) !== 'true'; i++) await page.keyboard.press('ArrowDown');
  await expect(row).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('Enter');
  const who = `${jose.number} · José García Gómez`;
  await expect(toast(page, es('members.access.registeredIn', { member: who }))).toBeVisible();
  await expect(search).toBeHidden();
  // ready for the next member: the field is empty and has the focus
  await expect(field).toHaveValue('');
  await expect(field).toBeFocused();
  await expect(page.getByTestId('access-recent-item').first()).toContainText('José García Gómez');

  // the exit: back to the action, the arrow chooses it, and the focus returns to the field; an ID
  // number names one member and registers them at once
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('access-submit')).toHaveText(es('members.access.registerOut'));
  await expect(field).toBeFocused();
  await page.keyboard.type('30000000L');
  await page.keyboard.press('Enter');
  await expect(toast(page, es('members.access.registeredOut', { member: who }))).toBeVisible();
  await expect(field).toHaveValue('');
  await expect(field).toBeFocused();
  await expect(page.getByTestId('access-recent-item')).toHaveCount(2);

  // nobody found: said so, the text kept to correct
  await page.keyboard.type('Zzzxq');
  await page.keyboard.press('Enter');
  await expect(toast(page, es('members.access.notFound', { text: 'Zzzxq' }))).toBeVisible();
  await expect(field).toHaveValue('Zzzxq');
  await expect(field).toBeFocused();

  // José's entry and exit were recorded, and nothing else
  expect(await josesEvents()).toEqual([...before, 'ENTRA', 'SALE']);

  // on a phone the action and the button fit the screen
  await page.setViewportSize({ width: 390, height: 844 });
  for (const id of ['access-action', 'access-submit', 'access-member']) {
    const box = (await page.getByTestId(id).boundingBox())!;
    expect(box.x, id).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, id).toBeLessThanOrEqual(390);
  }
  await shot(page, 'members-access-page-es-narrow');
  await page.setViewportSize({ width: 1440, height: 900 });
});

test('deactivate: the tag, the inactive filter, a refused check-in; activate again', async ({ page }) => {
  await asAdmin(page, 'patientmanager');
  await searchBy(page, 'dni', NEW.dni);
  await expect(page.getByTestId('detail-status')).toHaveText('Activo');
  await page.getByTestId('detail-toggle-status').click();
  await expect(toast(page, 'Socio desactivado')).toBeVisible();
  await expect(page.getByTestId('detail-status')).toHaveText('Inactivo');
  const saved = (await getJson(page, `/api/ficha_socio?association=${CLUB}&dni=${NEW.dni}`)).data[0];
  expect(saved.status_member).toBe(0);
  await page.getByTestId('detail-checkin').click();
  await expect(toast(page, `El socio nº ${saved.number} está inactivo`)).toBeVisible();
  await closeDetail(page);

  await page.getByTestId('search-clear').click();
  await page.getByTestId('search-status').getByText('Inactivos', { exact: true }).click();
  const rows = page.getByTestId('members-table').locator('tbody tr[data-row-key]');
  await expect(rows.filter({ hasText: NEW.dni })).toHaveCount(1);
  for (const text of await rows.allInnerTexts()) expect(text).toContain('Inactivo');
  await page.getByTestId('search-status').getByText('Activos', { exact: true }).click();
  await expect(rows.filter({ hasText: NEW.dni })).toHaveCount(0);

  await searchBy(page, 'dni', NEW.dni);
  await expect(page.getByTestId('detail-status')).toHaveText('Inactivo');
  await page.getByTestId('detail-toggle-status').click();
  await expect(toast(page, 'Socio activado')).toBeVisible();
  await expect(page.getByTestId('detail-status')).toHaveText('Activo');
});

test('modify opens the form with the member and saves the change', async ({ page }) => {
  await asAdmin(page, 'patientmanager');
  await searchBy(page, 'dni', NEW.dni);
  // the detail opens by itself for the one member found; act once it shows that member
  await expect(page.getByTestId('detail-name')).toContainText(NEW.nombre);
  await settle(page);
  await page.getByTestId('detail-modify').click();
  await expect(page).toHaveURL(/\/app\/patientcreate\?nid=\d+/);
  await expect(page.getByTestId('f-nombre')).toHaveValue(NEW.nombre);
  await expect(page.getByTestId('f-telefono')).toHaveValue('3331234567');
  await expect(page.getByTestId('photo-preview')).toHaveAttribute('src', /^\/api\/files\//);
  await shot(page, 'members-edit-es');
  await page.getByTestId('f-surname2').fill('Llamas Pérez');
  await page.getByTestId('step-next').click();
  await expect(page.getByTestId('f-keychain')).toHaveValue(NEW.keychain);
  await page.getByTestId('step-next').click();
  await page.getByTestId('step-finish').click();
  await expect(toast(page, es('members.create.savedEdit'))).toBeVisible();
  await expect(page.getByTestId('detail-name')).toHaveText(`${NEW.nombre} ${NEW.surname} Llamas Pérez`);
  const saved = (await getJson(page, `/api/ficha_socio?association=${CLUB}&dni=${NEW.dni}`)).data[0];
  expect(saved.surname2).toBe('Llamas Pérez');
  expect(saved.signature.url).toMatch(/^\/api\/files\//); // kept
  expect(saved.documents).toHaveLength(1);
});

test('delete: needs a selection, asks for confirmation, then the member is gone', async ({ page }) => {
  await asAdmin(page, 'patientmanager');
  await expect(page.getByTestId('members-table').locator('tbody tr[data-row-key]').first()).toBeVisible();
  if (await page.getByTestId('clear-selection').count()) await page.getByTestId('clear-selection').click();
  await page.getByTestId('selection-delete').click();
  await expect(toast(page, 'Primero debes seleccionar un socio')).toBeVisible();

  await searchBy(page, 'dni', NEW.dni);
  // as a person would: the member's dialog shows who it is before the delete is pressed (the click waits for the dialog at rest)
  await expect(page.getByTestId('detail-name')).toContainText(`${NEW.nombre} ${NEW.surname}`);
  await page.getByTestId('detail-delete').click();
  const confirm = page.locator('.ant-modal-confirm');
  await expect(confirm).toContainText('Esta acción no se puede deshacer');
  await shot(page, 'members-delete-confirm-es');
  await confirm.getByTestId('confirm-delete').click();
  await expect(toast(page, 'Socio eliminado')).toBeVisible();
  await expect(page.getByTestId('member-detail-body')).toHaveCount(0);
  await searchBy(page, 'dni', NEW.dni);
  await expect(toast(page, 'Socio no encontrado')).toBeVisible();
  expect((await getJson(page, `/api/ficha_socio?association=${CLUB}&dni=${NEW.dni}`)).total_fichas).toBe(0);
});

test('staff screen: staff only, 10 a page, push and SMS invitation told as the server says', async ({ page }) => {
  await asAdmin(page, 'staffmanager');
  const table = page.getByTestId('staff-table');
  const rows = table.locator('tbody tr[data-row-key]');
  await expect(rows.first()).toBeVisible();
  const staff = await getJson(page, `/api/ficha_socio?association=${CLUB}&is_staff=1&limit=10`);
  await expect(rows).toHaveCount(Math.min(10, staff.total_fichas));
  for (const h of ['Nº', 'Nombre', 'Apellidos', 'DNI', 'Email', 'Teléfono', 'Monedero', 'Fin de cuota', 'Tipo', 'Cuenta online', 'Activo']) {
    await expect(table.locator('thead')).toContainText(h);
  }
  await expect(rows.first().locator('[aria-readonly=true]')).toHaveCount(2); // online account and active, read-only
  await shot(page, 'members-staff-es-wide');

  // Enter runs the search.
  await page.getByTestId('staff-search-nombre').fill('lucia');
  await page.getByTestId('staff-search-nombre').press('Enter');
  await expect(toast(page, 'Socio encontrado')).toBeVisible();
  await expect(page.getByTestId('detail-name')).toHaveText('Lucía Martín Ruiz');
  await closeDetail(page);
  await expect(rows).toHaveCount(1);

  const lucia = (await getJson(page, `/api/ficha_socio?association=${CLUB}&dni=34567890V`)).data[0];
  await page.getByTestId(`staff-more-${lucia.nid}`).click();
  await page.getByTestId('staff-push').click();
  await expect(page.getByTestId('push-dialog').locator('.ant-modal-body')).toBeVisible();
  await page.getByTestId('push-send').click();
  await expect(fieldError(page, 'Tienes que escribir algo antes')).toBeVisible();
  await page.getByTestId('push-body').fill('Reunión a las 20h hoy');
  await expect(page.getByTestId('push-body')).toHaveValue('Reunión a las 20'); // 16 characters
  await shot(page, 'members-push-es');
  await page.getByTestId('push-body').press('Enter');
  // The demo has no push provider: the app says so instead of claiming it was sent.
  await expect(
    toast(page, 'La notificación se ha guardado pero no se ha enviado: no hay proveedor de push configurado o los socios no tienen dispositivo'),
  ).toBeVisible();
  await expect(toast(page, 'Notificación enviada correctamente')).toHaveCount(0);

  // Lucía logs in with her own password: her account is hers, so no invitation (a password link) is made for it.
  await page.getByTestId(`staff-more-${lucia.nid}`).click();
  await page.getByTestId('staff-sms').click();
  await expect(toast(page, es('members.errors.member.account_active'))).toBeVisible();
  await expect(toast(page, 'SMS de invitación enviado correctamente')).toHaveCount(0);

  // Status from the row menu.
  await page.getByTestId(`staff-more-${lucia.nid}`).click();
  await page.getByTestId('staff-status').click();
  await expect(toast(page, 'Socio desactivado')).toBeVisible();
  await expect(rows.first().locator('.ant-checkbox-checked')).toHaveCount(1); // online only
  await page.getByTestId(`staff-more-${lucia.nid}`).click();
  await page.getByTestId('staff-status').click();
  await expect(toast(page, 'Socio activado')).toBeVisible();
  await expect(rows.first().locator('.ant-checkbox-checked')).toHaveCount(2);
});

test('SMS invitation to a staff member without a phone asks for one', async ({ page }) => {
  // A staff member created by the Administrador without a phone.
  await asAdmin(page, 'patientcreate');
  await page.getByTestId('f-nombre').fill('Bruno');
  await page.getByTestId('f-surname').fill('Sin Teléfono');
  await page.getByTestId('f-dni').fill('72345678B');
  await page.getByTestId('step-next').click();
  await page.getByTestId('f-staff').click();
  await page.getByTestId('f-roles').getByText('Recepción').click();
  await page.getByTestId('step-next').click();
  await sign(page); // the demo club asks for the contract's signature (firma_contrato)
  await page.getByTestId('step-finish').click();
  await expect(page).toHaveURL(/patientmanager/);
  const bruno = (await getJson(page, `/api/ficha_socio?association=${CLUB}&dni=72345678B`)).data[0];
  expect(bruno).toMatchObject({ is_staff: true, online_account: true, memcard_roles: ['Recepción'] });

  await page.goto('/app/staffmanager');
  await page.getByTestId(`staff-more-${bruno.nid}`).click();
  await page.getByTestId('staff-sms').click();
  await expect(page.getByTestId('phone-dialog')).toContainText(
    'El usuario no dispone e nº de teléfono, ¿A qué número de teléfono le enviamos la invitación?',
  );
  await shot(page, 'members-sms-phone-es');
  await page.getByTestId('phone-input').fill('612 000 111');
  await page.getByTestId('phone-input').press('Enter');
  await expect(
    toast(page, 'El mensaje se ha guardado pero no se ha enviado: no hay proveedor configurado o el socio no tiene dispositivo'),
  ).toBeVisible();
  const after = (await getJson(page, `/api/ficha_socio?association=${CLUB}&dni=72345678B`)).data[0];
  expect(after.telefono).toBe('612000111');
});

test('member categories: list, refused discount, create, edit, delete', async ({ page }) => {
  await asAdmin(page, 'club');
  await openFromMenu(page, 'admin', 'membercategories');
  const dialog = page.getByTestId('categories-dialog');
  await expect(dialog).toContainText('Socio fundador');
  await expect(dialog).toContainText('10 %');
  await shot(page, 'members-categories-es-wide');

  await page.getByTestId('category-title').fill('Socio VIP');
  await page.getByTestId('category-discount').fill('150');
  await page.getByTestId('category-discount').press('Enter');
  await expect(fieldError(page, 'El descuento debe estar entre 0 y 100')).toBeVisible();
  await page.getByTestId('category-discount').fill('15');
  await page.getByTestId('category-add').click();
  await expect(toast(page, 'Categoría creada')).toBeVisible();
  const row = dialog.locator('tr', { hasText: 'Socio VIP' });
  await expect(row).toContainText('15 %');

  const cats = await getJson(page, `/api/membership_category/?association=${CLUB}`);
  const vip = cats.find((c: { title: string }) => c.title === 'Socio VIP');
  await page.getByTestId(`category-edit-${vip.nid}`).click();
  await page.getByTestId('category-edit-discount').fill('20');
  await page.getByTestId('category-edit-discount').press('Enter');
  await expect(toast(page, 'Categoría guardada')).toBeVisible();
  await expect(row).toContainText('20 %');

  await page.getByTestId(`category-delete-${vip.nid}`).click();
  await page.getByTestId('category-delete-ok').click();
  await expect(toast(page, 'Categoría eliminada')).toBeVisible();
  await expect(dialog.locator('tr', { hasText: 'Socio VIP' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog.locator('.ant-modal-body')).toBeHidden();
  await expect(page).toHaveURL(/\/app\/club/);
});

test('every member screen in English, wide and narrow', async ({ page }) => {
  await asAdmin(page, 'club');
  await setLanguage(page, 'en');
  const en = (key: string, vars?: Record<string, string | number>) => mt('en', key, vars);

  for (const [w, h, size] of WINDOWS) {
    await page.setViewportSize({ width: w, height: h });
    await page.goto('/app/patientmanager');
    await expect(page.getByRole('heading', { name: en('members.manager.title') })).toBeVisible();
    await expect(page.getByTestId('members-table').locator('tbody tr[data-row-key]').first()).toBeVisible();
    await shot(page, `members-manager-en-${size}`);
    await page.getByTestId('members-table').locator('tbody tr[data-row-key]').nth(8).click();
    await expect(page.getByTestId('member-detail-body')).toBeVisible();
    await expect(page.getByTestId('detail-checkin')).toHaveText(en('members.detail.checkIn'));
    await shot(page, `members-detail-en-${size}`);
    await closeDetail(page);

    await page.goto('/app/patientcreate');
    await page.getByTestId('step-next').click();
    await expect(fieldError(page, en('members.validation.nameRequired'))).toBeVisible();
    await shot(page, `members-create-step1-en-${size}`);
    await page.getByTestId('f-nombre').fill('Emma');
    await page.getByTestId('f-surname').fill('Brown');
    await page.getByTestId('f-dni').fill('Y1234567Z');
    await page.getByTestId('step-next').click();
    await expect(page.getByTestId('step-membership')).toBeVisible();
    await shot(page, `members-create-step2-en-${size}`);
    await page.getByTestId('step-next').click();
    await expect(page.getByTestId('step-contract')).toContainText('Emma Brown');
    await shot(page, `members-create-step3-en-${size}`);

    await page.goto('/app/staffmanager');
    await expect(page.getByTestId('staff-table').locator('tbody tr[data-row-key]').first()).toBeVisible();
    await shot(page, `members-staff-en-${size}`);
    const first = await page.getByTestId('staff-table').locator('tbody tr[data-row-key]').first().getAttribute('data-row-key');
    await page.getByTestId(`staff-more-${first}`).click();
    await page.getByTestId('staff-push').click();
    await expect(page.getByTestId('push-dialog').locator('.ant-modal-body')).toBeVisible();
    await shot(page, `members-push-en-${size}`);
    await page.keyboard.press('Escape');

    await page.goto('/app/accesscontrol');
    await expect(page.getByTestId('accesscontrol-page')).toContainText(en('members.access.title'));
    await expect(page.getByTestId('access-submit')).toHaveText(en('members.access.registerIn'));
    await shot(page, `members-access-en-${size}`);

    await page.goto('/app/membercategories');
    await expect(page.getByTestId('categories-dialog')).toContainText(en('members.categories.title'));
    await shot(page, `members-categories-en-${size}`);
    await page.keyboard.press('Escape');
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await setLanguage(page, 'es');
});

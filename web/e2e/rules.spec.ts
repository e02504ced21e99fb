// The club's rules in Debian's Chromium against the real binary: the Administrador of the demo club
// finds the screen in the side menu, moves the club from Spain's pack to Germany's, tightens the
// month, is refused a looser month with the law named on the field, and sees what is stricter than
// the law; at the counter the limits hold; at admission the receptionist's new member signs the
// pack's declarations beside the contract. English and narrow at the end.
import { expect, test, type Page } from './fixtures';
import { call, chooseClub, featureText, getJson, login, openAs, openFromMenu, setLanguage, shot, sign, signature, type Lang } from './helpers';

const CLUB = 1;
test.describe.configure({ mode: 'serial' });


const rt = (lang: Lang, key: string, vars?: Record<string, string | number>) => featureText('rules', lang, `rules.${key}`, vars);
const mt = (lang: Lang, key: string, vars?: Record<string, string | number>) => featureText('members', lang, `members.${key}`, vars);
// the admission statements, hints and refusals both member forms share
const at = (lang: Lang, key: string, vars?: Record<string, string | number>) => featureText('shared/admission', lang, `admission.${key}`, vars);
const pt = (key: string, vars?: Record<string, string | number>) => featureText('pos', 'es', `pos.${key}`, vars);
const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text, { exact: true }).first();
const fieldError = (page: Page, text: string) => page.locator('.ant-form-item-explain-error').getByText(text, { exact: true });

test('the Administrador moves the club to the German pack, tightens the month and is refused a looser one', async ({ page }) => {
  await login(page, 'admin');
  await chooseClub(page, CLUB);
  await openFromMenu(page, 'admin', 'clubrules');
  await expect(page.getByRole('heading', { name: rt('es', 'title') })).toBeVisible();
  // a club that never chose keeps Spain's pack: no gram limits
  await expect(page.getByTestId('rules-pack-es')).toBeChecked();
  await expect(page.getByTestId('rules-day_limit_g')).toHaveValue('');
  await shot(page, 'rules-es-wide');

  // the German pack fills the law's values
  await page.getByText(rt('es', 'packs.de-kcang.name')).click();
  await expect(page.getByTestId('rules-day_limit_g')).toHaveValue('25');
  await expect(page.getByTestId('rules-month_limit_g')).toHaveValue('50');
  await expect(page.getByTestId('rules-override')).not.toBeChecked();
  await expect(page.getByText(rt('es', 'legalNote'))).toBeVisible();

  // looser than the law: refused on the field, naming the law; nothing is saved
  await page.getByTestId('rules-month_limit_g').fill('60');
  await page.getByTestId('rules-save').click();
  const refusal = rt('es', 'errors.rules.looser_than_law', { field: rt('es', 'fields.month_limit_g'), source: 'KCanG § 19(3)' });
  await expect(fieldError(page, refusal)).toBeVisible();
  await expect(toast(page, refusal)).toBeVisible();
  await shot(page, 'rules-refused-es-wide');
  expect((await getJson(page, `/api/club_rules?association=${CLUB}`)).pack).toBe('es');

  // stricter is kept, and said
  await page.getByTestId('rules-month_limit_g').fill('40');
  await page.getByTestId('rules-save').click();
  await expect(toast(page, rt('es', 'saved'))).toBeVisible();
  await expect(page.getByText(rt('es', 'tightened'))).toBeVisible();
  const saved = await getJson(page, `/api/club_rules?association=${CLUB}`);
  expect(saved).toMatchObject({ pack: 'de-kcang', day_limit_g: 25, month_limit_g: 40, override: false, tightened: ['month_limit_g'] });
  await expect(page.locator('.ant-message').getByText(refusal)).toHaveCount(0);
  await expect(fieldError(page, refusal)).toHaveCount(0);
  await page.getByTestId('rules-month_limit_g').scrollIntoViewIfNeeded();
  await shot(page, 'rules-de-kcang-es-wide');

  // the German pack keeps the register five years and the declarations three: the Administrador
  // removes at once what is older, and the run is listed with their name
  const records = page.getByTestId('rules-retention');
  await records.scrollIntoViewIfNeeded();
  await expect(records.getByText(rt('es', 'retention.intro', { dispensations: rt('es', 'retention.years_other', { count: 5 }), declarations: rt('es', 'retention.years_other', { count: 3 }) }))).toBeVisible();
  await page.getByTestId('rules-retention-run').click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: rt('es', 'retention.run') }).click();
  await expect(toast(page, rt('es', 'retention.done', { dispensations: 0, declarations: 0 }))).toBeVisible();
  await expect(records.locator('tbody tr.ant-table-row')).toHaveCount(1);
  const runs = (await getJson(page, `/api/club_rules/retention?association=${CLUB}`)).data;
  expect(runs).toMatchObject([{ trigger: 'manual', dispensations_forgotten: 0 }]);
  await expect(records.getByText(runs[0].staff, { exact: true })).toBeVisible();
  await shot(page, 'rules-retention-es-wide');
});

test('at the counter under the German pack: the card shows what is left, a young member is refused a strong product, the day limit holds', async ({ page }) => {
  await openAs(page, 'admin', CLUB, 'pos');
  const stamp = Date.now() % 100000;
  const category = (await call(page, 'GET', `/api/association_category/?association=${CLUB}&type=dispensary`))[0].nid;
  const product = async (title: string, thc: number) => {
    const p = await call(page, 'POST', '/api/dispensario', {
      asocid: CLUB, title, dominance: 'hibrido', category, price: 6, type: 'peso', status: true, thc_percent: thc, unlimited_stock: true,
    });
    return p.pid as number;
  };
  const strong = await product(`Fuerte ${stamp}`, 18);
  const mild = await product(`Suave ${stamp}`, 8);
  const born = (years: number) => Math.floor(new Date(new Date().getFullYear() - years, 0, 1).getTime() / 1000);
  const member = async (nombre: string, years: number, dni: string) =>
    (await call(page, 'POST', '/api/ficha_socio', {
      association: CLUB, nombre, surname: `Ley ${stamp}`, dni, birthday: born(years), consum_forecast: 100,
      declarations: ['not_in_other_club', 'resident'], // the pack admits no member without them
    })).nid as number;
  const SIGNATURE = await signature(page); // the demo club asks for the member's signature at every pay
  const adult = await member('Adulta', 30, `8${String(stamp).padStart(7, '0')}A`);
  const young = await member('Joven', 19, `9${String(stamp).padStart(7, '0')}B`);
  // 20 g today for the adult, sold as any counter would
  const order = await call(page, 'POST', '/api/order', { asocid: CLUB, membership_id: adult, products: [{ pid: strong, quantity: 20 }] });
  expect((await call(page, 'POST', '/api/order/pay', { asocid: CLUB, oid: order.order.oid, membership_id: adult, type: 'tpv', signature: SIGNATURE })).order).toBeTruthy();

  // the adult's card: today against 25 g, the month against the 40 g the club set, 5 g left today
  await page.goto(`/app/pos?nid=${adult}`);
  await expect(page.getByTestId('limit-day')).toHaveText(pt('limits.day', { taken: '20', limit: '25' }));
  await expect(page.getByTestId('limit-month')).toHaveText(pt('limits.month', { taken: '20', limit: '40' }));
  await expect(page.getByTestId('limit-left')).toHaveText(pt('limits.leftToday', { grams: '5' }));
  await page.getByTestId('product-search').fill(`Fuerte ${stamp}`);
  await page.getByTestId(`product-${strong}`).click();
  await expect(page.getByTestId('add-left')).toHaveText(pt('limits.mayStillGive', { grams: '5' }));
  await shot(page, 'rules-counter-add-es-wide');
  await page.getByTestId('add-quantity').fill('6');
  await page.getByTestId('add-confirm').click();
  await page.getByTestId('order-pay').click();
  await page.getByTestId('pay-method-tpv').click();
  await page.getByTestId('pay-confirm').click();
  await expect(page.getByTestId('pay-error')).toHaveText(pt('pay.signTablet'));
  await sign(page);
  await page.getByTestId('pay-confirm').click();
  // the law's day limit: said with what is left, and no reason is asked of anyone
  await expect(page.getByTestId('pay-error')).toHaveText(
    featureText('pos', 'es', 'pos.errors.rules.day_limit', { limit: '25', taken: '20', left: '5', grams: '6' }),
  );
  await expect(page.getByTestId('pay-reason')).toHaveCount(0);
  await shot(page, 'rules-counter-refused-es-wide');
  await page.keyboard.press('Escape');

  // the young member: a product above 10 % THC is refused; the card says the cap
  await page.goto(`/app/pos?nid=${young}`);
  await expect(page.getByTestId('limit-left')).toContainText('THC');
  const y = await call(page, 'POST', '/api/order', { asocid: CLUB, membership_id: young, products: [{ pid: strong, quantity: 1 }] });
  const token = (await (await page.request.get('/services/session/token')).text()).trim();
  const refused = await page.request.post('/api/order/pay', {
    headers: { 'X-CSRF-Token': token },
    data: { asocid: CLUB, oid: y.order.oid, membership_id: young, type: 'tpv', signature: SIGNATURE },
  });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).code).toBe('rules.thc_max');
  await call(page, 'POST', '/api/order', { asocid: CLUB, oid: y.order.oid, membership_id: young, products: [{ pid: strong, quantity: 0 }, { pid: mild, quantity: 2 }] });
  const paid = await call(page, 'POST', '/api/order/pay', { asocid: CLUB, oid: y.order.oid, membership_id: young, type: 'tpv', signature: SIGNATURE });
  expect(paid.order.oid).toBe(y.order.oid);
});

test('the month limits: a month the club tightened refuses at the counter, and the young band has its own month', async ({ page }) => {
  await openAs(page, 'admin', CLUB, 'clubrules');
  // stricter months than the law's, set on the screen: 22 g, and 3 g for the young band
  await page.getByTestId('rules-month_limit_g').fill('22');
  await page.getByTestId('rules-young_month_limit_g').fill('3');
  await page.getByTestId('rules-save').click();
  await expect(toast(page, rt('es', 'saved'))).toBeVisible();
  expect(await getJson(page, `/api/club_rules?association=${CLUB}`)).toMatchObject({ month_limit_g: 22, young_month_limit_g: 3 });

  const stamp = Date.now() % 100000;
  const category = (await call(page, 'GET', `/api/association_category/?association=${CLUB}&type=dispensary`))[0].nid;
  const mild = (await call(page, 'POST', '/api/dispensario', {
    asocid: CLUB, title: `Mes ${stamp}`, dominance: 'hibrido', category, price: 6, type: 'peso', status: true, thc_percent: 7.5, unlimited_stock: true,
  })).pid as number;
  const born = (years: number) => Math.floor(new Date(new Date().getFullYear() - years, 0, 1).getTime() / 1000);
  const member = async (nombre: string, years: number, dni: string) =>
    (await call(page, 'POST', '/api/ficha_socio', {
      association: CLUB, nombre, surname: `Mes ${stamp}`, dni, birthday: born(years), consum_forecast: 100, declarations: ['not_in_other_club', 'resident'],
    })).nid as number;
  const SIGNATURE = await signature(page);
  const adult = await member('Adulto', 30, `6${String(stamp).padStart(7, '0')}C`);
  const young = await member('Joven', 19, `7${String(stamp).padStart(7, '0')}D`);
  const sell = async (nid: number, grams: number) => {
    const o = await call(page, 'POST', '/api/order', { asocid: CLUB, membership_id: nid, products: [{ pid: mild, quantity: grams }] });
    await call(page, 'POST', '/api/order/pay', { asocid: CLUB, oid: o.order.oid, membership_id: nid, type: 'tpv', signature: SIGNATURE });
  };
  await sell(adult, 20);
  await sell(young, 2);

  // the adult: 20 g of 22 this month, so 2 g left today although the day allows 5
  const payAtCounter = async (nid: number, grams: number) => {
    await page.goto(`/app/pos?nid=${nid}`);
    await page.getByTestId('product-search').fill(`Mes ${stamp}`);
    await page.getByTestId(`product-${mild}`).click();
    await page.getByTestId('add-quantity').fill(String(grams));
    await page.getByTestId('add-confirm').click();
    await page.getByTestId('order-pay').click();
    await page.getByTestId('pay-method-tpv').click();
    await sign(page);
    await page.getByTestId('pay-confirm').click();
  };
  await page.goto(`/app/pos?nid=${adult}`);
  await expect(page.getByTestId('limit-month')).toHaveText(pt('limits.month', { taken: '20', limit: '22' }));
  // the member opened by link is named on its tab once read
  await expect(page.getByTestId(`tab-${adult}`)).toContainText('Adulto');
  await expect(page.getByTestId('limit-left')).toHaveText(pt('limits.leftToday', { grams: '2' }));
  await payAtCounter(adult, 3);
  await expect(page.getByTestId('pay-error')).toHaveText(
    featureText('pos', 'es', 'pos.errors.rules.month_limit', { limit: '22', taken: '20', left: '2', grams: '3' }),
  );
  await expect(page.getByTestId('pay-reason')).toHaveCount(0);
  await shot(page, 'rules-month-refused-es-wide');
  await page.keyboard.press('Escape');

  // the young member: 2 g of the band's 3, so 2 g more are refused with the band's month named
  await payAtCounter(young, 2);
  await expect(page.getByTestId('pay-error')).toHaveText(
    featureText('pos', 'es', 'pos.errors.rules.young_month_limit', { limit: '3', taken: '2', left: '1', grams: '2' }),
  );
  await page.keyboard.press('Escape');
  // what the band may still receive, on a phone in English
  await page.setViewportSize({ width: 390, height: 844 });
  await setLanguage(page, 'en');
  await page.goto(`/app/pos?nid=${young}`);
  await expect(page.getByTestId('limit-month')).toHaveText(featureText('pos', 'en', 'pos.limits.month', { taken: '2', limit: '3' }));
  await expect(page.getByTestId('limit-left')).toContainText(featureText('pos', 'en', 'pos.limits.leftToday', { grams: '1' }));
  await shot(page, 'rules-young-card-en-narrow');
  await setLanguage(page, 'es');
});

test('admission under the German pack: the receptionist adds a member, refused on the declarations until they are ticked', async ({ page, browser, baseURL }) => {
  const stamp = Date.now() % 100000;
  const dni = (n: number) => `${n}${String(stamp).padStart(7, '0')}C`;
  const statement = (lang: Lang, d: string) => at(lang, `declarations.${d}.statement`);
  // the first test's pack, set again by the Administrador so that this test stands on its own
  const adminWindow = await browser.newContext({ baseURL });
  const admin = await adminWindow.newPage();
  await openAs(admin, 'admin', CLUB, 'today');
  await call(admin, 'PUT', '/api/club_rules', { association: CLUB, pack: 'de-kcang', month_limit_g: 40 });
  await adminWindow.close();

  /** As the receptionist: a new member's three steps, and the contract signed. */
  const fillNewMember = async (nombre: string, id: string) => {
    await page.goto('/app/patientcreate');
    await page.getByTestId('f-nombre').fill(nombre);
    await page.getByTestId('f-surname').fill(`Neumann ${stamp}`);
    await page.getByTestId('f-dni').fill(id);
    await page.getByTestId('f-birthday').click();
    await page.getByTestId('f-birthday').fill('15/03/1990');
    await page.getByTestId('f-birthday').press('Enter');
    await page.getByTestId('step-next').click();
    await expect(page.getByTestId('step-membership')).toBeVisible();
    await page.getByTestId('step-next').click();
    await expect(page.getByTestId('step-contract')).toBeVisible();
    // on a phone the pad is below the declarations, and the form's buttons float over the page's foot
    await page.getByTestId('signature-canvas').evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await sign(page);
  };
  await openAs(page, 'recepcion', CLUB, 'today');
  await fillNewMember('Greta', dni(7));
  // the law's two statements beside the signature, and no other
  await expect(page.getByText(at('es', 'lawHint', { source: 'KCanG § 16' }))).toBeVisible();
  await expect(page.getByText(statement('es', 'not_in_other_club'))).toBeVisible();
  await expect(page.getByText(statement('es', 'resident'))).toBeVisible();
  await expect(page.getByText(statement('es', 'habitual_use'))).toHaveCount(0);
  await page.getByTestId('step-finish').click();
  const refusal = 'Falta la declaración firmada del socio: «no ser socio de otra asociación» (ley: KCanG § 16)';
  await expect(fieldError(page, refusal)).toBeVisible();
  await shot(page, 'rules-admission-refused-es-wide');
  expect((await getJson(page, `/api/ficha_socio?association=${CLUB}&dni=${dni(7)}`)).data ?? []).toHaveLength(0);

  // ticked, the member is saved with both signatures, the date and who took them
  await page.getByText(statement('es', 'not_in_other_club')).click();
  await page.getByText(statement('es', 'resident')).click();
  await expect(fieldError(page, refusal)).toHaveCount(0);
  await shot(page, 'rules-admission-ticked-es-wide');
  await page.getByTestId('step-finish').click();
  await expect(page).toHaveURL(/\/app\/patientmanager/);
  const saved = (await getJson(page, `/api/ficha_socio?association=${CLUB}&dni=${dni(7)}`)).data[0];
  expect(saved.declarations.map((d: { declaration: string }) => d.declaration)).toEqual(['not_in_other_club', 'resident']);
  expect(saved.declarations[0].staff).toBe('Lucía Martín Ruiz');

  // on a phone, in English: the same refusal in the reader's words, then what was signed and when
  await page.goto('/app/today'); // the new member's card is open over the list
  await page.setViewportSize({ width: 390, height: 844 });
  await setLanguage(page, 'en');
  await fillNewMember('Hanna', dni(6));
  await page.getByTestId('step-finish').click();
  const refusalEn = at('en', 'errors.rules.declaration_required', {
    statement: at('en', 'declarations.not_in_other_club.name'),
    law: at('en', 'law', { source: 'KCanG § 16' }),
  });
  await expect(fieldError(page, refusalEn)).toBeVisible();
  await fieldError(page, refusalEn).scrollIntoViewIfNeeded();
  await shot(page, 'rules-admission-refused-en-narrow');
  await page.goto(`/app/patientcreate?nid=${saved.nid}`);
  await page.getByTestId('step-next').click();
  await expect(page.getByTestId('step-membership')).toBeVisible();
  await page.getByTestId('step-next').click();
  const day = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Madrid', day: '2-digit', month: '2-digit', year: 'numeric' });
  await expect(page.getByTestId('signed-not_in_other_club')).toHaveText(
    mt('en', 'admission.signedOnBy', { date: day.format(new Date(saved.declarations[0].signed_at * 1000)), staff: 'Lucía Martín Ruiz' }),
  );
  await page.getByTestId('signed-resident').scrollIntoViewIfNeeded();
  await shot(page, 'rules-admission-signed-en-narrow');
  await setLanguage(page, 'es');
});

test('the invitation form asks the same declarations and birth date as the member form', async ({ page }) => {
  await openAs(page, 'admin', CLUB, 'today');
  // the first test's pack, set again so that this test stands on its own
  await call(page, 'PUT', '/api/club_rules', { association: CLUB, pack: 'de-kcang', month_limit_g: 40 });
  await page.goto('/app/userinvite');
  const modal = page.getByTestId('register-modal');
  await expect(modal.getByTestId('register-declarations').locator('.ant-checkbox-wrapper')).toHaveCount(2);
  await modal.getByTestId('register-name').fill('Invitada');
  await modal.getByTestId('register-surname').fill('Ley');
  await modal.getByTestId('register-dni').fill(`5${String(Date.now() % 10000000).padStart(7, '0')}E`);
  await modal.getByTestId('register-phone').fill('600111222');
  await modal.getByTestId('register-submit').click();
  // nothing is registered without the birth date and the statements the pack asks for
  await expect(modal.locator('.ant-form-item-explain-error').first()).toBeVisible();
  await expect(page.getByTestId('register-done')).toHaveCount(0);
  await shot(page, 'rules-invite-refused-es-wide');
});

test('in English and on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openAs(page, 'admin', CLUB, 'clubrules');
  await setLanguage(page, 'en');
  await expect(page.getByRole('heading', { name: rt('en', 'title') })).toBeVisible();
  await expect(page.getByTestId('rules-pack-de-kcang')).toBeChecked();
  await expect(page.getByText(rt('en', 'law', { value: '25 g', source: 'KCanG § 19(3)' }))).toBeVisible();
  await shot(page, 'rules-en-narrow');
  await page.getByTestId('rules-month_limit_g').scrollIntoViewIfNeeded();
  await shot(page, 'rules-limits-en-narrow');
  await setLanguage(page, 'es');
});

// The club's rules in Debian's Chromium against the real binary: the Administrador of the demo club
// finds the screen in the side menu, moves the club from Spain's pack to Germany's, tightens the
// month, is refused a looser month with the law named on the field, and sees what is stricter than
// the law. English and narrow at the end.
import { expect, test, type Page } from './fixtures';
import { featureText, getJson, openAs, openFromMenu, setLanguage, shot, login, chooseClub, type Lang } from './helpers';

const CLUB = 1;
test.describe.configure({ mode: 'serial' });

const rt = (lang: Lang, key: string, vars?: Record<string, string | number>) => featureText('rules', lang, `rules.${key}`, vars);
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

// The grow room against the real binary and its demo club (club 1, every flag, cultivo included, and
// its grow room: four strains, five batches), in Spanish as the demo administrator: a strain made, seeds taken in, a batch started and moved on to
// flowering, harvested, a passed lab result, grams released to the demo's Critical (sold by weight,
// 420,5 g in stock), a few grams destroyed; then this year's annual report shows the strain's harvest, its CSV reads back the
// same, and the mass balance check holds. Each screen is shot wide and narrow.
import { expect, test, type Page } from './fixtures';
import { download, featureText, openAs, openFromMenu, setLanguage, settle, shot, type Lang } from './helpers';

const CLUB = 1;
test.describe.configure({ mode: 'serial' });

const cv = (key: string, vars?: Record<string, string | number>, lang: Lang = 'es') => featureText('cultivation', lang, `cultivation.${key}`, vars);
const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text, { exact: true }).first();
const narrow = (page: Page) => page.setViewportSize({ width: 390, height: 844 });
const wide = (page: Page) => page.setViewportSize({ width: 1440, height: 900 });

/**
 * Shoots the screen wide, then narrow, and leaves the window wide once the side menu, back from
 * behind the burger, has finished unfolding (a click on its group while it unfolds would fold it).
 */
async function both(page: Page, name: string) {
  await shot(page, `${name}-wide`);
  await narrow(page);
  await shot(page, `${name}-narrow`);
  await wide(page);
  await settle(page);
}

/** Picks an option of an antd Select by its visible text. */
async function pick(page: Page, testId: string, text: string | RegExp) {
  await page.getByTestId(testId).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first().click();
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
}

/** Today in the club's time zone (Europe/Madrid), as the date fields write it. */
const day = (offsetDays = 0) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Madrid', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date(Date.now() + offsetDays * 86400_000));
const year = Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Madrid', year: 'numeric' }).format(new Date()));

const STRAIN = 'Zkittlez Auto E2E';

test('from seed to member: a strain, seeds in, a batch grown, harvested, tested and released; the annual report and the balance', async ({ page }) => {
  await openAs(page, 'admin', CLUB, 'today');

  // ---- strains: the demo's four, then one made from the keyboard (Enter in a field saves)
  await openFromMenu(page, 'cultivation', 'strains');
  await expect(page.getByTestId('strains-table').locator('tr', { hasText: 'White Widow' })).toContainText('18–22 %');
  await page.getByTestId('strain-add').click();
  await expect(page.getByTestId('strain-name')).toBeFocused();
  await page.getByTestId('strain-name').fill(STRAIN);
  await page.getByTestId('strain-thc-min').fill('24');
  await page.getByTestId('strain-thc-max').fill('18');
  await page.getByTestId('strain-thc-max').press('Enter');
  await expect(page.locator('.ant-form-item-explain-error').getByText(cv('strains.thcRange'))).toBeVisible();
  await page.getByTestId('strain-thc-min').fill('18');
  await page.getByTestId('strain-thc-max').fill('24,5');
  await page.getByTestId('strain-cbd-max').fill('1');
  await page.getByTestId('strain-notes').fill('Afrutada, ciclo de 9 semanas');
  await shot(page, 'cultivation-strain-form-wide');
  await page.getByTestId('strain-cbd-max').press('Enter');
  await expect(toast(page, cv('strains.added', { name: STRAIN }))).toBeVisible();
  await expect(page.getByTestId('strain-form')).toBeHidden();
  const row = page.getByTestId('strains-table').locator('tr', { hasText: STRAIN });
  await expect(row).toContainText('18–24,5 %');
  await expect(row).toContainText('≤ 1 %');
  await both(page, 'cultivation-strains');

  // ---- seeds taken in: none last year; this year the demo's, and 12 seeds more
  await openFromMenu(page, 'cultivation', 'growintake');
  await expect(page.getByTestId('intake-year')).toContainText(String(year));
  await page.getByRole('button', { name: cv('common.yearBefore') }).click();
  await expect(page.getByTestId('intake-empty')).toHaveText(
    [cv('intake.emptyTitle', { year: year - 1 }), cv('intake.emptyHelp')].join(''),
  );
  await both(page, 'cultivation-intake-empty');
  await page.getByRole('button', { name: cv('common.yearAfter') }).click();
  await expect(page.getByTestId('intake-table').locator('tr', { hasText: 'Asociación Verde Norte' })).toBeVisible();
  const seedsBefore = Number(await page.getByTestId('card-seeds-amount').innerText());
  await page.getByTestId('intake-add').click();
  await pick(page, 'intake-strain', STRAIN);
  await page.getByTestId('intake-count').fill('12');
  await page.getByTestId('intake-supplier').fill('Semillas del Sur SL');
  await page.getByTestId('intake-address').fill('C/ de la Huerta 3, 41001 Sevilla');
  await expect(page.getByTestId('intake-date')).toHaveValue(day());
  await shot(page, 'cultivation-intake-form-wide');
  await page.getByTestId('intake-address').press('Enter');
  await expect(toast(page, cv('intake.recorded.seed_other', { count: 12, strain: STRAIN }))).toBeVisible();
  const intake = page.getByTestId('intake-table').locator('tr', { hasText: 'Semillas del Sur SL' });
  await expect(intake).toContainText(STRAIN);
  await expect(intake).toContainText(cv('intake.kinds.seed'));
  await expect(intake).toContainText(day());
  await expect(page.getByTestId('card-seeds-amount')).toHaveText(String(seedsBefore + 12));
  await both(page, 'cultivation-intake');

  // ---- the strain is now in use: the server refuses to delete it, and the screen says why
  await page.goto('/app/strains');
  await page.getByTestId('strains-table').locator('tr', { hasText: STRAIN }).locator('[data-testid^="strain-delete-"]').click();
  await page.getByTestId('strain-delete-ok').click();
  await expect(page.getByTestId('strain-delete-error')).toHaveText('Esta variedad tiene lotes o entradas de semillas: no se puede borrar');

  // ---- the demo's grow room on the board; a batch started there opens its page
  await openFromMenu(page, 'cultivation', 'batches');
  await expect(page.getByTestId('board-curing')).toContainText('White Widow');
  await page.getByTestId('batch-add').click();
  await pick(page, 'batch-strain', STRAIN);
  await page.getByTestId('batch-room').fill('Sala 1');
  await page.getByTestId('batch-plants').fill('9');
  await shot(page, 'cultivation-batch-form-wide');
  await page.getByTestId('batch-plants').press('Enter');
  await expect(page).toHaveURL(/\/app\/batch\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  await expect(page.getByTestId('batch-title')).toHaveText(`Lote #${id} · ${STRAIN}`);
  await expect(page.getByTestId('batch-phase')).toHaveText(cv('phases.germination'));
  await expect(page.getByTestId('event-start')).toContainText(cv('events.start_other', { count: 9 }));
  await expect(page.getByTestId('menu-item-batches').locator('xpath=ancestor::li[1]')).toHaveClass(/ant-menu-item-selected/);

  // ---- on to flowering, a phase at a time
  for (const phase of ['vegetative', 'flowering'] as const) {
    await page.getByTestId('batch-next').click();
    await page.getByTestId('batch-next-ok').click();
    await expect(page.getByTestId('batch-phase')).toHaveText(cv(`phases.${phase}`));
  }
  await expect(page.getByTestId('batch-harvest')).toBeVisible();
  await both(page, 'cultivation-batch-flowering');

  // ---- the harvest: 1.500 g wet, 420,5 g dry, best before in a year; the batch moves on to drying
  await page.getByTestId('batch-harvest').click();
  await expect(page.getByTestId('harvest-wet')).toBeFocused();
  await page.getByTestId('harvest-wet').fill('1500');
  await page.getByTestId('harvest-dry').fill('420,5');
  await page.getByTestId('harvest-best-before').fill(day(365));
  await page.getByTestId('harvest-best-before').press('Enter');
  await expect(page.locator('.ant-picker-dropdown:visible')).toHaveCount(0);
  await shot(page, 'cultivation-harvest-form-wide');
  await page.getByTestId('harvest-form-submit').click();
  await expect(toast(page, cv('batch.harvested', { grams: '420,5 g' }))).toBeVisible();
  await expect(page.getByTestId('batch-phase')).toHaveText(cv('phases.drying'));
  await expect(page.getByTestId('fact-held')).toContainText('420,5 g');
  await expect(page.getByTestId('event-harvest')).toContainText(cv('events.harvest', { grams: '420,5 g' }));

  // ---- a passed lab result sets the batch's THC
  await page.getByTestId('batch-lab').click();
  await expect(page.getByTestId('lab-thc')).toBeFocused();
  await page.getByTestId('lab-thc').fill('21,3');
  await page.getByTestId('lab-cbd').fill('0,6');
  await page.getByTestId('lab-name').fill('Kannalab Valencia');
  await shot(page, 'cultivation-lab-form-wide');
  await page.getByTestId('lab-name').press('Enter');
  await expect(toast(page, cv('batch.labPassed'))).toBeVisible();
  await expect(page.getByTestId('fact-thc')).toHaveText(/21,3\s%/);
  await expect(page.getByTestId('event-lab')).toContainText(cv('events.labPassed', { lab: 'Kannalab Valencia' }));

  // ---- 120 g released to the demo's Critical (by weight, counted stock)
  await page.getByTestId('batch-release').click();
  await expect(page.getByTestId('release-product')).toBeVisible();
  await page.getByTestId('release-product').click();
  await page.keyboard.type('Critic');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Critical' }).first().click();
  await page.getByTestId('release-grams').fill('120');
  await shot(page, 'cultivation-release-form-wide');
  await page.getByTestId('release-grams').press('Enter');
  await expect(toast(page, cv('batch.released', { grams: '120 g', product: 'Critical' }))).toBeVisible();
  await expect(page.getByTestId('batch-products')).toContainText('Critical');
  await expect(page.getByTestId('batch-products')).toContainText('120 g');
  await expect(page.getByTestId('event-release')).toContainText(cv('events.release', { grams: '120 g', product: 'Critical' }));
  await expect(page.getByTestId('fact-held')).toContainText('300,5 g');
  await expect(page.getByTestId('batch-balance-batch-sentence')).toHaveText(cv('balance.batch.holds'));
  await expect(page.getByTestId('batch-balance-stock-sentence')).toHaveText(cv('balance.stock.holds'));

  // ---- 5 g of mouldy buds destroyed from the batch, witnessed; the balance still holds
  await page.getByTestId('batch-destroy').click();
  await expect(page.getByTestId('destroy-grams')).toBeFocused();
  await page.getByTestId('destroy-grams').fill('5');
  await page.getByTestId('destroy-reason').fill('Moho en los cogollos');
  await page.getByTestId('destroy-witness').fill('Jordi Puig');
  await shot(page, 'cultivation-destroy-form-wide');
  await narrow(page);
  await shot(page, 'cultivation-destroy-form-narrow');
  await wide(page);
  await page.getByTestId('destroy-witness').press('Enter');
  await expect(toast(page, cv('batch.destroyedGrams', { grams: '5 g' }))).toBeVisible();
  await expect(page.getByTestId('event-destroy')).toContainText(cv('events.destroyGrams', { grams: '5 g' }));
  await expect(page.getByTestId('event-destroy')).toContainText('Moho en los cogollos · testigo: Jordi Puig');
  await expect(page.getByTestId('fact-held')).toContainText('295,5 g');
  await expect(page.getByTestId('batch-balance-batch-sentence')).toHaveText(cv('balance.batch.holds'));
  await both(page, 'cultivation-batch');

  // ---- the board and the table show the batch in drying, balanced, with its THC
  await page.getByTestId('batch-back').click();
  const card = page.getByTestId(`batch-card-${id}`);
  await expect(page.getByTestId('board-drying').getByTestId(`batch-card-${id}`)).toBeVisible();
  await expect(card).toContainText(STRAIN);
  await expect(card).toContainText('295,5 g');
  await expect(card).toContainText('21,3 %');
  await expect(page.getByTestId(`batch-unbalanced-${id}`)).toHaveCount(0);
  await both(page, 'cultivation-batches-board');
  await page.getByTestId('batches-view').getByText(cv('batches.table')).click();
  await expect(page.getByTestId(`batch-row-${id}`)).toContainText('Sala 1');
  await both(page, 'cultivation-batches-table');
  await page.getByTestId(`batch-row-${id}`).click();
  await expect(page).toHaveURL(new RegExp(`/app/batch/${id}$`));
  // a batch's address without its number leads to the batches; one that does not exist says so
  await page.goto('/app/batch');
  await expect(page).toHaveURL(/\/app\/batches$/);
  await page.goto('/app/batch/99999');
  await expect(page.getByTestId('batch-missing')).toHaveText(cv('batch.notFound'));

  // ---- this year's annual report: the strain's seeds and harvest, the same in the CSV, and the balance holds
  await openFromMenu(page, 'cultivation', 'annualreport');
  const line = page.getByTestId('report-table').locator('tr', { hasText: STRAIN });
  await expect(line).toBeVisible();
  await expect(page.getByTestId('report-range')).toHaveText(cv('report.range', { from: `01/01/${year}`, to: `31/12/${year}` }));
  const strainId = Number((await line.getByTestId(/^report-harvested-/).getAttribute('data-testid'))!.split('-').pop());
  await expect(page.getByTestId(`report-harvested-${strainId}`)).toHaveText('420,5 g');
  await expect(line).toContainText('12');
  await expect(line).toContainText('21,3 %');
  await expect(line).toContainText('415,5 g');
  await expect(page.getByTestId('report-totals')).toContainText(cv('report.total'));
  await expect(page.getByTestId('balance-holds')).toBeVisible();
  await expect(page.getByTestId('balance-fails')).toHaveCount(0);
  await both(page, 'cultivation-annualreport');
  const csv = await download(page, 'export-csv');
  expect(csv.name).toBe(`annual-report-${year}.csv`);
  const rows = csv.body.toString('utf8').replace(/^\uFEFF/, '').split(/\r?\n/);
  expect(rows[1]).toBe(`Del 01/01/${year} al 31/12/${year}`);
  expect(rows[2]).toBe('Variedad;Semillas recibidas;Esquejes recibidos;Cosechado (g);Dispensado (g);Destruido (g);Stock al cierre (g);THC medio (%);CBD medio (%)');
  expect(rows.find((r) => r.startsWith(`${STRAIN};`))).toBe(`${STRAIN};12;0;420,5;0;5;415,5;21,3;0,6`);

  // a quarter with nothing in it says so
  const now = Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Madrid', month: 'numeric' }).format(new Date()));
  const otherQuarter = ((Math.ceil(now / 3) % 4) + 1) as 1 | 2 | 3 | 4;
  await pick(page, 'report-period', cv('report.quarter', { n: otherQuarter }));
  if (otherQuarter > Math.ceil(now / 3)) {
    // a later quarter of this year: nothing harvested yet, but the stock at its end is still there
    await expect(page.getByTestId(`report-harvested-${strainId}`)).toHaveText('0 g');
  } else {
    await expect(page.getByTestId('report-empty')).toBeVisible();
  }
  // last year, before the demo's grow room, has nothing to report
  await pick(page, 'report-period', cv('report.wholeYear'));
  await page.getByRole('button', { name: cv('common.yearBefore') }).click();
  await expect(page.getByTestId('report-range')).toHaveText(cv('report.range', { from: `01/01/${year - 1}`, to: `31/12/${year - 1}` }));
  await expect(page.getByTestId('report-empty')).toBeVisible();
  await shot(page, 'cultivation-annualreport-empty-wide');

  // ---- in German, whose words run longest, on a phone: the batch, the board and the Jahresmeldung
  await setLanguage(page, 'de');
  await narrow(page);
  await page.goto(`/app/batch/${id}`);
  await expect(page.getByTestId('batch-title')).toHaveText(`Charge #${id} · ${STRAIN}`);
  await expect(page.getByTestId('fact-started')).toContainText(day().replace(/\//g, '.'));
  await expect(page.getByTestId('batch-balance-batch-sentence')).toHaveText(cv('balance.batch.holds', {}, 'de'));
  await shot(page, 'cultivation-de-batch-narrow');
  await page.goto('/app/batches');
  await expect(page.getByTestId(`batch-card-${id}`)).toBeVisible();
  await shot(page, 'cultivation-de-batches-narrow');
  await page.goto('/app/annualreport');
  await expect(page.getByTestId(`report-harvested-${strainId}`)).toHaveText('420,5 g');
  await shot(page, 'cultivation-de-annualreport-narrow');
  await wide(page);
  await shot(page, 'cultivation-de-annualreport-wide');
});

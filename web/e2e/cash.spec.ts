// The till in Debian's Chromium against the real binary and its demo club: cash put in and a
// refused withdrawal, the period's cards and movements, the close with its difference, the close
// history with its report, and the day's report, wide and narrow.
import { expect, test, type Page } from './fixtures';
import { readFileSync } from 'node:fs';
import { call, chooseClub, download, featureText, login, shot } from './helpers';

const CLUB = 1;
test.describe.configure({ mode: 'serial' });

const cs = (key: string, vars?: Record<string, string | number>) => featureText('cash', 'es', `cash.${key}`, vars);
const err = (code: string) => JSON.parse(readFileSync(new URL('../src/features/cash/locales/es.json', import.meta.url), 'utf8')).cash.errors[code] as string;
const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text, { exact: true }).first();
const euros = (n: number) => `${n.toFixed(2).replace('.', ',').replace(/\B(?=(\d{3})+(?!\d))/g, '.')} €`;

async function as(page: Page, user: string, path: string) {
  await login(page, user);
  await chooseClub(page, CLUB);
  await page.goto(`/app/${path}`);
}

test('cash in, a refused withdrawal, the period and its close with the difference, the history and the day', async ({ page }) => {
  await as(page, 'manager', 'movementsreport');
  await expect(page.getByRole('heading', { name: cs('movementsReport.title') })).toBeVisible();
  const before = (await call(page, 'GET', `/api/cash_movement/?asocid=${CLUB}`)).summary.cash_box_total_amount as number;
  await expect(page.getByTestId('card-box-amount')).toHaveText(euros(before));

  // a withdrawal of more than the box holds is refused; 50 € in is kept
  await page.getByTestId('open-cash-movement').click();
  await expect(page.getByTestId('move-box')).toHaveText(euros(before));
  await page.getByTestId('move-direction').getByText(cs('move.out')).click();
  await page.getByTestId('move-amount').fill(String(before + 1000));
  await page.getByTestId('move-submit').click();
  await expect(page.getByText(err('cash.box_short'))).toBeVisible();
  await page.getByTestId('move-direction').getByText(cs('move.in')).click();
  await page.getByTestId('move-amount').fill('50');
  await page.getByTestId('move-note').fill('Cambio para la noche');
  await shot(page, 'cash-movement-dialog');
  await page.getByTestId('move-submit').click();
  await expect(toast(page, cs('move.doneIn', { amount: '50,00 €' }))).toBeVisible();

  await page.goto('/app/movementsreport');
  await expect(page.getByTestId('card-box-amount')).toHaveText(euros(before + 50));
  await expect(page.getByTestId('movements-table').getByText('Cambio para la noche')).toBeVisible();
  await shot(page, 'cash-movements-wide');

  // the period's report, then the close: counted 1 € more than the box
  await page.goto('/app/closingregisterreport');
  await expect(page.getByRole('heading', { name: cs('periodReport.title') })).toBeVisible();
  await expect(page.getByTestId('card-income')).toBeVisible();
  await expect(page.getByTestId('cash-chart')).toBeVisible();
  // the period's movements as a spreadsheet, the box as its last row
  const file = await download(page, 'export-csv');
  expect(file.name).toBe('cash.csv');
  expect(file.body.toString('utf8')).toContain('Cambio para la noche');
  expect(file.body.toString('utf8').trim().split('\n').pop()).toContain(`Total en caja;;${(before + 50).toFixed(2).replace('.', ',').replace(/,00$/, '').replace(/(,\d)0$/, '$1')}`);
  await shot(page, 'cash-period-report-wide');
  await page.getByTestId('open-close').click();
  await expect(page.getByTestId('close-expected')).toHaveText(euros(before + 50));
  await page.getByTestId('close-counted').fill(String(before + 51));
  await expect(page.getByTestId('close-difference')).toHaveText('1,00 €');
  await page.getByTestId('close-note').fill('Sobra un euro');
  await shot(page, 'cash-close-dialog');
  await page.getByTestId('close-submit').click();
  await page.getByTestId('close-confirm').click();
  await expect(toast(page, cs('close.done', { difference: '1,00 €' }))).toBeVisible();

  // the next period starts with what was counted
  await page.goto('/app/movementsreport');
  await expect(page.getByTestId('card-initial-amount')).toHaveText(euros(before + 51));
  await expect(page.getByTestId('card-box-amount')).toHaveText(euros(before + 51));

  // the history: the close and its period's report
  await page.goto('/app/closeregisterhistory');
  const first = page.locator('[data-testid^="close-row-"]').first();
  await expect(first).toContainText('Sobra un euro');
  await expect(first).toContainText('1,00 €');
  await shot(page, 'cash-history-wide');
  await first.click();
  await expect(page.getByTestId('close-drawer').getByTestId('card-manual-amount')).toContainText('50,00 €');
  await shot(page, 'cash-close-report-wide');
  await page.keyboard.press('Escape');

  // the day's report, narrow
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/app/closingreport');
  await expect(page.getByRole('heading', { name: cs('dayReport.title') })).toBeVisible();
  await expect(page.getByTestId('cash-cards')).toBeVisible();
  await shot(page, 'cash-day-report-narrow');
});

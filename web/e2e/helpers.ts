import { expect, type Page } from '@playwright/test';
import { mkdirSync, readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

export const PASSWORD = 'socius-demo';
export const LANGS = ['es', 'cat', 'it', 'pt', 'en', 'fr'] as const;
export type Lang = (typeof LANGS)[number];

const screens = new URL('./screens/', import.meta.url).pathname;
mkdirSync(screens, { recursive: true });

/** Saves a screenshot of the whole page under e2e/screens/. */
export async function shot(page: Page, name: string) {
  await page.waitForLoadState('networkidle').catch(() => {});
  // let dialogs and drawers finish opening, so the picture shows the screen at rest
  await page
    .evaluate(() =>
      Promise.race([
        Promise.all(document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity).map((a) => a.finished)),
        new Promise((r) => setTimeout(r, 1500)),
      ]),
    )
    .catch(() => {});
  await page.waitForTimeout(150);
  await page.screenshot({ path: `${screens}${name}.png`, fullPage: false });
}

export function dict(lang: Lang): Record<string, any> {
  return JSON.parse(readFileSync(new URL(`../src/locales/${lang}.json`, import.meta.url), 'utf8'));
}

export function tr(lang: Lang, key: string): string {
  return key.split('.').reduce((o: any, k) => o?.[k], dict(lang)) as string;
}

/** Logs in through the form and waits for the club route. */
export async function login(page: Page, username: string, password = PASSWORD) {
  await page.goto('/app/');
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/app\/club/);
}

/** Picks a club in the chooser when it is shown. */
export async function chooseClub(page: Page, nid: number) {
  const chooser = page.getByTestId('club-chooser');
  await expect(chooser.or(page.getByTestId('club-page')).first()).toBeVisible();
  if (await chooser.isVisible()) await page.getByTestId(`club-card-${nid}`).click();
  await expect(page.getByTestId('club-page')).toBeVisible();
}

/** Runs the socius command line against the main e2e server's database. */
export function socius(...args: string[]): string {
  const port = Number(process.env.E2E_PORT ?? 18080);
  const data = port === 18080 ? 'e2e/.data/main' : `e2e/.data/${port}/main`;
  return execFileSync('../bin/socius', [...args, '--data', data], { encoding: 'utf8' }).trim();
}

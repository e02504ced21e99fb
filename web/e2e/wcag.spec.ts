import { expect, test } from './fixtures';
import { readFileSync } from 'node:fs';
import { cutLabels, spanishLeft } from './german';
import { alreadyAudited, audit, chooseClub, login, settle } from './helpers';

// Every screen and side-menu dialog of the route registry, logged in as the demo Administrador in
// German (the language whose words run longest), in a wide and a narrow window:
// - on every route, no word of the Spanish interface is left and no label is cut;
// - every route is audited with axe-core (WCAG 2.1 A and AA). The suites of each feature audit every
//   screen they photograph, in the states they reach; this sweep makes sure no route is left out,
//   including the ones still being prepared, and skips a route a feature suite has already audited
//   in the same kind of window.
// It runs after the feature suites (its own project in playwright.config.ts); the two windows run
// side by side.
const registry = readFileSync(new URL('../src/app/routes.tsx', import.meta.url), 'utf8');
const names = [...registry.matchAll(/\b(?:screen|dialog)\('([A-Za-z_]+)'/g)].map((m) => m[1]);
const DEMO_CLUB = 1;

test.describe.configure({ mode: 'parallel' });

for (const [label, viewport] of [
  ['wide', { width: 1440, height: 900 }],
  ['narrow', { width: 390, height: 844 }],
] as const) {
  test(`every route in German, ${label}: WCAG 2.1 AA, no Spanish word, no cut label`, async ({ page }) => {
    test.setTimeout(900_000);
    expect(names.length).toBeGreaterThan(40);
    await page.setViewportSize(viewport);
    await page.goto('/app/');
    await audit(page, `login-${label}`);
    await page.evaluate(() => localStorage.setItem('socius.lang', 'de'));
    await login(page, 'admin');
    await chooseClub(page, DEMO_CLUB);
    const found: string[] = [];
    let plannedSeen = false;
    for (const name of names) {
      await page.goto(`/app/${name}`);
      await expect(page.locator('.ant-spin-spinning, .ant-skeleton')).toHaveCount(0);
      await settle(page);
      // the provider's announcements are its own text (the demo's are Spanish), not the interface
      if (name !== 'novelties') for (const w of await spanishLeft(page)) found.push(`${name} Spanish ${w}`);
      for (const c of await cutLabels(page)) found.push(`${name} cut "${c}"`);
      if (alreadyAudited(`/app/${name}`, label)) continue;
      // Screens not built yet share one "being prepared" page: audited once per window.
      const planned = await page.getByTestId('planned-page').isVisible();
      if (planned && plannedSeen) continue;
      plannedSeen ||= planned;
      await audit(page, `${name}-${label}`);
    }
    expect(found).toEqual([]);
  });
}

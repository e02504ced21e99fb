import { defineConfig, devices } from '@playwright/test';
import { dataRoot, suitePort } from './e2e/server';

// End-to-end tests against the real binary (../bin/socius, built by `make build`) in Debian's
// Chromium. Spec files run in parallel, each worker with a demo server of its own that every spec
// file starts afresh (e2e/fixtures.ts); one more server announces a newer version so the update bar
// can be seen. E2E_PORT moves every port and data folder (e2e/server.ts), so two suites can run side
// by side; E2E_WORKERS sets the number of workers.
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const port = suitePort();
const browser = {
  ...devices['Desktop Chrome'],
  viewport: { width: 1440, height: 900 },
  locale: 'es-ES',
  timezoneId: 'Europe/Madrid',
  // E2E_TRACE=1 keeps a trace of each failed test (web/test-results) to open with `npx playwright show-trace`
  trace: process.env.E2E_TRACE ? ('retain-on-failure' as const) : ('off' as const),
  launchOptions: {
    executablePath: chromium,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
      '--disable-component-update', '--disable-quic', '--no-first-run', '--disable-sync'],
  },
};

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  globalSetup: './e2e/global-setup.ts',
  // Every screenshot is also an accessibility audit (helpers.ts), and a tour is long: on a machine
  // whose cores are busy with something else a tour takes several times what it takes alone. A
  // bound, not a pace: each step waits on what a person would see, up to the expect timeout.
  timeout: 360_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  reporter: [['list']],
  projects: [
    { name: 'features', testIgnore: /wcag\.spec\.ts/, use: browser },
    // the route sweep skips what the feature suites audited, so it runs once they are done
    { name: 'routes', testMatch: /wcag\.spec\.ts/, dependencies: ['features'], use: browser },
  ],
  webServer: [
    {
      command: `bash -c 'rm -rf ${dataRoot()}/newer && mkdir -p ${dataRoot()}/newer && exec ../bin/socius serve --demo --addr 127.0.0.1:${port + 1} --data ${dataRoot()}/newer'`,
      url: `http://127.0.0.1:${port + 1}/api/vue_version`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { SOCIUS_VUE_VERSION: '99.0' },
    },
  ],
});

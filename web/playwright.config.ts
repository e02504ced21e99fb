import { defineConfig, devices } from '@playwright/test';

// End-to-end tests against the real binary (../bin/socius, built by `make build`)
// in Debian's Chromium. Two servers: the demo, and a second one that announces a
// newer version so the update bar can be seen.
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// E2E_PORT moves both servers (PORT and PORT+1) and their data, so two suites can run side by side.
const port = Number(process.env.E2E_PORT ?? 18080);
const data = port === 18080 ? 'e2e/.data' : `e2e/.data/${port}`;
const serve = (port: number, dir: string, extra = '') =>
  `bash -c 'rm -rf ${dir} && mkdir -p ${dir} && exec ../bin/socius serve --demo --addr 127.0.0.1:${port} --data ${dir} ${extra}'`;

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  // every screenshot is also an accessibility audit (helpers.ts), so a test may take a while
  timeout: 120_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
    trace: 'off',
    launchOptions: {
      executablePath: chromium,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
        '--disable-component-update', '--disable-quic', '--no-first-run', '--disable-sync'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } } }],
  webServer: [
    {
      command: serve(port, `${data}/main`),
      url: `http://127.0.0.1:${port}/api/vue_version`,
      reuseExistingServer: false,
      timeout: 60_000,
      // Mail goes to PORT+2, where a suite that reads mail listens (e2e/mail.ts); otherwise it is logged as not sent.
      env: {
        SOCIUS_LOGIN_LOCK_AFTER: '1000',
        SOCIUS_LOGIN_SLOW_AFTER: '1000',
        SOCIUS_LOGIN_ADDRESS_LIMIT: '100000',
        SOCIUS_SMTP_HOST: '127.0.0.1',
        SOCIUS_SMTP_PORT: String(port + 2),
        // the members' app stores the download page and the mobile redirect offer (e2e/club.spec.ts)
        SOCIUS_APP_STORE_URL: 'https://apps.apple.com/es/app/socius-socios/id6400000000',
        SOCIUS_PLAY_STORE_URL: 'https://play.google.com/store/apps/details?id=app.socius.socios',
      },
    },
    {
      command: serve(port + 1, `${data}/newer`),
      url: `http://127.0.0.1:${port + 1}/api/vue_version`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { SOCIUS_VUE_VERSION: '99.0' },
    },
  ],
});

import { test as base } from '@playwright/test';
import { DemoServer, dataRoot, suitePort } from './server';
import { clicksWaitForOverlays } from './helpers';

export * from '@playwright/test';

/**
 * The suites' `test`: each worker runs a demo server of its own, and every spec file starts on a
 * fresh one (an empty data folder, the demo seeded again), so a file sees the demo and its own
 * changes whatever ran before it and on whichever worker. Files run in parallel on `workers`.
 *
 * The server is made fresh before the file's first test: a `beforeAll` hook runs before that, so it
 * must not read or write the server's data (security.spec's opens its mailbox only).
 */
export const test = base.extend<{ freshServer: void }, { server: DemoServer }>({
  server: [
    async ({}, use, worker) => {
      const port = suitePort() + 10 * (worker.parallelIndex + 1);
      const server = new DemoServer(port, `${dataRoot()}/w${worker.parallelIndex}`, `${dataRoot()}/w${worker.parallelIndex}.log`);
      // helpers.ts (the command line) and mail.ts find the worker's server through these
      process.env.E2E_SERVER_PORT = String(server.port);
      process.env.E2E_SERVER_DATA = server.data;
      await use(server);
      await server.stop();
    },
    { scope: 'worker', auto: true },
  ],
  freshServer: [
    async ({ server }, use, testInfo) => {
      await server.freshFor(testInfo.file);
      await use();
    },
    { auto: true },
  ],
  baseURL: async ({ server }, use) => use(server.url),
  page: async ({ page }, use) => {
    clicksWaitForOverlays(page);
    await use(page);
  },
});

import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './scripts/chromium.mjs';
import { CAPTCHA_ANSWER } from './tests/e2e/helpers/captcha.ts';

/**
 * End-to-end: the real portal (built dist/) against the real server with a throw-away PGlite
 * folder. Two servers, each on a free port with its own folder and its own seeded demo accounts,
 * and one project per server whose specs run one after another in one worker: the projects run
 * side by side but never share a session or a row. Which project a spec belongs to: README.md here
 * (tests/e2e/README.md). Workers inherit the ports chosen by the runner process.
 */
function freePort(): string {
  const script =
    "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' });
}
process.env.LP_E2E_SECRET ??= randomBytes(24).toString('base64url');
// A partner origin of the e2e runs' own (tracking.spec.ts): not 8081, which `npm run demo` and
// the chat's spec use; the servers allow it beside their defaults.
process.env.LP_E2E_PARTNER_PORT ??= freePort();

/**
 * Project `orders`: the specs that read or change the demo's order data (orders, drafts, the
 * editor, addresses, projects, sites, stock, files, shares). Project `portal`: every other spec (sign-in,
 * session, guard, shell, layout, pages, embeds), new specs included unless listed here.
 */
const ordersSpecs = [
  'addresses.spec.ts',
  'download-center.spec.ts',
  // not order data, but the two projects' times are about even with it here (tests/e2e/README.md)
  'help-center.spec.ts',
  'home-overview.spec.ts',
  'inventory.spec.ts',
  'order-attachments.spec.ts',
  'order-drafts.spec.ts',
  'order-editor.spec.ts',
  'orders.spec.ts',
  'projects.spec.ts',
  'sites.spec.ts',
  'supplier-callback.spec.ts',
  'tracking.spec.ts',
];

const servers = [
  { name: 'orders', testMatch: ordersSpecs, testIgnore: undefined },
  { name: 'portal', testMatch: undefined, testIgnore: ordersSpecs },
].map((project) => {
  const key = project.name.toUpperCase();
  process.env[`LP_E2E_PORT_${key}`] ??= freePort();
  process.env[`LP_E2E_DATA_${key}`] ??= mkdtempSync(path.join(os.tmpdir(), `lp-e2e-${project.name}-`));
  return { ...project, port: process.env[`LP_E2E_PORT_${key}`]!, data: process.env[`LP_E2E_DATA_${key}`]! };
});

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  // One worker per project (below): the two projects side by side.
  workers: servers.length,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    // No trace: recording one for every test (to keep it on a failure) cost more than the tests
    // (743 core-seconds and 403 s for the suite, against 463 and 265 without; measured). A failure
    // prints its error, keeps a screenshot, and is repeated under npm test's summary; to watch
    // one, run it again with `npx playwright test <spec> --trace on`.
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  projects: servers.map(({ name, testMatch, testIgnore, port }) => ({
    name,
    ...(testMatch ? { testMatch } : {}),
    ...(testIgnore ? { testIgnore } : {}),
    workers: 1,
    use: { baseURL: `http://127.0.0.1:${port}` },
  })),
  webServer: servers.map(({ port, data }) => ({
    // The demo accounts are what the specs sign in with (as a newcomer's `npm start` has them).
    // The data folder starts as the migrated template (server/testing/pglite-template.ts): it
    // saves each server the database cluster's creation, which a first start on an empty folder
    // (server/main.test.ts, the Node release checks) still proves.
    command:
      'node --import tsx server/testing/prepare-data-dir.ts && node --import tsx server/main.ts --seed-demo',
    url: `http://127.0.0.1:${port}/`,
    env: {
      PORT: port,
      HOST: '127.0.0.1',
      DATA_DIR: data,
      NODE_ENV: 'test',
      INTEGRATION_SECRET: process.env.LP_E2E_SECRET!,
      // One browser on one address signs in dozens of times a minute: the test flag, said here.
      RATE_LIMITS: 'off',
      // Test only: every captcha takes this answer (the server refuses it in production).
      CAPTCHA_TEST_ANSWER: CAPTCHA_ANSWER,
      // A "warehouse system" the user menu opens signed in (tests/e2e/linked-systems.spec.ts): a
      // public page of the test server itself stands in for the other system's sign-in address.
      LINKED_SYSTEMS: JSON.stringify([
        {
          key: 'wms',
          name: '仓储管理系统',
          name_en: 'Warehouse System',
          url: `http://127.0.0.1:${port}/service-agreement?from=portal`,
        },
      ]),
      CORS_ORIGINS: `http://127.0.0.1:8081,http://localhost:8081,http://127.0.0.1:${process.env.LP_E2E_PARTNER_PORT}`,
    },
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  })),
});

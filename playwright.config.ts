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
 * folder (server/testing/e2e-server.ts, on a free port). Every test gets a demo set of its own
 * (tests/e2e/fixtures.ts), so the tests run side by side in any order. Workers inherit the port
 * and folder chosen by the runner process.
 */
function freePort(): string {
  const script =
    "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' });
}
process.env.LP_E2E_SECRET ??= randomBytes(24).toString('base64url');
// The partner site's origin (tests/e2e/helpers/partner.ts): a free port, not 8081, which a
// developer's `npm run demo` may hold; the portal allows it (CORS_ORIGINS).
process.env.LP_E2E_PARTNER_PORT ??= freePort();
process.env.LP_E2E_PORT ??= freePort();
// The DNS server single sign-on's domain proofs are read from (tests/e2e/single-sign-on.spec.ts):
// a free port (UDP and TCP), its records files written by the specs (tests/e2e/helpers/dns.ts).
process.env.LP_E2E_DNS_PORT ??= freePort();
if (!process.env.LP_E2E_DNS_DIR) {
  process.env.LP_E2E_DNS_DIR = mkdtempSync(path.join(os.tmpdir(), 'lp-e2e-dns-'));
  process.env.LP_E2E_DNS_DIR_TEMPORARY = '1';
}
if (!process.env.LP_E2E_DATA) {
  process.env.LP_E2E_DATA = mkdtempSync(path.join(os.tmpdir(), 'lp-e2e-'));
  // made here, so the server removes it when it stops (about 1.2 GB a run: the tests' demo sets
  // and their files); a folder given as LP_E2E_DATA is kept
  process.env.LP_E2E_DATA_TEMPORARY = '1';
}
const port = process.env.LP_E2E_PORT;

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: true,
  // Three workers on the two-core machines we and CI have: with two, a test waiting (a countdown,
  // the server seeding another test's set, a page's idle calls) left the cores about 77 % busy;
  // a third fills those waits (220 → 198 s alone, the same core-seconds), a fourth only shares the
  // cores (242 s). docs/decisions/test-time.md.
  workers: 3,
  retries: 0,
  // every API answer of the run checked against the OpenAPI document (tests/e2e/answers-teardown.ts)
  globalTeardown: './tests/e2e/answers-teardown.ts',
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
  projects: [{ name: 'portal', use: { baseURL: `http://127.0.0.1:${port}` } }],
  webServer: [
    {
      // The server's data folder starts as the migrated template, with the reference data and
      // none of `--seed-demo`'s users: each test asks for a demo set of its own (tests/e2e/fixtures.ts).
      // From a bundle made now from the sources: one file to load, not 400 through tsx
      // (scripts/server-bundle.mjs).
      command: 'node scripts/server-bundle.mjs && node server/.bundle/e2e-server.mjs',
      url: `http://127.0.0.1:${port}/`,
      env: {
        PORT: port,
        HOST: '127.0.0.1',
        // the address the browser uses: single sign-on's redirect URI (tests/e2e/single-sign-on.spec.ts)
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: process.env.LP_E2E_DATA,
        REMOVE_DATA_DIR_ON_EXIT: process.env.LP_E2E_DATA_TEMPORARY ?? '',
        NODE_ENV: 'test',
        // The e2e server's tenant call (fixtures.ts) and the integration calls take this secret.
        INTEGRATION_SECRET: process.env.LP_E2E_SECRET,
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
        CORS_ORIGINS: `http://127.0.0.1:${process.env.LP_E2E_PARTNER_PORT}`,
        // tests/e2e/integrations.spec.ts's webhook receiver listens on http://127.0.0.1 (test only:
        // off, webhooks go to public https addresses alone)
        WEBHOOK_ALLOW_PRIVATE: 'on',
        WEBHOOK_ALLOW_HTTP: 'on',
        // single sign-on's domain proofs: the run's own DNS server (the next web server)
        SSO_DNS_SERVERS: `127.0.0.1:${process.env.LP_E2E_DNS_PORT}`,
      },
      reuseExistingServer: false,
      timeout: 60_000,
      // stopped as `npm start` is, so that it removes its throw-away data folder as it exits
      gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
      stdout: 'ignore' as const,
      stderr: 'pipe',
    },
    {
      // A DNS server on the loopback (server/testing/dns-test-server-cli.ts): the TXT records that
      // prove single sign-on's domains, from the files the specs write (tests/e2e/helpers/dns.ts).
      command: 'node --import tsx server/testing/dns-test-server-cli.ts',
      port: Number(process.env.LP_E2E_DNS_PORT),
      env: {
        DNS_PORT: process.env.LP_E2E_DNS_PORT,
        DNS_RECORDS_DIR: process.env.LP_E2E_DNS_DIR,
        REMOVE_RECORDS_DIR_ON_EXIT: process.env.LP_E2E_DNS_DIR_TEMPORARY ?? '',
      },
      reuseExistingServer: false,
      timeout: 30_000,
      gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 5_000 },
      stdout: 'ignore' as const,
      stderr: 'pipe',
    },
    {
      // The partner site (the embeds' demo pages on another origin: partner-chat, tracking).
      // with the framework matrix's host apps (tests/frameworks/build.mjs, about 1 s)
      command: 'node tests/frameworks/build.mjs && node scripts/demo.mjs',
      url: `http://127.0.0.1:${process.env.LP_E2E_PARTNER_PORT}/partner-chat.html`,
      env: {
        DEMO_PORT: process.env.LP_E2E_PARTNER_PORT,
        DEMO_HOST: '127.0.0.1',
        PORTAL_URL: `http://127.0.0.1:${port}`,
      },
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});

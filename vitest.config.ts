import { defineConfig } from 'vitest/config';

/**
 * Node-side tests: contract, helpers, stores, API client, server and scripts. Browser code
 * (src/ui, src/features, elements) is tested in Chromium by @web/test-runner instead.
 */
export default defineConfig({
  test: {
    include: [
      'src/{contract,lib,i18n,stores,api}/**/*.test.ts',
      'server/**/*.test.ts',
      'scripts/**/*.test.ts',
      'host/**/*.test.ts',
    ],
    // The PostgreSQL tests run in their own step against a real server (scripts/test-postgres.mjs);
    // `*.browser.test.ts` need a browser (IndexedDB, Web Locks, XMLHttpRequest): web-test-runner.
    exclude: ['**/node_modules/**', '**/*.pg.test.ts', '**/*.browser.test.ts'],
    // One PGlite per worker is shared by that worker's files (see server/testing/test-app.ts).
    pool: 'forks',
    isolate: false,
    // The default reporter, then failed tests listed again at the very end (scripts/test.mjs repeats
    // them under its summary, where a CI log's last lines show them).
    reporters: ['default', './scripts/vitest-failures.mjs'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
    // No module cache on disk (`experimental.fsModuleCache`): a run here failed to load a test
    // file on the cache's own temporary file ("ENOENT … .experimental-vitest-cache/.tmp-…"), and a
    // test that cannot fail to load is worth more than the 3 s of transforms the cache saved.
  },
});

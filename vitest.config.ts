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
    // Transformed modules kept on disk (node_modules/.experimental-vitest-cache) and reused by the
    // next run: `npm test` runs vitest three times (this Node, Node 24, Node 26) over mostly the same
    // files; a warm cache cut a run's transform time from 4.2 s to 1.0 s and its CPU by an eighth
    // (measured on server/areas/orders). `npx vitest --clearCache` empties it.
    experimental: { fsModuleCache: true },
  },
});

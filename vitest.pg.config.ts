import { defineConfig } from 'vitest/config';

/** The DATABASE_URL path against a real PostgreSQL (run by scripts/test-postgres.mjs). */
export default defineConfig({
  test: {
    include: ['server/**/*.pg.test.ts'],
    pool: 'forks',
    maxWorkers: 1,
    testTimeout: 60_000,
    // Failed tests listed again at the very end, where scripts/test.mjs finds them (vitest.config.ts).
    reporters: ['default', './scripts/vitest-failures.mjs'],
  },
});

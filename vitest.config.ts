import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'server/**/*.test.ts', 'scripts/**/*.test.ts'],
    exclude: ['**/*.browser.test.ts', 'node_modules/**', 'dist/**'],
    // One PGlite per worker is shared by that worker's files (see server/testing/test-app.ts).
    pool: 'forks',
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
  },
});

import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { playwright } from '@vitest/browser-playwright';
import type { BrowserCommand } from 'vitest/node';
import { defineConfig } from 'vitest/config';
import { chromiumArgs, chromiumPath } from './scripts/chromium.mjs';
import type { SendKeysPayload, SendMousePayload } from './src/ui/testing/commands.ts';

/**
 * The real server the browser tests call: `/api/*` of vitest's dev server goes to it. Imported by
 * a path the config's bundler does not follow: the server's modules are loaded once, by Node (a
 * bundled copy of some of them beside Node's of the others made two `ApiError` classes, and every
 * refusal a 500).
 */
const apiModule = pathToFileURL(path.resolve(import.meta.dirname, 'scripts/browser-test-api.mjs')).href;
const { realApi }: typeof import('./scripts/browser-test-api.mjs') = await import(apiModule);
const api = realApi();

/** What src/ui/testing/commands.ts asks of Playwright and the test server. */
const commands: Record<string, BrowserCommand<never[]>> = {
  lpServer: ((_context, command: string, payload: unknown) =>
    api.executeCommand({ command, payload })) as BrowserCommand<never[]>,
  lpKeys: (async (context, keys: SendKeysPayload) => {
    const keyboard = context.page.keyboard;
    if ('press' in keys) await keyboard.press(keys.press);
    else if ('type' in keys) await keyboard.type(keys.type);
    else if ('down' in keys) await keyboard.down(keys.down);
    else await keyboard.up(keys.up);
  }) as BrowserCommand<never[]>,
  lpMouse: (async (context, { type, position, button = 'left' }: SendMousePayload) => {
    const mouse = context.page.mouse;
    if (position) {
      // the test's page is a frame of vitest's page: its coordinates start at the frame's corner
      const frame = await (await context.frame()).frameElement();
      const box = await frame.boundingBox();
      const [x, y] = [position[0] + (box?.x ?? 0), position[1] + (box?.y ?? 0)];
      if (type === 'click') await mouse.click(x, y, { button });
      else await mouse.move(x, y);
    }
    if (type === 'down') await mouse.down({ button });
    if (type === 'up') await mouse.up({ button });
  }) as BrowserCommand<never[]>,
  lpResetMouse: (async (context) => {
    await context.page.mouse.up();
    await context.page.mouse.move(0, 0);
  }) as BrowserCommand<never[]>,
  lpClearCookies: (async (context) => {
    await context.context.clearCookies();
  }) as BrowserCommand<never[]>,
};

/**
 * Three projects. `node`: contract, helpers, stores, API client, server and scripts. `postgres`:
 * the server's DATABASE_URL path against a throw-away PostgreSQL. `browser`: the
 * UI kit, features and elements, and the browser-only parts of stores and API (`*.browser.test.ts`:
 * IndexedDB, Web Locks, XMLHttpRequest), in the system's headless Chromium (scripts/chromium.mjs)
 * against the real server booted in vitest's process (scripts/browser-test-api.mjs).
 */
export default defineConfig({
  test: {
    // The default reporter, then failed tests listed again at the very end (scripts/test.mjs
    // repeats them under its summary, where a CI log's last lines show them).
    reporters: ['default', './scripts/vitest-failures.mjs'],
    attachmentsDir: 'test-results/vitest-attachments',
    projects: [
      {
        test: {
          name: 'node',
          include: [
            'src/{contract,lib,i18n,stores,api}/**/*.test.ts',
            'server/**/*.test.ts',
            'scripts/**/*.test.ts',
            'host/**/*.test.ts',
          ],
          // `*.pg.test.ts` are the postgres project's, `*.browser.test.ts` the browser project's.
          exclude: ['**/node_modules/**', '**/*.pg.test.ts', '**/*.browser.test.ts'],
          // One PGlite per worker is shared by that worker's files (see server/testing/test-app.ts).
          pool: 'forks',
          isolate: false,
          // The server processes tests start run from a bundle made before them (server-bundle.mjs).
          globalSetup: ['scripts/server-bundle-setup.mjs'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
          maxWorkers: 2,
          // No module cache on disk (`experimental.fsModuleCache`): a run here failed to load a
          // test file on the cache's own temporary file ("ENOENT … .experimental-vitest-cache/.tmp-…"),
          // and a test that cannot fail to load is worth more than the 3 s of transforms it saved.
        },
      },
      {
        test: {
          name: 'postgres',
          // The DATABASE_URL path against a real PostgreSQL (scripts/postgres-setup.mjs starts it).
          include: ['server/**/*.pg.test.ts'],
          globalSetup: ['scripts/server-bundle-setup.mjs', 'scripts/postgres-setup.mjs'],
          pool: 'forks',
          maxWorkers: 1,
          // The files share the worker's modules, loaded once: each file importing the server
          // again took 17 of the project's 80 s (alone: 80 → 60 s, 78 → 55 core-s). Each file
          // makes and closes its own databases; they pass in any order (--sequence.shuffle.files).
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [
          {
            name: 'lp-real-api',
            // Booted before the first test (making the migrated template, in a clean clone), not
            // by the first test's first call, whose time limit it would spend.
            async configureServer(server) {
              await api.start();
              server.middlewares.use(api.middleware);
              server.httpServer?.once('close', () => void api.stop());
            },
          },
        ],
        oxc: { jsx: { runtime: 'automatic', development: false } },
        // No error overlay: it is for a person at the dev server; here it would cover the test page
        // (and take its pointer events) while an error's test fails on its own.
        server: { hmr: { overlay: false } },
        resolve: { conditions: ['browser', 'production', 'module', 'import', 'default'] },
        optimizeDeps: {
          // The production builds of React and of the packages that read NODE_ENV, as the portal
          // ships them. (Not the project's `define`: vitest writes a `process.env.*` define into
          // its own process.env, where the node project's tests would read "production".)
          rolldownOptions: { transform: { define: { 'process.env.NODE_ENV': '"production"' } } },
          include: [
            'react',
            'react/jsx-runtime',
            'react-dom',
            'react-dom/client',
            '@sinonjs/fake-timers',
            'chai-a11y-axe',
            'axe-core',
          ],
        },
        test: {
          name: 'browser',
          // The files share one page and its modules, loaded once: each file in a frame of its own
          // loaded the kit, React and the stores again (178 core-s for the project against 104).
          // So a test leaves nothing behind that another file could see: browser-setup.ts clears
          // storage and cookies before each file, the fake clock ends with its test, and a store a
          // test fills is emptied by that test.
          isolate: false,
          include: [
            'src/ui/**/*.test.{ts,tsx}',
            'src/features/**/*.test.{ts,tsx}',
            'elements/**/*.test.{ts,tsx}',
            'src/{stores,api}/**/*.browser.test.ts',
          ],
          setupFiles: ['src/ui/testing/browser-setup.ts'],
          // Two pages at once, each in a browser context of its own (storage and cookies apart):
          // 87 → 58 s for the project alone, the same core-seconds (the tests wait on the server
          // and on frames more than they compute). Each test owns its users and data on the server.
          maxWorkers: 2,
          // Above one wait's bound (WAIT_MS of src/ui/testing/wait.ts), so a failing wait says what
          // it waited for.
          testTimeout: 30_000,
          hookTimeout: 60_000,
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({
              launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
              // No animations: what a test reads (axe's contrast, a position) is the final state,
              // not a frame of a fade that a fast machine catches and a slow one does not. The
              // end-to-end tests keep the motion.
              contextOptions: { reducedMotion: 'reduce' },
            }),
            instances: [{ browser: 'chromium' }],
            // Playwright's default page, as the element tests were written for.
            viewport: { width: 1280, height: 720 },
            // A failure's screenshot, beside the e2e tests' (gitignored), not in the sources.
            screenshotDirectory: 'test-results/vitest-screenshots',
            commands,
          },
        },
      },
    ],
  },
});

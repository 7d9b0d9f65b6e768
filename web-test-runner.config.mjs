import { esbuildPlugin } from '@web/dev-server-esbuild';
import { defaultReporter } from '@web/test-runner';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { chromiumArgs, chromiumPath } from './scripts/chromium.mjs';
import { realApi } from './scripts/wtr-api.mjs';
import { failuresReporter } from './scripts/wtr-failures.mjs';
import { reactEsm } from './scripts/wtr-react.mjs';

/**
 * Packages that read `process.env.NODE_ENV` in their browser build without a `production` export
 * condition (@nanostores/router): the browser has no `process`, so the value is written in, as
 * the rollup build does.
 */
const nodeEnv = {
  name: 'node-env',
  transform(context) {
    if (!context.path.includes('/node_modules/') || !/\.m?js$/.test(context.path)) return undefined;
    if (typeof context.body !== 'string' || !context.body.includes('process.env.NODE_ENV')) return undefined;
    return { body: context.body.replaceAll('process.env.NODE_ENV', '"production"') };
  },
};

/**
 * Every browser test file imports src/ui/testing/browser-setup.ts first: it keeps a failed
 * assertion reportable (a React-rendered node as its `actual` could not be stringified).
 */
const browserSetup = {
  name: 'lp-browser-setup',
  transform(context) {
    if (!/\.test\.tsx?$/.test(context.path) || typeof context.body !== 'string') return undefined;
    return { body: `import '/src/ui/testing/browser-setup.ts';\n${context.body}` };
  },
};

/** Elements under test call the real server: `/api/*` goes to the app booted in-process. */
const api = realApi();

/**
 * UI kit, features and elements, tested in the system Chromium; and the browser-only parts of
 * stores and API (`*.browser.test.ts`: IndexedDB, Web Locks, XMLHttpRequest), which vitest skips.
 */
export default {
  files: [
    'src/ui/**/*.test.{ts,tsx}',
    'src/features/**/*.test.{ts,tsx}',
    'elements/**/*.test.{ts,tsx}',
    'src/{stores,api}/**/*.browser.test.ts',
  ],
  nodeResolve: { exportConditions: ['browser', 'production'] },
  middleware: [api.middleware],
  plugins: [
    {
      name: api.name,
      serverStart: api.serverStart,
      serverStop: api.serverStop,
      executeCommand: api.executeCommand,
    },
    reactEsm(),
    nodeEnv,
    browserSetup,
    esbuildPlugin({
      ts: true,
      tsx: true,
      jsx: 'automatic',
      tsconfig: 'tsconfig.json', // its "jsx": "react-jsx" selects the automatic runtime
      target: 'es2022',
      define: { 'process.env.NODE_ENV': '"production"' },
    }),
  ],
  browsers: [
    playwrightLauncher({
      product: 'chromium',
      launchOptions: { executablePath: chromiumPath, headless: true, args: chromiumArgs },
    }),
  ],
  // Two test files at a time, each in its own page of the one Chromium (Playwright emulates focus
  // per page, so focus tests hold): a file spends much of its time waiting (the server, timers,
  // the next frame), and on two cores the suite took 148 s instead of 225 (measured; docs/decisions/test-time.md).
  concurrency: 2,
  // The default report, then the files that did not pass again at the very end (a CI log keeps
  // only its last lines).
  reporters: [defaultReporter(), failuresReporter()],
  testFramework: { config: { timeout: 20000 } },
  // A file's tests take at most ~20 s; a page that hangs is reported after a minute and a half.
  testsFinishTimeout: 90000,
};

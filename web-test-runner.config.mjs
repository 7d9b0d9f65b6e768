import { esbuildPlugin } from '@web/dev-server-esbuild';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { chromiumArgs, chromiumPath } from './scripts/chromium.mjs';
import { realApi } from './scripts/wtr-api.mjs';
import { reactEsm } from './scripts/wtr-react.mjs';

/** Elements under test call the real server: `/api/*` goes to the app booted in-process. */
const api = realApi();

/** UI kit, features and elements, tested in the system Chromium. */
export default {
  files: ['src/ui/**/*.test.{ts,tsx}', 'src/features/**/*.test.{ts,tsx}', 'elements/**/*.test.{ts,tsx}'],
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
  concurrency: 1,
  testFramework: { config: { timeout: 10000 } },
  testsFinishTimeout: 180000,
};

import { esbuildPlugin } from '@web/dev-server-esbuild';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { chromiumArgs, chromiumPath } from './scripts/chromium.mjs';

/** UI kit, features and elements, tested in the system Chromium. */
export default {
  files: ['src/ui/**/*.test.{ts,tsx}', 'src/features/**/*.test.{ts,tsx}', 'elements/**/*.test.{ts,tsx}'],
  nodeResolve: { exportConditions: ['browser', 'production'] },
  plugins: [
    esbuildPlugin({
      ts: true,
      tsx: true,
      jsx: 'automatic',
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

import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';

/**
 * custom-elements.json from the JSDoc of the element classes (elements/<name>/<name>.ts).
 * With no element yet, an empty manifest is still written so consumers can rely on the file.
 */
const result = spawnSync(
  'npx',
  [
    'cem',
    'analyze',
    '--globs',
    'elements/*/*.ts',
    '--exclude',
    'elements/**/*.test.ts',
    '--exclude',
    'elements/**/*.styles.ts',
    '--exclude',
    'elements/kit/**',
    '--outdir',
    '.',
  ],
  { stdio: ['ignore', 'inherit', 'inherit'] },
);
if (result.status !== 0) process.exit(result.status ?? 1);
if (!existsSync('custom-elements.json')) {
  writeFileSync(
    'custom-elements.json',
    JSON.stringify({ schemaVersion: '1.0.0', readme: '', modules: [] }, null, 2),
  );
}

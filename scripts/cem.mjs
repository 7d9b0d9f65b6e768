import { spawnSync } from 'node:child_process';

/**
 * custom-elements.json from the JSDoc of the element classes (elements/<name>/<name>.ts), by
 * `cem analyze` with custom-elements-manifest.config.mjs (globs and our plugin, cem-plugin.mjs).
 */
const result = spawnSync('npx', ['cem', 'analyze'], { stdio: ['ignore', 'inherit', 'inherit'] });
if (result.status !== 0) process.exit(result.status ?? 1);

// Types of the named exports of rollup.config.mjs (for scripts/build-sourcemaps.test.ts).
import type { OutputOptions, RollupOptions } from 'rollup';

export function embedBuild(
  name: string,
  options?: { dir?: string; env?: Record<string, string | undefined> },
): RollupOptions & { output: OutputOptions };

declare const config: () => RollupOptions[];
export default config;

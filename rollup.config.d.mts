// Types of the named exports of rollup.config.mjs (for scripts/build-sourcemaps.test.ts).
import type { OutputOptions, RollupOptions } from 'rollup';

export function buildReactRuntime(options?: {
  dir?: string;
  env?: Record<string, string | undefined>;
}): Promise<string>;

export function embedBuild(
  name: string,
  options: { runtime: string; dir?: string; env?: Record<string, string | undefined> },
): RollupOptions & { output: OutputOptions };

declare const config: () => Promise<RollupOptions[]>;
export default config;

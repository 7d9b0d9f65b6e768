import { readdirSync, renameSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const areas = path.join(root, 'server', 'areas');

/**
 * The server's processes that the tests start (server/main.ts, the e2e server), each bundled into
 * one ES module by esbuild, so a start loads one file instead of about 400 TypeScript modules
 * through tsx: 0.4 s and 0.45 core-s against 1.8 s and 2.3 core-s for the import of server/boot.ts,
 * for each of the suite's server starts and cluster workers (docs/decisions/test-time.md).
 * Packages stay outside (node_modules, as `npm start` loads them). The bundles are in
 * server/.bundle/ (gitignored): two folders down, as server/testing/ is, so the URLs the server
 * makes from its own (`new URL('../..', import.meta.url)`) name the same files.
 *
 * `npm start` and `npm run dev` keep tsx: a bundle is for the tests, made afresh by each run.
 */
export const BUNDLE_DIR = path.join(root, 'server', '.bundle');
const ENTRIES = { main: 'server/main.ts', 'e2e-server': 'server/testing/e2e-server.ts' };

/** The bundle of an entry (`main`, `e2e-server`). */
export const bundlePath = (name) => path.join(BUNDLE_DIR, `${name}.mjs`);

/**
 * server/areas/area-files.ts finds the areas' files by reading the folder at run time, which a
 * bundle cannot follow: in the bundle it is a static list of the same files.
 */
function staticAreaFiles() {
  const names = readdirSync(areas, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  const entry = (area, file) => {
    const full = path.join(areas, area, file);
    return `{ area: ${JSON.stringify(area)}, url: new URL(${JSON.stringify(pathToFileURL(full).href)}), load: () => import(${JSON.stringify(full)}) }`;
  };
  const has = (area, file) => readdirSync(path.join(areas, area)).includes(file);
  const byName = (file) =>
    `[${names
      .filter((a) => has(a, file))
      .map((a) => entry(a, file))
      .join(',\n')}]`;
  const migrations = names.flatMap((area) => {
    let files = [];
    try {
      files = readdirSync(path.join(areas, area, 'migrations'));
    } catch {
      return [];
    }
    return files
      .filter((f) => /^\d{4}-\d{2}-\d{2}T\d{4}-[\w-]+\.ts$/.test(f))
      .map((f) => ({ area, file: `migrations/${f}`, name: f.replace(/\.ts$/, '') }));
  });
  migrations.sort((a, b) => a.name.localeCompare(b.name));
  return `
export const AREA_NAMES = ${JSON.stringify(names)};
const FILES = { 'routes.ts': ${byName('routes.ts')}, 'housekeeping.ts': ${byName('housekeeping.ts')} };
export function areaFiles(name) { return FILES[name] ?? []; }
const MIGRATIONS = [${migrations.map((m) => `{ ...${entry(m.area, m.file)}, name: ${JSON.stringify(m.name)} }`).join(',\n')}];
export function migrationFiles() { return MIGRATIONS; }
`;
}

/**
 * Bundles the entries afresh (about 0.5 s). Each is written under a name of this process's own and
 * renamed into place, so a process starting a server beside another run's build reads a whole file.
 */
export async function buildServerBundles() {
  const areaFiles = path.join(areas, 'area-files.ts');
  await Promise.all(
    Object.entries(ENTRIES).map(async ([name, entry]) => {
      const out = path.join(BUNDLE_DIR, `${name}.${process.pid}.mjs`);
      await build({
        entryPoints: [path.join(root, entry)],
        outfile: out,
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        packages: 'external',
        logLevel: 'warning',
        plugins: [
          {
            name: 'lp-static-area-files',
            setup(b) {
              b.onLoad({ filter: /area-files\.ts$/ }, (args) =>
                args.path === areaFiles ? { contents: staticAreaFiles(), loader: 'js' } : undefined,
              );
            },
          },
        ],
      });
      renameSync(out, bundlePath(name));
    }),
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServerBundles();

// Prints the brotli and gzip size of every file under dist/, of the framework-free core's
// first load (src/core.ts bundled by rollup as the build does) and of the data table's chunk; fails when one is over its budget
// (scripts/size-budgets.mjs). Usage: npm run size
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { rollup } from 'rollup';
import { plugins } from '../rollup.config.mjs';
import { budgets } from './size-budgets.mjs';

const root = new URL('..', import.meta.url).pathname;
const dist = join(root, 'dist');

const brotli = (bytes) =>
  brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const gzip = (bytes) => gzipSync(bytes, { level: 9 }).length;
const kb = (n) => `${(n / 1000).toFixed(1)} KB`.padStart(9);

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

const measured = new Map(); // budget key -> brotli bytes
const rows = [];
const brotliOf = new Map(); // path under dist/ -> brotli bytes

/** `rel` and the files it imports statically (`import … from "./x.js"`, not `import("./x.js")`), recursively. */
function firstLoad(rel, seen = new Set(), lazy = false) {
  if (seen.has(rel)) return [...seen];
  seen.add(rel);
  const code = readFileSync(join(dist, rel), 'utf8');
  const imports = lazy
    ? /(?:\bfrom|\bimport)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g
    : /(?:\bfrom|\bimport)\s*["'](\.{1,2}\/[^"']+)["']/g;
  for (const [, spec] of code.matchAll(imports)) firstLoad(join(dirname(rel), spec), seen, lazy);
  return [...seen];
}

/** The scripts dist/host/<name> loads or preloads, as paths under dist/; null when it is not built. */
function pageScripts(name) {
  const page = join(dist, 'host', name);
  if (!existsSync(page)) return null;
  return [...readFileSync(page, 'utf8').matchAll(/(?:src|href)="\/([^"]+\.js)"/g)].map((m) => m[1]);
}

if (existsSync(dist)) {
  for (const path of files(dist).sort()) {
    // Precompressed twins are counted through their file; source maps only load in devtools.
    if (/\.(br|gz|map)$/.test(path)) continue;
    let bytes;
    try {
      bytes = readFileSync(path);
    } catch {
      continue; // removed meanwhile (a build is running)
    }
    const rel = relative(dist, path);
    // The build's own brotli/gzip twins when it wrote them (scripts/precompress.mjs), else now.
    const twin = (suffix) => (existsSync(path + suffix) ? statSync(path + suffix).size : null);
    const b = twin('.br') ?? brotli(bytes);
    rows.push([`dist/${rel}`, bytes.length, b, twin('.gz') ?? gzip(bytes)]);
    brotliOf.set(rel, b);
    for (const key of Object.keys(budgets))
      if (
        key !== 'core' &&
        !/^embed\/lp-[^/]+\/$/.test(key) &&
        (rel === key || rel.startsWith(`${key.replace(/\/$/, '')}/`))
      )
        measured.set(key, (measured.get(key) ?? 0) + b);
  }
  // An embed entry is budgeted with what it imports statically: the page loads all of it at once
  // (a chunk behind a one-line entry would otherwise escape its budget).
  for (const entry of [...brotliOf.keys()].filter((rel) => /^embed\/lp-[^/]+\.js$/.test(rel))) {
    const files = firstLoad(entry);
    const b = files.reduce((sum, rel) => sum + (brotliOf.get(rel) ?? 0), 0);
    if (entry in budgets) measured.set(entry, b);
    if (files.length > 1) rows.push([`dist/${entry} first load (${files.length} files)`, null, b, null]);
  }
  // An embed's lazy folder (`embed/lp-chat-widget/`): its files and what they import statically
  // that the entry's first load has not loaded (the shared React runtime behind the chat panel).
  for (const key of Object.keys(budgets).filter((k) => /^embed\/lp-[^/]+\/$/.test(k))) {
    const entry = `${key.slice(0, -1)}.js`;
    if (!brotliOf.has(entry)) continue;
    const loaded = new Set(firstLoad(entry));
    const lazy = new Set(
      [...brotliOf.keys()]
        .filter((rel) => rel.startsWith(key))
        .flatMap((rel) => firstLoad(rel))
        .filter((rel) => !loaded.has(rel)),
    );
    const b = [...lazy].reduce((sum, rel) => sum + (brotliOf.get(rel) ?? 0), 0);
    measured.set(key, b);
    rows.push([`dist/${key} with the chunks it imports (${lazy.size} files)`, null, b, null]);
  }
  // A second element on a page (`embed-pair:lp-a+lp-b`): what lp-b's first load downloads that
  // lp-a's has not already (the React runtime chunk is shared, so it is counted once).
  for (const key of Object.keys(budgets).filter((k) => k.startsWith('embed-pair:'))) {
    const [first, second] = key
      .slice('embed-pair:'.length)
      .split('+')
      .map((n) => `embed/${n}.js`);
    if (!brotliOf.has(first) || !brotliOf.has(second)) continue;
    const loaded = new Set(firstLoad(first));
    const extra = firstLoad(second).filter((rel) => !loaded.has(rel));
    const b = extra.reduce((sum, rel) => sum + (brotliOf.get(rel) ?? 0), 0);
    measured.set(key, b);
    rows.push([`${key} (${extra.length} more files)`, null, b, null]);
  }
  // A lazy chunk of an embed by its name without the hash (`embed/lp-order-view/temperature-chart`).
  for (const [rel, b] of brotliOf) {
    const chunk = rel.match(/^(embed\/lp-[^/]+\/[^/]+?)-[\w-]{8}\.js$/)?.[1];
    if (chunk && chunk in budgets) measured.set(chunk, (measured.get(chunk) ?? 0) + b);
  }
  // A host element on top of the page it shows on: its entry and the chunks it imports statically
  // that the page has not already loaded (`host:order-view`). An element that imports the layout's
  // group (`chunks/portal-<hash>.js`, docs/decisions/first-load-chunks.md) shows on the signed-in
  // page (dist/host/portal.html); the others are measured on top of the public one
  // (dist/host/index.html), as a visitor who is not signed in loads them.
  const pageFiles = (name) => {
    const scripts = pageScripts(name);
    if (!scripts) return null;
    return new Set(scripts.flatMap((rel) => (existsSync(join(dist, rel)) ? firstLoad(rel) : [])));
  };
  const publicPage = pageFiles('index.html');
  const signedIn = pageFiles('portal.html') ?? publicPage;
  if (publicPage && signedIn) {
    for (const entry of [...brotliOf.keys()].filter((rel) => /^elements\/[^/]+\.js$/.test(rel))) {
      const key = `host:${entry.slice('elements/'.length, -'.js'.length)}`;
      const load = firstLoad(entry);
      const page = load.some((rel) => /^elements\/chunks\/portal-[\w-]{8}\.js$/.test(rel))
        ? signedIn
        : publicPage;
      const own = load.filter((rel) => !page.has(rel));
      const b = own.reduce((sum, rel) => sum + (brotliOf.get(rel) ?? 0), 0);
      measured.set(key, b);
      const where = page === publicPage ? 'the public page' : 'the signed-in page';
      rows.push([`dist/${entry} on top of ${where} (${own.length} files)`, null, b, null]);
    }
  }
} else {
  console.log('note: dist/ is missing (run `npm run build` first); only the core is measured.\n');
}

/**
 * First load of the core: the entry chunk and what it imports statically, not lazy chunks. Built
 * by rollup with the browser build's own plugins (scripts/browser-contract.mjs among them), so
 * the number is what an element pays for the core in dist/.
 */
async function measureCore() {
  const bundle = await rollup({
    input: join(root, 'src/core.ts'),
    external: (id) => /^(react|react-dom|lit)(\/|$)/.test(id),
    plugins: plugins(),
    onwarn: () => {},
  });
  const { output } = await bundle.generate({ format: 'es', chunkFileNames: '[name]-[hash].js' });
  await bundle.close();
  const chunks = new Map(output.filter((o) => o.type === 'chunk').map((c) => [c.fileName, c]));
  const entry = output.find((o) => o.type === 'chunk' && o.isEntry);
  const first = new Set();
  const visit = (name) => {
    if (first.has(name)) return;
    first.add(name);
    for (const imported of chunks.get(name)?.imports ?? []) visit(imported);
  };
  visit(entry.fileName);
  const bytesOf = (name) => Buffer.from(chunks.get(name).code);
  const firstBytes = Buffer.concat([...first].map(bytesOf));
  const lazy = [...chunks.keys()]
    .filter((name) => !first.has(name))
    .map((name) => {
      const modules = Object.keys(chunks.get(name).modules);
      const pkg = modules.map((m) => m.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1]).find(Boolean);
      const bytes = bytesOf(name);
      return [
        `  lazy: ${pkg ?? relative(root, modules[0] ?? name)}`,
        bytes.length,
        brotli(bytes),
        gzip(bytes),
      ];
    });
  const firstModules = [...first].flatMap((name) => Object.keys(chunks.get(name).modules));
  const banned = firstModules.find((m) =>
    /node_modules\/(react|react-dom|lit|pinyin-pro|fuse\.js|valibot)\//.test(m),
  );
  if (banned) {
    throw new Error(
      `the core's first load must not contain ${banned} (React, Lit, a lazy helper or the schemas)`,
    );
  }
  return {
    row: ['core (src/core.ts, first load)', firstBytes.length, brotli(firstBytes), gzip(firstBytes)],
    lazy,
  };
}

/** The portal page's first load: the scripts dist/host/index.html loads and preloads (the login page). */
function measureHostFirstLoad() {
  const scripts = pageScripts('index.html');
  if (!scripts) return null;
  const bytes = Buffer.concat(scripts.map((rel) => readFileSync(join(dist, rel))));
  return [
    `host first load (${scripts.length} scripts of index.html)`,
    bytes.length,
    brotli(bytes),
    gzip(bytes),
  ];
}

const hostFirst = measureHostFirstLoad();
if (hostFirst) {
  measured.set('host-first-load', hostFirst[2]);
  rows.push(hostFirst);
}

/** The elements the portal's layout always shows (host/layout: navbar and chat launcher). */
const LAYOUT_ELEMENTS = ['elements/customer-switcher.js', 'elements/chat-widget.js'];

/**
 * What a page element adds in the portal (`host+elements/<name>.js`): its first load minus what
 * the portal has loaded when it shows a page (the scripts of dist/host/index.html and everything
 * they import, statically or lazily: the layout, its dialogs; and the layout's own elements),
 * i.e. the element on top of the chunks it shares with the host.
 */
function measureOverHost(key) {
  const rel = key.slice('host+'.length);
  const scripts = pageScripts('index.html');
  if (!brotliOf.has(rel) || !scripts) return;
  const hostFiles = new Set(
    [...scripts, ...LAYOUT_ELEMENTS.filter((rel) => brotliOf.has(rel))].flatMap((rel) =>
      firstLoad(rel, new Set(), true),
    ),
  );
  const extra = firstLoad(rel).filter((file) => !hostFiles.has(file));
  const b = extra.reduce((sum, file) => sum + (brotliOf.get(file) ?? 0), 0);
  measured.set(key, b);
  rows.push([`dist/${rel} over the host's chunks (${extra.length} files)`, null, b, null]);
}
for (const key of Object.keys(budgets)) if (key.startsWith('host+')) measureOverHost(key);

/**
 * The data table's own chunk: src/ui/data-table and its strings, everything
 * it shares with the rest of the kit (React, nanostores, i18n, button, pagination…) left out, as
 * a page that adds a table pays it. Measured from source: no element uses the table yet.
 */
async function measureDataTable() {
  const own = /src\/ui\/data-table\/|src\/i18n\/(areas|messages)\/data-table\./;
  const shared = {
    name: 'shared-outside',
    setup(b) {
      b.onResolve({ filter: /.*/ }, async (args) => {
        if (args.kind === 'entry-point' || args.pluginData) return undefined;
        const found = await b.resolve(args.path, {
          kind: args.kind,
          resolveDir: args.resolveDir,
          pluginData: 1,
        });
        return own.test(found.path) ? { path: found.path } : { path: args.path, external: true };
      });
    },
  };
  const result = await build({
    entryPoints: [join(root, 'src/ui/data-table/index.ts')],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    plugins: [shared],
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  const bytes = result.outputFiles[0].contents;
  return ['data-table (src/ui/data-table and its strings)', bytes.length, brotli(bytes), gzip(bytes)];
}

const core = await measureCore();
measured.set('core', core.row[2]);
rows.push(core.row, ...core.lazy);
const table = await measureDataTable();
measured.set('data-table', table[2]);
rows.push(table);

const width = Math.max(...rows.map((r) => r[0].length), 20);
console.log(`${'file'.padEnd(width)}       raw    brotli      gzip`);
const cell = (n) => (n === null ? ''.padStart(9) : kb(n));
for (const [name, raw, b, g] of rows) console.log(`${name.padEnd(width)} ${cell(raw)} ${kb(b)} ${cell(g)}`);

let failed = false;
// Every element's embed has its budget (docs/decisions/element-anatomy.md, "Budgets"): a new one
// without a line in size-budgets.mjs would grow unmeasured.
const unbudgeted = [...brotliOf.keys()].filter(
  (rel) => /^embed\/lp-[^/]+\.js$/.test(rel) && !(rel in budgets),
);
for (const entry of unbudgeted)
  console.error(`no budget for ${entry}: add its line to scripts/size-budgets.mjs`);
failed ||= unbudgeted.length > 0;
console.log('\nbudgets (brotli):');
for (const [key, limit] of Object.entries(budgets)) {
  const size = measured.get(key);
  if (size === undefined) {
    console.log(`  ${key}: not built, skipped`);
    continue;
  }
  const ok = size <= limit;
  failed ||= !ok;
  console.log(
    `  ${ok ? 'ok  ' : 'OVER'} ${key}: ${kb(size).trim()} of ${kb(limit).trim()}${process.env.SIZE_BYTES ? ` (${size} of ${limit} bytes)` : ''}`,
  );
}

/**
 * Requests before a page draws: the scripts each page names and everything they import statically.
 * On HTTP/1.1 each is a request on one of six connections (docs/decisions/first-load-chunks.md):
 * the build's second pass makes the public page's one file and the signed-in page's seven (its
 * first script, the host's entry, the layout's group, the customer switcher and what a public
 * page shares with them).
 */
const REQUESTS = { 'index.html': 1, 'portal.html': 7 };
console.log('\nrequests (scripts before the page draws):');
for (const [name, limit] of Object.entries(REQUESTS)) {
  const named = pageScripts(name);
  if (!named) {
    console.log(`  ${name}: not built, skipped`);
    continue;
  }
  const loaded = new Set(named.flatMap((rel) => firstLoad(rel)));
  const ok = loaded.size <= limit;
  failed ||= !ok;
  console.log(`  ${ok ? 'ok  ' : 'OVER'} ${name}: ${loaded.size} of ${limit}`);
}
if (failed) {
  console.error('\nsize or request budget exceeded');
  process.exit(1);
}

import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import commonjs from '@rollup/plugin-commonjs';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import MagicString from 'magic-string';
import { rollup } from 'rollup';
import esbuild from 'rollup-plugin-esbuild';
import { browserContract } from './scripts/browser-contract.mjs';
import { firstLoadGroups, staticClosure, tagsIn } from './scripts/first-load-groups.mjs';

/**
 * Browser builds:
 * - dist/elements/<name>.js  every element for the host (ESM, code-split, shared chunks), and the
 *                            host's own entry (dist/elements/host/main-<hash>.js), in one build
 * - dist/embed/lp-<name>.js  one module per element for partner pages (its lazy chunks sit in
 *                            dist/embed/lp-<name>/), React from dist/embed/chunks/react-<hash>.js
 *                            which every embed shares; all load relative to the entry
 * - dist/host/               the portal page (index.html pointing at the host entry) and favicon
 * An element is a folder elements/<name>/ with an entry elements/<name>/<name>.ts.
 */
/**
 * Source maps only on request (`SOURCEMAPS=1 npm run build`): everything under dist/ is served
 * publicly, and a map hands out the original sources, comments included. Nothing in the build,
 * `npm run size` or the server needs them.
 */
const sourcemaps = (env) => env.SOURCEMAPS === '1';

const requireModule = createRequire(import.meta.url);

const elementNames = readdirSync('elements', { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(path.join('elements', d.name, `${d.name}.ts`)))
  .map((d) => d.name)
  .sort();

export const plugins = () => [
  replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
  nodeResolve({
    browser: true,
    exportConditions: ['browser', 'production', 'module', 'import', 'default'],
    extensions: ['.ts', '.tsx', '.mjs', '.js'],
  }),
  commonjs(),
  esbuild({
    target: 'es2022',
    jsx: 'automatic',
    minify: true,
    legalComments: 'none',
    // Text as UTF-8, not \u escapes: a module script is always read as UTF-8, and the Chinese
    // messages take half the bytes (lp-order-list: 29.6 → 28.x KB brotli).
    charset: 'utf8',
    tsconfig: 'tsconfig.json',
  }),
  // After the TypeScript transform: operations keep only what a browser calls them with.
  browserContract(),
];

const onwarn = (warning, warn) => {
  if (warning.code === 'MODULE_LEVEL_DIRECTIVE' || warning.code === 'THIS_IS_UNDEFINED') return;
  warn(warning);
};

/** The host's entry in the portal build (dist/elements/host/main-[hash].js); not an element name. */
const HOST_ENTRY = 'host/main';
if (elementNames.includes('host')) throw new Error('elements/host/ would collide with the host entry');

/**
 * Writes dist/host/index.html from host/index.html, pointing at the host's hashed entry and
 * preloading the chunks it imports; copies the favicon beside it.
 */
function hostHtml({ layoutModule }) {
  return {
    name: 'host-html',
    writeBundle(options, bundle) {
      const entry = Object.values(bundle).find((c) => c.type === 'chunk' && c.name === HOST_ENTRY);
      if (!entry) this.error('host entry chunk not found');
      const base = `/${path.relative('dist', options.dir)}/`;
      const preloads = entry.imports
        .map((f) => `    <link rel="modulepreload" href="${base}${f}">`)
        .join('\n');
      const html = readFileSync('host/index.html', 'utf8').replace('/main.js', `${base}${entry.fileName}`);
      mkdirSync('dist/host', { recursive: true });
      writeFileSync('dist/host/index.html', html.replace('<!-- modulepreload -->', preloads));
      // The page a signed-in visit gets (the server picks it by the session cookie): the layout's
      // chunk and the top bar's customer switcher are preloaded too, so that they load beside the
      // entry instead of after it has run (on a phone, one round trip and a download less).
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const layout = chunks.find((c) => c.moduleIds.includes(layoutModule));
      const switcher = chunks.find((c) => c.isEntry && c.name === 'customer-switcher');
      if (!layout || !switcher) this.error('layout or customer switcher chunk not found');
      const loaded = new Set([entry.fileName, ...entry.imports]);
      const portal = [];
      const add = (fileName) => {
        if (loaded.has(fileName)) return;
        loaded.add(fileName);
        portal.push(fileName);
        for (const f of bundle[fileName]?.imports ?? []) add(f);
      };
      add(layout.fileName);
      add(switcher.fileName);
      const portalPreloads = [...entry.imports, ...portal]
        .map((f) => `    <link rel="modulepreload" href="${base}${f}">`)
        .join('\n');
      // …and starts the session's first calls from its first script (host/early.ts, built before
      // this build), beside the portal's scripts rather than after them. Not `async`: module
      // scripts then run in document order, so it always runs before the portal's entry. (Async,
      // it ran after the entry whenever the entry came from the cache, a reload: the portal had
      // sent its own calls by then, and the early ones were left unread, aborted at the next load.)
      const early = readdirSync('dist/elements/host').find((f) => /^early-[\w-]{8}\.js$/.test(f));
      if (!early) this.error('dist/elements/host/early-<hash>.js not found (host/early.ts is built first)');
      const earlyScript = `    <script type="module" src="${base}host/${early}"></script>`;
      writeFileSync(
        'dist/host/portal.html',
        html.replace('<!-- modulepreload -->', `${earlyScript}\n${portalPreloads}`),
      );
      const favicon = 'host/favicon.svg';
      if (existsSync(favicon)) copyFileSync(favicon, 'dist/host/favicon.svg');
    },
  };
}

/** The layout's module (its chunk is what a signed-in page loads after the host's entry). */
const LAYOUT_MODULE = 'host/layout/layout.tsx';
/** The host's entry module. */
const HOST_MODULE = 'host/main.tsx';

/** Where the portal's first pass writes its chunks for the regrouping pass (removed after it). */
const FIRST_PASS_DIR = 'dist/.portal-first-pass';

/** A chunk's name without the hash the first pass gave it (`operations-DZP8sz1w` → `operations`). */
const unhashed = (name) => name.replace(/-[\w-]{8}$/, '');

/**
 * The second pass of the portal build (docs/decisions/first-load-chunks.md). The first pass splits
 * the code by what each entry needs; on HTTP/1.1 each of its chunks is a request: the login page
 * loaded 14 scripts, a signed-in page 23 before it could draw. This pass bundles the first pass's
 * files again (finished code: nothing is tree-shaken or minified anew) with two groups:
 * - `boot` (the host's entry file): the entry and every chunk it imports, what every page runs;
 * - `portal` (`chunks/portal-<hash>.js`): what the layout and the customer switcher add for a
 *   signed-in page, less what a public page (/station, /track…) needs too;
 * every other chunk keeps its contents. A group holds only files its page loaded before, so no page
 * loads more code than it did; rollup rewrites every import of the grouped chunks.
 */
function regroupFirstLoads({ from, dir, env }) {
  return {
    name: 'regroup-first-loads',
    async writeBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      // The host's lazy pages other than the layout are the public ones (shown without the layout,
      // reachable without signing in), and the elements they name by tag are theirs.
      const layoutModule = path.resolve(LAYOUT_MODULE);
      const staticModules = new Set();
      const visit = (id) => {
        if (staticModules.has(id)) return;
        staticModules.add(id);
        for (const next of this.getModuleInfo(id)?.importedIds ?? []) visit(next);
      };
      visit(path.resolve(HOST_MODULE));
      const publicPages = [
        ...new Set([...staticModules].flatMap((id) => this.getModuleInfo(id)?.dynamicallyImportedIds ?? [])),
      ].filter((id) => id !== layoutModule);
      const publicElements = [
        ...new Set(publicPages.flatMap((id) => tagsIn(this.getModuleInfo(id)?.code ?? '', elementNames))),
      ];
      const { boot, portal, publicRoots, layout } = firstLoadGroups(bundle, {
        hostEntry: HOST_ENTRY,
        layoutModule,
        switcher: 'customer-switcher',
        publicPages,
        publicElements,
      });
      const file = (fileName) => path.resolve(from, fileName);
      // Every other first-pass file stays as it was. Rollup puts a manual chunk's imports into it
      // unless they have a manual chunk of their own, so the files the portal's group imports that
      // are not in it (those a public page needs too) are named each as its own chunk. The others
      // are left to rollup, which gives modules loaded by the same entries one chunk, as the first
      // pass did. (Naming every file as its own manual chunk made rollup inline a lazy chunk into
      // its importer: the order status's temperature panel then loaded with the element.)
      const groupOf = new Map();
      for (const f of staticClosure(bundle, [...portal])) {
        if (!portal.has(f) && !boot.has(f))
          groupOf.set(file(f), f.replace(/^chunks\//, '').replace(/\.js$/, ''));
      }
      for (const f of boot) groupOf.set(file(f), 'boot');
      for (const f of portal) groupOf.set(file(f), 'portal');
      const second = await rollup({
        input: Object.fromEntries(chunks.filter((c) => c.isEntry).map((c) => [c.name, file(c.fileName)])),
        plugins: [
          {
            // The first pass's code with its source map, so that maps still point at the sources.
            name: 'first-pass-files',
            load(id) {
              if (!id.startsWith(path.resolve(from))) return null;
              const map = `${id}.map`;
              return {
                code: readFileSync(id, 'utf8'),
                map: existsSync(map) ? readFileSync(map, 'utf8') : null,
              };
            },
          },
          hostHtml({ layoutModule: file(layout) }),
        ],
        preserveEntrySignatures: 'allow-extension',
        onwarn,
      });
      try {
        const { output } = await second.write({
          dir,
          format: 'es',
          compact: true,
          entryFileNames: (chunk) => (chunk.name === HOST_ENTRY ? `${HOST_ENTRY}-[hash].js` : '[name].js'),
          chunkFileNames: (chunk) => `chunks/${unhashed(chunk.name)}-[hash].js`,
          manualChunks: (id) => groupOf.get(id),
          sourcemap: sourcemaps(env),
        });
        // What a public page loads first must not hold the layout's group.
        const written = Object.fromEntries(output.map((o) => [o.fileName, o]));
        const group = output.find((o) => o.type === 'chunk' && o.name === 'portal');
        for (const root of publicRoots) {
          const start = output.find((o) => o.type === 'chunk' && o.moduleIds.includes(file(root)));
          if (group && start && staticClosure(written, [start.fileName]).has(group.fileName))
            this.error(`a public page loads the layout's group (${group.fileName}) with ${start.fileName}`);
        }
      } finally {
        await second.close();
      }
      rmSync(from, { recursive: true, force: true });
    },
  };
}

/**
 * The portal: every element and the host in ONE build, so React, the UI kit and the stores are
 * chunks shared by the host page and the elements it loads (docs/decisions/shared-portal-build.md).
 * The host still reaches elements only by tag: it imports none of their modules.
 */
/**
 * `LP_ONE_PASS=1 npm run build`: the first pass only, written where the second would write, for
 * measuring what the second pass is worth (docs/decisions/first-load-chunks.md, "HTTP/2"). Not a
 * build to ship: `npm run size` fails its request budgets.
 */
const ONE_PASS = process.env.LP_ONE_PASS === '1';

const portalBuild = {
  input: {
    ...Object.fromEntries(elementNames.map((n) => [n, `elements/${n}/${n}.ts`])),
    [HOST_ENTRY]: HOST_MODULE,
  },
  output: {
    dir: ONE_PASS ? 'dist/elements' : FIRST_PASS_DIR,
    format: 'es',
    entryFileNames: ONE_PASS
      ? (chunk) => (chunk.name === HOST_ENTRY ? `${HOST_ENTRY}-[hash].js` : '[name].js')
      : '[name].js',
    chunkFileNames: 'chunks/[name]-[hash].js',
    sourcemap: sourcemaps(process.env),
    // Chunks under 2 kB without side effects join a chunk loaded with them: 138 files become about
    // 108, and the order list's first view needs 26 scripts instead of 42 (each one a request on
    // HTTP/1.1: docs/decisions/shared-portal-build.md, "Small chunks").
    experimentalMinChunkSize: 2000,
  },
  plugins: [
    replace({ preventAssignment: true, values: { __LP_ELEMENTS__: JSON.stringify(elementNames) } }),
    ...plugins(),
    ONE_PASS
      ? hostHtml({ layoutModule: path.resolve(LAYOUT_MODULE) })
      : regroupFirstLoads({ from: FIRST_PASS_DIR, dir: 'dist/elements', env: process.env }),
  ],
  preserveEntrySignatures: 'allow-extension', // as in embedBuild below
  onwarn,
};

/**
 * React for the embeds: the modules elements import React by, each with its production CommonJS
 * file (read for the names it exports). One runtime chunk carries all of them.
 */
const REACT_MODULES = {
  react: 'react/cjs/react.production.js',
  'react/jsx-runtime': 'react/cjs/react-jsx-runtime.production.js',
  'react-dom': 'react-dom/cjs/react-dom.production.js',
  'react-dom/client': 'react-dom/cjs/react-dom-client.production.js',
};
const RUNTIME_ID = '\0lp-react-runtime';
const RUNTIME_IMPORT = '__lp_react_runtime__';
const binding = (name) => `m${Object.keys(REACT_MODULES).indexOf(name)}`;

/**
 * The embeds' shared React runtime (`<dir>/chunks/react-<hash>.js`): React, ReactDOM and its
 * client, the JSX runtime, each as a namespace export. Built before the elements; resolves with
 * its file name under `dir`. Hash-named: a new React is a new file, never a changed one.
 */
export async function buildReactRuntime({ dir = 'dist/embed', env = process.env } = {}) {
  const names = Object.keys(REACT_MODULES);
  const bundle = await rollup({
    input: RUNTIME_ID,
    plugins: [
      {
        name: 'react-runtime-entry',
        resolveId: (id) => (id === RUNTIME_ID ? id : null),
        load: (id) =>
          id === RUNTIME_ID
            ? `${names.map((n) => `import * as ${binding(n)} from '${n}';`).join('\n')}\nexport { ${names.map(binding).join(', ')} };`
            : null,
      },
      ...plugins(),
    ],
    preserveEntrySignatures: 'strict',
    onwarn,
  });
  try {
    const { output } = await bundle.write({
      dir,
      format: 'es',
      entryFileNames: 'chunks/react-[hash].js',
      chunkFileNames: 'chunks/react-[name]-[hash].js',
      sourcemap: sourcemaps(env),
    });
    if (output.filter((o) => o.type === 'chunk').length !== 1)
      throw new Error('the React runtime must be one file');
    return output[0].fileName;
  } finally {
    await bundle.close();
  }
}

/** The names a React module exports, read from its production build (the shim re-exports them). */
function exportNames(name) {
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    const [pkg, ...file] = REACT_MODULES[name].split('/');
    const dir = path.dirname(requireModule.resolve(`${pkg}/package.json`));
    return Object.keys(requireModule(path.join(dir, ...file))).filter((k) => /^[A-Za-z_$][\w$]*$/.test(k));
  } finally {
    process.env.NODE_ENV = previous;
  }
}

/** The kit's base of the React elements (elements/kit/react-element.ts), as a module id. */
const REACT_ELEMENT = /[\\/]elements[\\/]kit[\\/]react-element\.ts$/;

/**
 * Points an embed's React imports at the shared runtime chunk: `react`, `react-dom`… become small
 * modules that take their exports from `runtime` (a file name under the output folder), imported
 * by a path relative to each chunk (`./chunks/react-….js` from the entry, `../chunks/…` from a lazy
 * chunk in `lp-<name>/`), so the bundles work from any origin or folder they are copied to.
 */
function sharedReact(runtime) {
  const prefix = '\0lp-react:';
  return {
    name: 'shared-react',
    resolveId(source) {
      if (source === RUNTIME_IMPORT) return { id: RUNTIME_IMPORT, external: true };
      if (source in REACT_MODULES) return prefix + source;
      if (/^(react|react-dom|scheduler)(\/|$)/.test(source))
        this.error(`${source} is not in the shared React runtime (REACT_MODULES in rollup.config.mjs)`);
      return null;
    },
    load(id) {
      if (!id.startsWith(prefix)) return null;
      const name = id.slice(prefix.length);
      const names = exportNames(name).filter((k) => k !== 'default');
      // Pure reads, so that the names this element does not use are left out of its bundle.
      return [
        `import { ${binding(name)} as m } from '${RUNTIME_IMPORT}';`,
        "const pick = (k) => (k === 'default' ? (m.default ?? m) : m[k]);",
        "export default /*#__PURE__*/ pick('default');",
        ...names.map((k) => `export const ${k} = /*#__PURE__*/ pick('${k}');`),
      ].join('\n');
    },
    // An element that is not a React element (the chat launcher, a plain custom element; the
    // order status, a Lit element) must stay small on its first load: only its lazy parts may
    // import React. A React element is one whose first load has the kit's React base.
    generateBundle(_options, bundle) {
      const chunks = new Map(
        Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [[c.fileName, c]] : [])),
      );
      for (const entry of [...chunks.values()].filter((c) => c.isEntry)) {
        const first = new Set();
        const visit = (fileName) => {
          if (first.has(fileName)) return;
          first.add(fileName);
          for (const f of chunks.get(fileName)?.imports ?? []) visit(f);
        };
        visit(entry.fileName);
        const reactElement = [...first].some((f) =>
          Object.keys(chunks.get(f)?.modules ?? {}).some((m) => REACT_ELEMENT.test(m)),
        );
        if (!reactElement && first.has(RUNTIME_IMPORT))
          this.error(`${entry.fileName} is not a React element but imports React on its first load`);
      }
    },
    renderChunk(code, chunk) {
      if (!code.includes(RUNTIME_IMPORT)) return null;
      let to = path.posix.relative(path.posix.dirname(chunk.fileName), runtime);
      if (!to.startsWith('.')) to = `./${to}`;
      const s = new MagicString(code);
      s.replaceAll(RUNTIME_IMPORT, to);
      return { code: s.toString(), map: s.generateMap({ hires: true }) };
    },
  };
}

/**
 * The embed build of one element (`dir` and `env` vary only in tests): its entry
 * `dir/lp-<name>.js` with its own code, the kit and the stores, its lazy chunks in `dir/lp-<name>/`,
 * and React from the shared runtime chunk (`runtime`, from buildReactRuntime): a page that embeds
 * two React elements downloads React once (docs/decisions/embed-runtime.md).
 */
export function embedBuild(n, { runtime, dir = 'dist/embed', env = process.env }) {
  return {
    input: { [`lp-${n}`]: `elements/${n}/${n}.ts` },
    output: {
      dir,
      format: 'es',
      entryFileNames: '[name].js',
      chunkFileNames: `lp-${n}/[name]-[hash].js`,
      sourcemap: sourcemaps(env),
    },
    plugins: [sharedReact(runtime), ...plugins()],
    // An entry that exports its class may still hand modules to its lazy chunks (the chat panel
    // reads the launcher's store): export them from the entry instead of moving the whole entry
    // into a chunk behind a one-line facade (a second request before anything shows).
    preserveEntrySignatures: 'allow-extension',
    onwarn,
  };
}

/**
 * The signed-in page's first script (host/early.ts): one small file with nothing shared with the
 * portal's chunks, so that it runs as soon as it has loaded.
 */
const earlyBuild = {
  input: 'host/early.ts',
  output: { dir: 'dist/elements/host', format: 'es', entryFileNames: 'early-[hash].js' },
  plugins: plugins(),
  onwarn,
};

export default async () => {
  // A fresh dist/ on every build: hashed chunks of earlier builds would pile up (and be counted by
  // `npm run size`).
  rmSync('dist', { recursive: true, force: true });
  const runtime = await buildReactRuntime();
  return [earlyBuild, portalBuild, ...elementNames.map((n) => embedBuild(n, { runtime }))];
};

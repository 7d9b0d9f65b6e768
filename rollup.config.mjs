import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import commonjs from '@rollup/plugin-commonjs';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import esbuild from 'rollup-plugin-esbuild';
import { browserContract } from './scripts/browser-contract.mjs';

/**
 * Browser builds:
 * - dist/elements/<name>.js  every element for the host (ESM, code-split, shared chunks), and the
 *                            host's own entry (dist/elements/host/main-<hash>.js), in one build
 * - dist/embed/lp-<name>.js  one self-contained module per element for partner pages (its lazy
 *                            chunks sit in dist/embed/lp-<name>/ and load relative to it)
 * - dist/host/               the portal page (index.html pointing at the host entry) and favicon
 * An element is a folder elements/<name>/ with an entry elements/<name>/<name>.ts.
 */
/**
 * Source maps only on request (`SOURCEMAPS=1 npm run build`): everything under dist/ is served
 * publicly, and a map hands out the original sources, comments included. Nothing in the build,
 * `npm run size` or the server needs them.
 */
const sourcemaps = (env) => env.SOURCEMAPS === '1';

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
function hostHtml() {
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
      const layout = chunks.find((c) => c.facadeModuleId?.endsWith('host/layout/layout.tsx'));
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
      writeFileSync('dist/host/portal.html', html.replace('<!-- modulepreload -->', portalPreloads));
      const favicon = 'host/favicon.svg';
      if (existsSync(favicon)) copyFileSync(favicon, 'dist/host/favicon.svg');
    },
  };
}

/**
 * The portal: every element and the host in ONE build, so React, the UI kit and the stores are
 * chunks shared by the host page and the elements it loads (docs/decisions/shared-portal-build.md).
 * The host still reaches elements only by tag: it imports none of their modules.
 */
const portalBuild = {
  input: {
    ...Object.fromEntries(elementNames.map((n) => [n, `elements/${n}/${n}.ts`])),
    [HOST_ENTRY]: 'host/main.tsx',
  },
  output: {
    dir: 'dist/elements',
    format: 'es',
    entryFileNames: (chunk) => (chunk.name === HOST_ENTRY ? `${HOST_ENTRY}-[hash].js` : '[name].js'),
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
    hostHtml(),
  ],
  preserveEntrySignatures: 'allow-extension', // as in embedBuild below
  onwarn,
};

/** The self-contained embed build of one element (`dir` and `env` vary only in tests). */
export function embedBuild(n, { dir = 'dist/embed', env = process.env } = {}) {
  return {
    input: { [`lp-${n}`]: `elements/${n}/${n}.ts` },
    output: {
      dir,
      format: 'es',
      entryFileNames: '[name].js',
      chunkFileNames: `lp-${n}/[name]-[hash].js`,
      sourcemap: sourcemaps(env),
    },
    plugins: plugins(),
    // An entry that exports its class may still hand modules to its lazy chunks (the chat panel
    // reads the launcher's store): export them from the entry instead of moving the whole entry
    // into a chunk behind a one-line facade (a second request before anything shows).
    preserveEntrySignatures: 'allow-extension',
    onwarn,
  };
}

export default () => {
  // A fresh dist/ on every build: hashed chunks of earlier builds would pile up (and be counted by
  // `npm run size`).
  rmSync('dist', { recursive: true, force: true });
  return [portalBuild, ...elementNames.map((n) => embedBuild(n))];
};

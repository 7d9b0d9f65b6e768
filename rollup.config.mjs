import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import commonjs from '@rollup/plugin-commonjs';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import esbuild from 'rollup-plugin-esbuild';

/**
 * Browser builds:
 * - dist/elements/<name>.js  every element for the host (ESM, code-split, shared chunks)
 * - dist/embed/lp-<name>.js  one self-contained module per element for partner pages (its lazy
 *                            chunks sit in dist/embed/lp-<name>/ and load relative to it)
 * - dist/host/               the portal shell and its index.html
 * An element is a folder elements/<name>/ with an entry elements/<name>/<name>.ts.
 */
// A fresh dist/ on every build: hashed chunks of earlier builds would pile up (and be counted by
// `npm run size`).
rmSync('dist', { recursive: true, force: true });

const elementNames = readdirSync('elements', { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(path.join('elements', d.name, `${d.name}.ts`)))
  .map((d) => d.name)
  .sort();

const plugins = () => [
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
];

const onwarn = (warning, warn) => {
  if (warning.code === 'MODULE_LEVEL_DIRECTIVE' || warning.code === 'THIS_IS_UNDEFINED') return;
  warn(warning);
};

/** Writes dist/host/index.html from host/index.html, pointing at the hashed entry and its imports. */
function hostHtml() {
  return {
    name: 'host-html',
    generateBundle(_options, bundle) {
      const entry = Object.values(bundle).find((c) => c.type === 'chunk' && c.isEntry);
      if (!entry) this.error('host entry chunk not found');
      const preloads = entry.imports.map((f) => `    <link rel="modulepreload" href="/${f}">`).join('\n');
      const html = readFileSync('host/index.html', 'utf8')
        .replace('<!-- modulepreload -->', preloads)
        .replace('/main.js', `/${entry.fileName}`);
      this.emitFile({ type: 'asset', fileName: 'index.html', source: html });
      const favicon = 'host/favicon.svg';
      if (existsSync(favicon))
        this.emitFile({ type: 'asset', fileName: 'favicon.svg', source: readFileSync(favicon) });
    },
  };
}

const elementsBuild = elementNames.length
  ? [
      {
        input: Object.fromEntries(elementNames.map((n) => [n, `elements/${n}/${n}.ts`])),
        output: {
          dir: 'dist/elements',
          format: 'es',
          entryFileNames: '[name].js',
          chunkFileNames: 'chunks/[name]-[hash].js',
          sourcemap: true,
        },
        plugins: plugins(),
        onwarn,
      },
    ]
  : [];

const embedBuilds = elementNames.map((n) => ({
  input: { [`lp-${n}`]: `elements/${n}/${n}.ts` },
  output: {
    dir: 'dist/embed',
    format: 'es',
    entryFileNames: '[name].js',
    chunkFileNames: `lp-${n}/[name]-[hash].js`,
    sourcemap: true,
  },
  plugins: plugins(),
  onwarn,
}));

const hostBuild = {
  input: { main: 'host/main.tsx' },
  output: {
    dir: 'dist/host',
    format: 'es',
    entryFileNames: '[name]-[hash].js',
    chunkFileNames: 'chunks/[name]-[hash].js',
    sourcemap: true,
  },
  plugins: [
    replace({ preventAssignment: true, values: { __LP_ELEMENTS__: JSON.stringify(elementNames) } }),
    ...plugins(),
    hostHtml(),
  ],
  onwarn,
};

export default [...elementsBuild, ...embedBuilds, hostBuild];

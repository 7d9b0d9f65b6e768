import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { generateReactWrappers } from 'custom-element-react-wrappers';
import { build } from 'esbuild';
import { compile as compileSvelte } from 'svelte/compiler';
import * as sfc3 from 'vue/compiler-sfc';
import * as sfc2 from 'vue2/compiler-sfc';

/**
 * The host apps of the framework matrix (tests/e2e/frameworks.spec.ts): one small app per
 * framework, each drawing the same page with the portal's elements, built the way that
 * framework's own tooling would (Vue's single-file components by its compiler with
 * `isCustomElement`, Svelte's by its compiler, JSX by esbuild) into `.build/<framework>/`. The
 * partner site (scripts/demo.mjs) serves them at `/frameworks/<framework>/`.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
export const OUT = path.join(here, '.build');

/** name → entry, the title the page shows, and the app's root element (Angular's selector). */
export const FRAMEWORKS = {
  react: { entry: 'react/main.tsx', title: 'React 19' },
  // custom-element-react-wrappers' components (made for React 18 and older), in the project's React
  'react-wrappers': { entry: 'react-wrappers/main.tsx', title: 'React wrappers' },
  vue3: { entry: 'vue3/main.ts', title: 'Vue 3' },
  vue2: { entry: 'vue2/main.js', title: 'Vue 2.7' },
  svelte: { entry: 'svelte/main.js', title: 'Svelte 5' },
  angular: { entry: 'angular/main.ts', title: 'Angular 21', root: '<lp-test-app></lp-test-app>' },
  html: { entry: 'html/main.js', title: 'Plain HTML' },
};

const scopeId = (file) => createHash('sha256').update(file).digest('hex').slice(0, 8);

/** Vue 3's single-file components, compiled as @vitejs/plugin-vue does, with `isCustomElement`. */
const vue3 = {
  name: 'vue3-sfc',
  setup(b) {
    b.onLoad({ filter: /\.vue$/ }, (args) => {
      const { descriptor, errors } = sfc3.parse(readFileSync(args.path, 'utf8'), { filename: args.path });
      if (errors.length > 0) throw errors[0];
      const script = sfc3.compileScript(descriptor, {
        id: scopeId(args.path),
        inlineTemplate: true,
        templateOptions: { compilerOptions: { isCustomElement: (tag) => tag.startsWith('lp-') } },
      });
      return { contents: script.content, loader: 'ts', resolveDir: path.dirname(args.path) };
    });
  },
};

/** Vue 2.7's single-file components (Options API), compiled as vue-loader does. */
const vue2 = {
  name: 'vue2-sfc',
  setup(b) {
    b.onLoad({ filter: /\.vue$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      const descriptor = sfc2.parse({ source, filename: args.path });
      const template = sfc2.compileTemplate({
        source: descriptor.template?.content ?? '',
        filename: args.path,
        isProduction: true,
      });
      if (template.errors.length > 0) throw new Error(String(template.errors[0]));
      const script = (descriptor.script?.content ?? 'export default {}').replace(
        'export default',
        'const component =',
      );
      return {
        contents: `${script}\n${template.code}\ncomponent.render = render;\ncomponent.staticRenderFns = staticRenderFns;\nexport default component;\n`,
        loader: 'js',
        resolveDir: path.dirname(args.path),
      };
    });
  },
};

/** Svelte 5's components, compiled for the browser. */
const svelte = {
  name: 'svelte',
  setup(b) {
    b.onLoad({ filter: /\.svelte$/ }, (args) => {
      const { js } = compileSvelte(readFileSync(args.path, 'utf8'), {
        filename: args.path,
        generate: 'client',
      });
      return { contents: js.code, loader: 'js', resolveDir: path.dirname(args.path) };
    });
  },
};

const page = (title, root = '') => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>The portal's elements in ${title}</title>
    <script type="module" src="./app.js"></script>
  </head>
  <body>
    <h1>${title}</h1>
    <div id="app">${root}</div>
  </body>
</html>
`;

/**
 * React components made from the manifest (`npm run build` writes custom-elements.json) by
 * custom-element-react-wrappers (the generator for React 18 and older), into
 * `.build/react-wrappers-source/`. They import each element's module for its definition: here a
 * module that does nothing, since the page loads the embeds itself (shared/embeds.js).
 */
function writeReactWrappers() {
  const file = path.join(here, '..', '..', 'custom-elements.json');
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    throw new Error(`${file} is missing: run \`npm run build\` first (it writes the manifest)`);
  }
  const outdir = path.join(OUT, 'react-wrappers-source');
  const log = console.log;
  console.log = () => undefined; // the generator's progress lines
  try {
    generateReactWrappers(manifest, { outdir, modulePath: () => './defined-by-the-page.js' });
  } finally {
    console.log = log;
  }
  writeFileSync(
    path.join(outdir, 'defined-by-the-page.js'),
    '// the page loads the embeds (shared/embeds.js)\n',
  );
}

/** Builds every app (or the ones named) into OUT; resolves with their names. */
export async function buildFrameworks(names = Object.keys(FRAMEWORKS)) {
  rmSync(OUT, { recursive: true, force: true });
  if (names.includes('react-wrappers')) writeReactWrappers();
  await Promise.all(
    names.map(async (name) => {
      const { entry, title, root } = FRAMEWORKS[name];
      const dir = path.join(OUT, name);
      mkdirSync(dir, { recursive: true });
      await build({
        entryPoints: [path.join(here, entry)],
        outfile: path.join(dir, 'app.js'),
        bundle: true,
        format: 'esm',
        minify: true,
        logLevel: 'warning',
        jsx: 'automatic',
        conditions: name === 'svelte' ? ['svelte', 'browser'] : ['browser'],
        plugins: name === 'vue3' ? [vue3] : name === 'vue2' ? [vue2] : name === 'svelte' ? [svelte] : [],
        define: {
          'process.env.NODE_ENV': '"production"',
          __VUE_OPTIONS_API__: 'true',
          __VUE_PROD_DEVTOOLS__: 'false',
          __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false',
        },
      });
      writeFileSync(path.join(dir, 'index.html'), page(title, root));
    }),
  );
  return names;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const started = performance.now();
  const names = await buildFrameworks();
  console.log(`framework apps: ${names.join(', ')} in ${Math.round(performance.now() - started)} ms`);
}

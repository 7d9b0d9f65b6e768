import { createRequire } from 'node:module';
import { build } from 'esbuild';

/**
 * @web/test-runner plugin: React ships CommonJS only, which the browser cannot import. This
 * bundles react, react-dom and their entry points once (esbuild, production build) into one
 * vendor module, so every import shares one React, and serves each specifier as a small ES
 * module re-exporting its names from it. @sinonjs/fake-timers (CommonJS too, the tests' fake
 * clock) rides along.
 */
const require = createRequire(import.meta.url);
const entries = {
  react: 'React',
  'react/jsx-runtime': 'JSXRuntime',
  'react/jsx-dev-runtime': 'JSXDevRuntime',
  'react-dom': 'ReactDOM',
  'react-dom/client': 'ReactDOMClient',
  '@sinonjs/fake-timers': 'FakeTimers',
};
const PREFIX = '/__react/';

/** The names each entry exports, read from its production build (the development one logs). */
function exportNames() {
  const saved = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    return Object.fromEntries(
      Object.keys(entries).map((spec) => [
        spec,
        Object.keys(require(spec)).filter((n) => n !== 'default' && /^[A-Za-z_$][\w$]*$/.test(n)),
      ]),
    );
  } finally {
    if (saved === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = saved;
  }
}

export function reactEsm() {
  let vendor = '';
  let names = {};
  return {
    name: 'react-esm',
    async serverStart() {
      const contents = Object.entries(entries)
        .map(([spec, ns]) => `export * as ${ns} from '${spec}';`)
        .join('\n');
      const out = await build({
        stdin: { contents, resolveDir: process.cwd(), loader: 'js' },
        bundle: true,
        format: 'esm',
        write: false,
        define: { 'process.env.NODE_ENV': '"production"' },
        // fake-timers requires util only under Node (when `process` exists), never in the browser
        external: ['util'],
        logLevel: 'silent',
      });
      vendor = out.outputFiles[0].text;
      names = exportNames();
    },
    resolveImport({ source }) {
      if (source in entries) return `${PREFIX}${source}.js`;
      return undefined;
    },
    serve(context) {
      if (!context.path.startsWith(PREFIX)) return undefined;
      if (context.path === `${PREFIX}vendor.js`) return { body: vendor, type: 'js' };
      const spec = context.path.slice(PREFIX.length, -'.js'.length);
      const ns = entries[spec];
      if (!ns) return undefined;
      const body = [
        `import { ${ns} } from '${PREFIX}vendor.js';`,
        `export default ${ns}.default ?? ${ns};`,
        `export const { ${names[spec].join(', ')} } = ${ns};`,
      ].join('\n');
      return { body, type: 'js' };
    },
  };
}

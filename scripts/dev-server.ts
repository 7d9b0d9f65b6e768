import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { getRequestListener } from '@hono/node-server';
import react from '@vitejs/plugin-react';
import { createServer, type Plugin, type ViteDevServer } from 'vite';
import { startBackground } from '../server/background.ts';
import { boot, type Booted } from '../server/boot.ts';
import type { ServerConfig } from '../server/config.ts';
import { browserContract } from './browser-contract.mjs';

/**
 * The dev loop (`npm run dev`, docs/decisions/dev-server.md): one process serves the portal from
 * its sources. Vite transforms the browser code on request (no build) and tells the open page
 * what changed: a React component is swapped in place (Fast Refresh), any other module reloads the
 * page. Everything else is the real server: the Hono app on the embedded database with the demo
 * data, its headers (the strict CSP included), its routes, and the host pages it serves, which
 * here load `host/main.tsx` through Vite instead of the built entry.
 */

const root = path.resolve(import.meta.dirname, '..');

/** The element folders (elements/<name>/<name>.ts), as the build finds them. */
export function elementNames(): string[] {
  return fs
    .readdirSync(path.join(root, 'elements'), { withFileTypes: true })
    .filter((d) => d.isDirectory() && fs.existsSync(path.join(root, 'elements', d.name, `${d.name}.ts`)))
    .map((d) => d.name)
    .sort();
}

/**
 * The built names of an element's module, `/elements/<name>.js` (the host) and
 * `/embed/lp-<name>.js` (a partner page), as the path of its source; null for any other path.
 */
export function elementSource(urlPath: string, names: ReadonlySet<string>): string | null {
  const match = /^\/(?:elements\/([a-z0-9-]+)|embed\/lp-([a-z0-9-]+))\.js$/.exec(urlPath);
  const name = match?.[1] ?? match?.[2];
  return name && names.has(name) ? `/elements/${name}/${name}.ts` : null;
}

/**
 * The host's page for the dev server: host/index.html loading Vite's client, React Fast Refresh's
 * preamble (before any component runs) and the host's entry from source. External scripts only,
 * so the server's CSP (`script-src 'self'`) holds as in production.
 */
export function devPage(indexHtml: string): string {
  const scripts = ['/@vite/client', '/@id/@vitejs/plugin-react/preamble', '/host/main.tsx'].map(
    (src) => `<script type="module" src="${src}"></script>`,
  );
  const page = indexHtml.replace('<script type="module" src="/main.js"></script>', scripts.join('\n    '));
  if (page === indexHtml) throw new Error('host/index.html no longer loads /main.js: update devPage');
  return page.replace('<!-- modulepreload -->\n', '');
}

/** Writes the dev server's host folder (the page and the favicon) and returns the dist folder. */
function writeDevDist(): string {
  const dist = path.join(root, 'node_modules', '.cache', 'lp-dev');
  const host = path.join(dist, 'host');
  fs.mkdirSync(host, { recursive: true });
  fs.writeFileSync(
    path.join(host, 'index.html'),
    devPage(fs.readFileSync(path.join(root, 'host/index.html'), 'utf8')),
  );
  fs.copyFileSync(path.join(root, 'host/favicon.svg'), path.join(host, 'favicon.svg'));
  return dist;
}

/** What the production build does to the browser code and the dev loop keeps (rollup.config.mjs). */
function buildParity(names: readonly string[]): Plugin[] {
  // After the TypeScript transform: operations keep only what a browser calls them with.
  return [
    { ...(browserContract() as Plugin), enforce: 'post' },
    {
      name: 'lp-elements',
      config: () => ({ define: { __LP_ELEMENTS__: JSON.stringify(names) } }),
    },
  ];
}

/** The folders of the browser code and its packages: all that the dev server lets Vite read. */
const BROWSER_DIRS = ['host', 'elements', 'src', 'node_modules'];

/** A request for one of Vite's modules or its client: everything else goes to the server. */
export function isBrowserModule(urlPath: string): boolean {
  return (
    /^\/@(vite|id|fs)\//.test(urlPath) ||
    urlPath === '/@react-refresh' ||
    BROWSER_DIRS.some((dir) => urlPath.startsWith(`/${dir}/`))
  );
}

/** The URL to print for a listening address (`::` and `0.0.0.0` as localhost, IPv6 in brackets). */
export function urlFor(address: string, port: number): string {
  const host = ['::', '0.0.0.0', '::1'].includes(address)
    ? 'localhost'
    : address.includes(':')
      ? `[${address}]`
      : address;
  return `http://${host}:${port}`;
}

export interface DevServer {
  url: string;
  vite: ViteDevServer;
  booted: Booted;
  close(): Promise<void>;
}

/**
 * Boots the server (migrations, reference data, the demo accounts when `seedDemo`) and serves it
 * with Vite in front of the browser code. `config.distDir` is replaced by the dev pages' folder.
 */
export async function startDevServer(
  config: ServerConfig,
  options: { seedDemo: boolean; watch?: boolean },
): Promise<DevServer> {
  const names = elementNames();
  const known = new Set(names);
  const booted = await boot({ ...config, distDir: writeDevDist() }, { seedDemo: options.seedDemo });
  const background = startBackground(booted.deps);
  const server = http.createServer();
  const vite = await createServer({
    configFile: false,
    root,
    publicDir: false,
    appType: 'custom',
    logLevel: process.env.VITE_LOG === 'info' ? 'info' : 'warn',
    clearScreen: false,
    plugins: [react(), ...buildParity(names)],
    server: {
      middlewareMode: true,
      hmr: { server, overlay: false },
      watch: options.watch === false ? null : { ignored: ['**/data/**', '**/dist/**', '**/test-results/**'] },
      // (Vite's own default denials, and the folders that are not browser code)
      fs: {
        allow: BROWSER_DIRS.map((dir) => path.join(root, dir)),
        deny: ['.env', '.env.*', '*.{crt,pem}', '**/.git/**', '**/data/**', '**/server/**', '**/scripts/**'],
      },
    },
    // The modules Vite pre-bundles (React, Lit…), found once from every entry instead of page by
    // page (a dependency found late reloads the page).
    optimizeDeps: { entries: ['host/main.tsx', 'elements/*/*.ts'] },
  });
  const api = getRequestListener(booted.app.fetch);
  server.on('request', (req, res) => {
    const url = new URL(req.url ?? '/', 'http://dev');
    const source = elementSource(url.pathname, known);
    if (source) req.url = source + url.search;
    // Only the browser code's paths reach Vite; the API, the pages and anything else (the
    // server's sources, the data folder) are the server's, which serves none of those files.
    if (source || isBrowserModule(url.pathname)) vite.middlewares(req, res, () => void api(req, res));
    else void api(req, res);
  });
  const { port, host } = config;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const address = server.address() as AddressInfo;
  return {
    url: urlFor(address.address, address.port),
    vite,
    booted,
    async close() {
      await vite.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await background.stop();
      await booted.database.close();
    },
  };
}

import fs from 'node:fs';
import path from 'node:path';
import type { Context } from 'hono';
import { PAGE_HEADERS } from './security.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  // the elements' types (`/embed/types/*.d.ts`, scripts/element-types.mjs): text to save, never to run
  '.ts': 'text/plain; charset=utf-8',
};

const NOT_BUILT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>LP Portal</title></head>
<body><h1>LP customer portal</h1><p>The portal is not built yet: run <code>npm run build</code>.</p></body></html>`;

/**
 * Hashed file names (rollup's `[name]-[hash]`, 8 base64url characters) never change, so browsers
 * may keep them for a year. Under `/elements/` and `/embed/` the entries (`lp-chat-widget.js`) sit
 * at the top and every hashed chunk in a folder: a name alone cannot tell `chat-widget` from a hash.
 */
const HASHED = /-[A-Za-z0-9_-]{8}\.(js|css|mjs)$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Resolves a URL path inside `root`, or null when it leaves it or names no file. */
function fileIn(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const full = path.resolve(root, `.${path.posix.normalize(`/${decoded}`)}`);
  if (full !== root && !full.startsWith(root + path.sep)) return null;
  try {
    return fs.statSync(full).isFile() ? full : null;
  } catch {
    return null;
  }
}

/** Encodings the build wrote beside the files (scripts/precompress.mjs), best first. */
const ENCODINGS: ReadonlyArray<[token: string, suffix: string]> = [
  ['br', '.br'],
  ['gzip', '.gz'],
];

/** The precompressed twin of `file` the client accepts, if the build wrote one. */
function encodedTwin(file: string, accept: string): [encoding: string, file: string] | null {
  const accepted = new Set(
    accept
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || Number(q.trim().replace(/^q=/, '')) > 0)
      .map(([token]) => token?.trim().toLowerCase()),
  );
  for (const [token, suffix] of ENCODINGS) {
    if (accepted.has(token) && fs.existsSync(file + suffix)) return [token, file + suffix];
  }
  return null;
}

/** Sends a file through the context (so the security headers set for every answer stay on it). */
function send(c: Context, file: string, cache: string, extra: Record<string, string> = {}): Response {
  const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
  const headers: Record<string, string> = {
    'content-type': type,
    'cache-control': cache,
    vary: 'Accept-Encoding',
    ...(type.startsWith('text/html') ? PAGE_HEADERS : {}),
    ...extra,
  };
  const twin = encodedTwin(file, c.req.header('accept-encoding') ?? '');
  if (twin) headers['content-encoding'] = twin[0];
  return c.body(new Uint8Array(fs.readFileSync(twin ? twin[1] : file)), 200, headers);
}

/**
 * The embed bundles are public code for other sites: a partner page may load them straight from
 * the portal (`<script type="module">` fetches in CORS mode, so it needs the allow header).
 */
const EMBED_HEADERS = {
  'access-control-allow-origin': '*',
  'cross-origin-resource-policy': 'cross-origin',
};

/** The host's pages: served for the portal's paths, never as files of their own. */
const PAGES = /(?:^|[\\/])(?:index|portal)\.html$/;

/**
 * The built browser assets: `/elements/*`, `/embed/*` and the host (any other path without a
 * file falls back to the host page, which routes on the client). GET and HEAD only.
 */
export function assetHandler(distDir: string): (c: Context) => Response {
  const hostDir = path.join(distDir, 'host');
  const mounts: Array<[string, string, Record<string, string>]> = [
    ['/elements/', path.join(distDir, 'elements'), {}],
    ['/embed/', path.join(distDir, 'embed'), EMBED_HEADERS],
  ];

  return (c) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return c.text('Not found', 404);
    const urlPath = c.req.path;
    for (const [prefix, dir, extra] of mounts) {
      if (urlPath.startsWith(prefix)) {
        const file = fileIn(dir, urlPath.slice(prefix.length));
        if (!file) return c.text('Not found', 404);
        const chunk = path.relative(dir, file).includes(path.sep) && HASHED.test(file);
        return send(c, file, chunk ? IMMUTABLE : 'no-cache', extra);
      }
    }
    if (urlPath === '/custom-elements.json') {
      const file = fileIn(path.dirname(distDir), 'custom-elements.json');
      return file ? send(c, file, 'no-cache') : c.text('Not found', 404);
    }
    const file = urlPath === '/' ? null : fileIn(hostDir, urlPath);
    if (file && !PAGES.test(file)) {
      return send(c, file, HASHED.test(file) ? IMMUTABLE : 'no-cache');
    }
    if (path.extname(urlPath) && !urlPath.endsWith('.html')) return c.text('Not found', 404);
    // A visit with a session (the portal's token cookie) gets the page that also preloads the
    // layout and the customer switcher; the login page and a first visit do not download them.
    const signedIn = urlPath !== '/login' && /(?:^|;\s*)Admin-Token=[^;]/.test(c.req.header('cookie') ?? '');
    const index = (signedIn && fileIn(hostDir, 'portal.html')) || fileIn(hostDir, 'index.html');
    if (!index) return c.html(NOT_BUILT, 503, PAGE_HEADERS);
    return send(c, index, 'no-cache', { vary: 'Accept-Encoding, Cookie' });
  };
}

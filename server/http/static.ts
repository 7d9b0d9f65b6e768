import fs from 'node:fs';
import path from 'node:path';
import { Hono } from 'hono';
import type { AppEnv } from './env.ts';

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

function send(file: string, cache: string, accept: string, extra: Record<string, string> = {}): Response {
  const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
  const headers: Record<string, string> = {
    'content-type': type,
    'cache-control': cache,
    vary: 'Accept-Encoding',
    ...extra,
  };
  const twin = encodedTwin(file, accept);
  if (twin) headers['content-encoding'] = twin[0];
  return new Response(fs.readFileSync(twin ? twin[1] : file), { headers });
}

/**
 * The embed bundles are public code for other sites: a partner page may load them straight from
 * the portal (`<script type="module">` fetches in CORS mode, so it needs the allow header).
 */
const EMBED_HEADERS = {
  'access-control-allow-origin': '*',
  'cross-origin-resource-policy': 'cross-origin',
};

/**
 * The built browser assets: `/elements/*`, `/embed/*` and the host (any other path without a
 * file falls back to the host page, which routes on the client).
 */
export function staticAssets(distDir: string): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const hostDir = path.join(distDir, 'host');
  const mounts: Array<[string, string, Record<string, string>]> = [
    ['/elements/', path.join(distDir, 'elements'), {}],
    ['/embed/', path.join(distDir, 'embed'), EMBED_HEADERS],
  ];

  app.get('*', (c) => {
    const urlPath = c.req.path;
    const accept = c.req.header('accept-encoding') ?? '';
    for (const [prefix, dir, extra] of mounts) {
      if (urlPath.startsWith(prefix)) {
        const file = fileIn(dir, urlPath.slice(prefix.length));
        if (!file) return c.text('Not found', 404);
        const chunk = path.relative(dir, file).includes(path.sep) && HASHED.test(file);
        return send(file, chunk ? IMMUTABLE : 'no-cache', accept, extra);
      }
    }
    if (urlPath === '/custom-elements.json') {
      const file = fileIn(path.dirname(distDir), 'custom-elements.json');
      return file ? send(file, 'no-cache', accept) : c.text('Not found', 404);
    }
    const file = urlPath === '/' ? null : fileIn(hostDir, urlPath);
    if (file && !file.endsWith('index.html')) {
      return send(file, HASHED.test(file) ? IMMUTABLE : 'no-cache', accept);
    }
    if (path.extname(urlPath) && !urlPath.endsWith('.html')) return c.text('Not found', 404);
    const index = fileIn(hostDir, 'index.html');
    if (!index) return c.html(NOT_BUILT, 503);
    return send(index, 'no-cache', accept);
  });
  return app;
}

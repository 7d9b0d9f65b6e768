// A partner site for the embeds: serves demo/ and dist/embed/ from ANOTHER origin than the
// portal, with a strict Content-Security-Policy of its own (no 'unsafe-inline'), as a partner
// would. HTML pages get %PORTAL_ORIGIN% replaced with the portal's origin. `/api/*` is forwarded
// to the portal, as a system that embeds the account elements on its own origin would do (the
// account calls allow no cross-origin callers; the chat calls are CORS and go to the portal).
// Usage: npm run demo   (DEMO_PORT=8081, DEMO_HOST=127.0.0.1, PORTAL_URL=http://127.0.0.1:8080)
import { readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
};

/** The partner page's policy: its own scripts and styles, the portal for scripts and API calls. */
export function partnerCsp(portalOrigin, { meta = false, evaluates = false } = {}) {
  return [
    "default-src 'self'",
    // the framework matrix's Angular app compiles its template in the browser (JIT): that page only
    `script-src 'self' ${portalOrigin}${evaluates ? " 'unsafe-eval'" : ''}`,
    "style-src 'self'",
    // the tracking captcha image comes from the portal (lab-status.html)
    `img-src 'self' data: ${portalOrigin}`,
    `connect-src 'self' ${portalOrigin}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    // frame-ancestors is ignored (with a console warning) in a <meta> policy: header only
    ...(meta ? [] : ["frame-ancestors 'none'"]),
  ].join('; ');
}

/** Resolves `urlPath` inside `dir`, or null when it leaves it or names no file. */
function fileIn(dir, urlPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const full = path.resolve(dir, `.${path.posix.normalize(`/${decoded}`)}`);
  if (!full.startsWith(dir + path.sep)) return null;
  try {
    return statSync(full).isFile() ? full : null;
  } catch {
    return null;
  }
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'host']);

/** Forwards one request to the portal's API and streams the answer back. */
async function forward(req, res, portal) {
  try {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const headers = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (!HOP_BY_HOP.has(name) && typeof value === 'string') headers[name] = value;
    }
    const answer = await fetch(new URL(req.url ?? '/', portal), {
      method: req.method,
      headers,
      body: chunks.length ? Buffer.concat(chunks) : undefined,
      redirect: 'manual',
    });
    const out = {};
    for (const [name, value] of answer.headers) {
      if (!HOP_BY_HOP.has(name) && name !== 'content-encoding' && name !== 'content-length')
        out[name] = value;
    }
    res.writeHead(answer.status, out);
    res.end(Buffer.from(await answer.arrayBuffer()));
  } catch {
    res.writeHead(502, { 'Content-Type': 'text/plain' }).end('the portal server does not answer');
  }
}

/** Starts the partner site; resolves with its URL and a close function. */
export function startDemoServer({
  port = Number(process.env.DEMO_PORT ?? 8081),
  host = process.env.DEMO_HOST ?? '127.0.0.1',
  portal = process.env.PORTAL_URL ?? 'http://127.0.0.1:8080',
} = {}) {
  const portalOrigin = new URL(portal).origin;
  const mounts = [
    ['/embed/', path.join(root, 'dist', 'embed')],
    // the framework matrix's host apps (tests/frameworks/build.mjs writes them)
    ['/frameworks/', path.join(root, 'tests', 'frameworks', '.build')],
    ['/', path.join(root, 'demo')],
  ];
  const server = createServer((req, res) => {
    const urlPath = new URL(req.url ?? '/', 'http://demo').pathname;
    const headers = {
      'Content-Security-Policy': partnerCsp(portalOrigin, {
        evaluates: urlPath.startsWith('/frameworks/angular/'),
      }),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-cache',
    };
    if (urlPath.startsWith('/api/')) {
      void forward(req, res, portal);
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { ...headers, 'Content-Type': 'text/plain' }).end('method not allowed');
      return;
    }
    if (urlPath === '/') {
      res.writeHead(302, { ...headers, Location: '/partner-chat.html' }).end();
      return;
    }
    const [prefix, dir] = mounts.find(([p]) => urlPath.startsWith(p));
    const file = fileIn(dir, urlPath.slice(prefix.length));
    if (!file) {
      res.writeHead(404, { ...headers, 'Content-Type': 'text/plain' }).end('not found');
      return;
    }
    const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
    let body = readFileSync(file);
    if (type.startsWith('text/html'))
      body = body
        .toString('utf8')
        .replaceAll('%PORTAL_CSP%', partnerCsp(portalOrigin, { meta: true }))
        .replaceAll('%PORTAL_ORIGIN%', portalOrigin);
    res.writeHead(200, { ...headers, 'Content-Type': type });
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const url = `http://${host}:${server.address().port}`;
      resolve({ url, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { url } = await startDemoServer();
  const portal = process.env.PORTAL_URL ?? 'http://127.0.0.1:8080';
  console.log(`Partner site on ${url}/partner-chat.html  (API: ${portal}; start the portal with npm start)`);
  console.log(`Warehouse system embedding the customer switcher: ${url}/customer-switcher.html`);
  console.log(`Warehouse system with two React elements (one React): ${url}/warehouse.html`);
  console.log(`Clinical lab looking up an order (<lp-order-status>, cross-origin): ${url}/lab-status.html`);
  console.log(`Sponsor page showing a share link: ${url}/sponsor-share.html?share=<token of a share link>`);
  console.log(
    `The same elements in React, Vue 3, Vue 2.7, Svelte and plain HTML: ${url}/frameworks/<react|vue3|vue2|svelte|html>/index.html`,
  );
  console.log('The portal must allow this origin (CORS_ORIGINS; its default allows :8081).');
}

// Lighthouse on the login page, the portal home and the order list (10 rows of the demo data)
// after login: `npm run bench:lighthouse`.
// Starts the real server (built dist/, throw-away PGlite folder) on a free port, launches the system
// Chromium, signs the demo user in through the API and puts the token in the portal's cookie for
// the second page, then runs Lighthouse's performance category with its desktop preset (the portal
// is a desktop application, laid out from 1200 px) and its default mobile preset (slow 4G, 4x CPU).
// Prints the score, LCP, total blocking time and the JavaScript transferred; exits 1 below the aim.
// LH_PRESETS=desktop runs one preset only; LH_PAGES=order-list one page (login, home, order-list);
// LH_RUNS=3 runs each page that many times and reports the median run (by score, then LCP);
// LH_REPORTS=<folder> writes each run's full report there (<preset>-<page>-<run>.json).
// LH_HTTP2=1 puts nginx in front (TLS and HTTP/2 on the loopback, a self-signed certificate:
// scripts/http2-proxy.mjs), as docs/deploy.md's proxy serves the portal; it needs nginx and openssl.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { chromium } from 'playwright-core';
import { chromiumArgs, fullChromiumPath, hasChromium } from './chromium.mjs';
import { startHttp2Proxy } from './http2-proxy.mjs';
import { freePort, startServer, stopServer } from './server-process.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const AIM = { score: 95, loginJsKb: 100 };
const presets = (process.env.LH_PRESETS ?? 'desktop,mobile').split(',');
const onlyPages = process.env.LH_PAGES?.split(',');
const runs = Math.max(1, Number(process.env.LH_RUNS ?? 1) || 1);
const reports = process.env.LH_REPORTS;
if (reports) fs.mkdirSync(reports, { recursive: true });
const TOKEN_COOKIE = 'Admin-Token';

if (!fs.existsSync(path.join(root, 'dist', 'host', 'index.html'))) {
  console.error('dist/ is not built: run `npm run build` first.');
  process.exit(1);
}
if (!hasChromium()) {
  console.error(`No Chromium at ${fullChromiumPath}: apt-get install -y chromium (or set CHROME_PATH).`);
  process.exit(1);
}

async function signIn(base) {
  const res = await fetch(`${base}/api/user/login.html`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demo', password: 'Demo@2026pass' }),
  });
  const body = await res.json();
  if (body.code !== 0) throw new Error(`login answered ${body.code}: ${body.message}`);
  return body.data.access_token;
}

function summary(lhr) {
  const audit = (id) => lhr.audits[id];
  const scripts = audit('resource-summary').details.items.find((i) => i.resourceType === 'script');
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    lcpMs: Math.round(audit('largest-contentful-paint').numericValue),
    fcpMs: Math.round(audit('first-contentful-paint').numericValue),
    tbtMs: Math.round(audit('total-blocking-time').numericValue),
    cls: Number(audit('cumulative-layout-shift').numericValue.toFixed(3)),
    jsKb: Number(((scripts?.transferSize ?? 0) / 1000).toFixed(1)),
    jsFiles: scripts?.requestCount ?? 0,
  };
}

// The pages are Chinese. Without a CJK font (a phone always has one; a bare Linux machine often
// does not) Chromium draws boxes, the text is laid out differently and the largest paint is another
// element: the numbers then describe no real device. Measured on the home page: the welcome line is
// the largest paint with Noto Sans CJK, an overview entry without it.
function hasCjkFont() {
  try {
    return execFileSync('fc-list', [':lang=zh', 'family'], { encoding: 'utf8' }).trim() !== '';
  } catch {
    return true; // no fontconfig: not a Linux desktop stack, its own fonts apply
  }
}
if (!hasCjkFont())
  console.warn(
    "warning: no CJK font (fc-list :lang=zh is empty): Chinese text renders as boxes and the figures are not a phone's; install one first (apt-get install fonts-noto-cjk).",
  );

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-lighthouse-'));
const port = await freePort();
const direct = `http://127.0.0.1:${port}`;
const server = startServer(port, dataDir);
let chrome;
let proxy;
let failed = false;
try {
  await server.ready;
  if (process.env.LH_HTTP2 === '1') proxy = await startHttp2Proxy(direct);
  const base = proxy?.url ?? direct;
  if (proxy) console.log(`HTTP/2 behind nginx: ${base} → ${direct}`);
  chrome = await chromeLauncher.launch({
    chromePath: fullChromiumPath,
    // (the proxy's certificate is self-signed)
    chromeFlags: ['--headless=new', ...chromiumArgs, ...(proxy ? ['--ignore-certificate-errors'] : [])],
  });
  const token = await signIn(direct);
  // The portal reads its token from this cookie. Lighthouse's storage reset clears caches and
  // origin storage but not cookies, so each run starts cold and signed in or out as set here.
  const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const context = cdp.contexts()[0];
  const pages = [
    // issue 14: the login page and the signed-in home score ≥ 95 on mobile
    { id: 'login', name: 'login', url: `${base}/login`, signedIn: false, mobileAim: true },
    { id: 'home', name: 'home (signed in)', url: `${base}/home/index`, signedIn: true, mobileAim: true },
    // issue 9: the order list's first page scores ≥ 95 on mobile too
    {
      id: 'order-list',
      name: 'order list',
      url: `${base}/customer-order/index`,
      signedIn: true,
      mobileAim: true,
    },
  ].filter((page) => !onlyPages || onlyPages.includes(page.id));
  const rows = [];
  for (const preset of presets) {
    for (const page of pages) {
      const measured = [];
      for (let run = 1; run <= runs; run++) {
        await context.clearCookies();
        if (page.signedIn) await context.addCookies([{ name: TOKEN_COOKIE, value: token, url: base }]);
        const flags = {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
        };
        let lhr;
        // Now and then Chromium's trace of a load has no navigation start (NO_NAVSTART): a glitch of
        // the recording, not of the page. That run is taken again, twice at most.
        for (let attempt = 1; ; attempt++) {
          const result = await lighthouse(page.url, flags, preset === 'desktop' ? desktopConfig : undefined);
          if (!result) throw new Error(`Lighthouse gave no result for ${page.url}`);
          lhr = result.lhr;
          if (lhr.runtimeError?.code === 'NO_NAVSTART' && attempt <= 2) {
            console.log(`  run ${run}: ${preset} ${page.name}: the trace had no navigation start; again`);
            continue;
          }
          break;
        }
        if (lhr.runtimeError) throw new Error(`${page.name}: ${lhr.runtimeError.message}`);
        if (reports)
          fs.writeFileSync(path.join(reports, `${preset}-${page.id}-${run}.json`), JSON.stringify(lhr));
        const landed = new URL(lhr.finalDisplayedUrl).pathname;
        if (landed !== new URL(page.url).pathname) throw new Error(`${page.name} landed on ${landed}`);
        const row = { preset, page: page.name, landed, ...summary(lhr), load: os.loadavg()[0].toFixed(2) };
        measured.push(row);
        if (runs > 1)
          console.log(
            `  run ${run}: ${preset} ${page.name} score ${row.score}  LCP ${row.lcpMs} ms  TBT ${row.tbtMs} ms  CLS ${row.cls}  load ${row.load}`,
          );
      }
      // the median run: by score, then by LCP
      measured.sort((a, b) => a.score - b.score || b.lcpMs - a.lcpMs);
      const row = measured[Math.floor((measured.length - 1) / 2)];
      const { landed } = row;
      rows.push(row);
      const jsAim = page.name === 'login' ? ` (aim ≤ ${AIM.loginJsKb} KB)` : '';
      console.log(
        `${preset.padEnd(8)} ${page.name.padEnd(17)} score ${row.score}  LCP ${row.lcpMs} ms  FCP ${row.fcpMs} ms  ` +
          `TBT ${row.tbtMs} ms  CLS ${row.cls}  JS ${row.jsKb} KB in ${row.jsFiles} files${jsAim}  load ${row.load}${runs > 1 ? ` (median of ${runs})` : ''}  → ${landed}`,
      );
      if ((preset === 'desktop' || page.mobileAim) && row.score < AIM.score) failed = true;
      if (page.name === 'login' && row.jsKb > AIM.loginJsKb) failed = true;
    }
  }
  await cdp.close();
  console.log();
  console.table(rows);
  console.log(
    `aim: score ≥ ${AIM.score} on every page, desktop and mobile, login page JavaScript ≤ ${AIM.loginJsKb} KB (transferred, brotli)`,
  );
} catch (error) {
  failed = true;
  console.error(error instanceof Error ? error.message : error);
} finally {
  await chrome?.kill();
  await proxy?.stop();
  await stopServer(server.child);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;

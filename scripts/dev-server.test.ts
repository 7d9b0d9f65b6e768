import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, chromium, type Page } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../server/config.ts';
import { PAGE_CSP } from '../server/http/security.ts';
import { migratedDataFolder } from '../server/testing/pglite-template.ts';
import { chromiumArgs, chromiumPath } from './chromium.mjs';
import {
  type DevServer,
  devPage,
  elementSource,
  isBrowserModule,
  startDevServer,
  urlFor,
} from './dev-server.ts';

const root = path.resolve(import.meta.dirname, '..');

describe('elementSource', () => {
  const names = new Set(['order-list', 'chat-widget']);
  it('maps the built names of an element to its source', () => {
    expect(elementSource('/elements/order-list.js', names)).toBe('/elements/order-list/order-list.ts');
    expect(elementSource('/embed/lp-chat-widget.js', names)).toBe('/elements/chat-widget/chat-widget.ts');
  });
  it('leaves every other path alone', () => {
    for (const p of ['/elements/nope.js', '/elements/order-list/x.ts', '/embed/chat-widget.js', '/x.js'])
      expect(elementSource(p, names)).toBeNull();
  });
});

describe('isBrowserModule', () => {
  it('passes Vite its client and the browser code, and nothing else', () => {
    for (const p of ['/@vite/client', '/@id/x', '/@react-refresh', '/host/main.tsx', '/src/ui/css.ts'])
      expect(isBrowserModule(p), p).toBe(true);
    for (const p of ['/server/config.ts', '/scripts/dev.ts', '/data/PG_VERSION', '/package.json', '/login'])
      expect(isBrowserModule(p), p).toBe(false);
  });
});

describe('urlFor', () => {
  it('prints a URL a browser opens', () => {
    expect(urlFor('127.0.0.1', 8080)).toBe('http://127.0.0.1:8080');
    expect(urlFor('::', 8080)).toBe('http://localhost:8080');
    expect(urlFor('0.0.0.0', 8080)).toBe('http://localhost:8080');
    expect(urlFor('fe80::1', 8080)).toBe('http://[fe80::1]:8080');
  });
});

describe('devPage', () => {
  it('loads the client, the refresh preamble and the host entry, in that order, without inline script', () => {
    const page = devPage(fs.readFileSync(path.join(root, 'host/index.html'), 'utf8'));
    const scripts = [...page.matchAll(/<script([^>]*)>([^<]*)<\/script>/g)];
    expect(scripts.map((s) => /src="([^"]+)"/.exec(s[1] ?? '')?.[1])).toEqual([
      '/@vite/client',
      '/@id/@vitejs/plugin-react/preamble',
      '/host/main.tsx',
    ]);
    expect(scripts.every((s) => s[2] === '')).toBe(true);
    expect(page).not.toContain('modulepreload');
  });
});

describe('the dev server', () => {
  let dev: DevServer;
  let browser: Browser;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-dev-'));

  beforeAll(async () => {
    await migratedDataFolder(dir);
    const config = loadConfig({ NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dir });
    [dev, browser] = await Promise.all([
      startDevServer(config, { seedDemo: false, watch: false }),
      chromium.launch({ executablePath: chromiumPath, args: chromiumArgs }),
    ]);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await dev?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('serves the API, the host page with the server’s CSP, and the browser code from its sources', async () => {
    const health = await fetch(`${dev.url}/api/health.json`);
    expect(health.status).toBe(200);
    const page = await fetch(`${dev.url}/customer-order/index`);
    expect(page.headers.get('content-security-policy')).toBe(PAGE_CSP);
    expect(await page.text()).toContain('<script type="module" src="/host/main.tsx"></script>');
    const host = await fetch(`${dev.url}/host/main.tsx`);
    expect(host.headers.get('content-type')).toMatch(/javascript/);
    expect(await host.text()).toContain('createRoot');
    // The host loads an element by its built name; the dev server answers with its source.
    const element = await fetch(`${dev.url}/elements/order-list.js`);
    expect(element.status).toBe(200);
    expect(await element.text()).toContain('define("lp-order-list"');
  });

  it('serves no file that is not browser code: the server’s sources, the scripts, the data folder', async () => {
    const paths = [
      '/server/config.ts',
      '/server/config.ts?raw',
      '/scripts/dev.ts',
      '/package.json',
      '/data/PG_VERSION',
    ];
    for (const p of paths) {
      const answer = await fetch(`${dev.url}${p}`);
      const text = await answer.text();
      // a 404, or the portal's page for a path without a file type (the client routes it)
      if (answer.status !== 404) {
        expect(answer.status, p).toBe(200);
        expect(answer.headers.get('content-type'), p).toMatch(/^text\/html/);
        expect(text, p).toContain('<script type="module" src="/host/main.tsx"></script>');
      }
      expect(text, p).not.toMatch(/loadConfig|startDevServer|"name": "lp-customer-portal"|^\d+\s*$/);
    }
    const denied = await fetch(`${dev.url}/@fs${path.join(root, 'server/config.ts')}`);
    expect(denied.status).toBe(403);
  });

  it('strips the server-only parts of the contract, as the build does', async () => {
    const code = await (await fetch(`${dev.url}/src/contract/accounts/operations.ts`)).text();
    expect(code).toContain('path:');
    expect(code).not.toMatch(/rateLimits|windowMs/);
  });

  /** Opens the login page and waits for its form and for every module it loads. */
  async function openLogin(): Promise<{ page: Page; problems: string[]; updates: string[] }> {
    const page = await browser.newPage();
    const problems: string[] = [];
    const updates: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') problems.push(m.text());
      if (m.text().startsWith('[vite] hot updated:')) updates.push(m.text());
    });
    await page.goto(`${dev.url}/login`);
    await page.locator('input[type="password"]').waitFor();
    // (an update that arrives while the page still loads the module it names is not applied)
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => Object.assign(window, { lpLoadedOnce: true }));
    return { page, problems, updates };
  }

  it('swaps a saved React component into the open page without reloading it', async () => {
    const { page, problems, updates } = await openLogin();
    const since = performance.now();
    dev.vite.watcher.emit('change', path.join(root, 'host/pages/login/login-page.tsx'));
    await expect
      .poll(() => updates, { timeout: 10_000 })
      .toContain('[vite] hot updated: /host/pages/login/login-page.tsx');
    console.info(`dev server: a component swapped in ${Math.round(performance.now() - since)} ms`);
    expect(await page.evaluate(() => 'lpLoadedOnce' in window)).toBe(true);
    expect(await page.locator('input[type="password"]').isVisible()).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('reloads the open page when a module without components changes', async () => {
    const { page, problems } = await openLogin();
    const since = performance.now();
    dev.vite.watcher.emit('change', path.join(root, 'host/pages/login/login.styles.ts'));
    await page.waitForFunction(() => !('lpLoadedOnce' in window), null, { timeout: 10_000 });
    await page.locator('input[type="password"]').waitFor();
    console.info(`dev server: the page reloaded and drew in ${Math.round(performance.now() - since)} ms`);
    expect(problems).toEqual([]);
    await page.close();
  });
});

import { existsSync } from 'node:fs';
import { expect, test } from './fixtures.ts';
// @ts-expect-error plain ESM script without type declarations
import { startDemoServer } from '../../scripts/demo.mjs';
import { demoLogin } from './helpers/accounts.ts';
import { zh } from './helpers/login-page.ts';

/**
 * The warehouse system (the demo server: its own origin, a strict CSP) embeds two React elements
 * from their standalone bundles, the customer switcher and the password dialog: both work, and the
 * React runtime chunk they share is downloaded once.
 */
let demo: { url: string; close: () => Promise<void> };

test.beforeAll(async () => {
  if (!existsSync('dist/embed/lp-password-dialog.js'))
    throw new Error('dist/embed is missing: run `npm run build` first');
  const portal = test.info().project.use.baseURL;
  if (!portal) throw new Error('playwright.config.ts gives no baseURL');
  demo = await startDemoServer({ port: 0, host: '127.0.0.1', portal });
});

test.afterAll(async () => {
  await demo?.close();
});

test('two React elements on one page share one React: switch a customer, open the password dialog', async ({
  page,
}) => {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || /Content Security Policy|CSP/i.test(m.text())) problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  const runtime: string[] = [];
  const scripts = new Set<string>();
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`${r.status()} ${r.url()}`);
    const path = new URL(r.url()).pathname;
    if (/^\/embed\/chunks\/react-[\w-]{8}\.js$/.test(path)) runtime.push(path);
    if (path.startsWith('/embed/')) scripts.add(path);
  });

  await page.goto(`${demo.url}/warehouse.html`);
  // `multi` has five customer accounts (switcher-demo.spec.ts signs in with it too)
  const { username, password } = demoLogin('multi');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();

  const box = page.locator('lp-customer-switcher').getByRole('combobox', {
    name: zh('account.switcher.label'),
  });
  await expect(box).toBeVisible();
  expect(runtime).toHaveLength(1);
  expect(scripts).toEqual(
    new Set(['/embed/lp-customer-switcher.js', '/embed/lp-password-dialog.js', runtime[0]]),
  );

  // the password dialog opens (and cancels) beside the switcher
  await page.getByRole('button', { name: 'Change password' }).click();
  const dialog = page.getByRole('dialog', { name: zh('account.password.editTitle') });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: zh('common.cancel') }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('listitem').filter({ hasText: 'lp-password-cancel' })).toBeVisible();

  // the switcher switches the customer (the page reloads on the new account)
  const before = await box.getAttribute('placeholder');
  await box.click();
  await box.fill('sjz');
  const option = page.locator('lp-customer-switcher').getByRole('option');
  await expect(option).toHaveCount(1);
  const reloaded = page.waitForEvent('load');
  await box.press('Enter');
  await reloaded;
  await expect(page.getByRole('listitem').filter({ hasText: 'lp-customer-change' })).toBeVisible();
  await expect(box).not.toHaveAttribute('placeholder', before ?? '');
  await expect(box).toHaveAttribute('placeholder', /石家庄/);

  // each page load fetched (or revalidated) the runtime once, never once per element
  expect(runtime).toHaveLength(2);
  expect(new Set(runtime).size).toBe(1);
  expect(problems).toEqual([]);
});

test('an element from another build brings its own React and both still work', async ({ page }) => {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  // The password dialog as another build would ship it: its runtime under another URL (a copy on
  // the partner's server, or a build with another React), so the page holds two runtimes.
  await page.route('**/embed/lp-password-dialog.js', async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replaceAll(
      /chunks\/react-([\w-]{8})\.js/g,
      'chunks/react-$1.js?build=other',
    );
    await route.fulfill({ response, body });
  });
  const runtimes = new Set<string>();
  page.on('response', (r) => {
    const url = new URL(r.url());
    if (/^\/embed\/chunks\/react-[\w-]{8}\.js$/.test(url.pathname)) runtimes.add(url.pathname + url.search);
  });

  await page.goto(`${demo.url}/warehouse.html`);
  const { username, password } = demoLogin('multi');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();

  const box = page.locator('lp-customer-switcher').getByRole('combobox', {
    name: zh('account.switcher.label'),
  });
  await box.click();
  await box.fill('sjz');
  await expect(page.locator('lp-customer-switcher').getByRole('option')).toHaveCount(1);
  await box.press('Escape');
  await page.getByRole('button', { name: 'Change password' }).click();
  const dialog = page.getByRole('dialog', { name: zh('account.password.editTitle') });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: zh('common.cancel') }).click();
  await expect(dialog).toBeHidden();

  expect(runtimes.size).toBe(2);
  expect(problems).toEqual([]);
});

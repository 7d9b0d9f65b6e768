import { existsSync } from 'node:fs';
import { expect, test } from './fixtures.ts';
// @ts-expect-error plain ESM script without type declarations
import { startDemoServer } from '../../scripts/demo.mjs';
import { demoLogin } from './helpers/accounts.ts';
import { zh } from './helpers/login-page.ts';

/**
 * Another provider system (the demo server, on its own origin and a strict CSP) embeds
 * <lp-customer-switcher> from dist/embed/ and reaches the API through its own /api/ forward.
 */
let demo: { url: string; close: () => Promise<void> };

test.beforeAll(async () => {
  if (!existsSync('dist/embed/lp-customer-switcher.js'))
    throw new Error('dist/embed is missing: run `npm run build` first');
  const portal = test.info().project.use.baseURL;
  if (!portal) throw new Error('playwright.config.ts gives no baseURL');
  demo = await startDemoServer({ port: 0, host: '127.0.0.1', portal });
});

test.afterAll(async () => {
  await demo?.close();
});

test('the warehouse page signs in, embeds the switcher and switches the customer', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`${r.status()} ${r.url()}`);
  });
  const origins = new Set<string>();
  page.on('request', (r) => {
    origins.add(new URL(r.url()).origin);
  });

  await page.goto(`${demo.url}/customer-switcher.html`);
  const { username, password } = demoLogin('multi');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();

  const box = page.locator('lp-customer-switcher').getByRole('combobox', {
    name: zh('account.switcher.label'),
  });
  await expect(box).toBeVisible();
  const before = await box.getAttribute('placeholder');
  await box.click();
  await box.fill('sjz');
  const option = page.locator('lp-customer-switcher').getByRole('option');
  await expect(option).toHaveCount(1);
  await expect(option).toContainText('石家庄');
  const reloaded = page.waitForEvent('load');
  await box.press('Enter');
  await reloaded;
  await expect(page.getByRole('listitem').filter({ hasText: 'lp-customer-change' })).toBeVisible();
  await expect(box).toBeVisible();
  await expect(box).not.toHaveAttribute('placeholder', before ?? '');
  await expect(box).toHaveAttribute('placeholder', /石家庄/);

  expect([...origins]).toEqual([demo.url]);
  expect(problems).toEqual([]);
});

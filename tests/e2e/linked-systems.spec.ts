import { expect, test } from './fixtures.ts';
import { demoLogin } from './helpers/accounts.ts';
import { signedCall } from './helpers/api.ts';
import { enterPortal, signedInContext } from './helpers/session.ts';

/**
 * The link-opening helper (spec §7): the user menu opens another provider system (configured in
 * playwright.config.ts) in a new tab, signed in through a one-time code, never a token.
 */
const baseURL = () => test.info().project.use.baseURL!;

test('the user menu opens another system in a new tab with a one-time code, never the token', async ({
  browser,
}) => {
  const { context, token } = await signedInContext(browser, baseURL(), demoLogin('demo'));
  const page = await context.newPage();
  await enterPortal(page);
  await page.locator('.lp-user-menu').click();
  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('menuitem', { name: '打开仓储管理系统（新标签页）' }).click(),
  ]);
  await tab.waitForURL(/code=/);
  const url = new URL(tab.url());
  expect(url.pathname).toBe('/service-agreement');
  expect(url.searchParams.get('from')).toBe('portal');
  expect(tab.url()).not.toContain(token);
  expect(tab.url()).not.toContain(encodeURIComponent(token));
  // the new tab cannot reach back into the portal's window
  expect(await tab.evaluate(() => window.opener)).toBeNull();

  // The other system redeems the code server to server: it learns who opened it, once.
  const code = url.searchParams.get('code')!;
  const first = await signedCall<{ username: string }>(context.request, 'integration/redeem-link', { code });
  expect(first.code).toBe(0);
  expect(first.data.username).toBe(demoLogin('demo').username);
  await expect
    .poll(async () => (await signedCall(context.request, 'integration/redeem-link', { code })).code)
    .toBe(404);
  await context.close();
});

import { expect, test } from './fixtures.ts';
import { demoLogin } from './helpers/accounts.ts';
import { enterPortal, signedInContext } from './helpers/session.ts';

const FIRST_CALLS = ['user/get-user-info', 'common/get-route', 'customer-account/index'];

/**
 * A signed-in page starts the session's first calls from its first script (host/early.ts), and
 * the portal's code takes those answers instead of asking again: each call goes out once.
 */
test('a signed-in page sends each of the session’s first calls once, before the portal’s code asks', async ({
  browser,
  baseURL,
}) => {
  const { context } = await signedInContext(browser, baseURL!, demoLogin('demo'));
  const page = await context.newPage();
  const sent: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/api/')) sent.push(path.slice('/api/'.length, -'.html'.length));
  });
  await enterPortal(page);
  await expect(page.locator('.lp-home-welcome h1')).toContainText('欢迎回来');
  for (const name of FIRST_CALLS)
    expect(
      sent.filter((s) => s === name),
      name,
    ).toHaveLength(1);
  // the page's own script sent them
  const early = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .some((e) => /\/elements\/host\/early-[\w-]{8}\.js$/.test(e.name)),
  );
  expect(early).toBe(true);
  await context.close();
});

test('loaded again (its scripts from the cache), a page still sends each first call once and aborts none', async ({
  browser,
  baseURL,
}) => {
  const { context } = await signedInContext(browser, baseURL!, demoLogin('demo'));
  const page = await context.newPage();
  const sent: string[] = [];
  const aborted: string[] = [];
  // the first calls of the page on screen that have ended, read to the end or cut short
  const ended = new Set<string>();
  const firstCall = (url: string) =>
    FIRST_CALLS.find((name) => new URL(url).pathname === `/api/${name}.html`);
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/api/')) sent.push(path.slice('/api/'.length, -'.html'.length));
  });
  page.on('requestfinished', (request) => {
    const name = firstCall(request.url());
    if (name) ended.add(name);
  });
  page.on('requestfailed', (request) => {
    const name = firstCall(request.url());
    if (!name) return;
    ended.add(name);
    aborted.push(new URL(request.url()).pathname);
  });
  // The layout draws before the customer accounts have come (the switcher takes them later): a
  // page is left only once its first calls have ended, so that an abort here can only mean an
  // answer the portal left unread (which never ends on its own, and fails this wait).
  const firstCallsEnded = () => expect.poll(() => FIRST_CALLS.filter((name) => !ended.has(name))).toEqual([]);
  await enterPortal(page);
  await firstCallsEnded();
  for (const path of ['/customer-order/index', '/customer-inventory/index-yp']) {
    sent.length = 0;
    ended.clear();
    await page.goto(path);
    await expect(page.locator('.lp-boot')).toHaveCount(0);
    await expect(page.locator('#app')).not.toBeEmpty();
    await firstCallsEnded();
    for (const name of FIRST_CALLS)
      expect(
        sent.filter((s) => s === name),
        `${path}: ${name}`,
      ).toHaveLength(1);
  }
  // leaving the page cut none of its first calls short
  await page.goto('/home/index');
  await expect(page.locator('.lp-boot')).toHaveCount(0);
  expect(aborted).toEqual([]);
  await context.close();
});

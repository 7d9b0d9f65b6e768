import type { Browser } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import '../../src/i18n/areas/order-list.ts';
import '../../src/i18n/areas/home-overview.ts';
import { type MessageKey, t as translate } from '../../src/i18n/translate.ts';
import { demoLogin } from './helpers/accounts.ts';
import { callApi } from './helpers/api.ts';
import { pageToken, signInByApi } from './helpers/session.ts';

// the demo's order data (fixtures.ts)
test.use({ orderData: true });
test.use({ bypassCSP: true });

/**
 * One rule for times (issue 29): the portal speaks China time, and a time says so wherever the
 * viewer's device keeps another zone; the public tracking page starts in China time too, written
 * `yyyy-mm-dd hh:mm` in either language.
 */
async function session(browser: Browser, locale: 'zh-CN' | 'en', timezoneId: string) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, timezoneId });
  await context.addInitScript((l) => localStorage.setItem('lp-locale', l), locale);
  const page = await context.newPage();
  await signInByApi(page, demoLogin('demo'));
  const say = (key: MessageKey, params?: Record<string, string | number>) => translate(key, params, locale);
  return { context, page, say };
}

for (const [locale, timezoneId] of [
  ['en', 'Europe/Berlin'],
  ['zh-CN', 'America/New_York'],
] as const)
  test(`away from China (${timezoneId}, ${locale}), every time says it is China time`, async ({
    browser,
  }) => {
    const { context, page, say } = await session(browser, locale, timezoneId);
    await page.goto('/home/index');
    await expect(page.locator('lp-home-overview .ho-head__as-of span')).toHaveText(
      new RegExp(`\\d\\d:\\d\\d ${say('common.chinaTime').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
    );
    await page.goto('/customer-order/index');
    const list = page.locator('lp-order-list');
    await expect(list.locator('tbody .order-link').first()).toBeVisible();
    await expect(list.getByText(say('common.timesInChina'))).toBeVisible();
    await list.locator('tbody .order-link').first().click();
    await expect(page.locator('lp-order-view:visible').getByText(say('common.timesInChina'))).toBeVisible();

    // the public tracking page, from a share link: China time, `yyyy-mm-dd hh:mm`
    const token = await pageToken(context);
    const id = Number(/view\/(\d+)/.exec(page.url())![1]);
    const share = await callApi<{ path: string }>(
      page.request,
      'customer-order/share-create',
      { id, days: 1 },
      token,
    );
    expect(share.code).toBe(0);
    const outside = await browser.newContext({ baseURL: test.info().project.use.baseURL, timezoneId });
    await outside.addInitScript((l) => localStorage.setItem('lp-locale', l), locale);
    const track = await outside.newPage();
    await track.goto(share.data.path);
    const status = track.locator('lp-order-status');
    await expect(status.locator('select')).toHaveValue('Asia/Shanghai');
    const updated = status.locator('.footer .muted');
    await expect(updated).toHaveText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    await expect(updated).not.toHaveText(/\//);
    await outside.close();
    await context.close();
  });

test('in China, the same pages show times without a zone', async ({ browser }) => {
  const { context, page, say } = await session(browser, 'zh-CN', 'Asia/Shanghai');
  await page.goto('/home/index');
  await expect(page.locator('lp-home-overview .ho-head__as-of span')).toHaveText(/\d\d:\d\d$/);
  await page.goto('/customer-order/index');
  const list = page.locator('lp-order-list');
  await expect(list.locator('tbody .order-link').first()).toBeVisible();
  await expect(list.getByText(say('common.timesInChina'))).toHaveCount(0);
  await context.close();
});

import { expect, test } from './fixtures.ts';
import { demoLogin } from './helpers/accounts.ts';
import { enterPortal, signedInContext } from './helpers/session.ts';

/** The top bar's full-screen control (spec §8), where the browser can and where it cannot. */
const baseURL = () => test.info().project.use.baseURL!;

test('the top bar enters and leaves full screen, and says so where the browser cannot', async ({
  browser,
}) => {
  const { context } = await signedInContext(browser, baseURL(), demoLogin('demo'));
  const page = await context.newPage();
  await enterPortal(page);
  const button = page
    .getByRole('button', { name: 'Full screen' })
    .or(page.getByRole('button', { name: '全屏' }));
  await expect(button).toHaveAttribute('aria-pressed', 'false');
  await button.click();
  await expect.poll(() => page.evaluate(() => document.fullscreenElement?.tagName ?? null)).toBe('HTML');
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  await button.click();
  await expect.poll(() => page.evaluate(() => document.fullscreenElement)).toBeNull();
  await expect(button).toHaveAttribute('aria-pressed', 'false');

  // A browser (or a frame) that forbids full screen: the control explains instead of doing nothing.
  await page.addInitScript(() => {
    Object.defineProperty(Document.prototype, 'fullscreenEnabled', { get: () => false });
  });
  await page.reload();
  await button.click();
  await expect(page.getByText('当前浏览器不支持全屏显示')).toBeVisible();
  expect(await page.evaluate(() => document.fullscreenElement)).toBeNull();
  await context.close();
});

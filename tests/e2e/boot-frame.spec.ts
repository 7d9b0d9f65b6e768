import { expect, type Page, test } from '@playwright/test';
import { demoLogin } from './helpers/accounts.ts';
import { signedInContext } from './helpers/session.ts';

/** Each element's box (x, y, width, height, to 0.1 px), or null where there is none or it is hidden. */
const boxes = (page: Page, selectors: string[]) =>
  page.evaluate(
    (list) =>
      list.map((selector) => {
        const el = document.querySelector(selector);
        const r = el?.getBoundingClientRect();
        if (!r || r.width === 0) return null;
        return [r.x, r.y, r.width, r.height].map((v) => Math.round(v * 10) / 10);
      }),
    selectors,
  );

/**
 * A signed-in page brings the portal's frame in its HTML (host/boot/boot-frame.css): it paints
 * before any script runs. React's boot shell then replaces it, and must draw at the same place,
 * or the page would move under the user (and count as a layout shift).
 */
for (const [width, sidebar] of [
  [1440, 'open'],
  [1440, 'closed'],
  [1200, 'open'],
  [375, 'open'],
] as const) {
  test(`the page's own frame is where the boot shell draws (${width} px, sidebar ${sidebar})`, async ({
    browser,
    baseURL,
  }) => {
    const viewport = { width, height: 800 };
    const sidebarCookie = { name: 'sidebarStatus', value: sidebar === 'open' ? '1' : '0', url: baseURL! };

    const still = await signedInContext(browser, baseURL!, demoLogin('demo'), {
      viewport,
      javaScriptEnabled: false,
    });
    await still.context.addCookies([sidebarCookie]);
    const page = await still.context.newPage();
    await page.goto('/home/index');
    await expect(page.locator('.lp-boot-frame')).toHaveAttribute('data-sidebar', sidebar);
    const frame = await boxes(page, ['.lp-boot-frame__sidebar', '.lp-boot-frame__bar', '.lp-boot-frame svg']);
    await still.context.close();

    // With scripts, and the session's calls never answered: React's boot shell stays.
    const live = await signedInContext(browser, baseURL!, demoLogin('demo'), { viewport });
    await live.context.addCookies([sidebarCookie]);
    const shellPage = await live.context.newPage();
    await shellPage.route('**/api/**', () => undefined);
    await shellPage.goto('/home/index');
    await expect(shellPage.locator('.lp-boot')).toHaveCount(1);
    await expect(shellPage.locator('.lp-boot-frame')).toHaveCount(0);
    const shell = await boxes(shellPage, [
      '.lp-boot .lp-sidebar',
      '.lp-boot .lp-header',
      '.lp-boot .lp-hamburger svg',
    ]);
    await live.context.close();

    expect(frame[1], 'the top bar').toEqual(shell[1]);
    expect(frame[2], 'the menu icon').toEqual(shell[2]);
    if (width >= 992) expect(frame[0], 'the sidebar').toEqual(shell[0]);
    // on a phone the sidebar is off screen in both
    else expect([frame[0], (shell[0]?.[0] ?? 0) + (shell[0]?.[2] ?? 0)]).toEqual([null, 0]);
  });
}

test('the login page and a visit without a session bring no frame', async ({ page }) => {
  await page.goto('/login');
  await expect(page.locator('.lp-boot-frame')).toHaveCount(0);
  const html = await (await page.request.get('/home/index')).text();
  expect(html).not.toContain('lp-boot-frame');
});

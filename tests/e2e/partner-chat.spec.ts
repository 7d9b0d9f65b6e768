import { expect, test } from './fixtures.ts';
import { partnerUrl } from './helpers/partner.ts';

/**
 * A partner site on another origin (scripts/demo.mjs, started by playwright.config.ts on an origin
 * the portal's CORS_ORIGINS allows) embeds the chat with one script tag, under its own strict CSP
 * and hostile global CSS; the chat talks to the portal.
 */
const demo = { url: partnerUrl() };

test('the partner page shows the launcher, opens the chat and gets an answer, with no CSP violation', async ({
  page,
  baseURL,
}) => {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || /Content Security Policy|CSP/i.test(m.text())) problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`${r.status()} ${r.url()}`);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  const apiCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/')) apiCalls.push(new URL(r.url()).origin);
  });

  const response = await page.goto(`${demo.url}/partner-chat.html`);
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  expect(new URL(page.url()).origin).not.toBe(new URL(baseURL ?? '').origin);

  const launcher = page.locator('lp-chat-widget .launcher');
  await expect(launcher).toBeVisible();
  // the page sets * { font-size: 30px } and html { font-size: 40px }: the launcher keeps its size
  const box = await launcher.boundingBox();
  expect([box?.width, box?.height]).toEqual([56, 56]);
  const viewport = page.viewportSize();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBe((viewport?.width ?? 0) - 24);

  await launcher.click();
  const field = page.locator('lp-chat-widget .lp-chat__field');
  await expect(field).toBeFocused();
  await expect(page.locator('lp-chat-widget [data-kind="welcome"]')).toContainText('在线客服');
  expect(await field.evaluate((el) => getComputedStyle(el).fontSize)).toBe('14px');

  await field.fill('温度');
  await field.press('Enter');
  const answer = page.locator('lp-chat-widget [data-kind="answer"]').last();
  await expect(answer).toBeVisible();
  await expect(answer.locator('.lp-chat__answer-html')).not.toBeEmpty();

  // the partner's SPA navigation takes the element out and puts it back: the conversation stays
  await page.getByRole('link', { name: /Trials/ }).click();
  await expect(page.locator('#page-title')).toContainText('Trials');
  await expect(page.locator('lp-chat-widget [data-kind="answer"]')).toHaveCount(1);

  // and a reload keeps it too
  await page.reload();
  await expect(page.locator('lp-chat-widget [data-kind="answer"]')).toHaveCount(1);

  expect(apiCalls.length).toBeGreaterThan(0);
  expect(new Set(apiCalls)).toEqual(new Set([new URL(baseURL ?? '').origin]));
  expect(problems).toEqual([]);
});

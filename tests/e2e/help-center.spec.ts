import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { demoLogin } from './helpers/accounts.ts';
import { expectNoAxeViolations } from './helpers/axe.ts';
import { enterPortal, signedInContext } from './helpers/session.ts';

/**
 * The help centre in the portal (`/help-center/index`, demo data): browse a topic, open an
 * answer, reload its link, search, mark it helpful, go on in the chat; the English portal shows
 * the knowledge base, and the chat, in English.
 */
test.use({ bypassCSP: true });

const baseURL = () => test.info().project.use.baseURL!;
const HELP = '/help-center/index';

async function openHelp(page: Page) {
  await enterPortal(page);
  await page.goto(HELP);
  const help = page.locator('lp-help-center');
  await expect(help.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 15_000 });
  return help;
}

test('browse, answer, deep link, search, helpful and the chat (zh-CN)', async ({ browser }) => {
  const { context } = await signedInContext(browser, baseURL(), demoLogin('demo'), { bypassCSP: true });
  const page = await context.newPage();
  const help = await openHelp(page);
  await expect(help.getByRole('heading', { level: 1, name: '帮助中心' })).toBeVisible();

  const topics = help.getByRole('navigation', { name: '问题分类' });
  await topics.getByRole('link', { name: '取消订单' }).click();
  await expect(page).toHaveURL(/[?&]c=\d+/);
  await help.getByRole('link', { name: '如何取消订单？' }).click();
  await expect(help.getByRole('heading', { level: 2, name: '如何取消订单？' })).toBeVisible();
  await expect(help.getByText('可能产生')).toBeVisible();
  await expect(page).toHaveURL(/[?&]q=\d+/);

  // the link alone opens the answer again
  await page.reload();
  await expect(help.getByRole('heading', { level: 2, name: '如何取消订单？' })).toBeVisible({
    timeout: 15_000,
  });
  // back goes to the topic
  await page.goBack();
  await expect(help.getByRole('heading', { level: 2, name: '取消订单' })).toBeVisible();
  await page.goForward();
  await expect(help.getByRole('heading', { level: 2, name: '如何取消订单？' })).toBeVisible();

  await help
    .getByRole('group', { name: '这个回答对您有帮助吗？' })
    .getByRole('button', { name: '有帮助' })
    .click();
  await expect(help.getByText('感谢您的反馈！')).toBeVisible();
  await expect(help.getByRole('button', { name: '有帮助' })).toHaveCount(0);

  await help.getByRole('searchbox', { name: '搜索问题' }).fill('干冰');
  const result = help.getByRole('link', { name: '干冰运输有什么特别要求？' });
  await expect(result).toBeVisible();
  await expectNoAxeViolations(page);
  await result.click();
  await expect(help.getByRole('heading', { level: 2, name: '干冰运输有什么特别要求？' })).toBeVisible();

  await help.getByRole('button', { name: '咨询在线客服' }).click();
  const chat = page.locator('lp-chat-widget');
  await expect(chat).toHaveAttribute('open', '');
  await expect(chat.locator('.lp-chat__message[data-kind="user"]').last()).toHaveText(
    /干冰运输有什么特别要求？/,
  );
  await expect(chat.locator('.lp-chat__message[data-kind="answer"]').last()).toContainText('UN1845');
  await context.close();
});

test('the English portal shows the help centre and the chat in English', async ({ browser }) => {
  const { context } = await signedInContext(browser, baseURL(), demoLogin('demo'), {
    bypassCSP: true,
    viewport: { width: 375, height: 800 },
  });
  await context.addInitScript(() => localStorage.setItem('lp-locale', 'en'));
  const page = await context.newPage();
  const help = await openHelp(page);
  await expect(help.getByRole('heading', { level: 1, name: 'Help Centre' })).toBeVisible();
  await help
    .getByRole('navigation', { name: 'Topics' })
    .getByRole('link', { name: 'Cold Chain and Temperature Excursions' })
    .click();
  await help
    .getByRole('link', { name: 'What should I do if goods arrive with a temperature excursion?' })
    .click();
  await expect(help.getByText('Quarantine, do not use')).toBeVisible();

  await help.getByRole('searchbox', { name: 'Search Questions' }).fill('forgot my password');
  await expect(help.getByRole('link', { name: 'I forgot my password. What should I do?' })).toBeVisible();
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement!.scrollWidth,
    clientWidth: document.scrollingElement!.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  await expectNoAxeViolations(page);

  // the chat's welcome, hot questions and topics are English too
  await help.getByRole('searchbox', { name: 'Search Questions' }).fill('');
  await help.getByRole('button', { name: 'Ask Customer Service' }).click();
  const chat = page.locator('lp-chat-widget');
  const welcome = chat.locator('.lp-chat__message[data-kind="welcome"]');
  await expect(welcome).toContainText('Hello, I am the customer-service assistant.');
  await expect(welcome).toContainText('How do I create a shipping order?');
  await expect(welcome).toContainText('Ordering');
  await expect(welcome).not.toContainText('下单');
  await context.close();
});

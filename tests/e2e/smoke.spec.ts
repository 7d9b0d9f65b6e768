import { expect, test } from './fixtures.ts';

test('the server serves the portal page, which loads without errors and shows the product name', async ({
  page,
}) => {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(msg.text());
  });
  page.on('pageerror', (err) => problems.push(err.message));
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  // Without a token '/' lands on the login page, titled "<page> - <product>".
  await expect(page).toHaveURL(/\/login\?redirect=%2F$/);
  await expect(page).toHaveTitle('登录 - 物流客户系统');
  await expect(page.getByText('物流客户系统', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('客户登录');
  expect(problems).toEqual([]);
});

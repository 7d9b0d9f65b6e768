import { generate } from 'otplib';
import { expect, test } from './fixtures.ts';
import { demoLogin } from './helpers/accounts.ts';
import { apiLogin, callApi, getApi } from './helpers/api.ts';
import { LoginForm } from './helpers/login-page.ts';

/**
 * The customer policy "second factor required" (issue 34, docs/decisions/second-factor-policy.md):
 * a person without a factor in a customer that requires one is made to enrol at the sign-in (the
 * login page's lazy enrolment step after a 478) and then arrives in the portal.
 */
test('a person under the policy signs in, is made to enrol with a code computed by otplib, and arrives in the portal', async ({
  page,
  request,
}) => {
  const demo = demoLogin('demo');
  // demo administers its customer: it requires a second factor from now on (through the API)
  const token = await apiLogin(request, demo);
  const policy = await getApi<Record<string, unknown>>(request, 'customer-account/session-policy', token);
  const { idle_minutes, absolute_minutes, max_sessions } = policy.data;
  const saved = await callApi(
    request,
    'customer-account/session-policy-update',
    { idle_minutes, absolute_minutes, max_sessions, second_factor_required: true },
    token,
  );
  expect(saved.code).toBe(0);

  const form = new LoginForm(page);
  await form.goto();
  await form.signIn(demo);
  await expect(page.getByRole('heading', { name: '设置两步验证' })).toBeVisible();
  await expect(page.getByRole('img', { name: '身份验证器二维码' })).toBeVisible();
  // the 478 is the page's step, no error notice beside it
  await expect(page.locator('.lp-toast')).toHaveCount(0);
  const secret = (await page.locator('[data-secret]').getAttribute('data-secret')) as string;
  await page.getByRole('textbox', { name: '验证码' }).fill(await generate({ secret }));
  await page.getByRole('button', { name: '验证并启用' }).click();
  await expect(page.getByRole('list', { name: '请保存恢复码' }).getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: '我已保存，进入门户' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.locator('button.lp-user-menu')).toBeVisible();
});

import { expect, test } from './fixtures.ts';
import { demoLogin } from './helpers/accounts.ts';
import { apiLogin, callApi, getApi } from './helpers/api.ts';
import { LoginForm } from './helpers/login-page.ts';
import { localhost, virtualAuthenticator } from './helpers/passkeys.ts';

/**
 * The enrolment at sign-in under the policy "second factor required" with a passkey instead of
 * the authenticator app (docs/decisions/passkeys.md, docs/decisions/second-factor-policy.md), in
 * Chromium with the DevTools protocol's virtual authenticator. WebAuthn takes no IP address as
 * its relying party, so the portal is opened as `localhost` (as in passkeys.spec.ts).
 */
test('a person under the policy adds a passkey instead at sign-in and lands signed in', async ({
  page,
  request,
  baseURL,
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

  const local = localhost(baseURL);
  const { cdp, id: authenticatorId } = await virtualAuthenticator(page);
  const form = new LoginForm(page);
  await page.goto(new URL('/login', local).href);
  await expect(form.submit).toBeVisible();
  await form.signIn(demo);
  await expect(page.getByRole('heading', { name: '设置两步验证' })).toBeVisible();
  // the authenticator app's path is offered as before, the passkey beside it
  await expect(page.getByRole('img', { name: '身份验证器二维码' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: '验证码' })).toBeVisible();
  // the browser refuses first (as when the person cancels its dialog): said, and the step stays
  await page.evaluate(() => {
    const create = navigator.credentials.create.bind(navigator.credentials);
    (window as unknown as { restoreCreate: () => void }).restoreCreate = () => {
      navigator.credentials.create = create;
    };
    navigator.credentials.create = () => Promise.reject(new DOMException('cancelled', 'NotAllowedError'));
  });
  await page.getByRole('button', { name: '改为添加通行密钥' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '浏览器未创建通行密钥' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: '验证码' })).toBeVisible();
  await page.evaluate(() => (window as unknown as { restoreCreate: () => void }).restoreCreate());
  await page.getByRole('button', { name: '改为添加通行密钥' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.locator('button.lp-user-menu')).toBeVisible();
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
});

import { expect, test } from './fixtures.ts';
import { demoLogin } from './helpers/accounts.ts';
import { LoginForm, zh } from './helpers/login-page.ts';
import { localhost, virtualAuthenticator } from './helpers/passkeys.ts';

/**
 * Passkeys in Chromium (docs/decisions/passkeys.md) with the DevTools protocol's virtual
 * authenticator: a platform key that verifies the user and answers at once. WebAuthn takes no IP
 * address as its relying party, so this spec opens the portal as `localhost`, which the server
 * takes for its loopback PUBLIC_URL (server/areas/accounts/passkeys.ts).
 */
test('a passkey added from the account menu confirms the next sign-in', async ({ page, baseURL }) => {
  const local = localhost(baseURL);
  const { cdp, id: authenticatorId } = await virtualAuthenticator(page);
  const demo = demoLogin('demo');
  const form = new LoginForm(page);
  await page.goto(new URL('/login', local).href);
  await expect(form.submit).toBeVisible();
  await form.signIn(demo);
  await expect(page).not.toHaveURL(/\/login/);

  await page.locator('button.lp-user-menu').click();
  await page
    .getByRole('menu', { name: zh('host.nav.userMenu') })
    .getByRole('menuitem', { name: zh('host.nav.secondFactor') })
    .click();
  const dialog = page.locator('lp-second-factor-dialog');
  await expect(dialog.getByText('尚未添加通行密钥', { exact: false })).toBeVisible();
  await dialog.getByRole('textbox', { name: '名称' }).fill('办公室电脑');
  await dialog.getByLabel('登录密码（用于通行密钥）').fill(demo.password);
  await dialog.getByRole('button', { name: '添加通行密钥' }).click();
  await expect(dialog.getByRole('listitem').filter({ hasText: '办公室电脑' })).toBeVisible();
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  await dialog.getByRole('button', { name: '取消' }).click();

  await page.locator('button.lp-user-menu').click();
  await page
    .getByRole('menu', { name: zh('host.nav.userMenu') })
    .getByRole('menuitem', { name: zh('host.nav.logout') })
    .click();
  await expect(page).toHaveURL(/\/login/);
  await form.signIn(demo);
  // a passkey is the person's only factor: no code field, the key's button
  await expect(page.getByRole('textbox', { name: '验证码' })).toHaveCount(0);
  await page.getByRole('button', { name: '使用通行密钥' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  const after = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(after.credentials[0]?.signCount).toBeGreaterThan(credentials[0]?.signCount ?? 0);
});

import { generate } from 'otplib';
import { expect, test } from './fixtures.ts';
import { demoLogin } from './helpers/accounts.ts';
import { LoginForm, zh } from './helpers/login-page.ts';

/** The authenticator's code one time step ahead (the server takes ±1 step; the enrolment's step is used). */
const nextCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

test('two-step sign-in: turned on from the account menu, then a sign-in asks the code (computed by otplib)', async ({
  page,
}) => {
  const demo = demoLogin('demo');
  const form = new LoginForm(page);
  await form.goto();
  await form.signIn(demo);
  await expect(page).not.toHaveURL(/\/login/);

  await page.locator('button.lp-user-menu').click();
  await page
    .getByRole('menu', { name: zh('host.nav.userMenu') })
    .getByRole('menuitem', { name: zh('host.nav.secondFactor') })
    .click();
  const dialog = page.locator('lp-second-factor-dialog');
  await dialog.getByRole('textbox', { name: '登录密码', exact: true }).fill(demo.password);
  await dialog.getByRole('button', { name: '开始设置' }).click();
  await expect(dialog.getByRole('img', { name: '身份验证器二维码' })).toBeVisible();
  const secret = (await dialog.locator('[data-secret]').getAttribute('data-secret')) as string;
  await dialog.getByLabel('验证码').fill(await generate({ secret }));
  await dialog.getByRole('button', { name: '验证并启用' }).click();
  await expect(dialog.locator('.second-factor__codes li')).toHaveCount(10);
  await dialog.getByRole('button', { name: '我已保存' }).click();
  await expect(dialog.locator('dialog[open]')).toHaveCount(0);

  await page.locator('button.lp-user-menu').click();
  await page
    .getByRole('menu', { name: zh('host.nav.userMenu') })
    .getByRole('menuitem', { name: zh('host.nav.logout') })
    .click();
  await expect(page).toHaveURL(/\/login/);
  await form.signIn(demo);
  const code = page.getByRole('textbox', { name: '验证码' });
  await expect(code).toBeFocused();
  await expect(page.locator('.lp-toast')).toHaveCount(0);
  await code.fill('000000');
  await page.getByRole('button', { name: '验证并登录' }).click();
  await expect(page.getByText('验证码错误，还可尝试 4 次')).toBeVisible();
  await code.fill(await nextCode(secret));
  await page.getByRole('button', { name: '验证并登录' }).click();
  await expect(page).not.toHaveURL(/\/login/);
});

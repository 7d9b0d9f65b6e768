import { expect, test } from './fixtures.ts';
import { demoLogin } from './helpers/accounts.ts';
import { LoginForm, zh } from './helpers/login-page.ts';
import { codeIn, textsOf } from './helpers/sms.ts';
import '../../src/i18n/areas/forgot-password.ts';

const NEW = 'Forgot#2026pw';

test.describe('forgot password (issue 34)', () => {
  test('the login page’s link resets the password by a code to the registered mobile, on a 375 px phone', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    const form = new LoginForm(page);
    await form.goto();
    const user = demoLogin('demo');
    let elementLoads = 0;
    page.on('request', (r) => {
      if (r.url().includes('/elements/forgot-password.js')) elementLoads++;
    });
    await form.username.fill(user.username);
    expect(elementLoads, 'the flow is not loaded before the click').toBe(0);
    await page.getByRole('button', { name: zh('host.login.forgot') }).click();

    const dialog = page.getByRole('dialog', { name: zh('forgotPassword.title') });
    await expect(dialog).toBeVisible();
    expect(elementLoads).toBe(1);
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375, 'the dialog fits the phone').toBe(true);
    await expect(
      dialog.getByRole('textbox', { name: zh('forgotPassword.account'), exact: true }),
    ).toHaveValue(user.username);

    const own = await textsOf(request, user.username);
    await dialog.getByRole('textbox', { name: zh('forgotPassword.mobile'), exact: true }).fill(own.mobile);
    await dialog.getByRole('button', { name: zh('forgotPassword.sendCode') }).click();
    const masked = `${own.mobile.slice(0, 3)}****${own.mobile.slice(-4)}`;
    await expect(dialog.getByText(zh('forgotPassword.sent', { mobile: masked }))).toBeVisible();
    // the text goes out after the answer
    await expect.poll(async () => codeIn((await textsOf(request, user.username)).body)).toMatch(/^\d{6}$/);
    const code = codeIn((await textsOf(request, user.username)).body);

    await dialog.getByRole('textbox', { name: zh('forgotPassword.code'), exact: true }).fill(code);
    await dialog.getByRole('textbox', { name: zh('forgotPassword.newPassword'), exact: true }).fill(NEW);
    await dialog.getByRole('textbox', { name: zh('forgotPassword.confirmPassword'), exact: true }).fill(NEW);
    await dialog.getByRole('button', { name: zh('forgotPassword.submit') }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(zh('forgotPassword.done'))).toBeVisible();
    // the person is told by SMS
    await expect
      .poll(async () => (await textsOf(request, user.username)).body ?? '')
      .toContain('password was reset');

    await form.signIn({ username: user.username, password: NEW });
    await expect(page).not.toHaveURL(/\/login/);
  });
});

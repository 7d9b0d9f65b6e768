import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { demoLogin, type Login } from './helpers/accounts.ts';
import { expectNoAxeViolations } from './helpers/axe.ts';
import { look } from './helpers/look.ts';
import { LoginForm, zh } from './helpers/login-page.ts';
import { signInByApi } from './helpers/session.ts';
import { type MessageKey, t as translate } from '../../src/i18n/translate.ts';
import '../../src/i18n/areas/password.ts';
import '../../src/i18n/areas/host.ts';

async function signIn(page: Page, login: Login): Promise<void> {
  const form = new LoginForm(page);
  await form.goto();
  await form.signIn(login);
  await expect(page).not.toHaveURL(/\/login/);
}

const prompt = (page: Page) => page.getByRole('dialog', { name: zh('host.weak.title') });
const resetDialog = (page: Page) => page.getByRole('dialog', { name: zh('account.password.resetTitle') });

test.describe('weak-password flow (spec §4)', () => {
  test('weak password, not white-listed: a prompt that cannot be dismissed; cancelling the reset returns to it', async ({
    browser,
  }) => {
    const context = await browser.newContext({ bypassCSP: true });
    const page = await context.newPage();
    await signIn(page, demoLogin('weak'));
    await expect(prompt(page)).toBeVisible();
    await expect(prompt(page).getByText(zh('host.weak.weak'))).toBeVisible();
    await expect(prompt(page).getByRole('button', { name: zh('common.close') })).toHaveCount(0);
    await expect(prompt(page).getByRole('button', { name: zh('host.weak.later') })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(prompt(page)).toBeVisible();
    await expectNoAxeViolations(page);
    await look(page, 'weak-prompt');

    await prompt(page)
      .getByRole('button', { name: zh('host.weak.change') })
      .click();
    await expect(resetDialog(page)).toBeVisible();
    await expect(prompt(page)).toHaveCount(0);
    await look(page, 'weak-reset');
    await resetDialog(page)
      .getByRole('button', { name: zh('common.cancel') })
      .click();
    await expect(prompt(page)).toBeVisible();
    await context.close();
  });

  test('weak password of a white-listed customer: the prompt can be dismissed and stays away on reload', async ({
    page,
  }) => {
    await signIn(page, demoLogin('white'));
    await expect(prompt(page)).toBeVisible();
    await prompt(page)
      .getByRole('button', { name: zh('host.weak.later') })
      .click();
    await expect(prompt(page)).toHaveCount(0);
    await page.reload();
    await expect(page.locator('#app')).not.toBeEmpty();
    await expect(prompt(page)).toHaveCount(0);
  });

  test('pass_flag 1: a forced change without close button; after the change the user signs in again', async ({
    page,
  }) => {
    const forced = demoLogin('forced');
    await signIn(page, forced);
    const dialog = resetDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: zh('common.close') })).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: zh('common.cancel') })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    await look(page, 'weak-forced');

    const fresh = 'Fresh#2026b';
    await dialog.getByRole('textbox', { name: zh('account.password.oldPassword') }).fill(forced.password);
    await dialog.getByRole('textbox', { name: zh('account.password.newPassword') }).fill(fresh);
    await dialog.getByRole('textbox', { name: zh('account.password.confirmPassword') }).fill(fresh);
    await dialog.getByRole('button', { name: zh('account.password.submit') }).click();

    await expect(page).toHaveURL(/\/login/);
    await expect(page.locator('.lp-toast--success')).toHaveCount(1);
    await signIn(page, { username: forced.username, password: fresh });
    await expect(page.locator('#app')).not.toBeEmpty();
    await expect(resetDialog(page)).toHaveCount(0);
    await expect(prompt(page)).toHaveCount(0);
  });

  test('a forced change says why and offers a sign-out, in both languages', async ({ browser }) => {
    for (const locale of ['zh-CN', 'en'] as const) {
      const context = await browser.newContext({ bypassCSP: true, baseURL: test.info().project.use.baseURL });
      await context.addInitScript((l) => localStorage.setItem('lp-locale', l), locale);
      const page = await context.newPage();
      const say = (key: MessageKey) => translate(key, undefined, locale);
      await signInByApi(page, demoLogin('forced'));
      await page.goto('/home/index');
      const dialog = page.getByRole('dialog', { name: say('account.password.resetTitle') });
      await expect(dialog.getByRole('note')).toHaveText(say('host.weak.forced'));
      await dialog.getByRole('button', { name: say('account.password.signOut') }).click();
      await expect(page).toHaveURL(/\/login/);
      await expect(dialog).toHaveCount(0);
      // signed out for real: the portal's pages ask for a sign-in again
      await page.goto('/home/index');
      await expect(page).toHaveURL(/\/login/);
      await context.close();
    }
  });

  test('without the password-dialog element the flow still explains that the password must change', async ({
    page,
  }) => {
    await page.route('**/elements/password-dialog.js', (route) => route.abort());
    await signIn(page, demoLogin('weak'));
    await prompt(page)
      .getByRole('button', { name: zh('host.weak.change') })
      .click();
    const fallback = page.getByRole('dialog', { name: zh('host.weak.title') });
    await expect(fallback.getByText(zh('host.weak.unavailable'))).toBeVisible();
    await look(page, 'weak-unavailable');
    await fallback
      .getByRole('button', { name: zh('common.close') })
      .first()
      .click();
    await expect(prompt(page).getByRole('button', { name: zh('host.weak.change') })).toBeVisible();
  });
});

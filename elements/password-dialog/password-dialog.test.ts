import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sendKeys, waitUntil } from '../../src/ui/testing/commands.ts';
import { SMS_COUNTDOWN_KEY, clearSmsCountdown } from '../../src/features/password-dialog/index.ts';
import { setNavigation } from '../../src/stores/navigation.ts';
import { $toasts } from '../../src/stores/notices.ts';
import { login } from '../../src/stores/session.ts';
import { session } from '../../src/stores/storage.ts';
import { resetStores } from '../../src/stores/test-reset.ts';
import { type FakeClock, fakeClock, until } from '../../src/ui/testing/clock.ts';
import { settle } from '../../src/ui/testing/mount.tsx';
import { rawKeys } from '../../src/ui/testing/raw-keys.ts';
import { createTestUser, lastSmsCode, type TestUser } from '../../src/ui/testing/server.ts';
import type { LpPasswordDialog } from './password-dialog.ts';
import './password-dialog.ts';

/** Runs against the real API (vitest.config.ts boots it); each test makes its own user. */
describe('<lp-password-dialog>', () => {
  let restoreNavigation: () => void = () => undefined;
  let clock: FakeClock | null = null;
  const placed: HTMLElement[] = [];

  beforeEach(() => {
    restoreNavigation = setNavigation({ reload: () => undefined, navigate: () => undefined });
  });
  afterEach(() => {
    clock?.uninstall();
    clock = null;
    for (const el of placed.splice(0)) el.remove();
    restoreNavigation();
    resetStores();
    clearSmsCountdown();
  });

  function place(attributes: Record<string, string>): LpPasswordDialog {
    const el = document.createElement('lp-password-dialog');
    for (const [name, value] of Object.entries({ locale: 'en', ...attributes })) el.setAttribute(name, value);
    document.body.append(el);
    placed.push(el);
    return el;
  }
  async function signedIn(): Promise<TestUser> {
    const user = await createTestUser();
    await login({ username: user.username, password: user.password, validate: '' });
    return user;
  }

  const root = (el: HTMLElement) => el.shadowRoot as ShadowRoot;
  const dialog = (el: HTMLElement) => root(el).querySelector('dialog') as HTMLDialogElement;
  const input = (el: HTMLElement, name: string) =>
    root(el).querySelector<HTMLInputElement>(`input[name="${name}"]`) as HTMLInputElement;
  const fieldOf = (el: HTMLElement, name: string) => input(el, name).closest('.lp-field') as HTMLElement;
  const errorOf = (el: HTMLElement, name: string) =>
    fieldOf(el, name).querySelector('.lp-field__error')?.textContent ?? '';
  const hintOf = (el: HTMLElement, name: string) =>
    fieldOf(el, name).querySelector('.lp-field__hint')?.textContent ?? '';
  const statusOf = (el: HTMLElement, name: string) =>
    fieldOf(el, name).querySelector('[role="status"]')?.textContent ?? '';
  /** The rules checklist under a field: each rule's text and whether it is ticked. */
  const rulesOf = (el: HTMLElement, name: string) =>
    [...fieldOf(el, name).querySelectorAll('.lp-checklist__item')].map(
      (li) =>
        `${li.hasAttribute('data-met') ? '✓' : '○'} ${li.querySelector('.lp-checklist__label')?.textContent}`,
    );
  const submitButton = (el: HTMLElement) =>
    root(el).querySelector<HTMLButtonElement>('button[type="submit"]') as HTMLButtonElement;
  const sendButton = (el: HTMLElement) =>
    root(el).querySelector<HTMLButtonElement>('.password-form__send') as HTMLButtonElement;
  const focused = (el: HTMLElement) => root(el).activeElement;
  const errorToasts = () => $toasts.get().filter((t) => t.kind === 'error');

  /** Replaces a field's text by typing, as a user would. */
  async function typeInto(el: HTMLElement, name: string, text: string) {
    input(el, name).focus();
    await sendKeys({ press: 'ControlOrMeta+A' });
    await sendKeys({ press: 'Backspace' });
    if (text) await sendKeys({ type: text });
  }

  it('shows no message key, in Chinese and in English, in both forms with every message out', async () => {
    await signedIn();
    for (const mode of ['reset', 'edit'])
      for (const locale of ['zh-CN', 'en']) {
        const el = place({ mode, open: '', locale });
        await waitUntil(
          () => dialog(el)?.open && (mode === 'reset' || input(el, 'ur_account')?.value),
          `${mode} (${locale}) opens`,
          { timeout: 15_000 },
        );
        submitButton(el).click();
        await waitUntil(
          () => root(el).querySelector('.lp-field__error')?.textContent,
          `${mode} (${locale}): the messages`,
          { timeout: 15_000 },
        );
        expect(rawKeys(el), `${mode} ${locale}`).to.deep.equal([]);
        el.remove();
      }
  });

  describe('mode="reset"', () => {
    it('shows every validation message of spec §5 and ticks the password rules as the user types', async () => {
      const el = place({ mode: 'reset', open: '' });
      await waitUntil(() => dialog(el)?.open, 'the dialog opens');
      expect(rulesOf(el, 'new_password1')).to.deep.equal([
        '○ 8–16 characters',
        '○ No spaces',
        '○ At least 3 of: uppercase, lowercase, digit, symbol',
        '○ Not made of repeats or runs (like Aa1!Aa1! or Abcd1234)',
      ]);
      await expect(el).to.be.accessible();

      submitButton(el).click();
      await waitUntil(() => errorOf(el, 'username'));
      expect(errorOf(el, 'username')).to.equal('Please fill in the account');
      expect(errorOf(el, 'old_password')).to.equal('Please fill in the current password');
      expect(errorOf(el, 'new_password1')).to.equal('Please fill in the new password');
      expect(errorOf(el, 'new_password2')).to.equal('Please type the new password again');
      expect(input(el, 'username').getAttribute('aria-invalid')).to.equal('true');
      expect(focused(el), 'the first invalid field has the focus').to.equal(input(el, 'username'));
      await expect(el).to.be.accessible();

      const cases: Array<[string, string, string[]]> = [
        ['Ab1!', 'Please use 8–16 characters', ['○', '✓', '✓', '✓']],
        ['Abcdefgh1!Abcdefgh', 'Please use 8–16 characters', ['○', '✓', '✓', '✓']],
        ['Kq7 mPx2!', 'Cannot contain spaces', ['✓', '○', '✓', '✓']],
        ['abcdefgh12', 'Use at least 3 of: uppercase, lowercase, digit, symbol', ['✓', '✓', '○', '○']],
        ['Aa1!Aa1!', 'Not made of repeats or runs (like Aa1!Aa1! or Abcd1234)', ['✓', '✓', '✓', '○']],
        ['Fresh#2026pw', '', ['✓', '✓', '✓', '✓']],
      ];
      for (const [password, message, ticks] of cases) {
        await typeInto(el, 'new_password1', password);
        await waitUntil(() => errorOf(el, 'new_password1') === message, `${password} → ${message}`);
        expect(
          rulesOf(el, 'new_password1').map((r) => r[0]),
          password,
        ).to.deep.equal(ticks);
      }
      expect(statusOf(el, 'new_password1'), 'the last change is read out').to.equal('Met: 8–16 characters');
      await typeInto(el, 'new_password2', 'Fresh#2026px');
      await waitUntil(() => errorOf(el, 'new_password2') === 'The two new passwords do not match');
      await typeInto(el, 'new_password2', 'Fresh#2026pw');
      await waitUntil(() => errorOf(el, 'new_password2') === '');
    });

    it('speaks Chinese to a zh-CN user, the contract messages included', async () => {
      const el = place({ mode: 'reset', open: '', locale: 'zh-CN' });
      await waitUntil(() => dialog(el)?.open, 'the dialog opens');
      submitButton(el).click();
      await waitUntil(() => errorOf(el, 'username'));
      expect(
        ['username', 'old_password', 'new_password1', 'new_password2'].map((name) => errorOf(el, name)),
      ).to.deep.equal(['请填写账号', '请填写原密码', '请填写新密码', '请再次填写新密码']);
      await typeInto(el, 'new_password1', 'abc');
      await waitUntil(() => errorOf(el, 'new_password1') === '请填写 8-16 位长度的字符');
      expect(rulesOf(el, 'new_password1')[0]).to.equal('○ 8–16 个字符');
      expect(dialog(el).getAttribute('aria-labelledby')).to.be.a('string');
      expect(root(el).textContent).to.contain('修改密码');
    });

    it('says a wrong old password (406) and a refused new one (422) once, on the field, then changes the password', async () => {
      const user = await signedIn();
      const el = place({ mode: 'reset', account: user.username });
      expect(dialog(el)?.open ?? false).to.equal(false);
      el.show();
      await waitUntil(() => dialog(el)?.open, 'show() opens it');
      expect(input(el, 'username').value, 'the account is prefilled').to.equal(user.username);
      clock = fakeClock();

      // keyboard only: the first empty field has the focus, Tab moves on, Enter submits
      expect(focused(el), 'the old password is focused').to.equal(input(el, 'old_password'));
      await sendKeys({ type: 'Wrong#2026pw' });
      await sendKeys({ press: 'Tab' });
      await sendKeys({ type: 'Fresh#2026pw' });
      await sendKeys({ press: 'Tab' });
      await sendKeys({ type: 'Fresh#2026pw' });
      await sendKeys({ press: 'Enter' });
      await until(() => errorOf(el, 'old_password'), '406 on the field');
      expect(errorOf(el, 'old_password')).to.equal('The current password is incorrect');
      expect(focused(el), 'the field with the message has the focus').to.equal(input(el, 'old_password'));
      expect(errorToasts(), 'no toast repeats it').to.deep.equal([]);
      expect(dialog(el).open).to.equal(true);

      await typeInto(el, 'old_password', user.password);
      await until(() => errorOf(el, 'old_password') === '', 'editing the field clears the server message');
      // P@ssw0rd meets the policy but is on the server's common-password list (422)
      await typeInto(el, 'new_password1', 'P@ssw0rd');
      await typeInto(el, 'new_password2', 'P@ssw0rd');
      await clock.tickAsync(2000); // the submit button's click guard (spec: 2 s)
      await sendKeys({ press: 'Enter' });
      await until(() => errorOf(el, 'new_password1'), '422 on the field');
      expect(errorOf(el, 'new_password1')).to.equal('This password is too common; please choose another');
      expect(errorToasts(), 'no toast repeats it').to.deep.equal([]);

      const changes: string[] = [];
      el.addEventListener('lp-password-change', (event) => changes.push(event.detail.mode));
      await typeInto(el, 'new_password1', 'Fresh#2026pw');
      await typeInto(el, 'new_password2', 'Fresh#2026pw');
      await clock.tickAsync(2000);
      await sendKeys({ press: 'Enter' });
      await until(() => changes.length === 1, 'lp-password-change');
      expect(changes).to.deep.equal(['reset']);
      expect(el.open, 'the dialog closes').to.equal(false);
      expect($toasts.get().map((t) => [t.kind, t.message])).to.deep.equal([
        ['success', 'Password changed. Please sign in again.'],
      ]);
    });

    it('fires lp-password-cancel on Esc, and a forced one (closable="false") cannot be closed', async () => {
      const el = place({ mode: 'reset', open: '' });
      await waitUntil(() => dialog(el)?.open);
      const cancels: string[] = [];
      el.addEventListener('lp-password-cancel', (event) => cancels.push(event.detail.mode));
      input(el, 'username').focus();
      await sendKeys({ press: 'Escape' });
      await waitUntil(() => cancels.length === 1, 'Esc cancels');
      expect(el.open).to.equal(false);
      expect(dialog(el).open).to.equal(false);

      const forced = place({ mode: 'reset', open: '', closable: 'false' });
      await waitUntil(() => dialog(forced)?.open);
      expect(forced.closable).to.equal(false);
      expect(root(forced).querySelector('.lp-dialog__close'), 'no close button').to.equal(null);
      expect(root(forced).textContent).to.not.contain('Cancel');
      forced.addEventListener('lp-password-cancel', () => cancels.push('forced'));
      input(forced, 'username').focus();
      await sendKeys({ press: 'Escape' });
      await settle();
      expect(dialog(forced).open, 'Esc does nothing').to.equal(true);
      expect(cancels).to.deep.equal(['reset']);
      forced.close();
      await waitUntil(() => !dialog(forced).open, 'close() closes it');
      expect(cancels, 'close() fires no event').to.deep.equal(['reset']);
    });
  });

  describe('a forced change', () => {
    it('says why (the reason attribute) and offers a sign-out that fires lp-password-sign-out', async () => {
      const el = place({ mode: 'reset', open: '', closable: 'false', reason: 'Your password has expired.' });
      await waitUntil(() => dialog(el)?.open);
      expect(root(el).querySelector('[role="note"]')?.textContent).to.equal('Your password has expired.');
      const outs: string[] = [];
      el.addEventListener('lp-password-sign-out', (event) => outs.push(event.detail.mode));
      const out = [...root(el).querySelectorAll('button')].find((b) => b.textContent === 'Sign Out');
      (out as HTMLButtonElement).click();
      await waitUntil(() => outs.length === 1, 'the sign-out is announced');
      expect(outs).to.deep.equal(['reset']);

      // a closable dialog has Cancel instead, and no reason unless given
      const closable = place({ mode: 'reset', open: '' });
      await waitUntil(() => dialog(closable)?.open);
      expect([...root(closable).querySelectorAll('button')].map((b) => b.textContent)).to.not.include(
        'Sign Out',
      );
      expect(root(closable).querySelector('[role="note"]')).to.equal(null);
    });
  });

  describe('mode="edit"', () => {
    it('shows the registered number and the rules, says each failure once, and keeps the SMS countdown across close and reopen', async () => {
      const user = await signedIn();
      const el = place({ mode: 'edit', open: '' });
      await waitUntil(
        () => input(el, 'ur_account')?.value === user.username,
        'the account from the user info',
        {
          timeout: 15_000,
        },
      );
      expect(input(el, 'ur_account').readOnly).to.equal(true);
      const masked = `${user.mobile.slice(0, 3)}****${user.mobile.slice(-4)}`;
      expect(hintOf(el, 'mobile')).to.equal(`The number registered to this account: ${masked}`);
      expect(rulesOf(el, 'ur_passwd')).to.deep.equal([
        '○ 8–16 characters',
        '○ No spaces',
        '○ At least 3 of: uppercase, lowercase, digit, symbol',
        '○ Not made of repeats or runs (like Aa1!Aa1! or Abcd1234)',
        '○ At least one of these symbols',
      ]);
      expect(hintOf(el, 'ur_passwd')).to.contain(
        '! @ # $ % ^ & * ( ) _ + - = [ ] { } ; : \' " , . < > / ? \\ | ` ~',
      );
      await expect(el).to.be.accessible();

      clock = fakeClock();
      submitButton(el).click();
      await until(() => errorOf(el, 'mobile'));
      expect(errorOf(el, 'mobile')).to.equal('Please fill in the mobile number');
      expect(errorOf(el, 'ur_passwd')).to.equal('Please fill in the new password');
      expect(errorOf(el, 'captcha')).to.equal('Please fill in the 6-digit code');
      const describedBy = input(el, 'mobile').getAttribute('aria-describedby')?.split(' ') ?? [];
      expect(describedBy.map((id) => root(el).getElementById(id)?.textContent)).to.deep.equal([
        'Please fill in the mobile number',
        `The number registered to this account: ${masked}`,
      ]);
      await typeInto(el, 'ur_passwd', 'Kq7mPx2wz');
      await until(() => errorOf(el, 'ur_passwd') === 'The password does not meet the conditions');
      expect(rulesOf(el, 'ur_passwd').map((r) => r[0])).to.deep.equal(['✓', '✓', '✓', '✓', '○']);
      await typeInto(el, 'ur_passwd', 'Kq7mPx2w#');
      await until(() => errorOf(el, 'ur_passwd') === '');
      expect(rulesOf(el, 'ur_passwd').map((r) => r[0])).to.deep.equal(['✓', '✓', '✓', '✓', '✓']);
      expect(statusOf(el, 'ur_passwd')).to.equal('Met: At least one of these symbols');

      // a number that is not the account's: the server's 422 on the mobile field, no toast
      expect(sendButton(el).textContent).to.equal('Send Code');
      await typeInto(el, 'mobile', '13700000000');
      sendButton(el).focus();
      await sendKeys({ press: 'Enter' });
      await until(() => errorOf(el, 'mobile'), '422 on the mobile');
      expect(errorOf(el, 'mobile')).to.equal('This is not the mobile number registered to the account');
      expect(focused(el)).to.equal(input(el, 'mobile'));
      expect(errorToasts()).to.deep.equal([]);

      await typeInto(el, 'mobile', user.mobile);
      sendButton(el).focus();
      await sendKeys({ press: 'Enter' });
      await until(() => sendButton(el).disabled, 'the code is sent and the countdown runs');
      expect(sendButton(el).textContent).to.equal('Resend in 60 s');
      expect(statusOf(el, 'captcha')).to.equal('Code sent. It is valid for 5 minutes.');
      expect(Number(session.get(SMS_COUNTDOWN_KEY))).to.equal(Date.now() + 60_000);
      await clock.tickAsync(1000);
      await until(() => sendButton(el).textContent === 'Resend in 59 s', 'one second later');

      // a wrong code (475): on the code field, no toast
      const code = (await lastSmsCode(user.mobile)) ?? '';
      expect(code).to.match(/^\d{6}$/);
      await typeInto(el, 'captcha', code === '000000' ? '111111' : '000000');
      await clock.tickAsync(1000); // 2 s since the first submit: the click guard lets it through
      await sendKeys({ press: 'Enter' });
      await until(() => errorOf(el, 'captcha'), '475 on the code field');
      expect(errorOf(el, 'captcha')).to.equal(
        'The code is wrong or no longer valid. Check it or request a new one.',
      );
      expect(errorToasts()).to.deep.equal([]);

      el.close();
      await until(() => !dialog(el).open, 'closed');
      await clock.tickAsync(5000);
      el.show();
      await until(() => dialog(el).open && sendButton(el)?.disabled, 'still counting after reopening');
      expect(sendButton(el).textContent).to.equal('Resend in 53 s');
      expect(input(el, 'mobile').value, 'a reopened dialog starts a fresh form').to.equal('');

      const changes: string[] = [];
      el.addEventListener('lp-password-change', (event) => changes.push(event.detail.mode));
      await typeInto(el, 'mobile', user.mobile);
      await typeInto(el, 'ur_passwd', 'Fresh#2026pw');
      await typeInto(el, 'captcha', code);
      await clock.tickAsync(2000); // the submit button's click guard
      await sendKeys({ press: 'Enter' });
      await until(() => changes.length === 1, 'lp-password-change');
      expect(changes).to.deep.equal(['edit']);
      expect(errorToasts()).to.deep.equal([]);

      await clock.tickAsync(60_000);
      el.show();
      await until(() => dialog(el).open && sendButton(el)?.textContent === 'Send Code', 'the countdown ends');
      expect(sendButton(el).disabled).to.equal(false);
    });
  });
});

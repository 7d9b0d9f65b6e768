import { expect, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { updatePassword } from '../../src/api/password.ts';
import { SMS_COUNTDOWN_KEY, clearSmsCountdown } from '../../src/features/password-dialog/index.ts';
import { clearAuth } from '../../src/stores/auth.ts';
import { setNavigation } from '../../src/stores/navigation.ts';
import { clearNotices } from '../../src/stores/notices.ts';
import { USER_INFO_KEY, forgetSession, login } from '../../src/stores/session.ts';
import { session } from '../../src/stores/storage.ts';
import type { LpPasswordDialog } from './password-dialog.ts';
import './password-dialog.ts';

/** Runs against the real API (web-test-runner.config.mjs boots it with the demo seed). */
describe('<lp-password-dialog>', () => {
  let restoreNavigation: () => void = () => undefined;
  const placed: HTMLElement[] = [];

  beforeEach(() => {
    restoreNavigation = setNavigation({ reload: () => undefined, navigate: () => undefined });
  });
  afterEach(() => {
    for (const el of placed.splice(0)) el.remove();
    restoreNavigation();
    forgetSession();
    clearAuth();
    clearNotices();
    clearSmsCountdown();
  });

  function place(attributes: Record<string, string>): LpPasswordDialog {
    const el = document.createElement('lp-password-dialog');
    for (const [name, value] of Object.entries({ locale: 'en', ...attributes })) el.setAttribute(name, value);
    document.body.append(el);
    placed.push(el);
    return el;
  }
  const root = (el: HTMLElement) => el.shadowRoot as ShadowRoot;
  const dialog = (el: HTMLElement) => root(el).querySelector('dialog') as HTMLDialogElement;
  const input = (el: HTMLElement, name: string) =>
    root(el).querySelector<HTMLInputElement>(`input[name="${name}"]`) as HTMLInputElement;
  const errorOf = (el: HTMLElement, name: string) =>
    input(el, name).closest('.lp-field')?.querySelector('.lp-field__error')?.textContent ?? '';
  const submitButton = (el: HTMLElement) =>
    root(el).querySelector<HTMLButtonElement>('button[type="submit"]') as HTMLButtonElement;
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  /** Replaces a field's text by typing, as a user would. */
  async function typeInto(el: HTMLElement, name: string, text: string) {
    input(el, name).focus();
    await sendKeys({ press: 'ControlOrMeta+A' });
    await sendKeys({ press: 'Backspace' });
    if (text) await sendKeys({ type: text });
  }

  describe('mode="reset"', () => {
    it('shows every validation message of spec §5, live after the first submit', async () => {
      const el = place({ mode: 'reset', open: '' });
      await waitUntil(() => dialog(el)?.open, 'the dialog opens');
      await expect(el).to.be.accessible();

      submitButton(el).click();
      await waitUntil(() => errorOf(el, 'account'));
      expect(errorOf(el, 'account')).to.equal('please fill in the account');
      expect(errorOf(el, 'old-password')).to.equal('please fill in the old password');
      expect(errorOf(el, 'new-password')).to.equal('please fill in the new password');
      expect(errorOf(el, 'confirm-password')).to.equal('please fill in the new password again');
      expect(input(el, 'account').getAttribute('aria-invalid')).to.equal('true');
      await expect(el).to.be.accessible();

      const cases: Array<[string, string]> = [
        ['Ab1!', 'please fill in a length of 8-16 characters'],
        ['Abcdefgh1!Abcdefgh', 'please fill in a length of 8-16 characters'],
        ['Abc def1!', 'cannot contain spaces'],
        ['abcdefgh12', 'must contain at least 3 of: uppercase, lowercase, digit, special symbol'],
      ];
      for (const [password, message] of cases) {
        await typeInto(el, 'new-password', password);
        await waitUntil(() => errorOf(el, 'new-password') === message, `${password} → ${message}`);
      }
      await typeInto(el, 'new-password', 'Fresh#2026pw');
      await waitUntil(() => errorOf(el, 'new-password') === '', 'a good password clears the message');
      await typeInto(el, 'confirm-password', 'Fresh#2026px');
      await waitUntil(() => errorOf(el, 'confirm-password') === 'the two new passwords do not match');
      await typeInto(el, 'confirm-password', 'Fresh#2026pw');
      await waitUntil(() => errorOf(el, 'confirm-password') === '');
    });

    it('shows a wrong old password (406) on its field, then changes the password and fires lp-password-change', async function () {
      this.timeout(20000);
      await login({ username: 'demo', password: 'Demo@2026pass', validate: '' });
      const el = place({ mode: 'reset', account: 'demo' });
      expect(dialog(el)?.open ?? false).to.equal(false);
      el.show();
      await waitUntil(() => dialog(el)?.open, 'show() opens it');
      expect(input(el, 'account').value, 'the account is prefilled').to.equal('demo');

      // keyboard only: the first empty field has the focus, Tab moves on, Enter submits
      expect(root(el).activeElement, 'the old password is focused').to.equal(input(el, 'old-password'));
      await sendKeys({ type: 'Wrong#2026pw' });
      await sendKeys({ press: 'Tab' });
      await sendKeys({ type: 'Fresh#2026pw' });
      await sendKeys({ press: 'Tab' });
      await sendKeys({ type: 'Fresh#2026pw' });
      await sendKeys({ press: 'Enter' });
      await waitUntil(() => errorOf(el, 'old-password') === 'the old password is wrong', '406 on the field', {
        timeout: 5000,
      });
      expect(dialog(el).open).to.equal(true);

      const changes: string[] = [];
      el.addEventListener('lp-password-change', (event) => changes.push(event.detail.mode));
      await typeInto(el, 'old-password', 'Demo@2026pass');
      expect(errorOf(el, 'old-password'), 'editing the field clears the server message').to.equal('');
      await sleep(2100); // the submit button's click guard (spec: 2 s)
      await sendKeys({ press: 'Enter' });
      await waitUntil(() => changes.length === 1, 'lp-password-change', { timeout: 5000 });
      expect(changes).to.deep.equal(['reset']);
      expect(el.open, 'the dialog closes').to.equal(false);

      // the server took the new password; put the fixture back
      await login({ username: 'demo', password: 'Fresh#2026pw', validate: '' });
      await updatePassword({
        username: 'demo',
        old_password: 'Fresh#2026pw',
        new_password1: 'Demo@2026pass',
        new_password2: 'Demo@2026pass',
      });
    });

    it('fires lp-password-cancel on Esc, and a forced one (closable="false") cannot be closed', async () => {
      const el = place({ mode: 'reset', open: '' });
      await waitUntil(() => dialog(el)?.open);
      const cancels: string[] = [];
      el.addEventListener('lp-password-cancel', (event) => cancels.push(event.detail.mode));
      input(el, 'account').focus();
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
      input(forced, 'account').focus();
      await sendKeys({ press: 'Escape' });
      await sleep(100);
      expect(dialog(forced).open, 'Esc does nothing').to.equal(true);
      expect(cancels).to.deep.equal(['reset']);
      forced.close();
      await waitUntil(() => !dialog(forced).open, 'close() closes it');
      expect(cancels, 'close() fires no event').to.deep.equal(['reset']);
    });
  });

  describe('mode="edit"', () => {
    it('reads the account from the session, checks the special symbol and keeps the SMS countdown across close and reopen', async function () {
      this.timeout(20000);
      session.remove(USER_INFO_KEY);
      await login({ username: 'multi', password: 'Multi#2026x', validate: '' });
      const el = place({ mode: 'edit', open: '' });
      await waitUntil(() => input(el, 'account')?.value === 'multi', 'the account comes from the user info', {
        timeout: 5000,
      });
      expect(input(el, 'account').readOnly).to.equal(true);
      await expect(el).to.be.accessible();

      submitButton(el).click();
      await waitUntil(() => errorOf(el, 'mobile'));
      expect(errorOf(el, 'mobile')).to.equal('please fill in the mobile');
      expect(errorOf(el, 'new-password')).to.equal('please fill in the new password');
      expect(errorOf(el, 'captcha')).to.equal('please fill in the captcha');
      await typeInto(el, 'new-password', 'Abcdefg12');
      await waitUntil(() => errorOf(el, 'new-password') === 'password does not meet conditions');
      await typeInto(el, 'new-password', 'Abcdefg1#');
      await waitUntil(() => errorOf(el, 'new-password') === '');

      const send = () =>
        root(el).querySelector<HTMLButtonElement>('.password-form__send') as HTMLButtonElement;
      expect(send().textContent).to.equal('send code');
      await typeInto(el, 'mobile', '13800138004');
      send().focus();
      await sendKeys({ press: 'Enter' });
      await waitUntil(() => send().disabled, 'the code is sent and the countdown runs', { timeout: 5000 });
      expect(send().textContent).to.match(/^resend in (59|60) s$/);
      expect(Number(session.get(SMS_COUNTDOWN_KEY))).to.be.greaterThan(Date.now());

      el.close();
      await waitUntil(() => !dialog(el).open);
      await sleep(1100);
      el.show();
      await waitUntil(() => dialog(el).open);
      await waitUntil(() => send()?.disabled, 'still counting after reopening');
      const left = Number(/(\d+)/.exec(send().textContent ?? '')?.[1]);
      expect(left).to.be.within(50, 59);
      expect(input(el, 'mobile').value, 'a reopened dialog starts a fresh form').to.equal('');
    });
  });
});

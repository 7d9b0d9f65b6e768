import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setNavigation } from '../../src/stores/navigation.ts';
import { login } from '../../src/stores/session.ts';
import { resetStores } from '../../src/stores/test-reset.ts';
import { fakeClock, until } from '../../src/ui/testing/clock.ts';
import { sendKeys, setViewport, waitUntil } from '../../src/ui/testing/commands.ts';
import { rawKeys } from '../../src/ui/testing/raw-keys.ts';
import { createTestUser, lastSmsCode } from '../../src/ui/testing/server.ts';
import type { LpForgotPassword } from './forgot-password.ts';
import './forgot-password.ts';

/** Runs against the real API (vitest.config.ts boots it); each test makes its own user. */
describe('<lp-forgot-password>', () => {
  const placed: HTMLElement[] = [];
  let restoreNavigation: () => void = () => undefined;
  beforeEach(() => {
    resetStores();
    restoreNavigation = setNavigation({ reload: () => undefined, navigate: () => undefined });
  });
  afterEach(async () => {
    restoreNavigation();
    for (const el of placed.splice(0)) el.remove();
    resetStores();
    await setViewport({ width: 1280, height: 800 });
  });

  function place(attributes: Record<string, string>): LpForgotPassword {
    const el = document.createElement('lp-forgot-password');
    for (const [name, value] of Object.entries({ locale: 'en', ...attributes })) el.setAttribute(name, value);
    document.body.append(el);
    placed.push(el);
    return el;
  }
  const root = (el: HTMLElement) => el.shadowRoot as ShadowRoot;
  const dialog = (el: HTMLElement) => root(el).querySelector('dialog') as HTMLDialogElement | null;
  const input = (el: HTMLElement, name: string) =>
    root(el).querySelector<HTMLInputElement>(`input[name="${name}"]`) as HTMLInputElement;
  const errorOf = (el: HTMLElement, name: string) =>
    input(el, name)?.closest('.lp-field')?.querySelector('.lp-field__error')?.textContent ?? '';
  const submit = (el: HTMLElement) =>
    (root(el).querySelector('button[type="submit"]') as HTMLButtonElement).click();
  const rules = (el: HTMLElement) =>
    [...root(el).querySelectorAll('.lp-checklist__item')].map((li) => li.hasAttribute('data-met'));

  async function typeInto(el: HTMLElement, name: string, text: string) {
    input(el, name).focus();
    await sendKeys({ press: 'ControlOrMeta+A' });
    await sendKeys({ press: 'Backspace' });
    if (text) await sendKeys({ type: text });
  }

  /** The code the server texted to `mobile` (it texts after its answer: wait for it). */
  async function codeFor(mobile: string): Promise<string> {
    let code: string | null = null;
    await waitUntil(
      async () => {
        code = await lastSmsCode(mobile);
        return code;
      },
      `a code texted to ${mobile}`,
      { timeout: 10_000 },
    );
    return code as unknown as string;
  }

  it('shows its first step and its messages in both languages, with no raw message key and no axe violation', async () => {
    for (const [locale, title] of [
      ['zh-CN', '找回密码'],
      ['en', 'Forgot password'],
    ] as const) {
      const el = place({ locale, open: '' });
      await waitUntil(() => dialog(el)?.open, `${locale}: the dialog opens`);
      expect(root(el).textContent).to.contain(title);
      submit(el);
      await waitUntil(() => errorOf(el, 'username'), `${locale}: the messages`);
      expect(rawKeys(el), locale).to.deep.equal([]);
      await expect(el).to.be.accessible();
      el.remove();
    }
  });

  it('resets the password with the texted code: a common password refused, a wrong code said on its field, then the new password signs in', async () => {
    const user = await createTestUser();
    const el = place({ account: user.username });
    expect(dialog(el)?.open ?? false).to.equal(false);
    el.show();
    await waitUntil(() => dialog(el)?.open, 'show() opens it');
    expect(input(el, 'username').value, 'the account is prefilled').to.equal(user.username);
    expect(root(el).activeElement, 'the mobile has the focus').to.equal(input(el, 'mobile'));
    await sendKeys({ type: user.mobile });
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => input(el, 'captcha'), 'the second step');
    const masked = `${user.mobile.slice(0, 3)}****${user.mobile.slice(-4)}`;
    expect(root(el).textContent).to.contain(`If ${masked} is the account’s mobile number`);
    expect(root(el).querySelector('.forgot-password__send')?.hasAttribute('disabled')).to.equal(true);
    const code = await codeFor(user.mobile);

    await typeInto(el, 'captcha', code === '000000' ? '000001' : '000000');
    await typeInto(el, 'new_password1', 'abcdefgh');
    expect(rules(el), 'a run of letters: long enough, one class, a run').to.deep.equal([
      true,
      true,
      false,
      false,
    ]);
    await typeInto(el, 'new_password1', 'Fresh#2026pw');
    expect(rules(el)).to.deep.equal([true, true, true, true]);
    await typeInto(el, 'new_password2', 'Fresh#2026pw');
    submit(el);
    await waitUntil(() => errorOf(el, 'captcha'), 'the wrong code on its field');
    expect(errorOf(el, 'captcha')).to.equal('The code is wrong or no longer valid: please get a new one');

    await typeInto(el, 'captcha', code);
    await typeInto(el, 'new_password1', 'P@ssw0rd');
    await typeInto(el, 'new_password2', 'P@ssw0rd');
    submit(el);
    await waitUntil(() => errorOf(el, 'new_password1'), 'the common password on its field');
    expect(errorOf(el, 'new_password1')).to.equal('This password is too common; please choose another');

    const resets: string[] = [];
    el.addEventListener('lp-password-reset', (event) => resets.push(event.detail.username));
    await typeInto(el, 'new_password1', 'Fresh#2026pw');
    await typeInto(el, 'new_password2', 'Fresh#2026pw');
    submit(el);
    await waitUntil(() => resets.length === 1, 'lp-password-reset', { timeout: 10_000 });
    expect(resets).to.deep.equal([user.username]);
    expect(el.open).to.equal(false);
    // the new password signs in
    await login({ username: user.username, password: 'Fresh#2026pw', validate: '' });
  });

  it('waits a minute before the code can be sent again, and counts the seconds down', async () => {
    const user = await createTestUser();
    const el = place({ account: user.username, open: '' });
    await waitUntil(() => dialog(el)?.open, 'the dialog opens');
    input(el, 'mobile').focus();
    await sendKeys({ type: user.mobile });
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => input(el, 'captcha'), 'the second step');
    const send = () => root(el).querySelector('.forgot-password__send') as HTMLButtonElement;
    expect(send().disabled).to.equal(true);
    expect(send().textContent).to.match(/^Send again in (60|59) s$/);
    const clock = fakeClock();
    clock.tick(30_000);
    // (until: waits frame by frame, whatever the timers)
    await until(() => /^Send again in (30|29) s$/.test(send().textContent ?? ''), 'half a minute later');
    expect(send().disabled).to.equal(true);
    clock.tick(30_000);
    await until(() => !send().disabled, 'a minute later');
    expect(send().textContent).to.equal('Send again');
    clock.uninstall();
  });

  it('fits a 375 px phone, and cancelling fires lp-password-reset-cancel', async () => {
    await setViewport({ width: 375, height: 667 });
    const el = place({ open: '', locale: 'zh-CN' });
    await waitUntil(() => dialog(el)?.open, 'the dialog opens');
    const box = (dialog(el) as HTMLDialogElement).getBoundingClientRect();
    expect(box.left).to.be.at.least(0);
    expect(box.right).to.be.at.most(375);
    for (const field of root(el).querySelectorAll('input'))
      expect(field.getBoundingClientRect().right, field.name).to.be.at.most(box.right);
    const cancels: unknown[] = [];
    el.addEventListener('lp-password-reset-cancel', (event) => cancels.push(event.detail));
    await sendKeys({ press: 'Escape' });
    await waitUntil(() => cancels.length === 1, 'lp-password-reset-cancel');
    expect(el.open).to.equal(false);
    // code sets it again: no event
    el.show();
    el.close();
    expect(cancels).to.have.length(1);
  });
});

import { generate } from 'otplib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setNavigation } from '../../src/stores/navigation.ts';
import { login } from '../../src/stores/session.ts';
import { resetStores } from '../../src/stores/test-reset.ts';
import { sendKeys, waitUntil } from '../../src/ui/testing/commands.ts';
import { rawKeys } from '../../src/ui/testing/raw-keys.ts';
import { createTestUser } from '../../src/ui/testing/server.ts';
import type { LpSecondFactorDialog } from './second-factor-dialog.ts';
import './second-factor-dialog.ts';

/** Runs against the real API (vitest.config.ts boots it); each test makes its own user. */
describe('<lp-second-factor-dialog>', () => {
  let restoreNavigation: () => void = () => undefined;
  const placed: HTMLElement[] = [];

  beforeEach(() => {
    restoreNavigation = setNavigation({ reload: () => undefined, navigate: () => undefined });
  });
  afterEach(() => {
    for (const el of placed.splice(0)) el.remove();
    restoreNavigation();
    resetStores();
  });

  function place(): LpSecondFactorDialog {
    const el = document.createElement('lp-second-factor-dialog');
    el.setAttribute('locale', 'en');
    el.setAttribute('open', '');
    document.body.append(el);
    placed.push(el);
    return el;
  }

  const root = (el: HTMLElement) => el.shadowRoot as ShadowRoot;
  const input = (el: HTMLElement, name: string) =>
    root(el).querySelector<HTMLInputElement>(`input[name="${name}"]`);
  const errorOf = (el: HTMLElement, name: string) =>
    input(el, name)?.closest('.lp-field')?.querySelector('.lp-field__error')?.textContent ?? '';
  const submit = (el: HTMLElement) =>
    (root(el).querySelector('button[type="submit"]') as HTMLButtonElement).click();

  async function typeInto(el: HTMLElement, name: string, text: string) {
    (input(el, name) as HTMLInputElement).focus();
    await sendKeys({ press: 'ControlOrMeta+A' });
    await sendKeys({ press: 'Backspace' });
    await sendKeys({ type: text });
  }

  it('turns two-step sign-in on: password, QR code and key, a first code, the 10 recovery codes once; then off with a recovery code', async () => {
    const user = await createTestUser();
    await login({ username: user.username, password: user.password, validate: '' });
    const el = place();
    await waitUntil(() => input(el, 'password') !== null, 'the password field');
    expect(root(el).textContent).toContain('Two-step sign-in is off');
    await typeInto(el, 'password', `${user.password}x`);
    submit(el);
    await waitUntil(() => errorOf(el, 'password') !== '', 'the wrong password said');
    expect(errorOf(el, 'password')).toBe('Wrong password');

    await typeInto(el, 'password', user.password);
    submit(el);
    await waitUntil(() => root(el).querySelector('[data-secret]') !== null, 'the key shown');
    const secret = (root(el).querySelector('[data-secret]') as HTMLElement).dataset.secret as string;
    expect(root(el).querySelector('svg[role="img"] path')?.getAttribute('d')).toMatch(/^M/);
    expect(root(el).querySelector('[data-secret]')?.textContent?.replace(/ /g, '')).toBe(secret);

    await typeInto(el, 'code', '000000');
    submit(el);
    await waitUntil(() => errorOf(el, 'code') !== '', 'the wrong code said');
    await typeInto(el, 'code', await generate({ secret }));
    submit(el);
    await waitUntil(() => root(el).querySelectorAll('.second-factor__codes li').length === 10, 'the codes');
    const codes = [...root(el).querySelectorAll('.second-factor__codes code')].map(
      (c) => c.textContent ?? '',
    );
    expect(rawKeys(el)).toEqual([]);
    const changed = new Promise<CustomEvent<{ enabled: boolean }>>((resolve) =>
      el.addEventListener('lp-second-factor-change', resolve, { once: true }),
    );
    submit(el);
    expect((await changed).detail).toEqual({ enabled: true });

    // again: it is on, 10 recovery codes left; the password and a recovery code turn it off
    el.remove();
    const again = place();
    await waitUntil(() => input(again, 'code') !== null, 'the removal form');
    expect(root(again).textContent).toContain('Recovery codes left: 10');
    await typeInto(again, 'password', user.password);
    await typeInto(again, 'code', codes[0] as string);
    const off = new Promise<CustomEvent<{ enabled: boolean }>>((resolve) =>
      again.addEventListener('lp-second-factor-change', resolve, { once: true }),
    );
    submit(again);
    expect((await off).detail).toEqual({ enabled: false });
  });
});

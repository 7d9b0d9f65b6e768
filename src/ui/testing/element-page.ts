import { afterEach } from 'vitest';
import { loadUserInfo, login } from '../../stores/session.ts';
import { resetStores } from '../../stores/test-reset.ts';
import { waitUntil } from './commands.ts';
import type { TestUser } from './server.ts';

/** Signs in as the portal does: the session, then the user info (pages follow its customer). */
export async function signIn(user: TestUser): Promise<void> {
  await login({ username: user.username, password: user.password, validate: '' });
  await loadUserInfo();
}

/**
 * What an element's test does to a page element (call it in the `describe`): `place` puts one in
 * the page in a language (removed, and the stores reset, after each test), and the helpers read
 * its shadow root and act in it as a user does.
 */
export function elementPage(tag: keyof HTMLElementTagNameMap) {
  const placed: HTMLElement[] = [];
  afterEach(() => {
    for (const el of placed.splice(0)) el.remove();
    resetStores();
  });
  const root = (el: HTMLElement) => el.shadowRoot as ShadowRoot;
  /** A button by its label, in the open dialog when one is open, else on the page. */
  const button = (el: HTMLElement, label: string) => {
    const scope = root(el).querySelector('dialog[open]') ?? root(el);
    return Array.from(scope.querySelectorAll<HTMLButtonElement>('button')).find(
      (b) => b.textContent === label,
    );
  };
  return {
    place(locale: 'zh-CN' | 'en'): HTMLElement {
      const el = document.createElement(tag);
      el.setAttribute('locale', locale);
      document.body.append(el);
      placed.push(el);
      return el;
    },
    root,
    text: (el: HTMLElement) => root(el).textContent ?? '',
    button,
    /** Clicks the button once it is there and past its click guard (buttons ignore a quick second click). */
    async press(el: HTMLElement, label: string): Promise<void> {
      await waitUntil(
        () => button(el, label)?.getAttribute('aria-disabled') === null && button(el, label),
        label,
      );
      button(el, label)?.click();
    },
    /** Sets a field's value as typing does (React reads it from the native setter). */
    type(input: HTMLInputElement | HTMLTextAreaElement, value: string): void {
      const proto =
        input instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
      Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    },
  };
}

import { afterEach, describe, expect, it } from 'vitest';
import { sendKeys } from '../../src/ui/testing/commands.ts';
import { $locale, t } from '../../src/i18n/translate.ts';
import {
  CARRIED_TOASTS_KEY,
  clearNotices,
  confirm,
  toast,
  toastAfterReload,
} from '../../src/stores/notices.ts';
import { type FakeClock, fakeClock, until } from '../../src/ui/testing/clock.ts';
import { deepActive, drawn, settle } from '../../src/ui/testing/mount.tsx';
import { rawKeys } from '../../src/ui/testing/raw-keys.ts';
import './notices.ts';

const made: Element[] = [];
function notices(parent: ParentNode = document.body, attributes: Record<string, string> = {}) {
  const el = document.createElement('lp-notices');
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  parent.append(el);
  made.push(el);
  return el;
}
const toastsIn = (el: HTMLElement) => Array.from(el.shadowRoot?.querySelectorAll('.lp-toast') ?? []);
const dialogIn = (el: HTMLElement) => el.shadowRoot?.querySelector('dialog') ?? null;

describe('<lp-notices>', () => {
  let clock: FakeClock | null = null;
  afterEach(() => {
    clock?.uninstall();
    clock = null;
    clearNotices();
    sessionStorage.removeItem(CARRIED_TOASTS_KEY);
    for (const el of made.splice(0)) el.remove();
  });

  it('is registered, in the tag map, and defining it again is harmless', async () => {
    expect(customElements.get('lp-notices')).to.equal(document.createElement('lp-notices').constructor);
    const before = customElements.get('lp-notices');
    // a second copy of the module (another bundle) defines its own class under the same tag
    const again = './notices.ts?again';
    await import(/* @vite-ignore */ again);
    expect(customElements.get('lp-notices')).to.equal(before);
  });

  it('shows a toast in the top layer for 5 s', async () => {
    const el = await drawn(notices());
    clock = fakeClock();
    toast('Order saved', 'success');
    await settle();
    const [shown] = toastsIn(el);
    expect(shown?.textContent).to.contain('Order saved');
    expect(shown?.getAttribute('role')).to.equal('status');
    expect(el.shadowRoot?.querySelector('.lp-toasts')?.matches(':popover-open')).to.equal(true);
    await clock.tickAsync(4999);
    await settle();
    expect(toastsIn(el).length, 'still shown 1 ms before 5 s').to.equal(1);
    await clock.tickAsync(1);
    await settle();
    expect(toastsIn(el).length, 'gone at 5 s').to.equal(0);
    expect(el.shadowRoot?.querySelector('.lp-toasts')?.matches(':popover-open')).to.equal(false);
  });

  it('shows, once, a toast raised just before the page reloaded (switch success)', async () => {
    toastAfterReload('Customer account switched.', 'success');
    const el = await drawn(notices());
    await until(() => toastsIn(el).length, 'the carried toast');
    expect(toastsIn(el)).to.have.length(1);
    expect(toastsIn(el)[0]?.textContent).to.contain('Customer account switched.');
    clearNotices();
    el.remove();
    const again = await drawn(notices());
    expect(toastsIn(again)).to.have.length(0);
  });

  it('closes a toast from the keyboard and tells the page with a composed lp-toast-dismiss', async () => {
    const outer = document.createElement('div');
    document.body.append(outer);
    made.push(outer);
    const el = await drawn(notices(outer.attachShadow({ mode: 'open' })));
    const id = toast('Network is poor', 'error');
    await settle();
    const events: CustomEvent<{ id: number; kind: string; message: string }>[] = [];
    const listen = (e: CustomEvent<{ id: number; kind: string; message: string }>) => events.push(e);
    document.addEventListener('lp-toast-dismiss', listen);
    expect(toastsIn(el)[0]?.getAttribute('role')).to.equal('alert');
    el.shadowRoot?.querySelector<HTMLElement>('.lp-toast__close')?.focus();
    await sendKeys({ press: 'Enter' });
    await settle();
    document.removeEventListener('lp-toast-dismiss', listen);
    expect(toastsIn(el).length).to.equal(0);
    expect(events.map((e) => e.detail)).to.deep.equal([{ id, kind: 'error', message: 'Network is poor' }]);
    expect([events[0]?.bubbles, events[0]?.composed]).to.deep.equal([true, true]);
  });

  it('resolves a confirm with Enter (confirm has the focus) and with Esc (cancel)', async () => {
    const el = await drawn(notices());
    const answers: boolean[] = [];
    el.addEventListener('lp-confirm-answer', (e) => answers.push(e.detail.confirmed));

    const first = confirm({
      title: 'Logged in elsewhere',
      message: 'Log in again?',
      confirmText: 'Re-login',
      cancelText: 'Cancel',
    });
    await settle();
    expect(dialogIn(el)?.open).to.equal(true);
    expect(deepActive()?.textContent).to.equal('Re-login');
    await sendKeys({ press: 'Enter' });
    expect(await first).to.equal(true);
    await settle();
    expect(dialogIn(el)).to.equal(null);

    const second = confirm({
      title: 'Delete draft',
      message: 'Sure?',
      confirmText: 'Delete',
      cancelText: 'Keep',
    });
    await settle();
    await sendKeys({ press: 'Escape' });
    expect(await second).to.equal(false);
    expect(answers).to.deep.equal([true, false]);
  });

  it('asks queued confirms one after the other', async () => {
    const el = await drawn(notices());
    const a = confirm({ title: 'A', message: 'first', confirmText: 'Yes', cancelText: 'No' });
    const b = confirm({ title: 'B', message: 'second', confirmText: 'Yes', cancelText: 'No' });
    await settle();
    expect(el.shadowRoot?.querySelector('h2')?.textContent).to.equal('A');
    await sendKeys({ press: 'Escape' });
    expect(await a).to.equal(false);
    await settle();
    expect(el.shadowRoot?.querySelector('h2')?.textContent).to.equal('B');
    expect(deepActive()?.textContent).to.equal('Yes');
    await sendKeys({ press: 'Enter' });
    expect(await b).to.equal(true);
  });

  it('shows each toast once when the page has several <lp-notices>', async () => {
    const first = await drawn(notices());
    // (the second draws nothing while the first shows the page's notices)
    const second = notices();
    await settle();
    toast('Once', 'info');
    await settle();
    expect(toastsIn(first).length + toastsIn(second).length).to.equal(1);
    expect(toastsIn(first).length).to.equal(1);
    first.remove();
    await until(() => toastsIn(second).length, 'the second takes over');
    expect(toastsIn(second).length).to.equal(1);
  });

  it('puts toasts at the bottom with placement="bottom"', async () => {
    const el = notices();
    el.setAttribute('placement', 'bottom');
    await drawn(el);
    toast('Bottom', 'info');
    await settle();
    const list = el.shadowRoot?.querySelector('.lp-toasts') as HTMLElement;
    expect(list.classList.contains('lp-toasts--bottom')).to.equal(true);
    expect(list.getBoundingClientRect().bottom).to.be.greaterThan(window.innerHeight - 60);
  });

  it('shows no message key, in Chinese and in English, with a toast and a confirm open', async () => {
    try {
      for (const locale of ['zh-CN', 'en']) {
        const el = await drawn(notices(document.body, { locale }));
        // what the API client raises (src/stores/api-outcomes.ts): shared messages, in the page's language
        toast(t('api.network'), 'error');
        void confirm({
          title: t('api.loggedInElsewhereTitle'),
          message: t('api.loggedInElsewhere'),
          confirmText: t('api.relogin'),
          cancelText: t('common.cancel'),
        });
        await settle();
        expect(toastsIn(el), locale).to.have.length(1);
        expect(dialogIn(el)?.open, locale).to.equal(true);
        expect(rawKeys(el), locale).to.deep.equal([]);
        clearNotices();
        el.remove();
      }
    } finally {
      $locale.set('zh-CN');
    }
  });

  it('is accessible with a toast and a confirm open', async () => {
    const el = await drawn(notices());
    toast('Saved', 'success');
    void confirm({ title: 'Leave?', message: 'Unsaved changes', confirmText: 'Leave', cancelText: 'Stay' });
    await settle();
    await expect(el).to.be.accessible();
  });

  it('keeps its sizes when the page sets html { font-size: 40px } and * { font-size: 30px }', async () => {
    const el = await drawn(notices());
    toast('Sized', 'warning');
    void confirm({ title: 'Size', message: 'check', confirmText: 'OK', cancelText: 'No' });
    await settle();
    const box = (sel: string) => {
      const node = el.shadowRoot?.querySelector(sel) as HTMLElement;
      const r = node.getBoundingClientRect();
      return [getComputedStyle(node).fontSize, Math.round(r.width), Math.round(r.height)];
    };
    const before = [box('.lp-toast'), box('dialog'), box('.lp-button')];
    const style = document.createElement('style');
    style.textContent = 'html { font-size: 40px } * { font-size: 30px }';
    document.head.append(style);
    try {
      expect([box('.lp-toast'), box('dialog'), box('.lp-button')]).to.deep.equal(before);
      expect(before[0]?.[0]).to.equal('14px');
    } finally {
      style.remove();
    }
  });
});

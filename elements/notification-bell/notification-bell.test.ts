import { afterEach, describe, expect, it } from 'vitest';
import { setApiBase } from '../../src/api/config.ts';
import { login } from '../../src/stores/session.ts';
import { setNavigation } from '../../src/stores/navigation.ts';
import { resetStores } from '../../src/stores/test-reset.ts';
import { sendKeys, waitUntil } from '../../src/ui/testing/commands.ts';
import { rawKeys } from '../../src/ui/testing/raw-keys.ts';
import { createTestUser, notifyTestUser, type TestUser } from '../../src/ui/testing/server.ts';
import './notification-bell.ts';

const signIn = (user: TestUser) => login({ username: user.username, password: user.password, validate: '' });

/** Runs against the real API (vitest.config.ts); each test makes its own user and notifications. */
describe('<lp-notification-bell>', () => {
  const placed: HTMLElement[] = [];
  const stops: Array<() => void> = [];
  afterEach(() => {
    for (const el of placed.splice(0)) el.remove();
    for (const stop of stops.splice(0)) stop();
    setApiBase('');
    resetStores();
  });

  function place(locale: 'zh-CN' | 'en'): HTMLElement {
    const el = document.createElement('lp-notification-bell');
    el.setAttribute('locale', locale);
    document.body.append(el);
    placed.push(el);
    return el;
  }
  const root = (el: HTMLElement) => el.shadowRoot as ShadowRoot;
  const bell = (el: HTMLElement) => root(el).querySelector<HTMLButtonElement>('.lp-bell');
  const items = (el: HTMLElement) =>
    Array.from(root(el).querySelectorAll<HTMLElement>('.lp-bell-panel__item'));

  it('counts the unread in both languages; its panel lists them, going where to act, and marks all read', async () => {
    const user = await createTestUser();
    await signIn(user);
    const cuId = user.customers[0]!.cu_id;
    await notifyTestUser({
      uid: user.uid,
      cu_id: cuId,
      kind: 'approval_needed',
      ref: 'LP-1001',
      order_id: 41,
    });
    await notifyTestUser({ uid: user.uid, cu_id: cuId, kind: 'export_ready', ref: '订单导出.xlsx' });
    const went: string[] = [];
    stops.push(setNavigation({ navigate: (path) => went.push(path) }));
    for (const [locale, label, first] of [
      ['zh-CN', '通知, 2 条未读', '导出文件 订单导出.xlsx 已生成'],
      ['en', 'Notifications, 2 unread', 'Export 订单导出.xlsx is ready'],
    ] as const) {
      const el = place(locale);
      await waitUntil(() => bell(el)?.getAttribute('aria-label') === label, `${locale} count`, {
        timeout: 15_000,
      });
      expect(root(el).querySelector('.lp-bell__count')?.textContent).to.equal('2');
      bell(el)!.click();
      await waitUntil(() => items(el).length === 2, `${locale} list`);
      expect(items(el)[0]!.textContent).to.contain(first);
      expect(items(el).every((i) => i.classList.contains('is-unread'))).to.equal(true);
      expect(rawKeys(el), locale).to.deep.equal([]);
      await expect(el).to.be.accessible();
      el.remove();
    }
    const el = place('en');
    await waitUntil(() => bell(el)?.getAttribute('aria-label') === 'Notifications, 2 unread', 'count');
    bell(el)!.click();
    await waitUntil(() => items(el).length === 2, 'list');
    // following one goes where to act and reads it
    items(el)[1]!.querySelector('a')!.click();
    expect(went).to.deep.equal(['/customer-order/view/41']);
    await waitUntil(() => bell(el)?.getAttribute('aria-label') === 'Notifications, 1 unread', 'one read');
    bell(el)!.click();
    await waitUntil(() => items(el).length === 2, 'list again');
    const readAll = Array.from(root(el).querySelectorAll('button')).find(
      (b) => b.textContent === 'Mark all as read',
    );
    readAll!.click();
    await waitUntil(() => bell(el)?.getAttribute('aria-label') === 'Notifications', 'all read');
    expect(root(el).querySelector('.lp-bell__count')).to.equal(null);
  });

  it('says there is nothing yet, and opens its settings, which keep a choice of channels', async () => {
    await signIn(await createTestUser());
    const el = place('en');
    await waitUntil(() => bell(el)?.getAttribute('aria-label') === 'Notifications', 'no count', {
      timeout: 15_000,
    });
    bell(el)!.click();
    await waitUntil(() => root(el).textContent?.includes('No notifications yet'), 'empty');
    Array.from(root(el).querySelectorAll('button'))
      .find((b) => b.textContent === 'Notification settings')!
      .click();
    const box = () => root(el).querySelector<HTMLInputElement>('input[aria-label="Order delivered: Email"]');
    await waitUntil(() => box(), 'settings', { timeout: 15_000 });
    expect(box()!.checked).to.equal(false);
    box()!.click();
    const email = root(el).querySelector<HTMLInputElement>('input[name="email"]')!;
    email.focus();
    await sendKeys({ type: 'me@example.test' });
    await expect(el).to.be.accessible();
    Array.from(root(el).querySelectorAll('button'))
      .find((b) => b.textContent === 'Save')!
      .click();
    await waitUntil(() => !box(), 'saved and closed');
    const { notificationSettings } = await import('../../src/api/notifications.ts');
    const saved = await notificationSettings();
    expect(saved.email).to.equal('me@example.test');
    expect(saved.kinds.find((k) => k.kind === 'delivered')).to.deep.equal({
      kind: 'delivered',
      portal: true,
      email: true,
      digest: false,
    });
  });
});

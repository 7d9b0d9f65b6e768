import { afterEach, describe, expect, it } from 'vitest';
import { setApiBase } from '../../src/api/config.ts';
import { GRACE_MS } from '../../src/features/notification-bell/live-mark.tsx';
import { followChanges } from '../../src/stores/live-changes.ts';
import { $live, type LiveStatusName } from '../../src/stores/live-connection.ts';
import { login } from '../../src/stores/session.ts';
import { setNavigation } from '../../src/stores/navigation.ts';
import { resetStores } from '../../src/stores/test-reset.ts';
import { fakeClock, until } from '../../src/ui/testing/clock.ts';
import { sendKeys, setViewport, waitUntil } from '../../src/ui/testing/commands.ts';
import { drawn } from '../../src/ui/testing/mount.tsx';
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
    $live.set({ status: 'off', retryAt: null });
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

  describe('the live mark beside the bell', () => {
    const live = (status: LiveStatusName, retryAt: number | null = null) => $live.set({ status, retryAt });
    const mark = (el: HTMLElement) => root(el).querySelector<HTMLElement>('.lp-live');
    const shows = (el: HTMLElement) => mark(el)?.dataset.state;
    const said = (el: HTMLElement) => root(el).querySelector('[role="status"]')?.textContent ?? '';
    const again = (el: HTMLElement) => root(el).querySelector<HTMLButtonElement>('.lp-live__again');
    afterEach(() => setViewport({ width: 1280, height: 720 }));

    it('says nothing without a stream, "Live" while it is up, in both languages', async () => {
      for (const [locale, word, hint] of [
        ['zh-CN', '实时', '页面实时更新：变化无需刷新即显示'],
        ['en', 'Live', 'This page updates live: changes show without a reload'],
      ] as const) {
        live('off');
        const el = await drawn(place(locale));
        // a page that follows no stream (another system's page): only the empty status region
        expect(root(el).querySelector('.lp-live__mark')).to.equal(null);
        expect(said(el)).to.equal('');
        live('connecting');
        await until(() => shows(el) === 'connecting', 'connecting');
        expect(getComputedStyle(root(el).querySelector('.lp-live__label')!).visibility).to.equal('hidden');
        live('live');
        await until(() => shows(el) === 'live', 'live');
        const label = root(el).querySelector<HTMLElement>('.lp-live__label')!;
        expect([label.textContent, getComputedStyle(label).visibility]).to.deep.equal([word, 'visible']);
        expect(root(el).querySelector('.lp-live__mark')?.getAttribute('title')).to.equal(hint);
        // coming up is not announced (every page load would say it)
        expect(said(el)).to.equal('');
        // beside the bell, in one row; the bell's panel stays closed
        const bellBox = bell(el)!.getBoundingClientRect();
        const markBox = root(el).querySelector('.lp-live__mark')!.getBoundingClientRect();
        expect(markBox.right).to.be.at.most(bellBox.left);
        expect(Math.abs(markBox.top + markBox.height / 2 - (bellBox.top + bellBox.height / 2))).to.be.below(
          2,
        );
        expect(getComputedStyle(root(el).querySelector('.lp-bell-panel')!).display).to.equal('none');
        expect(rawKeys(el), locale).to.deep.equal([]);
        await expect(el).to.be.accessible();
        el.remove();
      }
    });

    it('goes through a short drop quietly, says a longer one, and announces only going down and coming back', async () => {
      live('live');
      const el = await drawn(place('en'));
      await until(() => shows(el) === 'live', 'live');
      const clock = fakeClock();
      // a blip (or another tab taking the stream over): reconnected within the grace, nothing moves
      live('reconnecting', Date.now() + 800);
      await clock.tickAsync(GRACE_MS - 500);
      live('connecting');
      await clock.tickAsync(400);
      live('live');
      await clock.tickAsync(GRACE_MS);
      expect(shows(el)).to.equal('live');
      // a drop that lasts: "Reconnecting…", its next try in the hint, still not announced
      live('reconnecting', Date.now() + 4000);
      expect(shows(el)).to.equal('live');
      await clock.tickAsync(GRACE_MS);
      await until(() => shows(el) === 'reconnecting', 'reconnecting shown');
      expect(root(el).querySelector('.lp-live__label')?.textContent).to.equal('Reconnecting…');
      expect(root(el).querySelector('.lp-live__mark')?.getAttribute('title')).to.match(
        /^Live updates were interrupted; next try in about [1-4] s$/,
      );
      expect(said(el)).to.equal('');
      live('down', Date.now() + 8000);
      await until(() => shows(el) === 'down', 'down');
      expect(root(el).querySelector('.lp-live__mark')?.textContent).to.equal(
        'Updates paused · , the page may be out of date',
      );
      expect(said(el)).to.equal(
        'Live updates are paused and the page may be out of date. The portal keeps trying by itself.',
      );
      // back up: said once, at once
      live('connecting');
      await until(() => shows(el) === 'connecting', 'connecting again');
      live('live');
      await until(() => said(el) === 'Live updates are back', 'back');
      clock.uninstall();
    });

    it('reads again when down: every page part reads again, the stream tries at once; on a phone the mark takes no room in the bar', async () => {
      const el = await drawn(place('zh-CN'));
      live('down', Date.now() + 20_000);
      await until(() => again(el), 'read again');
      expect(again(el)!.textContent).to.equal('重新读取');
      expect(root(el).querySelector('.lp-live__mark')?.textContent).to.equal(
        '更新已暂停 · , 页面可能不是最新',
      );
      await expect(el).to.be.accessible();
      let read = 0;
      stops.push(
        followChanges(
          () => false,
          () => {
            read += 1;
          },
          0,
        ),
      );
      again(el)!.click();
      await waitUntil(() => read === 1, 'a reset read the page again');
      // a phone: the element is as wide as the bell; "Updates paused" and its button float under it
      // (leftwards from its right edge: the bell sits at the right of a bar)
      el.style.marginLeft = '300px';
      await setViewport({ width: 375, height: 800 });
      const bellBox = () => bell(el)!.getBoundingClientRect();
      await until(
        () => Math.round(el.getBoundingClientRect().width) === Math.round(bellBox().width),
        'no room taken',
      );
      const floating = mark(el)!.getBoundingClientRect();
      expect(floating.top).to.be.at.least(bellBox().bottom);
      expect(floating.left).to.be.at.least(0);
      // the words shown, on one line (not the screen readers' 1-px copy): measured against the
      // font, since the machine's fonts decide how wide five characters are (36 px here, more elsewhere)
      const label = root(el).querySelector<HTMLElement>('.lp-live__label')!;
      const lineHeight = Number.parseFloat(getComputedStyle(label).fontSize) * 2;
      expect(getComputedStyle(label).clipPath).to.equal('none');
      expect(label.getBoundingClientRect().width).to.be.above(
        Number.parseFloat(getComputedStyle(label).fontSize) * 2,
      );
      expect(label.getBoundingClientRect().height).to.be.below(lineHeight);
      expect(again(el)!.getBoundingClientRect().width).to.equal(32);
      await expect(el).to.be.accessible();
      // live: a dot on the bell's corner, its word for screen readers
      live('live');
      await until(() => shows(el) === 'live', 'live');
      const dot = root(el).querySelector<HTMLElement>('.lp-live__dot')!.getBoundingClientRect();
      expect(dot.left).to.be.within(bellBox().left, bellBox().right);
      expect(dot.bottom).to.be.within(bellBox().top, bellBox().bottom);
      expect(
        root(el).querySelector<HTMLElement>('.lp-live__label')!.getBoundingClientRect().width,
      ).to.be.at.most(1);
    });
  });
});

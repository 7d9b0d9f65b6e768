import { afterEach, describe, expect, it } from 'vitest';
import { sendKeys, setViewport } from '../../src/ui/testing/commands.ts';
import { setLocale } from '../../src/i18n/translate.ts';
import { loadUserInfo, login } from '../../src/stores/session.ts';
import { resetStores } from '../../src/stores/test-reset.ts';
import { until } from '../../src/ui/testing/clock.ts';
import { settle } from '../../src/ui/testing/mount.tsx';
import { rawKeys } from '../../src/ui/testing/raw-keys.ts';
import { createTestOrder, createTestUser, providerCall, type TestUser } from '../../src/ui/testing/server.ts';
import type { LpOrderList } from './order-list.ts';
import './order-list.ts';

const HOUR = 60 * 60 * 1000;
// one base time for the whole file: the rows' hours count from the page's clock, which runs on
const base = Date.now();
const ago = (hours: number) => new Date(base - hours * HOUR).toISOString();
/** 上海市浦东新区 and 北京市海淀区 (GB/T 2260 codes of the seeded region tree). */
const PUDONG = 310115;
const HAIDIAN = 110108;

const signIn = async (user: TestUser) => {
  await login({ username: user.username, password: user.password, validate: '' });
  await loadUserInfo();
};

async function provider(name: string, body: unknown) {
  const res = await providerCall(name, body);
  expect(res.code, `provider/${name}: ${res.message}`).to.equal(0);
}

/** An order of the customer in progress, moved by the provider's `milestones` [kind, hours ago, place]. */
async function moving(
  cuId: number,
  order: Record<string, unknown>,
  milestones: Array<[string, number, string]>,
) {
  const made = await createTestOrder({
    cuId,
    order: { status: 'not_finished', from_city_id: PUDONG, to_city_id: HAIDIAN, ...order },
  });
  for (const [milestone, hours, location] of milestones)
    await provider('milestone', { order_no: made.order_no, milestone, at: ago(hours), location });
  return made;
}

/** Runs against the real API (vitest.config.ts); each test makes its own user and orders. */
describe('<lp-order-list> where is it now', () => {
  const placed: HTMLElement[] = [];
  afterEach(async () => {
    for (const el of placed.splice(0)) el.remove();
    await setViewport({ width: 1280, height: 720 });
    resetStores();
  });

  function place(): LpOrderList {
    const el = document.createElement('lp-order-list');
    el.setAttribute('no-address-sync', '');
    document.body.append(el);
    placed.push(el);
    return el;
  }
  const root = (el: HTMLElement) => el.shadowRoot as ShadowRoot;
  const headers = (el: HTMLElement) =>
    Array.from(root(el).querySelectorAll('thead th'), (th) => th.textContent ?? '').filter(Boolean);
  const idle = (el: HTMLElement) =>
    root(el).querySelector('table[aria-busy]') === null &&
    root(el).querySelector('.lp-data-table__loading') === null;
  const rowOf = (el: HTMLElement, orderNo: string) =>
    Array.from(root(el).querySelectorAll<HTMLTableRowElement>('tbody tr')).find((tr) =>
      tr.textContent?.includes(orderNo),
    );
  /** The row's cells by column title (the header's order). */
  const cells = (el: HTMLElement, orderNo: string): Record<string, string> => {
    const titles = Array.from(root(el).querySelectorAll('thead th'), (th) => th.textContent ?? '');
    const row = rowOf(el, orderNo);
    return Object.fromEntries(
      Array.from(row?.cells ?? [], (td, i) => [titles[i] ?? '', td.textContent ?? '']),
    );
  };

  async function withTrackedOrders() {
    const user = await createTestUser();
    const cuId = user.customers[0]!.cu_id;
    const onTime = await moving(cuId, { deliver_by: ago(-30) }, [
      ['picked_up', 1, '上海市浦东新区 外高桥仓库'],
    ]);
    const silent = await moving(cuId, { deliver_by: ago(-48) }, [
      ['picked_up', 9.8, '上海市浦东新区 外高桥仓库'],
      ['in_transit', 9.5, '上海—北京 干线运输'],
    ]);
    const late = await moving(cuId, { deliver_by: ago(2) }, [
      ['picked_up', 20, '上海市浦东新区 外高桥仓库'],
      ['in_transit', 1, '上海—北京 干线运输'],
      ['out_for_delivery', 0.5, ''],
    ]);
    const pending = await createTestOrder({ cuId });
    await signIn(user);
    return { onTime, silent, late, pending };
  }

  it('shows the last event, where and the ETA with its at-risk mark in words, in both languages, accessible', async () => {
    const { onTime, silent, late, pending } = await withTrackedOrders();
    setLocale('en');
    const el = place();
    await until(() => idle(el) && rowOf(el, pending.order_no) !== undefined, 'the rows');
    expect(headers(el)).to.include.members(['Last Event', 'Where', 'ETA']);

    expect(cells(el, onTime.order_no)).to.include({
      'Last Event': `Picked Up${stamp(ago(1))}`,
      Where: '上海市浦东新区 外高桥仓库',
      ETA: stamp(ago(-30)),
    });
    expect(cells(el, silent.order_no)).to.include({
      'Last Event': `In Transit${stamp(ago(9.5))}`,
      Where: '上海—北京 干线运输',
      ETA: `${stamp(ago(-48))}No news for 9 h`,
    });
    // the newest event names no place: the last place named stays
    expect(cells(el, late.order_no)).to.include({
      'Last Event': `Out for Delivery${stamp(ago(0.5))}`,
      Where: '上海—北京 干线运输',
      ETA: `${stamp(ago(2))}Late`,
    });
    expect(cells(el, pending.order_no)).to.include({ 'Last Event': '—', Where: '—', ETA: '—' });
    const badge = rowOf(el, late.order_no)!.querySelector<HTMLElement>('.order-risk')!;
    expect(badge.title).to.equal(`Due by ${stamp(ago(2))} and not delivered yet`);
    expect(rawKeys(el)).to.deep.equal([]);
    await expect(el).to.be.accessible();

    setLocale('zh-CN');
    await until(() => headers(el).includes('最新动态'), 'the Chinese headers');
    expect(headers(el)).to.include.members(['最新动态', '当前位置', '预计送达']);
    expect(cells(el, silent.order_no)).to.have.property('预计送达').that.contains('9 小时无动态');
    expect(cells(el, late.order_no)).to.have.property('预计送达').that.contains('已延误');
    expect(cells(el, late.order_no)).to.have.property('最新动态').that.contains('派送中');
    expect(rawKeys(el)).to.deep.equal([]);
  });

  it('hides and moves the new columns like the others, and shows them on a phone’s cards', async () => {
    const { silent } = await withTrackedOrders();
    setLocale('en');
    const el = place();
    await until(() => idle(el) && rowOf(el, silent.order_no) !== undefined, 'the rows');
    const settingsButton = Array.from(root(el).querySelectorAll<HTMLButtonElement>('button')).find(
      (b) => b.textContent?.trim() === 'Columns',
    )!;
    settingsButton.click();
    await settle();
    const item = (key: string) =>
      root(el).querySelector<HTMLElement>(`.lp-column-settings__item[data-key="${key}"]`)!;
    item('where').querySelector<HTMLInputElement>('input[type="checkbox"]')!.click();
    await settle();
    // ETA two places up: before Where (hidden) and Last Event
    for (let i = 0; i < 2; i++) {
      Array.from(item('eta').querySelectorAll<HTMLButtonElement>('button'))
        .find((b) => b.textContent?.includes('↑'))!
        .click();
      await settle();
    }
    await sendKeys({ press: 'Escape' });
    await until(() => !headers(el).includes('Where'), 'Where hidden');
    const shown = headers(el);
    expect(shown.indexOf('ETA')).to.be.lessThan(shown.indexOf('Last Event'));

    await setViewport({ width: 375, height: 800 });
    el.style.display = 'block';
    el.style.width = '375px';
    const head = () => root(el).querySelector<HTMLElement>('thead th:not(.lp-data-table__select)');
    await until(() => head() !== null && getComputedStyle(head()!).display === 'none', 'the cards');
    const card = rowOf(el, silent.order_no)!;
    const labelled = Object.fromEntries(
      Array.from(card.cells)
        .filter((td) => td.dataset.label && getComputedStyle(td).display !== 'none')
        .map((td) => [td.dataset.label!, td.textContent ?? '']),
    );
    expect(labelled['Last Event']).to.equal(`In Transit${stamp(ago(9.5))}`);
    expect(labelled.ETA).to.contain('No news for 9 h');
    expect(labelled).to.not.have.property('Where');
    await expect(el).to.be.accessible();
  });
});

/** A time as the list writes it: `2026-11-22 14:05`, China time. */
function stamp(iso: string): string {
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Asia/Shanghai',
    dateStyle: 'short',
    timeStyle: 'short',
  }).format(new Date(iso));
}

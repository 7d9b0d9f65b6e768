import { afterEach, describe, expect, it } from 'vitest';
import { waitUntil } from '../../src/ui/testing/commands.ts';
import { login } from '../../src/stores/session.ts';
import { resetStores } from '../../src/stores/test-reset.ts';
import { rawKeys } from '../../src/ui/testing/raw-keys.ts';
import { createTestOrder, createTestUser, providerCall, type TestUser } from '../../src/ui/testing/server.ts';
import type { LpOrderView } from './order-view.ts';
import './order-view.ts';

const HOUR = 60 * 60 * 1000;
// one base time for the whole file: the page's clock runs on
const base = Date.now();
const ago = (hours: number) => new Date(base - hours * HOUR).toISOString();
/** 上海市浦东新区 and 北京市海淀区 (GB/T 2260 codes of the seeded region tree). */
const PUDONG = 310115;
const HAIDIAN = 110108;

const signIn = (user: TestUser) => login({ username: user.username, password: user.password, validate: '' });

async function provider(name: string, body: unknown) {
  const res = await providerCall(name, body);
  expect(res.code, `provider/${name}: ${res.message}`).to.equal(0);
}

/** A time as the view writes it: `2026-11-22 14:05`, China time. */
const stamp = (iso: string) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Asia/Shanghai',
    dateStyle: 'short',
    timeStyle: 'short',
  }).format(new Date(iso));

/** An order in progress of a new user, moved by the provider's `milestones` [kind, hours ago, place]. */
async function orderMoving(order: Record<string, unknown>, milestones: Array<[string, number, string]>) {
  const user = await createTestUser();
  const made = await createTestOrder({
    cuId: user.customers[0]!.cu_id,
    order: { status: 'not_finished', from_city_id: PUDONG, to_city_id: HAIDIAN, ...order },
  });
  for (const [milestone, hours, location] of milestones)
    await provider('milestone', { order_no: made.order_no, milestone, at: ago(hours), location });
  await signIn(user);
  return made;
}

/** Runs against the real API (vitest.config.ts); each test makes its own user and order. */
describe('<lp-order-view> route', () => {
  const placed: HTMLElement[] = [];
  afterEach(() => {
    for (const el of placed.splice(0)) el.remove();
    resetStores();
  });

  function place(attributes: Record<string, string | number>): LpOrderView {
    const el = document.createElement('lp-order-view');
    for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, String(value));
    document.body.append(el);
    placed.push(el);
    return el;
  }
  const root = (el: HTMLElement) => el.shadowRoot as ShadowRoot;
  const heading = (el: HTMLElement) => root(el).querySelector('h1')?.textContent ?? '';
  const tab = (el: HTMLElement, label: string) =>
    Array.from(root(el).querySelectorAll<HTMLElement>('[role="tab"]')).find((b) => b.textContent === label);
  /** The route's list for screen readers, one line a stop. */
  const spoken = (el: HTMLElement) =>
    Array.from(root(el).querySelectorAll('.order-route ol.order-view__sr li'), (li) => li.textContent ?? '');
  const drawn = (el: HTMLElement) => Array.from(root(el).querySelectorAll<HTMLElement>('.order-route__stop'));

  async function openTrack(el: LpOrderView, orderNo: string, label: string) {
    await waitUntil(() => heading(el) === orderNo, 'the order', { timeout: 15_000 });
    tab(el, label)!.click();
    await waitUntil(() => root(el).querySelector('.order-route') !== null, 'the route');
  }

  it('draws the route from the sender’s city through the places named to the receiver’s, with times, the current position marked, and says it in a list, in both languages', async () => {
    const order = await orderMoving({ pickup_at: ago(2), deliver_by: ago(-20) }, [
      ['picked_up', 2, '上海市浦东新区 外高桥仓库'],
      ['in_transit', 1, '上海—北京 干线运输'],
      ['out_for_delivery', 0.5, '北京 配送站'],
    ]);
    await provider('track', {
      order_no: order.order_no,
      points: [{ at: ago(0.25), lat: 39.9042, lng: 116.4074 }],
    });
    const el = place({ locale: 'en', 'order-id': order.id });
    await openTrack(el, order.order_no, 'Track');

    const stops = drawn(el);
    expect(stops.map((s) => s.dataset.state)).to.deep.equal(['passed', 'passed', 'current', 'ahead']);
    expect(stops.map((s) => s.querySelector('.order-route__place')?.textContent)).to.deep.equal([
      '上海市',
      '上海—北京 干线运输',
      '北京 配送站',
      '北京市',
    ]);
    expect(root(el).querySelector('.order-route__line')?.getAttribute('aria-hidden')).to.equal('true');
    expect(stops[2]!.textContent).to.contain('Current position');
    expect(spoken(el)).to.deep.equal([
      `Sender: 上海市, Picked up ${stamp(ago(2))}, 上海市浦东新区 外高桥仓库`,
      `Via: 上海—北京 干线运输, In transit ${stamp(ago(1))}`,
      `Via: 北京 配送站, Out for delivery ${stamp(ago(0.5))}, Current position`,
      `Receiver: 北京市, Expected by ${stamp(ago(-20))}`,
    ]);
    // coordinates only under the folded track points, never on the route
    expect(root(el).querySelector('.order-route')?.textContent).to.not.contain('39.90420');
    await waitUntil(() => root(el).querySelector('.order-route__points') !== null, 'the track points');
    expect(root(el).querySelector('.order-route__points')?.textContent).to.contain('39.90420, 116.40740');
    expect(rawKeys(el)).to.deep.equal([]);
    await expect(el).to.be.accessible();

    el.setAttribute('locale', 'zh-CN');
    await waitUntil(() => spoken(el)[0]?.startsWith('发件方') === true, 'the Chinese route');
    expect(spoken(el)).to.deep.equal([
      `发件方：上海市，已提货 ${stamp(ago(2))}，上海市浦东新区 外高桥仓库`,
      `途经：上海—北京 干线运输，运输中 ${stamp(ago(1))}`,
      `途经：北京 配送站，派送中 ${stamp(ago(0.5))}，当前位置`,
      `收件方：北京市，预计 ${stamp(ago(-20))} 前送达`,
    ]);
    expect(rawKeys(el)).to.deep.equal([]);
  });

  it('marks a late order at the receiver in words, and puts the stops one under another in a phone-wide box', async () => {
    const order = await orderMoving({ deliver_by: ago(1) }, [['picked_up', 10, '上海市浦东新区 外高桥仓库']]);
    const el = place({ locale: 'en', 'order-id': order.id });
    el.style.display = 'block';
    el.style.width = '375px';
    await openTrack(el, order.order_no, 'Track');
    const stops = drawn(el);
    expect(stops.map((s) => s.dataset.state)).to.deep.equal(['current', 'ahead']);
    expect(stops[1]!.querySelector('.order-route__risk')?.textContent).to.contain('Late');
    expect(spoken(el).at(-1)).to.equal(`Receiver: 北京市, Expected by ${stamp(ago(1))}, Late`);
    expect(getComputedStyle(root(el).querySelector('.order-route__line')!).flexDirection).to.equal('column');
    await expect(el).to.be.accessible();
  });

  it('marks a silent order where the goods are, counting the hours since the last news', async () => {
    const order = await orderMoving({ deliver_by: ago(-40) }, [
      ['picked_up', 10, '上海市浦东新区 外高桥仓库'],
      ['in_transit', 9.5, '上海—北京 干线运输'],
    ]);
    const el = place({ locale: 'en', 'order-id': order.id });
    await openTrack(el, order.order_no, 'Track');
    const stops = drawn(el);
    expect(stops[1]!.querySelector('.order-route__risk')?.textContent).to.equal('No news for 9 h');
    expect(stops[2]!.querySelector('.order-route__risk')).to.equal(null);
    expect(spoken(el).slice(1)).to.deep.equal([
      `Via: 上海—北京 干线运输, In transit ${stamp(ago(9.5))}, Current position, No news for 9 h`,
      `Receiver: 北京市, Expected by ${stamp(ago(-40))}`,
    ]);
  });

  it('never shows the patient’s door on a DTP order’s route: the receiver is its city', async () => {
    const order = await orderMoving(
      {
        order_type: 'dtp',
        is_dtp: 1,
        to_goodstype: 1,
        to_contact: '赵患者',
        to_address: '北京市海淀区幸福小区3栋502室',
      },
      [
        ['picked_up', 5, '上海市浦东新区 外高桥仓库'],
        ['delivered', 1, '北京市海淀区幸福小区3栋502室 赵患者'],
      ],
    );
    const el = place({ locale: 'en', 'order-id': order.id });
    await openTrack(el, order.order_no, 'Track');
    const route = root(el).querySelector('.order-route')!;
    expect(drawn(el).map((s) => s.dataset.state)).to.deep.equal(['passed', 'current']);
    expect(spoken(el).at(-1)).to.equal(`Receiver: 北京市, Delivered ${stamp(ago(1))}, Current position`);
    expect(route.textContent).to.not.contain('幸福小区');
    expect(route.textContent).to.not.contain('赵患者');
    expect(route.textContent).to.not.contain('***');
  });
});

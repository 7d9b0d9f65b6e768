import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sendKeys } from '../../src/ui/testing/commands.ts';
import { switchCustomerAccount } from '../../src/api/customer-account.ts';
import { setApiFetch } from '../../src/api/config.ts';
import { call } from '../../src/api/transport.ts';
import { draftList, saveDraft } from '../../src/contract/order-editor/operations.ts';
import { stocksList } from '../../src/contract/inventory/operations.ts';
import { attentionList } from '../../src/contract/order-attachments/operations.ts';
import { orderList } from '../../src/contract/orders/operations.ts';
import type { OrderListQuery } from '../../src/contract/orders/schemas.ts';
import { setLocale } from '../../src/i18n/translate.ts';
import { setNavigation } from '../../src/stores/navigation.ts';
import { $customer, loadUserInfo, login, setToken } from '../../src/stores/session.ts';
import { resetStores } from '../../src/stores/test-reset.ts';
import { type FakeClock, fakeClock, until } from '../../src/ui/testing/clock.ts';
import { createEditorSetup, createTestStock } from '../../src/ui/testing/editor-server.ts';
import { answeredModification } from '../../src/ui/testing/modification-server.ts';
import { deepActive } from '../../src/ui/testing/mount.tsx';
import { rawKeys } from '../../src/ui/testing/raw-keys.ts';
import { newFormKey } from '../../src/lib/order-drafts.ts';
import { postReadings } from '../../src/ui/testing/excursions.ts';
import {
  createExcursionShipments,
  createTestOrder,
  createTestUser,
  type ListOrderOptions,
  makeTestOrders,
  type TestOrder,
  type TestUser,
} from '../../src/ui/testing/server.ts';
import { formatClock } from '../../src/features/home-overview/parts.tsx';
import type { LpHomeOverview } from './home-overview.ts';
import './home-overview.ts';

const signIn = async (user: TestUser) => {
  await login({ username: user.username, password: user.password, validate: '' });
  await loadUserInfo();
};

const many = (status: ListOrderOptions['status'], n: number, extra: ListOrderOptions = {}) =>
  Array.from({ length: n }, () => ({ status, ...extra }));

const HOUR = 3_600_000;
/** A time later today in China (a minute after now, or the day's last minute if that is sooner). */
function laterToday(): string {
  const now = Date.now();
  const china = new Date(now + 8 * HOUR);
  const midnight = Date.UTC(china.getUTCFullYear(), china.getUTCMonth(), china.getUTCDate() + 1) - 8 * HOUR;
  return new Date(Math.min(now + 60_000, midnight - 60_000)).toISOString();
}

/** The list's `total` for a filter (what the list shows when a number's link opens it). */
const listTotal = async (query: OrderListQuery) => (await call(orderList, { ...query, limit: 1 })).total;

/** Runs against the real API (vitest.config.ts); each test makes its own user and orders. */
describe('<lp-home-overview>', () => {
  let visited: string[] = [];
  let restoreNavigation: () => void = () => undefined;
  let clock: FakeClock | null = null;
  const placed: HTMLElement[] = [];

  beforeEach(() => {
    resetStores();
    visited = [];
    restoreNavigation = setNavigation({ navigate: (path) => visited.push(path) });
  });
  afterEach(() => {
    clock?.uninstall();
    clock = null;
    setApiFetch(null);
    for (const el of placed.splice(0)) el.remove();
    restoreNavigation();
    resetStores();
  });

  function place(attributes: Record<string, string> = { locale: 'en' }): LpHomeOverview {
    const el = document.createElement('lp-home-overview');
    for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
    document.body.append(el);
    placed.push(el);
    return el;
  }
  const root = (el: HTMLElement) => el.shadowRoot as ShadowRoot;
  /** Every count link: its accessible name (its text) → its address. */
  const links = (el: HTMLElement) =>
    Object.fromEntries(
      Array.from(root(el).querySelectorAll<HTMLAnchorElement>('a.ho-count'), (a) => [
        (a.textContent ?? '').replace(/\s+/g, ' ').trim(),
        a.getAttribute('href') ?? '',
      ]),
    );
  /** The number a count link shows, by the label beside it (within a block, by its heading). */
  const shown = (el: HTMLElement, block: string, label: string) => {
    const section = Array.from(root(el).querySelectorAll('section.ho-block')).find(
      (s) => s.querySelector('h3')?.textContent === block,
    );
    const link = Array.from(section?.querySelectorAll<HTMLElement>('.ho-count') ?? []).find(
      (a) => a.querySelector('.ho-count__label')?.textContent === label,
    );
    if (!link) throw new Error(`no count ${block} / ${label}`);
    return Number(link.querySelector('.ho-count__n')?.textContent);
  };
  const loaded = (el: HTMLElement) =>
    until(() => root(el).querySelector('.ho-grid:not(.ho-grid--loading)'), 'the overview', 8000);
  const statusNumbers = (el: HTMLElement) =>
    Array.from(root(el).querySelectorAll('.ho-block--status .ho-count__n'), (n) => n.textContent).join(',');

  it('shows the counts the list shows for the same filters, each linking to that list, accessible in both languages', async () => {
    const user = await createTestUser();
    const cuId = user.customers[0]!.cu_id;
    const late = new Date(Date.now() - 2 * 24 * HOUR).toISOString();
    await makeTestOrders(cuId, [
      ...many('pending_approval', 2),
      ...many('pending_confirm', 3, { attachment_status: 'missing' }),
      ...many('not_finished', 2, { excursion: 'high' }),
      ...many('not_finished', 1, { excursion: 'low', deliver_by: late }),
      ...many('not_finished', 1, { deliver_by: laterToday(), attachment_status: 'rejected' }),
      ...many('finished', 2),
      ...many('cancelled', 1),
    ]);
    await signIn(user);
    const el = place();
    await loaded(el);

    // every status tab, as the list counts it
    const statuses = [
      ['All', 'all'],
      ['Pending Review', 'pending_approval'],
      ['Pending Confirmation', 'pending_confirm'],
      ['In Progress', 'not_finished'],
      ['Completed', 'finished'],
      ['Cancelled', 'cancelled'],
    ] as const;
    const { counts } = await call(orderList, { limit: 1 });
    for (const [label, status] of statuses) {
      expect(shown(el, 'Orders by Status', label), label).to.equal(counts[status]);
      const href = status === 'all' ? '/customer-order/index' : `/customer-order/index?status=${status}`;
      expect(links(el)[`${label}: ${counts[status]} orders`], label).to.equal(href);
    }
    expect(counts.all).to.equal(12);

    // the cold chain's numbers are the list's totals for the filters their links carry
    const cold = [
      ['Severe Excursion', { status: 'not_finished', excursion: 'high' }, 2],
      ['Minor Excursion', { status: 'not_finished', excursion: 'low' }, 1],
      ['Moderate Excursion', { status: 'not_finished', excursion: 'medium' }, 0],
      ['Late', { status: 'not_finished', due: 'late' }, 1],
      ['Due Today', { status: 'not_finished', due: 'today' }, 1],
    ] as const;
    for (const [label, query, expected] of cold) {
      const total = await listTotal(query);
      expect(total, `${label} in the list`).to.equal(expected);
      expect(shown(el, 'Cold Chain', label), label).to.equal(total);
      expect(links(el)[`${label}: ${total} orders`], label).to.equal(
        `/customer-order/index?${new URLSearchParams(query as Record<string, string>)}`,
      );
    }

    // documents: the documents page's counts, on its tab for that state
    const documents = await call(attentionList, { state: 'missing', currentPage: 1, limit: 10 });
    expect(shown(el, 'Needs Your Action', 'Documents Missing')).to.equal(documents.counts.missing);
    expect(shown(el, 'Needs Your Action', 'Documents Rejected')).to.equal(documents.counts.rejected);
    expect(links(el)[`Documents Missing: ${documents.counts.missing} orders`]).to.equal(
      '/customer-order/attachment?state=missing',
    );

    // a number opens its list through the portal's navigation
    root(el).querySelector<HTMLAnchorElement>('a.ho-count[href$="excursion=high"]')?.click();
    expect(visited).to.deep.equal(['/customer-order/index?status=not_finished&excursion=high']);

    // "as of" the server's time, China time hh:mm
    expect(root(el).querySelector('.ho-head__as-of')?.textContent).to.match(/As of \d\d:\d\d/);
    await expect(el).to.be.accessible();
    expect(rawKeys(el)).to.deep.equal([]);

    setLocale('zh-CN');
    el.setAttribute('locale', 'zh-CN');
    await until(() => root(el).querySelector('h2')?.textContent === '订单概览', 'Chinese');
    expect(links(el)[`待审核： ${counts.pending_approval} 个订单`]).to.equal(
      '/customer-order/index?status=pending_approval',
    );
    await expect(el).to.be.accessible();
    expect(rawKeys(el)).to.deep.equal([]);
  });

  it('counts the draft box’s drafts and opens one in the editor, as the draft box does', async () => {
    const setup = await createEditorSetup();
    await signIn(setup.user);
    const form = (to_company: string) => ({
      pr_id: setup.project.pr_id,
      order_type: 'supply' as const,
      to_company,
    });
    for (const to of ['Ruijin Hospital', 'Huashan Hospital', 'Renji Hospital', 'Zhongshan Hospital'])
      await call(saveDraft, { mode: 'new', idempotency_key: newFormKey(), data: form(to) });
    const el = place();
    await loaded(el);
    const { total, list } = await call(draftList, {});
    expect(total).to.equal(4);
    expect(shown(el, 'Needs Your Action', 'Open Drafts')).to.equal(total);
    expect(links(el)[`Open Drafts: ${total} drafts`]).to.equal('/customer-order/draft');
    // the last saved first, three of them, each opening the editor with that draft
    const drafts = Array.from(
      root(el).querySelectorAll<HTMLAnchorElement>('a.ho-item__link[href^="/customer-order/create"]'),
    );
    expect(drafts.map((a) => a.getAttribute('href'))).to.deep.equal(
      list.slice(0, 3).map((d) => `/customer-order/create?draft-id=${d.id}`),
    );
    drafts[0]?.click();
    expect(visited).to.deep.equal([`/customer-order/create?draft-id=${list[0]?.id}`]);
  });

  it('counts the orders with a modification request answered lately and opens the list of exactly those', async () => {
    const user = await createTestUser();
    const { orders } = await makeTestOrders(user.customers[0]!.cu_id, many('not_finished', 3));
    const [twice, cancelled] = orders as [TestOrder, TestOrder, TestOrder];
    await signIn(user);
    // two answers of one order count it once, its newest answer shown
    await answeredModification(twice, { accept: true });
    await answeredModification(twice, { accept: false });
    await answeredModification(cancelled, { kind: 'cancel', accept: true });
    const el = place();
    await loaded(el);
    const total = await listTotal({ modification: 'answered' });
    expect(total).to.equal(2);
    expect(shown(el, 'Needs Your Action', 'Modification Requests Answered')).to.equal(total);
    expect(links(el)[`Modification Requests Answered: ${total} orders`]).to.equal(
      '/customer-order/index?modification=answered',
    );
    const row = root(el).querySelector('a.ho-count[href$="modification=answered"]')?.closest('.ho-action');
    expect(
      Array.from(row?.querySelectorAll('.ho-item') ?? [], (item) => [
        item.querySelector('a')?.getAttribute('href'),
        item.querySelector('.ho-tag')?.textContent,
      ]),
    ).to.deep.equal([
      [`/customer-order/view/${cancelled.id}`, 'Cancellation · Accepted'],
      [`/customer-order/view/${twice.id}`, 'Change · Rejected'],
    ]);
    root(el).querySelector<HTMLAnchorElement>('a.ho-count[href$="modification=answered"]')?.click();
    expect(visited).to.deep.equal(['/customer-order/index?modification=answered']);
    await expect(el).to.be.accessible();
  });

  it('opens the inventory limited to the low or expiring lines it counts, on each goods type’s tab or page', async () => {
    const setup = await createEditorSetup();
    await signIn(setup.user);
    const soon = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(
      new Date(Date.now() + 5 * 24 * HOUR),
    );
    // besides the setup's stock (one expired drug with stock left)
    await createTestStock(setup.cuId, [
      { name: '低库存片', quantity: 2, low_level: 5 },
      { name: '低库存管', goods_type: 3, quantity: 1, low_level: 3, expiry: null },
      { name: '临期样本', goods_type: 2, expiry: soon },
    ]);
    const el = place();
    await loaded(el);
    const section = () => root(el).querySelector('.ho-block--inventory');
    /** Each goods type's number under a count: its text → its address. */
    const split = (n: number) =>
      Object.fromEntries(
        Array.from(
          section()?.querySelectorAll('.ho-action')[n]?.querySelectorAll('.ho-split a') ?? [],
          (a) => [a.textContent, a.getAttribute('href')],
        ),
      );
    const total = async (attention: 'low' | 'expiring', goods_type?: 1 | 2 | 3) =>
      (await call(stocksList, { attention, limit: 1, ...(goods_type ? { goods_type } : {}) })).total;

    expect(shown(el, 'Inventory', 'Low Stock')).to.equal(await total('low'));
    expect(links(el)['Low Stock: 2 batches']).to.equal('/customer-inventory/index-yp?attention=low');
    expect(split(0)).to.deep.equal({
      [`Drugs ${await total('low', 1)}`]: '/customer-inventory/index-yp?attention=low',
      [`Materials ${await total('low', 3)}`]: '/customer-inventory/index-material?attention=low',
    });
    expect(shown(el, 'Inventory', 'Expiring within 30 Days')).to.equal(await total('expiring'));
    expect(links(el)['Expiring within 30 Days: 2 batches']).to.equal(
      '/customer-inventory/index-yp?attention=expiring',
    );
    expect(split(1)).to.deep.equal({
      [`Drugs ${await total('expiring', 1)}`]: '/customer-inventory/index-yp?attention=expiring',
      [`Samples ${await total('expiring', 2)}`]:
        '/customer-inventory/index-yp?tab=samples&attention=expiring',
    });
    const entry = Array.from(section()?.querySelectorAll<HTMLAnchorElement>('a.ho-item__link') ?? []).find(
      (a) => a.textContent === '临期样本',
    );
    expect(entry?.getAttribute('href')).to.equal(
      '/customer-inventory/index-yp?tab=samples&attention=expiring',
    );
    entry?.click();
    expect(visited).to.deep.equal(['/customer-inventory/index-yp?tab=samples&attention=expiring']);
  });

  it('lists the orders an approver approves, and draws an excursion’s readings once its block is in view', async () => {
    const user = await createTestUser();
    const cuId = user.customers[0]!.cu_id;
    const waiting = await createTestOrder({
      cuId,
      order: { status: 'pending_approval' },
      approverUid: user.uid,
    });
    const hot = await createTestOrder({
      cuId,
      order: { status: 'not_finished', temp_class: 'chilled' },
      readings: [
        [0, 5],
        [10, 6],
        [20, 9.5],
        [30, 11],
        [40, 7],
      ],
    });
    // an excursion case opened by the provider's readings, over a budget that allows none
    const [shipment] = await createExcursionShipments(cuId, [{ bands: [{ min: 8, max: 25, hours: 0 }] }]);
    await postReadings(shipment!, [5, 9, 5]);
    await signIn(user);
    // the overview starts two screens down: nothing of it is in view
    const spacer = document.createElement('div');
    spacer.style.height = `${2 * innerHeight}px`;
    document.body.append(spacer);
    placed.push(spacer);
    const el = place();
    await loaded(el);

    const approvals = root(el).querySelector('.ho-block--actions') as HTMLElement;
    expect(approvals.textContent).to.contain('Awaiting My Approval');
    expect(
      Array.from(approvals.querySelectorAll('a.ho-item__link'), (a) => a.getAttribute('href')),
    ).to.include(`/customer-order/view/${waiting.id}`);

    const excursion = root(el).querySelector('.ho-excursion') as HTMLElement;
    expect(excursion.textContent)
      .to.contain(hot.order_no)
      .and.match(/(Minor|Moderate|Severe) Excursion/);
    // the chart's words for screen readers: how many readings, the lowest and the highest
    expect(excursion.querySelector('.lp-visually-hidden')?.textContent).to.equal(
      `${hot.order_no}: the last 5 readings, lowest 5 °C, highest 11 °C`,
    );
    // the active cases and those over budget, each opening the active cases' list
    const cases = Array.from(
      root(el).querySelectorAll<HTMLAnchorElement>('.ho-block--cold a[href="/excursion/index?state=active"]'),
      (a) => a.textContent?.replace(/\s+/g, ' '),
    );
    expect(cases).to.deep.equal(['Active Cases: 1 cases', 'Over Budget: 1 cases']);
    const spark = excursion.querySelector('.ho-spark') as HTMLElement;
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(spark.hasAttribute('data-drawn'), 'not drawn out of view').to.equal(false);
    expect(spark.querySelector('canvas')).to.equal(null);
    spark.scrollIntoView();
    await until(() => spark.hasAttribute('data-drawn'), 'the chart in view', 8000);
    expect(spark.querySelector('canvas')).to.not.equal(null);
    expect(spark.getAttribute('aria-hidden')).to.equal('true');
  });

  it('tells a new customer what the page will show, with a way to start', async () => {
    await signIn(await createTestUser());
    const el = place();
    await loaded(el);
    const empty = root(el).querySelector('.ho-empty');
    expect(empty?.textContent).to.contain('No orders yet');
    expect(empty?.querySelector('a')?.getAttribute('href')).to.equal('/customer-order/create');
    expect(root(el).querySelector('.ho-block--cold')).to.equal(null);
    await expect(el).to.be.accessible();
  });

  it('on a customer switch drops the previous customer’s numbers at once and shows the new ones', async () => {
    const user = await createTestUser({ customers: 2 });
    const [first, second] = user.customers as [TestUser['customers'][0], TestUser['customers'][0]];
    await makeTestOrders(first.cu_id, many('pending_approval', 3));
    await makeTestOrders(second.cu_id, many('finished', 1));
    await signIn(user);
    const el = place();
    await loaded(el);
    const before = statusNumbers(el);
    expect(before).to.equal('3,3,0,0,0,0');

    // every state of the page from the moment the session names the new customer
    const seen: string[] = [];
    const observer = new MutationObserver(() => seen.push(statusNumbers(el)));
    const answer = await switchCustomerAccount(second.identifier);
    if (answer?.access_token) setToken(answer.access_token);
    const stop = $customer.listen((customer) => {
      if (customer?.cu_id === second.cu_id)
        observer.observe(root(el), { subtree: true, childList: true, characterData: true });
    });
    await loadUserInfo();
    stop();
    expect($customer.get()?.cu_id).to.equal(second.cu_id);
    // by the next frame the old numbers are gone (the new ones are still on their way)
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(statusNumbers(el), 'gone at once').to.not.equal(before);
    await until(() => statusNumbers(el) === '1,0,0,0,1,0', 'the new customer’s numbers');
    observer.disconnect();
    expect(seen.length, 'the page changed after the switch').to.be.greaterThan(0);
    expect(
      seen.filter((numbers) => numbers === before),
      'the old numbers never showed',
    ).to.deep.equal([]);
  });

  it('asks again when the window regains focus, at most every 30 s', async () => {
    const user = await createTestUser();
    const cuId = user.customers[0]!.cu_id;
    await makeTestOrders(cuId, many('pending_confirm', 1));
    await signIn(user);
    let asked = 0;
    setApiFetch((input, init) => {
      if (String(input instanceof Request ? input.url : input).includes('customer-order/overview')) asked++;
      return fetch(input, init);
    });
    clock = fakeClock();
    const el = place();
    await loaded(el);
    expect(asked).to.equal(1);
    expect(shown(el, 'Orders by Status', 'All')).to.equal(1);

    await makeTestOrders(cuId, many('pending_confirm', 2));
    await clock.tickAsync(10_000);
    window.dispatchEvent(new Event('focus'));
    document.dispatchEvent(new Event('visibilitychange'));
    await clock.tickAsync(100);
    expect(asked, 'not again within 30 s').to.equal(1);

    await clock.tickAsync(20_000);
    window.dispatchEvent(new Event('focus'));
    await until(() => shown(el, 'Orders by Status', 'All') === 3, 'the new numbers');
    expect(asked).to.equal(2);
    // the numbers stayed on the page while it asked (no skeleton in between)
    expect(root(el).querySelector('.ho-grid--loading')).to.equal(null);
  });

  it('says when the overview could not be loaded and loads it again on Retry', async () => {
    await signIn(await createTestUser());
    let fail = true;
    setApiFetch((input, init) =>
      fail && String(input instanceof Request ? input.url : input).includes('customer-order/overview')
        ? Promise.resolve(new Response('', { status: 503 }))
        : fetch(input, init),
    );
    const el = place();
    const alert = await until(() => root(el).querySelector('[role="alert"]'), 'the error', 8000);
    expect(alert.textContent).to.contain('The order overview could not be loaded');
    await expect(el).to.be.accessible();
    fail = false;
    alert.querySelector('button')?.click();
    await loaded(el);
    expect(root(el).querySelector('[role="alert"]')).to.equal(null);
  });

  it('has the weekly numbers as a table, shown instead of the chart from the keyboard', async () => {
    const user = await createTestUser();
    await makeTestOrders(user.customers[0]!.cu_id, [...many('finished', 2), ...many('cancelled', 1)]);
    await signIn(user);
    const el = place();
    await loaded(el);
    const table = root(el).querySelector('.ho-block--weekly table') as HTMLTableElement;
    const rows = Array.from(table.querySelectorAll('tbody tr'), (tr) =>
      Array.from(tr.children, (c) => c.textContent),
    );
    expect(rows).to.have.length(12);
    // the current week last: its Monday, the five statuses, the total
    expect(rows.at(-1)?.slice(1)).to.deep.equal(['0', '0', '0', '2', '1', '3']);
    expect(rows.slice(0, 11).every((r) => r.at(-1) === '0')).to.equal(true);
    expect(table.parentElement?.className, 'under the chart, for screen readers').to.equal(
      'lp-visually-hidden',
    );

    // keyboard: Tab reaches the toggle, Enter shows the table instead of the chart
    const toggle = Array.from(root(el).querySelectorAll('button')).find(
      (b) => b.textContent === 'Show as Table',
    ) as HTMLButtonElement;
    toggle.focus();
    await sendKeys({ press: 'Enter' });
    await until(() => toggle.getAttribute('aria-pressed') === 'true', 'pressed');
    expect(table.parentElement?.className).to.equal('ho-table-wrap');
    expect(root(el).querySelector('.ho-weekly__chart')).to.equal(null);

    // a count link from the keyboard
    const first = root(el).querySelector<HTMLAnchorElement>('a.ho-count');
    first?.focus();
    expect(deepActive()).to.equal(first);
    await sendKeys({ press: 'Enter' });
    expect(visited).to.deep.equal(['/customer-order/index']);
    await expect(el).to.be.accessible();
  });
});

describe('the overview’s clock', () => {
  it('shows China time as Intl does in Asia/Shanghai, whatever the device’s zone, across days and years', () => {
    const intl = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Shanghai',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    for (const iso of [
      '1991-09-15T00:00:00Z',
      '2024-02-28T16:00:00Z',
      '2026-12-31T15:59:59.999Z',
      '2026-12-31T16:00:00Z',
      '2026-11-23T17:24:11.512+08:00',
    ]) {
      expect(formatClock(iso), iso).to.equal(intl.format(new Date(iso)));
    }
  });
});

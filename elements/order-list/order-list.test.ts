import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sendKeys } from '../../src/ui/testing/commands.ts';
import { getListFieldCache } from '../../src/api/list-settings.ts';
import { setApiBase } from '../../src/api/config.ts';
import { call } from '../../src/api/transport.ts';
import { orderApplyModify, orderView } from '../../src/contract/orders/operations.ts';
import { setLocale } from '../../src/i18n/translate.ts';
import { setNavigation } from '../../src/stores/navigation.ts';
import { $toasts } from '../../src/stores/notices.ts';
import { loadUserInfo, login } from '../../src/stores/session.ts';
import { rememberScroll } from '../../src/stores/scroll.ts';
import { $views } from '../../src/stores/tabs.ts';
import { resetStores } from '../../src/stores/test-reset.ts';
import { type FakeClock, fakeClock, until, untilEqual } from '../../src/ui/testing/clock.ts';
import { deepActive, settle } from '../../src/ui/testing/mount.tsx';
import { answeredModification } from '../../src/ui/testing/modification-server.ts';
import { rawKeys } from '../../src/ui/testing/raw-keys.ts';
import {
  cloneTestOrders,
  makeTestOrders,
  createTestUser,
  type ListOrderOptions,
  type TestOrder,
  type TestUser,
} from '../../src/ui/testing/server.ts';
import type { LpOrderList } from './order-list.ts';
import './order-list.ts';

const signIn = async (user: TestUser) => {
  await login({ username: user.username, password: user.password, validate: '' });
  await loadUserInfo();
};

/** A user with one customer and `orders` of it, signed in. */
async function withOrders(orders: ListOrderOptions[], project?: { name: string }) {
  const user = await createTestUser();
  const cuId = user.customers[0]!.cu_id;
  const made = await makeTestOrders(cuId, orders, project);
  await signIn(user);
  return { user, cuId, ...made };
}

const many = (status: ListOrderOptions['status'], n: number, extra: ListOrderOptions = {}) =>
  Array.from({ length: n }, () => ({ status, ...extra }));

/** Runs against the real API (vitest.config.ts); each test makes its own user and orders. */
describe('<lp-order-list>', () => {
  let navigations: string[] = [];
  let restoreNavigation: () => void = () => undefined;
  let clock: FakeClock | null = null;
  const placed: HTMLElement[] = [];
  const address = `${location.pathname}${location.search}`;

  beforeEach(() => {
    navigations = [];
    restoreNavigation = setNavigation({ navigate: (path) => navigations.push(path) });
  });
  afterEach(() => {
    clock?.uninstall();
    clock = null;
    for (const el of placed.splice(0)) el.remove();
    restoreNavigation();
    setApiBase('');
    history.replaceState(history.state, '', address);
    // token, session, tabs, notices, locale
    resetStores();
  });

  function place(attributes: Record<string, string> = { 'no-address-sync': '' }): LpOrderList {
    const el = document.createElement('lp-order-list');
    for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
    document.body.append(el);
    placed.push(el);
    return el;
  }
  const root = (el: HTMLElement) => el.shadowRoot as ShadowRoot;
  const orderNos = (el: HTMLElement) =>
    Array.from(root(el).querySelectorAll('tbody .order-link'), (a) => a.textContent ?? '');
  const tabs = (el: HTMLElement) =>
    Array.from(root(el).querySelectorAll<HTMLElement>('[role="tab"]'), (tab) => tab.textContent ?? '');
  const selectedTab = (el: HTMLElement) =>
    root(el).querySelector('[role="tab"][aria-selected="true"]')?.textContent ?? '';
  const headers = (el: HTMLElement) =>
    Array.from(root(el).querySelectorAll('thead th'), (th) => th.textContent ?? '').filter(Boolean);
  const button = (el: HTMLElement, name: string) => {
    const found = Array.from(root(el).querySelectorAll<HTMLButtonElement>('button')).find(
      (b) => b.textContent?.trim() === name || b.getAttribute('aria-label') === name,
    );
    if (!found) throw new Error(`no button ${name}`);
    return found;
  };
  const checkbox = (el: HTMLElement, name: string) => {
    const found = Array.from(root(el).querySelectorAll<HTMLInputElement>('input[type="checkbox"]')).find(
      (c) => c.getAttribute('aria-label') === name,
    );
    if (!found) throw new Error(`no checkbox ${name}`);
    return found;
  };
  const idle = (el: HTMLElement) =>
    root(el).querySelector('table[aria-busy]') === null &&
    root(el).querySelector('.lp-data-table__loading') === null;
  const rowsShown = (el: HTMLElement, n: number) =>
    until(() => idle(el) && orderNos(el).length === n, `${n} rows`);

  it('shows the first page of 10 with the counts of each status, in both languages, accessible', async () => {
    const { orders } = await withOrders([
      ...many('pending_approval', 3),
      ...many('pending_confirm', 4),
      ...many('not_finished', 2),
      ...many('finished', 2),
      ...many('cancelled', 1),
    ]);
    setLocale('en');
    const el = place();
    await rowsShown(el, 10);
    await untilEqual(
      () => tabs(el),
      ['All12', 'Pending Review3', 'Pending Confirmation4', 'In Progress2', 'Completed2', 'Cancelled1'],
      'the tabs and their counts',
    );
    expect(selectedTab(el)).to.equal('All12');
    // newest first: the last made is on top
    expect(orderNos(el)[0]).to.equal(orders[orders.length - 1]!.order_no);
    expect(root(el).querySelector('.lp-pagination')?.textContent).to.contain('12');
    expect(rawKeys(el)).to.deep.equal([]);
    await expect(el).to.be.accessible();

    setLocale('zh-CN');
    await until(() => tabs(el)[0] === '全部12', 'the Chinese tabs');
    expect(tabs(el).map((t) => t.replace(/\d+$/, ''))).to.deep.equal([
      '全部',
      '待审核',
      '待确认',
      '未完成',
      '已完成',
      '已取消',
    ]);
    expect(rawKeys(el)).to.deep.equal([]);

    // the next page, asked of the server
    button(el, '下一页').click();
    await rowsShown(el, 2);
    expect(orderNos(el)).to.deep.equal([orders[1]!.order_no, orders[0]!.order_no]);
  });

  it('moves between status tabs with the arrow keys and lists only that status', async () => {
    const { orders } = await withOrders([...many('pending_approval', 2), ...many('finished', 1)]);
    setLocale('en');
    const el = place();
    await rowsShown(el, 3);
    root(el).querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')!.focus();
    await sendKeys({ press: 'ArrowRight' });
    await rowsShown(el, 2);
    expect(selectedTab(el)).to.equal('Pending Review2');
    expect((deepActive() as HTMLElement).getAttribute('role')).to.equal('tab');
    expect(orderNos(el).sort()).to.deep.equal([orders[0]!.order_no, orders[1]!.order_no].sort());
    await sendKeys({ press: 'End' });
    await until(() => selectedTab(el) === 'Cancelled0' && idle(el), 'the cancelled tab');
    // an empty tab: nothing matches, and clearing shows every order again
    expect(root(el).textContent).to.contain('Nothing matches these filters');
    root(el).querySelector<HTMLButtonElement>('.lp-state--empty button')!.click();
    await rowsShown(el, 3);
    expect(selectedTab(el)).to.equal('All3');
  });

  it('filters by one of the customer’s projects', async () => {
    const { cuId, orders, project } = await withOrders(many('pending_confirm', 2), { name: '肺癌三期研究' });
    await makeTestOrders(cuId, many('pending_confirm', 1));
    setLocale('en');
    const el = place();
    await rowsShown(el, 3);
    const select = await until(
      () =>
        Array.from(root(el).querySelectorAll<HTMLSelectElement>('select')).find((s) =>
          Array.from(s.options).some((o) => o.textContent?.includes('肺癌三期研究')),
        ),
      'the project filter',
    );
    select.value = String(project!.pr_id);
    select.dispatchEvent(new Event('change', { bubbles: true }));
    await rowsShown(el, 2);
    expect(orderNos(el).sort()).to.deep.equal(orders.map((o) => o.order_no).sort());
  });

  it('searches after a pause in typing, or at once on Enter', async () => {
    const { orders } = await withOrders(many('pending_confirm', 3));
    setLocale('en');
    const el = place();
    await rowsShown(el, 3);
    const wanted = orders[1]!;
    const input = root(el).querySelector<HTMLInputElement>('input[type="search"]')!;
    clock = fakeClock();
    input.focus();
    await sendKeys({ type: wanted.order_no });
    await settle();
    expect(orderNos(el)).to.have.length(3); // still typing: nothing asked
    await clock.tickAsync(400);
    await rowsShown(el, 1);
    expect(orderNos(el)).to.deep.equal([wanted.order_no]);

    // Enter asks at once, without waiting for the pause
    input.select();
    await sendKeys({ type: orders[2]!.to_company });
    await sendKeys({ press: 'Enter' });
    await until(() => idle(el) && orderNos(el)[0] === orders[2]!.order_no, 'the order of that receiver');
    expect(orderNos(el)).to.deep.equal([orders[2]!.order_no]);
  });

  it('says there are no orders yet and offers to create one', async () => {
    await withOrders([]);
    setLocale('en');
    const el = place();
    await until(() => root(el).textContent?.includes('No orders yet'), 'the empty list');
    await expect(el).to.be.accessible();
    button(el, 'Create an Order').click();
    expect(navigations).to.deep.equal(['/customer-order/create']);
  });

  it('shows a failure with a retry that loads the list', async () => {
    await withOrders(many('finished', 2));
    setLocale('en');
    setApiBase('/api/__test__/gone');
    const el = place();
    await until(() => root(el).querySelector('[role="alert"]'), 'the failure');
    setApiBase('');
    button(el, 'Retry').click();
    await rowsShown(el, 2);
  });

  it('opens an order in its own tab titled with its number (link click or Enter)', async () => {
    const { orders } = await withOrders(many('pending_confirm', 2));
    setLocale('en');
    const el = place();
    await rowsShown(el, 2);
    const opened: Array<{ id: number; order_no: string }> = [];
    el.addEventListener('lp-order-open', (event) => opened.push(event.detail));
    const [second, first] = orders;
    const link = (no: string) =>
      Array.from(root(el).querySelectorAll<HTMLAnchorElement>('.order-link')).find(
        (a) => a.textContent === no,
      )!;
    link(first!.order_no).click();
    link(second!.order_no).focus();
    await sendKeys({ press: 'Enter' });
    expect(navigations).to.deep.equal([
      `/customer-order/view/${first!.id}`,
      `/customer-order/view/${second!.id}`,
    ]);
    expect(opened).to.deep.equal([
      { id: first!.id, order_no: first!.order_no },
      { id: second!.id, order_no: second!.order_no },
    ]);
    expect($views.get().map((v) => [v.path, v.meta.title])).to.deep.equal([
      [`/customer-order/view/${first!.id}`, first!.order_no],
      [`/customer-order/view/${second!.id}`, second!.order_no],
    ]);
    expect(link(first!.order_no).getAttribute('href')).to.equal(`/customer-order/view/${first!.id}`);
  });

  it('shows masked parties as the server sends them, with the reason', async () => {
    const { orders } = await withOrders([{ status: 'pending_confirm', is_dtp: 1, to_goodstype: 1 }]);
    setLocale('en');
    const el = place();
    await rowsShown(el, 1);
    const text = root(el).querySelector('tbody')?.textContent ?? '';
    expect(text).not.to.contain(orders[0]!.to_company);
    expect(text).to.contain(orders[0]!.from_company);
    expect(text).to.contain('****');
    expect(text).to.contain('Receiver details hidden to protect the patient’s privacy');
  });

  it('shows “100+” when a keyword matches more orders than the server counts, and still pages', {
    timeout: 30_000,
  }, async () => {
    const user = await createTestUser();
    // every copy has the fixture order's start address (上海市浦东新区起运路…号), so all 101 match;
    // the test server counts at most 100 (scripts/browser-test-api.mjs; the product 10,000)
    await cloneTestOrders(user.customers[0]!.cu_id, 101);
    await signIn(user);
    setLocale('en');
    history.replaceState(history.state, '', '/customer-order/index?keyword=起运路');
    const el = place({});
    await rowsShown(el, 10);
    await untilEqual(
      () => tabs(el),
      ['All100+', 'Pending Review', 'Pending Confirmation100+', 'In Progress', 'Completed', 'Cancelled'],
      'copies of one pending order: the other tabs show no number',
    );
    expect(root(el).querySelector('.lp-pagination__total')?.textContent).to.equal('100+ items');
    expect(root(el).querySelector('.order-notice')?.textContent).to.contain(
      'More than 100 orders match, so the counts are minimums.',
    );
    const last = Array.from(root(el).querySelectorAll<HTMLButtonElement>('.lp-pagination__button')).find(
      (b) => b.textContent === '10',
    );
    expect(last, 'the pages the counted orders fill').to.not.equal(undefined);
    last!.click();
    await until(() => idle(el) && location.search.includes('page=10'), 'the last counted page');
    expect(orderNos(el)).to.have.length(10);
  });

  it('reads its list from the address and keeps it there', async () => {
    const { orders } = await withOrders([...many('finished', 2), ...many('pending_confirm', 1)]);
    setLocale('en');
    history.replaceState(history.state, '', '/customer-order/index?status=finished&sort=created_at');
    const el = place({});
    await rowsShown(el, 2);
    expect(selectedTab(el)).to.equal('Completed2');
    // oldest first, as the address asked
    expect(orderNos(el)).to.deep.equal([orders[0]!.order_no, orders[1]!.order_no]);
    root(el).querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')!.focus();
    await sendKeys({ press: 'ArrowLeft' });
    await until(
      () => location.search === '?status=not_finished&sort=created_at',
      'the address of the new tab',
    );
  });

  it('opened with the home page’s answered modifications, shows them as a chip and lists only those; the chip removes it', async () => {
    const { orders } = await withOrders(many('not_finished', 4));
    const [rejected, cancelled, waiting] = orders as [TestOrder, TestOrder, TestOrder, TestOrder];
    await answeredModification(rejected, { accept: false });
    await answeredModification(cancelled, { kind: 'cancel', accept: true });
    // a request still waiting for its answer is not an answered one
    await call(orderApplyModify, {
      id: waiting.id,
      kind: 'cancel',
      reason: '项目暂停',
      version: (await call(orderView, { id: waiting.id })).version,
    });
    setLocale('en');
    history.replaceState(history.state, '', '/customer-order/index?modification=answered');
    const el = place({});
    await rowsShown(el, 2);
    expect(orderNos(el).sort()).to.deep.equal([rejected.order_no, cancelled.order_no].sort());
    await untilEqual(
      () => tabs(el),
      ['All2', 'Pending Review0', 'Pending Confirmation0', 'In Progress1', 'Completed0', 'Cancelled1'],
      'the tabs and their counts',
    );
    const chip = () => root(el).querySelector<HTMLButtonElement>('button.lp-filter-chip');
    const name = 'Orders with a modification request answered in the last 14 days';
    expect(chip()?.parentElement?.textContent).to.equal(`Showing only:${name}×`);
    expect(chip()?.getAttribute('aria-label')).to.equal(`Remove the filter ${name}`);
    expect(location.search).to.equal('?modification=answered');
    await expect(el).to.be.accessible();
    expect(rawKeys(el)).to.deep.equal([]);

    setLocale('zh-CN');
    await until(() => chip()?.textContent === '14 天内修改申请已获答复的订单×', 'the Chinese chip');
    expect(chip()?.parentElement?.textContent).to.contain('仅显示：');
    expect(chip()?.getAttribute('aria-label')).to.equal('移除筛选条件：14 天内修改申请已获答复的订单');
    expect(rawKeys(el)).to.deep.equal([]);

    // removing the chip lists every order again, and the address follows
    chip()!.click();
    await rowsShown(el, 4);
    expect(chip()).to.equal(null);
    await until(() => tabs(el)[0] === '全部4', 'the count of all orders');
    await until(() => location.search === '', 'the address without the filter');
    expect((deepActive() as HTMLInputElement).type, 'the keyboard goes on from the filters').to.equal(
      'search',
    );
  });

  it('an embed takes the home page’s filters from its attributes, starts again when they change, and leaves the address alone', async () => {
    const { orders } = await withOrders([...many('not_finished', 3), ...many('cancelled', 1)]);
    const [rejected, , , cancelled] = orders as [TestOrder, TestOrder, TestOrder, TestOrder];
    await answeredModification(rejected, { accept: false });
    setLocale('en');
    history.replaceState(history.state, '', '/partner/orders?status=finished');
    const el = place({ 'no-address-sync': '', modification: 'answered' });
    await rowsShown(el, 1);
    expect(orderNos(el)).to.deep.equal([rejected.order_no]);
    const chip = () => root(el).querySelector<HTMLButtonElement>('button.lp-filter-chip');
    expect(chip()?.getAttribute('aria-label')).to.equal(
      'Remove the filter Orders with a modification request answered in the last 14 days',
    );
    expect(selectedTab(el)).to.match(/^All/);

    // other attributes: the list starts again with them alone
    el.removeAttribute('modification');
    el.setAttribute('status', 'cancelled');
    await until(() => selectedTab(el).startsWith('Cancelled'), 'the cancelled tab');
    await rowsShown(el, 1);
    expect(orderNos(el)).to.deep.equal([cancelled.order_no]);
    expect(chip()).to.equal(null);
    // a value the list does not know is dropped: every order
    el.setAttribute('status', 'lost');
    await rowsShown(el, 4);
    expect(selectedTab(el)).to.match(/^All/);
    expect(location.search, 'the partner page’s address is not the list’s').to.equal('?status=finished');
  });

  it('in the portal, a filter the address names wins over the attribute’s', async () => {
    await withOrders([...many('not_finished', 2), ...many('finished', 1)]);
    setLocale('en');
    history.replaceState(history.state, '', '/customer-order/index?status=finished');
    const el = place({ status: 'not_finished' });
    await rowsShown(el, 1);
    expect(selectedTab(el)).to.match(/^Completed/);
    // without the address's, the attribute's tab
    history.replaceState(history.state, '', '/customer-order/index');
    const other = place({ status: 'not_finished' });
    await rowsShown(other, 2);
    expect(selectedTab(other)).to.match(/^In Progress/);
  });

  it('asks again when shown again behind the portal’s tabs, and keeps its address', async () => {
    const { cuId } = await withOrders(many('pending_confirm', 1));
    setLocale('en');
    history.replaceState(history.state, '', '/customer-order/index?status=pending_confirm');
    const el = place({});
    // the portal keeps each tab's page in a <section> it hides while another tab is shown
    const frame = document.createElement('section');
    document.body.append(frame);
    placed.push(frame);
    frame.append(el);
    await rowsShown(el, 1);
    frame.hidden = true;
    history.replaceState(history.state, '', '/customer-order/view/1');
    await makeTestOrders(cuId, [{ status: 'pending_confirm' }]);
    await settle();
    // back on the list's tab (the portal goes to its bare path)
    history.replaceState(history.state, '', '/customer-order/index');
    frame.hidden = false;
    await until(() => tabs(el)[2] === 'Pending Confirmation2' && orderNos(el).length === 2, 'the new order');
    expect(location.search).to.equal('?status=pending_confirm');
  });

  it('mounted behind another tab, leaves that page’s address alone until it is shown', async () => {
    const { cuId } = await withOrders(many('pending_confirm', 1));
    setLocale('en');
    // after a reload on an order's waybill, the portal mounts the list's kept tab hidden
    history.replaceState(history.state, '', '/customer-order/view/1?print=1');
    const frame = document.createElement('section');
    frame.hidden = true;
    document.body.append(frame);
    placed.push(frame);
    const el = document.createElement('lp-order-list');
    frame.append(el);
    await until(() => el.list.$state.get().status === 'loaded', 'the list loaded behind its tab');
    el.list.setFilters({ status: 'pending_confirm' });
    await until(() => el.list.$state.get().status === 'loaded', 'the filtered list');
    await settle();
    expect(`${location.pathname}${location.search}`).to.equal('/customer-order/view/1?print=1');
    // shown on its own tab (the portal goes to its bare path): the address is the list's
    await makeTestOrders(cuId, [{ status: 'pending_confirm' }]);
    history.replaceState(history.state, '', '/customer-order/index');
    frame.hidden = false;
    await until(() => orderNos(el).length === 2, 'the list asked again');
    expect(location.search).to.equal('?status=pending_confirm');
  });

  it('mounted in view after its first answer came, does not ask again', async () => {
    await withOrders(many('pending_confirm', 2));
    setLocale('en');
    history.replaceState(history.state, '', '/customer-order/index');
    const asked: string[] = [];
    const real = window.fetch;
    window.fetch = (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.includes('/customer-order/index')) asked.push(url);
      return real(input, init);
    };
    try {
      const el = document.createElement('lp-order-list');
      // the list is asked for before the element is laid out (a slow first draw on a phone)
      const off = el.list.$state.listen(() => undefined);
      await until(() => el.list.$state.get().status === 'loaded', 'the first answer');
      document.body.append(el);
      placed.push(el);
      await rowsShown(el, 2);
      off();
      await settle();
      await settle();
      expect(asked, 'one request').to.have.length(1);
    } finally {
      window.fetch = real;
    }
  });

  it('comes back to the remembered scroll position once its rows are there', async () => {
    await withOrders(many('finished', 10));
    setLocale('en');
    const spacer = document.createElement('div');
    spacer.style.height = '3000px';
    document.body.append(spacer);
    placed.push(spacer);
    const scroller = document.scrollingElement as HTMLElement;
    scroller.scrollTop = 0;
    rememberScroll('/customer-order/index', 400);
    history.replaceState(history.state, '', '/customer-order/index');
    const el = place({});
    document.body.prepend(el);
    await rowsShown(el, 10);
    const start = performance.now();
    await until(() => Math.abs(scroller.scrollTop - 400) < 1, 'the remembered position');
    // a smooth scroll of about 500 ms (spec §2), not a jump
    expect(performance.now() - start).to.be.greaterThan(300);
    scroller.scrollTop = 0;
  });

  it('keeps the column settings across a reload', async () => {
    await withOrders(many('pending_confirm', 1));
    setLocale('en');
    const el = place();
    await rowsShown(el, 1);
    expect(headers(el)).to.include('Type');
    button(el, 'Columns').click();
    await settle();
    root(el)
      .querySelector<HTMLInputElement>(
        '.lp-column-settings__item[data-key="order_type"] input[type="checkbox"]',
      )!
      .click();
    await settle();
    await sendKeys({ press: 'Escape' });
    await until(() => !headers(el).includes('Type'), 'the column hidden');
    // saved on the server for this user and customer
    for (;;) {
      const saved = await getListFieldCache('customer-order/index');
      if (saved.fields?.some((f) => f.key === 'order_type' && !f.visible)) break;
      await settle();
    }
    el.remove();
    const again = place();
    await rowsShown(again, 1);
    await until(
      () => headers(again).includes('Status') && !headers(again).includes('Type'),
      'the saved columns',
    );
  });

  it('cancels the selected orders with a reason', async () => {
    const { orders } = await withOrders(many('pending_confirm', 3));
    setLocale('en');
    const el = place();
    await rowsShown(el, 3);
    checkbox(el, `Select ${orders[0]!.order_no}`).click();
    checkbox(el, `Select ${orders[2]!.order_no}`).click();
    await settle();
    button(el, 'Cancel Orders').click();
    await until(() => root(el).querySelector('dialog[open]'), 'the reason dialog');
    const dialog = root(el).querySelector('dialog[open]') as HTMLDialogElement;
    expect(dialog.textContent).to.contain('Cancel 2 Orders');
    await expect(el).to.be.accessible();
    clock = fakeClock();
    // no reason: refused in place
    Array.from(dialog.querySelectorAll('button'))
      .find((b) => b.textContent === 'Cancel Orders')!
      .click();
    await until(() => dialog.textContent?.includes('Please give a reason'), 'the reason asked for');
    dialog.querySelector('textarea')!.focus();
    await sendKeys({ type: 'Duplicate of another order' });
    await clock.tickAsync(2000); // the button's click guard (spec §5)
    await settle(); // the button shows as active again
    Array.from(dialog.querySelectorAll('button'))
      .find((b) => b.textContent === 'Cancel Orders')!
      .click();
    await until(() => $toasts.get().some((t) => t.message === '2 orders cancelled'), 'the success notice');
    await until(() => tabs(el)[5] === 'Cancelled2' && idle(el), 'the counts after the cancel');
    expect(root(el).querySelector('dialog[open]')).to.equal(null);
    expect(root(el).querySelectorAll('tbody [data-status="cancelled"]')).to.have.length(2);
  });

  it('prints the selected orders as one document in a new window, or offers its link when the window is blocked', async () => {
    const { orders } = await withOrders(many('finished', 3));
    setLocale('en');
    const el = place();
    await rowsShown(el, 3);
    const opened: string[] = [];
    const realOpen = window.open;
    let blocked = false;
    // the browser's window, not ours: recorded so that no window opens in the test browser
    window.open = (url?: string | URL) => {
      opened.push(String(url));
      return blocked ? null : window;
    };
    const [first, ...rest] = orders.map((o) => o.id);
    const url = `/customer-order/view/${first}?print=1&with=${rest.join(',')}`;
    try {
      for (const order of orders) checkbox(el, `Select ${order.order_no}`).click();
      await settle();
      clock = fakeClock();
      button(el, 'Print Selected (3)').click();
      await settle();
      expect(opened).to.deep.equal([url]);
      expect(root(el).querySelector('.order-notice a')).to.equal(null);
      blocked = true;
      await clock.tickAsync(2_100); // past the button's double-click guard
      button(el, 'Print Selected (3)').click();
      await settle();
    } finally {
      window.open = realOpen;
    }
    const link = root(el).querySelector<HTMLAnchorElement>('.order-notice a');
    expect(link?.getAttribute('href')).to.equal(url);
    expect(link?.textContent).to.equal('open the print view of 3 waybills');
  });

  it('merges the selected orders once, after a confirmation', async () => {
    const alike = { from_address: '上海市浦东新区张江路1号', to_address: '北京市东城区帅府园1号' };
    const { orders } = await withOrders(
      many('pending_confirm', 2, { ...alike, from_company: 'LP 上海中心仓', to_company: '北京协和医院' }),
      { name: 'Merge project' },
    );
    setLocale('en');
    const el = place();
    await rowsShown(el, 2);
    expect(button(el, 'Merge Orders').disabled).to.equal(true);
    checkbox(el, 'Select all rows on this page').click();
    await settle();
    button(el, 'Merge Orders').click();
    await until(() => root(el).querySelector('dialog[open][role="alertdialog"]'), 'the confirmation');
    await sendKeys({ press: 'Enter' });
    await until(() => idle(el) && orderNos(el).length === 3, 'the merged order listed');
    const created = orderNos(el).find((no) => !orders.some((o) => o.order_no === no))!;
    expect($toasts.get().map((t) => t.message)).to.include(`Merged into new order ${created}`);
    await until(() => tabs(el)[5] === 'Cancelled2', 'the count of cancelled orders');
  });
});

import { expect, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { setApiBase } from '../../src/api/config.ts';
import { login } from '../../src/stores/session.ts';
import { resetStores } from '../../src/stores/test-reset.ts';
import { setNavigation } from '../../src/stores/navigation.ts';
import { rawKeys } from '../../src/ui/testing/raw-keys.ts';
import { createTestOrder, createTestUser, type TestUser } from '../../src/ui/testing/server.ts';
import type { LpOrderView } from './order-view.ts';
import './order-view.ts';

const signIn = async (user: TestUser) =>
  login({ username: user.username, password: user.password, validate: '' });

/** Runs against the real API (web-test-runner.config.mjs); each test makes its own user and orders. */
describe('<lp-order-view>', () => {
  const placed: HTMLElement[] = [];
  let navigations: string[] = [];
  let restoreNavigation: () => void = () => undefined;

  beforeEach(() => {
    navigations = [];
    restoreNavigation = setNavigation({ navigate: (path) => navigations.push(path) });
  });
  afterEach(() => {
    for (const el of placed.splice(0)) el.remove();
    restoreNavigation();
    setApiBase('');
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
  const text = (el: HTMLElement) => root(el).textContent ?? '';
  const heading = (el: HTMLElement) => root(el).querySelector('h2')?.textContent ?? '';
  const button = (el: HTMLElement, label: string): HTMLElement | undefined =>
    Array.from(root(el).querySelectorAll<HTMLElement>('button, a')).find(
      (b) => b.textContent?.trim() === label,
    );
  const tab = (el: HTMLElement, label: string) =>
    Array.from(root(el).querySelectorAll<HTMLElement>('[role="tab"]')).find((b) => b.textContent === label);

  it('shows the order with its status, parties and goods, titles the tab, and is accessible', async () => {
    const user = await createTestUser();
    const order = await createTestOrder({ cuId: user.customers[0]!.cu_id });
    await signIn(user);
    const titles: string[] = [];
    const onTitle = (e: CustomEvent<{ title: string }>) => titles.push(e.detail.title);
    document.body.addEventListener('lp-page-title', onTitle);
    const el = place({ locale: 'en', 'order-id': order.id });
    await waitUntil(() => heading(el) === order.order_no, 'the order number heads the view', {
      timeout: 8000,
    });

    expect(el.orderId).to.equal(order.id);
    expect(titles).to.deep.equal([`Order ${order.order_no}`]);
    expect(text(el)).to.contain('Pending Confirmation');
    expect(text(el)).to.contain('收货医院');
    expect(text(el)).to.contain('试验药品A');
    expect(text(el)).to.contain('Chilled 2–8 °C');
    // pending confirmation: the customer may cancel; nobody audits; no modification request yet
    expect(button(el, 'Cancel Order')).to.exist;
    expect(button(el, 'Approve')).to.equal(undefined);
    expect(button(el, 'Request Change or Cancellation')).to.equal(undefined);
    const copy = button(el, 'Copy to New Order') as HTMLAnchorElement;
    expect(copy.getAttribute('href')).to.equal(`/customer-order/create?copy=${order.id}`);
    copy.click();
    expect(navigations).to.deep.equal([`/customer-order/create?copy=${order.id}`]);
    await expect(el).to.be.accessible();
    expect(rawKeys(el)).to.deep.equal([]);

    el.setAttribute('locale', 'zh-CN');
    await waitUntil(() => text(el).includes('待确认'));
    expect(rawKeys(el)).to.deep.equal([]);
    expect(titles, 'the tab follows the language').to.deep.equal([
      `Order ${order.order_no}`,
      `订单 ${order.order_no}`,
    ]);
    document.body.removeEventListener('lp-page-title', onTitle);
  });

  it('says that another customer’s order does not exist or is not the user’s', async () => {
    const owner = await createTestUser();
    const order = await createTestOrder({ cuId: owner.customers[0]!.cu_id });
    await signIn(await createTestUser());
    const el = place({ locale: 'en', 'order-id': order.id });
    await waitUntil(() => text(el).includes('This order does not exist or is not yours'), 'not found', {
      timeout: 8000,
    });
    expect(text(el)).to.not.contain(order.order_no);
    await expect(el).to.be.accessible();
  });

  it('shows a DTP order’s receiver masked as the server sends it, saying why', async () => {
    const user = await createTestUser();
    const order = await createTestOrder({
      cuId: user.customers[0]!.cu_id,
      order: { is_dtp: 1, to_goodstype: 1, order_type: 'dtp', to_contact: '张患者', to_phone: '13812345678' },
    });
    await signIn(user);
    const el = place({ locale: 'en', 'order-id': order.id });
    await waitUntil(() => heading(el) === order.order_no, 'loaded', { timeout: 8000 });
    expect(text(el)).to.not.contain('张患者');
    expect(text(el)).to.not.contain('13812345678');
    expect(text(el)).to.contain('***');
    expect(text(el)).to.contain('the receiver is hidden to protect the patient’s privacy');
    expect(text(el)).to.not.contain('the shipper is hidden');
  });

  it('moves through the sections with the keyboard and loads the temperature chart on demand', async () => {
    const user = await createTestUser();
    const readings: Array<[number, number]> = [
      [0, 5],
      [30, 5.5],
      [60, 11],
      [90, 12],
      [120, 11.5],
      [150, 6],
      [180, 5],
    ];
    const order = await createTestOrder({
      cuId: user.customers[0]!.cu_id,
      order: { status: 'not_finished' },
      readings,
      track: [
        [0, 31.23, 121.47],
        [60, 32.06, 118.79],
      ],
      events: [{ kind: 'picked_up', actor_name: '李师傅', reason: '按时提货' }],
      remarks: [{ author: '王药师', text: '请冷链交接' }],
      attachments: [{ kind: 'pod', status: 'rejected', reason: '签名不清晰', name: 'pod.pdf' }],
    });
    await signIn(user);
    const el = place({ locale: 'en', 'order-id': order.id });
    await waitUntil(() => heading(el) === order.order_no, 'loaded', { timeout: 8000 });
    expect(root(el).querySelector('canvas'), 'no chart before its section is shown').to.equal(null);
    expect(button(el, 'Request Change or Cancellation'), 'an unfinished order takes requests').to.exist;

    (tab(el, 'Overview') as HTMLElement).focus();
    await sendKeys({ press: 'ArrowRight' });
    await waitUntil(() => text(el).includes('Picked up'), 'the history');
    expect(text(el)).to.contain('李师傅');
    expect(text(el)).to.contain('Reason: 按时提货');

    await sendKeys({ press: 'ArrowRight' });
    await waitUntil(() => root(el).querySelector('canvas'), 'the chart is drawn', { timeout: 8000 });
    expect(text(el)).to.contain('Allowed range: 2 – 8 °C');
    expect(text(el)).to.contain('7 readings, 5 °C to 12 °C');
    expect(root(el).querySelectorAll('.order-view__excursions li')).to.have.length(1);
    await expect(el).to.be.accessible();

    await sendKeys({ press: 'ArrowRight' });
    await waitUntil(() => text(el).includes('Last position: 32.06000, 118.79000'), 'the track');

    await sendKeys({ press: 'ArrowRight' });
    await waitUntil(() => text(el).includes('Proof of delivery'), 'the attachments');
    expect(text(el)).to.contain('Rejected because: 签名不清晰');
    const download = root(el).querySelector<HTMLButtonElement>('[data-file-id]');
    expect(Number(download?.dataset.fileId)).to.be.greaterThan(0);

    await sendKeys({ press: 'ArrowRight' });
    await waitUntil(() => text(el).includes('请冷链交接'), 'the remarks');
    await expect(el).to.be.accessible();
    expect(rawKeys(el)).to.deep.equal([]);
  });

  it('opens the waybill with a Code 128 order number, a QR code, the parties and signature lines', async () => {
    const user = await createTestUser();
    const order = await createTestOrder({ cuId: user.customers[0]!.cu_id });
    await signIn(user);
    const el = place({ locale: 'en', 'order-id': order.id, print: '' });
    await waitUntil(() => root(el).querySelector('.waybill'), 'the print view', { timeout: 8000 });
    expect(el.print).to.equal(true);
    const barcode = root(el).querySelector('.waybill__barcode');
    expect(barcode?.getAttribute('aria-label')).to.equal(`Barcode of order number ${order.order_no}`);
    // 12 symbols (start B, L, P, code C, 7 digit pairs, checksum) + stop: 3 bars each, 4 in the stop
    expect(barcode?.querySelector('path')?.getAttribute('d')?.match(/M/g)).to.have.length(12 * 3 + 4);
    expect(root(el).querySelector('.waybill__qr path')?.getAttribute('d')?.length).to.be.greaterThan(100);
    expect(text(el)).to.contain('Receiver’s signature');
    expect(text(el)).to.contain('试验药品A');
    expect(root(el).activeElement?.textContent, 'the Print button has the focus').to.equal('Print');
    await expect(el).to.be.accessible();

    (button(el, 'Back to Details') as HTMLButtonElement).click();
    await waitUntil(() => heading(el) === order.order_no, 'back to the details');
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sendKeys, waitUntil } from '../../src/ui/testing/commands.ts';
import { setApiBase } from '../../src/api/config.ts';
import { call } from '../../src/api/transport.ts';
import { orderApplyInfo, orderAudit, orderView } from '../../src/contract/orders/operations.ts';
import { printLogList } from '../../src/contract/order-exports/operations.ts';
import { setToken } from '../../src/stores/auth.ts';
import { $toasts } from '../../src/stores/notices.ts';
import { login } from '../../src/stores/session.ts';
import { resetStores } from '../../src/stores/test-reset.ts';
import { setNavigation } from '../../src/stores/navigation.ts';
import { rawKeys } from '../../src/ui/testing/raw-keys.ts';
import { fakeClock, until } from '../../src/ui/testing/clock.ts';
import { createTestOrder, createTestUser, providerCall, type TestUser } from '../../src/ui/testing/server.ts';
import { FOLLOW_MS } from '../../src/features/order-view/use-order.ts';
import type { LpOrderView } from './order-view.ts';
import './order-view.ts';
import { generate } from 'otplib';
import { confirmSecondFactor, enrolSecondFactor } from '../../src/api/second-factor.ts';

const signIn = async (user: TestUser) =>
  login({ username: user.username, password: user.password, validate: '' });

/** Runs against the real API (vitest.config.ts); each test makes its own user and orders. */
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

  /** Types `password` into the open signing dialog's password field. */
  async function typePassword(el: LpOrderView, password: string): Promise<void> {
    const field = root(el).querySelector('dialog[open] input[type="password"]') as HTMLInputElement;
    field.focus();
    field.select();
    await sendKeys({ type: password });
  }

  function place(attributes: Record<string, string | number>): LpOrderView {
    const el = document.createElement('lp-order-view');
    for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, String(value));
    document.body.append(el);
    placed.push(el);
    return el;
  }
  const root = (el: HTMLElement) => el.shadowRoot as ShadowRoot;
  const text = (el: HTMLElement) => root(el).textContent ?? '';
  const heading = (el: HTMLElement) => root(el).querySelector('h1')?.textContent ?? '';
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
      timeout: 15_000,
    });

    expect(el.orderId).to.equal(order.id);
    // the tab's title is sent by an effect after the render that drew the heading
    await waitUntil(() => titles.length > 0, 'the tab titled');
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
    await waitUntil(() => titles.length > 1, 'the tab titled again');
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
      timeout: 15_000,
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
    await waitUntil(() => heading(el) === order.order_no, 'loaded', { timeout: 15_000 });
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
    await waitUntil(() => heading(el) === order.order_no, 'loaded', { timeout: 15_000 });
    expect(root(el).querySelector('canvas'), 'no chart before its section is shown').to.equal(null);
    expect(button(el, 'Request Change or Cancellation'), 'an unfinished order takes requests').to.exist;

    (tab(el, 'Overview') as HTMLElement).focus();
    await sendKeys({ press: 'ArrowRight' });
    await waitUntil(() => text(el).includes('Picked up'), 'the history');
    expect(text(el)).to.contain('李师傅');
    expect(text(el)).to.contain('Reason: 按时提货');

    await sendKeys({ press: 'ArrowRight' });
    await waitUntil(() => root(el).querySelector('canvas'), 'the chart is drawn', { timeout: 15_000 });
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
    expect(download?.disabled, 'the download button works in the view').to.equal(false);

    await sendKeys({ press: 'ArrowRight' });
    await waitUntil(() => text(el).includes('请冷链交接'), 'the remarks');
    await expect(el).to.be.accessible();
    expect(rawKeys(el)).to.deep.equal([]);
  });

  it('follows an order still moving: the provider’s confirmation shows without a reload', async () => {
    const user = await createTestUser();
    const order = await createTestOrder({ cuId: user.customers[0]!.cu_id });
    await signIn(user);
    const clock = fakeClock();
    try {
      const el = place({ locale: 'en', 'order-id': order.id });
      await until(() => heading(el) === order.order_no, 'the order', 8000);
      expect(text(el)).to.contain('Pending Confirmation');
      const confirmed = await providerCall('confirm', { order_no: order.order_no });
      expect(confirmed.code, confirmed.message).to.equal(0);
      clock.tick(FOLLOW_MS - 1000);
      await new Promise((resolve) => requestAnimationFrame(resolve));
      expect(text(el), 'not asked again before its time').to.contain('Pending Confirmation');
      clock.tick(1000);
      await until(() => !text(el).includes('Pending Confirmation'), 'the confirmed order');
      expect(text(el)).to.contain('In Progress');
    } finally {
      clock.uninstall();
    }
  });

  it('cancels an open order with a reason, by keyboard, and reports the change', async () => {
    const user = await createTestUser();
    const order = await createTestOrder({ cuId: user.customers[0]!.cu_id });
    await signIn(user);
    const el = place({ locale: 'en', 'order-id': order.id });
    await waitUntil(() => heading(el) === order.order_no, 'loaded', { timeout: 15_000 });
    const changes: Array<{ id: number; status: string }> = [];
    el.addEventListener('lp-order-change', (e) => changes.push(e.detail));

    (button(el, 'Cancel Order') as HTMLElement).focus();
    await sendKeys({ press: 'Enter' });
    const dialog = () => root(el).querySelector('dialog[open]');
    await waitUntil(() => dialog(), 'the reason dialog opens');
    expect(root(el).activeElement?.tagName, 'the reason has the focus').to.equal('TEXTAREA');
    await sendKeys({ press: 'Escape' });
    await waitUntil(() => !dialog(), 'Esc closes it');
    expect(changes).to.deep.equal([]);

    (button(el, 'Cancel Order') as HTMLElement).click();
    await waitUntil(() => dialog());
    const submit = () =>
      Array.from(
        dialog()?.querySelectorAll<HTMLButtonElement>('button[type="submit"]') ?? [],
      )[0] as HTMLButtonElement;
    submit().click();
    await waitUntil(() => dialog()?.textContent?.includes('Enter a reason'), 'a reason is required');
    await expect(el).to.be.accessible();
    await sendKeys({ type: '项目暂停' });
    submit().click();
    await waitUntil(() => text(el).includes('Cancelled'), 'the order shows cancelled', { timeout: 15_000 });
    expect(dialog()).to.equal(null);
    expect(changes).to.deep.equal([{ id: order.id, status: 'cancelled' }]);
    expect(button(el, 'Cancel Order'), 'nothing left to cancel').to.equal(undefined);
    expect($toasts.get().map((t) => t.message)).to.include('The order was cancelled.');
    expect(text(el)).to.contain('项目暂停');
  });

  it('says the order changed meanwhile when a colleague approved it first, and shows it as it is now', async () => {
    const user = await createTestUser();
    const cuId = user.customers[0]!.cu_id;
    const order = await createTestOrder({
      cuId,
      order: { status: 'pending_approval' },
      approverUid: user.uid,
    });
    await signIn(user);
    const el = place({ locale: 'en', 'order-id': order.id });
    await waitUntil(() => heading(el) === order.order_no, 'loaded', { timeout: 15_000 });
    expect(button(el, 'Approve')).to.exist;

    // the colleague's approval, with the version the view also holds
    const shown = await call(orderView, { id: order.id });
    await call(orderAudit, {
      id: order.id,
      pass: true,
      reason: '',
      version: shown.version,
      signature: { password: user.password, meaning: 'approval' },
    });

    (button(el, 'Reject') as HTMLElement).click();
    await waitUntil(() => root(el).querySelector('dialog[open]'));
    await sendKeys({ type: '数量有误' });
    await typePassword(el, user.password);
    (root(el).querySelector('dialog[open] button[type="submit"]') as HTMLButtonElement).click();
    await waitUntil(
      () =>
        $toasts.get().some((t) => t.message === 'The order changed meanwhile; the current version is shown'),
      'the 409 is explained',
      { timeout: 15_000 },
    );
    await waitUntil(() => text(el).includes('Pending Confirmation'), 'the current order is shown');
    expect(root(el).querySelector('dialog[open]')).to.equal(null);
    expect(button(el, 'Approve'), 'nothing left to approve').to.equal(undefined);
    expect((await call(orderView, { id: order.id })).status, 'the rejection changed nothing').to.equal(
      'pending_confirm',
    );
  });

  it('a signer with a second factor is asked its code after the password (477), and the review is signed', async () => {
    const user = await createTestUser();
    const cuId = user.customers[0]!.cu_id;
    const order = await createTestOrder({
      cuId,
      order: { status: 'pending_confirm' },
      approverUid: user.uid,
      attachments: [{ kind: 'packing_list', status: 'pending', name: 'packing.pdf' }],
    });
    await signIn(user);
    const { secret } = await enrolSecondFactor(user.password);
    await confirmSecondFactor(await generate({ secret }));
    const el = place({ locale: 'en', 'order-id': order.id });
    await waitUntil(() => heading(el) === order.order_no, 'loaded', { timeout: 15_000 });
    (tab(el, 'Attachments') as HTMLElement).click();
    await waitUntil(() => button(el, 'Approve packing.pdf') !== undefined, 'the review');
    (button(el, 'Approve packing.pdf') as HTMLElement).click();
    await waitUntil(
      () => root(el).querySelector('dialog[open] input[type="password"]'),
      'the signing dialog',
    );
    await typePassword(el, user.password);
    (root(el).querySelector('dialog[open] button[type="submit"]') as HTMLButtonElement).click();
    const codeField = () => root(el).querySelector<HTMLInputElement>('dialog[open] input[name="code"]');
    await waitUntil(() => codeField() !== null, 'the code asked after the 477', { timeout: 15_000 });
    expect($toasts.get().filter((t) => t.kind === 'error')).toEqual([]);
    codeField()?.focus();
    // the next time step's code (the enrolment used this one; the server takes one step either side)
    await sendKeys({ type: await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }) });
    (root(el).querySelector('dialog[open] button[type="submit"]') as HTMLButtonElement).click();
    await waitUntil(() => $toasts.get().some((t) => t.message === 'Document approved'), 'approved', {
      timeout: 15_000,
    });
  });

  it('lets an approver pass and reject the documents waiting for review, and shows no review to others', async () => {
    const user = await createTestUser();
    const cuId = user.customers[0]!.cu_id;
    const order = await createTestOrder({
      cuId,
      order: { status: 'pending_confirm' },
      approverUid: user.uid,
      attachments: [
        { kind: 'packing_list', status: 'pending', name: 'packing.pdf' },
        { kind: 'pod', status: 'pending', name: 'pod.pdf' },
      ],
    });
    await signIn(user);
    const el = place({ locale: 'en', 'order-id': order.id });
    await waitUntil(() => heading(el) === order.order_no, 'loaded', { timeout: 15_000 });
    (tab(el, 'Attachments') as HTMLElement).click();
    await waitUntil(() => text(el).includes('2 documents wait for your review'), 'the approver is told');

    (button(el, 'Approve packing.pdf') as HTMLElement).click();
    // a review is signed: the password again, whoever is signed in
    await waitUntil(
      () => root(el).querySelector('dialog[open] input[type="password"]'),
      'the signing dialog',
    );
    (root(el).querySelector('dialog[open] button[type="submit"]') as HTMLButtonElement).click();
    await waitUntil(() => text(el).includes('Enter your password to sign'), 'a signature needs the password');
    await typePassword(el, `${user.password}x`);
    (root(el).querySelector('dialog[open] button[type="submit"]') as HTMLButtonElement).click();
    await waitUntil(
      () =>
        root(el).querySelector('dialog[open]')?.textContent?.includes('Wrong password: nothing was signed'),
      'a wrong password is refused in the dialog',
      { timeout: 15_000 },
    );
    await typePassword(el, user.password);
    (root(el).querySelector('dialog[open] button[type="submit"]') as HTMLButtonElement).click();
    await waitUntil(() => $toasts.get().some((t) => t.message === 'Document approved'), 'approved', {
      timeout: 15_000,
    });
    await waitUntil(() => text(el).includes('1 document waits for your review'), 'one left');
    expect(button(el, 'Approve packing.pdf'), 'an approved document has no review buttons').to.equal(
      undefined,
    );

    (button(el, 'Reject pod.pdf') as HTMLElement).click();
    await waitUntil(() => root(el).querySelector('dialog[open]'));
    (root(el).querySelector('dialog[open] button[type="submit"]') as HTMLButtonElement).click();
    await waitUntil(() => text(el).includes('Enter a reason'), 'a rejection needs a reason');
    await sendKeys({ type: '签字不清' });
    await typePassword(el, user.password);
    (root(el).querySelector('dialog[open] button[type="submit"]') as HTMLButtonElement).click();
    await waitUntil(() => $toasts.get().some((t) => t.message === 'Document rejected'), 'rejected', {
      timeout: 15_000,
    });
    await waitUntil(() => text(el).includes('Rejected because: 签字不清'), 'the reason is shown');
    const shown = await call(orderView, { id: order.id });
    expect(shown.attachments.map((a) => [a.name, a.status]).sort()).to.deep.equal([
      ['packing.pdf', 'approved'],
      ['pod.pdf', 'rejected'],
    ]);

    // someone who is not an approver sees the documents without the review
    const other = await createTestUser();
    const plain = await createTestOrder({
      cuId: other.customers[0]!.cu_id,
      order: { status: 'pending_confirm' },
      attachments: [{ kind: 'packing_list', status: 'pending', name: 'list.pdf' }],
    });
    resetStores();
    await signIn(other);
    const second = place({ locale: 'en', 'order-id': plain.id });
    await waitUntil(() => heading(second) === plain.order_no, 'loaded', { timeout: 15_000 });
    (tab(second, 'Attachments') as HTMLElement).click();
    await waitUntil(() => text(second).includes('list.pdf'));
    expect(button(second, 'Approve list.pdf')).to.equal(undefined);
    expect(text(second)).not.to.include('wait for your review');
  });

  it('asks the provider for a change and then shows the request as pending', async () => {
    const user = await createTestUser();
    const order = await createTestOrder({
      cuId: user.customers[0]!.cu_id,
      order: { status: 'not_finished' },
    });
    await signIn(user);
    const el = place({ locale: 'en', 'order-id': order.id });
    await waitUntil(() => heading(el) === order.order_no, 'loaded', { timeout: 15_000 });
    (button(el, 'Request Change or Cancellation') as HTMLElement).click();
    await waitUntil(() => root(el).querySelector('dialog[open] form'), 'the form after the history', {
      timeout: 15_000,
    });
    const dialog = root(el).querySelector('dialog[open]') as HTMLDialogElement;
    expect(dialog.textContent).to.contain('No requests yet');
    const submit = dialog.querySelector('button[type="submit"]') as HTMLButtonElement;
    submit.click();
    await waitUntil(() => dialog.textContent?.includes('Fill in at least one thing to change'));
    // the field starts with the order's contact: typed over, only it is asked for
    const contact = dialog.querySelector('input[name="to_contact"]') as HTMLInputElement;
    expect(contact.value).to.match(/^收货人/);
    contact.focus();
    contact.select();
    await sendKeys({ type: '赵护士' });
    (dialog.querySelector('textarea[name="reason"]') as HTMLTextAreaElement).focus();
    await sendKeys({ type: '联系人休假' });
    await expect(el).to.be.accessible();
    submit.click();
    await waitUntil(() => !root(el).querySelector('dialog[open]'), 'sent', { timeout: 15_000 });
    await waitUntil(
      () => button(el, 'Request Change or Cancellation') === undefined,
      'one request at a time',
    );
    expect(root(el).querySelector('.order-view__modification')?.textContent).to.contain(
      'Change the order · Pending',
    );
    expect(root(el).querySelector('.order-view__modification')?.textContent).to.contain(
      'The provider has not answered yet',
    );
    const { list } = await call(orderApplyInfo, { id: order.id });
    expect(list.map((m) => [m.kind, m.status, m.changes, m.reason])).to.deep.equal([
      ['change', 'pending', { to_contact: '赵护士' }, '联系人休假'],
    ]);
  });

  it('adds a remark', async () => {
    const user = await createTestUser();
    const order = await createTestOrder({ cuId: user.customers[0]!.cu_id });
    await signIn(user);
    const el = place({ locale: 'en', 'order-id': order.id });
    await waitUntil(() => heading(el) === order.order_no, 'loaded', { timeout: 15_000 });
    (tab(el, 'Remarks') as HTMLElement).click();
    await waitUntil(() => text(el).includes('No remarks yet'));
    (root(el).querySelector('textarea[name="text"]') as HTMLTextAreaElement).focus();
    await sendKeys({ type: '请提前电话联系' });
    (button(el, 'Add') as HTMLElement).click();
    await waitUntil(
      () => root(el).querySelector('.order-view__remark-text')?.textContent === '请提前电话联系',
      'shown',
      {
        timeout: 15_000,
      },
    );
    expect((root(el).querySelector('textarea[name="text"]') as HTMLTextAreaElement).value).to.equal('');
  });

  it('checks the email addresses before sending', async () => {
    const user = await createTestUser();
    const order = await createTestOrder({ cuId: user.customers[0]!.cu_id });
    await signIn(user);
    const el = place({ locale: 'en', 'order-id': order.id });
    await waitUntil(() => heading(el) === order.order_no, 'loaded', { timeout: 15_000 });
    (button(el, 'Email') as HTMLElement).click();
    await waitUntil(() => root(el).querySelector('dialog[open]'));
    expect(root(el).activeElement?.getAttribute('name'), 'the addresses have the focus').to.equal('to');
    await sendKeys({ type: 'qa@example.com, not-an-address' });
    (root(el).querySelector('dialog[open] button[type="submit"]') as HTMLButtonElement).click();
    await waitUntil(() => text(el).includes('Not an email address: not-an-address'));
    expect(root(el).querySelector('textarea[name="to"]')?.getAttribute('aria-invalid')).to.equal('true');
    await expect(el).to.be.accessible();
  });

  it('fits a 320 px wide page, also under hostile page CSS', async () => {
    const style = document.createElement('style');
    style.textContent = 'html { font-size: 40px } * { font-size: 30px }';
    document.head.append(style);
    try {
      const user = await createTestUser();
      const order = await createTestOrder({ cuId: user.customers[0]!.cu_id });
      await signIn(user);
      const el = place({ locale: 'zh-CN', 'order-id': order.id });
      el.style.width = '320px';
      await waitUntil(() => heading(el) === order.order_no, 'loaded', { timeout: 15_000 });
      const view = root(el).querySelector('.order-view') as HTMLElement;
      expect(view.scrollWidth, 'nothing wider than the page').to.be.at.most(320);
      const title = root(el).querySelector('h1') as HTMLElement;
      expect(
        Number.parseFloat(getComputedStyle(title).fontSize),
        'the page’s font size does not leak in',
      ).to.be.below(30);
    } finally {
      style.remove();
    }
  });

  it('opens the waybill with a Code 128 order number, a QR code, the parties and signature lines', async () => {
    const user = await createTestUser();
    const order = await createTestOrder({ cuId: user.customers[0]!.cu_id });
    await signIn(user);
    const el = place({ locale: 'en', 'order-id': order.id, print: '' });
    await waitUntil(() => root(el).querySelector('.waybill'), 'the print view', { timeout: 15_000 });
    expect(el.print).to.equal(true);
    const barcode = root(el).querySelector('.waybill__barcode');
    expect(barcode?.getAttribute('aria-label')).to.equal(`Barcode of order number ${order.order_no}`);
    // 12 symbols (start B, L, P, code C, 7 digit pairs, checksum) + stop: 3 bars each, 4 in the stop
    expect(barcode?.querySelector('path')?.getAttribute('d')?.match(/M/g)).to.have.length(12 * 3 + 4);
    expect(root(el).querySelector('.waybill__qr path')?.getAttribute('d')?.length).to.be.greaterThan(100);
    expect(text(el)).to.contain('Receiver’s signature');
    expect(text(el)).to.contain('试验药品A');
    await waitUntil(() => root(el).activeElement?.textContent === 'Print', 'the Print button has the focus');
    await expect(el).to.be.accessible();

    (button(el, 'Back to Details') as HTMLButtonElement).click();
    await waitUntil(() => heading(el) === order.order_no, 'back to the details');
  });

  it('prints several orders as one document: a waybill each, one Print, each print recorded', async () => {
    const user = await createTestUser();
    const cuId = user.customers[0]!.cu_id;
    const [a, b, c] = [
      await createTestOrder({ cuId }),
      await createTestOrder({ cuId }),
      await createTestOrder({ cuId }),
    ];
    const other = await createTestUser();
    const foreign = await createTestOrder({ cuId: other.customers[0]!.cu_id });
    await signIn(user);
    const el = place({
      locale: 'en',
      'order-id': a.id,
      print: '',
      'print-with': `${b.id},${c.id},${foreign.id},${a.id}`,
    });
    await waitUntil(() => button(el, 'Print 3 waybills'), 'one Print for the three', { timeout: 15_000 });
    const sheets = Array.from(root(el).querySelectorAll('article.waybill'), (w) =>
      w.getAttribute('aria-label'),
    );
    expect(sheets).to.deep.equal([a, b, c].map((o) => `Waybill ${o.order_no}`));
    expect(root(el).querySelectorAll('h1')).to.have.length(1);
    expect(text(el)).to.contain('3 waybills, one per page');
    // another customer's order is not shown, and said so
    expect(root(el).querySelector('.waybill__missing')?.textContent).to.contain(String(foreign.id));
    expect(text(el)).not.to.contain(foreign.order_no);
    await expect(el).to.be.accessible();

    let printed = 0;
    const print = window.print;
    window.print = () => {
      printed++;
    };
    try {
      button(el, 'Print 3 waybills')!.click();
      await waitUntil(() => printed === 1, 'the browser prints once');
    } finally {
      window.print = print;
    }
    for (const order of [a, b, c]) {
      const prints = await call(printLogList, { id: order.id });
      expect(prints.list, `${order.order_no} recorded`).to.have.length(1);
    }
  });

  it('prints nothing when the print could not be recorded', async () => {
    const user = await createTestUser();
    const order = await createTestOrder({ cuId: user.customers[0]!.cu_id });
    await signIn(user);
    const el = place({ locale: 'en', 'order-id': order.id, print: '' });
    await waitUntil(() => root(el).activeElement?.textContent === 'Print', 'the waybill', {
      timeout: 15_000,
    });
    let printed = 0;
    const print = window.print;
    window.print = () => {
      printed++;
    };
    try {
      setToken(''); // the session ended meanwhile: common/printlog refuses
      await sendKeys({ press: 'Enter' });
      await waitUntil(
        () =>
          $toasts.get().some((t) => t.message === 'The print could not be recorded, so nothing was printed'),
        'the refusal is shown',
        { timeout: 15_000 },
      );
      expect(printed).to.equal(0);
    } finally {
      window.print = print;
    }
  });

  it('says when loading failed and loads again on retry', async () => {
    const user = await createTestUser();
    const order = await createTestOrder({ cuId: user.customers[0]!.cu_id });
    await signIn(user);
    setApiBase('http://127.0.0.1:9/api'); // nothing listens there: a network failure
    const el = place({ locale: 'en', 'order-id': order.id });
    await waitUntil(() => root(el).querySelector('[role="alert"]'), 'the failure', { timeout: 15_000 });
    expect(text(el)).to.not.contain(order.order_no);
    await expect(el).to.be.accessible();
    setApiBase('');
    (button(el, 'Retry') as HTMLElement).click();
    await waitUntil(() => heading(el) === order.order_no, 'loaded on retry', { timeout: 15_000 });
  });

  it('reads an id the server refuses like an order that does not exist', async () => {
    await signIn(await createTestUser());
    const el = place({ locale: 'en', 'order-id': 99_999_999_999 });
    await waitUntil(() => text(el).includes('This order does not exist or is not yours'), 'not found', {
      timeout: 15_000,
    });
  });

  it('lists the orders merged into this one, each a link to its view', async () => {
    const user = await createTestUser();
    const cuId = user.customers[0]!.cu_id;
    const a = await createTestOrder({ cuId, order: { status: 'cancelled' } });
    const b = await createTestOrder({ cuId, order: { status: 'cancelled' } });
    const merged = await createTestOrder({ cuId, sources: [a.id, b.id] });
    await signIn(user);
    const el = place({ locale: 'en', 'order-id': merged.id });
    await waitUntil(() => heading(el) === merged.order_no, 'loaded', { timeout: 15_000 });
    (tab(el, 'Merged Orders') as HTMLElement).click();
    await waitUntil(() => root(el).querySelectorAll('.order-view__sources a').length === 2, 'the sources', {
      timeout: 15_000,
    });
    const links = Array.from(root(el).querySelectorAll<HTMLAnchorElement>('.order-view__sources a'));
    expect(links.map((l) => l.textContent).sort()).to.deep.equal([a.order_no, b.order_no].sort());
    links.find((l) => l.textContent === a.order_no)?.click();
    expect(navigations).to.deep.equal([`/customer-order/view/${a.id}`]);
  });
});

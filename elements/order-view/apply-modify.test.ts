import { afterEach, describe, expect, it } from 'vitest';
import { call } from '../../src/api/transport.ts';
import { setApiBase } from '../../src/api/config.ts';
import { orderApplyInfo } from '../../src/contract/orders/operations.ts';
import { chinaLocal as localOf } from '../../src/features/order-view/change-form.ts';
import { formatStamp } from '../../src/features/order-view/format.ts';
import { login } from '../../src/stores/session.ts';
import { resetStores } from '../../src/stores/test-reset.ts';
import { fakeClock, until } from '../../src/ui/testing/clock.ts';
import { sendKeys, waitUntil } from '../../src/ui/testing/commands.ts';
import { createTestOrder, createTestUser, providerCall, type TestUser } from '../../src/ui/testing/server.ts';
import { FOLLOW_MS } from '../../src/features/order-view/use-order.ts';
import type { LpOrderView } from './order-view.ts';
import './order-view.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A time `ms` from now as a `datetime-local` input reads it in China time (minutes, no seconds). */
const chinaLocal = (ms: number) => localOf(new Date(Date.now() + ms).toISOString());

const signIn = async (user: TestUser) =>
  login({ username: user.username, password: user.password, validate: '' });

/** The change request dialog against the real API (vitest.config.ts); each test makes its own user and order. */
describe('<lp-order-view> asking for a change', () => {
  const placed: HTMLElement[] = [];
  afterEach(() => {
    for (const el of placed.splice(0)) el.remove();
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
  const button = (el: HTMLElement, label: string) =>
    Array.from(root(el).querySelectorAll<HTMLElement>('button')).find((b) => b.textContent?.trim() === label);
  const dialogOf = (el: HTMLElement) => root(el).querySelector('dialog[open]') as HTMLDialogElement;
  const input = (el: HTMLElement, name: string) =>
    dialogOf(el).querySelector(`[name="${name}"]`) as HTMLInputElement | HTMLTextAreaElement;
  /** The message under a field (the text its aria-describedby names). */
  const messageOf = (el: HTMLElement, name: string) => {
    const field = input(el, name);
    const ids = field.getAttribute('aria-describedby')?.split(' ') ?? [];
    return ids.map((id) => root(el).getElementById(id)?.textContent ?? '').join(' ');
  };
  /** Replaces a field's text by typing, as a person does (a time through the input's own value). */
  async function fill(el: HTMLElement, name: string, value: string) {
    const field = input(el, name);
    if (field.type === 'datetime-local') {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(field, value);
      field.dispatchEvent(new Event('input', { bubbles: true }));
      return;
    }
    field.focus();
    field.select();
    await sendKeys({ type: value });
  }
  async function openDialog(el: HTMLElement, opener: string, no: string) {
    await waitUntil(() => root(el).querySelector('h1')?.textContent === no, 'loaded', { timeout: 15_000 });
    (button(el, opener) as HTMLElement).click();
    await waitUntil(() => root(el).querySelector('dialog[open] form'), 'the form after the history', {
      timeout: 15_000,
    });
  }
  const submit = (el: HTMLElement) =>
    (dialogOf(el).querySelector('button[type="submit"]') as HTMLButtonElement).click();

  it('starts from the order, checks as the server does before sending, and shows what was asked field by field', async () => {
    const user = await createTestUser();
    const deliverBy = new Date(Date.now() + 2 * DAY).toISOString();
    const order = await createTestOrder({
      cuId: user.customers[0]!.cu_id,
      order: {
        status: 'not_finished',
        milestone: 'confirmed',
        pickup_at: new Date(Date.now() + DAY).toISOString(),
        deliver_by: deliverBy,
      },
    });
    await signIn(user);
    const el = place({ locale: 'en', 'order-id': order.id });
    await openDialog(el, 'Request Change or Cancellation', order.order_no);
    expect(input(el, 'to_phone').value).to.equal('13900000002');
    expect(input(el, 'deliver_by').value).to.equal(formatStamp(deliverBy).replace(' ', 'T'));

    await fill(el, 'to_phone', 'abc');
    await fill(el, 'deliver_by', '2020-01-01T10:00');
    await fill(el, 'reason', '患者复诊改期');
    submit(el);
    await waitUntil(() => messageOf(el, 'to_phone').includes('This value is not valid'), 'the phone refused');
    expect(input(el, 'to_phone').getAttribute('aria-invalid')).to.equal('true');
    expect(root(el).activeElement?.getAttribute('name'), 'the first refused field has the focus').to.equal(
      'to_phone',
    );
    await fill(el, 'to_phone', '13911112222');
    submit(el);
    await waitUntil(() => messageOf(el, 'deliver_by').includes('The delivery time must be in the future'));
    await fill(el, 'deliver_by', chinaLocal(12 * HOUR));
    submit(el);
    await waitUntil(() =>
      messageOf(el, 'deliver_by').includes('The delivery time must be after the pickup time'),
    );
    expect((await call(orderApplyInfo, { id: order.id })).list, 'nothing was sent').to.deep.equal([]);
    await expect(el).to.be.accessible();

    const wanted = chinaLocal(3 * DAY);
    await fill(el, 'deliver_by', wanted);
    submit(el);
    await waitUntil(() => !dialogOf(el), 'sent', { timeout: 15_000 });
    const lines = await until(() => root(el).querySelector('.order-view__modification .order-view__asked'));
    expect(Array.from(lines.querySelectorAll('li'), (li) => li.textContent)).to.deep.equal([
      `Deliver by: ${formatStamp(deliverBy)} → ${wanted.replace('T', ' ')}`,
      'Receiving phone: 13900000002 → 13911112222',
    ]);
    const { list } = await call(orderApplyInfo, { id: order.id });
    expect(list.map((m) => m.changes)).to.deep.equal([
      { deliver_by: `${wanted}:00+08:00`, to_phone: '13911112222' },
    ]);
  });

  it('leaves the patient’s fields empty, never sends asterisks back, and shows the server’s refusal under its field (zh-CN)', async () => {
    const user = await createTestUser();
    const order = await createTestOrder({
      cuId: user.customers[0]!.cu_id,
      order: { status: 'not_finished', milestone: 'in_transit', is_dtp: 1, to_goodstype: 1 },
    });
    await signIn(user);
    const el = place({ locale: 'zh-CN', 'order-id': order.id });
    await openDialog(el, '申请修改/取消', order.order_no);
    for (const name of ['to_contact', 'to_phone', 'to_address'])
      expect([name, input(el, name).value]).to.deep.equal([name, '']);
    expect(messageOf(el, 'to_phone')).to.contain('为保护隐私不显示当前内容');
    expect(dialogOf(el).querySelector('[name="pickup_at"]'), 'picked up: the start side is settled').to.equal(
      null,
    );
    expect(dialogOf(el).textContent).to.contain('货物已提走，提货时间和发货方不能再修改');
    await fill(el, 'to_phone', '13911112222');
    await fill(el, 'reason', '患者换号');
    await expect(el).to.be.accessible();

    // a device whose clock runs two days late: the dialog lets a time pass that the server refuses
    const yesterday = chinaLocal(-DAY);
    const clock = fakeClock();
    clock.setSystemTime(Date.now() - 2 * DAY);
    await fill(el, 'deliver_by', yesterday);
    submit(el);
    await until(() => messageOf(el, 'deliver_by').includes('送达时间必须晚于现在'), 'the server’s message');
    clock.uninstall();
    expect((await call(orderApplyInfo, { id: order.id })).list).to.deep.equal([]);

    const tomorrow = chinaLocal(DAY);
    await fill(el, 'deliver_by', tomorrow);
    submit(el);
    await waitUntil(() => !dialogOf(el), 'sent', { timeout: 15_000 });
    const lines = await until(() => root(el).querySelector('.order-view__modification .order-view__asked'));
    expect(Array.from(lines.querySelectorAll('li'), (li) => li.textContent)).to.deep.equal([
      `要求送达时间：（空） → ${tomorrow.replace('T', ' ')}`,
      '收货电话：****** → ******',
    ]);
    const { list } = await call(orderApplyInfo, { id: order.id });
    expect(Object.keys(list[0]?.changes ?? {}).sort()).to.deep.equal(['deliver_by', 'to_phone']);
  });

  it('keeps what was typed while the view follows the order in progress', async () => {
    const user = await createTestUser();
    const order = await createTestOrder({
      cuId: user.customers[0]!.cu_id,
      order: { status: 'not_finished', milestone: 'confirmed' },
    });
    await signIn(user);
    const clock = fakeClock();
    try {
      const el = place({ locale: 'en', 'order-id': order.id });
      await until(() => root(el).querySelector('h1')?.textContent === order.order_no, 'the order', 8000);
      (button(el, 'Request Change or Cancellation') as HTMLElement).click();
      await until(() => root(el).querySelector('dialog[open] form'), 'the form', 8000);
      await fill(el, 'to_contact', '赵护士');
      const moved = await providerCall('milestone', {
        order_no: order.order_no,
        milestone: 'in_transit',
        at: new Date().toISOString(),
      });
      expect(moved.code, moved.message).to.equal(0);
      clock.tick(FOLLOW_MS);
      await until(
        () => root(el).querySelector('[aria-current="step"]')?.textContent?.includes('In Transit'),
        'the order asked again',
      );
      // a round trip and a frame: what the new order would set off has run
      await call(orderApplyInfo, { id: order.id });
      await new Promise((resolve) => requestAnimationFrame(resolve));
      expect(input(el, 'to_contact')?.value).to.equal('赵护士');
    } finally {
      clock.uninstall();
    }
  });
});

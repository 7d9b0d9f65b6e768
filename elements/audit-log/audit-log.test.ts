import { afterEach, describe, expect, it } from 'vitest';
import { login } from '../../src/stores/session.ts';
import { resetStores } from '../../src/stores/test-reset.ts';
import { waitUntil } from '../../src/ui/testing/commands.ts';
import { rawKeys } from '../../src/ui/testing/raw-keys.ts';
import { createTestOrder, createTestUser, type TestUser } from '../../src/ui/testing/server.ts';
import { call } from '../../src/api/transport.ts';
import { orderAudit } from '../../src/contract/orders/operations.ts';
import './audit-log.ts';

const signIn = (user: TestUser) => login({ username: user.username, password: user.password, validate: '' });

/** Runs against the real API (vitest.config.ts); each test makes its own users and orders. */
describe('<lp-audit-log>', () => {
  const placed: HTMLElement[] = [];
  afterEach(() => {
    for (const el of placed.splice(0)) el.remove();
    resetStores();
  });

  function place(locale: 'zh-CN' | 'en'): HTMLElement {
    const el = document.createElement('lp-audit-log');
    el.setAttribute('locale', locale);
    document.body.append(el);
    placed.push(el);
    return el;
  }
  const root = (el: HTMLElement) => el.shadowRoot as ShadowRoot;
  const text = (el: HTMLElement) => root(el).textContent ?? '';
  const entries = (el: HTMLElement) =>
    Array.from(root(el).querySelectorAll<HTMLElement>('.audit-log__entry'));
  /** Sets a control's value as typing or choosing does (React reads it from the native setter). */
  const choose = (
    control: HTMLInputElement | HTMLSelectElement,
    value: string,
    event: 'input' | 'change',
  ) => {
    const proto =
      control instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(control, value);
    control.dispatchEvent(new Event(event, { bubbles: true }));
  };

  it('shows an administrator the customer’s trail as sentences, with the signature, in both languages', async () => {
    const admin = await createTestUser({ admin: true });
    const cuId = admin.customers[0]!.cu_id;
    const order = await createTestOrder({
      cuId,
      order: { status: 'pending_approval' },
      approverUid: admin.uid,
    });
    await signIn(admin);
    await call(orderAudit, {
      id: order.id,
      pass: true,
      reason: '数量已核对',
      version: 1,
      signature: { password: admin.password, meaning: 'approval' },
    });
    for (const [locale, words] of [
      [
        'zh-CN',
        [
          '审计追踪',
          '审核通过',
          `订单 ${order.order_no}`,
          '原因：数量已核对',
          '电子签名：',
          '· 批准 ·',
          '登录',
        ],
      ],
      [
        'en',
        [
          'Audit Trail',
          'Approved',
          `Order ${order.order_no}`,
          'Reason: 数量已核对',
          'Signed electronically:',
          '· Approval ·',
          'Signed in',
        ],
      ],
    ] as const) {
      const el = place(locale);
      await waitUntil(() => entries(el).length >= 2, 'the entries are listed', { timeout: 15_000 });
      for (const word of words) expect(text(el), word).to.contain(word);
      expect(rawKeys(el)).to.deep.equal([]);
      await expect(el).to.be.accessible();
      el.remove();
    }
  });

  it('filters by action and by order number', async () => {
    const admin = await createTestUser({ admin: true });
    const cuId = admin.customers[0]!.cu_id;
    const order = await createTestOrder({
      cuId,
      order: { status: 'pending_approval' },
      approverUid: admin.uid,
    });
    await signIn(admin);
    await call(orderAudit, {
      id: order.id,
      pass: true,
      reason: '',
      version: 1,
      signature: { password: admin.password, meaning: 'approval' },
    });
    const el = place('en');
    await waitUntil(() => entries(el).length >= 2, 'the entries are listed', { timeout: 15_000 });
    const selects = Array.from(root(el).querySelectorAll<HTMLSelectElement>('select'));
    const byAction = selects.find((s) => Array.from(s.options).some((o) => o.value === 'sign_in'));
    expect(byAction, 'the action filter offers the sign-in').to.exist;
    choose(byAction!, 'sign_in', 'change');
    await waitUntil(
      () => entries(el).length > 0 && entries(el).every((e) => e.textContent?.includes('Signed in')),
      'only sign-ins',
      { timeout: 15_000 },
    );
    choose(byAction!, '', 'change');
    choose(root(el).querySelector<HTMLInputElement>('input[type="search"]')!, order.order_no, 'input');
    await waitUntil(
      () => entries(el).length === 1 && text(el).includes(`Order ${order.order_no}`),
      'the order’s one entry',
      { timeout: 15_000 },
    );
  });

  it('tells a user who is not an administrator that the trail is not theirs to read', async () => {
    await signIn(await createTestUser());
    const el = place('en');
    await waitUntil(() => text(el).includes('Only an administrator'), 'refused', { timeout: 15_000 });
    expect(entries(el)).to.have.length(0);
  });
});

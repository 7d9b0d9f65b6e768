import { afterEach, describe, expect, it } from 'vitest';
import { loadUserInfo, login } from '../../src/stores/session.ts';
import { resetStores } from '../../src/stores/test-reset.ts';
import { waitUntil } from '../../src/ui/testing/commands.ts';
import { rawKeys } from '../../src/ui/testing/raw-keys.ts';
import { createTestOrder, createTestUser, type TestUser } from '../../src/ui/testing/server.ts';
import { call } from '../../src/api/transport.ts';
import { orderAudit } from '../../src/contract/orders/operations.ts';
import './audit-log.ts';

/** Signs in as the portal does: the session, then the user info (the list follows its customer). */
async function signIn(user: TestUser) {
  await login({ username: user.username, password: user.password, validate: '' });
  await loadUserInfo();
}

/** Runs against the real API (vitest.config.ts); each test makes its own users and orders. */
describe('<lp-audit-log>', () => {
  const placed: HTMLElement[] = [];
  const PAGE_ADDRESS = `${location.pathname}${location.search}`;
  afterEach(() => {
    // the log keeps its filters in the address: each test starts from the page's own
    history.replaceState(history.state, '', PAGE_ADDRESS);
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
  /** Sets an input's value as typing does (React reads it from the native setter). */
  const choose = (control: HTMLInputElement, value: string, event: 'input') => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(control, value);
    control.dispatchEvent(new Event(event, { bubbles: true }));
  };
  /** Opens the filter select labelled `label` and picks its option `option`. */
  async function pick(el: HTMLElement, label: string, option: string): Promise<void> {
    const labelled = Array.from(root(el).querySelectorAll('label')).find((l) => l.textContent === label);
    const input = root(el).getElementById(labelled?.htmlFor ?? '') as HTMLInputElement;
    input.click();
    const find = () =>
      Array.from(root(el).querySelectorAll<HTMLElement>('[role="option"]')).find(
        (o) => o.textContent === option,
      );
    await waitUntil(() => find(), `the option ${option}`);
    find()?.click();
  }

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
    await pick(el, 'Action', 'Signed in');
    await waitUntil(
      () => entries(el).length > 0 && entries(el).every((e) => e.textContent?.includes('Signed in')),
      'only sign-ins',
      { timeout: 15_000 },
    );
    expect(location.search, 'the filter is in the address').to.contain('action=sign_in');
    await pick(el, 'Action', 'All');
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

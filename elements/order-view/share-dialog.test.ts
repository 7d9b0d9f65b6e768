import { expect, waitUntil } from '@open-wc/testing';
import { call } from '../../src/api/transport.ts';
import { shareList } from '../../src/contract/tracking/operations.ts';
import { login } from '../../src/stores/session.ts';
import { resetStores } from '../../src/stores/test-reset.ts';
import { rawKeys } from '../../src/ui/testing/raw-keys.ts';
import { createTestOrder, createTestUser, type TestUser } from '../../src/ui/testing/server.ts';
import type { LpOrderView } from './order-view.ts';
import './order-view.ts';

const signIn = async (user: TestUser) =>
  login({ username: user.username, password: user.password, validate: '' });

/**
 * "Share tracking" of the order view, against the real API; each test makes its own user and order.
 * Copying and revoking are driven in tests/e2e/tracking.spec.ts against the build.
 */
describe('<lp-order-view> share tracking', () => {
  const placed: HTMLElement[] = [];
  afterEach(() => {
    for (const el of placed.splice(0)) el.remove();
    resetStores();
  });

  async function openOrder(locale = 'en') {
    const user = await createTestUser();
    const order = await createTestOrder({ cuId: user.customers[0]!.cu_id });
    await signIn(user);
    const el = document.createElement('lp-order-view') as LpOrderView;
    el.setAttribute('locale', locale);
    el.setAttribute('order-id', String(order.id));
    document.body.append(el);
    placed.push(el);
    const root = el.shadowRoot as ShadowRoot;
    await waitUntil(() => root.querySelector('h2')?.textContent === order.order_no, 'loaded', {
      timeout: 8000,
    });
    return { el, root, order, user };
  }
  const buttonIn = (scope: ParentNode, label: string) =>
    Array.from(scope.querySelectorAll<HTMLButtonElement>('button')).find(
      (b) => b.textContent?.trim() === label,
    );
  const dialogOf = (root: ShadowRoot) =>
    root.querySelector<HTMLDialogElement>('dialog.order-view__share[open]');

  it('makes a share for the chosen days and shows its code, absolute link and expiry once, and lists it masked', async () => {
    const { root, order } = await openOrder();
    buttonIn(root, 'Share Tracking')!.click();
    await waitUntil(
      () => dialogOf(root)?.textContent?.includes('Not shared yet'),
      'the dialog with no shares',
      {
        timeout: 8000,
      },
    );
    const dialog = dialogOf(root)!;
    expect(dialog.querySelector('input[name="days"]:checked')?.getAttribute('value')).to.equal('7');
    (dialog.querySelector('input[name="days"][value="30"]') as HTMLInputElement).click();
    (dialog.querySelector('button[type="submit"]') as HTMLButtonElement).click();
    await waitUntil(() => dialog.querySelector('[data-testid="share-code"]'), 'the share is made', {
      timeout: 8000,
    });

    const code = dialog.querySelector('[data-testid="share-code"]')!.textContent ?? '';
    expect(code).to.match(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
    const link = (dialog.querySelector('#order-view-share-link') as HTMLInputElement).value;
    const url = new URL(link);
    expect(url.origin).to.equal(location.origin);
    expect(url.pathname).to.equal('/track');
    expect(url.searchParams.get('share')).to.match(/^[\w-]+\.[\w-]+$/);
    expect(dialog.textContent).to.contain('Expires in 30 d');

    // the list has it: masked to its last 4, never used, active
    await waitUntil(() => dialog.querySelectorAll('tbody tr').length === 1, 'listed');
    const row = dialog.querySelector('tbody tr') as HTMLTableRowElement;
    expect(row.textContent).to.contain(`•••••-•${code.slice(-4)}`);
    expect(row.textContent).to.not.contain(code);
    expect(row.textContent).to.contain('Never');
    expect(row.textContent).to.contain('Active');

    const list = await call(shareList, { id: order.id });
    expect(list.list.map((s) => [s.code_tail, s.revoked_at])).to.deep.equal([[code.slice(-4), null]]);
    expect(JSON.stringify(list), 'the list never carries the code or link').to.not.contain(code.slice(0, 5));
    await expect(dialog).to.be.accessible();
  });

  it('speaks Chinese by default', async () => {
    const { root, el } = await openOrder('zh-CN');
    buttonIn(root, '分享跟踪')!.click();
    await waitUntil(() => dialogOf(root)?.textContent?.includes('尚未分享'), 'open', { timeout: 8000 });
    expect(dialogOf(root)!.textContent).to.contain('有效期');
    expect(rawKeys(el)).to.deep.equal([]);
  });
});

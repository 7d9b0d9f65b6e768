import { afterEach, describe, expect, it } from 'vitest';
import { sendKeys, waitUntil } from '../../src/ui/testing/commands.ts';
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
    await waitUntil(() => root.querySelector('h1')?.textContent === order.order_no, 'loaded', {
      timeout: 15_000,
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
        timeout: 15_000,
      },
    );
    const dialog = dialogOf(root)!;
    expect(dialog.querySelector('input[name="days"]:checked')?.getAttribute('value')).to.equal('7');
    (dialog.querySelector('input[name="days"][value="30"]') as HTMLInputElement).click();
    (dialog.querySelector('button[type="submit"]') as HTMLButtonElement).click();
    await waitUntil(() => dialog.querySelector('[data-testid="share-code"]'), 'the share is made', {
      timeout: 15_000,
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

  it('copies the link and the code (or selects them where the clipboard is refused), and revokes after a confirmation that Esc closes alone', async () => {
    const copied: string[] = [];
    let refuse = false;
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: {
        writeText: async (text: string) => {
          if (refuse) throw new DOMException('denied', 'NotAllowedError');
          copied.push(text);
        },
      },
    });
    try {
      const { root } = await openOrder();
      buttonIn(root, 'Share Tracking')!.click();
      await waitUntil(() => dialogOf(root)?.textContent?.includes('Not shared yet'), 'open', {
        timeout: 15_000,
      });
      const dialog = dialogOf(root)!;
      (dialog.querySelector('button[type="submit"]') as HTMLButtonElement).click();
      await waitUntil(() => dialog.querySelector('[data-testid="share-code"]'), 'made', { timeout: 15_000 });
      const code = dialog.querySelector('[data-testid="share-code"]')!.textContent ?? '';
      const linkField = dialog.querySelector('#order-view-share-link') as HTMLInputElement;

      buttonIn(dialog, 'Copy Link')!.click();
      await waitUntil(() => dialog.querySelector('[role="status"]')?.textContent === 'Copied', 'copied');
      buttonIn(dialog, 'Copy Code')!.click();
      await waitUntil(() => copied.length === 2, 'the code copied');
      expect(copied).to.deep.equal([linkField.value, code]);

      refuse = true;
      buttonIn(dialog, 'Copy Link')!.click();
      await waitUntil(
        () => dialog.querySelector('[role="status"]')?.textContent === 'Selected: press Ctrl+C to copy',
        'selected instead',
      );
      expect(root.activeElement, 'the link field has the focus').to.equal(linkField);
      expect([linkField.selectionStart, linkField.selectionEnd]).to.deep.equal([0, linkField.value.length]);

      const revokeButton = () =>
        dialog.querySelector<HTMLButtonElement>(`button[aria-label="Revoke share •••••-•${code.slice(-4)}"]`);
      const confirmation = () => root.querySelector<HTMLDialogElement>('dialog[role="alertdialog"][open]');
      // from the keyboard: a real key press is a user activation, without which the browser
      // treats two dialogs opened in a row as one for Esc (and closes both)
      revokeButton()!.focus();
      await sendKeys({ press: 'Enter' });
      await waitUntil(() => confirmation()?.textContent?.includes('Revoke This Share?'), 'asked');
      expect(confirmation()!.textContent).to.contain(`•••••-•${code.slice(-4)}`);
      await sendKeys({ press: 'Escape' });
      await waitUntil(() => !confirmation(), 'the confirmation closes');
      expect(dialogOf(root) === dialog, 'the share dialog stays open').to.equal(true);
      expect(dialog.querySelector('tbody tr')?.textContent).to.contain('Active');

      revokeButton()!.click();
      await waitUntil(() => confirmation(), 'asked again');
      buttonIn(confirmation()!, 'Revoke')!.click();
      await waitUntil(() => dialog.querySelector('tbody tr')?.textContent?.includes('Revoked'), 'revoked', {
        timeout: 15_000,
      });
      expect(dialog.querySelector('[data-testid="share-code"]'), 'the code is no longer shown').to.equal(
        null,
      );
      const opened = await fetch('/api/tracking/open.html', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ share_code: new URL(linkField.value).searchParams.get('share') }),
      }).then((r) => r.json() as Promise<{ code: number }>);
      expect(opened.code, 'the link no longer opens').to.equal(404);
    } finally {
      Reflect.deleteProperty(navigator, 'clipboard');
    }
  });

  it('speaks Chinese by default', async () => {
    const { root, el } = await openOrder('zh-CN');
    buttonIn(root, '分享跟踪')!.click();
    await waitUntil(() => dialogOf(root)?.textContent?.includes('尚未分享'), 'open', { timeout: 15_000 });
    expect(dialogOf(root)!.textContent).to.contain('有效期');
    expect(rawKeys(el)).to.deep.equal([]);
  });
});

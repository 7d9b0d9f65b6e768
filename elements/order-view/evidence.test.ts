import { afterEach, describe, expect, it } from 'vitest';
import { waitUntil } from '../../src/ui/testing/commands.ts';
import { login } from '../../src/stores/session.ts';
import { resetStores } from '../../src/stores/test-reset.ts';
import { createTestOrder, createTestUser } from '../../src/ui/testing/server.ts';
import type { LpOrderView } from './order-view.ts';
import './order-view.ts';

/** The evidence pack's downloads in the order view's header, against the real API. */
describe('<lp-order-view> evidence pack', () => {
  const placed: HTMLElement[] = [];
  const restore: Array<() => void> = [];
  afterEach(() => {
    for (const el of placed.splice(0)) el.remove();
    for (const undo of restore.splice(0)) undo();
    resetStores();
  });

  /** What the view saves: each download's blob and file name (no file reaches the disk). */
  function catchDownloads(): Array<{ name: string; blob: Blob }> {
    const saved: Array<{ name: string; blob: Blob }> = [];
    const blobs = new Map<string, Blob>();
    const { createObjectURL, revokeObjectURL } = URL;
    const click = HTMLAnchorElement.prototype.click;
    URL.createObjectURL = (blob: Blob | MediaSource) => {
      const url = `blob:test/${blobs.size}`;
      blobs.set(url, blob as Blob);
      return url;
    };
    URL.revokeObjectURL = () => undefined;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      const blob = blobs.get(this.href);
      if (blob) saved.push({ name: this.download, blob });
      else click.call(this);
    };
    restore.push(() => {
      URL.createObjectURL = createObjectURL;
      URL.revokeObjectURL = revokeObjectURL;
      HTMLAnchorElement.prototype.click = click;
    });
    return saved;
  }

  const button = (el: HTMLElement, label: string) =>
    Array.from((el.shadowRoot as ShadowRoot).querySelectorAll<HTMLButtonElement>('button')).find((b) =>
      b.textContent?.startsWith(label),
    );

  it('downloads the PDF and the JSON with the session, named after the order', async () => {
    const user = await createTestUser();
    const order = await createTestOrder({ cuId: user.customers[0]!.cu_id });
    await login({ username: user.username, password: user.password, validate: '' });
    const saved = catchDownloads();
    const el = document.createElement('lp-order-view') as LpOrderView;
    el.setAttribute('locale', 'en');
    el.setAttribute('order-id', String(order.id));
    document.body.append(el);
    placed.push(el);
    await waitUntil(() => Boolean(button(el, 'Evidence pack (PDF)')), 'the evidence buttons shown', {
      timeout: 15_000,
    });

    button(el, 'Evidence pack (PDF)')!.click();
    await waitUntil(() => saved.length === 1, 'the PDF saved', { timeout: 15_000 });
    expect(saved[0]!.name).to.equal(`Evidence pack ${order.order_no}.pdf`);
    expect(saved[0]!.blob.type).to.equal('application/pdf');
    const head = new Uint8Array(await saved[0]!.blob.slice(0, 5).arrayBuffer());
    expect(String.fromCharCode(...head)).to.equal('%PDF-');

    const json = button(el, 'JSON')!;
    expect(json.textContent).to.equal('JSON (evidence pack)');
    json.click();
    await waitUntil(() => saved.length === 2, 'the JSON saved', { timeout: 15_000 });
    expect(saved[1]!.name).to.equal(`Evidence pack ${order.order_no}.json`);
    const pack = JSON.parse(await saved[1]!.blob.text()) as { format: string; order: { order_no: string } };
    expect([pack.format, pack.order.order_no]).to.deep.equal(['lp-evidence-pack', order.order_no]);
  });
});

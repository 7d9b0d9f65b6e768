import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { executeServerCommand, sendKeys, waitUntil } from '../../src/ui/testing/commands.ts';
import { setApiBase } from '../../src/api/config.ts';
import type { AttachmentKind, AttachmentState } from '../../src/contract/orders/domain.ts';
import { login } from '../../src/stores/session.ts';
import { resetStores } from '../../src/stores/test-reset.ts';
import { $toasts } from '../../src/stores/notices.ts';
import { settle } from '../../src/ui/testing/mount.tsx';
import { createTestUser, type TestUser } from '../../src/ui/testing/server.ts';
import type { LpOrderAttachments } from './order-attachments.ts';
import './order-attachments.ts';

interface OrderSpec {
  required: AttachmentKind[];
  files?: { kind: AttachmentKind; status: AttachmentState; reason?: string; name: string }[];
  is_dtp?: 0 | 1 | 3;
}
interface MadeOrder {
  id: number;
  order_no: string;
  to_company: string;
}

/** Orders with projects and files on the real server (server/testing/attachment-fixtures.ts). */
const createOrders = (cu_id: number, orders: OrderSpec[]) =>
  executeServerCommand<MadeOrder[], { cu_id: number; orders: OrderSpec[] }>('lp-attachment-orders', {
    cu_id,
    orders,
  });

const PDF = '%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';

/** Runs against the real API (vitest.config.ts); each test makes its own user and orders. */
describe('<lp-order-attachments>', () => {
  /** The kind pickers of the files chosen together, waiting to be sent. */
  const staged = (row: HTMLElement) => [...row.querySelectorAll<HTMLSelectElement>('.oa__staged select')];
  /** Sends the files chosen together ("Upload 3 Files"). */
  const uploadStaged = (row: HTMLElement) =>
    [...row.querySelectorAll<HTMLButtonElement>('.oa__staged button')]
      .find((b) => /^Upload \d+ Files?$/.test(b.textContent ?? ''))!
      .click();
  const placed: HTMLElement[] = [];
  let user: TestUser;

  beforeEach(async () => {
    user = await createTestUser();
    await login({ username: user.username, password: user.password, validate: '' });
  });
  afterEach(() => {
    for (const el of placed.splice(0)) el.remove();
    setApiBase('');
    resetStores();
  });

  function place(locale = 'en'): LpOrderAttachments {
    const el = document.createElement('lp-order-attachments');
    el.setAttribute('locale', locale);
    document.body.append(el);
    placed.push(el);
    return el;
  }
  const root = (el: HTMLElement) => el.shadowRoot as ShadowRoot;
  const text = (el: HTMLElement) => root(el).textContent ?? '';
  const rows = (el: HTMLElement) => Array.from(root(el).querySelectorAll<HTMLElement>('.oa__row'));
  const tab = (el: HTMLElement, name: RegExp) =>
    Array.from(root(el).querySelectorAll<HTMLButtonElement>('[role="tab"]')).find((b) =>
      name.test(b.textContent ?? ''),
    )!;
  const loaded = (el: HTMLElement) =>
    waitUntil(() => root(el).querySelector('.oa')?.getAttribute('aria-busy') === 'false', 'the page loaded', {
      timeout: 15_000,
    });

  it('opens on the tab a link names (the home page’s documents counts)', async () => {
    const cu = user.customers[0]!.cu_id;
    await createOrders(cu, [
      { required: ['pod'] },
      {
        required: ['pod'],
        files: [{ kind: 'pod', status: 'rejected', reason: 'Blurred', name: 'pod-scan.pdf' }],
      },
    ]);
    const address = `${location.pathname}${location.search}`;
    history.replaceState(history.state, '', `${location.pathname}?state=rejected`);
    try {
      const el = place();
      await loaded(el);
      expect(tab(el, /Rejected/).getAttribute('aria-selected')).to.equal('true');
      expect(rows(el)).to.have.length(1);
      expect(text(el)).to.contain('Blurred');
    } finally {
      history.replaceState(history.state, '', address);
    }
  });

  it('shown again behind a link that names another state (the portal keeps it mounted), opens that tab with the counts of now', async () => {
    const cu = user.customers[0]!.cu_id;
    await createOrders(cu, [{ required: ['pod'] }]);
    const address = `${location.pathname}${location.search}`;
    try {
      const el = place();
      await loaded(el);
      expect(tab(el, /Missing/).getAttribute('aria-selected')).to.equal('true');
      expect(tab(el, /Rejected/).textContent).to.contain('0');

      // hidden behind another tab; meanwhile a file is rejected and the home page's link is followed
      el.style.display = 'none';
      // two frames: the element's ResizeObserver has seen it hidden (on a busy machine no frame
      // may come while the orders are made, and shown again it would never have been hidden)
      await settle();
      await createOrders(cu, [
        { required: ['pod'], files: [{ kind: 'pod', status: 'rejected', reason: 'Torn', name: 'pod.pdf' }] },
      ]);
      history.replaceState(history.state, '', `${location.pathname}?state=rejected`);
      el.style.display = '';
      await waitUntil(() => tab(el, /Rejected/).getAttribute('aria-selected') === 'true', 'the named tab', {
        timeout: 15_000,
      });
      await waitUntil(() => text(el).includes('Torn'), 'its rows', { timeout: 15_000 });
      expect(tab(el, /Rejected/).textContent).to.contain('1');

      // shown again with the same address: asked again, what changed meanwhile shows
      el.style.display = 'none';
      await settle();
      await createOrders(cu, [
        { required: ['pod'], files: [{ kind: 'pod', status: 'rejected', reason: 'Wet', name: 'pod-2.pdf' }] },
      ]);
      el.style.display = '';
      await waitUntil(() => text(el).includes('Wet'), 'the rows of now', { timeout: 15_000 });
      expect(tab(el, /Rejected/).textContent).to.contain('2');
    } finally {
      history.replaceState(history.state, '', address);
    }
  });

  it('lands on the missing documents with counts per state, rows masked, a rejection’s reason shown', async () => {
    const cu = user.customers[0]!.cu_id;
    const [missing, dtp] = await createOrders(cu, [
      { required: ['packing_list', 'pod'] },
      { required: ['pod'], is_dtp: 1 },
      {
        required: ['pod'],
        files: [{ kind: 'pod', status: 'rejected', reason: 'Signature unreadable', name: 'pod-scan.pdf' }],
      },
      { required: ['pod'], files: [{ kind: 'pod', status: 'pending', name: 'pod.pdf' }] },
    ]);
    const el = place();
    await loaded(el);
    expect(tab(el, /Missing/).getAttribute('aria-selected')).to.equal('true');
    expect(tab(el, /Missing/).textContent).to.contain('2');
    expect(tab(el, /Rejected/).textContent).to.contain('1');
    expect(tab(el, /Pending/).textContent).to.contain('1');
    expect(text(el)).to.contain(missing!.order_no);
    expect(text(el)).to.contain('Packing list');
    expect(text(el), 'the patient’s side is masked').not.to.contain(dtp!.to_company);
    expect(text(el)).to.contain('******');
    await expect(el).to.be.accessible();

    tab(el, /Rejected/).focus();
    tab(el, /Rejected/).click();
    await waitUntil(() => text(el).includes('Signature unreadable'), 'the rejected tab shows the reason');
    expect(rows(el)).to.have.length(1);
    expect(text(el)).to.contain('Rejected: Signature unreadable');
    await expect(el).to.be.accessible();
  });

  it('uploads several files at once with per-file progress; an oversize or disguised file is refused with its reason', async () => {
    const cu = user.customers[0]!.cu_id;
    const [order] = await createOrders(cu, [{ required: ['packing_list'] }]);
    const el = place();
    await loaded(el);
    const row = rows(el)[0]!;
    expect(row.textContent).to.contain(order!.order_no);
    const select = row.querySelector<HTMLSelectElement>('select')!;
    expect(select.value, 'the missing kind is suggested').to.equal('packing_list');
    const input = row.querySelector<HTMLInputElement>('input[type="file"]')!;
    const files = new DataTransfer();
    files.items.add(new File([PDF], 'packing list.pdf', { type: 'application/pdf' }));
    files.items.add(new File([new Uint8Array(21 * 1024 * 1024)], 'huge.pdf', { type: 'application/pdf' }));
    files.items.add(new File(['MZ\x90\x00 fake program'], 'invoice.pdf', { type: 'application/pdf' }));
    input.files = files.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));

    // several files: listed first, each with its kind to check (the name says it, else the one chosen)
    await waitUntil(() => staged(row).length === 3, 'the three files wait for their kinds');
    expect(staged(row).map((f) => f.value)).to.deep.equal(['packing_list', 'packing_list', 'packing_list']);
    uploadStaged(row);
    const queue = () => Array.from(row.querySelectorAll<HTMLElement>('.oa__queued'));
    await waitUntil(() => queue().length === 3, 'each file has its line');
    // the file refused at once (too large) shows why, not a progress bar
    expect(row.querySelectorAll('progress')).to.have.length(2);
    await waitUntil(
      () => !queue().some((q) => q.classList.contains('oa__queued--uploading')) || !row.isConnected,
      'every upload ended',
      { timeout: 15000 },
    );
    // the list reloads: the order now waits for review (pending tab count 1, missing 0)
    await waitUntil(() => /Pending\s*1/.test(tab(el, /Pending/).textContent ?? ''), 'counts follow', {
      timeout: 15_000,
    });
    expect(tab(el, /Missing/).textContent).to.match(/0/);
  });

  it('files several files each as the kind its name says, which the user may change', async () => {
    const cu = user.customers[0]!.cu_id;
    await createOrders(cu, [{ required: ['packing_list', 'temperature_report'] }]);
    const el = place();
    await loaded(el);
    const row = rows(el)[0]!;
    const input = row.querySelector<HTMLInputElement>('input[type="file"]')!;
    const files = new DataTransfer();
    files.items.add(new File([PDF], '温度报告-0312.pdf', { type: 'application/pdf' }));
    files.items.add(new File([PDF], 'IMG_2041.pdf', { type: 'application/pdf' }));
    input.files = files.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
    await waitUntil(() => staged(row).length === 2, 'the files wait for their kinds');
    expect(staged(row).map((f) => f.value)).to.deep.equal(['temperature_report', 'packing_list']);
    expect(row.querySelector('.oa__queued'), 'nothing is sent before the user says so').to.equal(null);
    const second = staged(row)[1]!;
    second.value = 'other';
    second.dispatchEvent(new Event('change', { bubbles: true }));
    await waitUntil(() => staged(row)[1]?.value === 'other', 'the kind changed');
    uploadStaged(row);
    await waitUntil(
      () => {
        const text = rows(el)[0]?.querySelector('.oa__files')?.textContent ?? '';
        return text.includes('IMG_2041.pdf') && text.includes('温度报告-0312.pdf');
      },
      'both files are listed',
      { timeout: 10000 },
    );
    const listed = [...rows(el)[0]!.querySelectorAll('.oa__file')].map((f) => f.textContent ?? '');
    expect(listed.find((f) => f.includes('温度报告-0312.pdf'))).to.contain('Temperature report');
    expect(listed.find((f) => f.includes('IMG_2041.pdf'))).to.contain('Other');
  });

  it('sends the signed print-out, picked with the keyboard, as kind print_scan', async () => {
    const cu = user.customers[0]!.cu_id;
    const [order] = await createOrders(cu, [{ required: ['pod', 'print_scan'] }]);
    const el = place();
    await loaded(el);
    const row = rows(el)[0]!;
    const select = row.querySelector<HTMLSelectElement>('select')!;
    expect(select.value).to.equal('pod');
    select.focus();
    await sendKeys({ press: 'ArrowDown' }); // the kinds in order: … pod, customs, print_scan …
    await sendKeys({ press: 'ArrowDown' });
    await waitUntil(() => select.value === 'print_scan', 'the picker moved by keyboard');
    const input = row.querySelector<HTMLInputElement>('input[type="file"]')!;
    const files = new DataTransfer();
    files.items.add(new File([PDF], 'signed.pdf', { type: 'application/pdf' }));
    input.files = files.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
    // the order still misses its POD: it stays, now with the print-out pending
    await waitUntil(
      () => rows(el)[0]?.querySelector('.oa__files')?.textContent?.includes('signed.pdf'),
      'the row shows the new file',
      { timeout: 10000 },
    );
    const files2 = rows(el)[0]!.querySelector('.oa__files')!.textContent ?? '';
    expect(files2).to.contain('Signed print-out');
    expect(rows(el)[0]!.textContent).to.contain(order!.order_no);
    // one state per order (docs/decisions/document-states.md): still missing its POD, it is not
    // counted under pending for the print-out
    expect(tab(el, /Missing/).textContent).to.match(/1/);
    expect(tab(el, /Pending/).textContent).to.match(/0/);
  });

  it('shows the failures of a batch beside their files while the page stays on the order', async () => {
    const cu = user.customers[0]!.cu_id;
    await createOrders(cu, [{ required: ['packing_list', 'pod'] }]);
    const el = place();
    await loaded(el);
    const row = rows(el)[0]!;
    const input = row.querySelector<HTMLInputElement>('input[type="file"]')!;
    const files = new DataTransfer();
    files.items.add(new File([new Uint8Array(21 * 1024 * 1024)], 'huge.pdf'));
    files.items.add(new File(['MZ\x90\x00 fake program'], 'invoice.pdf'));
    input.files = files.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
    await waitUntil(() => staged(row).length === 2, 'the files wait for their kinds');
    uploadStaged(row);
    const failed = () => row.querySelectorAll('.oa__queued--failed');
    await waitUntil(() => failed().length === 2, 'both are refused', { timeout: 10000 });
    expect(row.querySelectorAll('.oa__queued--failed progress'), 'no bar for a failed file').to.have.length(
      0,
    );
    expect(row.textContent).to.contain('Larger than 20 MB');
    expect(row.textContent).to.match(
      /Upload failed: This file is not one of PDF, JPEG, PNG, XLSX, DOCX, CSV/,
    );
    await expect(el).to.be.accessible();
  });

  it('downloads a file through a signed link and deletes a pending one after confirming with the keyboard', async () => {
    const cu = user.customers[0]!.cu_id;
    await createOrders(cu, [
      {
        required: ['pod', 'packing_list'],
        files: [{ kind: 'pod', status: 'pending', name: 'pod-签收单.pdf' }],
      },
    ]);
    const el = place();
    await loaded(el);
    const clicked: string[] = [];
    const original = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      clicked.push(this.href);
    };
    try {
      root(el).querySelector<HTMLButtonElement>('button[aria-label^="Download pod-签收单.pdf"]')!.click();
      await waitUntil(() => clicked.length === 1, 'the signed link is followed');
    } finally {
      HTMLAnchorElement.prototype.click = original;
    }
    const res = await fetch(clicked[0]!);
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-disposition')).to.contain("filename*=UTF-8''pod-");
    expect(res.headers.get('x-content-type-options')).to.equal('nosniff');
    expect(await res.text()).to.contain('%PDF');

    const remove = root(el).querySelector<HTMLButtonElement>('button[aria-label="Delete pod-签收单.pdf"]')!;
    remove.focus();
    remove.click();
    await waitUntil(() => root(el).querySelector('dialog[open] textarea'), 'the dialog asks why');
    const submit = root(el).querySelector<HTMLButtonElement>('dialog[open] button[type="submit"]')!;
    submit.click();
    await waitUntil(() => text(el).includes('Please give the reason for deleting'), 'a reason is required');
    expect(text(el), 'nothing deleted without a reason').to.contain('pod-签收单.pdf');
    // the reason field has the focus: typing goes there
    await sendKeys({ type: '传错了文件' });
    submit.click();
    await waitUntil(() => !text(el).includes('pod-签收单.pdf'), 'the file is gone from the page', {
      timeout: 15_000,
    });
    expect($toasts.get().map((t) => t.message)).to.include('Deleted “pod-签收单.pdf”');
  });

  it('fits 320 px without sideways scrolling, in both languages', async () => {
    const cu = user.customers[0]!.cu_id;
    await createOrders(cu, [
      {
        required: ['packing_list', 'temperature_report', 'customs'],
        files: [
          {
            kind: 'customs',
            status: 'rejected',
            reason: '报关单缺少签章，请补盖公章后重新上传',
            name: `${'长文件名'.repeat(12)}.pdf`,
          },
        ],
      },
    ]);
    for (const locale of ['en', 'zh-CN']) {
      const el = place(locale);
      el.style.cssText = 'display:block;width:320px';
      await loaded(el);
      const page = root(el).querySelector<HTMLElement>('.oa')!;
      expect(page.scrollWidth, locale).to.be.at.most(320);
      for (const row of rows(el)) expect(row.scrollWidth, locale).to.be.at.most(row.clientWidth + 2);
      el.remove();
    }
  });

  it('says what to do when nothing needs attention, in Chinese by default', async () => {
    const el = place('zh-CN');
    await loaded(el);
    expect(text(el)).to.contain('订单附件');
    expect(text(el)).to.contain('没有缺少单据的订单。');
    expect(text(el)).to.contain('新订单需要单据时会出现在这里。');
    await expect(el).to.be.accessible();
  });

  it('says the page could not load and retries on request', async () => {
    setApiBase('/api-unavailable');
    const el = place();
    await waitUntil(() => root(el).querySelector('[role="alert"]'), 'the failure is shown', {
      timeout: 10000,
    });
    expect(text(el)).to.contain('Check your connection and try again');
    setApiBase('');
    root(el).querySelector<HTMLButtonElement>('.lp-state--error button')!.click();
    await waitUntil(() => text(el).includes('No order is missing documents.'), 'the retry loads the page', {
      timeout: 10000,
    });
  });
});

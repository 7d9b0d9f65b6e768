import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sendKeys, waitUntil } from '../../src/ui/testing/commands.ts';
import { setApiFetch } from '../../src/api/config.ts';
import { call } from '../../src/api/transport.ts';
import { draftList, saveDraft } from '../../src/contract/order-editor/operations.ts';
import type { OrderDraftData } from '../../src/contract/order-editor/schemas.ts';
import { type KeptOrderForm, newFormKey, ORDER_DRAFT_KIND } from '../../src/lib/order-drafts.ts';
import { $draftCount, setDraftCount } from '../../src/stores/draft-count.ts';
import { listDrafts, openSessionDraft, sessionOwner } from '../../src/stores/drafts/index.ts';
import { setNavigation } from '../../src/stores/navigation.ts';
import { loadUserInfo, login } from '../../src/stores/session.ts';
import { resetStores } from '../../src/stores/test-reset.ts';
import { createEditorSetup, type EditorSetup } from '../../src/ui/testing/editor-server.ts';
import { rawKeys } from '../../src/ui/testing/raw-keys.ts';
import type { LpOrderDrafts } from './order-drafts.ts';
import './order-drafts.ts';

const PAGE_ADDRESS = `${location.pathname}${location.search}`;

/** Runs against the real API (vitest.config.ts); each test makes its own user and drafts. */
describe('<lp-order-drafts>', () => {
  const placed: HTMLElement[] = [];
  let visited: string[] = [];
  let restoreNavigation: () => void = () => undefined;
  let setup: EditorSetup;

  beforeEach(async () => {
    resetStores();
    setDraftCount(null);
    setup = await createEditorSetup();
    await login({ username: setup.user.username, password: setup.user.password, validate: '' });
    await loadUserInfo();
    visited = [];
    restoreNavigation = setNavigation({ navigate: (path) => visited.push(path) });
  });
  afterEach(() => {
    // the list keeps its search and page in the address: each test starts from the page's own
    history.replaceState(history.state, '', PAGE_ADDRESS);
    setApiFetch(null);
    for (const el of placed.splice(0)) el.remove();
    restoreNavigation();
    resetStores();
  });

  function place(attributes: Record<string, string> = {}): LpOrderDrafts {
    const el = document.createElement('lp-order-drafts');
    for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
    document.body.append(el);
    placed.push(el);
    return el;
  }
  const root = (el: HTMLElement) => el.shadowRoot as ShadowRoot;
  const rows = (el: HTMLElement) =>
    Array.from(
      root(el).querySelectorAll<HTMLElement>('tbody tr.lp-data-table__row:not(.lp-data-table__skeleton)'),
    );
  const text = (el: HTMLElement) => root(el).textContent ?? '';

  /** A draft in the draft box, as the editor saves it. */
  const saved = (data: OrderDraftData, key = newFormKey()) =>
    call(saveDraft, { mode: 'new', idempotency_key: key, data });
  const form = (to_company: string, from_company = 'Lab Shanghai'): OrderDraftData => ({
    pr_id: setup.project.pr_id,
    order_type: 'supply',
    from_company,
    to_company,
  });
  /** A form kept in this browser, as the editor's persistence keeps it. */
  async function keepHere(formKey: string, kept: Partial<KeptOrderForm>): Promise<void> {
    const handle = openSessionDraft<KeptOrderForm>(ORDER_DRAFT_KIND, formKey, { debounceMs: 0 });
    await handle.ready;
    handle.update({
      form: {},
      idempotencyKey: formKey,
      mode: 'new',
      orderId: null,
      orderNo: null,
      orderVersion: null,
      draftId: null,
      draftVersion: null,
      serverSavedAt: null,
      synced: false,
      ...kept,
    });
    await handle.close();
  }

  it('says the draft box is empty, in Chinese and in English, offers a new order, and is accessible', async () => {
    for (const locale of ['zh-CN', 'en'] as const) {
      const el = place({ locale });
      await waitUntil(() => root(el).querySelector('.lp-state--empty'), `${locale} empty state`, {
        timeout: 15_000,
      });
      expect(text(el)).to.contain(locale === 'en' ? 'The draft box is empty' : '草稿箱是空的');
      expect(rawKeys(el), locale).to.deep.equal([]);
      await expect(el).to.be.accessible();
      const create = Array.from(root(el).querySelectorAll('button')).find((b) =>
        /New Order|新增订单/.test(b.textContent ?? ''),
      );
      create?.click();
      expect(visited.at(-1)).to.equal('/customer-order/create');
      el.remove();
    }
    expect($draftCount.get()).to.equal(0);
  });

  it('lists the drafts last saved first with their project, parties and saved time, pages them, and opens one in the editor', async () => {
    const first = await saved(form('Ruijin Hospital'));
    for (let i = 0; i < 10; i += 1) await saved(form(`Site ${i}`));
    const last = await saved(form('Huashan Hospital', 'Depot Beijing'));
    const el = place({ locale: 'en' });
    await waitUntil(() => rows(el).length === 10, 'the first page', { timeout: 15_000 });
    const top = rows(el)[0] as HTMLElement;
    expect(top.textContent).to.contain(setup.project.name).and.contain('Depot Beijing → Huashan Hospital');
    expect(top.textContent).to.contain('Drug Supply').and.contain('just now');
    expect(root(el).querySelector('.lp-pagination__total')?.textContent).to.contain('12');
    expect($draftCount.get()).to.equal(12);
    await expect(el).to.be.accessible();

    root(el).querySelector<HTMLButtonElement>('button[aria-label="Page 2"]')?.click();
    await waitUntil(() => rows(el).length === 2, 'the second page', { timeout: 15_000 });
    expect(rows(el)[1]?.textContent).to.contain('Ruijin Hospital');

    const opened: Array<{ id: number | null; path: string }> = [];
    el.addEventListener('lp-draft-open', (event) => opened.push(event.detail));
    const link = rows(el)[1]?.querySelector<HTMLAnchorElement>('a.draft-link');
    expect(link?.getAttribute('href')).to.equal(`/customer-order/create?draft-id=${first.id}`);
    link?.focus();
    await sendKeys({ press: 'Enter' });
    expect(visited).to.deep.equal([`/customer-order/create?draft-id=${first.id}`]);
    expect(opened).to.deep.equal([{ id: first.id, path: `/customer-order/create?draft-id=${first.id}` }]);
    expect(last.id).to.be.greaterThan(first.id);
  });

  it('finds drafts by keyword', async () => {
    await saved(form('Ruijin Hospital'));
    await saved(form('Huashan Hospital'));
    const el = place({ locale: 'en' });
    await waitUntil(() => rows(el).length === 2, 'both drafts', { timeout: 15_000 });
    const search = root(el).querySelector<HTMLInputElement>('input[type="search"]') as HTMLInputElement;
    search.focus();
    await sendKeys({ type: 'Ruijin' });
    await waitUntil(() => rows(el).length === 1, 'one draft matches', { timeout: 15_000 });
    expect(rows(el)[0]?.textContent).to.contain('Ruijin Hospital');
    await sendKeys({ type: 'xyz' });
    await waitUntil(() => text(el).includes('No drafts match'), 'none matches', { timeout: 15_000 });
    expect($draftCount.get(), 'a search leaves the badge alone').to.equal(2);
  });

  it('deletes several drafts at once after a confirmation, with their copies in this browser', async () => {
    const keyA = newFormKey();
    const a = await saved(form('Ruijin Hospital'), keyA);
    const b = await saved(form('Huashan Hospital'));
    const keep = await saved(form('Renji Hospital'));
    await keepHere(keyA, {
      draftId: a.id,
      draftVersion: a.version,
      synced: true,
      form: form('Ruijin Hospital'),
    });
    const el = place({ locale: 'en' });
    await waitUntil(() => rows(el).length === 3, 'three drafts', { timeout: 15_000 });
    const deleted: number[][] = [];
    el.addEventListener('lp-drafts-delete', (event) => deleted.push(event.detail.ids));

    for (const row of rows(el))
      if (/Ruijin|Huashan/.test(row.textContent ?? ''))
        row.querySelector<HTMLInputElement>('input[type="checkbox"]')?.click();
    const remove = Array.from(root(el).querySelectorAll('button')).find(
      (x) => x.textContent === 'Delete Selected (2)',
    );
    expect(remove, 'the delete button counts the selection').to.not.equal(undefined);
    remove?.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => root(el).querySelector('[role="alertdialog"]'), 'a confirmation is asked');
    expect(root(el).querySelector('[role="alertdialog"]')?.textContent).to.contain(
      'Delete the selected drafts (2)?',
    );
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => rows(el).length === 1, 'one draft left', { timeout: 15_000 });
    expect(rows(el)[0]?.textContent).to.contain('Renji Hospital');
    expect(text(el)).to.contain('Drafts deleted: 2');
    expect(deleted.map((ids) => [...ids].sort())).to.deep.equal([[a.id, b.id].sort()]);
    const left = await call(draftList, {});
    expect(left.list.map((row) => row.id)).to.deep.equal([keep.id]);
    const owner = sessionOwner();
    if (!owner) throw new Error('signed in');
    expect((await listDrafts(owner, { kind: ORDER_DRAFT_KIND })).map((d) => d.id)).to.not.include(keyA);
    expect($draftCount.get()).to.equal(1);
  });

  it('puts forms kept only in this browser into the draft box when it opens', async () => {
    const keyOnly = newFormKey();
    await keepHere(keyOnly, { form: form('Typed Offline Hospital', 'Lab Offline') });
    const el = place({ locale: 'en' });
    // the end state: the form is the draft box's row and no longer listed as this browser's only
    // (the list can show the saved row a render before the local list drops it: a clean clone
    // caught that frame once)
    await waitUntil(
      () => rows(el).length === 1 && root(el).querySelector('.order-drafts__local') === null,
      'the form in the draft box, and not kept here only',
      { timeout: 15_000 },
    );
    expect(rows(el)[0]?.textContent).to.contain('Lab Offline → Typed Offline Hospital');
    const [row] = (await call(draftList, {})).list;
    const owner = sessionOwner();
    if (!owner) throw new Error('signed in');
    const [kept] = await listDrafts<KeptOrderForm>(owner, { kind: ORDER_DRAFT_KIND });
    expect(kept?.data).to.include({ draftId: row?.id, synced: true, idempotencyKey: keyOnly });
    expect(rows(el)[0]?.querySelector('a.draft-link')?.getAttribute('href')).to.equal(
      `/customer-order/create?draft-id=${row?.id}&form-key=${keyOnly}`,
    );
  });

  it('lists forms kept only in this browser while the draft box cannot take them, and marks drafts this browser holds newer changes of', async () => {
    const keyNewer = newFormKey();
    const onServer = await saved(form('Ruijin Hospital'), keyNewer);
    await keepHere(keyNewer, {
      draftId: onServer.id,
      draftVersion: onServer.version,
      synced: false,
      form: form('Ruijin Hospital — changed offline'),
    });
    const keyOnly = newFormKey();
    await keepHere(keyOnly, { form: form('Typed Offline Hospital', 'Lab Offline') });
    // the draft box's saves find no network; its list still comes
    setApiFetch((input, init) =>
      String(input instanceof Request ? input.url : input).includes('save-draft-box')
        ? Promise.reject(new TypeError('Failed to fetch'))
        : fetch(input, init),
    );
    const el = place({ locale: 'en' });
    await waitUntil(
      () => rows(el).length === 1 && root(el).querySelector('.order-drafts__local'),
      'both lists',
      {
        timeout: 15_000,
      },
    );
    const local = root(el).querySelector('.order-drafts__local') as HTMLElement;
    expect(local.textContent)
      .to.contain('Kept in This Browser Only')
      .and.contain('Lab Offline → Typed Offline Hospital');
    expect(local.querySelector('a')?.getAttribute('href')).to.equal(
      `/customer-order/create?form-key=${keyOnly}`,
    );
    const row = rows(el)[0] as HTMLElement;
    expect(row.textContent).to.contain('Newer changes in this browser');
    expect(row.querySelector('a.draft-link')?.getAttribute('href')).to.equal(
      `/customer-order/create?draft-id=${onServer.id}&form-key=${keyNewer}`,
    );
    await expect(el).to.be.accessible();
    expect(rawKeys(el)).to.deep.equal([]);
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ReadableAtom } from 'nanostores';
import { setApiFetch } from '../../api/config.ts';
import { call } from '../../api/transport.ts';
import { draftList, editorStart, saveDraft } from '../../contract/order-editor/operations.ts';
import type { EditorStart, OrderDraftData } from '../../contract/order-editor/schemas.ts';
import { listDrafts, sessionOwner } from '../../stores/drafts/index.ts';
import { manualClock } from '../../stores/drafts/manual-clock.ts';
import { loadUserInfo, login } from '../../stores/session.ts';
import { resetStores } from '../../stores/test-reset.ts';
import { createEditorSetup, type EditorSetup } from '../../ui/testing/editor-server.ts';
import {
  type EditorPersistence,
  newFormKey,
  ORDER_DRAFT_KIND,
  openEditorPersistence,
  type PersistenceOptions,
  type PersistenceState,
} from './persistence.ts';

/** Resolves when the store's value passes `test` (fails after 5 s, so a broken case cannot hang). */
function until<T>(store: ReadableAtom<T>, test: (value: T) => boolean, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    let off: (() => void) | null = null;
    let done = false;
    const timer = setTimeout(() => {
      off?.();
      reject(new Error(`timed out waiting for ${what}: ${JSON.stringify(store.get())}`));
    }, 5000);
    off = store.subscribe((value) => {
      if (done || !test(value)) return;
      done = true;
      clearTimeout(timer);
      queueMicrotask(() => off?.());
      resolve(value);
    });
    if (done) off();
  });
}

/** No debounce: each change goes to the browser and the server at once (the waits are on state, not time). */
const fast: Omit<PersistenceOptions, 'formKey'> = {
  serverDebounceMs: 0,
  retryMs: [60_000],
  local: { debounceMs: 0 },
};

/** A network that is down: every call fails as fetch does offline. */
const offline = () => setApiFetch(() => Promise.reject(new TypeError('Failed to fetch')));

const synced = (s: PersistenceState) => s.draftId !== null && !s.unsynced && !s.syncing;

describe('order editor persistence', () => {
  const open: EditorPersistence[] = [];
  let setup: EditorSetup;

  const start = (query: Parameters<typeof call<typeof editorStart>>[1] = {}): Promise<EditorStart> =>
    call(editorStart, query);
  const persist = (begin: EditorStart, formKey: string, options = fast): EditorPersistence => {
    const p = openEditorPersistence(begin, { ...options, formKey });
    open.push(p);
    return p;
  };
  const serverDrafts = () => call(draftList, { start: 0, limit: 100 });
  const partial = (to_company: string, remark = ''): OrderDraftData => ({
    pr_id: setup.project.pr_id,
    to_company,
    remark,
  });

  beforeEach(async () => {
    resetStores();
    setup = await createEditorSetup();
    await login({ username: setup.user.username, password: setup.user.password, validate: '' });
    await loadUserInfo();
  });
  afterEach(async () => {
    setApiFetch(null);
    await Promise.all(open.splice(0).map((p) => p.close().catch(() => undefined)));
    resetStores();
  });

  it('keeps a new form in the browser and the draft box; a reload brings it back with its key and draft', async () => {
    const key = newFormKey();
    const first = persist(await start(), key);
    const shown = await first.ready;
    expect(shown.restored).to.equal(false);
    expect(shown.idempotencyKey).to.equal(key);
    expect(await serverDrafts()).to.deep.include({ total: 0 });

    first.update(partial('Ruijin Hospital', 'keep cold'));
    const saved = await until(first.$state, synced, 'the draft box to have it');
    const list = await serverDrafts();
    expect(list.total).to.equal(1);
    expect(list.list[0]).to.include({ id: saved.draftId, to_company: 'Ruijin Hospital', mode: 'new' });
    expect(list.list[0]?.project_name).to.equal(setup.project.name);

    // the tab reloads: the address still has the form key, the server's start is an empty form
    await first.close();
    const again = persist(await start(), key);
    const back = await again.ready;
    expect(back).to.deep.equal({
      form: partial('Ruijin Hospital', 'keep cold'),
      idempotencyKey: key,
      draftId: saved.draftId,
      restored: true,
    });
    // typing on saves into the same draft, not a second one
    again.update(partial('Ruijin Hospital', 'keep cold, fragile'));
    await until(again.$state, (s) => synced(s) && s.serverSavedAt !== saved.serverSavedAt, 'the next save');
    const after = await serverDrafts();
    expect(after.total).to.equal(1);
    expect(after.list[0]?.version).to.equal(2);
  });

  it('offline: keeps typing in the browser, survives a reload, and saves to the draft box once back online', async () => {
    const key = newFormKey();
    const begin = await start();
    offline();
    const first = persist(begin, key);
    await first.ready;
    first.update(partial('Huashan Hospital'));
    const down = await until(first.$state, (s) => !s.online, 'the save to find no network');
    expect(down.unsynced).to.equal(true);
    expect(down.draftId).to.equal(null);
    await until(first.$state, (s) => s.localSavedAt !== null, 'the browser to keep it');

    // reload while still offline: the browser's copy comes back
    await first.close();
    const again = persist(begin, key);
    expect((await again.ready).form).to.deep.equal(partial('Huashan Hospital'));
    await until(again.$state, (s) => !s.online, 'the reloaded tab to try and fail too');
    again.update(partial('Huashan Hospital', 'typed offline after the reload'));

    setApiFetch(null);
    globalThis.dispatchEvent(new Event('online'));
    const up = await until(again.$state, (s) => s.online && synced(s), 'the save once back online');
    const list = await serverDrafts();
    expect(list.total).to.equal(1);
    expect(list.list[0]).to.include({ id: up.draftId, to_company: 'Huashan Hospital' });
    const owner = sessionOwner();
    if (!owner) throw new Error('signed in');
    const kept = await listDrafts(owner, { kind: ORDER_DRAFT_KIND });
    expect(kept.map((d) => d.id)).to.include(key);
  });

  it('two tabs on one form: the second is told and follows, then takes over', async () => {
    const key = newFormKey();
    const begin = await start();
    const tabA = persist(begin, key);
    await tabA.ready;
    const tabB = persist(begin, key);
    await tabB.ready;
    expect(tabA.$state.get()).to.include({ mode: 'writer', elsewhere: false });
    expect(tabB.$state.get()).to.include({ mode: 'reader', elsewhere: true });

    tabA.update(partial('Zhongshan Hospital'));
    await until(tabB.$form, (f) => f.to_company === 'Zhongshan Hospital', 'the reader to follow the writer');
    tabB.update(partial('ignored: B only reads'));
    expect(tabB.$form.get().to_company).to.equal('Zhongshan Hospital');

    await tabB.takeOver();
    expect(tabB.$state.get()).to.include({ mode: 'writer', elsewhere: false });
    await until(tabA.$state, (s) => s.mode === 'reader' && s.elsewhere, 'the first tab to become the reader');
    tabB.update(partial('Zhongshan Hospital', 'from B'));
    await until(tabA.$form, (f) => f.remark === 'from B', 'the first tab to follow the second');
    await until(tabB.$state, synced, 'the second tab to save to the draft box');
    expect((await serverDrafts()).total).to.equal(1);
  });

  it('a draft changed on another device meanwhile: both are kept and the user is told', async () => {
    const key = newFormKey();
    const here = persist(await start(), key);
    await here.ready;
    here.update(partial('Renji Hospital'));
    const saved = await until(here.$state, synced, 'the first save');
    const draftId = saved.draftId as number;

    // another device opens the same draft and saves it first
    const there = await start({ draft_id: draftId });
    await call(saveDraft, {
      id: draftId,
      version: there.draft?.version ?? 0,
      mode: 'new',
      idempotency_key: there.draft?.idempotency_key ?? '',
      data: { ...there.form, remark: 'from the other device' },
    });

    here.update(partial('Renji Hospital', 'from this tab'));
    const told = await until(
      here.$state,
      (s) => s.conflict !== null && synced(s),
      'the conflict to be resolved',
    );
    expect(told.conflict?.draftId).to.equal(draftId);
    expect(told.draftId).to.not.equal(draftId);
    expect(told.idempotencyKey).to.not.equal(key);
    const list = await serverDrafts();
    expect(list.total).to.equal(2);
    const remarks = await Promise.all(
      list.list.map(async (row) => (await start({ draft_id: row.id })).form.remark),
    );
    expect(remarks.sort()).to.deep.equal(['from the other device', 'from this tab']);
  });

  it('opened from the draft box with newer changes in this browser: the browser’s copy is shown', async () => {
    const key = newFormKey();
    const first = persist(await start(), key);
    await first.ready;
    first.update(partial('Xinhua Hospital'));
    const saved = await until(first.$state, synced, 'the first save');
    offline();
    first.update(partial('Xinhua Hospital', 'only in this browser'));
    await until(first.$state, (s) => !s.online && s.localSavedAt !== null, 'the offline change to be kept');
    await first.close();
    setApiFetch(null);

    const fromBox = await start({ draft_id: saved.draftId as number });
    expect(fromBox.form.remark ?? '').to.equal('');
    const again = persist(fromBox, key);
    const shown = await again.ready;
    expect(shown).to.include({ restored: true, draftId: saved.draftId, idempotencyKey: key });
    expect(shown.form.remark).to.equal('only in this browser');
    await until(again.$state, synced, 'the browser’s change to reach the draft box');
    expect((await start({ draft_id: saved.draftId as number })).form.remark).to.equal('only in this browser');
  });

  it('saves to the draft box once per pause in typing, and at least every 15 s while typing goes on', async () => {
    let saves = 0;
    setApiFetch((input, init) => {
      if (String(input instanceof Request ? input.url : input).includes('save-draft-box')) saves += 1;
      return fetch(input, init);
    });
    const clock = manualClock();
    const p = persist(await start(), newFormKey(), { clock });
    await p.ready;
    for (let i = 1; i <= 10; i += 1) {
      p.update(partial('Ruijin Hospital', 'x'.repeat(i)));
      clock.advance(500);
    }
    expect(saves, 'none while typing goes on').to.equal(0);
    clock.advance(2000);
    await until(p.$state, synced, 'one save after the pause');
    expect(saves).to.equal(1);

    // typing without a pause: the 15 s at most between saves
    const first = p.$state.get().serverSavedAt;
    for (let i = 1; i <= 31; i += 1) {
      p.update(partial('Ruijin Hospital', 'y'.repeat(i)));
      clock.advance(500); // never the 2 s pause: the save below comes from the 15 s wait
    }
    await until(p.$state, (s) => s.serverSavedAt !== first && !s.syncing, 'the save forced by the wait');
    expect(saves).to.equal(2);
    for (let i = 32; i <= 33; i += 1) {
      p.update(partial('Ruijin Hospital', 'y'.repeat(i)));
      clock.advance(500);
    }
    expect(saves).to.equal(2);
    clock.advance(2000);
    await until(p.$state, synced, 'the last save after the pause');
    expect(saves).to.equal(3);
    expect((await start({ draft_id: p.$state.get().draftId as number })).form.remark).to.equal(
      'y'.repeat(33),
    );
  });

  it('submitted or discarded: the browser’s copy and the draft are gone', async () => {
    const owner = () => {
      const found = sessionOwner();
      if (!found) throw new Error('signed in');
      return found;
    };
    for (const end of ['submitted', 'discard'] as const) {
      const key = newFormKey();
      const p = persist(await start(), key);
      await p.ready;
      p.update(partial(`Hospital ${end}`));
      await until(p.$state, synced, 'the save');
      expect((await serverDrafts()).total).to.equal(1);
      await p[end]();
      expect(p.$state.get()).to.include({ finished: true, draftId: null });
      expect((await serverDrafts()).total).to.equal(0);
      const kept = await listDrafts(owner(), { kind: ORDER_DRAFT_KIND });
      expect(kept.map((d) => d.id)).to.not.include(key);
    }
  });
});

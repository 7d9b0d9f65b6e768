import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ReadableAtom } from 'nanostores';
import { type DraftBackend, indexedDbBackend } from './backend.ts';
import { type DraftHandle, type DraftOptions, type DraftRef, draftKey, openDraft } from './draft.ts';
import { discardDraft, listDrafts } from './index.ts';
import { manualClock } from './manual-clock.ts';

interface OrderForm {
  to_company: string;
  remark: string;
}

/** A clock moved by hand: the debounce and the take-over wait run when the test says. */

/** Lets the browser run what is queued (IndexedDB events, lock grants, channel messages). */
const tick = () => new Promise<void>((r) => setTimeout(r, 0));

/** Resolves when the store's value passes `test` (fails after 4 s, so a broken case cannot hang). */
function until<T>(store: ReadableAtom<T>, test: (value: T) => boolean, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    let off: (() => void) | null = null;
    let done = false;
    const timer = setTimeout(() => {
      off?.();
      reject(new Error(`timed out waiting for ${what}: ${JSON.stringify(store.get())}`));
    }, 4000);
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

/** A backend that counts its writes. */
function counting(backend: DraftBackend) {
  const counted = { ...backend, persistent: backend.persistent, puts: 0 };
  counted.put = (record) => {
    counted.puts += 1;
    return backend.put(record);
  };
  return counted;
}

const form = (to_company: string, remark = ''): OrderForm => ({ to_company, remark });

describe('drafts', () => {
  let dbName = '';
  let handles: DraftHandle<unknown>[] = [];
  let clock: ReturnType<typeof manualClock>;
  const ref = (over: Partial<DraftRef> = {}): DraftRef => ({
    kind: 'order',
    id: crypto.randomUUID(),
    user: 7,
    customer: 1,
    ...over,
  });
  /** Opens a draft as one tab would: its own IndexedDB connection, lock requests and channel. */
  const open = (r: DraftRef, options: Partial<DraftOptions> = {}) => {
    const handle = openDraft<OrderForm>(r, {
      backend: indexedDbBackend({ name: dbName }),
      clock,
      ...options,
    });
    handles.push(handle as DraftHandle<unknown>);
    return handle;
  };
  const stored = async (r: DraftRef) => (await indexedDbBackend({ name: dbName }).get(draftKey(r)))?.data;
  const saved = (h: DraftHandle<OrderForm>) =>
    until(h.$state, (s) => !s.dirty && !s.saving && s.savedAt !== null, 'the save');

  beforeEach(() => {
    dbName = `lp-drafts-test-${crypto.randomUUID()}`;
    clock = manualClock();
    handles = [];
  });
  afterEach(async () => {
    for (const h of handles) await h.close();
    await new Promise((r) => {
      const req = indexedDB.deleteDatabase(dbName);
      req.onsuccess = req.onerror = req.onblocked = r;
    });
  });

  it('stores what is typed after a pause and gives it back after a reload', async () => {
    const r = ref();
    const backend = counting(indexedDbBackend({ name: dbName }));
    const a = open(r, { backend });
    const opened = await a.ready;
    expect(opened).to.include({
      mode: 'writer',
      data: null,
      persistent: true,
      exclusive: true,
      elsewhere: false,
    });

    expect(a.update(form('第一人民医院'))).to.equal(true);
    expect(a.$state.get()).to.include({ dirty: true });
    clock.advance(799);
    await tick();
    expect(backend.puts).to.equal(0);
    clock.advance(1);
    await saved(a);
    expect(backend.puts).to.equal(1);
    expect(a.$state.get().savedAt).to.equal(clock.now());

    // the page goes away without closing (a reload): the next page finds the form as it was
    const b = open(r);
    const reopened = await until(b.$state, (s) => s.mode !== 'opening', 'the reopened draft');
    expect(reopened.data).to.deep.equal(form('第一人民医院'));
  });

  it('saves once per burst of typing, and at least every maxWait while typing goes on', async () => {
    const backend = counting(indexedDbBackend({ name: dbName }));
    const a = open(ref(), { backend, debounceMs: 800, maxWaitMs: 5000 });
    await a.ready;
    for (let i = 1; i <= 20; i++) {
      a.update(form('医院', 'x'.repeat(i)));
      clock.advance(100);
      await tick();
    }
    expect(backend.puts).to.equal(0); // 2 s of typing, under maxWait
    clock.advance(800);
    await saved(a);
    expect(backend.puts).to.equal(1);

    for (let i = 1; i <= 120; i++) {
      a.update(form('医院', 'y'.repeat(i)));
      clock.advance(100);
      await tick();
    }
    await until(a.$state, (s) => !s.saving, 'the last save');
    expect(backend.puts).to.equal(1 + 2); // 12 s of typing without a pause: saved at 5 s and 10 s
    clock.advance(800);
    await saved(a);
    expect(backend.puts).to.equal(4);
  });

  it('lets one tab write; the other reads, hears its saves, and writes once it lets go', async () => {
    const r = ref();
    const a = open(r);
    await a.ready;
    const b = open(r);
    expect(await b.ready).to.include({ mode: 'reader', elsewhere: true });
    expect(b.update(form('不该写入'))).to.equal(false);
    expect(b.$state.get().data).to.equal(null);

    a.update(form('中心医院'));
    clock.advance(800);
    const heard = await until(b.$state, (s) => s.data !== null, 'the save heard by the reader');
    expect(heard).to.deep.include({ data: form('中心医院'), mode: 'reader' });

    a.update(form('中心医院', '冷链 2–8 °C')); // typed, not stored yet: closing stores it first
    await a.close();
    const writer = await until(b.$state, (s) => s.mode === 'writer', 'the reader becoming writer');
    expect(writer).to.deep.include({ elsewhere: false, data: form('中心医院', '冷链 2–8 °C') });
    expect(b.update(form('中心医院', '改'))).to.equal(true);
  });

  it('takes over: the writing tab stores what it has and becomes the reader', async () => {
    const r = ref();
    const a = open(r);
    await a.ready;
    a.update(form('协和医院', '未保存的备注')); // still in the debounce
    const b = open(r);
    await b.ready;
    await b.takeOver();
    expect(b.$state.get()).to.deep.include({ mode: 'writer', data: form('协和医院', '未保存的备注') });
    await until(a.$state, (s) => s.mode === 'reader', 'the old writer becoming reader');
    expect(a.$state.get().elsewhere).to.equal(true);
    expect(a.update(form('x'))).to.equal(false);
    expect(await stored(r)).to.deep.equal(form('协和医院', '未保存的备注'));
  });

  it('takes the lock from a writer that does not answer', async () => {
    const r = ref();
    const deaf = open(r, { channel: null });
    await deaf.ready;
    deaf.update(form('已保存'));
    await deaf.flush();
    const b = open(r);
    await b.ready;
    const taking = b.takeOver();
    await tick();
    expect(b.$state.get().mode).to.equal('reader');
    clock.advance(3000);
    await taking;
    expect(b.$state.get()).to.deep.include({ mode: 'writer', data: form('已保存') });
    await until(deaf.$state, (s) => s.mode === 'reader', 'the deaf writer losing the lock');
    expect(deaf.update(form('太晚'))).to.equal(false);
  });

  it('discards on purpose, tells the reading tab, and lists only the owner’s drafts, newest first', async () => {
    const backend = indexedDbBackend({ name: dbName });
    const refs = {
      first: ref({ id: 'o1' }),
      second: ref({ id: 'o2' }),
      address: ref({ kind: 'address', id: 'a3' }),
      otherCustomer: ref({ id: 'o1', customer: 2 }),
      otherUser: ref({ id: 'o1', user: 8 }),
    };
    for (const [name, r] of Object.entries(refs)) {
      const h = open(r);
      await h.ready;
      h.update(form(name));
      clock.advance(1000);
      await saved(h);
    }
    // same id, other customer or user: other drafts
    expect(await stored(refs.otherCustomer)).to.deep.equal(form('otherCustomer'));
    expect(await stored(refs.first)).to.deep.equal(form('first'));

    const mine = await listDrafts<OrderForm>({ user: 7, customer: 1 }, { backend });
    expect(mine.map((d) => [d.kind, d.id, d.data.to_company])).to.deep.equal([
      ['address', 'a3', 'address'],
      ['order', 'o2', 'second'],
      ['order', 'o1', 'first'],
    ]);
    expect(
      (await listDrafts({ user: 7, customer: 1 }, { backend, kind: 'order' })).map((d) => d.id),
    ).to.deep.equal(['o2', 'o1']);

    const writer = handles[0] as DraftHandle<OrderForm>; // first, still open
    const reader = open(refs.first);
    await reader.ready;
    expect(reader.$state.get().mode).to.equal('reader');
    await writer.discard();
    expect(writer.$state.get()).to.include({ mode: 'closed', discarded: true, data: null });
    expect(writer.update(form('typed after the discard'))).to.equal(false);
    expect(await stored(refs.first)).to.equal(undefined);
    await until(reader.$state, (s) => s.discarded && s.data === null, 'the discard heard');
    await until(reader.$state, (s) => s.mode === 'writer', 'the reader writing after the discard');

    const second = handles[1] as DraftHandle<OrderForm>;
    const told = until(second.$state, (s) => s.discarded, 'the list’s discard heard');
    await discardDraft(refs.second, { backend });
    await told;
    expect((await listDrafts({ user: 7, customer: 1 }, { backend })).map((d) => d.id)).to.deep.equal(['a3']);
  });

  it('stores a pending change when the page is hidden or left', async () => {
    const r = ref();
    const a = open(r);
    await a.ready;
    a.update(form('第三医院', '关页前'));
    window.dispatchEvent(new PageTransitionEvent('pagehide'));
    await saved(a);
    expect(await stored(r)).to.deep.equal(form('第三医院', '关页前'));
  });

  it('opens the database again after another tab deleted it (or upgraded it) under an open connection', async () => {
    const r = ref();
    const backend = indexedDbBackend({ name: dbName });
    const a = open(r, { backend });
    await a.ready;
    a.update(form('第一次'));
    await a.flush();
    // what "clear site data", a sign-out that clears storage or a newer tab does to this one
    await new Promise((resolve, reject) => {
      const req = indexedDB.deleteDatabase(dbName);
      req.onsuccess = resolve;
      req.onerror = () => reject(req.error);
      req.onblocked = () => reject(new Error('blocked: this tab did not let go of its connection'));
    });
    a.update(form('删除之后'));
    await a.flush();
    expect(await stored(r)).to.deep.equal(form('删除之后'));
  });

  it('keeps drafts in memory where IndexedDB is missing or refuses to open, and says so', async () => {
    const refusing = {
      open() {
        throw new DOMException('refused', 'SecurityError');
      },
    } as unknown as IDBFactory;
    for (const backend of [indexedDbBackend({ factory: null }), indexedDbBackend({ factory: refusing })]) {
      const r = ref();
      const a = open(r, { backend });
      expect(await a.ready).to.include({ persistent: false, mode: 'writer' });
      a.update(form('内存'));
      await a.flush();
      await a.close();
      const b = open(r, { backend });
      expect((await b.ready).data).to.deep.equal(form('内存'));
      expect(await listDrafts({ user: 7, customer: 1 }, { backend })).to.have.length(1);
    }
  });

  it('lets every tab write where Web Locks are missing, following saves it has nothing against', async () => {
    const r = ref();
    const a = open(r, { locks: null });
    const b = open(r, { locks: null });
    const [sa, sb] = await Promise.all([a.ready, b.ready]);
    for (const s of [sa, sb]) expect(s).to.include({ mode: 'writer', exclusive: false, elsewhere: false });

    a.update(form('甲'));
    await a.flush();
    await until(b.$state, (s) => s.data !== null, 'the other writer’s save');
    expect(b.$state.get().data).to.deep.equal(form('甲'));

    b.update(form('乙, typing')); // unsaved here: a newer save elsewhere does not replace it
    a.update(form('甲 2'));
    await a.flush();
    await tick();
    await tick();
    expect(b.$state.get()).to.deep.include({ data: form('乙, typing'), dirty: true });
  });
});

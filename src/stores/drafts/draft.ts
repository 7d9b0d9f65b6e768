import { atom, type ReadableAtom } from 'nanostores';
import type { DraftBackend, DraftRecord } from './backend.ts';
import { type DraftMessage, draftChannel, type DraftChannel } from './channel.ts';
import { type Clock, systemClock } from './clock.ts';

/** Which draft: a kind of form, the record it edits, and whose it is. */
export interface DraftRef {
  /** The form: `order`, `address`, `feedback`… */
  kind: string;
  /** The record edited, or the form's own id for a new one (the order form's Idempotency-Key). */
  id: string;
  user: number;
  customer: number;
}

export const draftKey = (ref: DraftRef): string => `${ref.kind}:${ref.user}:${ref.customer}:${ref.id}`;
export const draftOwner = (ref: Pick<DraftRef, 'user' | 'customer'>): string => `${ref.user}:${ref.customer}`;

/**
 * writer: this tab edits the draft and saves it; reader: another tab does (`elsewhere`), this
 * one shows what it saves and becomes the writer when that tab lets go; closed: after close()
 * or discard().
 */
export type DraftMode = 'opening' | 'writer' | 'reader' | 'closed';

export interface DraftState<T> {
  mode: DraftMode;
  /** The stored copy when opened, then what is typed here (writer) or saved elsewhere (reader). */
  data: T | null;
  /** When the stored copy was written, by any tab (ms), or null if never. */
  savedAt: number | null;
  /** Typed here and not stored yet. */
  dirty: boolean;
  saving: boolean;
  /** Why the last save failed (storage full…); cleared by the next good save. */
  error: unknown;
  /** False where IndexedDB is missing: the draft lives in this page only. */
  persistent: boolean;
  /** False where Web Locks are missing: other tabs are not kept from writing the same draft. */
  exclusive: boolean;
  /** Another tab is editing it (this one is a reader). */
  elsewhere: boolean;
  /** Discarded, here or in another tab. */
  discarded: boolean;
}

export interface DraftOptions {
  backend: DraftBackend;
  /** Web Locks (default `navigator.locks`; null: none, as where they are missing). */
  locks?: LockManager | null;
  /** How the tabs talk (default the `lp-drafts` BroadcastChannel; null: they do not). */
  channel?: DraftChannel | null;
  clock?: Clock;
  /** Saves this long after the last change. Default 800 ms. */
  debounceMs?: number;
  /** ...but at least this often while the user keeps typing. Default 5 s. */
  maxWaitMs?: number;
  /** How long takeOver() waits for the other tab to hand over before taking the lock. Default 3 s. */
  takeOverMs?: number;
}

export interface DraftHandle<T> {
  readonly key: string;
  readonly $state: ReadableAtom<DraftState<T>>;
  /** Resolves once the lock is decided and the stored copy read. */
  readonly ready: Promise<DraftState<T>>;
  /** The form changed: kept at once, stored after the debounce. False (and ignored) unless writer. */
  update(data: T): boolean;
  /** Stores a pending change now. */
  flush(): Promise<void>;
  /**
   * Asks the tab that edits the draft to store what it has and let go, then writes here; takes
   * the lock after `takeOverMs` if that tab does not answer (frozen or crashed).
   */
  takeOver(): Promise<void>;
  /** Stores what is pending and lets go (another tab may write); the stored draft stays. */
  close(): Promise<void>;
  /** Deletes the stored draft, on purpose (saved to the server, or dropped), and closes. */
  discard(): Promise<void>;
}

const defaultLocks = (): LockManager | null =>
  (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks ?? null;

/**
 * Opens a draft of a form: "nothing typed is lost". The stored copy (if any) comes back in
 * `data`; `update()` keeps each change and stores it after a short pause; one tab writes a given
 * draft at a time (a Web Lock per draft), the others read it and hear of its saves, release and
 * discard over a BroadcastChannel. The page stores a pending change when it is hidden or left.
 */
export function openDraft<T>(ref: DraftRef, options: DraftOptions): DraftHandle<T> {
  const key = draftKey(ref);
  const lockName = `lp-draft:${key}`;
  const { backend } = options;
  const locks = options.locks === undefined ? defaultLocks() : options.locks;
  const channel = options.channel === undefined ? draftChannel() : options.channel;
  const clock = options.clock ?? systemClock;
  const debounceMs = options.debounceMs ?? 800;
  const maxWaitMs = options.maxWaitMs ?? 5000;
  const takeOverMs = options.takeOverMs ?? 3000;

  const $state = atom<DraftState<T>>({
    mode: 'opening',
    data: null,
    savedAt: null,
    dirty: false,
    saving: false,
    error: null,
    persistent: false,
    exclusive: locks !== null,
    elsewhere: false,
    discarded: false,
  });
  const patch = (next: Partial<DraftState<T>>) => $state.set({ ...$state.get(), ...next });

  let revision = 0;
  let timer: unknown = null;
  let pendingSince: number | null = null;
  let writes: Promise<void> = Promise.resolve();
  /** Lets go of the held lock. */
  const held: { release: (() => void) | null } = { release: null };
  /** Stops waiting in the lock's queue. */
  let queued: AbortController | null = null;
  let becameWriter: (() => void) | null = null;

  const post = (type: DraftMessage['type']) => channel?.post({ type, key, revision });

  async function readStored(): Promise<void> {
    const record = (await backend.get(key)) as DraftRecord<T> | undefined;
    if ($state.get().mode === 'closed') return;
    revision = record?.revision ?? 0;
    patch({ data: record ? record.data : null, savedAt: record?.savedAt ?? null });
  }

  /** Holds the lock until release(); resolves true when granted, false when not available. */
  function hold(lockOptions: LockOptions, onLost: () => void): Promise<boolean> {
    if (!locks) return Promise.resolve(true);
    return new Promise<boolean>((granted) => {
      let mine: (() => void) | null = null;
      locks
        .request(lockName, lockOptions, (lock) => {
          if (!lock) {
            granted(false);
            return undefined;
          }
          granted(true);
          return new Promise<void>((done) => {
            mine = () => {
              if (held.release === mine) held.release = null;
              done();
            };
            held.release = mine;
          });
        })
        .catch(() => {
          // this request's lock was stolen by another tab's takeOver (or its wait was aborted)
          if (mine && held.release === mine) {
            held.release = null;
            onLost();
          }
          granted(false);
        });
    });
  }

  const lost = () => {
    if ($state.get().mode !== 'writer') return;
    cancelTimer();
    patch({ mode: 'reader', elsewhere: true });
    wait();
  };

  async function becomeWriter(): Promise<void> {
    await readStored();
    if ($state.get().mode === 'closed') {
      held.release?.();
      return;
    }
    patch({ mode: 'writer', elsewhere: false, dirty: false });
    becameWriter?.();
    becameWriter = null;
  }

  /** Queues for the lock: this tab writes as soon as the writing tab lets go or closes. */
  function wait(): void {
    if (!locks || queued) return;
    const controller = new AbortController();
    queued = controller;
    void hold({ signal: controller.signal }, lost).then((granted) => {
      if (queued === controller) queued = null;
      if (granted) void becomeWriter();
    });
  }

  function cancelTimer(): void {
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
  }

  function schedule(): void {
    const now = clock.now();
    pendingSince ??= now;
    cancelTimer();
    const delay = Math.max(0, Math.min(debounceMs, pendingSince + maxWaitMs - now));
    timer = clock.setTimeout(() => {
      timer = null;
      void flush();
    }, delay);
  }

  function flush(): Promise<void> {
    cancelTimer();
    writes = writes.then(async () => {
      const state = $state.get();
      if (!state.dirty || state.mode !== 'writer') return;
      const data = state.data as T;
      pendingSince = null;
      const record: DraftRecord<T> = {
        key,
        kind: ref.kind,
        id: ref.id,
        user: ref.user,
        customer: ref.customer,
        owner: draftOwner(ref),
        data,
        savedAt: clock.now(),
        revision: revision + 1,
      };
      patch({ saving: true });
      try {
        await backend.put(record);
        revision = record.revision;
        const now = $state.get();
        // typed again while it was being stored: still dirty, stored with the next save
        const typed = now.data !== data;
        patch({ saving: false, error: null, savedAt: record.savedAt, dirty: typed, discarded: false });
        post('saved');
        if (typed && now.mode === 'writer') schedule();
      } catch (error) {
        patch({ saving: false, error });
      }
    });
    return writes;
  }

  /**
   * Stores what is pending and lets go of the lock, leaving this tab a reader or closed. The
   * mode changes in the same turn as the last save ends, so nothing typed in between is dropped.
   */
  async function letGo(next: 'reader' | 'closed'): Promise<void> {
    do await flush();
    while ($state.get().dirty && $state.get().mode === 'writer' && !$state.get().error);
    const writer = $state.get().mode === 'writer';
    if (writer) patch({ mode: next, elsewhere: next === 'reader' });
    held.release?.();
    if (writer) post('released');
  }

  const onMessage = (message: DraftMessage) => {
    if (message.key !== key) return;
    const state = $state.get();
    if (state.mode === 'closed' || state.mode === 'opening') return;
    switch (message.type) {
      case 'saved':
      case 'released':
        // a reader follows the writer; without locks, a writer with nothing unsaved does too
        if ((state.mode === 'reader' || !state.dirty) && message.revision > revision) void readStored();
        break;
      case 'discarded':
        cancelTimer();
        pendingSince = null;
        revision = 0;
        patch({ data: null, savedAt: null, dirty: false, discarded: true });
        break;
      case 'takeover':
        if (state.mode === 'writer' && locks)
          void letGo('reader').then(() => {
            if ($state.get().mode === 'reader') wait();
          });
        break;
    }
  };
  const stopListening = channel?.listen(onMessage) ?? (() => {});

  // hidden or left: store now (the tab may never come back)
  const doc = (globalThis as { document?: Document }).document;
  const onHide = () => {
    if (doc?.visibilityState === 'hidden') void flush();
  };
  const onPageHide = () => void flush();
  doc?.addEventListener('visibilitychange', onHide);
  globalThis.addEventListener?.('pagehide', onPageHide);

  const ready = (async () => {
    const [granted, persistent] = await Promise.all([hold({ ifAvailable: true }, lost), backend.persistent]);
    patch({ persistent });
    await readStored();
    if ($state.get().mode === 'closed') {
      held.release?.();
      return $state.get();
    }
    if (granted) patch({ mode: 'writer' });
    else {
      patch({ mode: 'reader', elsewhere: true });
      wait();
    }
    return $state.get();
  })();

  function shutDown(): void {
    cancelTimer();
    queued?.abort();
    queued = null;
    stopListening();
    doc?.removeEventListener('visibilitychange', onHide);
    globalThis.removeEventListener?.('pagehide', onPageHide);
    patch({ mode: 'closed', saving: false });
  }

  return {
    key,
    $state,
    ready,
    update(data) {
      const state = $state.get();
      if (state.mode !== 'writer') return false;
      patch({ data, dirty: true, discarded: false });
      schedule();
      return true;
    },
    flush,
    async takeOver() {
      await ready;
      const state = $state.get();
      if (state.mode !== 'reader' || !locks) return;
      const writing = new Promise<void>((resolve) => {
        becameWriter = resolve;
      });
      post('takeover');
      let late: unknown = null;
      const timeout = new Promise<'late'>((resolve) => {
        late = clock.setTimeout(() => resolve('late'), takeOverMs);
      });
      if ((await Promise.race([writing, timeout])) !== 'late') {
        clock.clearTimeout(late);
        return;
      }
      // the other tab did not answer: take the lock from it
      queued?.abort();
      queued = null;
      if (await hold({ steal: true }, lost)) await becomeWriter();
    },
    async close() {
      await ready;
      if ($state.get().mode === 'closed') return;
      await letGo('closed');
      shutDown();
    },
    async discard() {
      await ready;
      if ($state.get().mode === 'closed') return;
      cancelTimer();
      pendingSince = null;
      patch({ mode: 'closed', dirty: false }); // from here on nothing typed is stored again
      await writes;
      await backend.delete(key);
      revision = 0;
      patch({ data: null, savedAt: null, discarded: true });
      post('discarded');
      held.release?.();
      shutDown();
    },
  };
}

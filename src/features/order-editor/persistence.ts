import { atom, type ReadableAtom } from 'nanostores';
import { isApiError } from '../../api/errors.ts';
import { call } from '../../api/transport.ts';
import { Code } from '../../contract/codes.ts';
import { deleteDrafts, saveDraft } from '../../contract/order-editor/operations.ts';
import type {
  Draft,
  EditorStart,
  OrderDraftData,
  SaveDraftRequest,
} from '../../contract/order-editor/schemas.ts';
import { type KeptOrderForm, newFormKey, ORDER_DRAFT_KIND } from '../../lib/order-drafts.ts';
import { refreshDraftCount } from '../../stores/draft-count.ts';
import {
  type Clock,
  type DraftHandle,
  type DraftOptions,
  openSessionDraft,
  systemClock,
} from '../../stores/drafts/index.ts';

/**
 * "Nothing typed is lost" for the order editor: every change is kept in the browser at once
 * (the draft store: IndexedDB, one writing tab per form through a Web Lock) and saved to the
 * server's draft box when online (debounced; retried when the network is back). The form key
 * (a UUID in the address, `?form-key=…`) names the browser's copy and is the Idempotency-Key the
 * order is submitted with, so a reload, a closed tab or a crash comes back to the same form and
 * makes at most one order.
 */

export {
  editorPath,
  formKeyFor,
  type KeptOrderForm,
  newFormKey,
  ORDER_DRAFT_KIND,
} from '../../lib/order-drafts.ts';

export type PersistenceError =
  /** The browser refused to store the form (storage full): the form lives in this page only. */
  | 'storage'
  /** The server refused the draft (422: too large or malformed); not retried until the next change. */
  | 'rejected'
  /** The server failed (5xx, 429…); retried. */
  | 'server';

export interface PersistenceState {
  /** writer: this tab edits the form; reader: another tab does (`elsewhere`); closed. */
  mode: 'opening' | 'writer' | 'reader' | 'closed';
  /** Another tab is editing this form: show it read-only with a Take over button. */
  elsewhere: boolean;
  /** When the browser last stored the form (ms), by any tab. */
  localSavedAt: number | null;
  /** When the draft box last stored it (ISO). */
  serverSavedAt: string | null;
  draftId: number | null;
  /** False after a save found no network (or the browser says it is offline); true again once a save got through. */
  online: boolean;
  /** Changes typed here that the draft box does not hold yet. */
  unsynced: boolean;
  syncing: boolean;
  /** False where IndexedDB is missing: a reload loses what the server has not saved. */
  persistent: boolean;
  error: PersistenceError | null;
  /**
   * The draft box's copy was changed elsewhere (another device) while this form was being typed:
   * both are kept. This form went on as a new draft (`draftId`); the other stays as `draftId` here.
   */
  conflict: { draftId: number; savedAt: string } | null;
  /** The Idempotency-Key to submit with (a new one after a conflict made this form a draft of its own). */
  idempotencyKey: string;
  /** The form was submitted or discarded (here or in another tab). */
  finished: boolean;
}

export interface EditorPersistence {
  /** writer/reader (another tab edits it), saved times, online/offline, server draft id, errors. */
  readonly $state: ReadableAtom<PersistenceState>;
  /**
   * The form as last kept: what update() gave here, or what the writing tab stored (a reader
   * follows it; after takeOver() it is the form to continue from).
   */
  readonly $form: ReadableAtom<OrderDraftData>;
  /** What to show: a kept local or server draft newer than `start.form`, else `start.form`. */
  readonly ready: Promise<{
    form: OrderDraftData;
    idempotencyKey: string;
    draftId: number | null;
    restored: boolean;
  }>;
  /** Kept in the browser at once, saved to the server when online (debounced). Ignored unless writer. */
  update(form: OrderDraftData): void;
  /** The leave prompt's "save draft": stores locally, then on the server (offline: local only). */
  saveNow(): Promise<void>;
  /** This tab becomes the writer. */
  takeOver(): Promise<void>;
  /** The order was made: drop the local and server draft. */
  submitted(): Promise<void>;
  /** The user chose to drop the form: delete the local and the server draft. */
  discard(): Promise<void>;
  /** Stores what is pending and lets go (the drafts stay). */
  close(): Promise<void>;
}

export interface PersistenceOptions {
  /** The address's `form-key` (see formKeyFor). */
  formKey: string;
  /** Server save this long after the last change. Default 2 s. */
  serverDebounceMs?: number;
  /** ...but at least this often while typing goes on. Default 15 s. */
  serverMaxWaitMs?: number;
  /** Waits between retries after a failed server save (the last repeats). Default 2, 5, 15, 30 s. */
  retryMs?: readonly number[];
  /** Options of the browser's copy (tests: backend, locks, channel, debounce). */
  local?: Partial<DraftOptions>;
  clock?: Clock;
}

const sameForm = (a: OrderDraftData, b: OrderDraftData): boolean => JSON.stringify(a) === JSON.stringify(b);

const browserOnline = (): boolean =>
  (globalThis as { navigator?: { onLine?: boolean } }).navigator?.onLine !== false;

/**
 * Opens the persistence of one editor (see EditorPersistence). `start` is the editor's
 * `GET customer-order/create` answer; `options.formKey` the form key (formKeyFor).
 */
export function openEditorPersistence(start: EditorStart, options: PersistenceOptions): EditorPersistence {
  const clock = options.clock ?? options.local?.clock ?? systemClock;
  const debounceMs = options.serverDebounceMs ?? 2000;
  const maxWaitMs = options.serverMaxWaitMs ?? 15_000;
  const retryMs = options.retryMs ?? [2000, 5000, 15_000, 30_000];
  const local: DraftHandle<KeptOrderForm> = openSessionDraft<KeptOrderForm>(
    ORDER_DRAFT_KIND,
    options.formKey,
    {
      ...options.local,
      clock,
    },
  );

  const fromStart: KeptOrderForm = {
    form: start.form,
    idempotencyKey: start.draft?.idempotency_key ?? options.formKey,
    mode: start.mode,
    orderId: start.order?.id ?? null,
    orderNo: start.order?.order_no ?? null,
    orderVersion: start.mode === 'edit' ? (start.order?.version ?? null) : null,
    draftId: start.draft?.id ?? null,
    draftVersion: start.draft?.version ?? null,
    serverSavedAt: start.draft?.saved_at ?? null,
    synced: true,
  };
  /** The form as this tab knows it (typed here, or read from the writing tab). */
  let kept: KeptOrderForm = fromStart;

  const $state = atom<PersistenceState>({
    mode: 'opening',
    elsewhere: false,
    localSavedAt: null,
    serverSavedAt: fromStart.serverSavedAt,
    draftId: fromStart.draftId,
    online: browserOnline(),
    unsynced: false,
    syncing: false,
    persistent: false,
    error: null,
    conflict: null,
    idempotencyKey: fromStart.idempotencyKey,
    finished: false,
  });
  const $form = atom<OrderDraftData>(start.form);
  const patch = (next: Partial<PersistenceState>) => $state.set({ ...$state.get(), ...next });

  /**
   * Chooses between the browser's copy and the start: the browser's when it has changes the
   * server does not (or the start is older than what the browser saw of the draft box).
   */
  /** The draft box's copy was changed elsewhere: this form goes on as a draft of its own, with a key of its own. */
  const fork = (of: KeptOrderForm): KeptOrderForm => ({
    ...of,
    idempotencyKey: newFormKey(),
    draftId: null,
    draftVersion: null,
    synced: false,
  });
  let forked: PersistenceState['conflict'] = null;

  function choose(stored: KeptOrderForm | null): { kept: KeptOrderForm; restored: boolean } {
    if (!stored) return { kept: fromStart, restored: false };
    if (start.draft) {
      const serverNewer = (start.draft.version ?? 0) > (stored.draftVersion ?? 0);
      if (serverNewer && stored.synced) return { kept: fromStart, restored: false };
      if (serverNewer) {
        // changed on another device and here: both are kept (this one goes on as a new draft)
        forked = { draftId: start.draft.id, savedAt: start.draft.saved_at };
        return { kept: fork(stored), restored: !sameForm(stored.form, start.form) };
      }
    }
    return {
      kept: { ...fromStart, ...stored, orderNo: stored.orderNo ?? fromStart.orderNo },
      restored: !sameForm(stored.form, start.form),
    };
  }

  // ---- server sync ----
  let timer: unknown = null;
  let pendingSince: number | null = null;
  let attempt = 0;
  let syncing: Promise<void> = Promise.resolve();
  let finished = false;

  const cancelTimer = () => {
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
  };

  function schedule(delay?: number): void {
    if (finished || $state.get().mode !== 'writer') return;
    const now = clock.now();
    pendingSince ??= now;
    cancelTimer();
    const wait = delay ?? Math.max(0, Math.min(debounceMs, pendingSince + maxWaitMs - now));
    timer = clock.setTimeout(() => {
      timer = null;
      void sync();
    }, wait);
  }

  /** Writes `next` locally (writer only) and reflects it here. */
  function keep(next: KeptOrderForm): void {
    kept = next;
    local.update(next);
    patch({
      unsynced: !next.synced,
      draftId: next.draftId,
      serverSavedAt: next.serverSavedAt,
      idempotencyKey: next.idempotencyKey,
    });
  }

  function request(of: KeptOrderForm): SaveDraftRequest {
    const body: SaveDraftRequest = {
      mode: of.mode,
      order_id: of.orderId,
      idempotency_key: of.idempotencyKey,
      data: of.form,
    };
    if (of.draftId !== null && of.draftVersion !== null) {
      body.id = of.draftId;
      body.version = of.draftVersion;
    }
    return body;
  }

  async function pushOnce(): Promise<void> {
    const sent = kept;
    if (sent.synced || finished || $state.get().mode !== 'writer') return;
    pendingSince = null;
    patch({ syncing: true });
    try {
      const answer = await call(saveDraft, request(sent), {
        quiet: true,
      });
      attempt = 0;
      // typed while it was on its way: the form stays unsynced, saved with the next push
      const current = kept;
      const same = current.form === sent.form;
      if (!finished && $state.get().mode === 'writer') {
        keep({
          ...current,
          draftId: answer.id,
          draftVersion: answer.version,
          serverSavedAt: answer.saved_at,
          synced: same,
        });
        // the browser's copy learns the draft's id at once (the page may go away any moment)
        void local.flush();
        if (!same) schedule();
        if (sent.draftId === null) void refreshDraftCount();
      } else if (finished && sent.draftId === null) {
        // submitted or discarded while the first save was on its way: that draft goes too
        await call(deleteDrafts, { ids: [answer.id] }, { quiet: true }).catch(() => undefined);
      }
      patch({ syncing: false, online: true, error: null });
    } catch (error) {
      patch({ syncing: false });
      if (!isApiError(error)) throw error;
      if (error.isTransport) {
        patch({ online: false });
        retry();
      } else if (error.code === Code.conflict) {
        const theirs = error.data as Partial<Draft> | null;
        if (sent.draftId === null && theirs?.id && theirs.idempotency_key === sent.idempotencyKey) {
          // a first save whose answer was lost (or another tab's): that draft is this form's
          keep({ ...kept, draftId: theirs.id, draftVersion: theirs.version ?? null, synced: false });
        } else {
          // changed on another device: theirs stays as it is, this form goes on as a new draft
          patch({ conflict: { draftId: theirs?.id ?? sent.draftId ?? 0, savedAt: theirs?.saved_at ?? '' } });
          keep(fork(kept));
        }
        schedule(0);
      } else if (error.code === Code.notFound) {
        // deleted elsewhere (the draft box in another tab): saved again as a new draft
        keep({ ...kept, draftId: null, draftVersion: null, synced: false });
        schedule(0);
      } else if (error.code === Code.invalid) {
        patch({ error: 'rejected', online: true });
      } else {
        patch({ error: 'server', online: true });
        retry();
      }
    }
  }

  function retry(): void {
    const wait = retryMs[Math.min(attempt, retryMs.length - 1)] ?? 30_000;
    attempt += 1;
    schedule(wait);
  }

  function sync(): Promise<void> {
    cancelTimer();
    syncing = syncing.then(pushOnce, pushOnce);
    return syncing;
  }

  // back online: save now
  const onOnline = () => {
    patch({ online: true });
    if (kept && !kept.synced && $state.get().mode === 'writer') void sync();
  };
  const onOffline = () => patch({ online: false });
  globalThis.addEventListener?.('online', onOnline);
  globalThis.addEventListener?.('offline', onOffline);

  // ---- the browser's copy ----
  const stopLocal = local.$state.listen((state) => {
    if (state.mode === 'reader' && state.data && state.data !== kept) {
      // the writing tab stored something: follow it
      kept = state.data;
      $form.set(kept.form);
    }
    if (state.discarded && state.mode !== 'closed' && !finished) {
      // discarded in another tab (submitted or dropped there)
      finished = true;
      cancelTimer();
    }
    patch({
      mode: state.mode,
      elsewhere: state.elsewhere,
      localSavedAt: state.savedAt,
      persistent: state.persistent,
      ...(state.error ? { error: 'storage' as const } : {}),
      ...(state.mode === 'reader'
        ? { draftId: kept.draftId, serverSavedAt: kept.serverSavedAt, idempotencyKey: kept.idempotencyKey }
        : {}),
      ...(finished ? { finished: true } : {}),
    });
  });

  const ready = local.ready.then((state) => {
    const chosen = choose(state.data);
    kept = chosen.kept;
    $form.set(kept.form);
    patch({
      draftId: kept.draftId,
      serverSavedAt: kept.serverSavedAt,
      unsynced: !kept.synced,
      idempotencyKey: kept.idempotencyKey,
      conflict: forked,
    });
    if (state.mode === 'writer') {
      if (chosen.kept !== state.data) local.update(kept);
      // a form kept offline before the reload: it goes to the server now
      if (!kept.synced) schedule(0);
    }
    return {
      form: kept.form,
      idempotencyKey: kept.idempotencyKey,
      draftId: kept.draftId,
      restored: chosen.restored,
    };
  });

  async function finish(): Promise<void> {
    await ready;
    finished = true;
    cancelTimer();
    await syncing; // a first save on its way deletes what it made (see pushOnce)
    const draftId = kept.draftId;
    await local.discard();
    if (draftId !== null)
      await call(deleteDrafts, { ids: [draftId] }, { quiet: true }).catch((error: unknown) => {
        // already gone (create deletes the draft it came from): nothing to do
        if (!isApiError(error) || error.code !== Code.notFound) throw error;
      });
    patch({ finished: true, unsynced: false, draftId: null });
    if (draftId !== null) void refreshDraftCount();
    stop();
  }

  function stop(): void {
    cancelTimer();
    stopLocal();
    globalThis.removeEventListener?.('online', onOnline);
    globalThis.removeEventListener?.('offline', onOffline);
  }

  return {
    $state,
    $form,
    ready,
    update(form) {
      if (finished || $state.get().mode !== 'writer') return;
      if (sameForm(form, kept.form)) return;
      keep({ ...kept, form, synced: false });
      $form.set(form);
      if ($state.get().error === 'rejected') patch({ error: null });
      schedule();
    },
    async saveNow() {
      await ready;
      if ($state.get().mode !== 'writer') return;
      await local.flush();
      if (!kept.synced) await sync();
    },
    async takeOver() {
      await local.takeOver();
      const state = local.$state.get();
      if (state.mode === 'writer' && state.data) {
        kept = state.data;
        $form.set(kept.form);
        patch({
          draftId: kept.draftId,
          serverSavedAt: kept.serverSavedAt,
          unsynced: !kept.synced,
          idempotencyKey: kept.idempotencyKey,
        });
        if (!kept.synced) schedule(0);
      }
    },
    submitted: finish,
    discard: finish,
    async close() {
      await ready;
      if (finished) return;
      cancelTimer();
      // the browser's copy first: the page may be going away and not wait for the network
      await local.flush();
      if (!kept.synced && $state.get().mode === 'writer' && $state.get().online)
        await sync().catch(() => undefined);
      await local.close();
      stop();
      patch({ mode: 'closed' });
    },
  };
}

/** What the tabs tell each other about a draft (`key`), with the revision last stored. */
export interface DraftMessage {
  /**
   * saved: the writer stored a new revision; released: the writer let go (stored first);
   * discarded: the draft was deleted on purpose; takeover: a reader asks the writer to let go.
   */
  type: 'saved' | 'released' | 'discarded' | 'takeover';
  key: string;
  revision: number;
}

export interface DraftChannel {
  post(message: DraftMessage): void;
  /** Hears the other tabs (and other drafts of this page); returns the function that stops. */
  listen(handler: (message: DraftMessage) => void): () => void;
}

export const DRAFT_CHANNEL = 'lp-drafts';

const TYPES = new Set(['saved', 'released', 'discarded', 'takeover']);
function isMessage(value: unknown): value is DraftMessage {
  const m = value as Partial<DraftMessage> | null;
  return (
    typeof m?.type === 'string' &&
    TYPES.has(m.type) &&
    typeof m.key === 'string' &&
    typeof m.revision === 'number'
  );
}

/**
 * A BroadcastChannel of its own (so two drafts open in one page hear each other, as two tabs
 * do), or null where BroadcastChannel is missing: then readers learn of changes only when they
 * get the lock.
 */
export function draftChannel(name = DRAFT_CHANNEL): DraftChannel | null {
  if (typeof BroadcastChannel !== 'function') return null;
  const channel = new BroadcastChannel(name);
  const handlers = new Set<(message: DraftMessage) => void>();
  let closed = false;
  channel.onmessage = (event: MessageEvent) => {
    if (isMessage(event.data)) for (const handler of handlers) handler(event.data);
  };
  return {
    post(message) {
      if (!closed) channel.postMessage(message);
    },
    listen(handler) {
      handlers.add(handler);
      return () => {
        handlers.delete(handler);
        if (handlers.size === 0 && !closed) {
          closed = true;
          channel.close();
        }
      };
    },
  };
}

import { shared } from './registry.ts';
import { local } from './storage.ts';

/** What one tab tells the other tabs of the same origin. */
export type SyncMessage = { type: 'logout' } | { type: 'customer' };

export const SYNC_CHANNEL = 'lp-session';
/** localStorage key written when BroadcastChannel is missing (its `storage` event reaches other tabs). */
export const SYNC_STORAGE_KEY = 'lp-session-sync';

type Handler = (message: SyncMessage) => void;

const state = shared('sync', () => ({
  handlers: new Set<Handler>(),
  channel: null as BroadcastChannel | null,
  stop: null as (() => void) | null,
}));

function isMessage(value: unknown): value is SyncMessage {
  const type = (value as { type?: unknown } | null)?.type;
  return type === 'logout' || type === 'customer';
}

function deliver(value: unknown): void {
  if (!isMessage(value)) return;
  for (const handler of state.handlers) handler({ type: value.type });
}

/** Listens for other tabs (once per page); returns a function that stops listening. */
export function startSync(): () => void {
  if (state.stop) return state.stop;
  const stops: Array<() => void> = [];
  if (typeof BroadcastChannel === 'function') {
    const channel = new BroadcastChannel(SYNC_CHANNEL);
    (channel as { unref?: () => void }).unref?.();
    channel.onmessage = (event: MessageEvent) => deliver(event.data);
    state.channel = channel;
    stops.push(() => channel.close());
  }
  const target = globalThis as {
    addEventListener?: Window['addEventListener'];
    removeEventListener?: Window['removeEventListener'];
  };
  if (typeof target.addEventListener === 'function') {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== SYNC_STORAGE_KEY || !event.newValue) return;
      try {
        deliver(JSON.parse(event.newValue));
      } catch {
        // another app's value under our key: ignore
      }
    };
    target.addEventListener('storage', onStorage);
    stops.push(() => target.removeEventListener?.('storage', onStorage));
  }
  state.stop = () => {
    for (const stop of stops) stop();
    state.channel = null;
    state.stop = null;
  };
  return state.stop;
}

/** Tells every other open tab; tabs without BroadcastChannel hear it through the storage event. */
export function broadcast(message: SyncMessage): void {
  if (state.channel) state.channel.postMessage(message);
  else if (typeof BroadcastChannel === 'function') {
    const channel = new BroadcastChannel(SYNC_CHANNEL);
    channel.postMessage(message);
    channel.close();
  } else local.set(SYNC_STORAGE_KEY, JSON.stringify({ ...message, at: Date.now() }));
}

/** Calls `handler` for every message from another tab; returns the unsubscribe function. */
export function onSync(handler: Handler): () => void {
  state.handlers.add(handler);
  return () => state.handlers.delete(handler);
}

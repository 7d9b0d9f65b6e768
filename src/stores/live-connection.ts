import { atom } from 'nanostores';
import { liveTicket } from '../api/live.ts';
import type { LiveChange } from '../contract/live/schemas.ts';
import { $token } from './auth.ts';
import { deliverChange } from './live-changes.ts';
import { shared } from './registry.ts';
import { local } from './storage.ts';

/**
 * The page's live stream (docs/decisions/live.md): one `EventSource` per browser, not per tab
 * (HTTP/1.1 allows six connections to an origin). The tabs elect one leader with the Web Locks
 * API (the lock is let go when its tab closes, and the next tab in line takes it); the leader holds
 * the stream and passes each change to the others on a BroadcastChannel. The stream pauses while
 * every tab is hidden (after PAUSE_AFTER_MS, so a quick switch of tabs does not reconnect) and
 * resumes from the last place it told. A dropped stream reconnects with a new ticket after a
 * jittered, growing wait; the token changing (a logout, a customer switch) closes it at once, and
 * a session ended elsewhere closes it for good (until the token changes).
 * Without Web Locks or BroadcastChannel each tab holds its own stream.
 * `$live` says how the stream is doing (the live mark beside the bell shows it); a follower tab
 * learns the leader's state on the channel.
 */
export const CHANNEL = 'lp-live';
/** Where the browser keeps the place told last, so that the next page load resumes from it. */
export const PLACE_KEY = 'lp-live-place';
export const PAUSE_AFTER_MS = 15_000;
/** A stream not open again this long after a drop is `down`: what the page shows may be out of date. */
export const DOWN_AFTER_MS = 8000;
const RETRY_FIRST_MS = 1000;
const RETRY_MAX_MS = 30_000;

/**
 * The stream as the page's tabs see it: `off` (none: signed out, or a page that follows no
 * stream), `connecting` (the page's first, or another session's), `live`, `reconnecting` (dropped,
 * waiting its back-off to try again), `paused` (every tab hidden), `down` (not open again after
 * DOWN_AFTER_MS, the browser offline, or the session ended elsewhere).
 */
export type LiveStatusName = 'off' | 'connecting' | 'live' | 'reconnecting' | 'paused' | 'down';

export interface LiveStatus {
  status: LiveStatusName;
  /** Reconnecting or down: when the next try is due (`Date.now()` time); null when none is. */
  retryAt: number | null;
}

const OFF: LiveStatus = { status: 'off', retryAt: null };

/** How the stream is doing, in this tab (a follower's is the leader's, told on the channel). */
export const $live = shared('live-status', () => atom<LiveStatus>(OFF));

type Message =
  | { t: 'change'; change: LiveChange; id: string }
  | { t: 'reset'; id: string }
  | { t: 'place'; id: string }
  | { t: 'seen'; tab: string; visible: boolean }
  | { t: 'ask' }
  | { t: 'status'; status: LiveStatus }
  | { t: 'retry' };

/** What the page's tests read: whether this tab leads, and whether its stream is open. */
export interface LiveState {
  leader: boolean;
  open: boolean;
}

const state = shared('live-connection', () => ({
  started: false,
  tab: Math.random().toString(36).slice(2),
  view: { leader: false, open: false } as LiveState,
  /** The place told last (`cu:seq`), whichever tab's stream told it (and the page before). */
  last: local.get(PLACE_KEY) ?? '',
  /** Asks the stream to try again at once (the leader's, from whichever tab). */
  retry: () => {},
}));

function placed(id: string): void {
  if (!id || id === state.last) return;
  state.last = id;
  local.set(PLACE_KEY, id);
}

export const liveState = (): LiveState => ({ ...state.view });

const visible = () => document.visibilityState === 'visible';
const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * The live mark's "read again": every page of this tab reads what it shows again (as after a
 * `reset`), and the stream tries to open at once instead of at the end of its back-off.
 */
export function readAgain(): void {
  deliverChange(null);
  state.retry();
}

/** Starts following the stream (once per page); answers the way to stop. */
export function startLive(): () => void {
  if (state.started) return () => {};
  state.started = true;
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;
  const post = (message: Message) => channel?.postMessage(message);
  const tabs = new Map<string, boolean>([[state.tab, visible()]]);
  let lead: Leader | null = null;
  $live.set({ status: 'connecting', retryAt: null });
  state.retry = () => (lead ? lead.now() : post({ t: 'retry' }));

  channel?.addEventListener('message', (event: MessageEvent<Message>) => {
    const message = event.data;
    if (message.t === 'status') {
      if (!lead) $live.set(message.status);
    } else if (message.t === 'retry') lead?.now();
    else if (message.t === 'change') {
      state.last = message.id;
      deliverChange(message.change);
    } else if (message.t === 'reset') {
      state.last = message.id;
      deliverChange(null);
    } else if (message.t === 'place') state.last = message.id;
    else if (message.t === 'ask') post({ t: 'seen', tab: state.tab, visible: visible() });
    else if (message.t === 'seen') {
      tabs.set(message.tab, message.visible);
      lead?.wanted();
      // a tab that says it is there (a new one) learns how the stream is doing
      lead?.tell();
    }
  });
  // the leader counts this tab among those seen, and tells it its state
  post({ t: 'seen', tab: state.tab, visible: visible() });
  const onVisibility = () => {
    tabs.set(state.tab, visible());
    post({ t: 'seen', tab: state.tab, visible: visible() });
    lead?.wanted();
  };
  const onHide = () => post({ t: 'seen', tab: state.tab, visible: false });
  const onOnline = () => lead?.now();
  const onOffline = () => lead?.offline();
  document.addEventListener('visibilitychange', onVisibility);
  addEventListener('pagehide', onHide);
  addEventListener('online', onOnline);
  addEventListener('offline', onOffline);

  const stopLeading = new AbortController();
  const becomeLeader = () => {
    lead = new Leader(post, () => [...tabs.values()].some(Boolean));
    // the tabs say whether they are seen (a new leader knows none of them yet)
    post({ t: 'ask' });
    return new Promise<void>((resolve) => stopLeading.signal.addEventListener('abort', () => resolve()));
  };
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (locks && channel) {
    locks.request('lp-live-leader', { signal: stopLeading.signal }, becomeLeader).catch(() => undefined);
  } else void becomeLeader();

  return () => {
    stopLeading.abort();
    lead?.close();
    lead = null;
    channel?.close();
    document.removeEventListener('visibilitychange', onVisibility);
    removeEventListener('pagehide', onHide);
    removeEventListener('online', onOnline);
    removeEventListener('offline', onOffline);
    state.started = false;
    state.view = { leader: false, open: false };
    state.retry = () => {};
    $live.set(OFF);
  };
}

/** The tab that holds the stream. */
class Leader {
  #source: EventSource | null = null;
  #token = $token.get();
  #retry: ReturnType<typeof setTimeout> | undefined;
  #retryAt: number | null = null;
  #pause: ReturnType<typeof setTimeout> | undefined;
  #down: ReturnType<typeof setTimeout> | undefined;
  #failures = 0;
  #closed = false;
  #connecting = false;
  /** The session ended (`end: session`): no stream until the token changes. */
  #ended = false;
  /** Asked to try at once while a try was under way. */
  #hurry = false;
  readonly #stopToken: () => void;

  constructor(
    private readonly post: (message: Message) => void,
    private readonly anySeen: () => boolean,
  ) {
    state.view = { leader: true, open: false };
    this.#set(this.#token ? 'connecting' : 'off');
    this.#stopToken = $token.listen((token) => {
      if (token === this.#token) return;
      this.#token = token;
      // another session or none: its stream is not this one's
      this.#disconnect();
      this.#failures = 0;
      this.#ended = false;
      this.#set(token ? 'connecting' : 'off');
      this.wanted();
    });
    this.wanted();
  }

  /** Connects, stays or pauses as the tabs' visibility and the session want. */
  wanted(): void {
    if (this.#closed) return;
    const want = this.#token !== '' && !this.#ended && this.anySeen();
    if (want) {
      clearTimeout(this.#pause);
      this.#pause = undefined;
      if (!this.#source && !this.#connecting && this.#retry === undefined) void this.#connect();
    } else if (this.#source && this.#pause === undefined) {
      this.#pause = setTimeout(() => {
        this.#pause = undefined;
        if (this.anySeen()) return;
        this.#disconnect();
        this.#set('paused');
      }, PAUSE_AFTER_MS);
    } else if (!this.#token) this.#disconnect();
  }

  /** Tries at once instead of at the end of the back-off (the browser is online again, "read again"). */
  now(): void {
    // a try under way that fails tries again at once
    if (this.#connecting) this.#hurry = true;
    if (this.#closed || this.#source || this.#retry === undefined) return;
    clearTimeout(this.#retry);
    this.#retry = undefined;
    this.wanted();
  }

  /** The browser says it is offline: an open stream hears nothing more, so it is down at once. */
  offline(): void {
    if (this.#closed || !this.#token || this.#ended) return;
    this.#disconnect();
    this.#later();
  }

  /** Tells the other tabs how the stream is doing. */
  tell(): void {
    this.post({ t: 'status', status: $live.get() });
  }

  close(): void {
    this.#closed = true;
    this.#stopToken();
    this.#disconnect();
    clearTimeout(this.#pause);
    clearTimeout(this.#down);
  }

  #set(status: LiveStatusName, retryAt: number | null = null): void {
    if (status !== 'reconnecting' && status !== 'down') {
      clearTimeout(this.#down);
      this.#down = undefined;
    }
    const now = $live.get();
    if (now.status !== status || now.retryAt !== retryAt) $live.set({ status, retryAt });
    this.tell();
  }

  async #connect(): Promise<void> {
    this.#connecting = true;
    const status = $live.get().status;
    if (status === 'paused' || status === 'off') this.#set('connecting');
    const token = this.#token;
    let url: string;
    try {
      ({ url } = await liveTicket({ quiet: true }));
    } catch {
      this.#connecting = false;
      this.#later();
      return;
    }
    this.#connecting = false;
    if (this.#closed || token !== this.#token || !this.anySeen()) return this.wanted();
    const from = state.last;
    const source = new EventSource(from ? `${url}&after=${encodeURIComponent(from)}` : url);
    this.#source = source;
    const place = (event: MessageEvent) => placed(event.lastEventId);
    const opened = () => {
      this.#failures = 0;
      this.#hurry = false;
      state.view = { leader: true, open: true };
      this.#set('live');
    };
    source.addEventListener('hello', (event) => {
      opened();
      place(event);
      // Not a resume (the first stream of this browser, another customer's place): what changed
      // between the pages' reads and now is unknown, so they read again once.
      if (event.lastEventId !== from) {
        deliverChange(null);
        this.post({ t: 'reset', id: state.last });
      } else this.post({ t: 'place', id: state.last });
    });
    source.addEventListener('change', (event) => {
      place(event);
      let change: LiveChange;
      try {
        change = JSON.parse(event.data) as LiveChange;
      } catch {
        return;
      }
      deliverChange(change);
      this.post({ t: 'change', change, id: state.last });
    });
    source.addEventListener('reset', (event) => {
      opened();
      place(event);
      deliverChange(null);
      this.post({ t: 'reset', id: state.last });
    });
    source.addEventListener('end', (event) => {
      this.#disconnect();
      // The session ended: the stream stays closed until the token changes. The page learns of it
      // at its next call, as spec §8 has it (598, or 599's question), not from the stream; the live
      // mark says the page may be out of date.
      if (event.data === 'session') {
        this.#ended = true;
        this.#set('down');
      } else this.#later();
    });
    source.onerror = () => {
      // The browser would retry with the same (expired) ticket: this stream reconnects itself.
      this.#disconnect();
      this.#later();
    };
  }

  #disconnect(): void {
    this.#source?.close();
    this.#source = null;
    clearTimeout(this.#retry);
    this.#retry = undefined;
    state.view = { leader: !this.#closed, open: false };
  }

  /**
   * Reconnects after a jittered wait that grows with each failure in a row (1 s … 30 s):
   * `reconnecting` meanwhile, `down` once it has not opened for DOWN_AFTER_MS (or at once when the
   * browser is offline).
   */
  #later(): void {
    if (this.#closed) return;
    if (this.#retry === undefined) {
      const ceiling = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** this.#failures);
      const wait = this.#hurry ? 0 : ceiling / 2 + Math.random() * (ceiling / 2);
      this.#hurry = false;
      this.#failures += 1;
      this.#retryAt = Date.now() + wait;
      this.#retry = setTimeout(() => {
        this.#retry = undefined;
        this.wanted();
      }, wait);
    }
    const down = $live.get().status === 'down' || offline();
    this.#set(down ? 'down' : 'reconnecting', this.#retryAt);
    if (!down && this.#down === undefined)
      this.#down = setTimeout(() => {
        this.#down = undefined;
        if ($live.get().status === 'reconnecting') this.#set('down', this.#retryAt);
      }, DOWN_AFTER_MS);
  }
}

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
 */
export const CHANNEL = 'lp-live';
/** Where the browser keeps the place told last, so that the next page load resumes from it. */
export const PLACE_KEY = 'lp-live-place';
export const PAUSE_AFTER_MS = 15_000;
const RETRY_FIRST_MS = 1000;
const RETRY_MAX_MS = 30_000;

type Message =
  | { t: 'change'; change: LiveChange; id: string }
  | { t: 'reset'; id: string }
  | { t: 'place'; id: string }
  | { t: 'seen'; tab: string; visible: boolean }
  | { t: 'ask' };

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
}));

function placed(id: string): void {
  if (!id || id === state.last) return;
  state.last = id;
  local.set(PLACE_KEY, id);
}

export const liveState = (): LiveState => ({ ...state.view });

const visible = () => document.visibilityState === 'visible';

/** Starts following the stream (once per page); answers the way to stop. */
export function startLive(): () => void {
  if (state.started) return () => {};
  state.started = true;
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;
  const post = (message: Message) => channel?.postMessage(message);
  const tabs = new Map<string, boolean>([[state.tab, visible()]]);
  let lead: Leader | null = null;

  channel?.addEventListener('message', (event: MessageEvent<Message>) => {
    const message = event.data;
    if (message.t === 'change') {
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
    }
  });
  const onVisibility = () => {
    tabs.set(state.tab, visible());
    post({ t: 'seen', tab: state.tab, visible: visible() });
    lead?.wanted();
  };
  const onHide = () => post({ t: 'seen', tab: state.tab, visible: false });
  document.addEventListener('visibilitychange', onVisibility);
  addEventListener('pagehide', onHide);

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
    state.started = false;
    state.view = { leader: false, open: false };
  };
}

/** The tab that holds the stream. */
class Leader {
  #source: EventSource | null = null;
  #token = $token.get();
  #retry: ReturnType<typeof setTimeout> | undefined;
  #pause: ReturnType<typeof setTimeout> | undefined;
  #failures = 0;
  #closed = false;
  #connecting = false;
  readonly #stopToken: () => void;

  constructor(
    private readonly post: (message: Message) => void,
    private readonly anySeen: () => boolean,
  ) {
    state.view = { leader: true, open: false };
    this.#stopToken = $token.listen((token) => {
      if (token === this.#token) return;
      this.#token = token;
      // another session or none: its stream is not this one's
      this.#disconnect();
      this.#failures = 0;
      this.wanted();
    });
    this.wanted();
  }

  /** Connects, stays or pauses as the tabs' visibility and the session want. */
  wanted(): void {
    if (this.#closed) return;
    const want = this.#token !== '' && this.anySeen();
    if (want) {
      clearTimeout(this.#pause);
      this.#pause = undefined;
      if (!this.#source && !this.#connecting && this.#retry === undefined) void this.#connect();
    } else if (this.#source && this.#pause === undefined) {
      this.#pause = setTimeout(() => {
        this.#pause = undefined;
        if (!this.anySeen()) this.#disconnect();
      }, PAUSE_AFTER_MS);
    } else if (!this.#token) this.#disconnect();
  }

  close(): void {
    this.#closed = true;
    this.#stopToken();
    this.#disconnect();
    clearTimeout(this.#pause);
  }

  async #connect(): Promise<void> {
    this.#connecting = true;
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
    source.addEventListener('hello', (event) => {
      this.#failures = 0;
      state.view = { leader: true, open: true };
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
      this.#failures = 0;
      state.view = { leader: true, open: true };
      place(event);
      deliverChange(null);
      this.post({ t: 'reset', id: state.last });
    });
    source.addEventListener('end', (event) => {
      this.#disconnect();
      // The session ended: the stream stays closed until the token changes. The page learns of it
      // at its next call, as spec §8 has it (598, or 599's question), not from the stream.
      if (event.data !== 'session') this.#later();
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

  /** Reconnects after a jittered wait that grows with each failure in a row (1 s … 30 s). */
  #later(): void {
    if (this.#closed || this.#retry !== undefined) return;
    const ceiling = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** this.#failures);
    this.#failures += 1;
    this.#retry = setTimeout(
      () => {
        this.#retry = undefined;
        this.wanted();
      },
      ceiling / 2 + Math.random() * (ceiling / 2),
    );
  }
}

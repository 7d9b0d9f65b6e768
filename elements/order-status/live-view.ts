import { apiBase } from '../../src/api/config.ts';
import { liveTicket } from '../../src/contract/tracking/operations.ts';
import { trackingCall } from './tracking-client.ts';

const RETRY_FIRST_MS = 2000;
const RETRY_MAX_MS = 120_000;

/**
 * The viewed order on the live stream (server/areas/live: a viewer's ticket for the view token
 * names the one order): `changed()` is called when the server says the order changed (what
 * changed it does not say; the element reads its masked status again) and after a reconnect
 * (what it missed meanwhile). Closed while the page is hidden; reconnects with a new ticket after
 * a jittered wait that grows with each failure; stops for good when the view ends.
 */
export class LiveView {
  #source: EventSource | null = null;
  #retry: ReturnType<typeof setTimeout> | undefined;
  #failures = 0;
  #view = '';
  #on = false;
  #heard = false;

  constructor(private readonly changed: () => void) {}

  start(view: string): void {
    this.stop();
    this.#view = view;
    this.#on = true;
    this.#heard = false;
    document.addEventListener('visibilitychange', this.#visibility);
    void this.#connect();
  }

  stop(): void {
    this.#on = false;
    document.removeEventListener('visibilitychange', this.#visibility);
    this.#close();
  }

  #visibility = () => {
    if (document.hidden) {
      this.#close();
      // shown again, the follower reads at once itself: the next hello is no reconnect
      this.#heard = false;
    } else void this.#connect();
  };

  #close(): void {
    this.#source?.close();
    this.#source = null;
    clearTimeout(this.#retry);
    this.#retry = undefined;
  }

  async #connect(): Promise<void> {
    if (!this.#on || document.hidden || this.#source || this.#retry !== undefined) return;
    let ticket: string;
    try {
      ({ ticket } = await trackingCall(liveTicket, { view: this.#view }));
    } catch {
      return this.#later();
    }
    if (!this.#on || document.hidden || this.#source) return;
    const source = new EventSource(`${apiBase()}/live/stream?ticket=${encodeURIComponent(ticket)}`);
    this.#source = source;
    source.addEventListener('hello', () => {
      this.#failures = 0;
      // a reconnect: what changed while the stream was away is read once
      if (this.#heard) this.changed();
      this.#heard = true;
    });
    source.addEventListener('change', () => this.changed());
    source.addEventListener('end', (event) => {
      this.#close();
      if (event.data === 'session') this.#on = false;
      else this.#later();
    });
    source.onerror = () => {
      this.#close();
      this.#later();
    };
  }

  #later(): void {
    if (!this.#on || this.#retry !== undefined) return;
    const ceiling = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** this.#failures);
    this.#failures += 1;
    this.#retry = setTimeout(
      () => {
        this.#retry = undefined;
        void this.#connect();
      },
      ceiling / 2 + Math.random() * (ceiling / 2),
    );
  }
}

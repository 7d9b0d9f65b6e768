import type { Bus } from '../../core/bus.ts';
import type { DB } from '../../db/database.ts';
import { eventsAfter, headOf, type LiveEvent } from './events.ts';

export type Listener = (events: readonly LiveEvent[]) => void;

export interface HubOptions {
  /** How often the hub reads the heads when it cannot rely on the bus (LISTEN down or off). */
  pollMs: number;
  /** How often it reads them anyway while the bus is up (a message lost on a reconnect). */
  safetyPollMs: number;
  /** False: the bus is not listened to at all (a pooler without LISTEN): the hub polls. */
  listen: boolean;
}

/** What the hub reads of one customer at a time. */
const PAGE = 500;

interface Customer {
  /** The newest place delivered to the listeners. */
  last: number;
  listeners: Set<Listener>;
  reading: Promise<void> | null;
  again: boolean;
}

/**
 * One per server process: the customers its open streams follow, each with the newest event place
 * delivered. Woken by the bus (`live`, `cu:seq`, sent by the outbox on commit) and by a poll of
 * `event_heads` (every `pollMs` while the bus is down or not listened to, every `safetyPollMs`
 * while it is up), it reads each customer's new events once, however many streams follow it, and
 * hands them to every listener. Correctness never depends on the bus: the events are numbered
 * without gaps, so a poll finds whatever a lost message would have told.
 */
export class LiveHub {
  readonly #customers = new Map<number, Customer>();
  readonly #stops: Array<() => void> = [];
  #timer: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(
    private readonly db: DB,
    private readonly bus: Bus,
    readonly options: HubOptions,
  ) {
    if (options.listen) {
      this.#stops.push(
        bus.on('live', (payload) => {
          const cuId = Number(payload.slice(0, payload.indexOf(':')));
          const seq = Number(payload.slice(payload.indexOf(':') + 1));
          const customer = this.#customers.get(cuId);
          if (customer && seq > customer.last) this.#wake(cuId, customer);
        }),
        // back up: messages sent meanwhile were missed, so every customer is read again
        bus.onState((up) => {
          if (up) this.#pollNow();
        }),
      );
    }
    this.#schedule();
  }

  /** Streams open on this process, by customer (bench, tests). */
  get followed(): number {
    let n = 0;
    for (const customer of this.#customers.values()) n += customer.listeners.size;
    return n;
  }

  /**
   * Follows a customer's events: `listener` hears every event after the answered place, in
   * order, once. The caller reads what came before it (a stream's resume) itself.
   */
  async follow(cuId: number, listener: Listener): Promise<{ head: number; stop: () => void }> {
    let customer = this.#customers.get(cuId);
    if (!customer) {
      const head = await headOf(this.db, cuId);
      // another stream of the customer may have arrived meanwhile
      const known = this.#customers.get(cuId);
      customer = known ?? { last: head, listeners: new Set(), reading: null, again: false };
      if (!known) {
        this.#customers.set(cuId, customer);
        // a change committed between the head's read and now was told to nobody: read after it
        void this.#wake(cuId, customer);
      }
    }
    const followed = customer;
    followed.listeners.add(listener);
    return {
      head: followed.last,
      stop: () => {
        followed.listeners.delete(listener);
        if (followed.listeners.size === 0 && this.#customers.get(cuId) === followed)
          this.#customers.delete(cuId);
      },
    };
  }

  /** Reads a customer's new events now (after a write of this process, in tests). */
  wake(cuId: number): Promise<void> {
    const customer = this.#customers.get(cuId);
    return customer ? this.#wake(cuId, customer) : Promise.resolve();
  }

  close(): void {
    this.#closed = true;
    clearTimeout(this.#timer);
    for (const stop of this.#stops.splice(0)) stop();
    this.#customers.clear();
  }

  #wake(cuId: number, customer: Customer): Promise<void> {
    if (customer.reading) {
      customer.again = true;
      return customer.reading;
    }
    customer.reading = (async () => {
      try {
        do {
          customer.again = false;
          for (;;) {
            const events = await eventsAfter(this.db, cuId, customer.last, PAGE);
            if (events.length === 0) break;
            customer.last = events[events.length - 1]!.seq;
            for (const listener of customer.listeners) {
              try {
                listener(events);
              } catch (error) {
                console.error('[live] a listener failed:', error instanceof Error ? error.message : error);
              }
            }
            if (events.length < PAGE) break;
          }
        } while (customer.again && !this.#closed);
      } catch (error) {
        // the database is away: the next poll or message reads again from the same place
        console.warn('[live] reading events failed:', error instanceof Error ? error.message : error);
      } finally {
        customer.reading = null;
      }
    })();
    return customer.reading;
  }

  #schedule(): void {
    if (this.#closed) return;
    const relied = this.options.listen && this.bus.up;
    this.#timer = setTimeout(
      () => {
        void this.#poll().finally(() => this.#schedule());
      },
      relied ? this.options.safetyPollMs : this.options.pollMs,
    );
    this.#timer.unref();
  }

  #pollNow(): void {
    void this.#poll();
  }

  async #poll(): Promise<void> {
    const ids = [...this.#customers.keys()];
    if (ids.length === 0) return;
    try {
      const heads = await this.db
        .selectFrom('event_heads')
        .select(['cu_id', 'seq'])
        .where('cu_id', 'in', ids)
        .execute();
      await Promise.all(
        heads.map((head) => {
          const customer = this.#customers.get(head.cu_id);
          return customer && head.seq > customer.last ? this.#wake(head.cu_id, customer) : undefined;
        }),
      );
    } catch (error) {
      console.warn('[live] polling the event heads failed:', error instanceof Error ? error.message : error);
    }
  }
}

const hubs = new WeakMap<DB, LiveHub>();

/** The hub of a database handle (one per server process, one per test app), made on first use. */
export function hubOf(db: DB, bus: Bus, options: HubOptions): LiveHub {
  let hub = hubs.get(db);
  if (!hub) {
    hub = new LiveHub(db, bus, options);
    hubs.set(db, hub);
  }
  return hub;
}

/** Closes the hub of `db`, if any (the process stops). */
export function closeHub(db: DB): void {
  hubs.get(db)?.close();
  hubs.delete(db);
}

import { sql } from 'kysely';
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import type { DB, OpenedDatabase } from '../db/database.ts';

/**
 * The notification bus between the server processes that share one database: PostgreSQL's
 * LISTEN/NOTIFY on a connection of its own (PostgresBus), or PGlite's own listener on PGlite,
 * which is one process (PGliteBus). A message is a topic and a short text; every process hears every
 * message, its own included.
 *
 * `notify(db, …)` (or `bus.send`) runs `pg_notify` on `db`: inside a transaction the message is
 * delivered when the transaction commits (never when it rolls back), so send it in the
 * transaction of the change.
 */
export type Topic = 'sessions' | 'exports' | 'live' | 'mail' | 'webhooks';

export interface Bus {
  readonly kind: 'postgres' | 'in-process';
  /** True while messages are heard; when false, some may be missed (no caching then). */
  readonly up: boolean;
  /** Sends `payload` on `topic` through `db` (a transaction delivers it on commit). */
  send(db: DB, topic: Topic, payload: string): Promise<void>;
  /** Hears every message of `topic`; answers the way to stop. */
  on(topic: Topic, handler: (payload: string) => void): () => void;
  /**
   * Hears the listener going down (messages may be missed from now on) and coming up again
   * (messages sent meanwhile were missed: drop what they would have invalidated).
   */
  onState(handler: (up: boolean) => void): () => void;
  close(): Promise<void>;
}

/** The one PostgreSQL channel; the topic travels in the payload (`topic\npayload`). */
export const CHANNEL = 'lp_bus';

abstract class BaseBus {
  readonly #handlers = new Map<Topic, Set<(payload: string) => void>>();
  readonly #stateHandlers = new Set<(up: boolean) => void>();

  on(topic: Topic, handler: (payload: string) => void): () => void {
    let set = this.#handlers.get(topic);
    if (!set) {
      set = new Set();
      this.#handlers.set(topic, set);
    }
    set.add(handler);
    return () => set.delete(handler);
  }

  onState(handler: (up: boolean) => void): () => void {
    this.#stateHandlers.add(handler);
    return () => this.#stateHandlers.delete(handler);
  }

  protected deliver(message: string): void {
    const cut = message.indexOf('\n');
    if (cut < 0) return;
    const topic = message.slice(0, cut) as Topic;
    const payload = message.slice(cut + 1);
    for (const handler of this.#handlers.get(topic) ?? []) {
      try {
        handler(payload);
      } catch (error) {
        console.error(`[bus] a ${topic} handler failed:`, error instanceof Error ? error.message : error);
      }
    }
  }

  protected changed(up: boolean): void {
    for (const handler of this.#stateHandlers) handler(up);
  }
}

/**
 * PGlite's bus: PGlite is one process, so it listens on the same single connection, through
 * PGlite's own notifications (delivered on commit, like PostgreSQL's).
 */
export class PGliteBus extends BaseBus implements Bus {
  readonly kind = 'in-process';
  readonly up = true;
  #unlisten: (() => Promise<void>) | undefined;

  constructor(private readonly pglite: PGlite) {
    super();
  }

  async start(): Promise<void> {
    this.#unlisten = await this.pglite.listen(CHANNEL, (message) => this.deliver(message));
  }

  send(db: DB, topic: Topic, payload: string): Promise<void> {
    return notify(db, topic, payload);
  }

  async close(): Promise<void> {
    const unlisten = this.#unlisten;
    this.#unlisten = undefined;
    if (unlisten && !this.pglite.closed) await unlisten();
  }
}

export interface PostgresBusOptions {
  connectionString: string;
  /** First wait before reconnecting; doubles up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
  /** A `select 1` on the listening connection this often finds a connection that died silently. */
  heartbeatMs?: number;
}

/**
 * LISTEN on a dedicated connection (not the pool's: a pooled connection is handed to others).
 * When the connection breaks, the bus is down until a new one listens again; on every
 * (re)connect the state handlers hear `true` and must assume messages were missed.
 */
export class PostgresBus extends BaseBus implements Bus {
  readonly kind = 'postgres';
  #client: pg.Client | null = null;
  #up = false;
  #closed = false;
  #retry: NodeJS.Timeout | undefined;
  #heartbeat: NodeJS.Timeout | undefined;
  #wait: number;
  readonly #options: Required<PostgresBusOptions>;

  constructor(options: PostgresBusOptions) {
    super();
    this.#options = { retryMs: 100, maxRetryMs: 2000, heartbeatMs: 5000, ...options };
    this.#wait = this.#options.retryMs;
  }

  get up(): boolean {
    return this.#up;
  }

  /** Connects and listens; resolves once listening, or after the first failure (it retries). */
  async start(): Promise<void> {
    await this.#connect();
  }

  send(db: DB, topic: Topic, payload: string): Promise<void> {
    return notify(db, topic, payload);
  }

  async #connect(): Promise<void> {
    if (this.#closed) return;
    const client = new pg.Client({
      connectionString: this.#options.connectionString,
      keepAlive: true,
      connectionTimeoutMillis: 5000,
      application_name: 'lp-bus',
    });
    this.#client = client;
    client.on('notification', (message) => {
      if (message.channel === CHANNEL && message.payload !== undefined) this.deliver(message.payload);
    });
    client.on('error', () => this.#lost(client));
    client.on('end', () => this.#lost(client));
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
    } catch {
      this.#lost(client);
      return;
    }
    if (this.#client !== client || this.#closed) return;
    this.#wait = this.#options.retryMs;
    this.#up = true;
    this.#heartbeat = setInterval(() => void this.#beat(client), this.#options.heartbeatMs);
    this.#heartbeat.unref();
    this.changed(true);
  }

  async #beat(client: pg.Client): Promise<void> {
    const timeout = setTimeout(() => this.#lost(client), this.#options.heartbeatMs);
    try {
      await client.query('select 1');
    } catch {
      this.#lost(client);
    } finally {
      clearTimeout(timeout);
    }
  }

  #lost(client: pg.Client): void {
    if (this.#client !== client) return;
    this.#client = null;
    clearInterval(this.#heartbeat);
    client.removeAllListeners('notification');
    client.on('error', () => {});
    void client.end().catch(() => {});
    const wasUp = this.#up;
    this.#up = false;
    if (wasUp) {
      console.warn('[bus] the database listener is down: no session caching until it is back');
      this.changed(false);
    }
    if (this.#closed) return;
    this.#retry = setTimeout(() => void this.#connect(), this.#wait);
    this.#retry.unref();
    this.#wait = Math.min(this.#wait * 2, this.#options.maxRetryMs);
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#retry);
    clearInterval(this.#heartbeat);
    const client = this.#client;
    this.#client = null;
    this.#up = false;
    if (client) {
      client.removeAllListeners();
      client.on('error', () => {});
      await client.end().catch(() => {});
    }
  }
}

/**
 * A bus that hears nothing and is never up (so nothing relies on it): for an app that runs no
 * background work and caches no sessions (scripts, tests that build their own app).
 */
export class OfflineBus extends BaseBus implements Bus {
  readonly kind = 'in-process';
  readonly up = false;
  send(db: DB, topic: Topic, payload: string): Promise<void> {
    return notify(db, topic, payload);
  }
  async close(): Promise<void> {}
}

/**
 * Sends `payload` on `topic` to every process listening on the database of `db`: inside a
 * transaction it is delivered on commit, never on rollback. Needs no bus (any handle will do).
 */
export async function notify(db: DB, topic: Topic, payload: string): Promise<void> {
  await sql`select pg_notify(${CHANNEL}, ${`${topic}\n${payload}`})`.execute(db);
}

/** The bus of an opened database: LISTEN on a connection of its own, or PGlite's listener. */
export async function openBus(database: OpenedDatabase, databaseUrl: string | undefined): Promise<Bus> {
  const bus = database.pglite
    ? new PGliteBus(database.pglite)
    : new PostgresBus({ connectionString: databaseUrl ?? '' });
  await bus.start();
  return bus;
}

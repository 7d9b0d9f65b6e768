/** Where drafts are kept: IndexedDB, or memory where IndexedDB is missing or refused. */

/** One stored draft. `data` is the form state as the form gave it (structured-cloneable). */
export interface DraftRecord<T = unknown> {
  /** `kind:user:customer:id` (see draftKey). */
  key: string;
  kind: string;
  id: string;
  user: number;
  customer: number;
  /** `user:customer`: what `list` looks drafts up by. */
  owner: string;
  data: T;
  /** When it was written (ms since the epoch). */
  savedAt: number;
  /** Counts the writes of this draft. */
  revision: number;
}

export interface DraftBackend {
  /** True when drafts survive a reload and a closed tab (IndexedDB), false in memory. */
  readonly persistent: Promise<boolean>;
  get(key: string): Promise<DraftRecord | undefined>;
  put(record: DraftRecord): Promise<void>;
  delete(key: string): Promise<void>;
  /** Every draft of one user in one customer account. */
  list(owner: string): Promise<DraftRecord[]>;
}

/** Drafts in memory (lost on reload): the fallback, and what tests of other parts use. */
export function memoryBackend(): DraftBackend {
  const records = new Map<string, DraftRecord>();
  return {
    persistent: Promise.resolve(false),
    get: async (key) => (records.has(key) ? structuredClone(records.get(key)) : undefined),
    put: async (record) => void records.set(record.key, structuredClone(record)),
    delete: async (key) => void records.delete(key),
    list: async (owner) =>
      [...records.values()].filter((r) => r.owner === owner).map((r) => structuredClone(r)),
  };
}

const STORE = 'drafts';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

/**
 * Opens the database; `gone` is called once the connection is closed under it: another tab
 * upgrades or deletes the database (`versionchange`: closed here so that it can), or the browser
 * closes it (`close`: storage cleared, a disk error). The next call then opens it again. (A
 * connection closed by `close()` fires no `close` event: a cached one would stay, refusing every
 * transaction with "the database connection is closing".)
 */
function open(factory: IDBFactory, name: string, gone: () => void): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = factory.open(name, 1);
    req.onupgradeneeded = () => {
      const store = req.result.createObjectStore(STORE, { keyPath: 'key' });
      store.createIndex('owner', 'owner');
    };
    req.onsuccess = () => {
      const db = req.result;
      db.onversionchange = () => {
        db.close();
        gone();
      };
      db.onclose = gone;
      resolve(db);
    };
    req.onerror = () => reject(req.error);
    req.onblocked = () => reject(new Error('the drafts database is blocked by another tab'));
  });
}

export interface IndexedDbBackendOptions {
  /** Database name. Default `lp-drafts`. */
  name?: string;
  /** The IndexedDB to use (default the page's; null: none, as where it is missing). */
  factory?: IDBFactory | null;
}

/**
 * Drafts in IndexedDB (one database, one object store keyed by `key`, an index on `owner`).
 * The raw API in ~60 lines rather than a library: idb-keyval has no indexes, so listing one
 * user's drafts would read every draft's data, and `idb` would add a dependency for four calls.
 * Where IndexedDB is missing or refuses to open (privacy modes, sandboxed frames) it falls back
 * to memory and says so through `persistent`.
 */
export function indexedDbBackend(options: IndexedDbBackendOptions = {}): DraftBackend {
  const name = options.name ?? 'lp-drafts';
  const factory =
    options.factory === undefined ? (globalThis as { indexedDB?: IDBFactory }).indexedDB : options.factory;
  const fallback = memoryBackend();
  let db: Promise<IDBDatabase | null> | null = null;
  const connect = (): Promise<IDBDatabase | null> => {
    if (db) return db;
    const connection: Promise<IDBDatabase | null> = (async () => {
      if (!factory) return null;
      try {
        return await open(factory, name, () => {
          if (db === connection) db = null;
        });
      } catch {
        return null;
      }
    })();
    db = connection;
    return connection;
  };
  const run = async <T>(
    mode: IDBTransactionMode,
    work: (store: IDBObjectStore) => IDBRequest<T>,
    memory: (backend: DraftBackend) => Promise<T>,
  ): Promise<T> => {
    const database = await connect();
    if (!database) return memory(fallback);
    const tx = database.transaction(STORE, mode);
    // a write counts once its transaction committed, not when its request succeeded
    const done = new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error ?? new Error('draft transaction aborted'));
    });
    const [result] = await Promise.all([request(work(tx.objectStore(STORE))), done]);
    return result;
  };
  return {
    get persistent() {
      return connect().then((database) => database !== null);
    },
    get: (key) =>
      run(
        'readonly',
        (s) => s.get(key) as IDBRequest<DraftRecord | undefined>,
        (m) => m.get(key),
      ),
    put: (record) =>
      run(
        'readwrite',
        (s) => s.put(record),
        (m) => m.put(record).then(() => record.key),
      ).then(() => undefined),
    delete: (key) =>
      run(
        'readwrite',
        (s) => s.delete(key),
        (m) => m.delete(key).then(() => undefined),
      ),
    list: (owner) =>
      run(
        'readonly',
        (s) => s.index('owner').getAll(owner) as IDBRequest<DraftRecord[]>,
        (m) => m.list(owner),
      ),
  };
}

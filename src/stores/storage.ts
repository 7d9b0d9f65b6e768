import { readCookie } from '../lib/read-cookie.ts';
import { shared } from './registry.ts';

/** A string key-value store: localStorage, sessionStorage or cookies, or memory where those fail. */
export interface KeyValue {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

function memory(): KeyValue {
  const values = new Map<string, string>();
  return {
    get: (key) => values.get(key) ?? null,
    set: (key, value) => void values.set(key, value),
    remove: (key) => void values.delete(key),
  };
}

function globalStorage(kind: 'localStorage' | 'sessionStorage'): Storage | undefined {
  try {
    return (globalThis as Partial<Record<typeof kind, Storage>>)[kind];
  } catch {
    return undefined; // reading the property throws where storage is blocked
  }
}

/** Web storage when it exists and accepts writes (blocked in some iframes and privacy modes). */
export function webStorage(storage: Storage | undefined): KeyValue {
  try {
    if (!storage) return memory();
    const probe = '__lp_probe__';
    storage.setItem(probe, probe);
    storage.removeItem(probe);
    const fallback = memory();
    return {
      get: (key) => {
        try {
          return storage.getItem(key);
        } catch {
          return fallback.get(key);
        }
      },
      set: (key, value) => {
        try {
          storage.setItem(key, value);
        } catch {
          fallback.set(key, value);
        }
      },
      remove: (key) => {
        try {
          storage.removeItem(key);
        } catch {
          fallback.remove(key);
        }
      },
    };
  } catch {
    return memory();
  }
}

/**
 * The page's cookies. Served over TLS they are `Secure` (never sent over plain HTTP, where the
 * token could be read on the way); `SameSite=Lax` always. The server never reads them (the token
 * travels in `X-Token`), so they cannot carry a forged request either.
 */
function documentCookies(doc: Pick<Document, 'cookie'>, secure: boolean): KeyValue {
  const attributes = `path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
  return {
    get: (key) => readCookie(doc.cookie, key),
    set(key, value) {
      doc.cookie = `${encodeURIComponent(key)}=${encodeURIComponent(value)}; ${attributes}`;
    },
    remove(key) {
      doc.cookie = `${encodeURIComponent(key)}=; max-age=0; ${attributes}`;
    },
  };
}

/** document.cookie when readable, else memory; `Secure` when the page came over https. */
export function cookieJar(
  doc: Pick<Document, 'cookie'> | undefined,
  secure = globalThis.location?.protocol === 'https:',
): KeyValue {
  try {
    if (doc && typeof doc.cookie === 'string') {
      void doc.cookie;
      return documentCookies(doc, secure);
    }
  } catch {
    // cookies blocked (sandboxed iframe without allow-same-origin)
  }
  return memory();
}

const stores = shared('storage', () => ({
  local: webStorage(globalStorage('localStorage')),
  session: webStorage(globalStorage('sessionStorage')),
  cookies: cookieJar((globalThis as { document?: Document }).document),
}));

/** localStorage (or memory). */
export const local: KeyValue = stores.local;
/** sessionStorage (or memory). */
export const session: KeyValue = stores.session;
/** document.cookie (or memory). */
export const cookies: KeyValue = stores.cookies;

/** Reads a JSON value, or `fallback` when missing or unreadable. */
export function readJson<T>(store: KeyValue, key: string, fallback: T): T {
  const raw = store.get(key);
  if (raw === null) return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}

export function writeJson(store: KeyValue, key: string, value: unknown): void {
  store.set(key, JSON.stringify(value));
}

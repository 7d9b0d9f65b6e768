import { describe, expect, it } from 'vitest';
import { cookieJar, readJson, webStorage, writeJson } from './storage.ts';

/** A Storage that works like the browser's (enough for the adapter). */
function fakeStorage(blocked = false): Storage {
  const values = new Map<string, string>();
  return {
    get length() {
      return values.size;
    },
    clear: () => values.clear(),
    key: (i) => [...values.keys()][i] ?? null,
    getItem: (k) => values.get(k) ?? null,
    setItem: (k, v) => {
      if (blocked) throw new DOMException('blocked', 'SecurityError');
      values.set(k, v);
    },
    removeItem: (k) => void values.delete(k),
  };
}

/** A document whose `cookie` behaves like the browser's: writes add or expire one cookie. */
function fakeDocument() {
  const jar = new Map<string, string>();
  const lines: string[] = [];
  return {
    /** Every cookie line written, with its attributes. */
    lines,
    get cookie() {
      return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    },
    set cookie(line: string) {
      lines.push(line);
      const [pair = '', ...attributes] = line.split(';');
      const [key = '', value = ''] = pair.split('=');
      if (attributes.some((a) => a.trim() === 'max-age=0')) jar.delete(key);
      else jar.set(key, value);
    },
  };
}

describe('storage adapter', () => {
  it('uses web storage when it accepts writes', () => {
    const backing = fakeStorage();
    const store = webStorage(backing);
    writeJson(store, 'k', { a: 1 });
    expect(backing.getItem('k')).toBe('{"a":1}');
    expect(readJson(store, 'k', null)).toEqual({ a: 1 });
    store.remove('k');
    expect(store.get('k')).toBeNull();
  });

  it('falls back to memory where storage is missing or blocked', () => {
    for (const store of [webStorage(undefined), webStorage(fakeStorage(true))]) {
      store.set('k', 'v');
      expect(store.get('k')).toBe('v');
      store.remove('k');
      expect(store.get('k')).toBeNull();
    }
  });

  it('reads a fallback for missing or unreadable JSON', () => {
    const store = webStorage(undefined);
    store.set('bad', '{nope');
    expect(readJson(store, 'bad', 7)).toBe(7);
    expect(readJson(store, 'missing', 'x')).toBe('x');
  });

  it('reads, writes and removes cookies, encoded', () => {
    const doc = fakeDocument();
    const jar = cookieJar(doc);
    jar.set('Admin-Token', 'a b;c');
    jar.set('sidebarStatus', '1');
    expect(jar.get('Admin-Token')).toBe('a b;c');
    jar.remove('Admin-Token');
    expect(jar.get('Admin-Token')).toBeNull();
    expect(jar.get('sidebarStatus')).toBe('1');
  });

  it('marks cookies Secure on a page served over https, and only there', () => {
    const plain = fakeDocument();
    cookieJar(plain, false).set('Admin-Token', 't');
    expect(plain.lines).toEqual(['Admin-Token=t; path=/; SameSite=Lax']);
    const tls = fakeDocument();
    const jar = cookieJar(tls, true);
    jar.set('Admin-Token', 't');
    jar.remove('Admin-Token');
    expect(tls.lines).toEqual([
      'Admin-Token=t; path=/; SameSite=Lax; Secure',
      'Admin-Token=; max-age=0; path=/; SameSite=Lax; Secure',
    ]);
  });

  it('keeps cookies in memory without a document', () => {
    const jar = cookieJar(undefined);
    jar.set('Admin-Token', 't');
    expect(jar.get('Admin-Token')).toBe('t');
  });
});

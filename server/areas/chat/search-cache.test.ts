import { describe, expect, it } from 'vitest';
import { LruCache } from './search-cache.ts';

function clock() {
  let t = 1_000;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('LruCache', () => {
  it('keeps at most maxEntries, dropping the least recently used', () => {
    const c = clock();
    const cache = new LruCache<number>(2, 60_000, c.now);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect(cache.size).toBe(2);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
  });

  it('forgets an entry ttlMs after it was stored, even when it is read meanwhile', () => {
    const c = clock();
    const cache = new LruCache<string>(10, 1_000, c.now);
    cache.set('k', 'v');
    c.advance(999);
    expect(cache.get('k')).toBe('v');
    c.advance(1);
    expect(cache.get('k')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('replaces a value and restarts its lifetime; clear empties it', () => {
    const c = clock();
    const cache = new LruCache<string>(10, 1_000, c.now);
    cache.set('k', 'old');
    c.advance(600);
    cache.set('k', 'new');
    c.advance(600);
    expect(cache.get('k')).toBe('new');
    cache.clear();
    expect(cache.get('k')).toBeUndefined();
  });
});

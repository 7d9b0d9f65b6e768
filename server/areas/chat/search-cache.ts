/**
 * A bounded least-recently-used cache whose entries also expire `ttlMs` after they were stored
 * (by the given clock). A Map keeps insertion order: a hit moves its key to the end, so the
 * first key is always the least recently used and is the one dropped when the cache is full.
 */
export class LruCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>();

  constructor(
    readonly maxEntries: number,
    readonly ttlMs: number,
    private readonly now: () => number,
  ) {
    if (maxEntries < 1) throw new RangeError('an LRU cache holds at least one entry');
  }

  get size(): number {
    return this.entries.size;
  }

  /** The live value of `key`, now the most recently used; undefined when missing or expired. */
  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expires <= this.now()) return undefined;
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expires: this.now() + this.ttlMs });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }

  clear(): void {
    this.entries.clear();
  }
}

/**
 * A cache bounded by the bytes it holds, not by its number of entries: the
 * least recently used entries leave once the total passes `maxBytes`, and an
 * entry larger than a quarter of the budget is never kept (it would evict
 * everything else for one key). Every cache the server keys by what requests name uses it.
 */
export class ByteLru<K, V> {
  readonly #entries = new Map<K, { value: V; bytes: number }>();
  #bytes = 0;
  /** The key last moved to (or put at) the newest end of the order, and its entry while it is kept. */
  #newest: K | undefined = undefined;
  #newestEntry: { value: V; bytes: number } | undefined = undefined;
  /** Where eviction has reached in the order (#oldestKey). */
  #oldest: MapIterator<K> | undefined = undefined;

  readonly maxBytes: number;
  readonly #sizeOf: (value: V) => number;

  constructor(maxBytes: number, sizeOf: (value: V) => number) {
    this.maxBytes = maxBytes;
    this.#sizeOf = sizeOf;
  }

  get bytes(): number {
    return this.#bytes;
  }

  get size(): number {
    return this.#entries.size;
  }

  get(key: K): V | undefined {
    // A run of hits on one key (a busy file) is answered without a lookup: a key that is a new string each time
    // (a request's path) would be hashed again for every one.
    if (this.#newestEntry !== undefined && key === this.#newest) return this.#newestEntry.value;
    const hit = this.#entries.get(key);
    if (!hit) return undefined;
    // Moved to the newest end.
    this.#entries.delete(key);
    this.#entries.set(key, hit);
    this.#newest = key;
    this.#newestEntry = hit;
    return hit.value;
  }

  /** Keeps the value unless it is too large; returns whether it was kept. */
  set(key: K, value: V): boolean {
    this.delete(key);
    const bytes = this.#sizeOf(value);
    if (bytes > this.maxBytes / 4) return false;
    const entry = { value, bytes };
    this.#entries.set(key, entry);
    this.#newest = key;
    this.#newestEntry = entry;
    this.#bytes += bytes;
    while (this.#bytes > this.maxBytes) {
      const oldest = this.#oldestKey();
      if (oldest.done) break;
      this.delete(oldest.value);
    }
    return true;
  }

  /**
   * The least recently used key, from one iterator kept across evictions. A
   * Map keeps its order by insertion, and removing an entry leaves a hole
   * where it was until the table is rebuilt: an iterator begun anew for each
   * eviction walked past every hole the evictions before it had left, which
   * made a full cache's insertion cost grow with its number of entries. A
   * Map iterator stays valid as entries are added and removed: everything
   * before its position has been evicted, a used entry moves to the end, so
   * its next key is always the oldest, and it passes each hole once.
   */
  #oldestKey(): IteratorResult<K> {
    let next = this.#oldest?.next();
    if (next === undefined || next.done) {
      this.#oldest = this.#entries.keys();
      next = this.#oldest.next();
    }
    return next;
  }

  delete(key: K): void {
    const old = this.#entries.get(key);
    if (!old) return;
    this.#entries.delete(key);
    this.#bytes -= old.bytes;
    if (old === this.#newestEntry) this.#newestEntry = undefined;
  }
}

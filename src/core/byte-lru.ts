/**
 * A cache bounded by the bytes it holds, not by its number of entries: the
 * least recently used entries leave once the total passes `maxBytes`, and an
 * entry larger than a quarter of the budget is never kept (it would evict
 * everything else for one key). Every cache the server keys by what requests name uses it.
 *
 * The order and the byte count are lru-cache's (a linked list over arrays:
 * a hit, an insertion and an eviction each cost the same whatever the
 * number of entries). A Map kept in order by deleting and setting again,
 * evicting from a new iterator each time, walked past every entry removed
 * since the Map last rebuilt its table: a full cache's insertion cost grew
 * with its entries (about 2.6 µs against lru-cache's 1 for a cache of
 * 4,600 keys, by hand), and each hit cost a delete and a set.
 */
import { LRUCache } from 'lru-cache';

/** Keys and values are never null or undefined: lru-cache, like `get` here, reads undefined as absent. */
export class ByteLru<K extends NonNullable<unknown>, V extends NonNullable<unknown>> {
  readonly #entries: LRUCache<K, V>;
  /** The key last used or set, and its value while it is kept: a run of hits on it needs no lookup. */
  #newest: K | undefined = undefined;
  #newestValue: V | undefined = undefined;

  readonly maxBytes: number;
  readonly #sizeOf: (value: V) => number;

  constructor(maxBytes: number, sizeOf: (value: V) => number) {
    this.maxBytes = maxBytes;
    this.#sizeOf = sizeOf;
    this.#entries = new LRUCache<K, V>({
      maxSize: maxBytes,
      // Every way out (deleted, replaced, evicted) ends the shortcut to the newest entry.
      dispose: (_value, key) => {
        if (key === this.#newest) this.#newestValue = undefined;
      },
    });
  }

  get bytes(): number {
    return this.#entries.calculatedSize;
  }

  get size(): number {
    return this.#entries.size;
  }

  get(key: K): V | undefined {
    // A run of hits on one key (a busy file) is answered without a lookup: a key that is a new string each time
    // (a request's path) would be hashed again for every one. It is the most recently used already.
    if (this.#newestValue !== undefined && key === this.#newest) return this.#newestValue;
    const value = this.#entries.get(key);
    if (value !== undefined) {
      this.#newest = key;
      this.#newestValue = value;
    }
    return value;
  }

  /** Keeps the value unless it is too large (a value it replaces leaves either way); returns whether it was kept. */
  set(key: K, value: V): boolean {
    // lru-cache counts whole positive sizes: an empty value counts as one byte.
    const bytes = Math.max(1, Math.ceil(this.#sizeOf(value)));
    if (bytes > this.maxBytes / 4) {
      this.delete(key);
      return false;
    }
    this.#entries.set(key, value, { size: bytes });
    this.#newest = key;
    this.#newestValue = value;
    return true;
  }

  delete(key: K): void {
    this.#entries.delete(key);
  }
}

/**
 * A cache bounded by the bytes it holds, not by its number of entries: the
 * least recently used entries leave once the total passes `maxBytes`, and an
 * entry larger than a quarter of the budget is never kept (it would evict
 * everything else for one key). Every cache the server keys by what requests name uses it.
 */
export class ByteLru<K, V> {
  readonly #entries = new Map<K, { value: V; bytes: number }>();
  #bytes = 0;
  /** The key last moved to (or put at) the newest end of the order. */
  #newest: K | undefined = undefined;

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
    const hit = this.#entries.get(key);
    if (!hit) return undefined;
    // Moved to the newest end, unless it is there already: a run of hits on one key (a busy file) costs one lookup each.
    if (key !== this.#newest) {
      this.#entries.delete(key);
      this.#entries.set(key, hit);
      this.#newest = key;
    }
    return hit.value;
  }

  /** Keeps the value unless it is too large; returns whether it was kept. */
  set(key: K, value: V): boolean {
    this.delete(key);
    const bytes = this.#sizeOf(value);
    if (bytes > this.maxBytes / 4) return false;
    this.#entries.set(key, { value, bytes });
    this.#newest = key;
    this.#bytes += bytes;
    for (const [k, old] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break;
      this.#entries.delete(k);
      this.#bytes -= old.bytes;
    }
    return true;
  }

  delete(key: K): void {
    const old = this.#entries.get(key);
    if (!old) return;
    this.#entries.delete(key);
    this.#bytes -= old.bytes;
  }
}

/**
 * The responses a server has in flight, for the graceful shutdown to wait for
 * and to cut off at its deadline.
 *
 * An array, each response holding its place in it, a removal moving the last
 * response into the gap: every request adds one response and removes it
 * again, and no table is rebuilt for that. A Set under the same churn kept
 * V8 allocating new tables for it: serving the prerendered files at 32
 * connections, the server ran a full (mark-compact) collection every few
 * seconds (`--trace-gc`: 15 in a minute of load); with this array, none in
 * the same load.
 */
import type { ServerResponse } from 'node:http';

type Placed = ServerResponse & Record<symbol, number | undefined>;

export class InFlight {
  readonly #responses: Placed[] = [];
  /** The key under which a response holds its place: this registry's own. */
  readonly #place = Symbol('in-flight place');

  get size(): number {
    return this.#responses.length;
  }

  add(res: ServerResponse): void {
    const placed = res as Placed;
    if (placed[this.#place] !== undefined) return;
    placed[this.#place] = this.#responses.length;
    this.#responses.push(placed);
  }

  /** Removes the response; false when it was not in flight. */
  delete(res: ServerResponse): boolean {
    const placed = res as Placed;
    const at = placed[this.#place];
    if (at === undefined) return false;
    const last = this.#responses.pop()!;
    if (last !== placed) {
      this.#responses[at] = last;
      last[this.#place] = at;
    }
    placed[this.#place] = undefined;
    return true;
  }

  /** The responses in flight now: a copy, so responses may finish while it is read. */
  list(): ServerResponse[] {
    return [...this.#responses];
  }
}

/**
 * A lingering close (as nginx's `lingering_close` and Apache's do it). An
 * answer given before its request's body was read (a 413 for a body too
 * large, a 415, a 404) closes the connection; closed while the client is
 * still sending, the kernel resets it, and a reset throws away what the client
 * had received but not yet read: the answer. So the server closes its side
 * only (the answer, then FIN) and goes on reading what still comes, which
 * Node's parser drops as the refused request's body, until the client closes
 * its side or LINGER_MS has passed; then the socket is destroyed. Nothing is
 * kept: only time is spent, and it is bounded.
 */
import type { Socket } from 'node:net';

/** The longest a closed connection goes on reading and dropping what its client still sends. */
export const LINGER_MS = 5000;

const LINGERING = Symbol('lingering close');

/** Makes the close Node gives the socket after an answer with `Connection: close` a lingering one. */
export function lingerBeforeClose(socket: Socket | null): void {
  const s = socket as (Socket & { [LINGERING]?: true }) | null;
  if (!s || s[LINGERING]) return;
  s[LINGERING] = true;
  // Node calls destroySoon once the answer is finished (its own is end, then destroy once the end is written).
  s.destroySoon = function lingeringClose(this: Socket) {
    if (this.writable) this.end();
    if (this.readableEnded || this.destroyed) return void this.destroy();
    const timer = setTimeout(() => this.destroy(), LINGER_MS);
    timer.unref();
    this.once('end', () => this.destroy());
    this.once('close', () => clearTimeout(timer));
    this.resume();
  };
}

/**
 * A lingering close (as nginx's `lingering_close` and Apache's do it). An
 * answer given before its request's body was read (a 413 for a body too
 * large, a 415, a 404) closes the connection; closed while the client is
 * still sending, the kernel resets it, and a reset throws away what the client
 * had received but not yet read: the answer. So the server closes its side
 * only (the answer, then FIN) and goes on reading what still comes, dropping
 * it, until the client closes its side or LINGER_MS has passed; then the
 * socket is destroyed. Nothing is kept: only time is spent, and it is bounded.
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
    // Destroyed only once the answer is written: destroying drops what is still buffered.
    const destroyOnceWritten = () =>
      this.writableFinished ? this.destroy() : this.once('finish', () => this.destroy());
    if (this.readableEnded || this.destroyed) return void destroyOnceWritten();
    // What still comes is dropped here, not handed to Node's parser (adding a 'data' listener takes the socket from
    // it): a request sent after the refused body must not be run, since the answer said the connection closes, and
    // a body a handler had begun reading, paused where it stopped, would hold the socket still until the reset.
    this.removeAllListeners('data');
    this.on('data', () => {});
    const timer = setTimeout(() => this.destroy(), LINGER_MS);
    timer.unref();
    this.once('end', destroyOnceWritten);
    this.once('close', () => clearTimeout(timer));
    this.resume();
    // The server may have stopped reading the socket (the refused request's body pushed back), on the handle Node's
    // parser read from directly: it is started again as Node's own http server restarts it.
    const handle = (this as Socket & { _handle?: { reading: boolean; readStart(): number } | null })._handle;
    if (handle && !handle.reading) {
      handle.reading = true;
      handle.readStart();
    }
  };
}

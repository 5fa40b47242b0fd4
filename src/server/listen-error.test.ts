import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { listenProblem } from './listen-error.ts';

describe('listenProblem', () => {
  it('names a busy port and the variable to change', async () => {
    const taken = createServer().listen(0, '127.0.0.1');
    await new Promise((r) => taken.once('listening', r));
    const port = (taken.address() as { port: number }).port;
    const error = await new Promise<Error>((r) => createServer().once('error', r).listen(port, '127.0.0.1'));
    taken.close();
    expect(listenProblem(error, '127.0.0.1', port)).toBe(
      `Port ${port} on 127.0.0.1 is already in use: set PORT to a free port.`,
    );
    expect(listenProblem(error, '127.0.0.1', port, 'METRICS_PORT')).toMatch(/set METRICS_PORT to a free port\.$/);
  });

  it('says what to do about a forbidden port and an address not on this machine', () => {
    const coded = (code: string) => Object.assign(new Error(code), { code });
    expect(listenProblem(coded('EACCES'), '0.0.0.0', 80)).toMatch(
      /^Port 80 on 0\.0\.0\.0 needs privileges .* set PORT to a port of 1024 or above\.$/,
    );
    expect(listenProblem(coded('EADDRNOTAVAIL'), '192.0.2.1', 4321)).toMatch(/set HOST to one of its interfaces\.$/);
  });
});

/**
 * Starts the built service (`npm start`'s entry, from dist/) as a child
 * process on a free port, for black-box HTTP tests. `npm test` builds first.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RunningServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  /** Stops gracefully (SIGTERM) and waits for the exit. */
  stop(): Promise<void>;
  /** Kills the process without letting it clean up (SIGKILL). */
  kill(): Promise<void>;
  output(): string;
}

export async function startServer(
  env: Record<string, string> = {},
  opts: { dataDir?: string; /** A copy of the project to start instead of this one. */ project?: string } = {},
): Promise<RunningServer> {
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'csc-test-'));
  const child = spawn(process.execPath, ['src/server/start.mjs'], {
    cwd: opts.project ?? process.cwd(),
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, MONGODB_URI: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 30_000);
    const onData = () => {
      const m = /listening on (http:\/\/[^\s"]+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${out}`));
    });
  });
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return {
    url,
    dataDir,
    process: child,
    stop: async () => {
      await end('SIGTERM');
      if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
    kill: () => end('SIGKILL'),
    output: () => out,
  };
}

import { afterEach, describe, expect, it, vi } from 'vitest';
import { consoleLog, processHost } from '../adapters/process-host.ts';
import astroLog from './astro-log.mjs';
import { createLogger, inRequestScope, TracedResponse } from './request-log.ts';
import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';

const event = (level: string, message: string, label: string | null = 'router') => ({
  level,
  label,
  message,
  newLine: true,
});

afterEach(() => {
  processHost().log = consoleLog;
  vi.restoreAllMocks();
});

describe("Astro's log destination", () => {
  it("writes Astro's lines into the server's JSON log, with the request's id and without colours", () => {
    const lines: string[] = [];
    createLogger({ level: 'info', destination: { write: (s: string) => void lines.push(s) } });
    const res = new TracedResponse(new IncomingMessage(new Socket()));
    res.requestId = 'req-1';
    const destination = astroLog();
    inRequestScope(res, () => destination.write(event('error', '\u001b[31mError: Invalid URL encoding\u001b[39m')));
    destination.write(event('warn', 'a warning', null));
    destination.write(event('debug', 'a debug line'));
    destination.write(event('silent', 'nothing'));
    expect(lines.map((l) => JSON.parse(l))).toMatchObject([
      { level: 'error', source: 'astro', label: 'router', requestId: 'req-1', msg: 'Error: Invalid URL encoding' },
      { level: 'warn', source: 'astro', msg: 'a warning' },
    ]);
    expect(JSON.parse(lines[1]!)).not.toHaveProperty('label');
  });

  it("keeps Astro's own console format where no server has set a log (the build reads it)", () => {
    const written: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((s) => (written.push(String(s)), true));
    astroLog().write(event('info', '/services/aws-s3.html', 'build'));
    expect(written).toHaveLength(1);
    // Coloured or not, as the terminal (or CI) asks: the words are Astro's own.
    expect(written[0]!.replace(/\u001b\[[0-9;]*m/g, '')).toMatch(/\[build\] \/services\/aws-s3\.html\n$/);
  });
});

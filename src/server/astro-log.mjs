/**
 * Astro's log destination (`logger` in astro.config.mjs). While `npm start`
 * serves, what Astro itself logs (a page that throws, a path it cannot read)
 * goes into the server's JSON log as a line like any other, with the id of
 * the request it was logged for, instead of a plain-text `[ERROR]` line
 * between the JSON ones that a log collector cannot parse. Without a
 * server's log (`astro build`, `astro dev`, a serverless host) Astro's own
 * console format, unchanged: the build's summary reads those lines
 * (src/scripts/build.mjs).
 *
 * JavaScript, not TypeScript: Astro loads the entrypoint itself at build
 * time.
 */
import nodeDestination from 'astro/logger/node';
import { consoleLog, processHost } from '../adapters/process-host.ts';

/** Colours Astro puts in some messages (SGR escapes): not for a JSON line. */
const COLOURS = /\u001b\[[0-9;]*m/g;

/** The levels written to the server's log (pino has the same three); Astro's debug lines stay out, as at its default. */
const LEVELS = new Set(['info', 'warn', 'error']);

export default function astroLog(config = {}) {
  const astroConsole = nodeDestination(config);
  return {
    write(event) {
      const log = processHost().log;
      if (log === consoleLog) return astroConsole.write(event);
      const level = event.level;
      if (!LEVELS.has(level)) return;
      log[level](
        { source: 'astro', ...(event.label ? { label: event.label } : {}) },
        event.message.replace(COLOURS, ''),
      );
    },
  };
}

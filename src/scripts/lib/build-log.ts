/**
 * Which lines of Astro's build output a person needs to see. Astro writes one
 * line per prerendered page (about two thousand), which buries the few lines
 * that matter; `npm run build` keeps those in a log file and shows the rest:
 * warnings and errors with their continuation lines, and anything it does not
 * recognise, so nothing unexpected is ever hidden.
 */

const ANSI = new RegExp(String.raw`\u001b\[[0-9;]*m`, 'g');
const TIMESTAMP = /^\d{2}:\d{2}:\d{2} /;
const PAGE = /^\d{2}:\d{2}:\d{2} +[├└]─ /;

export type BuildLine = 'progress' | 'page' | 'show';

/** Classifies one line of `astro build`'s standard output. */
export function classifyBuildLine(raw: string): BuildLine {
  const line = raw.replace(ANSI, '');
  if (/\[(WARN|ERROR)\]/.test(line)) return 'show';
  if (PAGE.test(line)) return 'page';
  if (TIMESTAMP.test(line) || line.trim() === '' || line.trim() === 'prerendering static routes') return 'progress';
  return 'show';
}

/** The one line printed after a quiet build. */
export function buildSummary(pages: number, seconds: number, logFile: string): string {
  return (
    `Built dist/ in ${seconds.toFixed(1)} s (${pages.toLocaleString('en')} prerendered pages and files). ` +
    `Full log: ${logFile}; \`npm run build -- --verbose\` prints it as it runs.`
  );
}

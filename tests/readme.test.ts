/**
 * The README's commands work as written, in the order given: every `sh` block
 * of README.md runs, top to bottom, in one temporary directory (a stand-in for
 * the reader's repository) with `csc` installed globally from this checkout as
 * the README says (`npm install -g .`, into a temporary prefix). A block this
 * test cannot run (it installs, builds or runs the suite itself) carries
 * `<!-- not run: reason -->` right above it in the README; the reasons are
 * listed here, and every other block must exit 0.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

interface Block {
  line: number;
  code: string;
  notRun?: string;
}

/** The `sh` blocks of a markdown text, each with the reason given by a `<!-- not run: … -->` comment just above it. */
export function shellBlocks(markdown: string): Block[] {
  const lines = markdown.split('\n');
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!/^```(sh|bash|shell)\s*$/.test(lines[i]!)) continue;
    const end = lines.indexOf('```', i + 1);
    const above = lines.slice(Math.max(0, i - 2), i).join('\n');
    const notRun = /<!-- not run: (.+?) -->\s*$/.exec(above)?.[1];
    blocks.push({ line: i + 1, code: lines.slice(i + 1, end).join('\n'), ...(notRun ? { notRun } : {}) });
    i = end;
  }
  return blocks;
}

const blocks = shellBlocks(readFileSync('README.md', 'utf8'));
const prefix = mkdtempSync(join(tmpdir(), 'csc-global-'));
const work = mkdtempSync(join(tmpdir(), 'csc-readme-'));
const env = {
  ...process.env,
  // `npm install -g` writes to this prefix instead of the machine's; its bin/ comes first on PATH.
  NPM_CONFIG_PREFIX: prefix,
  PATH: [join(prefix, 'bin'), process.env.PATH].join(delimiter),
};

describe('the README, run as written', () => {
  let installOutput = '';
  beforeAll(() => {
    const r = spawnSync('npm', ['install', '-g', '--no-audit', '--no-fund', '.'], { env, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    installOutput = r.stderr;
  }, 120_000);

  it('npm install -g . warns only as Set-up says: EBADENGINE for this package on an older Node, nothing else', () => {
    const readme = readFileSync('README.md', 'utf8');
    const setUp = readme.slice(readme.indexOf('## Set-up'), readme.indexOf('\n## ', readme.indexOf('## Set-up') + 1));
    expect(setUp).toMatch(/`npm install -g \.`[^\n]*prints the same warning/);
    expect(setUp).toMatch(/`npm run --silent csc -- …` prints none/);
    const warnings = installOutput.split('\n').filter((l) => /^npm (warn|WARN)/.test(l));
    // The user's own npm configuration (README: not from this project) may add its line.
    for (const w of warnings.filter((l) => !/Unknown (user|env) config/.test(l)))
      expect(w).toMatch(
        /EBADENGINE (Unsupported engine \{|\}|  (package: 'cloud-service-catalogue@|required:|current:))/,
      );
  });

  it('marks every block it does not run with a reason, and runs the rest', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(3);
    for (const b of blocks.filter((b) => b.notRun)) expect(b.notRun!.length, `line ${b.line}`).toBeGreaterThan(10);
    expect(blocks.filter((b) => !b.notRun).length).toBeGreaterThan(0);
  });

  it('npm install -g . links csc to this checkout', () => {
    const bin = join(prefix, 'bin', 'csc');
    expect(existsSync(bin)).toBe(true);
    expect(realpathSync(bin)).toBe(realpathSync('src/cli/csc.mjs'));
  });

  it.each(blocks.filter((b) => !b.notRun).map((b) => [b.line, b] as const))(
    'the sh block at README.md:%i exits 0',
    (_line, block) => {
      const r = spawnSync('bash', ['-euo', 'pipefail', '-xc', block.code], { cwd: work, env, encoding: 'utf8' });
      expect(r.status, `${r.stdout}\n${r.stderr}`).toBe(0);
      expect(r.stderr).not.toMatch(/\n\s+at .+:\d+:\d+\)?\n/); // no stack trace
    },
    120_000,
  );

  it('the CLI block leaves the files it says it writes', () => {
    for (const f of ['approved.json', 'scp.json', 'approved.md']) expect(existsSync(join(work, f)), f).toBe(true);
  });
});

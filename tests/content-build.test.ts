/**
 * Editing content/ and rebuilding is how the catalogue changes, so a bad edit
 * must stop the build with a message naming the file and the field. Each case
 * builds a copy of the project with one broken service file.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function projectWith(files: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), 'csc-build-'));
  dirs.push(dir);
  for (const entry of ['package.json', 'tsconfig.json', 'astro.config.mjs', 'src', 'functions', 'schemas'].filter((e) =>
    existsSync(e),
  )) {
    cpSync(entry, join(dir, entry), { recursive: true });
  }
  cpSync('content/providers.json', join(dir, 'content/providers.json'));
  cpSync('content/categories.json', join(dir, 'content/categories.json'));
  cpSync('content/synonyms.json', join(dir, 'content/synonyms.json'));
  // Reference data the policy generator reads (Google's list of the services its constraint supports).
  cpSync(
    'content/reference/gcp-restrict-service-usage-supported.json',
    join(dir, 'content/reference/gcp-restrict-service-usage-supported.json'),
  );
  symlinkSync(join(process.cwd(), 'node_modules'), join(dir, 'node_modules'), 'dir');
  for (const [path, body] of Object.entries(files)) {
    const full = join(dir, path);
    mkdirSync(join(full, '..'), { recursive: true });
    writeFileSync(full, typeof body === 'string' ? body : JSON.stringify(body, null, 2));
  }
  return dir;
}

const service = (over: Record<string, unknown>) => ({
  id: 'aws-example',
  slug: 'aws-example',
  name: 'Amazon Example',
  shortName: 'Example',
  provider: 'aws',
  category: 'compute',
  description: 'An example service.',
  vendorDocs: 'https://docs.aws.amazon.com/example/',
  lastReviewed: '2026-11-01',
  hasFreeTier: false,
  identifiers: { iamPrefixes: ['ec2'] },
  ...over,
});

function build(dir: string, env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [join(dir, 'node_modules/astro/bin/astro.mjs'), 'build'], {
    cwd: dir,
    encoding: 'utf8',
    timeout: 120_000,
    env: { ...process.env, ...env },
  });
  return { status: r.status, output: `${r.stdout}\n${r.stderr}` };
}

describe('the build rejects bad content', () => {
  it('builds a valid minimal catalogue', () => {
    const dir = projectWith({ 'content/services/aws/aws-example.json': service({}) });
    const r = build(dir);
    expect(r.status, r.output).toBe(0);
  });

  it('fails on an invalid field, naming the file and the field', () => {
    const dir = projectWith({ 'content/services/aws/aws-example.json': service({ vendorDocs: 'not a url' }) });
    const r = build(dir);
    expect(r.status).not.toBe(0);
    expect(r.output).toMatch(/aws-example/);
    expect(r.output).toMatch(/vendorDocs/);
  });

  it('fails on a dangling reference (unknown category, equivalent, successor), naming file and field', () => {
    const dir = projectWith({
      'content/services/aws/aws-example.json': service({
        category: 'no-such-category',
        equivalents: { gcp: 'gcp-nothing' },
        lifecycle: {
          status: 'deprecated',
          successorSlug: 'aws-nothing',
          announcementUrl: 'https://aws.amazon.com/blogs/example',
        },
      }),
    });
    const r = build(dir);
    expect(r.status).not.toBe(0);
    expect(r.output).toContain('content/services/aws/aws-example.json: category: unknown category "no-such-category"');
    expect(r.output).toContain('content/services/aws/aws-example.json: equivalents.gcp: unknown service "gcp-nothing"');
    expect(r.output).toContain(
      'content/services/aws/aws-example.json: lifecycle.successorSlug: unknown service slug "aws-nothing"',
    );
  });

  describe('the freshness rule, as of the build date (CATALOGUE_TODAY)', () => {
    const sunsetting = () =>
      projectWith({
        'content/services/aws/aws-example.json': service({
          lifecycle: {
            status: 'sunset',
            sunsetDate: '2026-10-07',
            announcementUrl: 'https://docs.aws.amazon.com/example/end-of-support.html',
          },
        }),
      });

    it('builds on the sunset date itself', () => {
      expect(build(sunsetting(), { CATALOGUE_TODAY: '2026-10-07' }).status).toBe(0);
    }, 120_000);

    it('fails the day after, while the status has not moved to retired', () => {
      const late = build(sunsetting(), { CATALOGUE_TODAY: '2026-10-08' });
      expect(late.status).not.toBe(0);
      expect(late.output).toContain(
        'content/services/aws/aws-example.json: lifecycle.status: sunset date 2026-10-07 has passed (today is 2026-10-08)',
      );
    }, 120_000);

    it('refuses a CATALOGUE_TODAY that is not a date', () => {
      const r = build(sunsetting(), { CATALOGUE_TODAY: '2026-13-45' });
      expect(r.status).not.toBe(0);
      expect(r.output).toContain('CATALOGUE_TODAY must be a date written YYYY-MM-DD, got "2026-13-45"');
    }, 120_000);
  });

  it(
    'fails on a lifecycle block without its announcement and an entry without a review date',
    { timeout: 120_000 },
    () => {
      const dir = projectWith({
        'content/services/aws/aws-example.json': service({
          lastReviewed: undefined,
          lifecycle: { status: 'deprecated' },
        }),
      });
      const r = build(dir);
      expect(r.status).not.toBe(0);
      expect(r.output).toMatch(/lifecycle\.announcementUrl/);
      expect(r.output).toMatch(/lastReviewed/);
    },
  );
});

/**
 * The `csc` command line, driven as a process against the built catalogue
 * (dist/client/catalogue.json): exit codes, standard output and error, files
 * written, and the same documents as the API for the same list.
 */
import { spawnSync } from 'node:child_process';
import http from 'node:http';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuiltCatalogueData } from '../src/core/catalogue.ts';
import { serviceListSchemaUrl, validateServiceList } from '../src/core/service-list.ts';
import { run } from '../src/cli/main.ts';
import { createCatalogue } from '../src/core/catalogue.ts';
import { generatePolicy } from '../src/core/policies/index.ts';
import { startServer, type RunningServer } from './helpers/server.ts';
import { csc } from './helpers/cli.ts';
import pkg from '../package.json' with { type: 'json' };

const dir = mkdtempSync(join(tmpdir(), 'csc-cli-'));
const built = JSON.parse(readFileSync('dist/client/catalogue.json', 'utf8')) as BuiltCatalogueData;
const ids = built.services.map((s) => s.id);
const byProvider = (p: string) => built.services.filter((s) => s.provider === p).map((s) => s.id);

const file = (name: string, content: unknown) => {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
};

describe('csc --help', () => {
  it.each([
    [[]],
    [['--help']],
    [['validate', '--help']],
    [['policy', '--help']],
    [['check', '--help']],
    [['diff', '--help']],
    [['markdown', '--help']],
    [['export', '--help']],
    [['search', '--help']],
  ])('%j prints usage with examples', async (args) => {
    const r = await csc(args);
    expect(r.code).toBe(args.length ? 0 : 2);
    expect(r.stdout).toMatch(/^(csc —|Usage: csc)/);
    expect(r.stdout).toContain('--output');
    const examples = r.stdout.split('\nExamples:\n')[1]?.split('\n\n')[0] ?? '';
    const command = args[0] === '--help' || !args.length ? undefined : args[0];
    expect(examples.split('\n').length, r.stdout).toBeGreaterThan(0);
    for (const line of examples.split('\n').filter(Boolean))
      expect(line).toMatch(command ? new RegExp(`csc ${command} `) : /^ {2}csc [a-z]+ /);
  });

  it('`csc help COMMAND` is that command’s help; a name no command has is wrong usage, whatever it is', async () => {
    expect((await csc(['help', 'policy'])).stdout).toBe((await csc(['policy', '--help'])).stdout);
    for (const args of [['help', 'nosuch'], ['help', 'constructor'], ['help', '__proto__'], ['constructor']]) {
      const r = await csc(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(/^Unknown command "/);
      expect(r.stderr).not.toMatch(/\n {4}at /);
    }
  });

  it('says how to give an option a value that starts with a dash', async () => {
    const r = await csc(['check', 'x.json', '--retiring-within', '-5']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'Option --retiring-within needs a value; one that starts with - is written --retiring-within=<value>. ' +
        'Run csc check --help.\n',
    );
  });

  it('the main help lists the exit codes', async () => {
    const r = await csc(['--help']);
    expect(r.stdout).toMatch(/Exit codes:\n {2}0 {2}done\n {2}1 .*\n[\s\S]* {2}2 {2}wrong usage/);
  });

  it('rejects an unknown command or option with exit 2, in its own words', async () => {
    expect((await csc(['frobnicate'])).code).toBe(2);
    const r = await csc(['validate', '--frob', 'x']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('Unknown option --frob. Run csc validate --help.\n');
    const missing = await csc(['validate', 'x.json', '-o']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe('Option --output needs a value. Run csc validate --help.\n');
  });

  it.each([['--version'], ['-v']])('%s prints the versions of csc and of the catalogue', async (flag) => {
    const r = await csc([flag]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`csc ${pkg.version} (catalogue ${built.version} built ${built.builtOn})\n`);
    expect(r.stderr).toBe('');
  });

  it('runs as `npm run --silent csc --` in the checkout: nothing installed, no warning, only its output', () => {
    const r = spawnSync('npm', ['run', '--silent', 'csc', '--', '--version'], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toBe(`csc ${pkg.version} (catalogue ${built.version} built ${built.builtOn})\n`);
    expect(r.stderr).toBe('');
    // Outside a checkout there is no such script, and npm fetches nothing.
    const elsewhere = spawnSync('npm', ['run', '--silent', 'csc', '--', '--help'], { cwd: dir, encoding: 'utf8' });
    expect(elsewhere.status).not.toBe(0);
    expect(elsewhere.stdout).not.toMatch(/Usage: csc|csc —/);
  });

  it('reads the paths given to `npm run csc --` from where npm was run, not from the checkout', () => {
    const sub = mkdtempSync(join(process.cwd(), 'tmp-csc-'));
    try {
      writeFileSync(join(sub, 'mine.json'), JSON.stringify({ name: 'Mine', approvedServiceIds: ['aws-s3'] }));
      const r = spawnSync('npm', ['run', '--silent', 'csc', '--', 'validate', 'mine.json', '-o', 'out.txt'], {
        cwd: sub,
        encoding: 'utf8',
      });
      expect(r.status, r.stderr).toBe(0);
      expect(readFileSync(join(sub, 'out.txt'), 'utf8')).toMatch(/^mine\.json: valid/);
    } finally {
      rmSync(sub, { recursive: true, force: true });
    }
  });

  it("runs as an executable on the machine's own node, whatever its version", () => {
    // PATH without the checkout's node_modules/.bin: `#!/usr/bin/env node` finds the machine's Node,
    // as it does for the link `npm install -g .` makes. Older than engines, csc hands over to Node.js 24.
    const path = (process.env.PATH ?? '')
      .split(':')
      .filter((p) => !p.includes('node_modules'))
      .join(':');
    const r = spawnSync(join(process.cwd(), 'src/cli/csc.mjs'), ['search', 'kubernetes', '--limit', '1'], {
      cwd: dir,
      env: { ...process.env, PATH: path },
      encoding: 'utf8',
    });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^ {2}1\. /);
  });

  // The machine's own Node (PATH without node_modules/.bin): this check means something only where it is older.
  const machinePath = (process.env.PATH ?? '')
    .split(':')
    .filter((p) => !p.includes('node_modules'))
    .join(':');
  const machineMajor = Number(
    /^v(\d+)/.exec(
      spawnSync('node', ['--version'], { env: { ...process.env, PATH: machinePath }, encoding: 'utf8' }).stdout,
    )?.[1] ?? 0,
  );
  it.skipIf(machineMajor >= 22)(
    `npm run bench says which Node it needs on the machine's own older node (here ${machineMajor}), without a stack trace`,
    () => {
      const r = spawnSync('node', ['tests/bench/run.mjs'], {
        env: { ...process.env, PATH: machinePath, BENCH_SIZES: '' },
        encoding: 'utf8',
        timeout: 5000,
      });
      expect(r.status).toBe(1);
      expect(r.stderr).toMatch(/^npm run bench needs Node\.js 22\.18\.0 or newer/);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    },
  );
});

describe('csc export and validate', () => {
  it('writes a valid interchange document for the given ids, to stdout or -o', async () => {
    const some = [byProvider('aws')[0]!, byProvider('gcp')[0]!];
    const r = await csc(['export', '--ids', some.join(','), '--name', 'From CLI', '--owner', 'Ops']);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(validateServiceList(doc, built.serviceListSchemaUrl)).toMatchObject({ valid: true });
    expect(doc.metadata).toMatchObject({ name: 'From CLI', owner: 'Ops' });
    expect(
      doc.providers.flatMap((p: any) => p.categories.flatMap((c: any) => c.services.map((s: any) => s.id))).sort(),
    ).toEqual([...some].sort());
    const out = join(dir, 'out.json');
    expect(
      (await csc(['export', '--ids', some.join(','), '--name', 'From CLI', '--owner', 'Ops', '-o', out])).code,
    ).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(r.stdout);
  });

  it('-o says on standard error what it wrote, in one line, and nothing on standard output', async () => {
    const out = join(dir, 'confirmed.json');
    const r = await csc(['export', '--ids', `${ids[0]},${ids[1]}`, '-o', out]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    const bytes = Buffer.byteLength(readFileSync(out, 'utf8')).toLocaleString('en');
    expect(r.stderr).toBe(`wrote ${out} (service list v1, 2 services, ${bytes} bytes)\n`);
    const md = await csc(['markdown', out, '-o', join(dir, 'confirmed.md')]);
    expect(md.stderr).toMatch(/^wrote .*confirmed\.md \(markdown, 2 services, [\d,]+ bytes\)\n$/);
    const unwritable = await csc(['export', '--ids', ids[0]!, '-o', join(dir, 'no-such-dir', 'x.json')]);
    expect(unwritable.code).toBe(1);
    expect(unwritable.stderr).toBe(
      `Cannot write ${join(dir, 'no-such-dir', 'x.json')}: its directory does not exist\n`,
    );
  });

  it('validate accepts the compact form too, and refuses its unknown ids as the API does', async () => {
    const good = await csc(['validate', file('compact.json', { name: 'Team', approvedServiceIds: [ids[0]] })]);
    expect(good.code, good.stderr).toBe(0);
    expect(good.stdout).toMatch(/valid approved list in compact form \("Team", 1 known service\)/);
    expect(
      (await csc(['validate', '-'], JSON.stringify({ name: 'Piped', approvedServiceIds: ids.slice(0, 3) }))).stdout,
    ).toMatch(/^-: valid approved list in compact form \("Piped", 3 known services\)/);
    const path = file('compact-bad.json', {
      name: 'Team',
      approvedServiceIds: [ids[0], 'aws-not-a-service'],
      colour: 1,
    });
    const bad = await csc(['validate', path]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain(`${path}: /colour: unknown field "colour"`);
    const unknown = await csc([
      'validate',
      file('compact-unknown.json', { name: 'T', approvedServiceIds: ['aws-nope'] }),
    ]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/\/approvedServiceIds\/0: no service has this id/);
  });

  it('exports every service, and the result validates', async () => {
    const out = join(dir, 'all.json');
    expect((await csc(['export', '--ids', ids.join(','), '-o', out])).code).toBe(0);
    const r = await csc(['validate', out]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`${ids.length} known services`);
  });

  it('refuses unknown ids and a missing --ids', async () => {
    const r = await csc(['export', '--ids', `${ids[0]},aws-not-a-service`]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/aws-not-a-service/);
    expect((await csc(['export'])).code).toBe(2);
  });

  it('validate prints schema errors as JSON pointers and exits 1', async () => {
    const doc = JSON.parse((await csc(['export', '--ids', ids[0]!])).stdout);
    doc.version = '2';
    doc.metadata.lastUpdated = '2026-13-01';
    delete doc.providers[0].categories[0].services[0].slug;
    const path = file('bad.json', doc);
    const r = await csc(['validate', path]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`${path}: /version: must be a v1 version`);
    expect(r.stderr).toContain(`${path}: /metadata/lastUpdated: must be a real date`);
    expect(r.stderr).toContain(`${path}: /providers/0/categories/0/services/0/slug: "slug" is required`);
  });

  it('says once what is wrong with an unreadable or broken file, where, and never quotes it', async () => {
    const broken = file('broken.json', '{\n  "name": "x",,\n  "approvedServiceIds": []\n}');
    const r = await csc(['validate', broken]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `${broken} is not valid JSON: a syntax error (check the quotes, commas and brackets) at line 2, column 15\n`,
    );
    const truncated = await csc(['validate', file('truncated.json', '{"name": "x"')]);
    expect(truncated.stderr).toMatch(/is not valid JSON: it ends before the document is complete/);
    const missing = join(dir, 'missing.json');
    const m = await csc(['validate', missing]);
    expect(m.code).toBe(1);
    expect(m.stderr).toBe(`Cannot read ${missing}: no such file\n`);
    const isDir = await csc(['policy', 'aws', dir]);
    expect(isDir.stderr).toBe(`Cannot read ${dir}: it is a directory\n`);
    // Writing, the missing part is the directory; a full device is said in words, not as ENOSPC.
    const nowhere = join(dir, 'no-such-dir', 'out.json');
    const unwritable = await csc(['export', '--ids', 'aws-s3', '-o', nowhere]);
    expect(unwritable.code).toBe(1);
    expect(unwritable.stderr).toBe(`Cannot write ${nowhere}: its directory does not exist\n`);
    if (existsSync('/dev/full'))
      expect((await csc(['export', '--ids', 'aws-s3', '-o', '/dev/full'])).stderr).toBe(
        'Cannot write /dev/full: no space left on the device\n',
      );
  });

  it('reads a file that starts with a byte-order mark, as the API does, and refuses one that is not UTF-8', async () => {
    const list = JSON.stringify({ name: 'Caf\u00e9', approvedServiceIds: ['aws-s3'] });
    const bom = file('bom.json', `\ufeff${list}`);
    const read = await csc(['validate', bom]);
    expect(read.code, read.stderr).toBe(0);
    expect(read.stdout).toContain('"Café"');
    expect((await csc(['policy', 'aws', bom])).code).toBe(0);
    const latin1 = join(dir, 'latin1.json');
    writeFileSync(latin1, Buffer.from(list, 'latin1'));
    const refused = await csc(['validate', latin1]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(`${latin1} is not valid UTF-8, which JSON text is: save it as UTF-8 and try again\n`);
  });

  it('stops quietly when the reader of its output closes the pipe early', () => {
    const all = file('all-for-pipe.json', { name: 'All', approvedServiceIds: ids });
    const r = spawnSync(
      'sh',
      [
        '-c',
        `"${process.execPath}" src/cli/csc.mjs markdown "${all}" 2>"${dir}/pipe.err" | head -c 10; cat "${dir}/pipe.err"`,
      ],
      {
        encoding: 'utf8',
      },
    );
    expect(r.stdout.slice(0, 10)).toBe('# All\n\n| |');
    expect(r.stdout.slice(10)).not.toMatch(/EPIPE|Error|at /);
  });

  it('--limit that is not a whole number in range says what it must be', async () => {
    for (const limit of ['abc', '0', '2.5', '101']) {
      const r = await csc(['search', 'x', '--limit', limit]);
      expect(r.code).toBe(2);
      expect(r.stderr).toBe('--limit must be a whole number from 1 to 100\nSee csc search --help.\n');
    }
  });

  it('validates files from another site with --schema-base, and notes services this catalogue does not know', async () => {
    const doc = JSON.parse(
      (await csc(['export', '--ids', ids[0]!, '--schema-base', 'https://catalogue.example.org'])).stdout,
    );
    expect(doc.$schema).toBe(serviceListSchemaUrl('https://catalogue.example.org'));
    const s = doc.providers[0].categories[0].services[0];
    doc.providers[0].categories[0].services.push({ ...s, id: `${s.id}-next`, slug: `${s.id}-next` });
    const path = file('other-site.json', doc);
    const without = await csc(['validate', path]);
    expect(without.code).toBe(1);
    expect(without.stderr).toMatch(/\/\$schema: must be the v1 schema address[\s\S]*pass --schema-base/);
    // The address is stated once, and a wrong --schema-base is named as the cause.
    expect(without.stderr.split(built.serviceListSchemaUrl).length - 1).toBe(1);
    const wrong = await csc(['validate', path, '--schema-base', 'https://elsewhere.example.org']);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/Check --schema-base: it must be the address of the site the file was exported from/);
    expect(wrong.stderr).not.toMatch(/pass --schema-base/);
    const r = await csc(['validate', path, '--schema-base', 'https://catalogue.example.org/']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/1 known service, 1 not in this catalogue/);
    expect(r.stderr).toMatch(/note: Service ".*-next" .* is not in this catalogue/);
  });

  it('explains how to build when the catalogue data is missing', async () => {
    const r = await csc(['export', '--ids', ids[0]!, '--catalogue', join(dir, 'nowhere.json')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/npm run build/);
  });
});

describe("csc policy and markdown give the API's documents", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ RATE_LIMIT_POINTS: '10000' });
  });
  afterAll(() => server?.stop());

  /**
   * A fresh connection per request: each csc run blocks this process, on a
   * busy machine for longer than the server's keep-alive timeout, and a
   * pooled socket the server has closed meanwhile fails the next fetch.
   */
  const api = (path: string, body: unknown) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const payload = JSON.stringify(body);
      const req = http.request(
        `${server.url}${path}`,
        {
          method: 'POST',
          agent: false,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (d) => (text += d));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      req.end(payload);
    });

  it.each([
    ['aws', '/v1/policies/aws-scp'],
    ['azure', '/v1/policies/azure-policy'],
    ['gcp', '/v1/policies/gcp-org-policy'],
  ])(
    'policy %s writes the same bytes as POST %s, for the compact form and the interchange file',
    async (target, path) => {
      // A few services of each cloud: a list every provider's size limit admits.
      const some = ['aws', 'azure', 'gcp'].flatMap((p) => byProvider(p).slice(0, 25));
      const list = { name: 'CLI parity', approvedServiceIds: some };
      const compact = file(`list-${target}.json`, list);
      const fromApi = await api(path, list);
      expect(fromApi.status).toBe(200);
      const r = await csc(['policy', target, compact]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toBe(fromApi.text);
      const exported = join(dir, `list-${target}.interchange.json`);
      expect((await csc(['export', '--ids', some.join(','), '--name', 'CLI parity', '-o', exported])).code).toBe(0);
      const out = join(dir, `policy-${target}.json`);
      expect((await csc(['policy', target, exported, '-o', out])).code).toBe(0);
      expect(readFileSync(out, 'utf8')).toBe(fromApi.text);
      if (target !== 'aws') expect(r.stderr).toMatch(/not in this policy: aws-/);
    },
  );

  it.each([
    ['aws', '/v1/policies/aws-scp'],
    ['azure', '/v1/policies/azure-policy'],
    ['gcp', '/v1/policies/gcp-org-policy'],
  ])('policy %s accepts exactly the bodies POST %s accepts, and gives its bytes', async (target, path) => {
    const some = ['aws', 'azure', 'gcp'].flatMap((p) => byProvider(p).slice(0, 3));
    for (const body of [
      { approvedServiceIds: some },
      { name: 'Named', approvedServiceIds: some },
      { approvedServiceIds: some, description: 'not a policy body field' },
      { name: 'x'.repeat(201), approvedServiceIds: some },
    ]) {
      const fromApi = await api(path, body);
      const r = await csc(['policy', target, '-'], JSON.stringify(body));
      expect(r.code, `${JSON.stringify(body).slice(0, 80)}: ${r.stderr}`).toBe(fromApi.status === 200 ? 0 : 1);
      if (fromApi.status === 200) expect(r.stdout).toBe(fromApi.text);
      else expect(fromApi.status).toBe(400);
    }
  });

  it('markdown accepts exactly what POST /v1/export/markdown accepts: a nameless list is refused by both', async () => {
    const body = { approvedServiceIds: ids.slice(0, 2) };
    const fromApi = await api('/v1/export/markdown', body);
    expect(fromApi.status).toBe(400);
    const r = await csc(['markdown', '-'], JSON.stringify(body));
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('-: /name: required: give the list a name\n');
    const named = { name: 'Named', approvedServiceIds: ids.slice(0, 2) };
    expect((await csc(['markdown', '-'], JSON.stringify(named))).stdout).toBe(
      (await api('/v1/export/markdown', named)).text,
    );
  });

  it('validate, check and diff take the nameless policy body; diff refuses ids no service has', async () => {
    const nameless = file('nameless.json', { approvedServiceIds: ['aws-s3', 'aws-kms'] });
    const v = await csc(['validate', nameless]);
    expect(v.code, v.stderr).toBe(0);
    expect(v.stdout).toMatch(/valid approved list in compact form \(no name: policy, check and diff take it/);
    const c = await csc(['check', nameless]);
    expect(c.stderr).toBe('');
    expect(c.stdout).toMatch(/nameless\.json: (ok|\d+ problem)/);
    const d = await csc(['diff', nameless, file('named.json', { name: 'N', approvedServiceIds: ['aws-s3'] })]);
    expect(d.code, d.stderr).toBe(0);
    expect(d.stdout).toMatch(/^aws:\n {2}- aws-kms\n/);
    const unknown = file('diff-unknown.json', { approvedServiceIds: ['aws-s3', 'aws-not-real'] });
    const du = await csc(['diff', nameless, unknown]);
    expect(du.code).toBe(1);
    expect(du.stderr).toBe(`${unknown}: no service has this id: aws-not-real\n`);
    expect((await csc(['diff', '--help'])).stdout).toMatch(/Exits 0, or 1 when a\s+list is invalid/);
  });

  it('policy, check and diff read a list with statuses alike: a service it marks disabled is not approved', async () => {
    const all = file('governed-all.json', { name: 'G', approvedServiceIds: ['aws-aurora', 'aws-kms'] });
    const governed = file('governed.json', {
      name: 'G',
      approvedServiceIds: ['aws-aurora', 'aws-kms'],
      statuses: { 'aws-kms': 'disabled' },
    });
    const p = await csc(['policy', 'aws', governed]);
    expect(p.code, p.stderr).toBe(0);
    expect(p.stderr).toContain('not in this policy: aws-kms (the list marks it disabled)');
    expect(p.stdout).not.toContain('kms:');
    // The gate sees what the policy denies: Aurora's encryption keys.
    const c = await csc(['check', governed]);
    expect(c.code).toBe(1);
    expect(c.stdout).toMatch(/aws-kms/);
    expect((await csc(['check', all])).stdout).not.toMatch(/problem/);
    const d = await csc(['diff', all, governed]);
    expect(d.code, d.stderr).toBe(0);
    expect(d.stdout).toMatch(/^aws:\n {2}- aws-kms\n/);
  });

  it('policy reads a saved list with an organisation and owner but no statuses, as it reads one with them', async () => {
    const described = file('described.json', {
      name: 'Platform',
      organisation: 'Example Corp',
      owner: 'Cloud governance',
      approvedServiceIds: ['aws-s3'],
    });
    const p = await csc(['policy', 'aws', described]);
    expect(p.code, p.stderr).toBe(0);
    expect(p.stdout).toContain('"s3:*"');
    // A field neither form has still gets the policy endpoint's own error.
    const odd = await csc(['policy', 'aws', file('odd.json', { approvedServiceIds: ['aws-s3'], colour: 'red' })]);
    expect(odd.code).toBe(1);
    expect(odd.stderr).toMatch(/unknown field "colour"; the compact form has approvedServiceIds and name/);
  });

  it('check fails a list that approves nothing, and every command refuses a compact list naming an unknown disabled id', async () => {
    const nothing = file('nothing.json', {
      name: 'N',
      approvedServiceIds: ['aws-s3'],
      statuses: { 'aws-s3': 'disabled' },
    });
    const c = await csc(['check', nothing]);
    expect(c.code).toBe(1);
    expect(c.stdout).toMatch(/approves-nothing: the list approves no service/);
    // Valid as a list, and said to approve nothing.
    const v = await csc(['validate', nothing]);
    expect(v.code).toBe(0);
    expect(v.stderr).toMatch(/note: it approves no service/);
    const unknown = file('unknown-disabled.json', {
      name: 'U',
      approvedServiceIds: ['aws-s3', 'aws-not-real'],
      statuses: { 'aws-not-real': 'disabled' },
    });
    // As csc validate and POST /v1/lists refuse it.
    expect((await csc(['validate', unknown])).code).toBe(1);
    const ck = await csc(['check', unknown]);
    expect(ck.code).toBe(1);
    expect(ck.stdout).toMatch(/unknown-service: aws-not-real/);
    for (const args of [
      ['policy', 'aws', unknown],
      ['diff', nothing, unknown],
    ]) {
      const r = await csc(args);
      expect(r.code, args.join(' ')).toBe(1);
      expect(r.stderr).toBe(`${unknown}: no service has this id: aws-not-real\n`);
    }
  });

  it('standard output gets the exact bytes, and a final newline only on a terminal', () => {
    const list = file('tty.json', { approvedServiceIds: byProvider('aws').slice(0, 2) });
    const written = (terminal: boolean) => {
      let out = '';
      const code = run(['policy', 'aws', list], {
        stdout: (t) => (out += t),
        stderr: () => {},
        stdoutIsTerminal: terminal,
      });
      expect(code).toBe(0);
      return out;
    };
    const exact = written(false);
    expect(exact.endsWith('}')).toBe(true);
    expect(written(true)).toBe(`${exact}\n`);
  });

  it('refuses hostile JSON (nesting past the limit) with exit 1 and a message, not a stack trace', async () => {
    const deep = `{"name":"x","approvedServiceIds":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    const r = await csc(['policy', 'aws', file('deep.json', deep)]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/not valid JSON: nesting deeper than 64 levels/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('policy takes the API options, refuses an empty cloud and reports warnings on standard error', async () => {
    const list = {
      name: 'Options',
      approvedServiceIds: ['aws-documentdb', 'aws-qldb', 'aws-cloud9', 'gcp-kubernetes-engine'],
    };
    const f = file('options.json', list);
    for (const [args, query] of [
      [['--dependencies', 'include', '--retired', 'include'], '?dependencies=include&retired=include'],
      [['--parent', 'projects/123456789012'], '?parent=projects%2F123456789012'],
    ] as const) {
      const target = args[0] === '--parent' ? 'gcp' : 'aws';
      const path = target === 'gcp' ? '/v1/policies/gcp-org-policy' : '/v1/policies/aws-scp';
      const fromApi = await api(`${path}${query}`, list);
      expect(fromApi.status).toBe(200);
      const r = await csc(['policy', target, f, ...args]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toBe(fromApi.text);
    }
    const aws = await csc(['policy', 'aws', f]);
    expect(aws.stderr).toMatch(/not in this policy: aws-qldb \(retired/);
    expect(aws.stderr).toMatch(/also allows: part of aws-rds \(through rds/);
    // A service let through by a shared identifier says when it is not active: the list may have left it out for that.
    const kiro = await csc(['policy', 'aws', file('kiro.json', { approvedServiceIds: ['aws-kiro'] })]);
    expect(kiro.stderr).toMatch(
      /also allows: aws-codewhisperer \(retired; through codewhisperer, shared with aws-kiro\)/,
    );
    expect(aws.stderr).toMatch(/warning: .*deprecated/);
    const placeholder = (await csc(['policy', 'gcp', f])).stderr;
    expect(placeholder).toMatch(/warning: .*placeholder organizations\/ORGANIZATION_ID/);
    expect(placeholder).toContain('or ask with --parent organizations/');
    // A service the policy lets partly through is named with what it still denies.
    const sql = await csc([
      'policy',
      'gcp',
      file('sql.json', { approvedServiceIds: ['gcp-cloud-sql', 'gcp-compute-engine'] }),
    ]);
    expect(sql.stderr).toMatch(
      /warning: gcp-cloud-sql works best with gcp-virtual-private-cloud \(its servicenetworking\.googleapis\.com\), which this policy denies/,
    );
    const azure = await csc(['policy', 'azure', f]);
    expect(azure.code).toBe(1);
    expect(azure.stderr).toMatch(/no approved azure service .*--empty-cloud deny-all/);
    const denyAll = await csc(['policy', 'azure', f, '--empty-cloud', 'deny-all']);
    expect(denyAll.code).toBe(0);
    expect(JSON.parse(denyAll.stdout).properties.policyRule.if.allOf.length).toBeGreaterThan(0);
    expect((await csc(['policy', 'aws', f, '--dependencies', 'all'])).code).toBe(2);
    expect((await csc(['policy', 'gcp', f, '--parent', 'projects/Bad_Id'])).code).toBe(2);
  });

  it('policy leaves out a service the interchange file marks disabled, and says so', async () => {
    const [kept, off] = byProvider('aws').slice(0, 2) as [string, string];
    const exported = join(dir, 'disabled.interchange.json');
    expect((await csc(['export', '--ids', `${kept},${off}`, '--name', 'Disabled', '-o', exported])).code).toBe(0);
    const doc = JSON.parse(readFileSync(exported, 'utf8'));
    for (const p of doc.providers)
      for (const c of p.categories) for (const s of c.services) if (s.id === off) s.status = 'disabled';
    const r = await csc(['policy', 'aws', file('disabled-doc.json', doc)]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`not in this policy: ${off} (the list marks it disabled)`);
    // The document is the one made from the enabled services alone.
    const fromApi = await api('/v1/policies/aws-scp', { name: 'Disabled', approvedServiceIds: [kept] });
    expect(r.stdout).toBe(fromApi.text);
  });

  it('policy over the size limit says so once, with the advice', async () => {
    const r = await csc([
      'policy',
      'aws',
      file('all-aws.json', { name: 'All', approvedServiceIds: byProvider('aws') }),
      '--size-limit',
      '5120',
    ]);
    expect(r.code).toBe(1);
    const size = /would be (\d+) characters/.exec(r.stderr)?.[1];
    expect(size, r.stderr).toBeDefined();
    expect(r.stderr.split(size!).length - 1).toBe(1);
    expect(r.stderr).toMatch(/5120-character quota/);
    expect(r.stderr).toContain('ask for that quota (--size-limit 10240)');
    // Without the essentials it would still be over the quota: dropping them is not offered.
    expect(r.stderr).not.toContain('essentials');
    expect(r.stderr).not.toMatch(/\w=\w/);
  });

  it('check makes the AWS policy for the quota asked for, and names missing dependencies even when it is too large', async () => {
    const offered = built.services
      .filter((s) => s.provider === 'aws' && s.lifecycle?.status !== 'retired' && s.id !== 'aws-cloudwatch')
      .map((s) => s.id);
    const list = file('all-but-cloudwatch.json', { name: 'All but CloudWatch', approvedServiceIds: offered });
    const needsLogs = /missing-dependency: aws-lambda requires aws-cloudwatch/;
    const small = await csc(['check', list]);
    expect(small.code).toBe(1);
    expect(small.stdout).toMatch(/policy-too-large: aws: .*over the 5120-character quota/);
    expect(small.stdout).toMatch(/policy-too-large: aws: .*\(--size-limit 10240\)/);
    // Check takes the options its advice can name, and sizes the SCP as csc policy makes it with them.
    const bare = await csc(['check', list, '--no-essentials', '--format', 'json']);
    expect(bare.code, bare.stderr).toBe(1);
    const sizeIn = (text: string) => Number(/would be (\d+) characters/.exec(text)?.[1]);
    const policyBare = await csc(['policy', 'aws', list, '--no-essentials']);
    expect(sizeIn(bare.stdout)).toBe(sizeIn(policyBare.stderr));
    expect(sizeIn(bare.stdout)).not.toBe(sizeIn(small.stdout));
    expect(small.stdout).toMatch(needsLogs);
    const large = await csc(['check', list, '--size-limit', '10240']);
    expect(large.stdout).not.toMatch(/policy-too-large: aws/);
    expect(large.stdout).toMatch(needsLogs);
    expect((await csc(['check', list, '--size-limit', '9000'])).code).toBe(2);
  });

  it('check counts the size of the policy csc policy writes, which leaves retired services out', async () => {
    const retired = built.services.find((s) => s.provider === 'aws' && s.lifecycle?.status === 'retired')!;
    // Active AWS services, added while the SCP csc policy makes fits the quota, until the retired service's own
    // prefix, were it counted, would take it over.
    const catalogue = createCatalogue(built);
    const sizeOf = (list: string[], retired: 'include' | 'exclude' = 'exclude') => {
      const r = generatePolicy('aws', catalogue, list, { today: built.builtOn, retired });
      return r.kind === 'policy' ? JSON.stringify(r.document).length : Infinity;
    };
    const chosen: string[] = [];
    for (const s of built.services.filter((x) => x.provider === 'aws' && !x.lifecycle)) {
      if (sizeOf([...chosen, s.id]) > 5120) continue;
      chosen.push(s.id);
      if (sizeOf([...chosen, retired.id], 'include') > 5120) break;
    }
    expect(sizeOf([...chosen, retired.id], 'include')).toBeGreaterThan(5120);
    expect(sizeOf([...chosen, retired.id])).toBeLessThanOrEqual(5120);
    const near = file('near-limit.json', { approvedServiceIds: [...chosen, retired.id] });
    const policy = await csc(['policy', 'aws', near]);
    expect(policy.code, policy.stderr).toBe(0);
    const check = await csc(['check', near, '--format', 'json']);
    const rules = (JSON.parse(check.stdout) as { findings: { rule: string }[] }).findings.map((f) => f.rule);
    expect(rules).toContain('retired-service');
    expect(rules).not.toContain('policy-too-large');
  });

  it('check fails an entry read otherwise than written, which validate only notes: a repeat, another cloud, a typo', async () => {
    const exported = await csc(['export', '--ids', 'aws-s3,aws-kms,azure-storage']);
    const doc = JSON.parse(exported.stdout);
    const aws = doc.providers.find((p: { id: string }) => p.id === 'aws');
    const azure = doc.providers.find((p: { id: string }) => p.id === 'azure');
    const entries = aws.categories.flatMap((c: { services: { id: string }[] }) => c.services);
    const kms = entries.find((e: { id: string }) => e.id === 'aws-kms');
    const s3 = entries.find((e: { id: string }) => e.id === 'aws-s3');
    azure.categories[0].services.push({ ...kms });
    aws.categories[0].services.push({ ...s3, id: 'aws-s3-typo' });
    const list = file('misread.json', JSON.stringify(doc, null, 2));
    const validated = await csc(['validate', list]);
    expect(validated.code).toBe(0);
    expect(validated.stderr).toMatch(/note: Service "aws-kms" is listed more than once/);
    const checked = await csc(['check', list, '--format', 'json']);
    expect(checked.code).toBe(1);
    const findings = (JSON.parse(checked.stdout) as { findings: { rule: string; message: string }[] }).findings;
    const misread = findings.filter((f) => f.rule === 'misread-entry').map((f) => f.message);
    expect(misread).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Service "aws-kms" is listed under provider "azure" but belongs to "aws"\.$/),
        expect.stringMatching(/^Service "aws-kms" is listed more than once/),
        'Service "aws-s3-typo" was matched by its slug "aws-s3" to "aws-s3".',
      ]),
    );
    // Annotated where each was written: the second aws-kms entry (under azure), and the typo's own entry.
    const sarifPath = join(dir, 'misread.sarif');
    await csc(['check', list, '--sarif', sarifPath]);
    const results = JSON.parse(readFileSync(sarifPath, 'utf8')).runs[0].results as {
      ruleId: string;
      message: { text: string };
      locations: { physicalLocation: { region: { startLine: number } } }[];
    }[];
    const lineOfText = (text: string) =>
      readFileSync(list, 'utf8')
        .split('\n')
        .findIndex((l) => l.includes(text));
    const lines = readFileSync(list, 'utf8').split('\n');
    const kmsEntries = lines.flatMap((l, i) => (l.includes('"id": "aws-kms"') ? [i + 1] : []));
    const at = (text: RegExp) =>
      results.find((r) => r.ruleId === 'misread-entry' && text.test(r.message.text))!.locations[0]!.physicalLocation
        .region.startLine;
    expect(at(/"aws-kms" is listed under provider "azure"/)).toBe(kmsEntries[1]);
    expect(at(/"aws-kms" is listed more than once/)).toBe(kmsEntries[1]);
    expect(at(/"aws-s3-typo" was matched/)).toBe(lineOfText('"id": "aws-s3-typo"') + 1);
  });

  it('check writes its reports when the list is invalid or unreadable, replacing any left by an earlier run', async () => {
    const sarif = join(dir, 'invalid.sarif');
    const json = join(dir, 'invalid.json');
    writeFileSync(sarif, 'left from an earlier run');
    writeFileSync(json, 'left from an earlier run');
    for (const [input, why] of [
      [file('not-json.json', '{"name": '), 'is not valid JSON'],
      [join(dir, 'absent.json'), 'Cannot read'],
      [file('bad-status.json', { name: 'x', approvedServiceIds: 'aws-s3' }), 'approvedServiceIds'],
    ] as const) {
      const r = await csc(['check', input, '--sarif', sarif, '--json', json]);
      expect(r.code).toBe(1);
      expect(r.stdout).toContain(why);
      const report = JSON.parse(readFileSync(json, 'utf8')) as { ok: boolean; findings: { rule: string }[] };
      expect(report.ok).toBe(false);
      expect(report.findings.map((f) => f.rule)).toEqual(['invalid-list']);
      const log = JSON.parse(readFileSync(sarif, 'utf8'));
      expect(log.runs[0].results.map((x: { ruleId: string }) => x.ruleId)).toEqual(['invalid-list']);
      const onStdout = JSON.parse((await csc(['check', input, '--format', 'json'])).stdout);
      expect(onStdout.findings[0].message).toContain(why);
    }
  });

  it('policy exempts the roles asked for, byte for byte as the API does, and refuses what is no role ARN (exit 2)', async () => {
    const arns = 'arn:aws:iam::*:role/BreakGlass,arn:aws:iam::111122223333:role/ci-*';
    const list = { name: 'Exempt', approvedServiceIds: byProvider('aws').slice(0, 3) };
    const r = await csc(['policy', 'aws', file('exempt.json', list), '--exempt-principal-arns', arns]);
    expect(r.code, r.stderr).toBe(0);
    const fromApi = await api(`/v1/policies/aws-scp?exemptPrincipalArns=${encodeURIComponent(arns)}`, list);
    expect(r.stdout).toBe(fromApi.text);
    expect(JSON.parse(r.stdout).Statement[0].Condition.ArnNotLike['aws:PrincipalARN']).toHaveLength(2);
    const bad = await csc(['policy', 'aws', file('exempt.json', list), '--exempt-principal-arns', 'BreakGlass']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--exempt-principal-arns: must be an IAM role ARN/);
    const gcp = await csc(['policy', 'gcp', file('exempt.json', list), '--exempt-principal-arns', arns]);
    expect(gcp.code).toBe(2);
    expect(gcp.stderr).toMatch(/for AWS SCPs only/);
  });

  it('policy refuses an option of another cloud’s policy (exit 2), and names its own options, not the API’s', async () => {
    const list = file('three-clouds.json', { approvedServiceIds: ['aws-s3', 'azure-storage', 'gcp-cloud-storage'] });
    for (const [target, flag, value, owner] of [
      ['gcp', '--size-limit', '10240', 'AWS SCPs'],
      ['azure', '--no-essentials', undefined, 'AWS SCPs'],
      ['aws', '--parent', 'organizations/1', 'Google Cloud organisation policies'],
      ['aws', '--display-name', 'X', 'Azure Policy definitions'],
      ['azure', '--exempt-principal-arns', 'arn:aws:iam::123456789012:role/x', 'AWS SCPs'],
    ] as const) {
      const r = await csc(['policy', target, list, flag, ...(value ? [value] : [])]);
      expect(r.code, `${target} ${flag}`).toBe(2);
      expect(r.stderr).toBe(`${flag} is for ${owner} only\n`);
    }
    // Said first, before the list is read and before another option's value is judged.
    const first = await csc(['policy', 'gcp', '-', '--parent', 'bogus', '--display-name', 'X'], 'not json');
    expect(first.stderr).toBe('--display-name is for Azure Policy definitions only\n');
    const retired = built.services.find((s) => s.provider === 'aws' && s.lifecycle?.status === 'retired')!;
    const r = await csc(['policy', 'aws', file('with-retired.json', { approvedServiceIds: ['aws-s3', retired.id] })]);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(`not in this policy: ${retired.id} (retired: `);
    expect(r.stderr).toContain('ask with --retired include to keep it');
    expect(r.stderr).not.toMatch(/\w=include/);
  });

  it('policy refuses unknown ids with exit 1', async () => {
    const r = await csc(['policy', 'aws', file('unknown.json', { name: 'x', approvedServiceIds: ['aws-not-real'] })]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/aws-not-real/);
    expect((await csc(['policy', 'oracle', file('x.json', { name: 'x', approvedServiceIds: [ids[0]] })])).code).toBe(2);
  });

  it('markdown writes the same document as POST /v1/export/markdown, and reads standard input', async () => {
    const list = {
      name: 'Markdown <parity> | test',
      description: 'd',
      approvedServiceIds: [...ids, 'aws-unknown-thing'],
    };
    const fromApi = await api('/v1/export/markdown', list);
    expect(fromApi.status).toBe(200);
    const r = await csc(['markdown', file('md.json', list)]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(fromApi.text);
    expect(r.stderr).toContain('not in the catalogue: aws-unknown-thing');
    expect((await csc(['markdown', '-'], JSON.stringify(list))).stdout).toBe(fromApi.text);
  });
});

describe('csc search ranks as the API does', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server?.stop());

  /** A fresh connection per request: csc blocks this process long enough for a pooled keep-alive socket to close. */
  const getJson = (url: string) =>
    new Promise<any>((resolve, reject) => {
      http
        .get(url, { agent: false }, (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (d) => (text += d));
          res.on('end', () => resolve(JSON.parse(text)));
        })
        .on('error', reject);
    });

  it.each(['kubernetes', 'lambda', 'object storage', 'kubernets', 'vm'])(
    'search %s ranks exactly as GET /v1/services',
    async (q) => {
      const api = await getJson(`${server.url}/v1/services?${new URLSearchParams({ q, pageSize: '10' })}`);
      const r = await csc(['search', ...q.split(' '), '--json', '--limit', '10']);
      expect(r.code, r.stderr).toBe(0);
      const cli = JSON.parse(r.stdout);
      expect(cli.total).toBe(api.total);
      expect(cli.data).toEqual(api.data);
    },
  );

  it('search prints one ranked line per service, filters like the API, and exits 1 when nothing matches', async () => {
    const r = await csc(['search', 'k8s', '--limit', '3']);
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ {2}1\. .+ \((aws|azure|gcp)-[a-z0-9-]+\) — (AWS|Azure|Google Cloud)/);
    expect(lines.filter((l) => /^ +\d+\./.test(l))).toHaveLength(3);
    expect(r.stdout).toMatch(/more; use --limit/);
    const explained = await csc(['search', 's3', '--limit', '1', '--explain', '--provider', 'aws']);
    expect(explained.stdout).toMatch(/1\. Amazon Simple Storage Service \(Amazon S3\) \(aws-s3\)/);
    expect(explained.stdout).toMatch(/score \d+(\.\d+)?: .*s3 → acronym "s3" \(exact\)/);
    const none = await csc(['search', 'zzqqxxnothing']);
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/No service matches/);
    expect((await csc(['search'])).code).toBe(2);
    const bad = await csc(['search', 'x', '--limit', '500']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--limit/);
    const typo = await csc(['search', 'x', '--provider', 'amazon']);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toBe(
      '--provider: no provider has this id; the ids are aws, azure, gcp\nSee csc search --help.\n',
    );
  });
});

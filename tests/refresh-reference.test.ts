/**
 * `npm run reference:refresh -- <dir>` on a small fixture: a copy of small
 * reference files is rebuilt from the three downloads, curated fields kept,
 * new rows added, AWS prefixes gone from the index moved to the removed list
 * (and back again when they reappear).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadReference } from '../src/scripts/lib/reference.ts';

const FIXTURE = 'tests/fixtures/reference';
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function run(downloads: string) {
  const ref = mkdtempSync(join(tmpdir(), 'csc-ref-'));
  dirs.push(ref);
  cpSync(join(FIXTURE, 'current'), ref, { recursive: true });
  const r = spawnSync(process.execPath, ['src/scripts/refresh-reference.ts', downloads], {
    encoding: 'utf8',
    env: { ...process.env, REFERENCE_DIR: ref },
  });
  const read = (f: string) => JSON.parse(readFileSync(join(ref, f), 'utf8'));
  return {
    status: r.status,
    out: `${r.stdout}${r.stderr}`,
    ref,
    read,
    text: (f: string) => readFileSync(join(ref, f), 'utf8'),
  };
}

describe('reference:refresh', () => {
  const r = run(join(FIXTURE, 'downloads'));

  it('exits 0 and reports what changed per file', () => {
    expect(r.status, r.out).toBe(0);
    expect(r.out).toContain('aws-iam-service-prefixes.json: 2 added, 1 removed');
    expect(r.out).toContain(
      'azure-resource-providers.json: 1 added, 0 removed, 1 kept though missing from the download',
    );
    expect(r.out).toContain('gcp-services.json: 1 added, 0 removed, 1 kept though missing from the download');
  });

  it('rebuilds the AWS prefixes from the index: curated names kept, new prefixes added, missing ones moved to the removed list', () => {
    expect(r.read('aws-iam-service-prefixes.json')).toEqual([
      {
        prefix: 'ec2',
        name: 'Amazon EC2',
        otherNames: [],
        referencePages: ['https://docs.aws.amazon.com/service-authorization/latest/reference/list_amazonec2.html'],
      },
      { prefix: 'newsvc', name: null, otherNames: [], referencePages: [] },
      {
        prefix: 's3',
        name: 'Amazon S3',
        otherNames: [],
        referencePages: ['https://docs.aws.amazon.com/service-authorization/latest/reference/list_amazons3.html'],
      },
      // Back in the index: what the removed list knew of it comes back with it.
      {
        prefix: 'sumerian',
        name: 'Amazon Sumerian',
        otherNames: [],
        referencePages: ['https://docs.aws.amazon.com/service-authorization/latest/reference/list_amazonsumerian.html'],
      },
    ]);
    expect(r.read('aws-iam-service-prefixes-removed.json')).toEqual([
      {
        prefix: 'oldsvc',
        name: 'AWS Old Service',
        formerReferencePage:
          'https://docs.aws.amazon.com/service-authorization/latest/reference/list_awsoldservice.html',
      },
    ]);
  });

  it('refreshes Azure resource types and keeps the curated fields and the namespaces the download lacks', () => {
    expect(r.read('azure-resource-providers.json')).toEqual([
      {
        namespace: 'Microsoft.Compute',
        services: ['Virtual Machines'],
        category: 'Compute',
        listedOnResourceProvidersPage: true,
        registeredByDefault: false,
        resourceTypes: ['Microsoft.Compute/virtualMachines'],
      },
      {
        namespace: 'Microsoft.NewThing',
        services: [],
        category: null,
        listedOnResourceProvidersPage: false,
        registeredByDefault: null,
        resourceTypes: ['Microsoft.NewThing/widgets'],
      },
      {
        namespace: 'Microsoft.Storage',
        services: ['Storage'],
        category: 'Storage',
        listedOnResourceProvidersPage: true,
        registeredByDefault: false,
        resourceTypes: ['Microsoft.Storage/storageAccounts', 'Microsoft.Storage/storageAccounts/blobServices'],
      },
    ]);
  });

  it('adds new Google Cloud services and records a changed title as another title', () => {
    const rows = r.read('gcp-services.json');
    expect(rows.map((x: { name: string }) => x.name)).toEqual([
      'compute.googleapis.com',
      'newapi.googleapis.com',
      'storage.googleapis.com',
    ]);
    expect(rows[1]).toEqual({
      name: 'newapi.googleapis.com',
      title: 'New API',
      otherTitles: [],
      serviceConfig: null,
      productNames: [],
      source: 'gcloud',
    });
    expect(rows[2]).toMatchObject({
      title: 'Cloud Storage JSON API',
      otherTitles: ['Cloud Storage API'],
      source: 'googleapis',
    });
  });

  it('writes files the content checks read, formatted like the others (2 spaces, trailing newline)', () => {
    const loaded = loadReference(r.ref)!;
    expect(loaded.iamPrefixes.has('newsvc')).toBe(true);
    expect(loaded.removedIamPrefixes.has('oldsvc')).toBe(true);
    expect(loaded.azureProviders.get('microsoft.newthing')?.has('microsoft.newthing/widgets')).toBe(true);
    const text = r.text('gcp-services.json');
    expect(text).toBe(`${JSON.stringify(JSON.parse(text), null, 2)}\n`);
  });

  it('refuses a malformed download, naming it, and changes nothing', () => {
    const bad = mkdtempSync(join(tmpdir(), 'csc-dl-'));
    dirs.push(bad);
    writeFileSync(
      join(bad, 'aws-servicereference-index.json'),
      JSON.stringify([{ service: 'Not A Prefix!', url: 'x' }]),
    );
    const b = run(bad);
    expect(b.status).toBe(1);
    expect(b.out).toContain('aws-servicereference-index.json is not in the expected format');
    expect(b.text('aws-iam-service-prefixes.json')).toBe(
      readFileSync(join(FIXTURE, 'current/aws-iam-service-prefixes.json'), 'utf8'),
    );
  });

  it('explains its usage without a directory', () => {
    const u = spawnSync(process.execPath, ['src/scripts/refresh-reference.ts'], { encoding: 'utf8' });
    expect(u.status).toBe(2);
    expect(u.stderr).toContain('Usage: npm run reference:refresh -- <download-dir>');
  });
});

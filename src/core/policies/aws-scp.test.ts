import { describe, expect, it } from 'vitest';
import { validateScp } from '../../../tests/validators/aws-scp.ts';
import { scpDenies } from '../../../tests/validators/evaluate.ts';
import { createCatalogue } from '../catalogue.ts';
import { AWS_ESSENTIAL_IAM_PREFIXES, generateAwsScp, scpCharacterCount } from './aws-scp.ts';
import { AwsScpQuery } from './schemas.ts';
import {
  REALISTIC_PROVIDER_SIZES,
  syntheticCatalogue,
  syntheticServices,
} from '../../../tests/helpers/synthetic-catalogue.ts';

const today = '2026-05-15';
const catalogue = syntheticCatalogue({ aws: REALISTIC_PROVIDER_SIZES.aws, azure: 3, gcp: 3 });
const awsIds = catalogue.services.filter((s) => s.provider === 'aws').map((s) => s.id);

describe('generateAwsScp', () => {
  it('denies everything outside the approved prefixes and the essentials, with provenance in Id', () => {
    const s = catalogue.services.find((x) => x.provider === 'aws' && x.subServices.length)!;
    const r = generateAwsScp(catalogue, [s.id, 'azure-svc-0000'], { today, listName: 'Team A – prod' });
    if (r.kind !== 'policy') throw new Error(r.kind);
    expect(validateScp(r.document)).toEqual([]);
    const expected = [
      ...AWS_ESSENTIAL_IAM_PREFIXES,
      ...s.identifiers.iamPrefixes!,
      ...s.subServices.flatMap((x) => x.identifiers?.iamPrefixes ?? []),
    ]
      .map((p) => `${p}:*`)
      .sort();
    expect(r.document.Statement).toEqual([
      { Sid: 'DenyServicesOutsideApprovedList', Effect: 'Deny', NotAction: expected, Resource: '*' },
    ]);
    expect(r.document.Id).toMatch(/^csc-synthetic01-team-a-prod-[0-9a-f]{10}$/);
    expect(r.omitted).toEqual([{ id: 'azure-svc-0000', reason: 'other-provider', detail: expect.any(String) }]);
    expect(Object.keys(r.document)).toEqual(['Version', 'Id', 'Statement']);
  });

  it('with no AWS service approved refuses unless asked; then allows only the essentials, or denies every action without them', () => {
    expect(generateAwsScp(catalogue, ['gcp-svc-0001'], { today })).toMatchObject({
      kind: 'empty-cloud',
      omitted: [{ id: 'gcp-svc-0001', reason: 'other-provider' }],
    });
    const r = generateAwsScp(catalogue, ['gcp-svc-0001'], { today, emptyCloud: 'deny-all' });
    if (r.kind !== 'policy') throw new Error(r.kind);
    expect(r.document.Statement[0]!.NotAction).toEqual(AWS_ESSENTIAL_IAM_PREFIXES.map((p) => `${p}:*`).sort());
    expect(validateScp(r.document)).toEqual([]);
    const none = generateAwsScp(catalogue, ['gcp-svc-0001'], { today, awsEssentials: [], emptyCloud: 'deny-all' });
    if (none.kind !== 'policy') throw new Error(none.kind);
    expect(none.document.Statement[0]).toEqual({
      Sid: 'DenyServicesOutsideApprovedList',
      Effect: 'Deny',
      Action: '*',
      Resource: '*',
    });
    expect(validateScp(none.document)).toEqual([]);
  });

  it('gives the document without the essentials its own Id, so two different documents never share one', () => {
    const s = catalogue.services.find((x) => x.provider === 'aws' && x.identifiers.iamPrefixes?.length)!;
    const withEssentials = generateAwsScp(catalogue, [s.id], { today });
    const without = generateAwsScp(catalogue, [s.id], { today, awsEssentials: [] });
    if (withEssentials.kind !== 'policy' || without.kind !== 'policy') throw new Error('expected two policies');
    expect(without.document.Statement).not.toEqual(withEssentials.document.Statement);
    expect(without.document.Id).toBe(`${withEssentials.document.Id}-no-essentials`);
    expect(validateScp(without.document)).toEqual([]);
  });

  it('exempts the roles asked for from the deny, and only them, with an Id of its own', () => {
    const s = catalogue.services.find((x) => x.provider === 'aws' && x.identifiers.iamPrefixes?.length)!;
    const plain = generateAwsScp(catalogue, [s.id], { today });
    const exemptArns = ['arn:aws:iam::*:role/BreakGlass', 'arn:aws:iam::111122223333:role/pipeline-*'];
    const r = generateAwsScp(catalogue, [s.id], { today, awsExemptPrincipalArns: [...exemptArns].reverse() });
    if (r.kind !== 'policy' || plain.kind !== 'policy') throw new Error('expected two policies');
    expect(r.document.Statement[0]!.Condition).toEqual({ ArnNotLike: { 'aws:PrincipalARN': exemptArns } });
    expect(validateScp(r.document)).toEqual([]);
    expect(r.document.Id).toMatch(new RegExp(`^${plain.document.Id}-exempt-[0-9a-f]{10}$`));
    expect(r.size!.value).toBeGreaterThan(plain.size!.value + exemptArns.join('').length);
    const app = 'arn:aws:iam::111122223333:role/App';
    const outside = 'ec2:RunInstances';
    expect(scpDenies(r.document, outside, app)).toBe(true);
    expect(scpDenies(r.document, outside, 'arn:aws:iam::444455556666:role/BreakGlass')).toBe(false);
    expect(scpDenies(r.document, outside, 'arn:aws:iam::111122223333:role/pipeline-deploy')).toBe(false);
    // A pattern's account is its own part: a role named like it in another account is not exempt.
    expect(scpDenies(r.document, outside, 'arn:aws:iam::444455556666:role/pipeline-deploy')).toBe(true);
    expect(scpDenies(r.document, `${s.identifiers.iamPrefixes![0]}:Get`, app)).toBe(false);
    // As IAM compares ARNs: case-sensitively, and a `*` never reaches past its own part.
    const one = (arn: string) =>
      generateAwsScp(catalogue, [s.id], { today, awsExemptPrincipalArns: [arn] }) as { document: unknown };
    expect(
      scpDenies(one('arn:aws:iam::*:role/breakglass').document, outside, 'arn:aws:iam::444455556666:role/BreakGlass'),
    ).toBe(true);
    expect(scpDenies(one('arn:aws:iam::*').document, outside, 'arn:aws:iam::444455556666:role/BreakGlass')).toBe(true);
    expect(
      scpDenies(one('arn:aws:iam::*:role/Break*').document, outside, 'arn:aws:iam::444455556666:role/BreakGlass'),
    ).toBe(false);
  });

  it('refuses a pattern that would exempt every role, and names what exempt roles cost when the SCP is too large', () => {
    const rule = AwsScpQuery.shape.exemptPrincipalArns;
    for (const everyRole of ['arn:*:iam::*:role/*', 'arn:aws:iam::*:role/*/*', 'arn:aws:iam::111122223333:role/?*'])
      expect(rule.safeParse(everyRole).success, everyRole).toBe(false);
    for (const fine of [
      'arn:aws:iam::*:role/admin/*',
      'arn:aws-us-gov:iam::111122223333:role/BreakGlass',
      'arn:aws:iam::111122223333:role/aws-reserved/sso.amazonaws.com/eu-west-1/AWSReservedSSO_Admin_*',
    ])
      expect(rule.safeParse(fine).success, fine).toBe(true);
    const long = Array.from({ length: 20 }, (_, i) => `arn:aws:iam::111122223333:role/${'x'.repeat(400)}${i}`);
    const r = generateAwsScp(catalogue, awsIds.slice(0, 20), {
      today,
      awsExemptPrincipalArns: long,
      awsSizeLimit: 5120,
    });
    if (r.kind !== 'too-large') throw new Error(r.kind);
    expect(r.advice).toMatch(/The 20 exempt role patterns take \d+ characters/);
  });

  it('fits every service of a realistic AWS catalogue in the 10,240-character quota, counted on the minified JSON', () => {
    const r = generateAwsScp(catalogue, awsIds, { today, awsSizeLimit: 10240 });
    if (r.kind !== 'policy') throw new Error(r.kind);
    expect(validateScp(r.document, { limit: 10240 })).toEqual([]);
    expect(r.size).toEqual({ value: JSON.stringify(r.document).length, limit: 10240, unit: 'characters' });
    expect(r.omitted.map((o) => o.reason).every((x) => x === 'other-provider' || x === 'no-identifiers')).toBe(true);
    expect(r.omitted.filter((o) => o.reason === 'no-identifiers').length).toBeGreaterThan(0);
  });

  it("refuses a list over the 5,120-character quota (AWS's published one, the default) with the numbers, never truncating", () => {
    const r = generateAwsScp(catalogue, awsIds, { today });
    if (r.kind !== 'too-large') throw new Error(r.kind);
    const full = generateAwsScp(catalogue, awsIds, { today, awsSizeLimit: 10240 });
    if (full.kind !== 'policy') throw new Error(full.kind);
    expect(r).toMatchObject({
      unit: 'characters',
      limit: 5120,
      size: scpCharacterCount(full.document),
      excess: scpCharacterCount(full.document) - 5120,
    });
    expect(r.advice).toMatch(/10,240/);
  });

  it("names the options that would make it fit in the caller's words, and does not advise dropping essentials already dropped", () => {
    const api = generateAwsScp(catalogue, awsIds, { today });
    if (api.kind !== 'too-large') throw new Error(api.kind);
    expect(api.advice).toContain('ask for that quota (sizeLimit=10240)');
    const cli = generateAwsScp(catalogue, awsIds, { today, optionWords: (o, v) => `--${o} ${v}` });
    if (cli.kind !== 'too-large') throw new Error(cli.kind);
    expect(cli.advice).toContain('(--sizeLimit 10240)');
    expect(cli.advice).not.toMatch(/\w=\w/);
    const bare = generateAwsScp(catalogue, awsIds, { today, awsEssentials: [] });
    if (bare.kind !== 'too-large') throw new Error(bare.kind);
    expect(bare.advice).not.toMatch(/essentials/);
    expect(bare.advice).toMatch(/each with its own list\)\./);
  });

  it('advises dropping the essentials only when that alone makes the SCP fit', () => {
    const sizeOf = (ids: string[], essentials?: string[]) => {
      const r = generateAwsScp(catalogue, ids, {
        today,
        awsSizeLimit: 10240,
        ...(essentials ? { awsEssentials: essentials } : {}),
      });
      if (r.kind !== 'policy') throw new Error(r.kind);
      return scpCharacterCount(r.document);
    };
    // The shortest start of the list that is over the quota with the essentials.
    let n = 1;
    while (sizeOf(awsIds.slice(0, n)) <= 5120) n++;
    const ids = awsIds.slice(0, n);
    const without = sizeOf(ids, []);
    expect(without).toBeLessThanOrEqual(5120);
    const r = generateAwsScp(catalogue, ids, { today });
    if (r.kind !== 'too-large') throw new Error(r.kind);
    expect(r.advice).toContain(`drop the always-allowed essentials (essentials=none), which makes it ${without}.`);
    // Every AWS service: without the essentials it is still over the quota, so dropping them is not offered.
    const all = generateAwsScp(catalogue, awsIds, { today });
    if (all.kind !== 'too-large') throw new Error(all.kind);
    expect(sizeOf(awsIds, [])).toBeGreaterThan(5120);
    expect(all.advice).not.toContain('essentials');
  });

  it('offers the larger quota only when the SCP would fit it', () => {
    const big = createCatalogue({ ...catalogue, services: syntheticServices('aws', 900, 3) });
    const r = generateAwsScp(
      big,
      big.services.map((s) => s.id),
      { today },
    );
    if (r.kind !== 'too-large') throw new Error(r.kind);
    expect(r.size).toBeGreaterThan(10240);
    expect(r.advice).not.toContain('ask for that quota');
    expect(r.advice).toContain(
      `Even the 10,240-character quota reported from 15 May 2026 would be ${r.size - 10240} characters short.`,
    );
  });

  it('refuses a list over the 10,240-character quota too', () => {
    const big = createCatalogue({ ...catalogue, services: syntheticServices('aws', 900, 3) });
    const r = generateAwsScp(
      big,
      big.services.map((s) => s.id),
      { today, awsSizeLimit: 10240 },
    );
    expect(r.kind).toBe('too-large');
    if (r.kind === 'too-large') expect(r.size - r.limit).toBe(r.excess);
  });
});

import { describe, expect, it } from 'vitest';
import { CONTROL_TOWER_ROLE_ARNS } from '../core/policies/essentials.ts';
import { AwsScpQuery } from '../core/policies/schemas.ts';
import {
  alsoAllowsCounts,
  alsoAllowsLines,
  alsoAllowsSummary,
  dependencyOffers,
  exemptRolesOf,
  exemptRolesProblem,
  gcpParentProblem,
  policyUnavailable,
  sizeAgainstQuota,
  type PolicyEnvelopeView,
} from './policy-view.ts';

const data = {
  services: [
    { id: 'aws-lambda', name: 'AWS Lambda', provider: 'aws' },
    { id: 'aws-cloudwatch', name: 'Amazon CloudWatch', provider: 'aws' },
    { id: 'aws-rds', name: 'Amazon RDS', provider: 'aws' },
    { id: 'aws-documentdb', name: 'Amazon DocumentDB', provider: 'aws' },
    { id: 'gcp-compute-engine', name: 'Compute Engine', provider: 'gcp' },
    { id: 'aws-qldb', name: 'Amazon QLDB', provider: 'aws', lifecycle: { status: 'retired' } },
    { id: 'azure-b2c', name: 'Azure AD B2C', provider: 'azure', lifecycle: { status: 'deprecated' } },
  ],
} as never;
const env = (over: Partial<PolicyEnvelopeView>): PolicyEnvelopeView => ({
  document: {},
  omitted: [],
  included: [],
  dependencies: [],
  alsoAllows: [],
  warnings: [],
  ...over,
});

describe('policy view', () => {
  it('offers each missing dependency as a sentence with the service to add, requirements first', () => {
    const offers = dependencyOffers(
      env({
        dependencies: [
          {
            serviceId: 'aws-lambda',
            kind: 'recommends',
            service: 'aws-rds',
            reason: 'r',
            source: 'https://a',
            status: 'missing',
          },
          {
            serviceId: 'aws-lambda',
            kind: 'requires',
            service: 'aws-cloudwatch',
            reason: 'functions write their logs there',
            source: 'https://b',
            status: 'missing',
          },
          {
            serviceId: 'aws-lambda',
            kind: 'requires',
            identifiers: ['kms'],
            reason: 'keys',
            source: 'https://c',
            status: 'missing',
          },
          {
            serviceId: 'aws-lambda',
            kind: 'requires',
            service: 'aws-rds',
            reason: 'x',
            source: 'https://d',
            status: 'added',
          },
        ],
      }),
      data,
    );
    // Each offer's reasons as rows are the next test's.
    expect(offers.map(({ kind, text, subject, summary, addId }) => ({ kind, text, subject, summary, addId }))).toEqual([
      {
        kind: 'requires',
        text: 'AWS Lambda needs Amazon CloudWatch: functions write their logs there.',
        subject: 'Amazon CloudWatch',
        summary: 'AWS Lambda needs it.',
        addId: 'aws-cloudwatch',
      },
      {
        kind: 'requires',
        text: 'AWS Lambda needs kms: keys.',
        subject: 'kms',
        summary: 'AWS Lambda needs it.',
        addId: undefined,
      },
      {
        kind: 'recommends',
        text: 'AWS Lambda works best with Amazon RDS: r.',
        subject: 'Amazon RDS',
        summary: 'AWS Lambda works best with it.',
        addId: 'aws-rds',
      },
    ]);
  });

  it('offers a service once however many of the list need it, with each reason and source', () => {
    const note = (serviceId: string, reason: string, source: string) =>
      ({ serviceId, kind: 'recommends', service: 'aws-rds', reason, source, status: 'missing' }) as const;
    const offers = dependencyOffers(
      env({
        dependencies: [
          note('aws-lambda', 'a', 'https://a'),
          note('aws-documentdb', 'b', 'https://b'),
          note('aws-cloudwatch', 'c', 'https://a'),
        ],
      }),
      data,
    );
    expect(offers).toEqual([
      {
        kind: 'recommends',
        text:
          'AWS Lambda, Amazon DocumentDB and Amazon CloudWatch work best with Amazon RDS: ' +
          'a (AWS Lambda); b (Amazon DocumentDB); c (Amazon CloudWatch).',
        subject: 'Amazon RDS',
        summary: 'AWS Lambda, Amazon DocumentDB and Amazon CloudWatch work best with it.',
        // Shown as one row per reason under the service to add, each with its own source.
        reasons: [
          {
            kind: 'recommends',
            text: 'AWS Lambda works best with it: a.',
            about: 'AWS Lambda works best with Amazon RDS',
            sources: ['https://a'],
          },
          {
            kind: 'recommends',
            text: 'Amazon DocumentDB works best with it: b.',
            about: 'Amazon DocumentDB works best with Amazon RDS',
            sources: ['https://b'],
          },
          {
            kind: 'recommends',
            text: 'Amazon CloudWatch works best with it: c.',
            about: 'Amazon CloudWatch works best with Amazon RDS',
            sources: ['https://a'],
          },
        ],
        addId: 'aws-rds',
      },
    ]);
    // The same reason from every service is said once.
    const same = dependencyOffers(
      env({ dependencies: [note('aws-lambda', 'same', 'https://a'), note('aws-documentdb', 'same', 'https://a')] }),
      data,
    );
    expect(same.map((o) => o.text)).toEqual(['AWS Lambda and Amazon DocumentDB work best with Amazon RDS: same.']);
    // A reason several services share is said once, with those services; another reason with its own.
    const some = dependencyOffers(
      env({
        dependencies: [
          note('aws-lambda', 'shared', 'https://a'),
          note('aws-documentdb', 'own', 'https://b'),
          note('aws-cloudwatch', 'shared', 'https://a'),
        ],
      }),
      data,
    );
    expect(some.map((o) => o.text)).toEqual([
      'AWS Lambda, Amazon DocumentDB and Amazon CloudWatch work best with Amazon RDS: ' +
        'shared (AWS Lambda and Amazon CloudWatch); own (Amazon DocumentDB).',
    ]);
    expect(some[0]!.reasons.map((r) => [r.text, r.sources])).toEqual([
      ['AWS Lambda and Amazon CloudWatch work best with it: shared.', ['https://a']],
      ['Amazon DocumentDB works best with it: own.', ['https://b']],
    ]);
  });

  it('offers a service once when one service needs it and another works best with it, among what is needed', () => {
    const offers = dependencyOffers(
      env({
        included: ['aws-lambda', 'aws-documentdb'],
        dependencies: [
          {
            serviceId: 'aws-lambda',
            kind: 'requires',
            service: 'aws-rds',
            reason: 'a',
            source: 'https://a',
            status: 'missing',
          },
          {
            serviceId: 'aws-documentdb',
            kind: 'recommends',
            service: 'aws-rds',
            reason: 'b',
            source: 'https://b',
            status: 'missing',
          },
        ],
      }),
      data,
    );
    expect(offers).toEqual([
      {
        kind: 'requires',
        text: 'AWS Lambda needs Amazon RDS: a; Amazon DocumentDB works best with it: b.',
        subject: 'Amazon RDS',
        summary: 'AWS Lambda needs it; Amazon DocumentDB works best with it.',
        reasons: [
          {
            kind: 'requires',
            text: 'AWS Lambda needs it: a.',
            about: 'AWS Lambda needs Amazon RDS',
            sources: ['https://a'],
          },
          {
            kind: 'recommends',
            text: 'Amazon DocumentDB works best with it: b.',
            about: 'Amazon DocumentDB works best with Amazon RDS',
            sources: ['https://b'],
          },
        ],
        addId: 'aws-rds',
      },
    ]);
  });

  it('says which listed service a needed service is needed for, when that service is not in the list', () => {
    // Lambda needs CloudWatch, which the list lacks; CloudWatch in turn needs RDS (a requirement followed through).
    const offers = dependencyOffers(
      env({
        included: ['aws-lambda'],
        dependencies: [
          {
            serviceId: 'aws-lambda',
            kind: 'requires',
            service: 'aws-cloudwatch',
            reason: 'logs',
            source: 'https://a',
            status: 'missing',
          },
          {
            serviceId: 'aws-cloudwatch',
            kind: 'requires',
            service: 'aws-rds',
            reason: 'x',
            source: 'https://b',
            status: 'missing',
          },
        ],
      }),
      data,
    );
    expect(offers.map((o) => o.text)).toEqual([
      'AWS Lambda needs Amazon CloudWatch: logs.',
      'Amazon CloudWatch (which AWS Lambda needs) needs Amazon RDS: x.',
    ]);
    // Its row and source link say it too.
    expect(offers[1]!.reasons).toEqual([
      {
        kind: 'requires',
        text: 'Amazon CloudWatch (which AWS Lambda needs) needs it: x.',
        about: 'Amazon CloudWatch (which AWS Lambda needs) needs Amazon RDS',
        sources: ['https://b'],
      },
    ]);
  });

  it('names a dependency the policy lets partly through with what it still denies', () => {
    const offers = dependencyOffers(
      env({
        included: ['aws-lambda'],
        dependencies: [
          {
            serviceId: 'aws-lambda',
            kind: 'recommends',
            service: 'aws-rds',
            denied: ['rds-data'],
            reason: 'r',
            source: 'https://a',
            status: 'missing',
          },
        ],
      }),
      data,
    );
    expect(offers.map((o) => o.text)).toEqual([
      'AWS Lambda works best with Amazon RDS (its rds-data, which this policy denies): r.',
    ]);
    // A source link names the service alone: what is denied of it is said once, in the offer.
    expect(offers[0]!.subject).toBe('Amazon RDS (its rds-data, which this policy denies)');
    expect(offers[0]!.reasons.map((r) => r.about)).toEqual(['AWS Lambda works best with Amazon RDS']);
  });

  it('says the size against the quota, and when it is near it', () => {
    expect(sizeAgainstQuota(env({}))).toBeUndefined();
    expect(sizeAgainstQuota(env({ size: { value: 1053, limit: 5120, unit: 'characters' } }))).toEqual({
      text: '1,053 of the 5,120 characters the quota allows',
      near: false,
    });
    expect(sizeAgainstQuota(env({ size: { value: 5043, limit: 5120, unit: 'characters' } }))?.near).toBe(true);
  });

  it('names what else the document allows, and through what', () => {
    expect(
      alsoAllowsLines(
        env({
          alsoAllows: [
            { id: 'aws-rds', identifiers: ['rds'], through: ['aws-documentdb'], essential: false, partial: false },
            { id: 'aws-cloudwatch', identifiers: ['logs'], through: ['aws-lambda'], essential: false, partial: true },
            { id: 'aws-qldb', identifiers: ['qldb'], through: ['aws-documentdb'], essential: false, partial: false },
          ],
        }),
        data,
      ),
    ).toEqual([
      'Amazon RDS (rds, through Amazon DocumentDB)',
      'Amazon CloudWatch (only logs, through AWS Lambda)',
      // Left out of the list on purpose, perhaps, and let through all the same: its state is said.
      'Amazon QLDB, retired (qldb, through Amazon DocumentDB)',
    ]);
  });

  it('counts what else the document allows by why: the essentials apart from identifiers an approved service shares', () => {
    const also = (essential: boolean, id: string) => ({
      id,
      identifiers: [id],
      through: [],
      essential,
      partial: false,
    });
    const envOf = (...a: ReturnType<typeof also>[]) => env({ alsoAllows: a });
    expect(alsoAllowsSummary(envOf(also(true, 'a'), also(true, 'b'), also(false, 'c')))).toBe(
      'This policy also allows 3 other catalogue services: 2 always allowed as an essential, 1 through identifiers shared with approved services',
    );
    expect(alsoAllowsSummary(envOf(also(true, 'a')))).toBe(
      'This policy also allows 1 other catalogue service: 1 always allowed as an essential',
    );
    expect(alsoAllowsCounts(envOf(also(false, 'c'), also(false, 'd')))).toBe(
      '2 through identifiers shared with approved services',
    );
  });

  it('says why a cloud has no policy to offer: nothing of it, or only retired services', () => {
    expect(policyUnavailable('gcp', ['aws-lambda'], data)).toBe('No Google Cloud service');
    expect(policyUnavailable('gcp', ['aws-lambda', 'gcp-compute-engine'], data)).toBeUndefined();
    expect(policyUnavailable('aws', ['aws-qldb', 'gcp-compute-engine'], data)).toBe('Only retired AWS services');
    expect(policyUnavailable('aws', ['aws-qldb', 'aws-lambda'], data)).toBeUndefined();
    // Deprecated is still allowed (with a warning); unknown ids count for nothing.
    expect(policyUnavailable('azure', ['azure-b2c'], data)).toBeUndefined();
    expect(policyUnavailable('azure', ['azure-gone'], data)).toBe('No Azure service');
  });

  it.each([
    ['', undefined],
    ['organizations/123456789012', undefined],
    ['folders/42', undefined],
    ['projects/my-project-1', undefined],
    ['projects/123456789012', undefined],
    ['organizations/acme', 'The parent must be'],
    ['projects/My_Project', 'The parent must be'],
  ])('checks the Google Cloud parent %j like the API', (value, problem) => {
    const p = gcpParentProblem(value);
    if (problem) expect(p).toMatch(problem);
    else expect(p).toBeUndefined();
  });

  it.each([
    ['', true],
    ['arn:aws:iam::123456789012:role/BreakGlass', true],
    [
      'arn:aws:iam::*:role/BreakGlass\n arn:aws:iam::*:role/aws-reserved/sso.amazonaws.com/AWSReservedSSO_Admin_*',
      true,
    ],
    [CONTROL_TOWER_ROLE_ARNS.join('\n'), true],
    ['arn:aws:iam::*:role/*', false],
    ['arn:aws:iam::*:user/alice', false],
    ['BreakGlass', false],
    [Array.from({ length: 21 }, (_, i) => `arn:aws:iam::*:role/r${i}`).join('\n'), false],
  ])('checks the roles an SCP exempts %j as the API does', (value, accepted) => {
    expect(exemptRolesProblem(value) === undefined).toBe(accepted);
    const roles = exemptRolesOf(value);
    // The API's own parameter, given the same roles comma-separated (none given is no parameter at all).
    if (roles.length) expect(AwsScpQuery.shape.exemptPrincipalArns.safeParse(roles.join(',')).success).toBe(accepted);
  });
});

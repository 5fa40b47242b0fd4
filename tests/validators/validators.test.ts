/** The grammar validators must reject what the providers reject, or the policy tests prove nothing. */
import { describe, expect, it } from 'vitest';
import { awsCountedCharacters, validateScp } from './aws-scp.ts';
import { validateAzurePolicyDefinition } from './azure-policy.ts';
import { validateGcpPolicy } from './gcp-org-policy.ts';

const scp = {
  Version: '2012-10-17',
  Id: 'x',
  Statement: [{ Sid: 'A1', Effect: 'Deny', NotAction: ['s3:*', 'iam:*'], Resource: '*' }],
};
const azure = {
  properties: {
    displayName: 'x',
    mode: 'all',
    parameters: { effect: { type: 'String', allowedValues: ['Audit', 'Deny'], defaultValue: 'Deny' } },
    policyRule: {
      if: { allOf: [{ field: 'type', notLike: 'Microsoft.Storage/*' }] },
      then: { effect: "[parameters('effect')]" },
    },
  },
};
const gcp = {
  name: 'organizations/123/policies/gcp.restrictServiceUsage',
  spec: { rules: [{ values: { allowedValues: ['storage.googleapis.com'] } }] },
};
const withProps = (p: Record<string, unknown>) => ({ properties: { ...azure.properties, ...p } });
const withRule = (rule: unknown) => withProps({ policyRule: rule });

/** `count` distinct service API names, each `length` letters before `.googleapis.com`. */
const names = (count: number, length: number) =>
  Array.from({ length: count }, (_, i) => `${String(i).padStart(length, 'a')}.googleapis.com`);

describe('grammar validators', () => {
  it('accept minimal valid documents', () => {
    expect(validateScp(scp)).toEqual([]);
    const exempting = { ArnNotLike: { 'aws:PrincipalARN': ['arn:aws:iam::*:role/BreakGlass'] } };
    expect(validateScp({ ...scp, Statement: [{ ...scp.Statement[0], Condition: exempting }] })).toEqual([]);
    expect(validateAzurePolicyDefinition(azure)).toEqual([]);
    expect(validateGcpPolicy(gcp)).toEqual([]);
  });

  it('count SCP characters as AWS does (whitespace outside strings excluded)', () => {
    expect(awsCountedCharacters(JSON.stringify(scp, null, 2))).toBe(JSON.stringify(scp).length);
    expect(awsCountedCharacters('{"a b": "c\\" d"}')).toBe('{"a b":"c\\" d"}'.length);
  });

  it.each([
    ['a comment', { ...scp, _comment: 'x' }],
    ['a Sid with a hyphen', { ...scp, Statement: [{ ...scp.Statement[0], Sid: 'a-b' }] }],
    ['Action and NotAction', { ...scp, Statement: [{ ...scp.Statement[0], Action: '*' }] }],
    ['a wildcard in the prefix', { ...scp, Statement: [{ ...scp.Statement[0], NotAction: ['s3*:*'] }] }],
    ['a Principal', { ...scp, Statement: [{ ...scp.Statement[0], Principal: '*' }] }],
    ['no Resource', { ...scp, Statement: [{ Effect: 'Deny', NotAction: ['s3:*'] }] }],
    [
      'an unknown condition operator',
      {
        ...scp,
        Statement: [
          { ...scp.Statement[0], Condition: { ArnNotMatch: { 'aws:PrincipalARN': 'arn:aws:iam::*:role/x' } } },
        ],
      },
    ],
    [
      'a condition ARN that is no ARN',
      {
        ...scp,
        Statement: [{ ...scp.Statement[0], Condition: { ArnNotLike: { 'aws:PrincipalARN': ['BreakGlass'] } } }],
      },
    ],
    ['an empty condition', { ...scp, Statement: [{ ...scp.Statement[0], Condition: {} }] }],
    [
      'over the size quota',
      {
        ...scp,
        Statement: [{ ...scp.Statement[0], NotAction: Array.from({ length: 900 }, (_, i) => `service${i}:*`) }],
      },
    ],
  ])('SCP: reject %s', (_label, doc) => expect(validateScp(doc)).not.toEqual([]));

  it.each([
    ['policyType', withProps({ policyType: 'Custom' })],
    ['an empty parameters object', withProps({ parameters: {} })],
    ['an unknown property', withProps({ _comment: 'x' })],
    ['two wildcards in like', withRule({ if: { field: 'type', notLike: 'Microsoft.*/*' }, then: { effect: 'deny' } })],
    ['an unknown operator', withRule({ if: { field: 'type', startsWith: 'x' }, then: { effect: 'deny' } })],
    ['an unknown effect', withRule({ if: { field: 'type', notLike: 'x/*' }, then: { effect: 'block' } })],
    ['an empty allOf', withRule({ if: { allOf: [] }, then: { effect: 'deny' } })],
    [
      'an undeclared parameter',
      withRule({ if: { field: 'type', notLike: 'x/*' }, then: { effect: "[parameters('other')]" } }),
    ],
    ['a bad name', { ...azure, name: 'a/b' }],
    ['mode Indexed', withProps({ mode: 'Indexed' })],
  ])('Azure: reject %s', (_label, doc) => expect(validateAzurePolicyDefinition(doc)).not.toEqual([]));

  it.each([
    ['a comment', { ...gcp, _comment: 'x' }],
    ['enforce on a list constraint', { ...gcp, spec: { rules: [{ enforce: true }] } }],
    ['two kinds in a rule', { ...gcp, spec: { rules: [{ denyAll: true, allowAll: true }] } }],
    ['empty values', { ...gcp, spec: { rules: [{ values: { allowedValues: [] } }] } }],
    ['a value that is not a service name', { ...gcp, spec: { rules: [{ values: { allowedValues: ['storage'] } }] } }],
    ['a bad name', { ...gcp, name: 'gcp.restrictServiceUsage' }],
    ['more than 500 values', { ...gcp, spec: { rules: [{ values: { allowedValues: names(501, 4) } }] } }],
    ['more than 32 KB', { ...gcp, spec: { rules: [{ values: { allowedValues: names(300, 100) } }] } }],
  ])('GCP: reject %s', (_label, doc) => expect(validateGcpPolicy(doc)).not.toEqual([]));
});

/**
 * POST /v1/policies/aws-scp, /azure-policy and /gcp-org-policy: validate the
 * approved list, run the pure generator, answer the deployable document.
 *
 * The body is the document itself, byte for byte what the provider accepts.
 * What was left out travels beside it: `X-Policy-Omitted` (an RFC 8941
 * structured-field list of `"<id>";reason=<reason>`) and a `Warning: 299`
 * header with the count. `?envelope=true` answers a PolicyEnvelope instead,
 * with every omission spelled out and the provenance.
 */
import type { z } from 'zod';
import type { OperationSpec } from '../src/http/openapi.ts';
import { problemResponse } from '../src/http/openapi.ts';
import { problem, zodErrors } from '../src/http/problem.ts';
import { cappedList, jsonResponse, searchParamsObject, sfString } from '../src/http/protocol.ts';
import {
  AwsScpQuery,
  AwsServiceControlPolicy,
  AzurePolicyDefinition,
  AzurePolicyQuery,
  GcpOrgPolicy,
  GcpOrgPolicyQuery,
  generatePolicy,
  PolicyEnvelope,
  ApprovedServicesRequest,
  type GeneratePolicyOptions,
  type Omission,
  type PolicyTarget,
} from '../src/core/policies/index.ts';
import { defineMutation } from './lib/mutation.ts';
import type { FunctionContext } from './lib/types.ts';

export { ApprovedServicesRequest };

/** Longest X-Policy-Omitted value sent; the envelope always has the full list. */
const OMITTED_HEADER_MAX = 6000;

export function omissionHeaders(omitted: readonly Omission[]): Record<string, string> {
  if (!omitted.length) return {};
  // Omitted ids are catalogue ids (kebab-case ASCII), so every one is a valid string item.
  const { value, listed } = cappedList(
    omitted.map((o) => `${sfString(o.id)};reason=${o.reason}`),
    OMITTED_HEADER_MAX,
  );
  const n = omitted.length;
  return {
    'x-policy-omitted': value,
    warning: `299 - "${n} approved service${n === 1 ? ' is' : 's are'} not in this policy (other cloud, no usable identifier or not restrictable)${listed < n ? `; X-Policy-Omitted lists the first ${listed}` : ''}; ask with ?envelope=true for the reasons"`,
  };
}

type Query = z.output<typeof AwsScpQuery> & z.output<typeof AzurePolicyQuery> & z.output<typeof GcpOrgPolicyQuery>;

const queries: Record<PolicyTarget, z.ZodType<Partial<Query>>> = {
  aws: AwsScpQuery,
  azure: AzurePolicyQuery,
  gcp: GcpOrgPolicyQuery,
};

/** `today` for provenance: the UTC date of the request. */
const isoDay = (d: Date): string => d.toISOString().slice(0, 10);

function policyFunction(target: PolicyTarget) {
  return defineMutation({
    body: ApprovedServicesRequest,
    handle(input, request, ctx: FunctionContext) {
      const query = queries[target].safeParse(searchParamsObject(new URL(request.url).searchParams));
      if (!query.success)
        return problem('invalid-parameters', {
          detail: 'See errors for each query parameter.',
          errors: zodErrors(query.error, 'query'),
        });
      const q = query.data;
      const options: GeneratePolicyOptions = {
        today: isoDay(ctx.now()),
        ...(input.name ? { listName: input.name } : {}),
        ...(q.sizeLimit ? { awsSizeLimit: q.sizeLimit } : {}),
        ...(q.essentials === 'none' ? { awsEssentials: [] } : {}),
        ...(q.displayName ? { displayName: q.displayName } : {}),
        ...(q.parent ? { gcpParent: q.parent } : {}),
      };
      const result = generatePolicy(target, ctx.catalogue, input.approvedServiceIds, options);
      switch (result.kind) {
        case 'unknown-services': {
          const ids = input.approvedServiceIds;
          return problem('unknown-services', {
            detail: `No service has ${result.unknownIds.length === 1 ? 'this id' : 'these ids'}: ${result.unknownIds.join(', ')}. See GET /v1/services for valid ids.`,
            errors: ids.flatMap((id, i) =>
              result.unknownIds.includes(id)
                ? [{ pointer: `/approvedServiceIds/${i}`, value: id, message: 'no service has this id' }]
                : [],
            ),
            unknownIds: result.unknownIds,
          });
        }
        case 'too-large':
          return problem('policy-too-large', {
            detail: result.advice,
            limit: result.limit,
            size: result.size,
            excess: result.excess,
            unit: result.unit,
            ...(target === 'aws' && result.limit < 10240
              ? { hint: 'Ask with ?sizeLimit=10240 if your organisation accepts the 10,240-character quota.' }
              : {}),
          });
        case 'policy': {
          if (q.envelope) {
            const { kind: _k, ...envelope } = result;
            return jsonResponse(envelope);
          }
          return jsonResponse(result.document, { headers: omissionHeaders(result.omitted) });
        }
      }
    },
  });
}

export const generateAwsScp = policyFunction('aws');
export const generateAzurePolicy = policyFunction('azure');
export const generateGcpOrgPolicy = policyFunction('gcp');

const omissionHeaderDocs = {
  'X-Policy-Omitted': {
    description:
      'Present when approved services are left out: an RFC 8941 list of `"<service id>";reason=<other-provider|no-identifiers|not-restrictable>` (capped at 6,000 characters; the envelope has them all).',
  },
  Warning: {
    description: 'Present with X-Policy-Omitted: `299 - "<n> approved services are not in this policy ..."`.',
  },
};

const common = (target: PolicyTarget, document: z.ZodType, what: string) => ({
  method: 'post' as const,
  tags: ['Policies'],
  mutation: true,
  requestBody: {
    schema: ApprovedServicesRequest,
    description: 'The approved list. Ids of other clouds are accepted and reported as omitted.',
  },
  responses: {
    200: {
      description: `The ${what}, ready to deploy unchanged (or a PolicyEnvelope with ?envelope=true). Approved services it does not express are named in X-Policy-Omitted.`,
      schema: envelopeOr(document),
      headers: omissionHeaderDocs,
    },
    400: problemResponse(
      'Malformed JSON, a body that does not match the schema (missing, empty, non-array, non-string or duplicate ids; more than 2,000 ids; errors lists each) or an invalid query parameter',
    ),
    422: problemResponse(
      target === 'aws'
        ? 'Unknown service ids (type /problems/unknown-services, errors lists them), or an SCP over the size quota (type /problems/policy-too-large with limit, size, excess and what to do)'
        : target === 'azure'
          ? 'Unknown service ids (type /problems/unknown-services), or a rule over Azure Policy limits (type /problems/policy-too-large)'
          : 'Unknown service ids (type /problems/unknown-services, errors lists them)',
    ),
  },
});

/** 200 body: the bare document by default, the envelope on request. */
const envelopeOr = (document: z.ZodType): z.ZodType => document.or(PolicyEnvelope);

export const operations: OperationSpec[] = [
  {
    ...common('aws', AwsServiceControlPolicy, 'AWS service control policy'),
    path: '/v1/policies/aws-scp',
    operationId: 'generateAwsScp',
    summary: 'Generate an AWS service control policy',
    description:
      'An allow-list SCP: one Deny statement with NotAction over `<prefix>:*` of the approved AWS services (sub-services included) and the always-allowed essentials, Resource `*`. Provenance is in `Id`. The body is the minified policy, counted as AWS counts it against the 10,240-character quota (or 5,120 with `?sizeLimit=5120`); a list that cannot fit answers 422, never a truncated policy.',
    query: AwsScpQuery,
  },
  {
    ...common('azure', AzurePolicyDefinition, 'Azure Policy definition'),
    path: '/v1/policies/azure-policy',
    operationId: 'generateAzurePolicy',
    summary: 'Generate an Azure Policy definition',
    description:
      'A policy-definition resource (mode "all") that denies resource types outside the approved services\' resource-provider namespaces and the platform namespaces Azure needs. Its `effect` parameter defaults to Deny (Audit and Disabled allowed).',
    query: AzurePolicyQuery,
  },
  {
    ...common('gcp', GcpOrgPolicy, 'Google Cloud organisation policy'),
    path: '/v1/policies/gcp-org-policy',
    operationId: 'generateGcpOrgPolicy',
    summary: 'Generate a Google Cloud organisation policy',
    description:
      "An Org Policy API v2 Policy for the list constraint gcp.restrictServiceUsage allowing the approved services' API names (`denyAll` when none). Approved services the constraint never restricts (such as IAM, Cloud Logging, Cloud Monitoring) are reported as not-restrictable instead of listed.",
    query: GcpOrgPolicyQuery,
  },
];

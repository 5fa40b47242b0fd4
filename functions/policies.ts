/**
 * POST /v1/policies/aws-scp, /azure-policy and /gcp-org-policy: validate the
 * approved list, run the pure generator, answer the deployable document.
 *
 * The body is the document itself, byte for byte what the provider accepts.
 * What was left out travels beside it: `X-Policy-Omitted` (an RFC 8941
 * structured-field list of `"<id>";reason=<reason>`), what else it lets
 * through in `X-Policy-Also-Allows`, and one `Warning: 299` value per thing
 * to know (omissions, missing dependencies, lifecycle, placeholders).
 * `?envelope=true` answers a PolicyEnvelope instead, with all of it spelled
 * out and the provenance.
 */
import type { z } from 'zod';
import type { OperationSpec } from '../src/http/openapi.ts';
import { problemResponse } from '../src/http/openapi.ts';
import { parseQuery, problem, unknownServicesProblem, zodErrors } from '../src/http/problem.ts';
import {
  cappedList,
  jsonResponse,
  QUERY_NOT_UTF8,
  queryIsUtf8,
  searchParamsObject,
  sfString,
} from '../src/http/protocol.ts';
import {
  ArmTemplate,
  AwsScpQuery,
  AwsServiceControlPolicy,
  CloudFormationTemplate,
  AzurePolicyDefinition,
  AzurePolicyQuery,
  GcpOrgPolicy,
  GcpOrgPolicyQuery,
  generatePolicy,
  PolicyEnvelope,
  TerraformJson,
  ApprovedServicesRequest,
  formatsByTarget,
  renderPolicy,
  warningsFor,
  type AlsoAllowed,
  type DependencyNote,
  type GeneratePolicyOptions,
  type Omission,
  type PolicyTarget,
  type PolicyWarning,
  queryParameterWords,
  AWS_SCP_LARGER_LIMIT,
  targetLabels,
} from '../src/core/policies/index.ts';
import { defineMutation } from './lib/mutation.ts';
import type { FunctionContext } from './lib/types.ts';

export { ApprovedServicesRequest };

/** Longest X-Policy-Omitted value sent; the envelope always has the full list. */
const OMITTED_HEADER_MAX = 6000;
/** Longest X-Policy-Also-Allows and Warning values: all headers together stay well under common 16 KiB client limits. */
const ALSO_ALLOWS_HEADER_MAX = 3000;
const WARNING_HEADER_MAX = 3000;

/**
 * A Warning header value. Header values are bytes, and RFC 9111 warn-text is
 * a quoted string: catalogue names and notes are folded to printable ASCII
 * (typographic quotes and dashes to their ASCII forms, accents dropped) and
 * quotes and backslashes replaced, so no service name can break the header.
 */
const warn = (text: string) =>
  `299 - "${text
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d"\\]/g, "'")
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/\u2026/g, '...')
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')}"`;

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
    warning: warn(
      `${n} approved service${n === 1 ? ' is' : 's are'} not in this policy (other cloud, retired, ` +
        `no usable identifier or not restrictable)${listed < n ? `; X-Policy-Omitted lists the first ${listed}` : ''}; ` +
        `ask with ?envelope=true for the reasons`,
    ),
  };
}

/**
 * The headers beside a bare document: omissions, the other services it lets
 * through, and one Warning value per missing dependency summary and per
 * lifecycle or placeholder warning.
 */
export function policyHeaders(r: {
  omitted: readonly Omission[];
  alsoAllows: readonly AlsoAllowed[];
  dependencies: readonly DependencyNote[];
  warnings: readonly PolicyWarning[];
}): Record<string, string> {
  const headers = omissionHeaders(r.omitted);
  const warnings = headers.warning ? [headers.warning] : [];
  if (r.alsoAllows.length) {
    const { value, listed } = cappedList(
      r.alsoAllows.map((a) => `${sfString(a.id)}${a.essential ? ';essential' : ''}${a.partial ? ';partial' : ''}`),
      ALSO_ALLOWS_HEADER_MAX,
    );
    headers['x-policy-also-allows'] = value;
    if (listed < r.alsoAllows.length)
      warnings.push(
        warn(
          `The policy also allows ${r.alsoAllows.length} other catalogue services; X-Policy-Also-Allows ` +
            `lists the first ${listed}; ask with ?envelope=true for all`,
        ),
      );
  }
  const missing = r.dependencies.filter((d) => d.status === 'missing');
  const firstNeeds = (deps: typeof missing) =>
    deps
      .slice(0, 5)
      .map((d) => `${d.serviceId} needs ${d.service ?? d.identifiers?.join(' ')}`)
      .join('; ') + (deps.length > 5 ? '; ...' : '');
  const required = missing.filter((d) => d.kind === 'requires');
  if (required.length)
    warnings.push(
      warn(
        `${required.length} dependenc${required.length === 1 ? 'y' : 'ies'} the approved services require (or what those require) ` +
          `${required.length === 1 ? 'is' : 'are'} denied (${firstNeeds(required)}); ` +
          'ask with ?dependencies=include to add them, ?envelope=true for reasons',
      ),
    );
  if (missing.length > required.length)
    warnings.push(
      warn(
        `${missing.length - required.length} recommended companion service(s) are not approved; ?envelope=true names them`,
      ),
    );
  const lifecycle = r.warnings.map((w) => warn(w.message));
  const { value: rest, listed } = cappedList(lifecycle, WARNING_HEADER_MAX);
  if (rest) warnings.push(rest);
  if (listed < lifecycle.length)
    warnings.push(warn(`${lifecycle.length - listed} more warnings; ask with ?envelope=true`));
  if (warnings.length) headers.warning = warnings.join(', ');
  return headers;
}

type Query = z.output<typeof AwsScpQuery> & z.output<typeof AzurePolicyQuery> & z.output<typeof GcpOrgPolicyQuery>;

const queries: Record<PolicyTarget, z.ZodType<Partial<Query>>> = {
  aws: AwsScpQuery,
  azure: AzurePolicyQuery,
  gcp: GcpOrgPolicyQuery,
};

/** `today` for lifecycle wording only (never in the document): the UTC date of the request. */
const isoDay = (d: Date): string => d.toISOString().slice(0, 10);

function policyFunction(target: PolicyTarget) {
  return defineMutation({
    readsQuery: true,
    body: ApprovedServicesRequest,
    handle(input, request, ctx: FunctionContext) {
      const url = new URL(request.url);
      if (!queryIsUtf8(url.search)) return problem('invalid-parameters', { detail: QUERY_NOT_UTF8 });
      const query = parseQuery(queries[target], searchParamsObject(url.searchParams));
      if (!query.success)
        return problem('invalid-parameters', {
          detail: 'See errors for each query parameter.',
          errors: zodErrors(query.error, 'query'),
        });
      const q = query.data;
      if (q.envelope && q.format && q.format !== 'json')
        return problem('invalid-parameters', {
          detail: 'envelope=true answers JSON; ask for ?format= without it (the headers still carry the notes).',
          errors: [{ parameter: 'format', value: q.format, message: 'not combinable with envelope=true' }],
        });
      const options: GeneratePolicyOptions = {
        today: isoDay(ctx.now()),
        ...(input.name ? { listName: input.name } : {}),
        ...(q.sizeLimit ? { awsSizeLimit: q.sizeLimit } : {}),
        ...(q.essentials === 'none' ? { awsEssentials: [] } : {}),
        ...(q.exemptPrincipalArns ? { awsExemptPrincipalArns: q.exemptPrincipalArns } : {}),
        ...(q.displayName ? { displayName: q.displayName } : {}),
        ...(q.parent ? { gcpParent: q.parent } : {}),
        ...(q.dependencies ? { dependencies: q.dependencies } : {}),
        ...(q.retired ? { retired: q.retired } : {}),
        ...(q.emptyCloud ? { emptyCloud: q.emptyCloud } : {}),
      };
      const result = generatePolicy(target, ctx.catalogue, input.approvedServiceIds, options);
      switch (result.kind) {
        case 'unknown-services':
          return unknownServicesProblem(input.approvedServiceIds, result.unknownIds);
        case 'too-large':
          return problem('policy-too-large', {
            detail: result.advice,
            limit: result.limit,
            size: result.size,
            excess: result.excess,
            unit: result.unit,
            // The larger quota only where the SCP would fit it, as the advice offers it.
            ...(target === 'aws' && result.limit < AWS_SCP_LARGER_LIMIT && result.size <= AWS_SCP_LARGER_LIMIT
              ? {
                  hint:
                    `Ask with ?${queryParameterWords('sizeLimit', String(AWS_SCP_LARGER_LIMIT))} if your organisation ` +
                    `accepts the ${AWS_SCP_LARGER_LIMIT.toLocaleString('en-GB')}-character quota.`,
                }
              : {}),
          });
        case 'empty-cloud':
          return problem('empty-cloud', {
            detail:
              `None of the approved services can go into this ${targetLabels[target]}: ${
                result.omitted.length
                  ? `${result.omitted.length} ${result.omitted.length === 1 ? 'is' : 'are'} left out (${summariseReasons(result.omitted)})`
                  : 'the list has none'
              }. The document would deny every ${target} service. Approve at least one ${target} service, ` +
              'or ask with ?emptyCloud=deny-all if denying everything is what you want.',
            omitted: result.omitted,
            hint: '?emptyCloud=deny-all answers the deny-everything document',
          });
        case 'policy': {
          if (q.envelope) {
            const { kind: _k, ...envelope } = result;
            return jsonResponse(envelope);
          }
          if (!q.format) return jsonResponse(result.document, { headers: policyHeaders(result) });
          const file = renderPolicy(result, q.format, { parentGiven: q.parent !== undefined });
          return new Response(file.body, {
            headers: {
              ...policyHeaders({ ...result, warnings: warningsFor(result, q.format) }),
              'content-type': `${file.contentType}; charset=utf-8`,
              'content-disposition': `attachment; filename="${file.filename}"`,
            },
          });
        }
      }
    },
  });
}

function summariseReasons(omitted: readonly Omission[]): string {
  const counts = new Map<string, number>();
  for (const o of omitted) counts.set(o.reason, (counts.get(o.reason) ?? 0) + 1);
  return [...counts].map(([reason, n]) => `${n} ${reason}`).join(', ');
}

export const generateAwsScp = policyFunction('aws');
export const generateAzurePolicy = policyFunction('azure');
export const generateGcpOrgPolicy = policyFunction('gcp');

const omissionHeaderDocs = {
  'Content-Disposition': {
    description: 'With ?format=: `attachment; filename="..."`, the file name to save the answer under.',
  },
  'X-Policy-Omitted': {
    description:
      'Present when approved services are left out: an RFC 8941 list of `"<service ' +
      'id>";reason=<other-provider|retired|no-identifiers|not-restrictable>` (capped at 6,000 characters; ' +
      'the envelope has them all).',
  },
  'X-Policy-Also-Allows': {
    description:
      'Present when the document lets through catalogue services that were not approved, because they ' +
      'share an identifier with an approved service or an essential: an RFC 8941 list of `"<service id>"` ' +
      '(with `;essential` when an essential lets it through; capped at 6,000 characters; the envelope has ' +
      'them all).',
  },
  Warning: {
    description:
      'One `299 - "..."` value per thing to know: services left out, required dependencies the document ' +
      'denies, deprecated, sunset, retired-but-kept or preview services, and a Google Cloud placeholder ' +
      'parent. Not one value per envelope `warning`: the header also sums up the services left out and the missing ' +
      'dependencies, which the envelope gives as data of their own (`omitted`, `dependencies`), and folds what ' +
      `passes ${WARNING_HEADER_MAX.toLocaleString('en-GB')} characters into one "N more warnings" value. A pipeline that fails on warnings reads the ` +
      "envelope's `warnings`.",
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
      description:
        `The ${what}, ready to deploy unchanged (or a PolicyEnvelope with ?envelope=true). Approved ` +
        `services it does not express are named in X-Policy-Omitted (in the envelope, in its omitted field: an ` +
        `envelope answer carries its notes as data, not in X-Policy-* or Warning headers). With ?format=, the file ` +
        `that deploys it ` +
        `(${formatsByTarget[target].filter((f) => f !== 'json').join(', ')}) with Content-Disposition, ` +
        (target === 'gcp'
          ? 'Terraform JSON as application/json and the gcloud file as application/yaml.'
          : 'as application/json.'),
      schema: answerOf(target, document),
      headers: omissionHeaderDocs,
      ...(target === 'gcp'
        ? {
            alsoAs: [
              {
                contentType: 'application/yaml',
                jsonSchema: {
                  type: 'string',
                  description: 'The policy as a gcloud org-policies YAML file (?format=gcloud)',
                },
              },
            ],
          }
        : {}),
    },
    400: problemResponse(
      'Malformed JSON, a body that does not match the schema (missing, empty, non-array, non-string or ' +
        'duplicate ids; more than 2,000 ids; errors lists each) or an invalid query parameter',
    ),
    422: problemResponse(
      (target === 'aws'
        ? 'Unknown service ids (type /problems/unknown-services, errors lists them), or an SCP over the ' +
          'size quota (type /problems/policy-too-large with limit, size, excess and what to do)'
        : target === 'azure'
          ? 'Unknown service ids (type /problems/unknown-services), or a definition over an Azure Policy limit (type /problems/policy-too-large)'
          : 'Unknown service ids (type /problems/unknown-services, errors lists them), or a policy over a Google ' +
            'limit of 500 values or 32,000 bytes (type /problems/policy-too-large)') +
        `; or no approved service of this cloud can be expressed (type /problems/empty-cloud, with omitted) unless ?emptyCloud=deny-all`,
    ),
  },
});

/** The JSON deployment files each cloud's `?format=` gives. */
const deploymentFiles: Record<PolicyTarget, z.ZodType> = {
  aws: TerraformJson.or(CloudFormationTemplate),
  azure: TerraformJson.or(ArmTemplate),
  gcp: TerraformJson,
};

/** 200 body: the bare document by default, the envelope on request, a deployment file with ?format=. */
const answerOf = (target: PolicyTarget, document: z.ZodType): z.ZodType =>
  document.or(PolicyEnvelope).or(deploymentFiles[target]);

export const operations: OperationSpec[] = [
  {
    ...common('aws', AwsServiceControlPolicy, 'AWS service control policy'),
    path: '/v1/policies/aws-scp',
    operationId: 'generateAwsScp',
    summary: 'Generate an AWS service control policy',
    description:
      'An allow-list SCP: one Deny statement with NotAction over `<prefix>:*` of the approved AWS services ' +
      '(sub-services included) and the always-allowed essentials, Resource `*`. Provenance is in `Id`. The ' +
      "body is the minified policy, counted as AWS counts it against the 5,120-character quota AWS's quota page " +
      'states (or 10,240 with `?sizeLimit=10240`, where AWS accepts SCPs that large); a list that cannot fit ' +
      'answers 422, never a truncated policy.',
    query: AwsScpQuery,
  },
  {
    ...common('azure', AzurePolicyDefinition, 'Azure Policy definition'),
    path: '/v1/policies/azure-policy',
    operationId: 'generateAzurePolicy',
    summary: 'Generate an Azure Policy definition',
    description:
      'A policy-definition resource (mode "all") that denies resource types outside the approved ' +
      "services' resource-provider namespaces and the platform namespaces Azure needs. Its `effect` " +
      'parameter defaults to Deny (Audit and Disabled allowed).',
    query: AzurePolicyQuery,
  },
  {
    ...common('gcp', GcpOrgPolicy, 'Google Cloud organisation policy'),
    path: '/v1/policies/gcp-org-policy',
    operationId: 'generateGcpOrgPolicy',
    summary: 'Generate a Google Cloud organisation policy',
    description:
      'An Org Policy API v2 Policy for the list constraint gcp.restrictServiceUsage allowing the approved ' +
      "services' API names (`denyAll` when none). Approved services the constraint never restricts (such " +
      'as IAM, Cloud Logging, Cloud Monitoring) are reported as not-restrictable instead of listed.',
    query: GcpOrgPolicyQuery,
  },
];

/**
 * zod schemas of policy generation: the request body (validation, types and
 * OpenAPI), the query options of each endpoint, and the shapes of the
 * generated documents and of the opt-in envelope (types and OpenAPI). The
 * documents' conformance to each provider's own grammar is checked by the
 * independent validators in tests/validators/, not by these schemas.
 */
import { z } from 'zod';
import { ApprovedServiceIds, MAX_APPROVED_IDS } from '../schemas.ts';
import { awsScpSizeLimits, omissionReasons, policyTargets } from './common.ts';
import { GCP_PARENT_PATTERN } from './gcp-org-policy.ts';

export { ApprovedServiceIds, MAX_APPROVED_IDS };

export const ApprovedServicesRequest = z
  .strictObject({
    approvedServiceIds: ApprovedServiceIds.describe(
      "Ids of the approved services, any provider; each generator uses its own provider's and reports the others as omitted",
    ),
    name: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .optional()
      .describe("Name of the approved list, recorded in the policy's provenance"),
  })
  .meta({ id: 'ApprovedServicesRequest', description: 'An approved service list to turn into a policy.' });
export type ApprovedServicesRequest = z.output<typeof ApprovedServicesRequest>;

const envelope = z
  .enum(['true', 'false'])
  .transform((v) => v === 'true')
  .optional()
  .describe(
    'true: answer a PolicyEnvelope (document, omitted services, provenance) instead of the bare deployable document',
  );

export const AwsScpQuery = z.strictObject({
  sizeLimit: z
    .enum(awsScpSizeLimits.map(String) as ['10240', '5120'])
    .transform((v) => Number(v) as 10240 | 5120)
    .optional()
    .describe('SCP size quota in characters: 10240 (default; AWS quota since 15 May 2026) or 5120 (the former quota)'),
  essentials: z
    .enum(['default', 'none'])
    .optional()
    .describe(
      'default: always allow the essential IAM prefixes (identity, organisation, support, billing); none: allow only the approved services',
    ),
  envelope,
});

export const AzurePolicyQuery = z.strictObject({
  displayName: z
    .string()
    .trim()
    .min(1)
    .max(128)
    .optional()
    .describe('displayName of the policy definition (at most 128 characters)'),
  envelope,
});

export const GcpOrgPolicyQuery = z.strictObject({
  parent: z
    .string()
    .regex(GCP_PARENT_PATTERN, 'organizations/<number>, folders/<number> or projects/<project id>')
    .optional()
    .describe('Resource the policy is set on (default organizations/ORGANIZATION_ID, a placeholder to replace)'),
  envelope,
});

// ---------------------------------------------------------------- generated documents

export const AwsScpStatement = z.object({
  Sid: z.string().regex(/^[A-Za-z0-9]+$/),
  Effect: z.literal('Deny'),
  NotAction: z.array(z.string()).optional().describe('`<iam prefix>:*` of every approved service and essential'),
  Action: z.literal('*').optional().describe('Only when nothing at all is allowed'),
  Resource: z.literal('*'),
});

export const AwsServiceControlPolicy = z
  .object({
    Version: z.literal('2012-10-17'),
    Id: z.string().describe('Provenance: csc-<catalogue version>-<YYYY-MM-DD>-[<list name>-]<list hash>'),
    Statement: z.array(AwsScpStatement).length(1),
  })
  .meta({
    id: 'AwsServiceControlPolicy',
    description: 'AWS Organizations service control policy (IAM policy grammar), minified.',
  });
export type AwsServiceControlPolicy = z.output<typeof AwsServiceControlPolicy>;

export const AzureTypeCondition = z.union([
  z.object({ field: z.literal('type'), notLike: z.string() }),
  z.object({ field: z.literal('type'), notIn: z.array(z.string()) }),
]);

export const AzurePolicyDefinition = z
  .object({
    name: z.string().max(64),
    type: z.literal('Microsoft.Authorization/policyDefinitions'),
    properties: z.object({
      displayName: z.string().max(128),
      description: z.string().max(512),
      mode: z.literal('all'),
      metadata: z.object({
        category: z.string(),
        version: z.string(),
        source: z.string(),
        catalogueVersion: z.string(),
        generatedOn: z.string(),
        listName: z.string().optional(),
        listHash: z.string(),
        approvedServiceIds: z.array(z.string()),
      }),
      parameters: z.object({
        effect: z.object({
          type: z.literal('String'),
          metadata: z.object({ displayName: z.string(), description: z.string() }),
          allowedValues: z.array(z.string()),
          defaultValue: z.string(),
        }),
      }),
      policyRule: z.object({
        if: z.object({ allOf: z.array(AzureTypeCondition) }),
        then: z.object({ effect: z.string() }),
      }),
    }),
  })
  .meta({
    id: 'AzurePolicyDefinition',
    description: 'Azure Policy definition resource (Microsoft.Authorization/policyDefinitions).',
  });
export type AzurePolicyDefinition = z.output<typeof AzurePolicyDefinition>;
export type AzureTypeCondition = z.output<typeof AzureTypeCondition>;

export const GcpPolicyRule = z.union([
  z.object({ values: z.object({ allowedValues: z.array(z.string()).min(1) }) }),
  z.object({ denyAll: z.literal(true) }),
]);

export const GcpOrgPolicy = z
  .object({
    name: z.string().describe('<parent>/policies/gcp.restrictServiceUsage'),
    spec: z.object({ rules: z.array(GcpPolicyRule).length(1) }),
  })
  .meta({
    id: 'GcpOrgPolicy',
    description: 'Google Cloud Org Policy API v2 Policy for the list constraint gcp.restrictServiceUsage.',
  });
export type GcpOrgPolicy = z.output<typeof GcpOrgPolicy>;

// ---------------------------------------------------------------- omissions and envelope

export const PolicyOmission = z
  .object({
    id: z.string(),
    reason: z
      .enum(omissionReasons)
      .describe(
        'other-provider: not this cloud; no-identifiers: the catalogue has no identifier this policy can use; not-restrictable: the provider control never restricts it',
      ),
    detail: z.string(),
  })
  .meta({ id: 'PolicyOmission', description: 'An approved service left out of the generated document, and why.' });

export const PolicyEnvelope = z
  .object({
    target: z.enum(policyTargets),
    document: z
      .union([AwsServiceControlPolicy, AzurePolicyDefinition, GcpOrgPolicy])
      .describe('The deployable document, exactly as the bare response would be'),
    omitted: z.array(PolicyOmission),
    included: z.array(z.string()).describe('Approved services of this cloud expressed in the document'),
    provenance: z.object({
      catalogueVersion: z.string(),
      generatedOn: z.string(),
      listName: z.string().optional(),
      listHash: z.string(),
    }),
    size: z.object({ value: z.number(), limit: z.number(), unit: z.string() }).optional(),
  })
  .meta({
    id: 'PolicyEnvelope',
    description: 'Opt-in (`?envelope=true`) wrapper: the document plus what was left out and why.',
  });

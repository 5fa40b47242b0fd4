/**
 * zod schemas of policy generation: the request body (validation, types and
 * OpenAPI), the query options of each endpoint, and the shapes of the
 * generated documents and of the opt-in envelope (types and OpenAPI). The
 * documents' conformance to each provider's own grammar is checked by the
 * independent validators in tests/validators/, not by these schemas.
 */
import { z } from 'zod';
import { ApprovedServiceIds, MAX_APPROVED_IDS } from '../schemas.ts';
import { listDescriptionFields } from '../list-description.ts';
import type { PolicyFormat } from './iac.ts';
import {
  type AwsScpSizeLimit,
  type PolicyTarget,
  awsScpSizeLimits,
  dependencyModes,
  emptyCloudModes,
  omissionReasons,
  policyTargets,
  retiredModes,
  warningCodes,
} from './common.ts';
import { AWS_SCP_DEFAULT_SIZE_LIMIT, MAX_EXEMPT_PRINCIPALS, ROLE_ARN_PATTERN } from './aws-scp.ts';
import { GCP_PARENT_FORMATS, GCP_PARENT_PATTERN } from './gcp-org-policy.ts';
import { formatsByTarget } from './iac.ts';

export { ApprovedServiceIds, MAX_APPROVED_IDS };

export const ApprovedServicesRequest = z
  .strictObject({
    approvedServiceIds: ApprovedServiceIds.describe(
      "Ids of the approved services, any provider; each generator uses its own provider's and reports the others as omitted",
    ),
    // As long as a saved list's name may be, so a saved list's name and ids can be sent as they are: each cloud's
    // document takes what its own limits allow of it (a slug in the SCP's Id, a truncated Azure display name).
    name: listDescriptionFields.name
      .optional()
      .describe("Name of the approved list, recorded in the policy's provenance (a saved list's `name` as it is)"),
  })
  .meta({ id: 'ApprovedServicesRequest', description: 'An approved service list to turn into a policy.' });
export type ApprovedServicesRequest = z.output<typeof ApprovedServicesRequest>;

const envelope = z
  .enum(['true', 'false'])
  .transform((v) => v === 'true')
  .optional()
  .describe(
    'true: answer a PolicyEnvelope (document, omitted services, dependencies, warnings, provenance) instead of the ' +
      'bare deployable document. JSON only: with a `format` other than `json` it answers 400',
  );

const formatOf = (target: PolicyTarget, files: string) =>
  z
    .enum(formatsByTarget[target] as [PolicyFormat, ...PolicyFormat[]])
    .optional()
    .describe(
      `json (default): the raw document; ${files}. The policy inside is byte for byte the json document; ` +
        'the answer carries Content-Disposition with a file name. Not with envelope=true (400): a deployment file ' +
        'carries the notes in its headers (`Warning`, `X-Policy-Omitted`, `X-Policy-Also-Allows`); ask for the ' +
        'envelope separately for them as data',
    );

/** Query options every policy endpoint takes. */
const commonQuery = {
  envelope,
  dependencies: z
    .enum(dependencyModes)
    .optional()
    .describe(
      "report (default): name the approved services' missing dependencies (envelope `dependencies`, a " +
        'Warning header otherwise); include: add what they require to the document (a required service with what it ' +
        'needs to work, its own identifiers, not its sub-services)',
    ),
  retired: z
    .enum(retiredModes)
    .optional()
    .describe(
      'exclude (default): leave retired services out and report them as omitted (reason retired); include: keep them, with a warning',
    ),
  emptyCloud: z
    .enum(emptyCloudModes)
    .optional()
    .describe(
      'refuse (default): answer 422 /problems/empty-cloud when no approved service of this cloud can be ' +
        'expressed; deny-all: answer the document that denies everything but the essentials',
    ),
};

export const AwsScpQuery = z.strictObject({
  sizeLimit: z
    .enum(awsScpSizeLimits.map(String) as ['5120', '10240'])
    .default(String(AWS_SCP_DEFAULT_SIZE_LIMIT) as '5120')
    .transform((v) => Number(v) as AwsScpSizeLimit)
    .describe(
      "SCP size quota in characters: 5120 (default; the quota AWS's quota page states) or 10240 (the doubled quota " +
        'reported from 15 May 2026: ask for it only where AWS accepts SCPs that large in your organisation)',
    ),
  essentials: z
    .enum(['default', 'none'])
    .optional()
    .describe(
      'default: always allow the essential IAM prefixes (identity, organisation, support, billing); none: allow only the approved services',
    ),
  exemptPrincipalArns: z
    .string()
    .max(8192)
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(
          z
            .string()
            .regex(
              ROLE_ARN_PATTERN,
              'must be an IAM role ARN or pattern (arn:aws:iam::<account or *>:role/<name>, * and ? allowed)',
            ),
        )
        .min(1)
        .max(MAX_EXEMPT_PRINCIPALS),
    )
    .optional()
    .describe(
      `IAM role ARNs (or patterns with * and ?), comma-separated, at most ${MAX_EXEMPT_PRINCIPALS}, that the SCP does not restrict: ` +
        'break-glass and pipeline roles. The deny gets `Condition: {ArnNotLike: {aws:PrincipalARN: [...]}}`, as ' +
        "AWS's own deny examples exempt administrator roles; the ARNs count toward the size quota.",
    ),
  format: formatOf(
    'aws',
    'terraform: Terraform JSON (.tf.json) with aws_organizations_policy and an attachment to var.target_id; ' +
      'cloudformation: a template with AWS::Organizations::Policy attached to the TargetIds parameter',
  ),
  ...commonQuery,
});

export const AzurePolicyQuery = z.strictObject({
  displayName: z
    .string()
    .trim()
    .min(1)
    // Azure counts UTF-16 code units (a character outside the Basic Multilingual Plane, such as an emoji, is two).
    .refine((s) => s.length <= 128, 'Too long: at most 128 UTF-16 code units, as Azure counts them')
    .optional()
    .describe('displayName of the policy definition (at most 128 UTF-16 code units, as Azure counts them)'),
  format: formatOf(
    'azure',
    'terraform: Terraform JSON with azurerm_policy_definition and azurerm_management_group_policy_assignment at ' +
      'var.management_group_id; arm: a management-group deployment template (az deployment mg create)',
  ),
  ...commonQuery,
});

export const GcpOrgPolicyQuery = z.strictObject({
  parent: z
    .string()
    .regex(GCP_PARENT_PATTERN, GCP_PARENT_FORMATS)
    .optional()
    .describe(
      `Resource the policy is set on: ${GCP_PARENT_FORMATS}. Without it the name keeps the placeholder ` +
        `organizations/ORGANIZATION_ID, which gcloud refuses until replaced (the answer warns).`,
    ),
  format: formatOf(
    'gcp',
    'terraform: Terraform JSON with google_org_policy_policy on var.parent; gcloud: the YAML file for ' +
      '`gcloud org-policies set-policy` (application/yaml)',
  ),
  ...commonQuery,
});

// ---------------------------------------------------------------- generated documents

export const AwsScpStatement = z.object({
  Sid: z.string().regex(/^[A-Za-z0-9]+$/),
  Effect: z.literal('Deny'),
  NotAction: z.array(z.string()).optional().describe('`<iam prefix>:*` of every approved service and essential'),
  Action: z.literal('*').optional().describe('Only when nothing at all is allowed'),
  Resource: z.literal('*'),
  Condition: z
    .object({ ArnNotLike: z.object({ 'aws:PrincipalARN': z.array(z.string()) }) })
    .optional()
    .describe('Only with exemptPrincipalArns: the roles the deny does not apply to'),
});

export const AwsServiceControlPolicy = z
  .object({
    Version: z.literal('2012-10-17'),
    Id: z
      .string()
      .describe(
        "Provenance: csc-<catalogue version>-[<list name>-]<hash of this cloud's services in the policy>" +
          '[-no-essentials][-exempt-<hash of the exempt principals>]; no date, so the same list and catalogue give ' +
          'the same document on any day',
      ),
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
        listName: z.string().optional(),
        listHash: z.string(),
        approvedServiceCount: z.number().int(),
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
        'other-provider: not this cloud; retired: the vendor retired it (ask with retired=include to keep ' +
          'it); no-identifiers: the catalogue has no identifier this policy can use; not-restrictable: the ' +
          'provider control never restricts it',
      ),
    detail: z.string(),
  })
  .meta({ id: 'PolicyOmission', description: 'An approved service left out of the generated document, and why.' });
export type Omission = z.output<typeof PolicyOmission>;

export const PolicyWarningSchema = z
  .object({
    code: z.enum(warningCodes),
    serviceId: z.string().optional(),
    date: z.string().optional().describe('Sunset or retirement date (YYYY-MM-DD), when known'),
    partId: z
      .string()
      .optional()
      .describe('The part of the service the warning is about (part-closed, part-sunset): a sub-service id'),
    message: z.string(),
  })
  .meta({ id: 'PolicyWarning', description: 'Something to know before deploying the document.' });
export type PolicyWarning = z.output<typeof PolicyWarningSchema>;

export const PolicyDependency = z
  .object({
    serviceId: z
      .string()
      .describe(
        'The service that needs it: one in the document, or a service one of them requires in turn (reported with ' +
          'it, so that approving every service named leaves nothing required missing)',
      ),
    kind: z.enum(['requires', 'recommends']),
    service: z.string().optional().describe('The catalogue service needed'),
    identifiers: z.array(z.string()).optional().describe('Raw identifiers needed, when no catalogue service owns them'),
    denied: z
      .array(z.string())
      .optional()
      .describe(
        'Set when the document lets part of the service needed through (another service shares its identifiers): ' +
          'the identifiers it needs that the document still denies',
      ),
    reason: z.string(),
    source: z.string().describe('Vendor documentation that states the dependency'),
    status: z
      .enum(['missing', 'added'])
      .describe('missing: the document denies it; added: included because of ?dependencies=include'),
  })
  .meta({
    id: 'PolicyDependency',
    description:
      'A dependency the document does not satisfy, of a service in it or of one those require in turn; or one that ' +
      'was added.',
  });
export type DependencyNote = z.output<typeof PolicyDependency>;

export const PolicyAlsoAllows = z
  .object({
    id: z.string(),
    identifiers: z.array(z.string()).describe('Its identifiers the document allows'),
    through: z.array(z.string()).describe('Services in the document whose identifiers let it through'),
    essential: z.boolean().describe('Let through by the always-allowed essentials'),
    partial: z
      .boolean()
      .describe('Only some of its identifiers are let through: it is not approved as a whole and may not fully work'),
  })
  .meta({
    id: 'PolicyAlsoAllows',
    description: 'A catalogue service that was not approved but that the document allows through a shared identifier.',
  });
export type AlsoAllowed = z.output<typeof PolicyAlsoAllows>;

const PolicyProvenance = z.object({
  catalogueVersion: z.string(),
  listName: z.string().optional(),
  listHash: z
    .string()
    .describe("Hash of the ids of this cloud's services in the document, the same for them in any order"),
});
export type Provenance = z.output<typeof PolicyProvenance>;

export const PolicyEnvelope = z
  .object({
    target: z.enum(policyTargets),
    document: z
      .union([AwsServiceControlPolicy, AzurePolicyDefinition, GcpOrgPolicy])
      .describe('The deployable document, exactly as the bare response would be'),
    omitted: z.array(PolicyOmission),
    included: z
      .array(z.string())
      .describe('Services of this cloud expressed in the document: the approved ones and any dependencies added'),
    dependencies: z.array(PolicyDependency),
    alsoAllows: z
      .array(PolicyAlsoAllows)
      .describe('Every other catalogue service of this cloud the document lets through'),
    warnings: z.array(PolicyWarningSchema),
    provenance: PolicyProvenance,
    size: z.object({ value: z.number(), limit: z.number(), unit: z.string() }).optional(),
  })
  .meta({
    id: 'PolicyEnvelope',
    description:
      'Opt-in (`?envelope=true`) wrapper: the document plus what was left out and why, missing dependencies, what else it allows and warnings.',
  });

/*
 * The deployment files `?format=` answers as JSON, documented by their outline: each tool defines the rest of its
 * format, and the policy inside is the document the endpoint answers without `?format=`.
 */
export const TerraformJson = z
  .looseObject({
    terraform: z.looseObject({ required_providers: z.record(z.string(), z.unknown()) }),
    resource: z.record(z.string(), z.record(z.string(), z.unknown())),
  })
  .meta({
    id: 'TerraformJson',
    description:
      'With ?format=terraform: a Terraform JSON configuration (.tf.json) that creates the policy (and, on AWS ' +
      'and Azure, attaches or assigns it), its inputs as variables.',
  });

export const CloudFormationTemplate = z
  .looseObject({
    AWSTemplateFormatVersion: z.literal('2010-09-09'),
    Resources: z.record(z.string(), z.looseObject({ Type: z.string() })),
  })
  .meta({
    id: 'CloudFormationTemplate',
    description:
      'With ?format=cloudformation: a template whose AWS::Organizations::Policy holds the SCP, attached to the ' +
      'TargetIds parameter.',
  });

export const ArmTemplate = z
  .looseObject({
    $schema: z.string(),
    contentVersion: z.string(),
    resources: z.array(z.looseObject({ type: z.string() })),
  })
  .meta({ id: 'ArmTemplate', description: 'With ?format=arm: an ARM template that creates the policy definition.' });

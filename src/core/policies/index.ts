/**
 * Policy generation: one pure, deterministic generator per cloud, behind one
 * entry point the HTTP functions, the CLI and the website share. Same
 * catalogue, ids and options give byte-identical documents.
 */
import type { Catalogue } from '../catalogue.ts';
import { generateAwsScp } from './aws-scp.ts';
import { generateAzurePolicy } from './azure-policy.ts';
import type { PolicyResult, PolicyTarget } from './common.ts';
import { generateGcpOrgPolicy, type GcpPolicyOptions } from './gcp-org-policy.ts';

export * from './common.ts';
export * from './schemas.ts';
export * from './iac.ts';
export { AWS_ESSENTIALS, AZURE_ESSENTIALS, type Essential } from './essentials.ts';
export {
  AWS_ESSENTIAL_IAM_PREFIXES,
  AWS_SCP_DEFAULT_SIZE_LIMIT,
  scpCharacterCount,
  scpId,
  generateAwsScp,
  type AwsScpDocument,
} from './aws-scp.ts';
export { AZURE_PLATFORM_NAMESPACES, AZURE_POLICY_LIMITS, generateAzurePolicy, metadataLength } from './azure-policy.ts';
export {
  GCP_CONSTRAINT,
  GCP_DEFAULT_PARENT,
  GCP_PARENT_FORMATS,
  GCP_PARENT_PATTERN,
  GCP_RESTRICT_SERVICE_USAGE_COVERAGE,
  gcpRestrictability,
  generateGcpOrgPolicy,
  type GcpConstraintCoverage,
  type GcpPolicyOptions,
} from './gcp-org-policy.ts';

/** Options of every generator (each reads the ones for its cloud). */
export type GeneratePolicyOptions = GcpPolicyOptions;

/**
 * The deployable document for `target` from the approved ids (any provider's;
 * the others are reported in `omitted`), or why there is none: unknown ids,
 * a document over the provider's size limit (never a truncated one), or
 * nothing of this cloud to express (unless a deny-all document was asked for).
 */
export function generatePolicy(
  target: PolicyTarget,
  catalogue: Catalogue,
  approvedIds: readonly string[],
  options: GeneratePolicyOptions,
): PolicyResult {
  switch (target) {
    case 'aws':
      return generateAwsScp(catalogue, approvedIds, options);
    case 'azure':
      return generateAzurePolicy(catalogue, approvedIds, options);
    case 'gcp':
      return generateGcpOrgPolicy(catalogue, approvedIds, options);
  }
}

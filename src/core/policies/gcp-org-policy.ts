/**
 * Google Cloud organisation policy from an approved list: an Org Policy API v2
 * `Policy` for the list constraint `gcp.restrictServiceUsage` whose single
 * rule allows the approved services' API names (sub-services included).
 * Nothing approved: the rule is `denyAll`. The message has no comment field,
 * so provenance travels beside the document (headers / envelope), not in it.
 */
import supportedList from '../../../content/reference/gcp-restrict-service-usage-supported.json' with { type: 'json' };
import type { Catalogue } from '../catalogue.ts';
import {
  documentIdentifiersOf,
  provenanceOf,
  resolveApproval,
  overLimit,
  scopeReport,
  uniqueSorted,
  queryParameterWords,
  utf8Bytes,
  type Omission,
  type PolicyOptions,
  type PolicyResult,
} from './common.ts';
import type { GcpOrgPolicy } from './schemas.ts';

export const GCP_CONSTRAINT = 'gcp.restrictServiceUsage';
/**
 * Google's system limits for an organisation policy: a list constraint's rule
 * takes at most 500 values, and a policy at most 32 KB (counted here as 32,000
 * bytes, the stricter reading); a larger one is refused when it is set
 * (https://docs.cloud.google.com/organization-policy/quotas).
 */
export const GCP_POLICY_LIMITS = Object.freeze({ values: 500, bytes: 32_000 });
export const GCP_DEFAULT_PARENT = 'organizations/ORGANIZATION_ID';
/**
 * Resources an org policy can be set on: an organisation or folder number, or
 * a project id or number (the API's canonical form is the number). The
 * default keeps Google's placeholder for the organisation id.
 */
export const GCP_PARENT_PATTERN =
  /^(organizations\/(\d{1,30}|ORGANIZATION_ID)|folders\/\d{1,30}|projects\/([a-z][a-z0-9-]{4,28}[a-z0-9]|\d{1,30}))$/;
export const GCP_PARENT_FORMATS =
  'organizations/<number>, folders/<number>, projects/<project id> or projects/<project number>';

/**
 * Which services `gcp.restrictServiceUsage` can restrict, as data that can be
 * stated either way: `supported` lists the services it covers, `unsupported`
 * the ones it excludes (and never restricts). `complete: false` means the
 * list is known to be partial: services it does not mention are treated as
 * restrictable (`unsupported` model) or unverified (`supported` model), never
 * rejected.
 */
export interface GcpConstraintCoverage {
  model: 'supported' | 'unsupported';
  services: readonly string[];
  complete: boolean;
  sourceUrl: string;
  /** When the source was read, YYYY-MM-DD. */
  asOf: string;
  note: string;
}

/**
 * Google's current "Restricting resource usage" page describes the constraint
 * by what it excludes: essential dependencies it never restricts, naming IAM,
 * Cloud Logging and Cloud Monitoring (the full "unsupported services" list is
 * linked from that page). Only the named ones are recorded here, hence
 * `complete: false`.
 */
export const GCP_RESTRICT_SERVICE_USAGE_COVERAGE: GcpConstraintCoverage = Object.freeze({
  model: 'unsupported',
  services: Object.freeze(['iam.googleapis.com', 'logging.googleapis.com', 'monitoring.googleapis.com']),
  complete: false,
  sourceUrl: 'https://cloud.google.com/resource-manager/docs/organization-policy/restricting-resources',
  asOf: '2026-11-22',
  note: 'Services named on the page as essential dependencies the constraint excludes; the linked list of unsupported services is longer.',
});

/**
 * Google's list of the services `gcp.restrictServiceUsage` supports, as far
 * as it could be read (content/reference/gcp-restrict-service-usage-supported.json):
 * the page lists them alphabetically, so up to the last name read
 * (`readThrough`) a name it does not list is one the constraint does not
 * restrict. Such a service in allowedValues does nothing; it stays there all
 * the same (if Google adds it, the approved service keeps working) and the
 * answer says so. After `readThrough` only the names read are known.
 */
export const GCP_SUPPORTED_SERVICES = Object.freeze({
  services: new Set<string>(supportedList.services),
  readThrough: supportedList.readThrough,
  sourceUrl: supportedList.sourceUrl,
  asOf: supportedList.asOf,
});

/** Whether Google's list of supported services names a service: listed, not listed, or past what could be read. */
export function onSupportedList(serviceName: string): 'listed' | 'not-listed' | 'unread' {
  if (GCP_SUPPORTED_SERVICES.services.has(serviceName)) return 'listed';
  return serviceName <= GCP_SUPPORTED_SERVICES.readThrough ? 'not-listed' : 'unread';
}

export type GcpRestrictability = 'restrictable' | 'not-restrictable' | 'unverified';

export function gcpRestrictability(coverage: GcpConstraintCoverage, serviceName: string): GcpRestrictability {
  const listed = coverage.services.includes(serviceName);
  if (coverage.model === 'unsupported') return listed ? 'not-restrictable' : 'restrictable';
  if (listed) return 'restrictable';
  return coverage.complete ? 'not-restrictable' : 'unverified';
}

export interface GcpPolicyOptions extends PolicyOptions {
  gcpCoverage?: GcpConstraintCoverage;
}

export function generateGcpOrgPolicy(
  catalogue: Catalogue,
  approvedIds: readonly string[],
  options: GcpPolicyOptions,
): PolicyResult<GcpOrgPolicy> {
  const approval = resolveApproval('gcp', catalogue, approvedIds, options);
  if (approval.unknownIds.length) return { kind: 'unknown-services', target: 'gcp', unknownIds: approval.unknownIds };
  const coverage = options.gcpCoverage ?? GCP_RESTRICT_SERVICE_USAGE_COVERAGE;

  const omitted: Omission[] = [...approval.omitted];
  const allowed: string[] = (approval.extraIdentifiers.serviceNames ?? []).filter(
    (n) => gcpRestrictability(coverage, n) !== 'not-restrictable',
  );
  const included: string[] = [];
  /** Approved services whose every name Google's list of supported services leaves out. */
  const unlisted: { id: string; name: string; names: string[] }[] = [];
  for (const s of approval.services) {
    const names = documentIdentifiersOf(approval, s, 'serviceNames');
    if (!names.length) {
      // An added dependency the policy cannot name is not an approved service left out: no omission.
      if (approval.approved.has(s.id))
        omitted.push({
          id: s.id,
          reason: 'no-identifiers',
          detail: 'the catalogue records no service API name for this service, so the constraint cannot name it',
        });
      continue;
    }
    const restrictable = names.filter((n) => gcpRestrictability(coverage, n) !== 'not-restrictable');
    if (!restrictable.length) {
      if (approval.approved.has(s.id))
        omitted.push({
          id: s.id,
          reason: 'not-restrictable',
          detail:
            `${GCP_CONSTRAINT} does not cover ${names.join(', ')}: Google never restricts it, so it stays ` +
            `usable without being listed (${coverage.sourceUrl}, as of ${coverage.asOf})`,
        });
      continue;
    }
    allowed.push(...restrictable);
    included.push(s.id);
    if (approval.approved.has(s.id) && restrictable.every((n) => onSupportedList(n) === 'not-listed'))
      unlisted.push({ id: s.id, name: s.name, names: restrictable });
  }
  const warnings = [...approval.warnings];
  for (const u of unlisted)
    warnings.push({
      code: 'not-on-supported-list',
      serviceId: u.id,
      message:
        `${u.name}: ${u.names.join(', ')} ${u.names.length === 1 ? 'is' : 'are'} not on Google's list of the ` +
        `services ${GCP_CONSTRAINT} supports as read on ${GCP_SUPPORTED_SERVICES.asOf} ` +
        `(${GCP_SUPPORTED_SERVICES.sourceUrl}; check the live page), so the policy may not restrict ${u.name}: ` +
        `then it stays usable whether approved or not. The name stays in allowedValues, where it does no harm, ` +
        `so the service keeps working if Google lists it.`,
    });
  if (!options.gcpParent || options.gcpParent === GCP_DEFAULT_PARENT)
    warnings.push({
      code: 'placeholder-parent',
      message:
        `The policy name still has the placeholder ${GCP_DEFAULT_PARENT}: replace it with your organisation ` +
        `number (or ask with ${(options.optionWords ?? queryParameterWords)('parent', GCP_PARENT_FORMATS)}) before gcloud org-policies set-policy accepts ` +
        `it.`,
    });
  if (!included.length && options.emptyCloud !== 'deny-all')
    return { kind: 'empty-cloud', target: 'gcp', omitted, warnings };
  const allowedValues = uniqueSorted(allowed);
  const document: GcpOrgPolicy = {
    name: `${options.gcpParent ?? GCP_DEFAULT_PARENT}/policies/${GCP_CONSTRAINT}`,
    spec: { rules: [allowedValues.length ? { values: { allowedValues } } : { denyAll: true }] },
  };
  const allowedSet = new Set(allowedValues);
  const scope = scopeReport('gcp', catalogue, approval, included, {
    inDocument: (n) => allowedSet.has(n),
    essential: () => false,
    alwaysAllowed: (n) => gcpRestrictability(coverage, n) === 'not-restrictable',
  });
  const tooLarge = overLimit(
    'gcp',
    [
      { unit: 'values', size: allowedValues.length, limit: GCP_POLICY_LIMITS.values },
      { unit: 'bytes', size: utf8Bytes(JSON.stringify(document)), limit: GCP_POLICY_LIMITS.bytes },
    ],
    { omitted, dependencies: scope.dependencies },
    (over) =>
      `The policy would hold ${over.size} ${over.unit}, ${over.size - over.limit} over Google's limit of ` +
      `${over.limit} for one organisation policy. Approve fewer Google Cloud services in this list (for example ` +
      `one policy per folder, each with its own list).`,
  );
  if (tooLarge) return tooLarge;
  return {
    kind: 'policy',
    target: 'gcp',
    document,
    omitted,
    provenance: provenanceOf(approval, included),
    included,
    ...scope,
    warnings,
  };
}

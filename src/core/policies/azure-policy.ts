/**
 * Azure Policy definition from an approved list: a policy-definition resource
 * (`name`, `type`, `properties`) that denies every resource whose type is
 * outside the approved services' resource-provider namespaces (sub-services
 * included) and the platform namespaces Azure itself needs.
 *
 * Grammar choices (Azure Policy definition structure):
 * - `mode: "all"` so resource groups and subscriptions-level types are
 *   evaluated too (the platform namespaces keep those allowed);
 * - one `{"field": "type", "notLike": "<Namespace>/*"}` per allowed namespace
 *   inside a single `allOf` (`like` accepts one `*` wildcard only);
 * - an identifier naming a resource type (`Microsoft.Web/staticSites`) allows
 *   that type (`notIn` the exact types) and its child types
 *   (`notLike "<type>/*"`);
 * - string comparisons are case-insensitive in Azure Policy, so namespaces are
 *   de-duplicated case-insensitively;
 * - an `effect` parameter (default Deny) lets teams roll out in Audit first;
 *   so `parameters` is present and never empty; no `policyType` (Azure sets
 *   it to Custom).
 */
import type { Catalogue } from '../catalogue.ts';
import { AZURE_PLATFORM_NAMESPACES } from './essentials.ts';
import {
  documentIdentifiersOf,
  provenanceOf,
  resolveApproval,
  scopeReport,
  slugify,
  overLimit,
  uniqueSorted,
  utf8Bytes,
  type Omission,
  type PolicyOptions,
  type PolicyResult,
} from './common.ts';
import type { AzurePolicyDefinition, AzureTypeCondition } from './schemas.ts';

export { AZURE_PLATFORM_NAMESPACES };

/**
 * Azure Policy limits we check (learn.microsoft.com, "Azure Policy limits"):
 * at most 512 nested conditions in a policy rule, request bodies of at most
 * 1,048,576 bytes, displayName 128 and description 512 characters, definition
 * name 64 characters; and ("definition structure basics") each metadata
 * property at most 1,024 characters.
 */
export const AZURE_POLICY_LIMITS = Object.freeze({
  conditions: 512,
  bodyBytes: 1_048_576,
  displayName: 128,
  description: 512,
  name: 64,
  metadataProperty: 1024,
});

/** A metadata property's length as Azure counts it: the string itself, or the JSON of any other value. */
export const metadataLength = (value: unknown): number =>
  typeof value === 'string' ? value.length : JSON.stringify(value).length;

/**
 * At most `max` UTF-16 code units (the lengths Azure counts), ending in "…" when cut, and never between the two
 * halves of a surrogate pair: a lone half is not a character, and the name would reach Azure as an escape
 * (`\ud83d`) standing for nothing.
 */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - 1;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return `${text.slice(0, end)}…`;
}
const namespaceOf = (identifier: string): string => identifier.split('/')[0]!;
const fold = (s: string) => s.toLowerCase();

export function generateAzurePolicy(
  catalogue: Catalogue,
  approvedIds: readonly string[],
  options: PolicyOptions,
): PolicyResult<AzurePolicyDefinition> {
  const approval = resolveApproval('azure', catalogue, approvedIds, options);
  if (approval.unknownIds.length) return { kind: 'unknown-services', target: 'azure', unknownIds: approval.unknownIds };

  const omitted: Omission[] = [...approval.omitted];
  const identifiers: string[] = [...(approval.extraIdentifiers.resourceProviders ?? [])];
  const included: string[] = [];
  for (const s of approval.services) {
    const own = documentIdentifiersOf(approval, s, 'resourceProviders');
    if (!own.length) {
      // An added dependency the policy cannot name is not an approved service left out: no omission.
      if (approval.approved.has(s.id))
        omitted.push({
          id: s.id,
          reason: 'no-identifiers',
          detail:
            'the catalogue records no resource-provider namespace for this service, so Azure Policy cannot name it',
        });
      continue;
    }
    identifiers.push(...own);
    included.push(s.id);
  }
  if (!included.length && options.emptyCloud !== 'deny-all')
    return { kind: 'empty-cloud', target: 'azure', omitted, warnings: approval.warnings };
  const exempt = options.azureExemptNamespaces ?? AZURE_PLATFORM_NAMESPACES;
  const namespaces = uniqueSorted([...exempt, ...identifiers.filter((i) => !i.includes('/'))], fold);
  const allowedNs = new Set(namespaces.map(fold));
  const exemptNs = new Set(exempt.map(fold));
  // Resource types whose whole namespace is allowed anyway add nothing.
  const types = uniqueSorted(
    identifiers.filter((i) => i.includes('/') && !allowedNs.has(fold(namespaceOf(i)))),
    fold,
  );
  const allowedTypes = types.map(fold);
  const scope = scopeReport('azure', catalogue, approval, included, {
    inDocument: (i) =>
      allowedNs.has(fold(namespaceOf(i))) ||
      (i.includes('/') && allowedTypes.some((t) => fold(i) === t || fold(i).startsWith(`${t}/`))),
    essential: (i) => exemptNs.has(fold(namespaceOf(i))),
  });

  const conditions: AzureTypeCondition[] = [
    ...namespaces.map((ns) => ({ field: 'type' as const, notLike: `${ns}/*` })),
    ...(types.length ? [{ field: 'type' as const, notIn: types }] : []),
    ...types.map((t) => ({ field: 'type' as const, notLike: `${t}/*` })),
  ];

  const p = provenanceOf(approval, included);
  const listLabel = p.listName ?? `approved list ${p.listHash}`;
  const document: AzurePolicyDefinition = {
    name: `csc-allowed-services-${p.listName ? `${slugify(p.listName, 30)}-` : ''}${p.listHash}`.replace(/-+/g, '-'),
    type: 'Microsoft.Authorization/policyDefinitions',
    properties: {
      displayName: truncate(
        options.displayName ?? `Allowed Azure services: ${listLabel}`,
        AZURE_POLICY_LIMITS.displayName,
      ),
      description: truncate(
        `Denies resources whose type is outside the ${included.length} approved Azure service${included.length === 1 ? '' : 's'} of ${listLabel} ` +
          `and the platform namespaces Azure needs. Generated by the Cloud Service Catalogue from catalogue version ${p.catalogueVersion}.`,
        AZURE_POLICY_LIMITS.description,
      ),
      mode: 'all',
      metadata: {
        category: 'General',
        version: '1.0.0',
        source: 'Cloud Service Catalogue',
        catalogueVersion: p.catalogueVersion,
        ...(p.listName ? { listName: truncate(p.listName, AZURE_POLICY_LIMITS.metadataProperty) } : {}),
        // The hash and count identify the list at any size; the ids themselves would outgrow a metadata
        // property (1,024 characters) at about 40 services, so they travel in the envelope (`included`).
        listHash: p.listHash,
        approvedServiceCount: included.length,
      },
      parameters: {
        effect: {
          type: 'String',
          metadata: {
            displayName: 'Effect',
            description:
              'Deny blocks services outside the approved list; Audit only reports them; Disabled turns the policy off.',
          },
          allowedValues: ['Audit', 'Deny', 'Disabled'],
          defaultValue: 'Deny',
        },
      },
      policyRule: {
        if: { allOf: conditions },
        then: { effect: "[parameters('effect')]" },
      },
    },
  };

  const longestMetadata = Math.max(...Object.values(document.properties.metadata).map(metadataLength));
  const tooLarge = overLimit(
    'azure',
    [
      { unit: 'metadata characters', size: longestMetadata, limit: AZURE_POLICY_LIMITS.metadataProperty },
      { unit: 'conditions', size: conditions.length, limit: AZURE_POLICY_LIMITS.conditions },
      { unit: 'bytes', size: utf8Bytes(JSON.stringify(document)), limit: AZURE_POLICY_LIMITS.bodyBytes },
    ],
    { omitted, dependencies: scope.dependencies },
    (over) =>
      `The policy rule would need ${over.size} ${over.unit}, ${over.size - over.limit} over Azure's ` +
      `limit of ${over.limit}. Approve fewer Azure services, or prefer whole namespaces to single ` +
      `resource types (one condition instead of two).`,
  );
  if (tooLarge) return tooLarge;
  return {
    kind: 'policy',
    target: 'azure',
    document,
    omitted,
    provenance: p,
    included,
    ...scope,
    warnings: approval.warnings,
  };
}

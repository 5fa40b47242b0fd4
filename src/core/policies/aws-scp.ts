/**
 * AWS Organizations service control policy (SCP) from an approved list: an
 * allow-list in IAM policy grammar. One `Deny` statement with `NotAction`
 * over `<prefix>:*` of every approved service (sub-services included) plus the
 * essentials, `Resource: "*"`. Provenance lives in the policy `Id` (SCPs
 * allow no comments).
 *
 * Why one statement: denies combine with OR, so splitting the NotAction list
 * over several Deny statements would deny everything outside their
 * intersection. A list that does not fit the size quota is refused, never
 * truncated.
 */
import type { Catalogue } from '../catalogue.ts';
import { AWS_ESSENTIAL_IAM_PREFIXES } from './essentials.ts';
import {
  documentIdentifiersOf,
  listHash,
  provenanceOf,
  resolveApproval,
  scopeReport,
  slugify,
  uniqueSorted,
  type AwsScpSizeLimit,
  type Omission,
  type PolicyOptions,
  type PolicyResult,
  AWS_SCP_LARGER_LIMIT,
  queryParameterWords,
} from './common.ts';
import type { AwsServiceControlPolicy, Provenance } from './schemas.ts';

export { AWS_ESSENTIAL_IAM_PREFIXES };

export const AWS_SCP_DEFAULT_SIZE_LIMIT: AwsScpSizeLimit = 5120;
export const AWS_SCP_STATEMENT_SID = 'DenyServicesOutsideApprovedList';

export type AwsScpDocument = AwsServiceControlPolicy;
type AwsScpStatement = AwsScpDocument['Statement'][number];

/**
 * Characters as AWS Organizations counts them: the policy with whitespace
 * outside strings removed, i.e. its minified JSON. (Generated strings hold
 * no characters JSON escapes, so the escaped and raw counts agree.)
 */
export const scpCharacterCount = (doc: unknown): number => JSON.stringify(doc).length;

/**
 * `csc-<catalogue version>-[<list name slug>-]<list hash>[-no-essentials]`:
 * only [a-z0-9-], no spaces. No date: the same list and catalogue give the
 * same Id (and so the same document) on any day, and the hash covers this
 * cloud's services only, so approving an Azure or Google service leaves the
 * SCP unchanged. A document without the always-allowed essentials denies far
 * more, so it carries a different Id: two different documents never share one.
 */
export function scpId(
  p: Provenance & {
    withoutEssentials?: boolean;
    exemptPrincipalArns?: readonly string[];
  },
): string {
  const name = p.listName ? slugify(p.listName) : '';
  const exempt = p.exemptPrincipalArns?.length ? [`exempt-${listHash(p.exemptPrincipalArns)}`] : [];
  return [
    'csc',
    slugify(p.catalogueVersion, 24) || 'catalogue',
    ...(name ? [name] : []),
    p.listHash,
    ...(p.withoutEssentials ? ['no-essentials'] : []),
    ...exempt,
  ].join('-');
}

/** At most this many exempt roles: each costs its length of the size quota. */
export const MAX_EXEMPT_PRINCIPALS = 20;

/**
 * An IAM role ARN, or a pattern of them for `ArnNotLike` (`*` and `?` within a part): a partition or `*`, an account
 * number or `*`, `role/` and a name or path (IAM Identity Center's roles live under
 * `role/aws-reserved/sso.amazonaws.com/`). The name must hold a character that is no wildcard or slash: `role/*`
 * would exempt every role and switch the SCP off for every workload. A comma, which IAM allows in a role name,
 * cannot be given, as the list is comma-separated.
 */
export const ROLE_ARN_PATTERN =
  /^arn:(aws|aws-cn|aws-us-gov|aws-iso|aws-iso-[a-z]|aws-eusc|\*):iam::(\d{12}|\*):role\/(?=[\w+=.@\-/*?]*[\w+=.@-])[\w+=.@\-/*?]{1,512}$/;

export function generateAwsScp(
  catalogue: Catalogue,
  approvedIds: readonly string[],
  options: PolicyOptions,
): PolicyResult<AwsScpDocument> {
  const approval = resolveApproval('aws', catalogue, approvedIds, options);
  if (approval.unknownIds.length) return { kind: 'unknown-services', target: 'aws', unknownIds: approval.unknownIds };

  const omitted: Omission[] = [...approval.omitted];
  const essentials = [...(options.awsEssentials ?? AWS_ESSENTIAL_IAM_PREFIXES)].map((p) => p.toLowerCase());
  const prefixes: string[] = [...essentials, ...(approval.extraIdentifiers.iamPrefixes ?? [])];
  const included: string[] = [];
  for (const s of approval.services) {
    const own = documentIdentifiersOf(approval, s, 'iamPrefixes');
    if (!own.length) {
      // An added dependency the policy cannot name is not an approved service left out: no omission.
      if (approval.approved.has(s.id))
        omitted.push({
          id: s.id,
          reason: 'no-identifiers',
          detail: 'the catalogue records no IAM service prefix for this service, so an SCP cannot name it',
        });
      continue;
    }
    prefixes.push(...own);
    included.push(s.id);
  }
  if (!included.length && options.emptyCloud !== 'deny-all')
    return { kind: 'empty-cloud', target: 'aws', omitted, warnings: approval.warnings };
  const allowed = uniqueSorted(prefixes.map((p) => p.toLowerCase()));
  const notAction = uniqueSorted(allowed.map((p) => `${p}:*`));
  const provenance = provenanceOf(approval, included);

  // The roles an organisation keeps able to act (break-glass, its pipelines), as AWS's own deny examples exempt
  // their administrator roles: the deny applies to every other principal.
  const exempt = uniqueSorted(options.awsExemptPrincipalArns ?? []);
  const condition = exempt.length ? { Condition: { ArnNotLike: { 'aws:PrincipalARN': exempt } } } : {};
  const statement: AwsScpStatement = notAction.length
    ? { Sid: AWS_SCP_STATEMENT_SID, Effect: 'Deny', NotAction: notAction, Resource: '*', ...condition }
    : // Nothing approved and no essentials: deny every action (NotAction may not be empty).
      { Sid: AWS_SCP_STATEMENT_SID, Effect: 'Deny', Action: '*', Resource: '*', ...condition };
  const document: AwsScpDocument = {
    Version: '2012-10-17',
    Id: scpId({ ...provenance, withoutEssentials: essentials.length === 0, exemptPrincipalArns: exempt }),
    Statement: [statement],
  };
  const allowedSet = new Set(allowed);
  const essentialSet = new Set(essentials);
  const scope = scopeReport('aws', catalogue, approval, included, {
    inDocument: (p) => allowedSet.has(p.toLowerCase()),
    essential: (p) => essentialSet.has(p.toLowerCase()),
  });

  const limit = options.awsSizeLimit ?? AWS_SCP_DEFAULT_SIZE_LIMIT;
  const size = scpCharacterCount(document);
  if (size > limit) {
    const excess = size - limit;
    const words = options.optionWords ?? queryParameterWords;
    // Dropping the essentials is advised only when that alone makes it fit: the ones an approved service also needs
    // stay, and the Id grows by its "-no-essentials" mark (a list of every service is larger without them).
    const approvedPrefixes = new Set(
      allowed.filter((p) => !essentialSet.has(p) || prefixes.slice(essentials.length).includes(p)),
    );
    const sizeWithoutEssentials = scpCharacterCount({
      ...document,
      Id: scpId({ ...provenance, withoutEssentials: true, exemptPrincipalArns: exempt }),
      Statement: [{ ...statement, NotAction: notAction.filter((a) => approvedPrefixes.has(a.slice(0, -2))) }],
    });
    const dropEssentials = essentials.length > 0 && sizeWithoutEssentials <= limit;
    // The exempt roles can be what tips it over: say what they take, so the advice fits the cause.
    const exemptCost = exempt.length
      ? size - scpCharacterCount({ ...document, Statement: [{ ...statement, Condition: undefined }] })
      : 0;
    return {
      kind: 'too-large',
      target: 'aws',
      unit: 'characters',
      limit,
      size,
      excess,
      advice:
        `The SCP would be ${size} characters, ${excess} over the ${limit}-character quota (each approved IAM prefix costs its length plus 5 characters). ` +
        (limit < AWS_SCP_LARGER_LIMIT && size <= AWS_SCP_LARGER_LIMIT
          ? `If AWS accepts SCPs of up to ${AWS_SCP_LARGER_LIMIT.toLocaleString('en-GB')} characters in your organisation (a ` +
            "doubled quota was reported from 15 May 2026; AWS's quota page still says 5,120), ask for that quota " +
            `(${words('sizeLimit', String(AWS_SCP_LARGER_LIMIT))}); otherwise approve`
          : limit < AWS_SCP_LARGER_LIMIT
            ? `Even the ${AWS_SCP_LARGER_LIMIT.toLocaleString('en-GB')}-character quota reported from 15 May 2026 would be ` +
              `${size - AWS_SCP_LARGER_LIMIT} characters short. Approve`
            : 'Approve') +
        ' fewer AWS services in this list (for example one SCP per organisational unit, each with its own list)' +
        (dropEssentials
          ? `, or drop the always-allowed essentials (${words('essentials', 'none')}), which makes it ${sizeWithoutEssentials}.`
          : '.') +
        (exemptCost
          ? ` The ${exempt.length} exempt role ${exempt.length === 1 ? 'pattern takes' : 'patterns take'} ${exemptCost} characters: ` +
            'fewer or shorter patterns (a path such as role/admin/*) leave room.'
          : ''),
      omitted,
      dependencies: scope.dependencies,
    };
  }
  return {
    kind: 'policy',
    target: 'aws',
    document,
    omitted,
    provenance,
    included,
    ...scope,
    warnings: approval.warnings,
    size: { value: size, limit, unit: 'characters' },
  };
}

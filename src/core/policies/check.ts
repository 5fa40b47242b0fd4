/**
 * The CI check of an approved list and the diff between two versions of
 * one: pure functions of the catalogue, the ids and the day, so `csc check`
 * and `csc diff` say in a pull request what the API would answer.
 */
import { resolveApprovedIds, type Catalogue } from '../catalogue.ts';
import { policyTargets, type AwsScpSizeLimit, type OptionWords, type PolicyTarget } from './common.ts';
import { generatePolicy } from './index.ts';

export const checkRules = {
  'invalid-list': 'The list file cannot be read, is not JSON, or is not a valid approved list',
  'approves-nothing': 'The list approves no service',
  'unknown-service': 'The list names a service id the catalogue does not know',
  'misread-entry': 'An entry is read otherwise than written: by its slug, under another provider, or listed again',
  'retired-service': 'The list approves a service its vendor has retired',
  'retiring-service': 'The list approves a service that retires within the threshold',
  'missing-dependency': 'An approved service requires a service the list does not approve',
  'policy-too-large': "The cloud's policy would not fit the provider's limit",
} as const;
export type CheckRule = keyof typeof checkRules;

export interface CheckFinding {
  rule: CheckRule;
  /** The approved id the finding is about (for annotations); for an entry read otherwise, the id it was written with. */
  serviceId?: string;
  /** Which entry written with that id the finding is about (1: the first): the second of a service listed twice. */
  occurrence?: number;
  target?: PolicyTarget;
  message: string;
}

export interface CheckOptions {
  today: string;
  /** Services retiring within this many days fail the check (default 180). */
  retiringWithinDays?: number;
  /**
   * Every id the list names, in its order, those it marks disabled too: each must be an id the catalogue knows
   * (a compact list's, as `csc validate` and the API require). Default: the approved ids.
   */
  listedIds?: readonly string[];
  /** How the policies' advice names the options to set (default: the API's query parameters). */
  optionWords?: OptionWords;
  /** AWS: the SCP size quota the organisation's policies are made for (default 5,120, as `csc policy`'s). */
  awsSizeLimit?: AwsScpSizeLimit;
  /** The list's name, which the policies carry (the AWS SCP in its Id, so it counts toward the quota). */
  listName?: string;
  /** AWS: the always-allowed essentials the SCP keeps (default all; [] as `csc policy --no-essentials`). */
  awsEssentials?: readonly string[];
  /** The entries of an interchange document read otherwise than written (ApprovedList's `misread`). */
  misread?: readonly { id: string; occurrence: number; note: string }[];
}

const addDays = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Every reason the list should not be merged, in a stable order (list order, then cloud). */
export function checkList(catalogue: Catalogue, ids: readonly string[], options: CheckOptions): CheckFinding[] {
  const findings: CheckFinding[] = [];
  // Every policy made from such a list would deny every service of every cloud.
  if (!ids.length)
    findings.push({
      rule: 'approves-nothing',
      message:
        'the list approves no service (it marks every listed service disabled): its policies would deny every service',
    });
  const { services } = resolveApprovedIds(catalogue, ids);
  // Valid, but not what its author wrote: a typo matched by the slug, a service under the wrong cloud, a repeat.
  for (const { id, occurrence, note } of options.misread ?? [])
    findings.push({ rule: 'misread-entry', serviceId: id, occurrence, message: note });
  for (const id of resolveApprovedIds(catalogue, options.listedIds ?? ids).unknownIds)
    findings.push({
      rule: 'unknown-service',
      serviceId: id,
      message: `${id}: no service in the catalogue has this id`,
    });
  const horizon = addDays(options.today, options.retiringWithinDays ?? 180);
  for (const s of services) {
    const l = s.lifecycle;
    if (!l) continue;
    const date = l.sunsetDate;
    const successor = l.successorSlug ? ` (successor: ${l.successorSlug})` : '';
    if (
      l.status === 'retired' ||
      (date && date <= options.today && (l.status === 'sunset' || l.status === 'deprecated'))
    )
      findings.push({
        rule: 'retired-service',
        serviceId: s.id,
        message: `${s.id}: ${s.name} is retired${date ? ` since ${date}` : ''}${successor}`,
      });
    else if ((l.status === 'sunset' || l.status === 'deprecated') && date && date <= horizon)
      findings.push({
        rule: 'retiring-service',
        serviceId: s.id,
        message: `${s.id}: ${s.name} retires on ${date}, within ${options.retiringWithinDays ?? 180} days${successor}`,
      });
  }
  const known = services.map((s) => s.id);
  for (const target of policyTargets) {
    // Made as `csc policy` and the API make it by default: retired services left out (each is a finding of its own),
    // so the size said is the size of the policy that would be deployed.
    const r = generatePolicy(target, catalogue, known, {
      today: options.today,
      ...(options.optionWords ? { optionWords: options.optionWords } : {}),
      ...(options.awsSizeLimit ? { awsSizeLimit: options.awsSizeLimit } : {}),
      ...(options.awsEssentials ? { awsEssentials: options.awsEssentials } : {}),
      ...(options.listName ? { listName: options.listName } : {}),
    });
    if (r.kind === 'too-large')
      findings.push({
        rule: 'policy-too-large',
        target,
        message: `${target}: ${r.advice}`,
      });
    // A policy too large to make still denies what its services need: both are reasons not to merge.
    if (r.kind !== 'policy' && r.kind !== 'too-large') continue;
    for (const d of r.dependencies)
      if (d.kind === 'requires' && d.status === 'missing')
        findings.push({
          rule: 'missing-dependency',
          serviceId: d.serviceId,
          target,
          message: `${d.serviceId} requires ${d.service ?? d.identifiers?.join(', ')}, which is not approved: ${d.reason} (${d.source})`,
        });
  }
  return findings;
}

/** 1-based line of the first `"id"` in the list file, so code hosts annotate the right line. */
export function lineOf(text: string, id: string): number {
  const at = text.indexOf(JSON.stringify(id));
  return at < 0 ? 1 : text.slice(0, at).split('\n').length;
}

/** 1-based line of the nth entry written `"id": "<id>"` in an interchange document, else of the id's first mention. */
export function entryLineOf(text: string, id: string, occurrence: number): number {
  const quoted = JSON.stringify(id).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const entries = [...text.matchAll(new RegExp(`"id"\\s*:\\s*${quoted}`, 'g'))];
  const at = entries[occurrence - 1]?.index;
  return at === undefined ? lineOf(text, id) : text.slice(0, at).split('\n').length;
}

/**
 * The file as a SARIF artifact URI: a relative path as the URI reference it is (spaces and the like escaped), an
 * absolute one as a file: URI; none for standard input (`-`), which has no location a code host could show.
 */
export function artifactUri(file: string): string | undefined {
  if (file === '-') return undefined;
  const path = encodeURI(file.replaceAll('\\', '/')).replaceAll('?', '%3F').replaceAll('#', '%23');
  if (path.startsWith('/')) return `file://${path}`;
  // A Windows absolute path (C:/lists/x.json), which read as a URI would have the scheme `c:`.
  if (/^[a-z]:\//i.test(path)) return `file:///${path}`;
  // A relative path whose first segment has a colon would read as a scheme too.
  return /^[^/]*:/.test(path) ? `./${path}` : path;
}

/** SARIF 2.1.0 log of the findings, one result per finding located in `file` (none for standard input). */
export function toSarif(findings: readonly CheckFinding[], file: string, text: string): unknown {
  const uri = artifactUri(file);
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'csc',
            rules: Object.entries(checkRules).map(([id, text]) => ({ id, shortDescription: { text } })),
          },
        },
        results: findings.map((f) => ({
          ruleId: f.rule,
          level: 'error',
          message: { text: f.message },
          ...(uri
            ? {
                locations: [
                  {
                    physicalLocation: {
                      artifactLocation: { uri },
                      region: {
                        startLine: !f.serviceId
                          ? 1
                          : f.occurrence
                            ? entryLineOf(text, f.serviceId, f.occurrence)
                            : lineOf(text, f.serviceId),
                      },
                    },
                  },
                ],
              }
            : {}),
        })),
      },
    ],
  };
}

export interface CloudDiff {
  target: PolicyTarget;
  added: string[];
  removed: string[];
  /** Catalogue services the new policy lets through and the old one denied (approved or through a shared identifier). */
  newlyAllows: string[];
  newlyDenies: string[];
}

function allowedBy(catalogue: Catalogue, target: PolicyTarget, ids: readonly string[], today: string): Set<string> {
  const r = generatePolicy(target, catalogue, ids, { today, emptyCloud: 'deny-all' });
  return r.kind === 'policy' ? new Set([...r.included, ...r.alsoAllows.map((a) => a.id)]) : new Set();
}

const minus = (a: Iterable<string>, b: Set<string>): string[] => [...a].filter((x) => !b.has(x)).sort();

/** What changing the list from `before` to `after` does to each cloud's policy. Unknown ids are ignored. */
export function diffLists(
  catalogue: Catalogue,
  before: readonly string[],
  after: readonly string[],
  today: string,
): CloudDiff[] {
  const known = (ids: readonly string[]) => resolveApprovedIds(catalogue, ids).services.map((s) => s.id);
  const [b, a] = [known(before), known(after)];
  return policyTargets.map((target) => {
    const ofTarget = (ids: string[]) => new Set(ids.filter((id) => catalogue.service(id)?.provider === target));
    const [ob, oa] = [ofTarget(b), ofTarget(a)];
    const [allowedBefore, allowedAfter] = [
      allowedBy(catalogue, target, b, today),
      allowedBy(catalogue, target, a, today),
    ];
    return {
      target,
      added: minus(oa, ob),
      removed: minus(ob, oa),
      newlyAllows: minus(allowedAfter, allowedBefore),
      newlyDenies: minus(allowedBefore, allowedAfter),
    };
  });
}

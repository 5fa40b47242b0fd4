/**
 * Policy evaluators for tests, written from each provider's documented
 * semantics and independently of the generators:
 * - AWS SCP: a request is denied when any Deny statement matches it; a
 *   statement matches an action when it is in `Action` or, with `NotAction`,
 *   when it is not. Action patterns are `<prefix>:<name>` with `*` and `?`
 *   wildcards, compared case-insensitively (IAM JSON policy reference).
 *   Resource is always "*" here. The one condition evaluated is
 *   `ArnNotLike` on `aws:PrincipalARN` (the statement applies to principals
 *   matching none of the patterns), ARN-wise as IAM does: each of the six
 *   colon-separated parts matched on its own, case-sensitively, `*` and `?`
 *   within a part; any other condition is reported.
 * - Azure Policy: a resource is denied when the rule's `if` is true; logical
 *   operators allOf/anyOf/not; conditions on `field: "type"` with
 *   equals/notEquals/like/notLike/in/notIn, case-insensitive, `*` in
 *   like/notLike matching any run of characters.
 * - Google Cloud org policy for a list constraint: `allowAll` allows,
 *   `denyAll` denies, `values.allowedValues` allows exactly those,
 *   `values.deniedValues` denies those. Services the constraint never
 *   restricts are always allowed (the caller says which).
 */

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** IAM/Azure wildcard match: `*` any run, `?` one character (IAM only), case-insensitive. */
const compiled = new Map<string, RegExp>();
function wildcard(pattern: string, value: string, question = true): boolean {
  const key = `${question ? '?' : '-'}${pattern}`;
  let regex = compiled.get(key);
  if (!regex) {
    regex = new RegExp(`^${toRegex(pattern, question)}$`, 'is');
    compiled.set(key, regex);
  }
  return regex.test(value);
}

function toRegex(pattern: string, question: boolean): string {
  return pattern
    .split('')
    .map((c) => (c === '*' ? '.*' : c === '?' && question ? '.' : c.replace(/[.+^${}()|[\]\\?]/g, '\\$&')))
    .join('');
}

const list = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : typeof v === 'string' ? [v] : []);

/** ArnLike: the six parts of the ARN, each matched on its own, case-sensitively (`*` never crosses a colon). */
function arnLike(pattern: string, arn: string): boolean {
  const p = pattern.split(':');
  const a = arn.split(':');
  if (p.length !== 6 || a.length !== 6) return false;
  return p.every((part, i) => new RegExp(`^${toRegex(part, true)}$`, 's').test(a[i]!));
}

/** Whether a statement's condition holds for the principal; only ArnNotLike on aws:PrincipalARN is evaluated. */
function conditionHolds(condition: unknown, principalArn: string | undefined): boolean {
  if (!isObject(condition)) throw new Error('Condition is not an object');
  return Object.entries(condition).every(([operator, keys]) => {
    if (operator !== 'ArnNotLike' || !isObject(keys)) throw new Error(`condition ${operator} is not evaluated here`);
    return Object.entries(keys).every(([key, patterns]) => {
      if (key !== 'aws:PrincipalARN') throw new Error(`condition key ${key} is not evaluated here`);
      if (principalArn === undefined) throw new Error('the statement has a principal condition: say which principal');
      return !list(patterns).some((p) => arnLike(p, principalArn));
    });
  });
}

/** Whether the SCP denies `action` (`prefix:Name`), asked by `principalArn` where the SCP names principals. */
export function scpDenies(doc: unknown, action: string, principalArn?: string): boolean {
  if (!isObject(doc)) throw new Error('SCP is not an object');
  const statements = Array.isArray(doc.Statement) ? doc.Statement : [doc.Statement];
  return statements.some((s: unknown) => {
    if (!isObject(s) || s.Effect !== 'Deny') return false;
    if ('Condition' in s && !conditionHolds(s.Condition, principalArn)) return false;
    if (!list(s.Resource ?? '*').includes('*')) throw new Error('only Resource "*" is evaluated here');
    if ('Action' in s) return list(s.Action).some((p) => wildcard(p, action));
    if ('NotAction' in s) return !list(s.NotAction).some((p) => wildcard(p, action));
    return false;
  });
}

function azureCondition(node: Record<string, unknown>, type: string): boolean {
  if ('allOf' in node) return (node.allOf as unknown[]).every((n) => azureTrue(n, type));
  if ('anyOf' in node) return (node.anyOf as unknown[]).some((n) => azureTrue(n, type));
  if ('not' in node) return !azureTrue(node.not, type);
  if (node.field !== 'type') throw new Error(`field ${String(node.field)} is not evaluated here`);
  const eq = (a: string) => a.toLowerCase() === type.toLowerCase();
  if ('equals' in node) return eq(String(node.equals));
  if ('notEquals' in node) return !eq(String(node.notEquals));
  if ('like' in node) return wildcard(String(node.like), type, false);
  if ('notLike' in node) return !wildcard(String(node.notLike), type, false);
  if ('in' in node) return list(node.in).some(eq);
  if ('notIn' in node) return !list(node.notIn).some(eq);
  throw new Error(`condition ${JSON.stringify(node)} is not evaluated here`);
}
const azureTrue = (n: unknown, type: string): boolean => {
  if (!isObject(n)) throw new Error('condition is not an object');
  return azureCondition(n, type);
};

/** Whether the Azure Policy definition (effect Deny) denies a resource of `type`. */
export function azureDenies(definition: unknown, type: string): boolean {
  if (!isObject(definition) || !isObject(definition.properties)) throw new Error('not a policy definition');
  const rule = definition.properties.policyRule;
  if (!isObject(rule)) throw new Error('no policyRule');
  return azureTrue(rule.if, type);
}

/** Whether the org policy for a list constraint denies `value`; `unrestricted` values are never denied. */
export function gcpDenies(policy: unknown, value: string, unrestricted: (v: string) => boolean = () => false): boolean {
  if (unrestricted(value)) return false;
  if (!isObject(policy) || !isObject(policy.spec) || !Array.isArray(policy.spec.rules)) throw new Error('no rules');
  let allowed = false;
  for (const rule of policy.spec.rules as Record<string, unknown>[]) {
    if (rule.condition) throw new Error('conditions are not evaluated here');
    if (rule.denyAll) return true;
    if (rule.allowAll) allowed = true;
    if (isObject(rule.values)) {
      if (list(rule.values.deniedValues).includes(value)) return true;
      if (list(rule.values.allowedValues).includes(value)) allowed = true;
    }
  }
  return !allowed;
}

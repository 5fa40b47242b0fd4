/**
 * AWS service control policy grammar, written from AWS's documentation
 * (IAM JSON policy grammar; AWS Organizations "SCP syntax" and quotas),
 * independently of the generator:
 * - top level: Version ("2012-10-17" or "2008-10-17"), optional Id (string),
 *   Statement (object or non-empty array); nothing else (no comments);
 * - statement: optional Sid of ASCII letters and digits, Effect Allow|Deny,
 *   exactly one of Action/NotAction, exactly one of Resource/NotResource,
 *   optional Condition; SCPs take no Principal/NotPrincipal;
 * - action: "*" or "<service prefix>:<action>" with the prefix in lower-case
 *   letters, digits and hyphens and `*`/`?` wildcards only in the action part;
 * - size: at most the quota (5,120 characters on AWS's quota page; 10,240
 *   where an organisation has the doubled quota reported from 15 May 2026),
 *   counted as AWS does, without whitespace outside strings.
 */

const STATEMENT_KEYS = new Set(['Sid', 'Effect', 'Action', 'NotAction', 'Resource', 'NotResource', 'Condition']);
const ACTION = /^(\*|[a-z0-9-]+:[A-Za-z0-9*?]+)$/;
const RESOURCE = /^(\*|arn:[^\s]+)$/;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Characters of a policy text as AWS counts them: whitespace outside string literals does not count. */
export function awsCountedCharacters(text: string): number {
  let count = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (inString) {
      count++;
      if (c === '\\') {
        count++;
        i++;
      } else if (c === '"') inString = false;
    } else if (c === '"') {
      inString = true;
      count++;
    } else if (!/\s/.test(c)) count++;
  }
  return count;
}

function stringOrList(value: unknown, where: string, check: RegExp, problems: string[]): string[] {
  const items = typeof value === 'string' ? [value] : Array.isArray(value) ? value : null;
  if (!items || !items.length) {
    problems.push(`${where} must be a string or a non-empty array of strings`);
    return [];
  }
  items.forEach((v, i) => {
    if (typeof v !== 'string' || !check.test(v)) problems.push(`${where}[${i}] ${JSON.stringify(v)} is not valid`);
  });
  if (new Set(items).size !== items.length) problems.push(`${where} repeats values`);
  return items as string[];
}

/**
 * IAM condition operators (IAM JSON policy reference, "Condition operators"), each also with `IfExists`, and the
 * set operators' `ForAnyValue:` / `ForAllValues:` prefixes.
 */
const CONDITION_OPERATOR = new RegExp(
  '^(ForAnyValue:|ForAllValues:)?(' +
    [
      'String(Not)?Equals(IgnoreCase)?',
      'String(Not)?Like',
      'Numeric(Not)?Equals',
      'Numeric(LessThan|GreaterThan)(Equals)?',
      'Date(Not)?Equals',
      'Date(LessThan|GreaterThan)(Equals)?',
      'Bool',
      'BinaryEquals',
      '(Not)?IpAddress',
      'Arn(Not)?(Equals|Like)',
    ].join('|') +
    ')(IfExists)?$|^Null$',
);
const CONDITION_KEY = /^[a-zA-Z0-9-]+:[\w\-/.:]+$/;

/** `{operator: {key: value or [values]}}`, operators and keys as IAM spells them; ARN operators take ARNs. */
function validateCondition(condition: unknown, at: string, problems: string[]): void {
  if (!isObject(condition) || !Object.keys(condition).length) return void problems.push(`${at} is not an object`);
  for (const [operator, keys] of Object.entries(condition)) {
    if (!CONDITION_OPERATOR.test(operator)) problems.push(`${at}: ${operator} is not an IAM condition operator`);
    if (!isObject(keys) || !Object.keys(keys).length) {
      problems.push(`${at}.${operator} is not an object of condition keys`);
      continue;
    }
    for (const [key, value] of Object.entries(keys)) {
      if (!CONDITION_KEY.test(key)) problems.push(`${at}.${operator}: ${key} is not a condition key`);
      const values = stringOrList(value, `${at}.${operator}.${key}`, /^.+$/s, problems);
      if (/Arn/.test(operator))
        for (const v of values)
          if (!/^arn:[^:]*:[^:]*:[^:]*:[^:]*:.+$/.test(v))
            problems.push(`${at}.${operator}.${key}: ${v} is not an ARN`);
    }
  }
}

/** Problems with an SCP (empty when AWS would accept it). `text` is the body as sent, for the size count. */
export function validateScp(doc: unknown, opts: { text?: string; limit?: number } = {}): string[] {
  const problems: string[] = [];
  if (!isObject(doc)) return ['policy is not a JSON object'];
  for (const k of Object.keys(doc))
    if (!['Version', 'Id', 'Statement'].includes(k))
      problems.push(`top-level key ${k} is not in the IAM policy grammar`);
  if (doc.Version !== '2012-10-17' && doc.Version !== '2008-10-17')
    problems.push(`Version ${JSON.stringify(doc.Version)}`);
  if ('Id' in doc && (typeof doc.Id !== 'string' || !doc.Id || /[\u0000-\u001f]/.test(doc.Id)))
    problems.push('Id must be a non-empty string without control characters');
  const statements = Array.isArray(doc.Statement) ? doc.Statement : isObject(doc.Statement) ? [doc.Statement] : null;
  if (!statements || !statements.length) problems.push('Statement missing or empty');
  const sids = new Set<string>();
  (statements ?? []).forEach((s: unknown, i: number) => {
    const at = `Statement[${i}]`;
    if (!isObject(s)) return void problems.push(`${at} is not an object`);
    for (const k of Object.keys(s)) if (!STATEMENT_KEYS.has(k)) problems.push(`${at}.${k} is not supported in SCPs`);
    if ('Sid' in s) {
      if (typeof s.Sid !== 'string' || !/^[A-Za-z0-9]*$/.test(s.Sid))
        problems.push(`${at}.Sid ${JSON.stringify(s.Sid)} is not alphanumeric`);
      else if (sids.has(s.Sid)) problems.push(`${at}.Sid repeats`);
      else sids.add(s.Sid);
    }
    if (s.Effect !== 'Allow' && s.Effect !== 'Deny') problems.push(`${at}.Effect ${JSON.stringify(s.Effect)}`);
    if ('Action' in s === 'NotAction' in s) problems.push(`${at} needs exactly one of Action and NotAction`);
    if ('Action' in s) stringOrList(s.Action, `${at}.Action`, ACTION, problems);
    if ('NotAction' in s) stringOrList(s.NotAction, `${at}.NotAction`, ACTION, problems);
    if ('Resource' in s === 'NotResource' in s) problems.push(`${at} needs exactly one of Resource and NotResource`);
    if ('Resource' in s) stringOrList(s.Resource, `${at}.Resource`, RESOURCE, problems);
    if ('NotResource' in s) stringOrList(s.NotResource, `${at}.NotResource`, RESOURCE, problems);
    if ('Condition' in s) validateCondition(s.Condition, `${at}.Condition`, problems);
  });
  const limit = opts.limit ?? 5120;
  const size = awsCountedCharacters(opts.text ?? JSON.stringify(doc));
  if (size > limit) problems.push(`policy is ${size} characters, over the ${limit}-character quota`);
  return problems;
}

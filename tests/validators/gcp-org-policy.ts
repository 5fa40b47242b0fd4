/**
 * Google Cloud Org Policy API v2 `Policy` message (google.cloud.orgpolicy.v2,
 * JSON mapping with lowerCamelCase names), from Google's reference,
 * independently of the generator:
 * - Policy: name, spec, dryRunSpec, etag (and the deprecated alternate);
 *   name is `{organizations|folders|projects}/{id}/policies/{constraint}`;
 * - PolicySpec: etag, updateTime, rules, inheritFromParent, reset; `reset`
 *   excludes rules and inheritFromParent;
 * - PolicyRule: exactly one of values / allowAll / denyAll / enforce, plus
 *   optional condition and parameters; `enforce` is for boolean constraints
 *   only, so a list constraint such as gcp.restrictServiceUsage takes the
 *   other three;
 * - StringValues: allowedValues / deniedValues, string lists, at least one
 *   non-empty; for gcp.restrictServiceUsage the values are service API names.
 * The organisation id may be Google's own placeholder `ORGANIZATION_ID`.
 * Google's system limits (organization-policy/quotas): at most 500 values in
 * a list constraint's rule and 32 KB for the policy, read here as 32,000
 * bytes of its JSON.
 */

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const NAME =
  /^(organizations\/(\d+|ORGANIZATION_ID)|folders\/\d+|projects\/[a-z0-9][a-z0-9-]*)\/policies\/([a-zA-Z][a-zA-Z0-9.]*)$/;
const SERVICE = /^[a-z0-9][a-z0-9.-]*\.googleapis\.com$/;
const LIST_CONSTRAINTS = new Set(['gcp.restrictServiceUsage']);

function validateSpec(spec: unknown, where: string, constraint: string, problems: string[]): void {
  if (!isObject(spec)) return void problems.push(`${where} is not an object`);
  for (const k of Object.keys(spec))
    if (!['etag', 'updateTime', 'rules', 'inheritFromParent', 'reset'].includes(k))
      problems.push(`${where}.${k} is not a PolicySpec field`);
  if ('inheritFromParent' in spec && typeof spec.inheritFromParent !== 'boolean')
    problems.push(`${where}.inheritFromParent is not a boolean`);
  if ('reset' in spec && typeof spec.reset !== 'boolean') problems.push(`${where}.reset is not a boolean`);
  if (spec.reset === true && ((Array.isArray(spec.rules) && spec.rules.length) || spec.inheritFromParent))
    problems.push(`${where}: reset excludes rules and inheritFromParent`);
  if (!('rules' in spec)) return;
  if (!Array.isArray(spec.rules)) return void problems.push(`${where}.rules is not an array`);
  spec.rules.forEach((rule: unknown, i: number) => {
    const at = `${where}.rules[${i}]`;
    if (!isObject(rule)) return void problems.push(`${at} is not an object`);
    for (const k of Object.keys(rule))
      if (!['values', 'allowAll', 'denyAll', 'enforce', 'condition', 'parameters'].includes(k))
        problems.push(`${at}.${k} is not a PolicyRule field`);
    const kinds = ['values', 'allowAll', 'denyAll', 'enforce'].filter((k) => k in rule);
    if (kinds.length !== 1)
      problems.push(
        `${at} needs exactly one of values, allowAll, denyAll, enforce (has ${kinds.join(', ') || 'none'})`,
      );
    for (const k of ['allowAll', 'denyAll', 'enforce'])
      if (k in rule && typeof rule[k] !== 'boolean') problems.push(`${at}.${k} is not a boolean`);
    if ('enforce' in rule && LIST_CONSTRAINTS.has(constraint))
      problems.push(`${at}.enforce is for boolean constraints; ${constraint} is a list constraint`);
    if ('values' in rule) {
      const v = rule.values;
      if (!isObject(v)) return void problems.push(`${at}.values is not an object`);
      for (const k of Object.keys(v))
        if (!['allowedValues', 'deniedValues'].includes(k))
          problems.push(`${at}.values.${k} is not a StringValues field`);
      let any = false;
      for (const k of ['allowedValues', 'deniedValues']) {
        if (!(k in v)) continue;
        const list = v[k];
        if (!Array.isArray(list) || list.some((x) => typeof x !== 'string')) {
          problems.push(`${at}.values.${k} is not a list of strings`);
          continue;
        }
        if (list.length) any = true;
        if (list.length > 500) problems.push(`${at}.values.${k} has ${list.length} values, over Google's 500`);
        if (new Set(list).size !== list.length) problems.push(`${at}.values.${k} repeats values`);
        if (constraint === 'gcp.restrictServiceUsage')
          for (const s of list)
            if (!SERVICE.test(s)) problems.push(`${at}.values.${k}: ${JSON.stringify(s)} is not a service API name`);
      }
      if (!any) problems.push(`${at}.values has no values`);
    }
    if ('condition' in rule && (!isObject(rule.condition) || typeof rule.condition.expression !== 'string'))
      problems.push(`${at}.condition needs an expression`);
  });
}

/** Problems with an Org Policy v2 Policy (empty when the API would accept it). */
export function validateGcpPolicy(doc: unknown): string[] {
  const problems: string[] = [];
  if (!isObject(doc)) return ['policy is not a JSON object'];
  for (const k of Object.keys(doc))
    if (!['name', 'spec', 'dryRunSpec', 'etag', 'alternate'].includes(k))
      problems.push(`top-level key ${k} is not a Policy field`);
  const m = typeof doc.name === 'string' ? NAME.exec(doc.name) : null;
  if (!m) problems.push(`name ${JSON.stringify(doc.name)} is not {parent}/policies/{constraint}`);
  const constraint = m?.[3] ?? '';
  if (!('spec' in doc) && !('dryRunSpec' in doc)) problems.push('neither spec nor dryRunSpec');
  if ('spec' in doc) validateSpec(doc.spec, 'spec', constraint, problems);
  if ('dryRunSpec' in doc) validateSpec(doc.dryRunSpec, 'dryRunSpec', constraint, problems);
  if ('etag' in doc && typeof doc.etag !== 'string') problems.push('etag is not a string');
  const bytes = new TextEncoder().encode(JSON.stringify(doc)).length;
  if (bytes > 32_000) problems.push(`the policy is ${bytes} bytes, over Google's 32 KB`);
  return problems;
}

/**
 * Azure Policy definition grammar, from Azure's published artefacts (copied
 * beside this file) and its documentation, independently of the generator:
 * - the policy rule against Azure's JSON Schema
 *   (schema.management.azure.com/schemas/2020-10-01/policyDefinition.json),
 *   run with ajv. It is a draft-04 schema; its only draft-04-specific keyword
 *   is `id`, renamed `$id` for ajv's default dialect. Its two external
 *   references get stand-ins: a template-language expression is a string in
 *   square brackets, and deployment properties (unused here) any object;
 * - the resource envelope against the REST API model
 *   (Microsoft.Authorization 2023-04-01 policyDefinitions, excerpt): known
 *   property names, the definition-name pattern, parameter types;
 * - documented rules the schema does not encode: `like`/`notLike` take at
 *   most one `*`, at most 512 nested conditions, a request body of at most
 *   1 MiB, displayName at most 128 and description 512 characters, name 64,
 *   each metadata property at most 1,024 characters (its string, or the JSON
 *   of any other value; "definition structure basics"),
 *   an effect expression naming a declared parameter with valid values; and
 *   the project's contract: mode "all", no policyType, no empty parameters.
 */
import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';

const here = new URL('./azure/', import.meta.url);
const ruleSchema = JSON.parse(readFileSync(new URL('azure-policyDefinition-2020-10-01.json', here), 'utf8')) as Record<
  string,
  unknown
>;
const rest = JSON.parse(
  readFileSync(new URL('azure-rest-2023-04-01-policyDefinitions.excerpt.json', here), 'utf8'),
) as {
  policyDefinitionNamePattern: string;
  definitions: Record<string, { properties: Record<string, { enum?: string[] }> }>;
};

const { id, $schema: _draft04, ...schemaBody } = ruleSchema;
const ajv = new Ajv({ strict: false, allErrors: true });
ajv.addSchema({
  $id: 'https://schema.management.azure.com/schemas/common/definitions.json',
  definitions: { expression: { type: 'string', pattern: '^\\[[^\\[].*\\]$' } },
});
ajv.addSchema({
  $id: 'https://schema.management.azure.com/schemas/2018-05-01/Microsoft.Resources.json',
  definitions: { DeploymentProperties: { type: 'object' } },
});
const validateRule = ajv.compile({ ...schemaBody, $id: String(id).replace(/#$/, '') });

const ENVELOPE_KEYS = new Set(Object.keys(rest.definitions.PolicyDefinition!.properties));
const PROPERTY_KEYS = new Set(Object.keys(rest.definitions.PolicyDefinitionProperties!.properties));
const PARAMETER_KEYS = new Set(Object.keys(rest.definitions.ParameterDefinitionsValue!.properties));
const PARAMETER_TYPES = rest.definitions.ParameterDefinitionsValue!.properties.type!.enum!;
const NAME = new RegExp(rest.policyDefinitionNamePattern);
const EFFECTS = [
  'append',
  'audit',
  'auditifnotexists',
  'deny',
  'denyaction',
  'deployifnotexists',
  'disabled',
  'manual',
  'modify',
];
const CONDITION_OPERATORS = ['like', 'notLike'];

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Leaf conditions in a rule, and every like/notLike pattern. */
function walk(node: unknown, out: { conditions: number; patterns: string[] }): void {
  if (Array.isArray(node)) return node.forEach((n) => walk(n, out));
  if (!isObject(node)) return;
  if ('allOf' in node || 'anyOf' in node || 'not' in node) {
    for (const k of ['allOf', 'anyOf', 'not']) if (k in node) walk(node[k], out);
    return;
  }
  out.conditions++;
  for (const op of CONDITION_OPERATORS) if (typeof node[op] === 'string') out.patterns.push(node[op] as string);
  if (isObject(node.count) && node.count.where) walk(node.count.where, out);
}

/** Problems with a policy-definition resource (empty when Azure would accept it). */
export function validateAzurePolicyDefinition(doc: unknown): string[] {
  const problems: string[] = [];
  if (!isObject(doc)) return ['definition is not a JSON object'];
  for (const k of Object.keys(doc))
    if (!ENVELOPE_KEYS.has(k)) problems.push(`top-level key ${k} is not in the PolicyDefinition model`);
  if ('name' in doc && (typeof doc.name !== 'string' || !NAME.test(doc.name) || doc.name.length > 64))
    problems.push(`name ${JSON.stringify(doc.name)} does not match ${NAME} (max 64)`);
  if ('type' in doc && doc.type !== 'Microsoft.Authorization/policyDefinitions')
    problems.push(`type ${JSON.stringify(doc.type)}`);
  const p = doc.properties;
  if (!isObject(p)) return [...problems, 'properties missing'];
  for (const k of Object.keys(p))
    if (!PROPERTY_KEYS.has(k)) problems.push(`properties.${k} is not in the PolicyDefinitionProperties model`);
  if ('policyType' in p) problems.push('properties.policyType must not be sent (Azure sets Custom)');
  if (p.mode !== 'all') problems.push(`mode ${JSON.stringify(p.mode)}, expected "all"`);
  if (typeof p.displayName !== 'string' || !p.displayName || p.displayName.length > 128)
    problems.push('displayName must be 1 to 128 characters');
  if ('description' in p && (typeof p.description !== 'string' || p.description.length > 512))
    problems.push('description must be at most 512 characters');
  if ('metadata' in p && !isObject(p.metadata)) problems.push('metadata is not an object');
  if (isObject(p.metadata))
    for (const [k, v] of Object.entries(p.metadata)) {
      const length = typeof v === 'string' ? v.length : JSON.stringify(v).length;
      if (length > 1024) problems.push(`metadata.${k} is ${length} characters, over Azure's 1,024`);
    }
  const params = p.parameters;
  if ('parameters' in p) {
    if (!isObject(params) || !Object.keys(params).length)
      problems.push('parameters must be a non-empty object when present');
    else {
      if (Object.keys(params).length > 20) problems.push('more than 20 parameters');
      for (const [name, def] of Object.entries(params)) {
        if (!isObject(def)) {
          problems.push(`parameters.${name} is not an object`);
          continue;
        }
        for (const k of Object.keys(def))
          if (!PARAMETER_KEYS.has(k))
            problems.push(`parameters.${name}.${k} is not in the ParameterDefinitionsValue model`);
        if (!PARAMETER_TYPES.includes(def.type as string))
          problems.push(`parameters.${name}.type ${JSON.stringify(def.type)}`);
        if (Array.isArray(def.allowedValues) && 'defaultValue' in def && !def.allowedValues.includes(def.defaultValue))
          problems.push(`parameters.${name}.defaultValue is not an allowed value`);
      }
    }
  }
  const rule = p.policyRule;
  if (!validateRule(rule))
    problems.push(...(validateRule.errors ?? []).slice(0, 5).map((e) => `policyRule${e.instancePath} ${e.message}`));
  if (isObject(rule) && isObject(rule.then)) {
    const effect = rule.then.effect;
    const ref = typeof effect === 'string' ? /^\[parameters\('([^']+)'\)\]$/.exec(effect) : null;
    if (ref) {
      const def = isObject(params) ? params[ref[1]!] : undefined;
      if (!isObject(def)) problems.push(`effect names undeclared parameter ${ref[1]}`);
      else if (
        !Array.isArray(def.allowedValues) ||
        def.allowedValues.some((v) => !EFFECTS.includes(String(v).toLowerCase()))
      )
        problems.push('effect parameter allows values that are not effects');
    } else if (typeof effect !== 'string' || !EFFECTS.includes(effect.toLowerCase()))
      problems.push(`effect ${JSON.stringify(effect)}`);
  }
  const seen = { conditions: 0, patterns: [] as string[] };
  walk(isObject(rule) ? rule.if : undefined, seen);
  if (seen.conditions > 512) problems.push(`${seen.conditions} conditions, over Azure's 512`);
  for (const pattern of seen.patterns)
    if ((pattern.match(/\*/g) ?? []).length > 1)
      problems.push(`like pattern ${JSON.stringify(pattern)} has more than one wildcard`);
  if (new TextEncoder().encode(JSON.stringify(doc)).length > 1_048_576) problems.push('definition over 1 MiB');
  return problems;
}

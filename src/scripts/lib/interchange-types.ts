/**
 * The TypeScript types of the interchange format, generated from its JSON
 * Schema (schemas/v1/service-list.schema.json) with json-schema-to-typescript,
 * so the types can never drift from what validates. The output is checked in
 * (src/core/service-list.types.ts); tests/interchange-types.test.ts fails when
 * it is stale. Regenerate with `npm run generate:types`.
 */
import { readFileSync } from 'node:fs';
import { compile, type JSONSchema } from 'json-schema-to-typescript';
import prettier from 'prettier';

export const SCHEMA_FILE = 'schemas/v1/service-list.schema.json';
export const TYPES_FILE = 'src/core/service-list.types.ts';

/** Type names for the schema's definitions; the schema's own titles are for people, not code. */
const typeNames: Record<string, string> = {
  metadata: 'ServiceListMetadata',
  providerGroup: 'ServiceListProvider',
  categoryGroup: 'ServiceListCategory',
  serviceEntry: 'ServiceListEntry',
  subService: 'ServiceListSubService',
  equivalents: 'ServiceListEquivalents',
};

const banner = `/**
 * GENERATED from ${SCHEMA_FILE} by \`npm run generate:types\`: do not edit.
 * The TypeScript view of the service list interchange format (v1); the JSON
 * Schema is what validates.
 */`;

export async function interchangeTypesSource(root = process.cwd()): Promise<string> {
  const schema = JSON.parse(readFileSync(`${root}/${SCHEMA_FILE}`, 'utf8')) as JSONSchema & {
    properties: Record<string, JSONSchema>;
    $defs: Record<string, JSONSchema>;
  };
  schema.title = 'ServiceListDocument';
  // The schema file carries a placeholder address that each deployment replaces with its own when it
  // publishes the schema, so in code `$schema` is any string (validation checks the deployment's address).
  schema.properties.$schema = { ...schema.properties.$schema, const: undefined, tsType: 'string' };
  for (const [key, title] of Object.entries(typeNames)) schema.$defs[key] = { ...schema.$defs[key], title };
  const source = await compile(schema, 'ServiceListDocument', {
    bannerComment: banner,
    additionalProperties: false,
    format: false,
    unreachableDefinitions: false,
  });
  const options = await prettier.resolveConfig(`${root}/${TYPES_FILE}`);
  const formatted = await prettier.format(source, { ...options, filepath: `${root}/${TYPES_FILE}` });
  return formatted.split('\n').flatMap(wrapComment).join('\n');
}

/** Doc comment lines wrapped at 100 characters (the schema's descriptions are single long lines; prettier keeps comments as they are). */
function wrapComment(line: string): string[] {
  const m = /^(\s*\* )(.*)$/.exec(line);
  if (!m || line.length <= 100) return [line];
  const [, lead, text] = m as unknown as [string, string, string];
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(' ')) {
    if (current && lead.length + current.length + 1 + word.length > 100) {
      lines.push(lead + current);
      current = word;
    } else current = current ? `${current} ${word}` : word;
  }
  return [...lines, lead + current];
}

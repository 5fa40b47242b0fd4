/**
 * The API reference page's model, read from the OpenAPI document the API
 * publishes (built from the same operations at build time): operations grouped
 * by tag with their parameters, request body and responses. Pure.
 */

type Json = Record<string, any>;

export interface ApiParameter {
  name: string;
  in: string;
  required: boolean;
  description: string;
  type: string;
}
export interface ApiResponse {
  status: string;
  description: string;
  contentTypes: string[];
  schema?: string;
}
export interface ApiOperation {
  id: string;
  method: string;
  path: string;
  summary: string;
  description: string;
  parameters: ApiParameter[];
  requestBody?: { contentTypes: string[]; schema?: string; description: string };
  responses: ApiResponse[];
}
export interface ApiGroup {
  tag: string;
  description: string;
  operations: ApiOperation[];
}

/** Name of a referenced component, or a short description of an inline schema. */
export function schemaName(schema: Json | undefined): string | undefined {
  if (!schema) return undefined;
  if (typeof schema.$ref === 'string') return schema.$ref.split('/').pop();
  if (Array.isArray(schema.anyOf) || Array.isArray(schema.oneOf)) {
    return (schema.anyOf ?? schema.oneOf).map((s: Json) => schemaName(s) ?? 'object').join(' or ');
  }
  if (schema.type === 'array') return `array of ${schemaName(schema.items) ?? 'items'}`;
  if (Array.isArray(schema.enum)) return schema.enum.map(String).join(' | ');
  return typeof schema.type === 'string' ? schema.type : undefined;
}

export function apiGroups(doc: Json): ApiGroup[] {
  const tags: { name: string; description?: string }[] = doc.tags ?? [];
  const ops: (ApiOperation & { tag: string })[] = [];
  for (const [path, item] of Object.entries<Json>(doc.paths ?? {})) {
    for (const [method, op] of Object.entries<Json>(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const body = op.requestBody as Json | undefined;
      ops.push({
        tag: op.tags?.[0] ?? 'Other',
        id: op.operationId ?? `${method}-${path}`,
        method: method.toUpperCase(),
        path,
        summary: op.summary ?? '',
        description: op.description ?? '',
        parameters: (op.parameters ?? []).map((p: Json) => ({
          name: p.name,
          in: p.in,
          required: !!p.required,
          description: p.description ?? p.schema?.description ?? '',
          type: schemaName(p.schema) ?? '',
        })),
        ...(body
          ? {
              requestBody: {
                contentTypes: Object.keys(body.content ?? {}),
                description: body.description ?? '',
                ...(schemaName(Object.values<Json>(body.content ?? {})[0]?.schema)
                  ? { schema: schemaName(Object.values<Json>(body.content ?? {})[0]?.schema)! }
                  : {}),
              },
            }
          : {}),
        responses: Object.entries<Json>(op.responses ?? {}).map(([status, r]) => {
          const name = schemaName(Object.values<Json>(r.content ?? {})[0]?.schema);
          return {
            status,
            description: r.description ?? '',
            contentTypes: Object.keys(r.content ?? {}),
            ...(name ? { schema: name } : {}),
          };
        }),
      });
    }
  }
  const names = [...new Set([...tags.map((t) => t.name), ...ops.map((o) => o.tag)])];
  return names
    .map((tag) => ({
      tag,
      description: tags.find((t) => t.name === tag)?.description ?? '',
      operations: ops.filter((o) => o.tag === tag).map(({ tag: _t, ...o }) => o),
    }))
    .filter((g) => g.operations.length);
}

/** Splits text on `code` spans: even indexes are text, odd ones code. */
export const codeSegments = (text: string): string[] => text.replaceAll('**', '').split('`');

import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../data/openapi.ts';
import { apiGroups, codeSegments, schemaName } from './api-doc.ts';

describe('API reference model', () => {
  const doc = openApiDocument('https://example.org/v1/schemas/service-list.schema.json');
  const groups = apiGroups(doc);

  it('has every operation of the OpenAPI document exactly once, grouped by its tag', () => {
    const fromDoc = Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([path, ops]) =>
      Object.entries(ops).map(([m, op]) => `${m.toUpperCase()} ${path} ${op.tags[0]}`),
    );
    const fromGroups = groups.flatMap((g) => g.operations.map((o) => `${o.method} ${o.path} ${g.tag}`));
    expect(fromGroups.sort()).toEqual(fromDoc.sort());
  });

  it('reads parameters, request bodies and responses', () => {
    const list = groups.flatMap((g) => g.operations).find((o) => o.path === '/v1/services' && o.method === 'GET')!;
    expect(list.parameters.map((p) => p.name)).toEqual(expect.arrayContaining(['q', 'provider', 'pageSize']));
    expect(list.responses.map((r) => r.status)).toEqual(expect.arrayContaining(['200', '400']));
    const scp = groups.flatMap((g) => g.operations).find((o) => o.path === '/v1/policies/aws-scp')!;
    expect(scp.requestBody?.contentTypes).toContain('application/json');
  });

  it('names schemas', () => {
    expect(schemaName({ $ref: '#/components/schemas/Service' })).toBe('Service');
    expect(schemaName({ type: 'array', items: { $ref: '#/components/schemas/Problem' } })).toBe('array of Problem');
    expect(schemaName({ oneOf: [{ $ref: '#/x/A' }, { type: 'object' }] })).toBe('A or object');
    expect(schemaName(undefined)).toBeUndefined();
  });

  it('splits code spans and drops bold markers', () => {
    expect(codeSegments('Use `q` and **not** `x`')).toEqual(['Use ', 'q', ' and not ', 'x', '']);
  });
});

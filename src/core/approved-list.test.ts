/** parseApprovedList: both body forms, one normalised result, errors as JSON pointers. */
import { describe, expect, it } from 'vitest';
import { fixtureCatalogue } from '../../tests/fixtures/catalogue.ts';
import { CompactApprovedList, parseApprovedList, parseCompactBody } from './approved-list.ts';
import { ApprovedServicesRequest } from './policies/schemas.ts';
import { exportServiceList, serviceListSchemaUrl } from './service-list.ts';

const SCHEMA_URL = serviceListSchemaUrl('https://catalogue.test');
const catalogue = fixtureCatalogue();
const ids = catalogue.services.slice(0, 4).map((s) => s.id);

describe('parseApprovedList', () => {
  it('normalises the compact form', () => {
    expect(
      parseApprovedList({ name: '  Team  ', owner: 'ops', approvedServiceIds: ids }, SCHEMA_URL, catalogue),
    ).toEqual({
      ok: true,
      list: { name: 'Team', owner: 'ops', approvedServiceIds: ids, source: 'compact' },
    });
  });

  it.each([
    ['a policy', { Version: '2012-10-17', Statement: [] }],
    ['an array', ['aws-s3']],
    ['a number', 42],
    ['an empty object', {}],
  ])('says in one sentence that %s is not a list, not what the compact form lacks', (_label, body) => {
    expect(parseApprovedList(body, SCHEMA_URL, catalogue)).toEqual({
      ok: false,
      errors: [
        { pointer: '', message: expect.stringMatching(/^not a service list: expected an interchange document/) },
      ],
    });
  });

  it('takes statuses in the compact form too, for listed ids only; `enabled` is the default and not kept', () => {
    const r = parseApprovedList(
      {
        name: 'Team',
        approvedServiceIds: ids,
        statuses: { [ids[0]!]: 'restricted', [ids[1]!]: 'disabled', [ids[2]!]: 'enabled' },
      },
      SCHEMA_URL,
      catalogue,
    );
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.list.statuses).toEqual({ [ids[0]!]: 'restricted', [ids[1]!]: 'disabled' });
    expect(
      parseApprovedList(
        { name: 'Team', approvedServiceIds: [ids[0]], statuses: { [ids[1]!]: 'disabled', [ids[0]!]: 'off' } },
        SCHEMA_URL,
        catalogue,
      ),
    ).toEqual({
      ok: false,
      errors: [{ pointer: `/statuses/${ids[0]}`, message: expect.stringMatching(/restricted/) }],
    });
    expect(
      parseApprovedList(
        { name: 'Team', approvedServiceIds: [ids[0]], statuses: { [ids[1]!]: 'disabled' } },
        SCHEMA_URL,
        catalogue,
      ),
    ).toEqual({ ok: false, errors: [{ pointer: `/statuses/${ids[1]}`, message: 'not in approvedServiceIds' }] });
  });

  it('normalises an interchange document to the same list, with statuses', () => {
    const doc = exportServiceList(
      catalogue,
      ids,
      { name: 'Team', description: 'd', organisation: 'o' },
      { today: '2026-05-15', schemaUrl: SCHEMA_URL, statuses: { [ids[1]!]: 'restricted' } },
    );
    const r = parseApprovedList(JSON.parse(JSON.stringify(doc)), SCHEMA_URL, catalogue);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect({ ...r.list, approvedServiceIds: [...r.list.approvedServiceIds].sort() }).toEqual({
      name: 'Team',
      description: 'd',
      organisation: 'o',
      approvedServiceIds: [...ids].sort(),
      statuses: { [ids[1]!]: 'restricted' },
      source: 'interchange',
    });
    expect(r.list.approvedServiceIds).toEqual(
      doc.providers.flatMap((p) => p.categories.flatMap((c) => c.services.map((s) => s.id))),
    );
  });

  it('reads documents like every importer: a service known by its slug resolves to its id, unknown ones stay as ids, with notes', () => {
    const doc: any = exportServiceList(
      catalogue,
      ids.slice(0, 2),
      { name: 'Team' },
      { today: '2026-05-15', schemaUrl: SCHEMA_URL },
    );
    const entries = doc.providers.flatMap((p: any) => p.categories.flatMap((c: any) => c.services));
    const bySlug = entries[0].id;
    entries[0].id = 'renamed-by-another-tool'; // the slug still names the service
    entries[1].id = entries[1].slug = 'aws-from-another-tool';
    const r = parseApprovedList(doc, SCHEMA_URL, catalogue);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.list.approvedServiceIds).toEqual([bySlug, 'aws-from-another-tool']);
    expect(r.list.notes).toEqual([
      expect.stringContaining('matched by its slug'),
      expect.stringContaining('is not in this catalogue'),
    ]);
  });

  it('keeps ids a catalogue may not know: the endpoint decides about them', () => {
    const r = parseApprovedList({ name: 'x', approvedServiceIds: ['aws-not-real'] }, SCHEMA_URL, catalogue);
    expect(r.ok && r.list.approvedServiceIds).toEqual(['aws-not-real']);
  });

  it.each([
    ['no name', { approvedServiceIds: ids }, '/name'],
    ['blank name', { name: '  ', approvedServiceIds: ids }, '/name'],
    ['no ids', { name: 'x' }, '/approvedServiceIds'],
    ['empty ids', { name: 'x', approvedServiceIds: [] }, '/approvedServiceIds'],
    ['a non-string id', { name: 'x', approvedServiceIds: [42] }, '/approvedServiceIds/0'],
    ['an empty id', { name: 'x', approvedServiceIds: [''] }, '/approvedServiceIds/0'],
    ['a repeated id', { name: 'x', approvedServiceIds: ['aws-s3', 'aws-s3'] }, '/approvedServiceIds/1'],
    [
      'too many ids',
      { name: 'x', approvedServiceIds: Array.from({ length: 2001 }, (_, i) => `s-${i}`) },
      '/approvedServiceIds',
    ],
    ['an unknown field', { name: 'x', approvedServiceIds: ids, colour: 'red' }, '/colour'],
    [
      'a __proto__ field',
      JSON.parse('{"name":"x","approvedServiceIds":["aws-s3"],"__proto__":{"polluted":true}}'),
      '/__proto__',
    ],
    ['an array', [], ''],
    ['null', null, ''],
  ])('rejects the compact form with %s', (_name, body, pointer) => {
    const r = parseApprovedList(body, SCHEMA_URL, catalogue);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.map((e) => e.pointer)).toContain(pointer);
    expect(({} as any).polluted).toBeUndefined();
  });

  it('validates an interchange document by the JSON Schema, and wants at least one service', () => {
    const doc = exportServiceList(catalogue, ids, { name: 'Team' }, { today: '2026-05-15', schemaUrl: SCHEMA_URL });
    const wrongSchema = parseApprovedList(
      { ...doc, $schema: 'https://elsewhere.test/v1/schemas/service-list.schema.json' },
      SCHEMA_URL,
      catalogue,
    );
    expect(wrongSchema).toMatchObject({ ok: false, errors: [{ pointer: '/$schema' }] });
    const empty = parseApprovedList({ ...doc, providers: [] }, SCHEMA_URL, catalogue);
    expect(empty).toMatchObject({
      ok: false,
      errors: [{ pointer: '/providers', message: expect.stringMatching(/no service/) }],
    });
    const missing = parseApprovedList({ providers: [] }, SCHEMA_URL, catalogue);
    expect(missing.ok === false && missing.errors.map((e) => e.pointer).sort()).toEqual([
      '/$schema',
      '/metadata',
      '/version',
    ]);
  });
});

describe('parseCompactBody', () => {
  it("holds a body to the endpoint's own schema: the policy body needs no name and has no other field", () => {
    expect(parseCompactBody({ approvedServiceIds: ['a'] }, ApprovedServicesRequest)).toEqual({
      ok: true,
      data: { approvedServiceIds: ['a'] },
    });
    const extra = parseCompactBody({ approvedServiceIds: ['a'], owner: 'x' }, ApprovedServicesRequest);
    expect(extra).toEqual({
      ok: false,
      errors: [
        { pointer: '/owner', message: 'unknown field "owner"; the compact form has approvedServiceIds and name' },
      ],
    });
  });

  it('the list form needs a name, and says so in words', () => {
    expect(parseCompactBody({ approvedServiceIds: ['a'] }, CompactApprovedList)).toEqual({
      ok: false,
      errors: [{ pointer: '/name', message: 'required: give the list a name' }],
    });
  });
});

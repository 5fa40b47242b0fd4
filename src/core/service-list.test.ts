/**
 * The v1 interchange format: the JSON Schema rule by rule (a valid example per
 * feature, one invalid example per rule), export, import and the round trip,
 * over the fixture catalogue (tests/fixtures) and over random approved lists;
 * tests/content.test.ts exports the real content.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import schemaFile from '../../schemas/v1/service-list.schema.json' with { type: 'json' };
import { fixtureCatalogue, fixtureCategories, fixtureProviders } from '../../tests/fixtures/catalogue.ts';
import { createCatalogue } from './catalogue.ts';
import { syntheticCatalogue } from '../../tests/helpers/synthetic-catalogue.ts';
import {
  exportServiceList,
  importServiceList,
  SCHEMA_FILE_BASE_URL,
  serviceListSchema,
  serviceListSchemaUrl,
  validateServiceList,
  type ServiceListDocument,
} from './service-list.ts';

const SCHEMA_URL = serviceListSchemaUrl('https://catalogue.test');
const catalogue = fixtureCatalogue();

/** A hand-written document with every feature: optional metadata, sub-services, both equivalents forms. */
function fullDocument(): any {
  return {
    $schema: SCHEMA_URL,
    version: '1.2.3',
    metadata: {
      name: 'Platform team approved services',
      description: 'Services approved for production workloads.',
      organisation: 'Example Ltd',
      owner: 'platform@example.com',
      lastUpdated: '2026-05-15',
      providersCovered: ['AWS', 'Azure'],
      catalogListId: 'abc123',
    },
    providers: [
      {
        id: 'aws',
        name: 'Amazon Web Services',
        shortName: 'AWS',
        categories: [
          {
            id: 'storage',
            name: 'Storage',
            services: [
              {
                id: 'aws-s3',
                slug: 'aws-s3',
                name: 'Amazon Simple Storage Service',
                shortName: 'S3',
                status: 'enabled',
                category: 'Storage',
                description: 'Object storage.',
                vendorDocs: 'https://docs.aws.amazon.com/s3/',
                serviceIcon: '/icons/services/aws-s3.svg',
                hasFreeTier: true,
                subServices: [{ id: 'aws-s3-glacier', name: 'Amazon S3 Glacier', description: 'Archive storage.' }],
                equivalents: { azure: 'azure-storage', gcp: ['gcp-cloud-storage'], 'other-cloud': ['x-1', 'x-2'] },
              },
            ],
          },
        ],
      },
      {
        id: 'azure',
        name: 'Microsoft Azure',
        shortName: 'Azure',
        categories: [
          {
            id: 'storage',
            name: 'Storage',
            services: [
              {
                id: 'azure-storage',
                slug: 'azure-storage',
                name: 'Azure Storage',
                shortName: 'Storage',
                status: 'restricted',
                category: 'Storage',
                description: 'Blobs, files, queues and tables.',
                vendorDocs: 'https://learn.microsoft.com/azure/storage/',
                serviceIcon: '/icons/services/azure-storage.svg',
                hasFreeTier: false,
                subServices: [],
              },
            ],
          },
        ],
      },
    ],
  };
}

const service = (d: any) => d.providers[0].categories[0].services[0];
const errorsOf = (d: unknown) => {
  const r = validateServiceList(d, SCHEMA_URL);
  return r.valid ? [] : r.errors;
};

describe('the v1 JSON Schema', () => {
  it('is the file with the published address substituted for the placeholder base', () => {
    const published = serviceListSchema(SCHEMA_URL);
    expect(published.$id).toBe(SCHEMA_URL);
    expect((published as any).properties.$schema.const).toBe(SCHEMA_URL);
    expect(JSON.stringify(published)).not.toContain(SCHEMA_FILE_BASE_URL);
    expect(schemaFile.$id).toBe(serviceListSchemaUrl(SCHEMA_FILE_BASE_URL));
    expect(serviceListSchemaUrl('https://x.test/base/')).toBe(
      'https://x.test/base/v1/schemas/service-list.schema.json',
    );
  });

  describe('accepts a valid example of each feature', () => {
    const cases: [string, (d: any) => void][] = [
      [
        'every optional field, sub-services, both equivalents forms and a provider id this catalogue does not know',
        () => {},
      ],
      [
        'only the required metadata',
        (d) => {
          for (const k of ['description', 'organisation', 'owner', 'catalogListId']) delete d.metadata[k];
        },
      ],
      ['no equivalents', (d) => delete service(d).equivalents],
      ['an equivalents array of several unique ids', (d) => (service(d).equivalents = { gcp: ['gcp-a', 'gcp-b'] })],
      ['version 1.x', (d) => (d.version = '1.0')],
      ['status disabled', (d) => (service(d).status = 'disabled')],
      ['an open provider id', (d) => (d.providers[0].id = 'oracle-cloud')],
      ['no providers (an empty list)', (d) => (d.providers = [])],
    ];
    it.each(cases)('%s', (_name, change) => {
      const d = fullDocument();
      change(d);
      expect(errorsOf(d)).toEqual([]);
    });
  });

  describe('rejects one invalid example per rule, naming where', () => {
    const cases: [string, (d: any) => void, string, RegExp][] = [
      ['unknown root field', (d) => (d.extra = 1), '/extra', /unknown field/],
      ['unknown metadata field', (d) => (d.metadata.colour = 'red'), '/metadata/colour', /unknown field/],
      ['unknown providerGroup field', (d) => (d.providers[0].region = 'eu'), '/providers/0/region', /unknown field/],
      [
        'unknown categoryGroup field',
        (d) => (d.providers[0].categories[0].icon = 'x'),
        '/providers/0/categories/0/icon',
        /unknown field/,
      ],
      [
        'unknown serviceEntry field',
        (d) => (service(d).tier = 'gold'),
        '/providers/0/categories/0/services/0/tier',
        /unknown field/,
      ],
      [
        'unknown subService field',
        (d) => (service(d).subServices[0].identifiers = {}),
        '/providers/0/categories/0/services/0/subServices/0/identifiers',
        /unknown field/,
      ],
      [
        'wrong $schema address',
        (d) => (d.$schema = 'https://elsewhere.test/v1/schemas/service-list.schema.json'),
        '/$schema',
        /v1 schema address/,
      ],
      ['version 2.0', (d) => (d.version = '2.0'), '/version', /1\.x or 1\.x\.y/],
      ['version 1', (d) => (d.version = '1'), '/version', /1\.x or 1\.x\.y/],
      ['version 1.0.0.0', (d) => (d.version = '1.0.0.0'), '/version', /1\.x or 1\.x\.y/],
      ['date not YYYY-MM-DD', (d) => (d.metadata.lastUpdated = '15/05/2026'), '/metadata/lastUpdated', /YYYY-MM-DD/],
      ['impossible date', (d) => (d.metadata.lastUpdated = '2026-02-30'), '/metadata/lastUpdated', /YYYY-MM-DD/],
      ['empty name', (d) => (d.metadata.name = ''), '/metadata/name', /must not be empty/],
      [
        'duplicate providersCovered',
        (d) => (d.metadata.providersCovered = ['AWS', 'AWS']),
        '/metadata/providersCovered',
        /unique/,
      ],
      [
        'bad status',
        (d) => (service(d).status = 'approved'),
        '/providers/0/categories/0/services/0/status',
        /enabled, restricted, disabled/,
      ],
      [
        'vendorDocs not a URI',
        (d) => (service(d).vendorDocs = 'docs page'),
        '/providers/0/categories/0/services/0/vendorDocs',
        /URI/,
      ],
      [
        'hasFreeTier not a boolean',
        (d) => (service(d).hasFreeTier = 'yes'),
        '/providers/0/categories/0/services/0/hasFreeTier',
        /true or false/,
      ],
      [
        'empty equivalents array',
        (d) => (service(d).equivalents = { gcp: [] }),
        '/providers/0/categories/0/services/0/equivalents/gcp',
        /at least 1 item/,
      ],
      [
        'duplicate equivalents',
        (d) => (service(d).equivalents = { gcp: ['gcp-a', 'gcp-a'] }),
        '/providers/0/categories/0/services/0/equivalents/gcp',
        /unique/,
      ],
      [
        'equivalents value of another type',
        (d) => (service(d).equivalents = { gcp: 3 }),
        '/providers/0/categories/0/services/0/equivalents/gcp',
        /peer service id/,
      ],
      ['providers not an array', (d) => (d.providers = {}), '/providers', /an array/],
    ];
    it.each(cases)('%s', (_name, change, pointer, message) => {
      const d = fullDocument();
      change(d);
      const errors = errorsOf(d);
      expect(errors).toHaveLength(1);
      expect(errors[0]!.pointer).toBe(pointer);
      expect(errors[0]!.message).toMatch(message);
    });

    const required: [string, (d: any) => any, string[]][] = [
      ['root', (d) => d, ['$schema', 'version', 'metadata', 'providers']],
      ['metadata', (d) => d.metadata, ['name', 'lastUpdated', 'providersCovered']],
      ['providerGroup', (d) => d.providers[0], ['id', 'name', 'shortName', 'categories']],
      ['categoryGroup', (d) => d.providers[0].categories[0], ['id', 'name', 'services']],
      [
        'serviceEntry',
        service,
        [
          'id',
          'slug',
          'name',
          'shortName',
          'status',
          'category',
          'description',
          'vendorDocs',
          'serviceIcon',
          'hasFreeTier',
          'subServices',
        ],
      ],
      ['subService', (d) => service(d).subServices[0], ['id', 'name', 'description']],
    ];
    const requiredCases = required.flatMap(([level, at, fields]) => fields.map((f) => [level, f, at] as const));
    it.each(requiredCases)('%s without required "%s"', (_level, field, at) => {
      const d = fullDocument();
      const target = at(d);
      const pointerBase = pointerTo(d, target);
      delete target[field];
      expect(errorsOf(d)).toEqual([{ pointer: `${pointerBase}/${field}`, message: `"${field}" is required` }]);
    });
  });

  it('reports the root of a non-object', () => {
    expect(errorsOf('a list')).toEqual([{ pointer: '', message: 'must be an object' }]);
  });
});

/** JSON pointer of `target` inside `doc` (by identity). */
function pointerTo(doc: any, target: any, at = ''): string {
  if (doc === target) return at;
  if (doc && typeof doc === 'object') {
    for (const [k, v] of Object.entries(doc)) {
      const found = pointerTo(v, target, `${at}/${k}`);
      if (found !== '\u0000') return found;
    }
  }
  return '\u0000';
}

describe('exportServiceList', () => {
  const all = catalogue.services.map((s) => s.id);

  it('exports the whole catalogue as a valid document, provider > category > service', () => {
    const doc = exportServiceList(
      catalogue,
      all,
      { name: 'Everything' },
      { today: '2026-05-15', schemaUrl: SCHEMA_URL },
    );
    expect(errorsOf(doc)).toEqual([]);
    expect(doc.$schema).toBe(SCHEMA_URL);
    expect(doc.metadata.lastUpdated).toBe('2026-05-15');
    const listed = doc.providers.flatMap((p) =>
      p.categories.flatMap((c) => c.services.map((s) => ({ p: p.id, c: c.id, cName: c.name, s }))),
    );
    expect(listed.map((x) => x.s.id).sort()).toEqual([...all].sort());
    for (const { p, c, cName, s } of listed) {
      const entry = catalogue.service(s.id)!;
      expect(entry.provider).toBe(p);
      expect(entry.category).toBe(c);
      expect(s.category).toBe(cName);
      expect(s.status).toBe('enabled');
      expect(s.serviceIcon).toBe(`/icons/services/${s.id}.svg`);
      expect(s.subServices.map((x) => x.id)).toEqual(entry.subServices.map((x) => x.id));
      expect(s.equivalents ?? {}).toEqual(entry.equivalents);
    }
    expect(doc.metadata.providersCovered).toEqual(doc.providers.map((p) => p.shortName));
  });

  it('emits only providers with an approved service, statuses as given, and the optional metadata when given', () => {
    const aws = catalogue.services.filter((s) => s.provider === 'aws').map((s) => s.id);
    const doc = exportServiceList(
      catalogue,
      [aws[0]!, 'no-such-service'],
      { name: 'One', owner: 'me', catalogListId: 'L1' },
      { today: '2026-01-02', schemaUrl: SCHEMA_URL, statuses: { [aws[0]!]: 'restricted' } },
    );
    expect(errorsOf(doc)).toEqual([]);
    expect(doc.providers.map((p) => p.id)).toEqual(['aws']);
    expect(doc.metadata).toEqual({
      name: 'One',
      owner: 'me',
      lastUpdated: '2026-01-02',
      providersCovered: ['AWS'],
      catalogListId: 'L1',
    });
    expect(doc.providers[0]!.categories[0]!.services[0]!.status).toBe('restricted');
  });
});

describe('importServiceList', () => {
  it('round trip: export then import gives the same ids, metadata and statuses', () => {
    const ids = catalogue.services.filter((_, i) => i % 2 === 0).map((s) => s.id);
    const metadata = {
      name: 'Half',
      description: 'Every other service',
      organisation: 'Org',
      owner: 'Team',
      catalogListId: 'xyz',
    };
    const statuses = { [ids[0]!]: 'disabled' as const };
    const doc = exportServiceList(catalogue, ids, metadata, { today: '2026-05-15', schemaUrl: SCHEMA_URL, statuses });
    const back = importServiceList(catalogue, JSON.parse(JSON.stringify(doc)), SCHEMA_URL);
    if (!back.ok) throw new Error(JSON.stringify(back.errors));
    expect(back.approvedServiceIds.sort()).toEqual([...ids].sort());
    expect(back.metadata).toEqual(metadata);
    expect(back.statuses).toEqual(statuses);
    expect(back.unknownServiceIds).toEqual([]);
    expect(back.notes).toEqual([]);
  });

  it('imports a document from another tool with providers and services this catalogue does not know, with notes', () => {
    const d = fullDocument();
    d.providers.push({
      id: 'oracle-cloud',
      name: 'Oracle Cloud Infrastructure',
      shortName: 'OCI',
      categories: [
        {
          id: 'compute',
          name: 'Compute',
          services: [{ ...service(d), id: 'oci-compute', slug: 'oci-compute', equivalents: undefined }],
        },
      ],
    });
    delete d.providers[2].categories[0].services[0].equivalents;
    d.metadata.providersCovered.push('OCI');
    service(d).subServices = [];
    d.providers[1].categories[0].services.push({
      ...d.providers[1].categories[0].services[0],
      id: 'azure-not-a-service',
      slug: 'azure-not-a-service',
    });
    const r = importServiceList(catalogue, d, SCHEMA_URL);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.approvedServiceIds).toEqual(['aws-s3', 'azure-storage']);
    // The unknown service is a copy of the restricted Azure one: its status is kept too.
    expect(r.statuses).toEqual({ 'azure-storage': 'restricted', 'azure-not-a-service': 'restricted' });
    expect(r.unknownServiceIds).toEqual(['azure-not-a-service', 'oci-compute']);
    expect(r.notes.join('\n')).toMatch(
      /Provider "oracle-cloud" \(Oracle Cloud Infrastructure\) is not in this catalogue; its 1 service/,
    );
    expect(r.notes.join('\n')).toMatch(/Service "azure-not-a-service" .* is not in this catalogue/);
  });

  it('keeps the status of services it does not know, so one another tool disabled never reads as approved', () => {
    const d = fullDocument();
    const other = (id: string, status: 'enabled' | 'restricted' | 'disabled') => ({
      ...d.providers[0].categories[0].services[0],
      id,
      slug: id,
      status,
    });
    d.providers[0].categories[0].services.push(
      other('aws-made-up', 'disabled'),
      other('aws-made-up', 'enabled'),
      other('aws-also-made-up', 'enabled'),
    );
    const r = importServiceList(catalogue, d, SCHEMA_URL);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.unknownServiceIds).toEqual(['aws-made-up', 'aws-also-made-up']);
    // The most restrictive listing counts, as for a known service listed twice; `enabled` is the default, never stored.
    expect(r.statuses['aws-made-up']).toBe('disabled');
    expect(r.statuses).not.toHaveProperty('aws-also-made-up');
  });

  it('says of a provider it does not know how many of its services it matched by id', () => {
    const d = fullDocument();
    const group = d.providers[0];
    const known = group.categories[0].services[0];
    group.id = 'AWS';
    group.categories[0].services.push({ ...known, id: 'aws-made-up', slug: 'aws-made-up' });
    const r = importServiceList(catalogue, d, SCHEMA_URL);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.approvedServiceIds).toContain(known.id);
    const total = group.categories.reduce((n: number, c: { services: unknown[] }) => n + c.services.length, 0);
    expect(r.notes).toContain(
      `Provider "AWS" (${group.name}) is not in this catalogue; ${total - 1} of its ${total} services matched this ` +
        "catalogue's by id or slug, 1 could not be matched.",
    );
    expect(r.notes.join('\n')).not.toMatch(/its \d+ services? could not be matched/);
  });

  it('counts a service listed more than once with its most restrictive status, whichever comes first, and says so', () => {
    for (const order of [
      ['enabled', 'disabled'],
      ['disabled', 'enabled'],
      ['restricted', 'enabled', 'disabled'],
    ] as const) {
      const d = fullDocument();
      const first = d.providers[0].categories[0].services[0];
      d.providers[0].categories[0].services = order.map((status) => ({ ...first, status }));
      const r = importServiceList(catalogue, d, SCHEMA_URL);
      if (!r.ok) throw new Error(JSON.stringify(r.errors));
      expect(r.approvedServiceIds.filter((id) => id === first.id)).toHaveLength(1);
      expect(r.statuses[first.id], order.join(' then ')).toBe('disabled');
      expect(r.notes.join('\n')).toMatch(
        new RegExp(
          `Service "${first.id}" is listed more than once, as \\w+ and as \\w+; it is counted once, as disabled`,
        ),
      );
    }
  });

  it('refuses an invalid document with the schema errors', () => {
    const d = fullDocument();
    d.version = '3';
    const r = importServiceList(catalogue, d, SCHEMA_URL);
    expect(r).toEqual({ ok: false, errors: [{ pointer: '/version', message: expect.stringMatching(/1\.x/) }] });
  });
});

describe('over random approved lists (property-based)', () => {
  const synthetic = syntheticCatalogue({ aws: 120, azure: 80, gcp: 80, seed: 9 });
  const ids = [...synthetic.services.map((s) => s.id), ...catalogue.services.map((s) => s.id)];
  const both = createCatalogue({
    ...synthetic,
    providers: fixtureProviders,
    categories: [...fixtureCategories.filter((c) => c.id !== 'compute'), ...synthetic.categories],
    services: [...synthetic.services, ...catalogue.services],
  });
  const lists = fc.uniqueArray(fc.constantFrom(...ids), { minLength: 0, maxLength: 120 });
  const text = fc.string({ maxLength: 40 });
  const status = fc.constantFrom('enabled', 'restricted', 'disabled' as const);

  it('every exported document validates and reads back to the same ids and metadata', () => {
    fc.assert(
      fc.property(
        lists,
        fc.record({
          name: text.filter((s) => s.length > 0),
          description: fc.option(text, { nil: undefined }),
          owner: fc.option(text, { nil: undefined }),
        }),
        status,
        (list, meta, st) => {
          const metadata = Object.fromEntries(Object.entries(meta).filter(([, v]) => v !== undefined)) as {
            name: string;
          };
          const statuses = Object.fromEntries(list.slice(0, 3).map((id) => [id, st]));
          const doc: ServiceListDocument = exportServiceList(both, list, metadata, {
            today: '2026-05-15',
            schemaUrl: SCHEMA_URL,
            statuses,
          });
          expect(errorsOf(doc)).toEqual([]);
          expect(new Set(doc.metadata.providersCovered).size).toBe(doc.metadata.providersCovered.length);
          expect(doc.providers.every((p) => p.categories.some((c) => c.services.length > 0))).toBe(true);
          const back = importServiceList(both, doc, SCHEMA_URL);
          if (!back.ok) throw new Error(JSON.stringify(back.errors));
          expect([...back.approvedServiceIds].sort()).toEqual([...list].sort());
          expect(back.metadata).toEqual(metadata);
          expect(back.statuses).toEqual(
            Object.fromEntries(Object.entries(statuses).filter(([, v]) => v !== 'enabled')),
          );
        },
      ),
      { numRuns: 150 },
    );
  });
});

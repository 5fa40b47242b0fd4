import { describe, expect, it } from 'vitest';
import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';
import { createCatalogue } from './catalogue.ts';
import { buildCapabilityMap, csvField, mapToCsv, mapToMarkdown, maximalCliques, rowServiceIds } from './map.ts';
import { ServiceEntry, type ServiceEntryInput } from './schemas.ts';
import { serviceEntry } from '../../tests/fixtures/catalogue.ts';

const providers = [
  { id: 'aws', name: 'Amazon Web Services', shortName: 'AWS' },
  { id: 'azure', name: 'Microsoft Azure', shortName: 'Azure' },
  { id: 'gcp', name: 'Google Cloud', shortName: 'Google Cloud' },
].map((p) => ({ ...p, homepage: `https://${p.id}.example.com`, description: p.name }));
const categories = [
  { id: 'storage', name: 'Storage', description: 'x' },
  { id: 'integration-messaging', name: 'Integration and messaging', description: 'x' },
  { id: 'compute', name: 'Compute', description: 'x' },
];
const entry = (over: Partial<ServiceEntryInput> & { id: string }): ServiceEntry =>
  serviceEntry(over.id, { category: 'storage', ...over });
const catalogueOf = (...services: ServiceEntry[]) =>
  createCatalogue({ version: 'v', builtOn: '2026-01-01', providers, categories, services });
const cellIds = (cells: Record<string, { id: string }[]>) =>
  Object.fromEntries(Object.entries(cells).map(([p, ss]) => [p, ss.map((s) => s.id)]));

/**
 * Object storage and file storage share Azure Storage; queues link to Azure
 * Storage too. Following every link would make one row of all of it.
 */
const storage = [
  entry({
    id: 'aws-s3',
    shortName: 'Amazon S3',
    keywords: ['object storage', 'S3'],
    equivalents: { azure: 'azure-storage', gcp: 'gcp-gcs' },
  }),
  entry({
    id: 'aws-efs',
    shortName: 'Amazon EFS',
    keywords: ['file storage', 'NFS'],
    equivalents: { azure: 'azure-storage', gcp: 'gcp-filestore' },
  }),
  entry({
    id: 'azure-storage',
    shortName: 'Azure Storage',
    keywords: ['object storage', 'file storage', 'queues'],
    equivalents: { aws: ['aws-s3', 'aws-efs', 'aws-sqs'], gcp: ['gcp-gcs', 'gcp-filestore'] },
  }),
  entry({
    id: 'gcp-gcs',
    shortName: 'Cloud Storage',
    keywords: ['Object storage'],
    equivalents: { aws: 'aws-s3', azure: 'azure-storage' },
  }),
  entry({
    id: 'gcp-filestore',
    shortName: 'Filestore',
    keywords: ['file storage', 'NFS'],
    equivalents: { aws: 'aws-efs', azure: 'azure-storage' },
  }),
  entry({
    id: 'aws-sqs',
    shortName: 'Amazon SQS',
    category: 'integration-messaging',
    keywords: ['queues'],
    equivalents: { azure: 'azure-storage' },
  }),
];

describe('maximalCliques', () => {
  it('finds every maximal clique once', () => {
    const g = new Map<string, Set<string>>([
      ['a', new Set(['b', 'c'])],
      ['b', new Set(['a', 'c', 'd'])],
      ['c', new Set(['a', 'b'])],
      ['d', new Set(['b'])],
      ['e', new Set()],
    ]);
    expect(maximalCliques(g).sort()).toEqual([['a', 'b', 'c'], ['b', 'd'], ['e']]);
  });
});

describe('buildCapabilityMap', () => {
  it('makes a row per capability, not per connected group, and names it by the keyword its clouds share', () => {
    const map = buildCapabilityMap(catalogueOf(...storage));
    const rows = map.data.map((r) => ({ name: r.name, category: r.category, cells: cellIds(r.cells) }));
    expect(rows).toEqual([
      {
        name: 'File storage',
        category: 'storage',
        cells: { aws: ['aws-efs'], azure: ['azure-storage'], gcp: ['gcp-filestore'] },
      },
      {
        name: 'Object storage',
        category: 'storage',
        cells: { aws: ['aws-s3'], azure: ['azure-storage'], gcp: ['gcp-gcs'] },
      },
      // Two services, two categories: the first cloud's main service decides.
      {
        name: 'Queues',
        category: 'integration-messaging',
        cells: { aws: ['aws-sqs'], azure: ['azure-storage'], gcp: [] },
      },
    ]);
    expect(map.categories).toEqual([
      { id: 'storage', name: 'Storage', rowCount: 2 },
      { id: 'integration-messaging', name: 'Integration and messaging', rowCount: 1 },
    ]);
    expect(map.providers.map((p) => p.id)).toEqual(['aws', 'azure', 'gcp']);
  });

  it('never gives two rows the same name, nor names a row after a service that sits in other rows too', () => {
    // Amazon Bedrock is the equivalent of both Azure OpenAI (with Vertex AI) and Document Intelligence: two rows.
    const ai = [
      entry({
        id: 'aws-bedrock',
        shortName: 'Bedrock',
        keywords: ['generative AI'],
        equivalents: { azure: ['azure-openai', 'azure-document'], gcp: 'gcp-vertex' },
      }),
      entry({
        id: 'azure-openai',
        shortName: 'Azure OpenAI',
        keywords: ['generative AI'],
        equivalents: { aws: 'aws-bedrock', gcp: 'gcp-vertex' },
      }),
      entry({
        id: 'gcp-vertex',
        shortName: 'Vertex AI',
        keywords: ['generative AI'],
        equivalents: { aws: 'aws-bedrock', azure: 'azure-openai' },
      }),
      entry({
        id: 'azure-document',
        shortName: 'Document Intelligence',
        keywords: ['OCR'],
        equivalents: { aws: 'aws-bedrock' },
      }),
    ];
    const rows = buildCapabilityMap(catalogueOf(...ai)).data.map((r) => ({ name: r.name, cells: cellIds(r.cells) }));
    expect(rows).toEqual([
      { name: 'Bedrock · Document Intelligence', cells: { aws: ['aws-bedrock'], azure: ['azure-document'], gcp: [] } },
      { name: 'Generative AI', cells: { aws: ['aws-bedrock'], azure: ['azure-openai'], gcp: ['gcp-vertex'] } },
    ]);
    const twice = buildCapabilityMap(catalogueOf(...ai.map((s) => ({ ...s, keywords: [] }))));
    expect(twice.data.map((r) => r.name).sort()).toEqual([
      'Bedrock · Azure OpenAI · Vertex AI',
      'Bedrock · Document Intelligence',
    ]);
    // Two clouds' own services with the same short name and no equivalents: the cloud tells them apart.
    const alone = buildCapabilityMap(
      catalogueOf(
        entry({ id: 'aws-dlc', shortName: 'Deep Learning Containers' }),
        entry({ id: 'gcp-dlc', shortName: 'Deep Learning Containers' }),
      ),
    );
    expect(alone.data.map((r) => r.name).sort()).toEqual([
      'Deep Learning Containers',
      'Deep Learning Containers (Google Cloud)',
    ]);
  });

  it('keeps every service of a row a direct equivalent of every service of the row on the other clouds', () => {
    const catalogue = catalogueOf(...storage);
    for (const row of buildCapabilityMap(catalogue).data) {
      const members = Object.values(row.cells).flat();
      for (const a of members)
        for (const b of members) {
          const sa = catalogue.service(a.id)!;
          if (sa.provider !== catalogue.service(b.id)!.provider)
            expect(catalogue.equivalentIds(sa), `${a.id} ~ ${b.id}`).toContain(b.id);
        }
    }
  });

  it('merges rows that differ on one cloud only into one cell, main service first (active before retired)', () => {
    const map = buildCapabilityMap(
      catalogueOf(
        entry({
          id: 'aws-dw',
          keywords: ['data warehouse'],
          equivalents: { azure: ['azure-old', 'azure-new'], gcp: 'gcp-bq' },
        }),
        entry({
          id: 'azure-old',
          name: 'Azure A Old',
          lifecycle: { status: 'retired', sunsetDate: '2024-01-01', announcementUrl: 'https://docs.example.com/news' },
          equivalents: { aws: 'aws-dw', gcp: 'gcp-bq' },
        }),
        entry({ id: 'azure-new', name: 'Azure Z New', equivalents: { aws: 'aws-dw', gcp: 'gcp-bq' } }),
        entry({
          id: 'gcp-bq',
          keywords: ['Data warehouse'],
          equivalents: { aws: 'aws-dw', azure: ['azure-old', 'azure-new'] },
        }),
      ),
    );
    expect(map.data).toHaveLength(1);
    const row = map.data[0]!;
    expect(row.name).toBe('Data warehouse');
    expect(cellIds(row.cells)).toEqual({ aws: ['aws-dw'], azure: ['azure-new', 'azure-old'], gcp: ['gcp-bq'] });
    expect(row.cells.azure![1]!.lifecycleStatus).toBe('retired');
    expect(rowServiceIds(row)).toEqual(['aws-dw', 'azure-new', 'gcp-bq']);
    expect(rowServiceIds(row, { includeRetired: true })).toHaveLength(4);
  });

  it("names a row by a phrase its clouds share in keywords or in a service's name, before a phrase fewer clouds share", () => {
    // The virtual machines of three clouds: two carry a "Spot VMs" keyword, and Azure's says "virtual machines" in
    // its name only. Keywords alone named the row "Spot VMs" (two clouds, and first in alphabetical order).
    const map = buildCapabilityMap(
      catalogueOf(
        entry({
          id: 'aws-ec2',
          category: 'compute',
          shortName: 'Amazon EC2',
          keywords: ['virtual machines', 'Spot'],
          equivalents: { azure: 'azure-vms', gcp: 'gcp-gce' },
        }),
        entry({
          id: 'azure-vms',
          category: 'compute',
          name: 'Azure Virtual Machines',
          shortName: 'Virtual Machines',
          keywords: ['VM', 'Spot VMs'],
          equivalents: { aws: 'aws-ec2', gcp: 'gcp-gce' },
        }),
        entry({
          id: 'gcp-gce',
          category: 'compute',
          shortName: 'Compute Engine',
          keywords: ['VM', 'virtual machines', 'Spot VMs'],
          equivalents: { aws: 'aws-ec2', azure: 'azure-vms' },
        }),
      ),
    );
    expect(map.data.map((r) => r.name)).toEqual(['Virtual machines']);
  });

  it("names a row by what its main services share, not by a side service's name, nor by a single word of a name", () => {
    const map = buildCapabilityMap(
      catalogueOf(
        entry({
          id: 'aws-watch',
          category: 'compute',
          name: 'Amazon CloudWatch',
          keywords: ['metrics'],
          equivalents: { azure: 'azure-monitor', gcp: 'gcp-monitoring' },
        }),
        // The second service of the AWS cell: its name says the phrase the other clouds' main services carry, which
        // makes three clouds for that phrase, but only two of the main services.
        entry({
          id: 'aws-prom',
          category: 'compute',
          name: 'Amazon Managed Service for Prometheus',
          keywords: ['PromQL'],
          equivalents: { azure: 'azure-monitor', gcp: 'gcp-monitoring' },
        }),
        entry({
          id: 'azure-monitor',
          category: 'compute',
          keywords: ['metrics', 'managed service for Prometheus'],
          equivalents: { aws: ['aws-watch', 'aws-prom'], gcp: 'gcp-monitoring' },
        }),
        entry({
          id: 'gcp-monitoring',
          category: 'compute',
          keywords: ['metrics', 'managed service for Prometheus'],
          equivalents: { aws: ['aws-watch', 'aws-prom'], azure: 'azure-monitor' },
        }),
        // "Scale" is a keyword of one and a single word of the other's name: not a phrase the two share.
        entry({
          id: 'aws-scaling',
          category: 'compute',
          shortName: 'Auto Scaling',
          keywords: ['scale'],
          equivalents: { gcp: 'gcp-groups' },
        }),
        entry({ id: 'gcp-groups', category: 'compute', name: 'Scale Groups', equivalents: { aws: 'aws-scaling' } }),
      ),
    );
    expect(map.data.map((r) => [rowServiceIds(r).join(' '), r.name])).toEqual([
      ['aws-scaling gcp-groups', 'Auto Scaling'],
      ['aws-watch aws-prom azure-monitor gcp-monitoring', 'Metrics'],
    ]);
  });

  it('shows a service without equivalents as a single-cloud row after the cross-cloud rows, named by its short name', () => {
    const map = buildCapabilityMap(
      catalogueOf(...storage, entry({ id: 'gcp-alone', shortName: 'Alone', category: 'storage', keywords: ['x'] })),
    );
    const storageRows = map.data.filter((r) => r.category === 'storage');
    expect(storageRows.map((r) => [r.name, r.singleCloud])).toEqual([
      ['File storage', false],
      ['Object storage', false],
      ['Alone', true],
    ]);
    expect(cellIds(storageRows[2]!.cells)).toEqual({ aws: [], azure: [], gcp: ['gcp-alone'] });
  });

  it('gives rows unique ids, suffixing a service that leads two rows', () => {
    const map = buildCapabilityMap(
      catalogueOf(
        entry({ id: 'aws-a', equivalents: { azure: ['azure-x', 'azure-y'], gcp: ['gcp-x', 'gcp-y'] } }),
        entry({ id: 'azure-x', equivalents: { aws: 'aws-a', gcp: 'gcp-x' } }),
        entry({ id: 'azure-y', equivalents: { aws: 'aws-a', gcp: 'gcp-y' } }),
        entry({ id: 'gcp-x', equivalents: { aws: 'aws-a', azure: 'azure-x' } }),
        entry({ id: 'gcp-y', equivalents: { aws: 'aws-a', azure: 'azure-y' } }),
      ),
    );
    const ids = map.data.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => id.startsWith('aws-a'))).toEqual(['aws-a', 'aws-a--2']);
  });
});

describe('csvField (RFC 4180)', () => {
  it('quotes fields with commas, quotes, CR or LF and doubles the quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\r')).toBe('"cr\r"');
    expect(csvField('')).toBe('');
  });
});

/** A strict RFC 4180 reader, so the test checks the round trip rather than the writer's own output. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let i = 0;
  let quoted = false;
  while (i < text.length) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
      } else {
        if (c === '"') quoted = false;
        else field += c;
        i++;
      }
    } else if (c === '"' && field === '') {
      quoted = true;
      i++;
    } else if (c === ',') {
      row.push(field);
      field = '';
      i++;
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 2;
    } else if (c === '"' || c === '\n' || c === '\r') throw new Error(`bare ${JSON.stringify(c)} at ${i}`);
    else {
      field += c;
      i++;
    }
  }
  if (field || row.length) throw new Error('last line without CRLF');
  return rows;
}

describe('mapToCsv and mapToMarkdown', () => {
  const hostile = [
    entry({
      id: 'aws-q',
      name: 'Queue, "Simple" | *Service*',
      shortName: '=HYPERLINK("x")',
      keywords: ['a,b'],
      equivalents: { gcp: 'gcp-q' },
    }),
    entry({
      id: 'gcp-q',
      name: 'Pub/Sub\nLite <b>',
      keywords: ['A,B'],
      lifecycle: { status: 'sunset', sunsetDate: '2027-01-01', announcementUrl: 'https://docs.example.com/news' },
      equivalents: { aws: 'aws-q' },
    }),
  ];
  const map = buildCapabilityMap(catalogueOf(...hostile));

  it('writes CSV a strict RFC 4180 reader reads back field for field', () => {
    const csv = mapToCsv(map);
    expect(csv.endsWith('\r\n')).toBe(true);
    const rows = parseCsv(csv);
    expect(rows[0]).toEqual([
      'Category',
      'Capability',
      'AWS',
      'Azure',
      'Google Cloud',
      'AWS ids',
      'Azure ids',
      'Google Cloud ids',
    ]);
    expect(rows[1]).toEqual([
      'Storage',
      'A,b',
      'Queue, "Simple" | *Service*',
      '',
      'Pub/Sub\nLite <b> (sunset)',
      'aws-q',
      '',
      'gcp-q',
    ]);
  });

  it('neutralises a field a spreadsheet would run as a formula', () => {
    const m = buildCapabilityMap(catalogueOf(entry({ id: 'aws-f', shortName: '=1+1', keywords: [] })));
    expect(parseCsv(mapToCsv(m))[1]![1]).toBe("'=1+1");
  });

  it('writes a markdown table per category whose cells render as their own text', () => {
    const md = mapToMarkdown(map, { date: '2026-01-01' });
    const html = micromark(md, { extensions: [gfm()], htmlExtensions: [gfmHtml()] });
    expect(html).toContain('<h2>Storage</h2>');
    expect((html.match(/<tr>/g) ?? []).length).toBe(2); // header and one row: the | in a name did not split a cell
    expect(html).toContain('Queue, &quot;Simple&quot; | *Service*');
    expect(html).not.toContain('<b>');
    expect(html).toContain('<em>(sunset)</em>');
  });
});

/**
 * Random catalogues and queries for the relevance engine's properties
 * (src/core/search.test.ts, src/core/search-index-file.test.ts): a small
 * vocabulary so services share words, prefixes and near-misses, and queries
 * made of those words, their prefixes, typos, synonyms, provider and filler
 * words.
 */
import fc from 'fast-check';
import type { ServiceEntry } from '../../src/core/schemas.ts';
import type { Synonym } from '../../src/core/search.ts';

// A small vocabulary so services share words, prefixes and near-misses;
// vendor, filler and synonym words included, some with capitals and accents.
const vocabulary = [
  'data',
  'database',
  'datastore',
  'stream',
  'streaming',
  'vault',
  'key',
  'Kubernetes',
  'kube',
  'engine',
  'cloud',
  'Amazon',
  'Azure',
  'Google',
  'managed',
  'service',
  'for',
  'the',
  'virtual',
  'machine',
  'machines',
  'PostgreSQL',
  'SQL',
  'server',
  'storage',
  'object',
  'queue',
  'message',
  'café',
  'Rés',
  'S3',
  'EC2',
  'k8s',
  'lake',
  'warehouse',
  'pub',
  'sub',
  'q',
];
export const synonyms: Synonym[] = [
  { term: 'k8s', means: ['kubernetes'] },
  { term: 'vm', means: ['virtual machine', 'virtual server'] },
  { term: 'pg', means: ['postgresql'] },
  { term: 'dwh', means: ['data warehouse'] },
  { term: 'pubsub', means: ['pub sub'] },
];
export const providers = ['aws', 'azure', 'gcp'] as const;
const categories = ['compute', 'storage', 'databases'];
const statuses = [undefined, undefined, undefined, 'preview', 'deprecated', 'sunset', 'retired'] as const;

const word = fc.constantFrom(...vocabulary);
const phrase = (max: number) => fc.array(word, { minLength: 1, maxLength: max }).map((ws) => ws.join(' '));
const ident = fc.array(fc.constantFrom('svc', 'data', 'vault', 'kube', 'stream', 'x1'), { minLength: 1, maxLength: 2 });

const serviceShape = fc.record({
  provider: fc.constantFrom(...providers),
  name: phrase(4),
  short: fc.option(phrase(2), { nil: undefined }),
  parenthesised: fc.option(fc.constantFrom('S3', 'Amazon EC2', 'GKE'), { nil: undefined }),
  keywords: fc.array(fc.oneof(phrase(2), fc.constantFrom('GKE', 'S3', 'IoT', 'K8s', 'PaaS')), { maxLength: 3 }),
  formerNames: fc.array(phrase(3), { maxLength: 2 }),
  iam: fc.array(
    ident.map((p) => p.join('')),
    { maxLength: 2 },
  ),
  resourceProviders: fc.array(
    ident.map((p) => `Microsoft.${p.join('')}`),
    { maxLength: 1 },
  ),
  serviceNames: fc.array(
    ident.map((p) => `${p.join('')}.googleapis.com`),
    { maxLength: 1 },
  ),
  subServices: fc.array(fc.record({ name: phrase(3), description: phrase(5) }), { maxLength: 2 }),
  category: fc.constantFrom(...categories),
  description: phrase(8),
  status: fc.constantFrom(...statuses),
  peers: fc.array(fc.nat(40), { maxLength: 2 }),
});

/** Random services (at most what the schema allows would matter here: the engine reads these fields only). */
export const catalogueArb = fc.array(serviceShape, { minLength: 1, maxLength: 40 }).map((shapes) => {
  const ids = shapes.map((s, i) => `${s.provider}-service-${i}`);
  return shapes.map(
    (s, i) =>
      ({
        id: ids[i]!,
        slug: ids[i]!,
        name: s.parenthesised ? `${s.name} (${s.parenthesised})` : s.name,
        shortName: s.short ?? s.name,
        provider: s.provider,
        category: s.category,
        description: s.description,
        keywords: s.keywords,
        formerNames: s.formerNames,
        identifiers: {
          ...(s.iam.length ? { iamPrefixes: s.iam } : {}),
          ...(s.resourceProviders.length ? { resourceProviders: s.resourceProviders } : {}),
          ...(s.serviceNames.length ? { serviceNames: s.serviceNames } : {}),
        },
        subServices: s.subServices.map((x, j) => ({
          id: `${ids[i]}-sub-${j}`,
          ...x,
          ...(j === 0 && s.iam.length ? { identifiers: { iamPrefixes: [`${s.iam[0]}sub`] } } : {}),
        })),
        equivalents: Object.fromEntries(
          s.peers
            .map((p) => ids[p % ids.length]!)
            .filter((id) => !id.startsWith(`${s.provider}-`))
            .map((id) => [id.split('-')[0]!, id]),
        ),
        ...(s.status ? { lifecycle: { status: s.status, announcementUrl: 'https://example.org/' } } : {}),
      }) as unknown as ServiceEntry,
  );
});

// Queries: words of the vocabulary, their prefixes, one-letter and one-edit
// changes, synonyms, provider and filler words, several words at once.
// Typos of every kind an edit distance counts (swapped, dropped, added or
// replaced letters, digits included), one or two per word: fuzzy matching
// skips words by their letters before measuring, and must skip none it
// would have matched.
const edit = (w: string) =>
  fc
    .tuple(
      fc.constantFrom('swap', 'drop', 'add', 'replace'),
      fc.nat(Math.max(0, w.length - 1)),
      fc.constantFrom(...'aeiknorstuvz3'),
    )
    .map(([kind, i, c]) =>
      kind === 'swap'
        ? w.slice(0, i) + w.slice(i + 1, i + 2) + w.slice(i, i + 1) + w.slice(i + 2)
        : kind === 'drop'
          ? w.slice(0, i) + w.slice(i + 1)
          : kind === 'add'
            ? w.slice(0, i) + c + w.slice(i)
            : w.slice(0, i) + c + w.slice(i + 1),
    );
const typo = word.chain(edit).chain((w) => fc.oneof(fc.constant(w), edit(w)));
const prefix = word.chain((w) => fc.integer({ min: 1, max: w.length }).map((k) => w.slice(0, k)));
const queryWord = fc.oneof(
  word,
  prefix,
  typo,
  fc.constantFrom('k8s', 'vm', 'pg', 'dwh', 'pubsub', 'aws', 'gcp', 'microsoft', 'managed', 'Microsoft.svcdata', 'x'),
);
export const queryArb = fc.array(queryWord, { minLength: 1, maxLength: 4 }).map((ws) => ws.join(' '));

/** The category names the random catalogues' categories have (one has none: its id is searched). */
export const categoryName = (id: string) =>
  id === 'databases' ? 'Databases' : id === 'storage' ? 'Storage' : undefined;

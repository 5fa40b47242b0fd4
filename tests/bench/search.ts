/**
 * Search: relevance on the real catalogue (recall@5 and MRR over the
 * relevance set), keystroke latency, and the engine measured against
 * well-kept search libraries (MiniSearch, Orama, FlexSearch) on the same
 * content and queries: quality, speed, memory and browser bundle size.
 * Run alone: node_modules/.bin/node tests/bench/search.ts
 */
import { gzipSync } from 'node:zlib';
import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { build as esbuild } from 'esbuild';
import MiniSearch from 'minisearch';
import { create as createOrama, insertMultiple, search as searchOrama } from '@orama/orama';
import FlexSearch from 'flexsearch';
import { createCatalogue, type Catalogue } from '../../src/core/catalogue.ts';
import type { ServiceEntry } from '../../src/core/schemas.ts';
import { searchWords, type Synonym } from '../../src/core/search.ts';
import { createServiceIndex } from '../../src/core/service-index.ts';
import { readContent } from '../../src/scripts/lib/read-content.ts';
import { evaluate, meanOfDefined } from '../search/evaluate.ts';
import { relevanceCases, type RelevanceKind } from '../search/relevance-cases.ts';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const f = (x: number, d = 2) => x.toFixed(d);

/** Latency of `run` over `queries`, after a warm-up, as sorted milliseconds. */
function timeQueries(queries: string[], run: (q: string) => unknown, rounds = 2000): number[] {
  for (let i = 0; i < 300; i++) run(queries[i % queries.length]!);
  const ms: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const q = queries[i % queries.length]!;
    const t0 = performance.now();
    run(q);
    ms.push(performance.now() - t0);
  }
  return ms.sort((a, b) => a - b);
}

/**
 * Memory an index holds: the JavaScript heap plus typed-array buffers, which live outside it. Three are built and
 * kept, and the growth divided by three: one index of about a megabyte was within what a collection frees or
 * leaves from one measurement to the next (one run measured -0.3 MiB).
 */
function heapAfter(build: () => unknown): { value: unknown; mb: number; builds: number } {
  const used = () => {
    gc();
    gc();
    const m = process.memoryUsage();
    return m.heapUsed + m.arrayBuffers;
  };
  const before = used();
  const kept = [build(), build(), build()];
  return { value: kept[0], mb: (used() - before) / kept.length / 2 ** 20, builds: kept.length };
}

/** Minified and gzipped size of a browser bundle of `code` (an entry that builds an index and searches it). */
async function bundleSize(code: string): Promise<{ min: number; gz: number }> {
  const out = await esbuild({
    stdin: { contents: code, resolveDir: process.cwd(), loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  });
  const bytes = out.outputFiles[0]!.contents;
  return { min: bytes.length, gz: gzipSync(bytes, { level: 9 }).length };
}

/** Every keystroke of a query, as someone types it: "k", "ku", … "kubernetes". */
const keystrokes = (qs: string[]) => qs.flatMap((q) => Array.from({ length: q.length }, (_, i) => q.slice(0, i + 1)));

// ------------------------------------------------------------ the libraries, configured as fairly as they allow

interface Doc {
  id: string;
  name: string;
  keywords: string;
  identifiers: string;
  category: string;
  description: string;
}

const docOf = (c: Catalogue, s: ServiceEntry): Doc => ({
  id: s.id,
  name: [s.name, s.shortName, ...s.formerNames].join(' · '),
  keywords: [...s.keywords, ...s.subServices.map((x) => x.name)].join(' · '),
  identifiers: [
    s.id,
    ...(s.identifiers.iamPrefixes ?? []),
    ...(s.identifiers.resourceProviders ?? []),
    ...(s.identifiers.serviceNames ?? []),
  ].join(' '),
  category: c.category(s.category)?.name ?? s.category,
  description: [s.description, ...s.subServices.map((x) => x.description)].join(' '),
});

/** A query with its synonym expansions (libraries take synonyms as extra OR-ed queries). */
const expansions = (q: string, synonyms: readonly Synonym[]): string[] => {
  const words = searchWords(q);
  const out = [q];
  for (const s of synonyms)
    if (words.includes(s.term)) for (const m of s.means) out.push(words.map((w) => (w === s.term ? m : w)).join(' '));
  return out;
};

interface Engine {
  name: string;
  build(c: Catalogue, synonyms: readonly Synonym[]): (q: string) => string[];
  bundle: string;
}

const engines: Engine[] = [
  {
    name: 'this project (src/core/search.ts)',
    build: (c, synonyms) => {
      const index = createServiceIndex(c, synonyms);
      return (q) => index.query({ q, page: 1, pageSize: 20 }).items.map((s) => s.id);
    },
    bundle: `import { createSearchEngine } from './src/core/search.ts';
      export const make = (services) => createSearchEngine({ services, categoryName: (x) => x }).search('k8s');`,
  },
  {
    name: 'MiniSearch 7',
    build: (c, synonyms) => {
      const ms = new MiniSearch<Doc>({
        fields: ['name', 'keywords', 'identifiers', 'category', 'description'],
        searchOptions: {
          boost: { name: 5, keywords: 3, identifiers: 3, category: 1, description: 1 },
          prefix: true,
          fuzzy: 0.2,
          combineWith: 'AND',
        },
      });
      ms.addAll(c.services.map((s) => docOf(c, s)));
      return (q) =>
        ms
          .search({ combineWith: 'OR', queries: expansions(q, synonyms) })
          .slice(0, 20)
          .map((r) => r.id as string);
    },
    bundle: `import MiniSearch from 'minisearch';
      export const make = (docs) => { const m = new MiniSearch({ fields: ['name'] }); m.addAll(docs); return m.search('k8s', { prefix: true, fuzzy: 0.2 }); };`,
  },
  {
    name: 'Orama 3',
    build: (c, synonyms) => {
      const db = createOrama({
        schema: {
          id: 'string',
          name: 'string',
          keywords: 'string',
          identifiers: 'string',
          category: 'string',
          description: 'string',
        } as const,
      });
      void insertMultiple(
        db,
        c.services.map((s) => docOf(c, s)),
      );
      return (q) => {
        const seen = new Map<string, number>();
        for (const term of expansions(q, synonyms)) {
          const r = searchOrama(db, {
            term,
            properties: ['name', 'keywords', 'identifiers', 'category', 'description'],
            boost: { name: 5, keywords: 3, identifiers: 3 },
            tolerance: 1,
            limit: 20,
          }) as unknown as { hits: { document: { id: string }; score: number }[] };
          for (const h of r.hits) seen.set(h.document.id, Math.max(seen.get(h.document.id) ?? 0, h.score));
        }
        return [...seen]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 20)
          .map(([id]) => id);
      };
    },
    bundle: `import { create, insertMultiple, search } from '@orama/orama';
      export const make = (docs) => {
        const db = create({ schema: { name: 'string' } });
        insertMultiple(db, docs);
        return search(db, { term: 'k8s', tolerance: 1 });
      };`,
  },
  {
    name: 'FlexSearch 0.8',
    build: (c, synonyms) => {
      const fields = ['name', 'keywords', 'identifiers', 'category', 'description'] as const;
      const index = new FlexSearch.Document({
        document: { id: 'id', index: [...fields] },
        tokenize: 'forward',
      } as never);
      for (const s of c.services) index.add(docOf(c, s) as never);
      // FlexSearch ranks within a field; across fields, the order of the fields is the ranking.
      return (q) => {
        const out: string[] = [];
        for (const term of expansions(q, synonyms)) {
          const byField = index.search(term, { limit: 20 } as never) as unknown as {
            field: string;
            result: string[];
          }[];
          for (const field of fields)
            for (const id of byField.find((r) => r.field === field)?.result ?? []) if (!out.includes(id)) out.push(id);
        }
        return out.slice(0, 20);
      };
    },
    bundle: `import FlexSearch from 'flexsearch';
      export const make = (docs) => {
        const i = new FlexSearch.Document({ document: { id: 'id', index: ['name'] }, tokenize: 'forward' });
        for (const d of docs) i.add(d);
        return i.search('k8s');
      };`,
  },
];

// ------------------------------------------------------------ the bench

const typed = ['lambda', 'kubernetes', 'object storage', 'cosmos db', 'kubernets', 'vm', 'managed postgres', 'k8s'];

export async function bench(): Promise<{ title: string; markdown: string }> {
  const content = readContent();
  const catalogue = createCatalogue({ version: 'bench', builtOn: '2026-01-01', ...content });
  const lines: string[] = [];
  const say = (s = '') => lines.push(s);

  // Relevance of this engine, by kind of query.
  const ours = evaluate(catalogue, createServiceIndex(catalogue, content.synonyms));
  say(
    `Relevance set: ${relevanceCases.length} queries written from a cloud engineer's side (tests/search/relevance-cases.ts), ` +
      `run on the real catalogue (${catalogue.services.length} services). Target: every query passes.`,
  );
  say('');
  say('| kind | queries | passed | recall@5 | MRR |');
  say('|---|---:|---:|---:|---:|');
  const kinds = [...new Set(relevanceCases.map((c) => c.kind))] as RelevanceKind[];
  for (const kind of [...kinds, undefined]) {
    const os = ours.outcomes.filter((o) => !kind || o.case.kind === kind);
    // Cases that only ask for an order (a retired or deprecated service after the active ones) have no recall or
    // rank: a kind of such cases alone shows none.
    const shown = (x: number | undefined) => (x === undefined ? '—' : f(x, 3));
    say(
      `| ${kind ?? '**all**'} | ${os.length} | ${os.filter((o) => o.passed).length} | ` +
        `${shown(meanOfDefined(os.map((o) => o.recall)))} | ${shown(meanOfDefined(os.map((o) => o.reciprocalRank)))} |`,
    );
  }
  const failing = ours.outcomes.filter((o) => !o.passed);
  say('');
  say(
    failing.length
      ? `**Failing:** ${failing.map((o) => `\`${o.case.q}\` (top: ${o.top.slice(0, 5).join(', ')})`).join('; ')}`
      : 'Every query passes.',
  );
  say('');

  // The libraries on the same content, queries and synonyms.
  say(
    'Search libraries on the same content, fields, synonyms (as OR-ed query expansions) and queries: ' +
      'quality on the relevance set; latency of every keystroke of a few typed queries on the real ' +
      'catalogue (in process); memory held by the index (heap and typed-array buffers); browser bundle of ' +
      'an entry that builds an index and searches it (esbuild, minified, gzip -9).',
  );
  say('');
  say(
    '| engine | passed | recall@5 | MRR | build (ms) | keystroke p50 (ms) | keystroke p99 (ms) | index memory (MiB) | bundle min (KiB) | bundle gzip (KiB) |',
  );
  say('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  const strokes = keystrokes(typed);
  for (const engine of engines) {
    try {
      const t0 = performance.now();
      const { value, mb, builds } = heapAfter(() => engine.build(catalogue, content.synonyms));
      const built = (performance.now() - t0) / builds;
      const run = value as (q: string) => string[];
      const quality = evaluate(catalogue, {
        query: ({ q }) => ({
          items: run(q ?? '').map((id) => catalogue.service(id)!),
          total: 0,
          page: 1,
          pageSize: 20,
          totalPages: 1,
        }),
      });
      const ms = timeQueries(strokes, run, 1000);
      const size = await bundleSize(engine.bundle);
      say(
        `| ${engine.name} | ${quality.passed}/${relevanceCases.length} | ${f(quality.recallAt5, 3)} ` +
          `| ${f(quality.mrr, 3)} | ${f(built, 0)} | ${f(pct(ms, 50), 3)} | ${f(pct(ms, 99), 3)} | ${f(mb, 1)} ` +
          `| ${f(size.min / 1024, 1)} | ${f(size.gz / 1024, 1)} |`,
      );
    } catch (e) {
      say(`| ${engine.name} | failed: ${(e as Error).message.split('\n')[0]} | | | | | | | | |`);
    }
  }
  say('');
  return { title: 'Search relevance and search libraries', markdown: lines.join('\n') };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { markdown } = await bench();
  console.log(markdown);
}

/**
 * The saved search index: a build writes it, `npm start` reads it instead of
 * building the index. Read back, it must answer exactly as the index it was
 * saved from (random catalogues, and the real one through the whole service
 * index); anything else (another catalogue, a damaged or cut file) must be
 * refused with a reason, never half-used and never a crash.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createCatalogue } from './catalogue.ts';
import { buildSearchIndex, createSearchEngine, searchIndexProblem, type SearchIndex } from './search.ts';
import { decodeSearchIndex, encodeSearchIndex, type DecodedSearchIndex } from './search-index-file.ts';
import { createServiceIndex, type ServiceQueryInput } from './service-index.ts';
import { readContent } from '../scripts/lib/read-content.ts';
import { catalogueArb, categoryName, queryArb, synonyms } from '../../tests/search/random-catalogues.ts';
import { relevanceCases } from '../../tests/search/relevance-cases.ts';

const indexOf = (decoded: DecodedSearchIndex) => {
  if (!('index' in decoded)) throw new Error(`refused: ${decoded.problem}`);
  return decoded.index;
};
const problemOf = (decoded: DecodedSearchIndex) => ('problem' in decoded ? decoded.problem : 'accepted');

describe('a saved search index, read back', () => {
  it('answers every query on random catalogues as the index it was saved from', () => {
    fc.assert(
      fc.property(catalogueArb, fc.array(queryArb, { minLength: 1, maxLength: 6 }), (services, queries) => {
        const options = { services, categoryName, synonyms };
        const built = buildSearchIndex(options);
        expect(searchIndexProblem(built, services.length)).toBeUndefined();
        const read = indexOf(decodeSearchIndex(encodeSearchIndex(built, 'v'), 'v', services.length));
        expect(read).toEqual(built);
        const [fresh, saved] = [createSearchEngine(options, built), createSearchEngine(options, read)];
        for (const q of queries) {
          const shown = fresh.search(q).top.map((h) => h.index);
          expect(saved.search(q).top, q).toEqual(fresh.search(q).top);
          expect(saved.explain(q, shown), q).toEqual(fresh.explain(q, shown));
        }
      }),
      { numRuns: 200 },
    );
  });

  const content = readContent();
  const catalogue = createCatalogue({ version: 'real', builtOn: '2026-01-01', ...content });
  const n = catalogue.services.length;
  const built = createServiceIndex(catalogue, content.synonyms);
  const bytes = encodeSearchIndex(built.searchIndex, 'real');

  it('gives the real catalogue the same pages (items, order, totals, explanations) for every relevance query', () => {
    const loaded = createServiceIndex(catalogue, content.synonyms, indexOf(decodeSearchIndex(bytes, 'real', n)));
    const queries = [...relevanceCases.map((c) => c.q), 'lamda', 'kubernets engine', 'postgre', 'k', 'object storage'];
    for (const q of queries) {
      const asked: ServiceQueryInput[] = [
        { q, explain: true, page: 1, pageSize: 20 },
        { q, provider: ['azure', 'gcp'], sort: '-name', page: 2, pageSize: 5 },
      ];
      for (const query of asked) expect(loaded.query(query), q).toEqual(built.query(query));
    }
  });

  it('is read from any position in a Node Buffer (one from the pool need not start on a multiple of 8)', () => {
    const pooled = Buffer.alloc(bytes.length + 3);
    pooled.set(bytes, 3);
    const read = indexOf(decodeSearchIndex(pooled.subarray(3), 'real', n));
    expect(read).toEqual(built.searchIndex);
  });
});

describe('a saved search index that does not fit is refused, saying why', () => {
  const content = readContent();
  const catalogue = createCatalogue({ version: 'real', builtOn: '2026-01-01', ...content });
  const n = catalogue.services.length;
  const built = createServiceIndex(catalogue, content.synonyms);
  const bytes = encodeSearchIndex(built.searchIndex, 'real');
  const headerLength = new DataView(bytes.buffer).getUint32(0, true);
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + headerLength)));
  const arraysStart = Math.ceil((4 + headerLength) / 8) * 8;
  /** The file with its header changed, the arrays after it as they were. */
  const withHeader = (change: Record<string, unknown>) => {
    const json = new TextEncoder().encode(JSON.stringify({ ...header, ...change }));
    const start = Math.ceil((4 + json.length) / 8) * 8;
    const out = new Uint8Array(start + bytes.length - arraysStart);
    new DataView(out.buffer).setUint32(0, json.length, true);
    out.set(json, 4);
    out.set(bytes.subarray(arraysStart), start);
    return out;
  };
  /** A file written (checksum and all) for the index with one entry of an array changed. */
  const writtenWith = (array: keyof SearchIndex, at: number, value: number) => {
    const index = { ...built.searchIndex };
    const changed = (index[array] as Int32Array).slice();
    changed[at] = value;
    return encodeSearchIndex({ ...index, [array]: changed }, 'real');
  };

  it('from another catalogue, another format or byte order, or for another number of services', () => {
    expect(problemOf(decodeSearchIndex(withHeader({}), 'real', n))).toBe('accepted');
    expect(problemOf(decodeSearchIndex(bytes, 'other', n))).toBe('it was built from catalogue version real, not other');
    expect(problemOf(decodeSearchIndex(withHeader({ format: 'csc-search-index/0' }), 'real', n))).toBe(
      'the format is not csc-search-index/1',
    );
    expect(problemOf(decodeSearchIndex(withHeader({ littleEndian: !header.littleEndian }), 'real', n))).toBe(
      "its byte order is not this machine's",
    );
    expect(problemOf(decodeSearchIndex(bytes, 'real', n + 1))).toBe(`tokenStart has ${n + 1} entries, not ${n + 2}`);
  });

  it('changed or cut short anywhere since it was written, or not a file of this kind at all', () => {
    for (const length of [0, 3, 4, 50, headerLength + 4, arraysStart + 8, bytes.length - 8])
      expect(problemOf(decodeSearchIndex(bytes.subarray(0, length), 'real', n)), `${length} bytes`).not.toBe(
        'accepted',
      );
    const checksum = 'its checksum does not match: the file was changed or cut since it was written';
    const oneId = bytes.slice();
    oneId[arraysStart + header.arrays.postDocs[0] + 4 * 10]! ^= 1; // one service id for another, still in range
    expect(problemOf(decodeSearchIndex(oneId, 'real', n))).toBe(checksum);
    const words = [...header.words];
    words[words.indexOf('lambda')] = 'lambdb';
    expect(problemOf(decodeSearchIndex(withHeader({ words }), 'real', n))).toBe(checksum);
    expect(problemOf(decodeSearchIndex(new TextEncoder().encode('garbage'), 'real', n))).toBe(
      'the header runs past the end of the file',
    );
    const notJson = bytes.slice();
    notJson[4] = 0x7b + 1;
    expect(problemOf(decodeSearchIndex(notJson, 'real', n))).toBe('the header is not JSON');
    for (const entry of [5, true, {}, [0], ['0', 4]])
      expect(
        problemOf(decodeSearchIndex(withHeader({ arrays: { ...header.arrays, sorted: entry } }), 'real', n)),
        JSON.stringify(entry),
      ).toBe('the array sorted is not within the file');
  });

  it('whose offsets, ids, kinds or factors are not ones the build makes', () => {
    const words = header.words.length;
    const cases: [keyof SearchIndex, number, number, string][] = [
      ['tokenStart', 5, 0, 'tokenStart decreases'],
      ['postStart', 0, 1, 'postStart does not span its array'],
      ['tokens', 1, words, 'tokens holds a word id out of range'],
      ['tokens', 0, -3, 'tokens holds a segment marker the build does not make'],
      ['fullSegments', 0, 1, 'fullSegments points at a word'],
      ['sorted', 0, -1, 'sorted holds a value out of range'],
      ['peerDocs', 0, n, 'peerDocs holds a value out of range'],
      ['postDocs', 0, n, 'postDocs holds a value out of range'],
      ['postMasks', 0, 0, 'postMasks holds a value out of range'],
      ['postFull', 0, 200, 'postFull holds a value out of range'],
      ['providerOf', 0, 3, 'providerOf holds a value out of range'],
      ['factor', 0, NaN, 'factor holds a value out of range'],
      ['factor', 1, 2, 'factor holds a value out of range'],
    ];
    for (const [array, at, value, problem] of cases)
      expect(problemOf(decodeSearchIndex(writtenWith(array, at, value), 'real', n)), `${array}[${at}] = ${value}`).toBe(
        problem,
      );
  });

  it('never throws on damaged bytes, and refuses every damaged file that would answer differently', () => {
    // Mostly the header and the first arrays (offsets, lengths and the JSON around them), some anywhere.
    const position = fc.oneof(fc.nat(arraysStart + 63), fc.nat(bytes.length - 1));
    const damage = fc.array(fc.tuple(position, fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 4 });
    const asked: ServiceQueryInput[] = ['storage', 'lamda', 'aws lambda', 'kubernetes engine gke'].map((q) => ({
      q,
      explain: true,
      page: 1,
      pageSize: 20,
    }));
    fc.assert(
      fc.property(damage, (changes) => {
        const damaged = bytes.slice();
        for (const [at, value] of changes) damaged[at] = value;
        const decoded = decodeSearchIndex(damaged, 'real', n);
        // Accepted only when the damage changed nothing that is read (a byte set to the value it had).
        if ('index' in decoded) {
          const index = createServiceIndex(catalogue, content.synonyms, decoded.index);
          for (const query of asked) expect(index.query(query)).toEqual(built.query(query));
        }
      }),
      { numRuns: 300 },
    );
  });
});

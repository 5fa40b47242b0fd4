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
import {
  checksumOf,
  decodeSearchIndex,
  encodeSearchIndex,
  type DecodedSearchIndex,
  type SearchIndexOrigin,
} from './search-index-file.ts';
import { createServiceIndex, type ServiceQueryInput } from './service-index.ts';
import { readContent } from '../scripts/lib/read-content.ts';
import { catalogueArb, categoryName, queryArb, synonyms } from '../../tests/search/random-catalogues.ts';
import { relevanceCases } from '../../tests/search/relevance-cases.ts';

const indexOf = (decoded: DecodedSearchIndex) => {
  if (!('index' in decoded)) throw new Error(`refused: ${decoded.problem}`);
  return decoded.index;
};
const problemOf = (decoded: DecodedSearchIndex) => ('problem' in decoded ? decoded.problem : 'accepted');
const origin: SearchIndexOrigin = { build: 'build-1', catalogueVersion: 'real' };

describe('a saved search index, read back', () => {
  it('answers every query on random catalogues as the index it was saved from', () => {
    fc.assert(
      fc.property(catalogueArb, fc.array(queryArb, { minLength: 1, maxLength: 6 }), (services, queries) => {
        const options = { services, categoryName, synonyms };
        const built = buildSearchIndex(options);
        expect(searchIndexProblem(built, services.length)).toBeUndefined();
        const read = indexOf(decodeSearchIndex(encodeSearchIndex(built, origin), origin, services.length));
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
  const bytes = encodeSearchIndex(built.searchIndex, origin);

  it('gives the real catalogue the same pages (items, order, totals, explanations) for every relevance query', () => {
    const loaded = createServiceIndex(catalogue, content.synonyms, indexOf(decodeSearchIndex(bytes, origin, n)));
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
    const read = indexOf(decodeSearchIndex(pooled.subarray(3), origin, n));
    expect(read).toEqual(built.searchIndex);
  });
});

describe('a saved search index that does not fit is refused, saying why', () => {
  const content = readContent();
  const catalogue = createCatalogue({ version: 'real', builtOn: '2026-01-01', ...content });
  const n = catalogue.services.length;
  const built = createServiceIndex(catalogue, content.synonyms);
  const bytes = encodeSearchIndex(built.searchIndex, origin);
  const headerLength = new DataView(bytes.buffer).getUint32(0, true);
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(8, 8 + headerLength)));
  const arraysStart = Math.ceil((8 + headerLength) / 8) * 8;
  /** A whole file (length and checksum right) with the header changed and the arrays as they were. */
  const withHeader = (change: Record<string, unknown>) => {
    const json = new TextEncoder().encode(JSON.stringify({ ...header, ...change }));
    const start = Math.ceil((8 + json.length) / 8) * 8;
    const out = new Uint8Array(start + bytes.length - arraysStart);
    out.set(json, 8);
    out.set(bytes.subarray(arraysStart), start);
    new DataView(out.buffer).setUint32(0, json.length, true);
    new DataView(out.buffer).setUint32(4, checksumOf(out), true);
    return out;
  };
  /** A file written (checksum and all) for the index with one entry of an array changed. */
  const writtenWith = (array: keyof SearchIndex, at: number, value: number) => {
    const index = { ...built.searchIndex };
    const changed = (index[array] as Int32Array).slice();
    changed[at] = value;
    return encodeSearchIndex({ ...index, [array]: changed }, origin);
  };
  const decode = (file: Uint8Array, expected = origin, count = n) =>
    problemOf(decodeSearchIndex(file, expected, count));

  it('written by another build, from another catalogue, in another format or byte order, or for another number of services', () => {
    expect(decode(withHeader({}))).toBe('accepted');
    expect(decode(bytes, { ...origin, build: 'build-2' })).toBe('another build wrote it');
    expect(decode(bytes, { ...origin, catalogueVersion: 'other' })).toBe(
      'it was built from another catalogue, not version other',
    );
    expect(decode(withHeader({ format: 'csc-search-index/1' }))).toBe('its format is not csc-search-index/2');
    expect(decode(withHeader({ littleEndian: !header.littleEndian }))).toBe("its byte order is not this machine's");
    expect(decode(withHeader({ build: { toString: 0 } }))).toBe('another build wrote it');
    expect(decode(withHeader({ catalogueVersion: [{ toString: 0 }] }))).toBe(
      'it was built from another catalogue, not version real',
    );
    expect(decode(withHeader({ providers: [1] }))).toBe('its words or providers are not strings');
    expect(decode(bytes, origin, n + 1)).toBe(`tokenStart has ${n + 1} entries, not ${n + 2}`);
  });

  it('changed or cut short anywhere since it was written, or not a file of this kind at all', () => {
    const checksum = 'its checksum does not match (the file was changed or cut since it was written)';
    for (const length of [0, 3, 8, 50, headerLength + 8, arraysStart + 8, bytes.length - 8])
      expect(decode(bytes.subarray(0, length)), `${length} bytes`).not.toBe('accepted');
    expect(decode(bytes.subarray(0, bytes.length - 8))).toBe(checksum);
    expect(decode(new TextEncoder().encode('garbage'))).toBe('it is not a whole file of this kind');
    // Damage no other check can see: a service id swapped for another valid one, a provider or a word
    // renamed, an array moved by a multiple of 8 within the file.
    const changed = (at: number, value: number) => {
      const out = bytes.slice();
      out[at] = value;
      return out;
    };
    const postDocs = arraysStart + header.arrays.postDocs[0] + 4 * 10;
    expect(decode(changed(postDocs, bytes[postDocs]! ^ 1))).toBe(checksum);
    const text = new TextDecoder().decode(bytes.subarray(8, 8 + headerLength));
    for (const [was, now] of [
      ['"aws"', '"awx"'],
      ['"lambda"', '"lambdb"'],
      [`"nameLength":[${header.arrays.nameLength[0]}`, `"nameLength":[${header.arrays.nameLength[0] + 8}`],
    ]) {
      const damaged = new TextEncoder().encode(text.replace(was!, now!));
      expect(damaged.length, was).toBe(headerLength);
      const out = bytes.slice();
      out.set(damaged, 8);
      expect(decode(out), was).toBe(checksum);
    }
    for (const entry of [5, true, {}, [0], ['0', 4], [8e15, 1]])
      expect(decode(withHeader({ arrays: { ...header.arrays, sorted: entry } })), JSON.stringify(entry)).toBe(
        'the array sorted is not within the file',
      );
    expect(decode(withHeader({ providers: Array.from({ length: 257 }, (_, i) => `p${i}`) }))).toBe(
      'it names more providers than a byte can code',
    );
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
      expect(decode(writtenWith(array, at, value)), `${array}[${at}] = ${value}`).toBe(problem);
  });

  it('never throws on damaged bytes, and refuses every damaged file', () => {
    const damage = fc.array(fc.tuple(fc.nat(bytes.length - 1), fc.integer({ min: 0, max: 255 })), {
      minLength: 1,
      maxLength: 4,
    });
    fc.assert(
      fc.property(damage, (changes) => {
        const damaged = bytes.slice();
        for (const [at, value] of changes) damaged[at] = value;
        const unchanged = damaged.every((b, i) => b === bytes[i]);
        expect(decode(damaged) === 'accepted').toBe(unchanged);
      }),
      { numRuns: 300 },
    );
  });
});

/**
 * The search index as one file, so that `npm start` loads the index its
 * build made instead of building it again: building it is the costliest
 * step of a start (about half of one at 10,000 services), and loading it is
 * reading a few typed arrays.
 *
 * Layout: a 4-byte little-endian length, a JSON header of that length (the
 * format, the catalogue version the index was built from, a checksum, the
 * words, the providers, and each array's offset and length), then the arrays' bytes,
 * each at a multiple of 8 from where they start. The arrays are in the
 * machine's byte order, which the header records.
 *
 * A file that is not what this module wrote for the same catalogue (its
 * version, the byte order, a checksum over the arrays and the words), or
 * whose index is not consistent (searchIndexProblem), is refused with a
 * reason, never half-used: the caller builds the index instead.
 */
import { searchIndexProblem, type SearchIndex } from './search.ts';

/**
 * The file's format. The file and the code that reads it come from the same
 * build, so a change to what buildSearchIndex makes needs no new format; a
 * change to this layout does.
 */
const FORMAT = 'csc-search-index/1';

const arrayTypes = {
  sorted: Int32Array,
  tokens: Int32Array,
  tokenStart: Int32Array,
  fullSegments: Int32Array,
  fullStart: Int32Array,
  nameLength: Uint8Array,
  providerOf: Uint8Array,
  factor: Float32Array,
  peerStart: Int32Array,
  peerDocs: Int32Array,
  postStart: Int32Array,
  postDocs: Int32Array,
  postMasks: Uint8Array,
  postFull: Uint8Array,
} as const;
type ArrayName = keyof typeof arrayTypes;
const arrayNames = Object.keys(arrayTypes) as ArrayName[];

const littleEndian = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
const align8 = (x: number) => Math.ceil(x / 8) * 8;

interface Header {
  format: string;
  version: string;
  littleEndian: boolean;
  /** checksumOf the arrays' bytes and the words. */
  checksum: number;
  words: string[];
  providers: string[];
  /** Offset (from the start of the arrays) and length, per array. */
  arrays: Record<ArrayName, [number, number]>;
}

const FNV_PRIME = 0x01000193;
/**
 * FNV-1a over the arrays' bytes, read as 32-bit words, then the words'
 * characters. Each step is a one-to-one function of the hash so far, so any
 * one changed entry or character always changes the result: a file damaged
 * where the ranges cannot tell (an id swapped for another valid id, a word
 * edited) is refused rather than searched.
 */
function checksumOf(arrayBytes: Uint8Array, words: readonly string[]): number {
  let h = 0x811c9dc5;
  const ints = new Int32Array(arrayBytes.buffer, arrayBytes.byteOffset, arrayBytes.byteLength >> 2);
  for (let i = 0; i < ints.length; i++) h = Math.imul(h ^ ints[i]!, FNV_PRIME);
  for (const w of words) {
    for (let i = 0; i < w.length; i++) h = Math.imul(h ^ w.charCodeAt(i), FNV_PRIME);
    h = Math.imul(h ^ 0x10000, FNV_PRIME); // between words, so "ab","c" differs from "a","bc"
  }
  return h >>> 0;
}

/** The index built from the catalogue of `version`, as the bytes of one file. */
export function encodeSearchIndex(index: SearchIndex, version: string): Uint8Array {
  const arrays = {} as Header['arrays'];
  let size = 0;
  for (const name of arrayNames) {
    arrays[name] = [size, index[name].length];
    size = align8(size + index[name].byteLength);
  }
  const arrayBytes = new Uint8Array(size);
  for (const name of arrayNames) {
    const a = index[name];
    arrayBytes.set(new Uint8Array(a.buffer, a.byteOffset, a.byteLength), arrays[name][0]);
  }
  const header: Header = {
    format: FORMAT,
    version,
    littleEndian,
    checksum: checksumOf(arrayBytes, index.words),
    words: index.words,
    providers: index.providers,
    arrays,
  };
  const json = new TextEncoder().encode(JSON.stringify(header));
  const start = align8(4 + json.length);
  const out = new Uint8Array(start + size);
  new DataView(out.buffer).setUint32(0, json.length, true);
  out.set(json, 4);
  out.set(arrayBytes, start);
  return out;
}

export type DecodedSearchIndex = { index: SearchIndex } | { problem: string };

/**
 * The index in `bytes`, if they hold one built from the catalogue of
 * `version` with `serviceCount` services, in this machine's byte order,
 * unchanged since it was written (its checksum) and consistent
 * (searchIndexProblem); otherwise why not. Never throws.
 */
export function decodeSearchIndex(bytes: Uint8Array, version: string, serviceCount: number): DecodedSearchIndex {
  const problem = (why: string) => ({ problem: why });
  if (bytes.length < 4) return problem('the file is too short');
  // The typed arrays are views on the file's bytes: they must start on a multiple of their size. (A copy,
  // not `slice`: a Node Buffer's slice is a view at the same offset.)
  const file = bytes.byteOffset % 8 === 0 ? bytes : new Uint8Array(bytes);
  const headerLength = new DataView(file.buffer, file.byteOffset, 4).getUint32(0, true);
  if (4 + headerLength > file.length) return problem('the header runs past the end of the file');
  let header: Header;
  try {
    header = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(file.subarray(4, 4 + headerLength)));
  } catch {
    return problem('the header is not JSON');
  }
  if (header?.format !== FORMAT) return problem(`the format is not ${FORMAT}`);
  if (header.version !== version)
    return problem(`it was built from catalogue version ${String(header.version)}, not ${version}`);
  if (header.littleEndian !== littleEndian) return problem("its byte order is not this machine's");
  const strings = (x: unknown): x is string[] => Array.isArray(x) && x.every((w) => typeof w === 'string');
  if (!strings(header.words) || !strings(header.providers) || header.providers.length > 256)
    return problem('the words or providers are not lists of strings');
  const start = align8(4 + headerLength);
  if (start > file.length) return problem('the file ends before its arrays');
  const arrayBytes = file.subarray(start);
  if (arrayBytes.length % 8 !== 0 || checksumOf(arrayBytes, header.words) !== header.checksum)
    return problem('its checksum does not match: the file was changed or cut since it was written');
  const arrays = {} as { [K in ArrayName]: InstanceType<(typeof arrayTypes)[K]> };
  for (const name of arrayNames) {
    const entry: unknown = header.arrays?.[name];
    const [offset, length] = Array.isArray(entry) && entry.length === 2 ? (entry as unknown[]) : [];
    const Type = arrayTypes[name];
    if (
      !Number.isSafeInteger(offset) ||
      !Number.isSafeInteger(length) ||
      (offset as number) < 0 ||
      (length as number) < 0 ||
      (offset as number) % 8 !== 0 ||
      (offset as number) + (length as number) * Type.BYTES_PER_ELEMENT > arrayBytes.length
    )
      return problem(`the array ${name} is not within the file`);
    (arrays as Record<string, unknown>)[name] = new Type(
      file.buffer as ArrayBuffer,
      arrayBytes.byteOffset + (offset as number),
      length as number,
    );
  }
  const index: SearchIndex = { words: header.words, providers: header.providers, ...arrays };
  const inconsistent = searchIndexProblem(index, serviceCount);
  return inconsistent ? problem(inconsistent) : { index };
}

/**
 * The search index as one file, so that `npm start` loads the index its
 * build made instead of building it again: building it is the costliest
 * step of a start (about half of one at 10,000 services), and loading it is
 * reading a few typed arrays.
 *
 * Layout: two 4-byte little-endian numbers, the length of the JSON header
 * and a checksum of everything after them; the header (the format, the
 * build that wrote the file, the catalogue version the index was built
 * from, the byte order, the words, the providers, and each array's offset
 * and length); then the arrays' bytes, each at a multiple of 8 from where
 * they start, in the machine's byte order.
 *
 * A file that is not what this build wrote for the same catalogue, in this
 * machine's byte order, unchanged since (the checksum), or whose index is
 * not consistent (searchIndexProblem), is refused with a reason, never
 * half-used: the caller builds the index instead.
 */
import { searchIndexProblem, type SearchIndex } from './search.ts';

/**
 * The file's layout. What buildSearchIndex makes can change with the code
 * without a new format: a file is used only by the build that wrote it.
 */
const FORMAT = 'csc-search-index/2';

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
/** The header starts after its length and the checksum. */
const PREFIX = 8;

interface Header {
  format: string;
  build: string;
  catalogueVersion: string;
  littleEndian: boolean;
  words: string[];
  providers: string[];
  /** Offset (from the start of the arrays) and length, per array. */
  arrays: Record<ArrayName, [number, number]>;
}

/** What a saved index must have been built by and from. */
export interface SearchIndexOrigin {
  /** The build that writes and reads the file (its code made the index). */
  build: string;
  /** The catalogue the index was built from. */
  catalogueVersion: string;
}

/**
 * FNV-1a over everything after the prefix (header, padding and arrays), read
 * as 32-bit words: each step is a one-to-one function of the hash so far, so
 * any one changed word of the file always changes the result, including
 * damage the other checks cannot see (an id swapped for another valid one,
 * a word or a provider edited, an offset moved by a multiple of 8).
 */
export function checksumOf(file: Uint8Array): number {
  const ints = new Int32Array(file.buffer, file.byteOffset + PREFIX, (file.length - PREFIX) >> 2);
  let h = 0x811c9dc5;
  for (let i = 0; i < ints.length; i++) h = Math.imul(h ^ ints[i]!, 0x01000193);
  return h >>> 0;
}

/** The index, built by `origin.build` from the catalogue of `origin.catalogueVersion`, as the bytes of one file. */
export function encodeSearchIndex(index: SearchIndex, origin: SearchIndexOrigin): Uint8Array {
  const arrays = {} as Header['arrays'];
  let size = 0;
  for (const name of arrayNames) {
    arrays[name] = [size, index[name].length];
    size = align8(size + index[name].byteLength);
  }
  const header: Header = {
    format: FORMAT,
    build: origin.build,
    catalogueVersion: origin.catalogueVersion,
    littleEndian,
    words: index.words,
    providers: index.providers,
    arrays,
  };
  const json = new TextEncoder().encode(JSON.stringify(header));
  const start = align8(PREFIX + json.length);
  const out = new Uint8Array(start + size);
  out.set(json, PREFIX);
  for (const name of arrayNames) {
    const a = index[name];
    out.set(new Uint8Array(a.buffer, a.byteOffset, a.byteLength), start + arrays[name][0]);
  }
  const prefix = new DataView(out.buffer);
  prefix.setUint32(0, json.length, true);
  prefix.setUint32(4, checksumOf(out), true);
  return out;
}

export type DecodedSearchIndex = { index: SearchIndex } | { problem: string };

/**
 * The index in `bytes`, if they hold one `origin.build` wrote from the
 * catalogue of `origin.catalogueVersion` with `serviceCount` services, in
 * this machine's byte order, unchanged since (its checksum) and consistent
 * (searchIndexProblem); otherwise why not. Never throws.
 */
export function decodeSearchIndex(
  bytes: Uint8Array,
  origin: SearchIndexOrigin,
  serviceCount: number,
): DecodedSearchIndex {
  const problem = (why: string) => ({ problem: why });
  if (bytes.length < PREFIX || bytes.length % 8 !== 0) return problem('it is not a whole file of this kind');
  // The typed arrays are views on the file's bytes: they must start on a multiple of their size. (A copy,
  // not `slice`: a Node Buffer's slice is a view at the same offset.)
  const file = bytes.byteOffset % 8 === 0 ? bytes : new Uint8Array(bytes);
  const prefix = new DataView(file.buffer, file.byteOffset, PREFIX);
  if (checksumOf(file) !== prefix.getUint32(4, true))
    return problem('its checksum does not match (the file was changed or cut since it was written)');
  const headerLength = prefix.getUint32(0, true);
  const start = align8(PREFIX + headerLength);
  if (start > file.length) return problem('its header runs past the end of the file');
  let header: Header;
  try {
    header = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(file.subarray(PREFIX, PREFIX + headerLength)));
  } catch {
    return problem('its header is not JSON');
  }
  if (header?.format !== FORMAT) return problem(`its format is not ${FORMAT}`);
  if (header.build !== origin.build) return problem('another build wrote it');
  if (header.catalogueVersion !== origin.catalogueVersion)
    return problem(`it was built from another catalogue, not version ${origin.catalogueVersion}`);
  if (header.littleEndian !== littleEndian) return problem("its byte order is not this machine's");
  const strings = (x: unknown): x is string[] => Array.isArray(x) && x.every((w) => typeof w === 'string');
  if (!strings(header.words) || !strings(header.providers)) return problem('its words or providers are not strings');
  if (header.providers.length > 256) return problem('it names more providers than a byte can code');
  const arrayBytes = file.subarray(start);
  const arrays = {} as { [K in ArrayName]: InstanceType<(typeof arrayTypes)[K]> };
  for (const name of arrayNames) {
    const Type = arrayTypes[name];
    const place = placeOf(header.arrays?.[name], Type.BYTES_PER_ELEMENT, arrayBytes.length);
    if (!place) return problem(`the array ${name} is not within the file`);
    (arrays as Record<string, unknown>)[name] = new Type(
      file.buffer as ArrayBuffer,
      arrayBytes.byteOffset + place.offset,
      place.length,
    );
  }
  const index: SearchIndex = { words: header.words, providers: header.providers, ...arrays };
  const inconsistent = searchIndexProblem(index, serviceCount);
  return inconsistent ? problem(inconsistent) : { index };
}

/** An array's [offset, length] from the header, if it is one: whole numbers, aligned, within `size` bytes. */
function placeOf(entry: unknown, elementBytes: number, size: number): { offset: number; length: number } | undefined {
  if (!Array.isArray(entry) || entry.length !== 2) return undefined;
  const [offset, length] = entry as unknown[];
  if (typeof offset !== 'number' || typeof length !== 'number') return undefined;
  if (!Number.isSafeInteger(offset) || !Number.isSafeInteger(length) || offset < 0 || length < 0) return undefined;
  return offset % 8 === 0 && offset + length * elementBytes <= size ? { offset, length } : undefined;
}

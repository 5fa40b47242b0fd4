/**
 * The relevance engine behind every search box: the API, the /search page,
 * the home page's instant results (in the browser) and `csc search`. Pure
 * and free of zod so the browser bundle stays small; the same code ranks
 * everywhere, so the same words give the same order.
 *
 * How a query is answered:
 * - The query is split into folded words (terms). Provider words (aws,
 *   amazon, azure, microsoft, google, gcp) and filler words (managed,
 *   service, cloud, for…) are optional: they add score when they match and
 *   never exclude a service. Every other term must match.
 * - A term matches a vocabulary word exactly, as a prefix (for the word
 *   being typed; from two letters, since one letter starts too many words
 *   to mean anything) or, when no word starts with it, within an edit
 *   distance scaled to its length (one edit from 4 letters, two from 8). Reviewed
 *   synonyms add the words a service carries for an engineer's shorthand
 *   (k8s → kubernetes, vm → virtual machine).
 * - A term scores the weight of the best field it hit (name and acronyms
 *   above identifiers and keywords, above category and description) times
 *   the match quality (exact > prefix > synonym > fuzzy). Bonuses follow: the
 *   whole query equal to a name, acronym, former name, id or policy
 *   identifier; the terms as a phrase or close together; how much of the
 *   name the query covers; the provider the query names.
 * - When a query of several words matches almost nothing completely,
 *   services missing one word follow, scored down.
 * - Ties break on the name order. Among the first results, a strong match
 *   (or an equivalent of the top result) from a cloud not yet shown moves
 *   up, so a generic need ("object storage") lists each cloud's service
 *   first rather than three of one. A query naming one cloud and another
 *   cloud's product ("azure s3", "azure cloud run") puts the named cloud's
 *   counterparts of that product first, then the product.
 */
import type { ServiceEntry } from './schemas.ts';

/** One reviewed synonym: a word an engineer types and the words (or phrases) services carry for it. */
export interface Synonym {
  term: string;
  means: string[];
}

export const searchFields = [
  'name',
  'acronym',
  'formerName',
  'identifier',
  'keyword',
  'category',
  'description',
] as const;
export type SearchField = (typeof searchFields)[number];
export const matchKinds = ['exact', 'prefix', 'fuzzy', 'synonym', 'full', 'phrase', 'near'] as const;
export type MatchKind = (typeof matchKinds)[number];

/** Why a service matched: which query term hit which field, through which word, and how. */
export interface SearchMatch {
  term: string;
  field: SearchField;
  word: string;
  kind: MatchKind;
}

/** Lower-case, accent-free text for matching. */
export const fold = (s: string): string =>
  // Most text is plain ASCII: skip the Unicode decomposition for it.
  /^[\x00-\x7f]*$/.test(s)
    ? s.toLowerCase()
    : s
        .normalize('NFKD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase();

/** Search words of a text: folded, split on anything that is not a letter or digit. */
export function searchWords(text: string): string[] {
  const t = fold(text);
  const out: string[] = [];
  let start = -1;
  for (let i = 0; i <= t.length; i++) {
    const c = i < t.length ? t.charCodeAt(i) : 0;
    const word = (c >= 97 && c <= 122) || (c >= 48 && c <= 57);
    if (word && start < 0) start = i;
    else if (!word && start >= 0) {
      out.push(t.slice(start, i));
      start = -1;
    }
  }
  return out;
}

// Field bits and weights. Name-like fields share the top weight; a former
// name sits just under the current one so today's name wins a tie.
const NAME = 1;
const ACRONYM = 2;
const FORMER = 4;
const IDENT = 8;
const KEYWORD = 16;
const CATEGORY = 32;
const DESCRIPTION = 64;
/** Other spellings of the name (without the vendor, without the parenthesised short form, as one word). */
const VARIANT = 128;
const fieldOfBit: Record<number, SearchField> = {
  [VARIANT]: 'name',
  [NAME]: 'name',
  [ACRONYM]: 'acronym',
  [FORMER]: 'formerName',
  [IDENT]: 'identifier',
  [KEYWORD]: 'keyword',
  [CATEGORY]: 'category',
  [DESCRIPTION]: 'description',
};
const weightOfBit: Record<number, number> = {
  [VARIANT]: 10,
  [NAME]: 10,
  [ACRONYM]: 10,
  [FORMER]: 9,
  [IDENT]: 6,
  [KEYWORD]: 6,
  [CATEGORY]: 2,
  [DESCRIPTION]: 1.5,
};
const NAMEISH = NAME | ACRONYM | FORMER | VARIANT;
/** Best weight and its bit for every combination of field bits. */
const maskWeight = new Float32Array(256);
const maskBit = new Uint8Array(256);
for (let m = 1; m < 256; m++) {
  for (let b = 1; b < 256; b <<= 1)
    if (m & b && weightOfBit[b]! > maskWeight[m]!) {
      maskWeight[m] = weightOfBit[b]!;
      maskBit[m] = b;
    }
}

// Match quality, multiplied by the field weight.
const EXACT = 1;
const SYNONYM = 0.85;
const FUZZY = [1, 0.45, 0.3];
const PREFIX_OF_WHOLE = 0.6;
const prefixQuality = (termLength: number, wordLength: number) => 0.5 + 0.4 * (termLength / wordLength);
/** Words that take `es` for their plural (`box`, `address`, `batch`); the others take `s` (`vm` → `vms`, never `vmss`). */
const SIBILANT_END = /(s|x|z|ch|sh)$/;
/** Words that take `ies` for their plural (`policy`, `repository`), not `key` or `gateway`. */
const CONSONANT_Y_END = /[^aeiou]y$/;
/** A word's English plural. */
const pluralOf = (word: string): string =>
  SIBILANT_END.test(word) ? `${word}es` : CONSONANT_Y_END.test(word) ? `${word.slice(0, -1)}ies` : `${word}s`;
/**
 * The word a term's English plural is, which matches as the term itself (`machines` for `machine`, `boxes` for
 * `box`; none for a term under 3 letters, so not `notes` for `not`): an exact match, not a longer word the term
 * starts. Otherwise "virtual machine" ranked Virtual Machines below the services whose names say "Virtual Machine
 * Manager", since the term is a word of its own there. Not for a query written as an identifier
 * (`container.googleapis.com`, `Microsoft.Web`), which means exactly what it says.
 */
const pluralTaken = (term: string): string | undefined => (term.length >= 3 ? pluralOf(term) : undefined);
/**
 * The other forms of a term that match it as the same word, beyond the plurals that start with it: the plural of
 * a word ending in a consonant and `y` (`policy` → `policies`), and the singulars of a plural (`balancers` →
 * `balancer`, `policies` → `policy`, `boxes` → `box`), so a word matches in either number, whichever the
 * catalogue wrote ("load balancers" had not found Azure Load Balancer, nor "git repository" the services that say
 * "repositories").
 */
const otherNumbers = (term: string): string[] => {
  const forms = CONSONANT_Y_END.test(term) && term.length >= 3 ? [pluralOf(term)] : [];
  for (const singular of [term.slice(0, -1), term.slice(0, -2), `${term.slice(0, -3)}y`])
    if (singular.length >= 3 && pluralOf(singular) === term) forms.push(singular);
  return forms;
};
/** A query with a dot, colon or slash is an identifier (an API name, a namespace, an IAM action). */
const IDENTIFIER_QUERY = /[.:/]/;

/** An IAM action pasted whole (`es:ESHttpGet`, `s3:Get*`): the prefix before the colon names the service. */
const IAM_ACTION = /^\s*([a-z0-9-]+):[A-Za-z0-9*?]+\s*$/;
/** An ARN pasted whole (`arn:aws:s3:::my-bucket`, in any partition): its third part is the service's prefix. */
const ARN = /^\s*arn:aws[a-z-]*:([a-z0-9-]+):/i;

/**
 * What a query pasted from a policy or a console asks for: the service prefix of an IAM action or an ARN, whose
 * other words (the action, the resource's name and account) name nothing in the catalogue. Other queries as typed.
 */
export const searchText = (q: string): string => {
  const action = IAM_ACTION.exec(q)?.[1];
  // "aws:kms", "azure:storage", a condition key such as "aws:SourceIp": a cloud's name, not a service prefix.
  return ARN.exec(q)?.[1] ?? (action !== undefined && !(action in providerWords) ? action : q);
};

// Bonuses, added once per service.
const FULL_NAME = 60; // the whole query is the name, short name or an acronym
const FULL_FORMER = 50; // … a former name
const FULL_IDENT = 45; // … the id or a policy identifier
const FULL_DERIVED = 35; // … an acronym made of the name's initials
const FULL_KEYWORD = 30; // … a keyword (aliases, old names kept as keywords)
// Which whole-query bonus a field segment can earn, and the field explain names.
const Full = { None: 0, Name: 1, Acronym: 2, Derived: 3, Former: 4, Ident: 5, Keyword: 6 } as const;
type Full = (typeof Full)[keyof typeof Full];
const fullBonusOf = [0, FULL_NAME, FULL_NAME, FULL_DERIVED, FULL_FORMER, FULL_IDENT, FULL_KEYWORD];
/** Whole-query kinds that name the service itself: their bonus is not reduced for a service on its way out. */
const namedExactly = [false, true, false, false, true, true, false];
const fullFieldOf: SearchField[] = ['name', 'name', 'acronym', 'acronym', 'formerName', 'identifier', 'keyword'];
const PHRASE_NAME = 15;
const PHRASE_OTHER = 6;
const NEAR_NAME = 6;
const NEAR_OTHER = 3;
const COVERAGE = 12; // times the share of the name's words the query matched
const PROVIDER_HINT = 8;
/** A cloud's best result moves into the first places when it scores at least this share of the top result. */
const DIVERSITY_SHARE = 0.45;
const DIVERSITY_SLOTS = 3;
/** How far down the ranking the promotion looks for another cloud's result. */
const DIVERSITY_LOOKAHEAD = 200;
/**
 * A service on its way out scores less, a retired one much less: someone
 * typing a generic need ("postgres", "iot", "time series") wants what they
 * can still use, so a service closed to new projects (deprecated, sunset)
 * or retired must fall below its active equivalents even when its name
 * carries the words and theirs do not (Cosmos DB for PostgreSQL below RDS
 * and Cloud SQL, which carry PostgreSQL as a keyword). A preview service
 * scores a little less, so a generally available one that matches as well
 * comes first. Naming a service exactly (its name, short name, former name
 * or id) is exempt, so it is still found first when asked for by name.
 */
const PREVIEW = 0.9;
/** The least factor of a service that takes new projects, as the index stores factors (32-bit floats). */
const OPEN = Math.fround(PREVIEW);
const CLOSED_TO_NEW = 0.4;
const RETIRED = 0.25;
const lifecycleFactor: Record<string, number> = {
  preview: PREVIEW,
  deprecated: CLOSED_TO_NEW,
  sunset: CLOSED_TO_NEW,
  retired: RETIRED,
};

const providerWords: Record<string, string> = {
  aws: 'aws',
  amazon: 'aws',
  azure: 'azure',
  microsoft: 'azure',
  google: 'gcp',
  gcp: 'gcp',
};
const vendorPrefix = new Set(['amazon', 'aws', 'azure', 'microsoft', 'google', 'cloud']);
const fillerWords = new Set([
  'a',
  'an',
  'and',
  'the',
  'of',
  'for',
  'in',
  'on',
  'to',
  'with',
  'by',
  'service',
  'services',
  'managed',
  'cloud',
  'fully',
]);
const MAX_TERMS = 12;
/** Fewer complete matches than this, and services missing one required word join, their score times PARTIAL. */
const RELAX_BELOW = 5;
const PARTIAL = 0.4;

const popcount = (x: number): number => {
  let c = 0;
  for (let v = x >>> 0; v; v &= v - 1) c++;
  return c;
};

export interface SearchHit {
  index: number;
  score: number;
}

export interface SearchResult {
  /** How many services match. */
  total: number;
  /** Every matching service's index, unordered: a view of the engine's buffer, valid until its next search. */
  matched: Int32Array;
  /** The best `limit` matches, best first. */
  top: SearchHit[];
}

export interface SearchEngine {
  /**
   * Services matching `q`. `accept` restricts the candidates (the facet
   * filters) before ranking, so the cross-cloud promotion sees only what
   * will be shown; only the first `limit` are put in order.
   */
  search(q: string, accept?: (index: number) => boolean, limit?: number): SearchResult;
  /** Why each service in `indexes` matched `q`: the field matches and bonuses, for `explain`. */
  explain(q: string, indexes: readonly number[]): SearchMatch[][];
}

export interface SearchEngineOptions {
  services: readonly ServiceEntry[];
  categoryName: (id: string) => string | undefined;
  synonyms?: readonly Synonym[];
  /** Rank of each service in name order, for ties; defaults to the given order. */
  nameRank?: Int32Array;
}

/**
 * What the engine searches, built once from the services: the vocabulary,
 * each service's words in order (for phrases and whole-query matches), the
 * postings (the services of each word) and a few values per service. Typed
 * arrays and strings only, so a build can save it and a server load it
 * (search-index-file.ts) rather than build it again at every start.
 */
export interface SearchIndex {
  /** Each distinct folded word once; its position is its id. */
  words: string[];
  /** Word ids in the words' code-unit order, for prefix ranges. */
  sorted: Int32Array;
  /**
   * Every service's searchable text as word ids, in segments (one per name,
   * keyword, identifier…), each preceded by a marker -(field bit |
   * whole-query kind << 8); service `doc`'s are [tokenStart[doc], tokenStart[doc + 1]).
   */
  tokens: Int32Array;
  tokenStart: Int32Array;
  /** Positions in `tokens` of the segments that can earn a whole-query bonus, per service from fullStart[doc]. */
  fullSegments: Int32Array;
  fullStart: Int32Array;
  /** Per service: words in its shortest core name (for coverage). */
  nameLength: Uint8Array;
  /** The providers, in the order of the codes in providerOf. */
  providers: string[];
  providerOf: Uint8Array;
  /** Per service: its lifecycle's score factor. */
  factor: Float32Array;
  /** Service `doc`'s equivalents on other clouds are peerDocs[peerStart[doc], peerStart[doc + 1]). */
  peerStart: Int32Array;
  peerDocs: Int32Array;
  /** The services of word w are postDocs[postStart[w], postStart[w + 1]), in order, with their field masks and whole-query kinds. */
  postStart: Int32Array;
  postDocs: Int32Array;
  postMasks: Uint8Array;
  postFull: Uint8Array;
}

interface WordHit {
  word: number;
  quality: number;
  kind: MatchKind;
}

const MAX_FUZZY_LENGTH = 60;
// Three reusable rows: fuzzy matching compares a term with hundreds of words per keystroke.
let rowA = new Int32Array(MAX_FUZZY_LENGTH + 3);
let rowB = new Int32Array(MAX_FUZZY_LENGTH + 3);
let rowC = new Int32Array(MAX_FUZZY_LENGTH + 3);

/**
 * The set of characters in a folded word as bits: a letter each, the digits
 * sharing five, and the top bit always set so no set is 0 (0 marks one not
 * yet computed). Any map of characters to bits keeps the bound that uses
 * it sound (a substitution changes at most two bits, an insertion or a
 * deletion one, a transposition none); the digits share five because there
 * are only 32 bits.
 */
function lettersOf(word: string): number {
  let bits = 1 << 31;
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i);
    if (c >= 97 && c <= 122) bits |= 1 << (c - 97);
    else if (c >= 48 && c <= 57) bits |= 1 << (26 + ((c - 48) % 5));
  }
  return bits;
}

/** Optimal string alignment distance (a transposition is one edit), abandoned past `max`. */
function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (a.length > MAX_FUZZY_LENGTH || b.length > MAX_FUZZY_LENGTH) return max + 1;
  const n = b.length;
  let prev2 = rowA;
  let prev = rowB;
  let cur = rowC;
  for (let j = 0; j <= n; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let best = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= n; j++) {
      const cb = b.charCodeAt(j - 1);
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (ca === cb ? 0 : 1));
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb)
        v = Math.min(v, prev2[j - 2]! + 1);
      cur[j] = v;
      if (v < best) best = v;
    }
    if (best > max) return max + 1;
    const t = prev2;
    prev2 = prev;
    prev = cur;
    cur = t;
  }
  const d = prev[n]!;
  [rowA, rowB, rowC] = [prev2, prev, cur];
  return d;
}

/** A name without its parenthesised short form. */
const withoutParentheses = (name: string) => (name.includes('(') ? name.replace(/\([^)]*\)/g, ' ') : name);

/**
 * Two letters people type meaning something else than the initials of a name: AI, AD (Active Directory), ID, IO,
 * IP, IT, OS, UI. "Application Integration" is no `ai`.
 */
const TWO_LETTER_WORDS = new Set(['ai', 'ad', 'id', 'io', 'ip', 'it', 'os', 'ui']);

/**
 * Acronyms made of a name's initials (with and without the vendor prefix), 2 to 6 letters. Two letters only from
 * two words of the name itself (Key Vault `kv`, Event Hubs `eh`), never from the vendor's word and one other
 * ("Amazon DataZone" is no `ad`, "Amazon Inspector" no `ai`), and never a word of TWO_LETTER_WORDS.
 */
function derivedAcronyms(nameWords: string[]): string[] {
  const all = nameWords.filter((w) => !fillerWords.has(w) || w === 'cloud');
  const out: string[] = [];
  for (let start = 0; start < all.length && (start === 0 || vendorPrefix.has(all[start - 1]!)); start++) {
    if (all.length - start < 2 || all.length - start > 6) continue;
    let initials = '';
    for (let i = start; i < all.length; i++) initials += all[i]![0];
    if (initials.length === 2 && (vendorPrefix.has(all[start]!) || TWO_LETTER_WORDS.has(initials))) continue;
    if (!out.includes(initials)) out.push(initials);
  }
  return out;
}

/** A keyword written like an acronym (S3, GKE, EC2, K8s): one short word with capitals or digits. */
const looksLikeAcronym = (k: string) =>
  /^[A-Za-z0-9]{2,6}$/.test(k) && /[A-Z]/.test(k) && k.replace(/[^A-Z0-9]/g, '').length >= k.length - 1;

/** An Int32Array that grows by doubling, for building flat indexes without an array per item. */
class GrowingInts {
  data: Int32Array;
  length = 0;
  constructor(capacity: number) {
    this.data = new Int32Array(Math.max(16, capacity));
  }
  push(v: number): void {
    if (this.length === this.data.length) this.reserve(this.data.length * 2);
    this.data[this.length++] = v;
  }
  /** Room for `capacity` items in all: one allocation when the final size can be estimated. */
  reserve(capacity: number): void {
    if (capacity <= this.data.length) return;
    const bigger = new Int32Array(capacity);
    bigger.set(this.data.subarray(0, this.length));
    this.data = bigger;
  }
}

/**
 * The vocabulary: each distinct folded word once, with an id, in an
 * open-addressing hash table over the characters. Tokenising a text looks
 * each word up by its characters in the folded text, so a word already known
 * costs no new string (a catalogue of 100,000 services repeats most of its
 * words thousands of times).
 */
class Vocabulary {
  readonly words: string[] = [];
  private hashes: number[] = [];
  private slots = new Int32Array(1 << 12); // word id + 1; 0 is empty
  private readonly scratch: number[] = [];

  /** A vocabulary of distinct words, each word's id its position. */
  static of(words: readonly string[]): Vocabulary {
    const vocabulary = new Vocabulary();
    for (const w of words) vocabulary.id(w);
    return vocabulary;
  }

  /** The id of `word` (already folded, one word), adding it when new. */
  id(word: string): number {
    return this.intern(word, 0, word.length, hashOf(word, 0, word.length));
  }

  /** The id of `word`, or -1 when the vocabulary does not have it. */
  find(word: string): number {
    const h = hashOf(word, 0, word.length);
    const mask = this.slots.length - 1;
    for (let slot = h & mask; ; slot = (slot + 1) & mask) {
      const id = this.slots[slot]! - 1;
      if (id < 0) return -1;
      if (this.hashes[id] === h && this.words[id] === word) return id;
    }
  }

  /** The ids of a text's search words (as searchWords splits them), adding new words. */
  tokens(text: string): number[] {
    return this.scan(text).slice();
  }

  /** As `tokens`, in an array the next scan reuses. */
  scan(text: string): number[] {
    // Plain ASCII (most text) is read as it is, upper case folded per
    // character; anything else is folded first (accents dropped).
    let t = text;
    for (let i = 0; i < t.length; i++)
      if (t.charCodeAt(i) > 127) {
        t = fold(text);
        break;
      }
    const out = this.scratch;
    out.length = 0;
    let start = -1;
    let h = 0;
    for (let i = 0; i <= t.length; i++) {
      let c = i < t.length ? t.charCodeAt(i) : 0;
      if (c >= 65 && c <= 90) c += 32;
      if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57)) {
        // The word's hash as it is read (hashOf, in the same pass).
        if (start < 0) {
          start = i;
          h = FNV_OFFSET;
        }
        h = Math.imul(h ^ c, FNV_PRIME);
      } else if (start >= 0) {
        out.push(this.intern(t, start, i, h >>> 0));
        start = -1;
      }
    }
    return out;
  }

  /** The id of t[start, end) case-folded, whose hash is `h`, adding it when new. */
  private intern(t: string, start: number, end: number, h: number): number {
    const mask = this.slots.length - 1;
    let slot = h & mask;
    for (; ; slot = (slot + 1) & mask) {
      const id = this.slots[slot]! - 1;
      if (id < 0) break;
      if (this.hashes[id] === h && sameText(this.words[id]!, t, start, end)) return id;
    }
    const id = this.words.length;
    this.words.push((start === 0 && end === t.length ? t : t.slice(start, end)).toLowerCase());
    this.hashes.push(h);
    this.slots[slot] = id + 1;
    if (this.words.length * 2 > this.slots.length) this.grow();
    return id;
  }

  private grow(): void {
    const slots = new Int32Array(this.slots.length * 2);
    const mask = slots.length - 1;
    this.hashes.forEach((h, id) => {
      let slot = h & mask;
      while (slots[slot]) slot = (slot + 1) & mask;
      slots[slot] = id + 1;
    });
    this.slots = slots;
  }
}

/** ASCII upper case folded to lower case. */
const lowerCode = (c: number) => (c >= 65 && c <= 90 ? c + 32 : c);

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
/** FNV-1a over t[start, end), case-folded. */
function hashOf(t: string, start: number, end: number): number {
  let h = FNV_OFFSET;
  for (let i = start; i < end; i++) h = Math.imul(h ^ lowerCode(t.charCodeAt(i)), FNV_PRIME);
  return h >>> 0;
}

/** Whether `word` (folded) is t[start, end) case-folded. */
const sameText = (word: string, t: string, start: number, end: number): boolean => {
  if (word.length !== end - start) return false;
  for (let i = 0; i < word.length; i++) if (word.charCodeAt(i) !== lowerCode(t.charCodeAt(start + i))) return false;
  return true;
};

/** The index of `options.services` (see SearchIndex), made in one pass over them. */
export function buildSearchIndex(options: Pick<SearchEngineOptions, 'services' | 'categoryName'>): SearchIndex {
  const { services } = options;
  const n = services.length;

  // ------------------------------------------------------------ vocabulary and postings
  const vocabulary = new Vocabulary();
  const words = vocabulary.words;
  /** Services per word, counted while adding, for the postings' offsets. */
  const wordCount: number[] = [];
  // Everything per service lives in a few flat typed arrays with offsets, not
  // in an array per word or per service: at 100,000 services that is the
  // difference between a few allocations and a million.
  /** (word, field mask | one-word whole-query kind << 8) pairs, service after service. */
  // Sized for the first services; resized once for all of them after those (see SAMPLE).
  const first = Math.min(n, 512);
  const pairWord = new GrowingInts(first * 32);
  const pairMaskFull = new GrowingInts(first * 32);
  const pairEnd = new Int32Array(n);
  // The arrays of the index (SearchIndex says what each holds); the two buffers become tokens and fullSegments.
  const tokenBuffer = new GrowingInts(first * 64);
  const tokenStart = new Int32Array(n + 1);
  const fullBuffer = new GrowingInts(first * 16);
  const fullStart = new Int32Array(n + 1);
  const nameLength = new Uint8Array(n);
  const providerOf = new Uint8Array(n);
  const providerCodes = new Map<string, number>();
  const factor = new Float32Array(n);

  // The words of the service being added, in the order first seen: its field
  // mask and best one-word whole-query kind per word, in arrays indexed by
  // word id and stamped with the service, rather than two maps per service.
  let seenStamp = new Int32Array(1024);
  let seenMask = new Int32Array(1024);
  let seenFull = new Uint8Array(1024);
  const seenWords: number[] = [];
  let doc = 0;
  const see = (id: number): void => {
    if (id >= seenStamp.length) {
      const size = Math.max(id + 1, seenStamp.length * 2);
      const grow = <T extends Int32Array | Uint8Array>(a: T, b: T): T => (b.set(a), b);
      seenStamp = grow(seenStamp, new Int32Array(size));
      seenMask = grow(seenMask, new Int32Array(size));
      seenFull = grow(seenFull, new Uint8Array(size));
    }
    while (wordCount.length <= id) wordCount.push(0);
    if (seenStamp[id] !== doc + 1) {
      seenStamp[id] = doc + 1;
      seenMask[id] = 0;
      seenFull[id] = Full.None;
      seenWords.push(id);
    }
  };
  const seenNow = (id: number) => id >= 0 && id < seenStamp.length && seenStamp[id] === doc + 1;
  /** The name segments already added for this service (their spellings often coincide). */
  const nameSegments: number[][] = [];
  const sameWords = (a: readonly number[], b: readonly number[]) =>
    a.length === b.length && a.every((w, i) => w === b[i]);

  function add(bit: number, ids: readonly number[], full: Full = Full.None): void {
    if (!ids.length) return;
    if (bit === NAME || bit === VARIANT) {
      // "Cloud Run" is name, short name and core name: one segment.
      if (nameSegments.some((segment) => sameWords(segment, ids))) return;
      nameSegments.push(ids.slice());
    }
    if (full !== Full.None) {
      fullBuffer.push(tokenBuffer.length);
      // A one-word segment's kind travels with the posting, so a one-word query reads it in order.
      if (ids.length === 1) {
        const id = ids[0]!;
        see(id);
        if (fullBonusOf[full]! > fullBonusOf[seenFull[id]!]!) seenFull[id] = full;
      }
    }
    tokenBuffer.push(-(bit | (full << 8)));
    for (const id of ids) {
      tokenBuffer.push(id);
      see(id);
      seenMask[id]! |= bit;
    }
  }
  const addText = (bit: number, text: string, full: Full = Full.None) => add(bit, vocabulary.scan(text), full);
  const coreIds = (ids: number[]): number[] => {
    let i = 0;
    while (i < ids.length - 1 && vendorPrefix.has(words[ids[i]!]!)) i++;
    return i ? ids.slice(i) : ids;
  };
  const textOf = (ids: readonly number[]) => ids.map((id) => words[id]!);
  /** A category's words, tokenised once: every service of the category carries the same. */
  const categoryTokens = new Map<string, number[]>();

  /** After this many services, the buffers are sized for all of them from what these used. */
  const SAMPLE = first;
  for (; doc < n; doc++) {
    if (doc === SAMPLE && n > 2 * SAMPLE) {
      const room = (used: number) => Math.ceil(((used / SAMPLE) * n * 9) / 8);
      tokenBuffer.reserve(room(tokenBuffer.length));
      pairWord.reserve(room(pairWord.length));
      pairMaskFull.reserve(room(pairMaskFull.length));
      fullBuffer.reserve(room(fullBuffer.length));
    }
    const s = services[doc]!;
    tokenStart[doc] = tokenBuffer.length;
    fullStart[doc] = fullBuffer.length;
    seenWords.length = 0;
    nameSegments.length = 0;
    const nameIds = vocabulary.tokens(s.name);
    const shortIds = vocabulary.tokens(s.shortName);
    const hasParentheses = s.name.includes('(');
    const plainName = hasParentheses ? vocabulary.tokens(withoutParentheses(s.name)) : nameIds;
    const plainShort = s.shortName.includes('(') ? vocabulary.tokens(withoutParentheses(s.shortName)) : shortIds;
    add(NAME, nameIds, Full.Name);
    add(NAME, shortIds, Full.Name);
    const cores = [coreIds(plainName), coreIds(plainShort)].filter((c) => c.length);
    nameLength[doc] = Math.min(255, ...cores.map((c) => c.length));
    add(VARIANT, plainName, Full.Name);
    if (hasParentheses) for (const m of s.name.matchAll(/\(([^)]*)\)/g)) addText(VARIANT, m[1]!, Full.Name);
    for (const c of cores) add(VARIANT, c, Full.Name);
    // Short names typed as one word: "pubsub" for Pub/Sub, "cosmosdb" for Cosmos DB.
    for (const c of cores)
      if (c.length > 1 && c.length < 4) add(VARIANT, [vocabulary.id(textOf(c).join(''))], Full.Name);
    const explicitAcronyms = s.keywords.filter(looksLikeAcronym);
    for (const k of explicitAcronyms) addText(ACRONYM, k, Full.Acronym);
    const derived = derivedAcronyms(textOf(plainName));
    for (const a of derivedAcronyms(textOf(plainShort))) if (!derived.includes(a)) derived.push(a);
    // Only initials that are not already a word of the service (they would say nothing new).
    const fresh = derived.filter((a) => !seenNow(vocabulary.find(a)));
    for (const a of fresh) add(ACRONYM, [vocabulary.id(a)], Full.Derived);
    for (const f of s.formerNames) {
      const ids = vocabulary.tokens(f);
      add(FORMER, ids, Full.Former);
      add(FORMER, coreIds(ids), Full.Former);
    }
    addText(IDENT, s.id, Full.Ident);
    for (const x of s.identifiers.iamPrefixes ?? []) addText(IDENT, x, Full.Ident);
    for (const x of s.identifiers.resourceProviders ?? []) addText(IDENT, x, Full.Ident);
    for (const x of s.identifiers.serviceNames ?? []) addText(IDENT, x, Full.Ident);
    for (const sub of s.subServices) {
      for (const x of sub.identifiers?.iamPrefixes ?? []) addText(IDENT, x, Full.Ident);
      for (const x of sub.identifiers?.resourceProviders ?? []) addText(IDENT, x, Full.Ident);
      for (const x of sub.identifiers?.serviceNames ?? []) addText(IDENT, x, Full.Ident);
    }
    for (const k of s.keywords) if (!explicitAcronyms.includes(k)) addText(KEYWORD, k, Full.Keyword);
    for (const x of s.subServices) addText(KEYWORD, x.name);
    const category = options.categoryName(s.category) ?? s.category;
    let categoryIds = categoryTokens.get(category);
    if (!categoryIds) categoryTokens.set(category, (categoryIds = vocabulary.tokens(category)));
    add(CATEGORY, categoryIds);
    addText(DESCRIPTION, s.description);
    for (const x of s.subServices) addText(DESCRIPTION, x.description);
    for (const id of seenWords) {
      pairWord.push(id);
      pairMaskFull.push(seenMask[id]! | (seenFull[id]! << 8));
      wordCount[id]!++;
    }
    pairEnd[doc] = pairWord.length;

    tokenStart[doc + 1] = tokenBuffer.length;
    fullStart[doc + 1] = fullBuffer.length;
    if (!providerCodes.has(s.provider)) providerCodes.set(s.provider, providerCodes.size);
    providerOf[doc] = providerCodes.get(s.provider)!;
    factor[doc] = s.lifecycle ? (lifecycleFactor[s.lifecycle.status] ?? 1) : 1;
  }

  // Each service's equivalents on the other clouds, as indexes (flat, not a
  // set per service; the id lookup is built only when some service has any).
  const peerStart = new Int32Array(n + 1);
  const peerList: number[] = [];
  let indexOf: Map<string, number> | undefined;
  services.forEach((s, i) => {
    for (const v of Object.values(s.equivalents))
      for (const id of typeof v === 'string' ? [v] : v) {
        indexOf ??= new Map(services.map((x, j) => [x.id, j]));
        const peer = indexOf.get(id);
        if (peer !== undefined) peerList.push(peer);
      }
    peerStart[i + 1] = peerList.length;
  });
  const peerDocs = Int32Array.from(peerList);

  // Sorted vocabulary, for prefix ranges.
  const sorted = Int32Array.from(words.keys()).sort((a, b) => (words[a]! < words[b]! ? -1 : 1));
  // Postings, from the (word, mask) pairs counted per word while adding.
  const postStart = new Int32Array(words.length + 1);
  for (let w = 0; w < words.length; w++) postStart[w + 1] = postStart[w]! + wordCount[w]!;
  const postDocs = new Int32Array(pairWord.length);
  const postMasks = new Uint8Array(pairWord.length);
  const postFull = new Uint8Array(pairWord.length);
  {
    const cursor = postStart.slice(0, words.length);
    let j = 0;
    for (let doc = 0; doc < n; doc++)
      for (; j < pairEnd[doc]!; j++) {
        const at = cursor[pairWord.data[j]!]!++;
        postDocs[at] = doc;
        postMasks[at] = pairMaskFull.data[j]! & 255;
        postFull[at] = pairMaskFull.data[j]! >> 8;
      }
  }

  return {
    words,
    sorted,
    tokens: tokenBuffer.data.subarray(0, tokenBuffer.length),
    tokenStart,
    fullSegments: fullBuffer.data.subarray(0, fullBuffer.length),
    fullStart,
    nameLength,
    providers: [...providerCodes.keys()],
    providerOf,
    factor,
    peerStart,
    peerDocs,
    postStart,
    postDocs,
    postMasks,
    postFull,
  };
}

/**
 * Why `index` cannot be the index of `serviceCount` services, or undefined
 * when it can: every array has its length, every offset runs in order within
 * its array, and every id, field bit, kind and factor is within the ranges
 * the build uses, so a search over it reads no entry that is not there. For
 * an index read from a file (search-index-file.ts, whose checksum catches a
 * value changed within its range).
 */
export function searchIndexProblem(index: SearchIndex, serviceCount: number): string | undefined {
  const n = serviceCount;
  const words = index.words.length;
  const lengths: [string, number, number][] = [
    ['tokenStart', index.tokenStart.length, n + 1],
    ['fullStart', index.fullStart.length, n + 1],
    ['peerStart', index.peerStart.length, n + 1],
    ['nameLength', index.nameLength.length, n],
    ['providerOf', index.providerOf.length, n],
    ['factor', index.factor.length, n],
    ['sorted', index.sorted.length, words],
    ['postStart', index.postStart.length, words + 1],
    ['postMasks', index.postMasks.length, index.postDocs.length],
    ['postFull', index.postFull.length, index.postDocs.length],
  ];
  for (const [name, length, expected] of lengths)
    if (length !== expected) return `${name} has ${length} entries, not ${expected}`;
  const offsets = (name: string, starts: Int32Array, end: number) => {
    if (starts[0] !== 0 || starts[starts.length - 1] !== end) return `${name} does not span its array`;
    for (let i = 1; i < starts.length; i++) if (starts[i]! < starts[i - 1]!) return `${name} decreases`;
    return undefined;
  };
  const within = (name: string, values: ArrayLike<number>, lo: number, hi: number) => {
    for (let i = 0; i < values.length; i++)
      if (!(values[i]! >= lo && values[i]! < hi)) return `${name} holds a value out of range`;
    return undefined;
  };
  const maxFull = fullBonusOf.length;
  const markers = () => {
    for (const t of index.tokens) {
      if (t >= words) return 'tokens holds a word id out of range';
      if (t < 0 && !(fieldOfBit[-t & 255] && -t >> 8 < maxFull && -t < 1 << 16))
        return 'tokens holds a segment marker the build does not make';
    }
    for (const at of index.fullSegments) if (index.tokens[at]! >= 0) return 'fullSegments points at a word';
    return undefined;
  };
  return (
    offsets('tokenStart', index.tokenStart, index.tokens.length) ??
    offsets('fullStart', index.fullStart, index.fullSegments.length) ??
    offsets('peerStart', index.peerStart, index.peerDocs.length) ??
    offsets('postStart', index.postStart, index.postDocs.length) ??
    within('fullSegments', index.fullSegments, 0, index.tokens.length) ??
    markers() ??
    within('sorted', index.sorted, 0, words) ??
    within('peerDocs', index.peerDocs, 0, n) ??
    within('postDocs', index.postDocs, 0, n) ??
    within('postMasks', index.postMasks, 1, 256) ??
    within('postFull', index.postFull, 0, maxFull) ??
    within('providerOf', index.providerOf, 0, index.providers.length) ??
    within('factor', index.factor, 0, 1.000001)
  );
}

/**
 * The engine over an index: `index` when given (one a build saved, see
 * search-index-file.ts), else one built from `options.services` now.
 */
export function createSearchEngine(
  options: SearchEngineOptions,
  index: SearchIndex = buildSearchIndex(options),
): SearchEngine {
  const n = options.services.length;
  const nameRank = options.nameRank ?? Int32Array.from(options.services, (_, i) => i);
  const rankToDoc = new Int32Array(n);
  nameRank.forEach((rank, doc) => (rankToDoc[rank] = doc));
  /** A match's sort key is its score times this, plus its name rank (below this): see search. */
  const scale = 2 ** Math.ceil(Math.log2(n + 1));
  const { words, sorted, tokens, tokenStart, fullStart, nameLength, providerOf, factor } = index;
  const { peerStart, peerDocs, postStart, postDocs, postMasks, postFull } = index;
  const fullSegmentAt = index.fullSegments;
  const vocabulary = Vocabulary.of(words);
  const providerCodes = new Map(index.providers.map((p, i) => [p, i]));
  const sortedWords = Array.from(sorted, (i) => words[i]!);

  /** Each word's letter set (lettersOf), computed when fuzzy matching first compares it; 0 until then. */
  const wordLetters = new Int32Array(words.length);
  /** Word ids by first letter: fuzzy matching compares a term with the words of its first two letters. */
  const byFirstLetter = new Map<string, number[]>();
  words.forEach((w, id) => {
    if (!/^[a-z]/.test(w)) return;
    const list = byFirstLetter.get(w[0]!);
    if (list) list.push(id);
    else byFirstLetter.set(w[0]!, [id]);
  });

  /**
   * The best whole-query kind of a service for the query's word ids
   * (Full.None when none): the query's words are exactly one of its segments
   * (a name, an acronym, an identifier…).
   */
  function fullMatch(doc: number, qIds: readonly number[]): Full {
    const t = tokens;
    const last = tokenStart[doc + 1]!;
    let best: Full = Full.None;
    for (let j = fullStart[doc]!; j < fullStart[doc + 1]!; j++) {
      const i = fullSegmentAt[j]!;
      const full = (-t[i]! >> 8) as Full;
      let k = 0;
      while (k < qIds.length && i + 1 + k < last && t[i + 1 + k] === qIds[k]) k++;
      const end = i + 1 + k;
      if (k !== qIds.length || (end < last && t[end]! >= 0)) continue;
      if (fullBonusOf[full]! > fullBonusOf[best]!) best = full;
    }
    return best;
  }

  const isPeer = (doc: number, other: number) => {
    for (let j = peerStart[doc]!; j < peerStart[doc + 1]!; j++) if (peerDocs[j] === other) return true;
    return false;
  };

  const synonymsOf = new Map<string, string[][]>();
  for (const { term, means } of options.synonyms ?? []) {
    const key = searchWords(term).join(' ');
    const list = synonymsOf.get(key) ?? [];
    for (const m of means) list.push(searchWords(m));
    synonymsOf.set(key, list);
  }

  /** The first position in the sorted vocabulary whose word is not below `word`. */
  function firstAtOrAfter(word: string): number {
    let lo = 0;
    let hi = sortedWords.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (sortedWords[mid]! < word) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The id of a vocabulary word, if the vocabulary has it. */
  function wordIdOf(word: string): number | undefined {
    const at = firstAtOrAfter(word);
    return sortedWords[at] === word ? sorted[at] : undefined;
  }

  /** Vocabulary words a term reaches directly: exact, prefix, else fuzzy. */
  function wordHits(term: string, prefix: boolean, plurals: boolean): WordHit[] {
    const hits: WordHit[] = [];
    const lo = firstAtOrAfter(term);
    // A term that is itself a word ("vm") was most likely typed whole, so
    // longer words it starts ("vmware") count for less.
    const whole = sortedWords[lo] === term ? PREFIX_OF_WHOLE : 1;
    // One letter starts too many words to mean anything (and, in a large
    // catalogue, touches every service): it matches whole words only ("q").
    const expand = prefix && term.length > 1;
    // Written once, not for each word the term starts: a common term starts dozens.
    const plural = plurals ? pluralTaken(term) : undefined;
    for (let i = lo; i < sortedWords.length && sortedWords[i]!.startsWith(term); i++) {
      const w = sortedWords[i]!;
      if (w.length === term.length || w === plural) hits.push({ word: sorted[i]!, quality: EXACT, kind: 'exact' });
      else if (!expand) {
        // A word the term only starts does not count; its plural may still come (`machinery` sorts before `machines`).
        if (!plurals || term.length < 3) break;
      } else hits.push({ word: sorted[i]!, quality: whole * prefixQuality(term.length, w.length), kind: 'prefix' });
    }
    if (plurals)
      for (const form of otherNumbers(term)) {
        const id = wordIdOf(form);
        if (id !== undefined && !hits.some((h) => h.word === id))
          hits.push({ word: id, quality: EXACT, kind: 'exact' });
      }
    if (hits.length || term.length < 4 || /[0-9]/.test(term)) return hits;
    const max = term.length >= 8 ? 2 : 1;
    const termLetters = lettersOf(term);
    for (const letter of new Set([term[0]!, term[1]!])) {
      for (const id of byFirstLetter.get(letter) ?? []) {
        const w = words[id]!;
        if (Math.abs(w.length - term.length) > max) continue;
        // One edit changes at most two letters of the set, so a word whose
        // letters differ in more than twice the allowed edits cannot match:
        // most of a large vocabulary is ruled out without an edit distance.
        const letters = (wordLetters[id] ||= lettersOf(w));
        if (popcount(letters ^ termLetters) > 2 * max) continue;
        const d = editDistance(term, w, max);
        if (d <= max) hits.push({ word: id, quality: FUZZY[d]!, kind: 'fuzzy' });
      }
    }
    return hits;
  }

  // Per-query scratch, reused: a stamp per service says whether a slot holds this query's value.
  const termScore = new Float32Array(n);
  const termBit = new Uint8Array(n);
  const termStamp = new Uint32Array(n);
  const partCount = new Uint8Array(n);
  const total = new Float32Array(n);
  const required = new Uint32Array(n); // bit k: required term k matched
  const nameHits = new Uint8Array(n);
  const docStamp = new Uint32Array(n);
  let stamp = 0;
  const wordTerms = new Uint32Array(words.length); // bit k: word matched term k (phrase detection)
  const touchedDocs = new Int32Array(n);
  let currentScore = 0;
  const termDocs = new Int32Array(n);
  const fullStamp = new Uint32Array(n);
  const fullValue = new Float32Array(n);
  const fullKind = new Uint8Array(n);
  const sortKeys = new Float64Array(n);
  const selectBuffer = new Float64Array(n);
  const matchedDocs = new Int32Array(n);
  /** This query's score without the whole-query bonus, for the cross-cloud promotion. */
  const baseScore = new Float32Array(n);

  interface TermResult {
    docs: number[];
    scores: number[];
    bits: number[];
  }

  /** Best score and field per service for a set of word hits. */
  function collect(hits: WordHit[], weight = 1): TermResult {
    const s = ++stamp;
    const docs: number[] = [];
    for (const h of hits) {
      const q = h.quality * weight;
      for (let j = postStart[h.word]!; j < postStart[h.word + 1]!; j++) {
        const doc = postDocs[j]!;
        const v = maskWeight[postMasks[j]!]! * q;
        if (termStamp[doc] !== s) {
          termStamp[doc] = s;
          termScore[doc] = v;
          termBit[doc] = maskBit[postMasks[j]!]!;
          docs.push(doc);
        } else if (v > termScore[doc]!) {
          termScore[doc] = v;
          termBit[doc] = maskBit[postMasks[j]!]!;
        }
      }
    }
    return { docs, scores: docs.map((d) => termScore[d]!), bits: docs.map((d) => termBit[d]!) };
  }

  /** Merges results, keeping each service's best; `all` requires a service in every part (a phrase). */
  function merge(parts: TermResult[], all: boolean): TermResult {
    if (parts.length === 1) return parts[0]!;
    const s = ++stamp;
    const docs: number[] = [];
    for (const p of parts) {
      for (let j = 0; j < p.docs.length; j++) {
        const doc = p.docs[j]!;
        const v = p.scores[j]!;
        if (termStamp[doc] !== s) {
          termStamp[doc] = s;
          termScore[doc] = all ? v / parts.length : v;
          termBit[doc] = p.bits[j]!;
          partCount[doc] = 1;
          docs.push(doc);
        } else {
          if (all) termScore[doc] = termScore[doc]! + v / parts.length;
          else if (v > termScore[doc]!) {
            termScore[doc] = v;
            termBit[doc] = p.bits[j]!;
          }
          partCount[doc]!++;
        }
      }
    }
    const kept = all ? docs.filter((d) => partCount[d] === parts.length) : docs;
    return { docs: kept, scores: kept.map((d) => termScore[d]!), bits: kept.map((d) => termBit[d]!) };
  }

  interface Plan {
    terms: string[];
    requiredMask: number;
    provider: number | undefined;
    /** Per term: its direct word hits and its synonym phrases' word hits. */
    direct: WordHit[][];
    synonyms: WordHit[][][][];
    /**
     * Terms with a synonym of several words: a service can carry one of
     * those words without matching the term, so only for these terms can the
     * phrase scan find a word of a term the service does not match.
     */
    looseMask: number;
  }

  function plan(q: string): Plan {
    const terms = [...new Set(searchWords(q))].slice(0, MAX_TERMS);
    let requiredMask = 0;
    terms.forEach((t, k) => {
      if (!(t in providerWords) && !fillerWords.has(t)) requiredMask |= 1 << k;
    });
    if (!requiredMask) requiredMask = (1 << terms.length) - 1;
    const hinted = new Set(terms.filter((t) => t in providerWords).map((t) => providerWords[t]!));
    const provider = hinted.size === 1 ? providerCodes.get([...hinted][0]!) : undefined;
    const plurals = !IDENTIFIER_QUERY.test(q);
    const direct = terms.map((t) => wordHits(t, true, plurals));
    joinSplitNames(terms, direct);
    const synonyms = terms.map((t) =>
      (synonymsOf.get(t) ?? []).map((phrase) => phrase.map((w, i) => wordHits(w, i === phrase.length - 1, plurals))),
    );
    let looseMask = 0;
    synonyms.forEach((phrases, k) => {
      if (phrases.some((phrase) => phrase.length > 1)) looseMask |= 1 << k;
    });
    return { terms, requiredMask, provider, direct, synonyms, looseMask };
  }

  /**
   * Two neighbouring words that together are a word of a service's name ("cloud front", "fire store", "red
   * shift"): each also matches that word exactly. Only a name's word (name, short name, acronym, former name):
   * "cognitive services" joined is an Azure resource provider's, not what was asked for.
   */
  function joinSplitNames(terms: readonly string[], direct: WordHit[][]): void {
    for (let k = 0; k + 1 < terms.length; k++) {
      const id = wordIdOf(terms[k]! + terms[k + 1]!);
      if (id === undefined || !inAName(id)) continue;
      for (const j of [k, k + 1])
        if (!direct[j]!.some((h) => h.word === id)) direct[j]!.push({ word: id, quality: EXACT, kind: 'exact' });
    }
  }

  /** Whether some service has the word in one of its names. */
  function inAName(word: number): boolean {
    for (let j = postStart[word]!; j < postStart[word + 1]!; j++) if (postMasks[j]! & NAMEISH) return true;
    return false;
  }

  /** Marks, for phrase detection, which terms each vocabulary word stands for. */
  function markWords(p: Plan): void {
    wordTerms.fill(0);
    p.terms.forEach((_, k) => {
      for (const h of p.direct[k]!) wordTerms[h.word]! |= 1 << k;
      for (const phrase of p.synonyms[k]!)
        for (const hits of phrase) for (const h of hits) wordTerms[h.word]! |= 1 << k;
    });
  }

  /** Runs the plan: fills total/required/nameHits for the services it touches (listed in touchedDocs[0, count)). */
  function score(p: Plan): number {
    const s0 = ++stamp;
    currentScore = s0;
    let count = 0;
    markWords(p);
    const touch = (doc: number, k: number, v: number, bit: number) => {
      if (docStamp[doc] !== s0) {
        docStamp[doc] = s0;
        total[doc] = 0;
        required[doc] = 0;
        nameHits[doc] = 0;
        touchedDocs[count++] = doc;
      }
      total[doc] = total[doc]! + v;
      required[doc]! |= 1 << k;
      if (bit & NAMEISH) nameHits[doc]!++;
    };
    p.terms.forEach((_, k) => {
      if (!p.synonyms[k]!.length) {
        // The common case, without intermediate arrays: each service's best
        // hit for this term, straight into its total.
        const st = ++stamp;
        let m = 0;
        for (const h of p.direct[k]!) {
          for (let j = postStart[h.word]!; j < postStart[h.word + 1]!; j++) {
            const doc = postDocs[j]!;
            const v = maskWeight[postMasks[j]!]! * h.quality;
            if (termStamp[doc] !== st) {
              termStamp[doc] = st;
              termScore[doc] = v;
              termBit[doc] = maskBit[postMasks[j]!]!;
              termDocs[m++] = doc;
            } else if (v > termScore[doc]!) {
              termScore[doc] = v;
              termBit[doc] = maskBit[postMasks[j]!]!;
            }
          }
        }
        for (let j = 0; j < m; j++) {
          const doc = termDocs[j]!;
          touch(doc, k, termScore[doc]!, termBit[doc]!);
        }
        return;
      }
      const parts = [collect(p.direct[k]!)];
      for (const phrase of p.synonyms[k]!)
        parts.push(
          merge(
            phrase.map((hits) => collect(hits, SYNONYM)),
            true,
          ),
        );
      const r = merge(
        parts.filter((x) => x.docs.length),
        false,
      );
      r.docs.forEach((doc, j) => touch(doc, k, r.scores[j]!, r.bits[j]!));
    });
    return count;
  }

  /**
   * Phrase and proximity bonus from a service's token stream. Both need a
   * word of every term, so a service that cannot have one (it matches no
   * word of a term) is not scanned: when a query of several words is
   * relaxed, that spares a scan of every service missing a word.
   */
  function phraseBonus(doc: number, p: Plan): number {
    const all = (1 << p.terms.length) - 1;
    if (p.terms.length < 2 || ((required[doc]! | p.looseMask) & all) !== all) return 0;
    return phraseMatch(doc, p.terms.length).bonus;
  }

  function phraseMatch(doc: number, termCount: number): { bonus: number; field: number; kind: MatchKind } {
    let best = { bonus: 0, field: 0, kind: 'phrase' as MatchKind };
    if (termCount < 2) return best;
    const full = (1 << termCount) - 1;
    let bit = 0;
    let run = 0;
    let seen = 0;
    let start = 0;
    for (let i = tokenStart[doc]!; i < tokenStart[doc + 1]!; i++) {
      const t = tokens[i]!;
      if (t < 0) {
        bit = -t & 255;
        run = 0;
        seen = 0;
        start = i + 1;
        continue;
      }
      const m = wordTerms[t]!;
      run = m & (1 << run) ? run + 1 : m & 1 ? 1 : 0;
      seen |= m;
      const named = (bit & NAMEISH) !== 0;
      const bonus =
        run === termCount
          ? named
            ? PHRASE_NAME
            : PHRASE_OTHER
          : (seen & full) === full && i - start < termCount + 3
            ? named
              ? NEAR_NAME
              : NEAR_OTHER
            : 0;
      if (bonus > best.bonus) best = { bonus, field: bit, kind: run === termCount ? 'phrase' : 'near' };
    }
    return best;
  }

  function search(typed: string, accept?: (index: number) => boolean, limit = Infinity): SearchResult {
    const q = searchText(typed);
    const p = plan(q);
    if (!p.terms.length) return { total: 0, matched: new Int32Array(0), top: [] };
    const touched = score(p);
    // Whole-query matches: only services having the query's first word can have one.
    const fs = ++stamp;
    const whole = wholeQuery(q);
    if (whole) {
      // A bonus shared by several services (an IAM prefix of a family, a
      // keyword many carry) says less: identifiers and keywords split theirs.
      let shared = 0;
      const first = whole.ids[0]!;
      const allTerms = (1 << p.terms.length) - 1;
      for (let j = postStart[first]!; j < postStart[first + 1]!; j++) {
        const doc = postDocs[j]!;
        if (docStamp[doc] !== currentScore) continue;
        if (whole.ids.length > 1 && (required[doc]! & allTerms) !== allTerms) continue;
        const full = whole.ids.length === 1 ? (postFull[j]! as Full) : fullMatch(doc, whole.ids);
        fullStamp[doc] = fs;
        fullValue[doc] = fullBonusOf[full]!;
        fullKind[doc] = full;
        if (full === Full.Ident || full === Full.Keyword) shared++;
      }
      if (shared > 1)
        for (let j = postStart[first]!; j < postStart[first + 1]!; j++) {
          const doc = postDocs[j]!;
          if (fullStamp[doc] === fs && (fullKind[doc] === Full.Ident || fullKind[doc] === Full.Keyword))
            fullValue[doc] = fullValue[doc]! / shared;
        }
    }
    // Every required term must match; when that leaves almost nothing for a
    // query of several words, services missing one of them follow, scored
    // down, rather than an empty page.
    const requiredCount = popcount(p.requiredMask);
    let allowMissing = 0;
    if (requiredCount >= 2) {
      let complete = 0;
      for (let t = 0; t < touched; t++)
        if ((required[touchedDocs[t]!]! & p.requiredMask) === p.requiredMask) complete++;
      if (complete < RELAX_BELOW) allowMissing = 1;
    }
    // Each match becomes one float: the score (descending, to 1/1000) and the
    // name order packed together, so one native numeric sort ranks them with
    // ties broken on the name, and no object is made per match.
    let m = 0;
    for (let t = 0; t < touched; t++) {
      const doc = touchedDocs[t]!;
      const missing = requiredCount - popcount(required[doc]! & p.requiredMask);
      if (missing > allowMissing) continue;
      if (accept && !accept(doc)) continue;
      let v = total[doc]! * (missing ? PARTIAL : 1);
      v += phraseBonus(doc, p);
      if (nameHits[doc]! && nameLength[doc])
        v += (COVERAGE * Math.min(nameHits[doc]!, nameLength[doc]!)) / nameLength[doc]!;
      if (p.provider !== undefined && providerOf[doc] === p.provider) v += PROVIDER_HINT;
      v *= factor[doc]!;
      baseScore[doc] = v;
      if (fullStamp[doc] === fs) v += fullValue[doc]! * (namedExactly[fullKind[doc]!] ? 1 : factor[doc]!);
      matchedDocs[m] = doc;
      sortKeys[m++] = -Math.round(v * 1000) * scale + nameRank[doc]!;
    }
    if (p.provider !== undefined) m = namedCloudsCounterparts(p.provider, m, q, accept);
    const keys = sortKeys.subarray(0, m);
    const matched = matchedDocs.subarray(0, m);
    // A page in another order (by name, by provider) needs which services match, not their ranking.
    if (limit <= 0) return { total: m, matched, top: [] };
    // Only the first `limit` (plus the cross-cloud look-ahead) need an order.
    const wanted = Math.min(m, limit + DIVERSITY_LOOKAHEAD);
    if (wanted < m / 4) keys.set(smallest(keys, wanted));
    const ranked = keys.subarray(0, wanted).sort();
    // A hit is made only for the places asked for, not for the whole look-ahead.
    const top = diversify(ranked, p.provider, Math.min(m, Math.floor(limit))).map((i): SearchHit => {
      const k = ranked[i]!;
      const rank = ((k % scale) + scale) % scale;
      return { index: rankToDoc[rank]!, score: -Math.round((k - rank) / scale) / 1000 };
    });
    return { total: m, matched, top };
  }

  /**
   * "azure s3", "gcp redshift": a query naming one cloud and another cloud's product wants the named cloud's
   * counterpart of it, which need not have any of the query's words (Azure Storage has no "s3"). When the best
   * match is on another cloud and ranks above every match on the named one, its equivalents on the named cloud
   * (those the filter accepts) join the matches just above it, those that match the words themselves first. When
   * the query's other words are the whole name of a service on another cloud (`productOnAnotherCloud`), that
   * service is first moved just above the named cloud's best match, and its equivalents above it. Works on the
   * `m` matches in matchedDocs/sortKeys (a smaller key ranks higher) and answers their new count.
   */
  function namedCloudsCounterparts(
    provider: number,
    m: number,
    q: string,
    accept?: (index: number) => boolean,
  ): number {
    let best = -1;
    let bestKey = Infinity;
    let ownKey = Infinity;
    const at = new Map<number, number>();
    for (let i = 0; i < m; i++) {
      const doc = matchedDocs[i]!;
      const key = sortKeys[i]!;
      at.set(doc, i);
      if (providerOf[doc] === provider) ownKey = Math.min(ownKey, key);
      else if (key < bestKey) {
        bestKey = key;
        best = doc;
      }
    }
    if (best >= 0 && bestKey >= ownKey) {
      // The named cloud's own matches rank first ("azure cloud run": Azure services with "cloud" and "run" in
      // their descriptions), unless the rest of the query names another cloud's product outright.
      const named = productOnAnotherCloud(provider, q, at, accept);
      if (named < 0) return m;
      best = named;
      // Just above the named cloud's best match.
      const ownUnits = -(ownKey - (((ownKey % scale) + scale) % scale)) / scale;
      bestKey = -(ownUnits + 1) * scale + nameRank[named]!;
      sortKeys[at.get(named)!] = bestKey;
    }
    if (best < 0) return m;
    const bestUnits = -(bestKey - nameRank[best]!) / scale;
    const bestName = nameWordsOf(best);
    for (let j = peerStart[best]!; j < peerStart[best + 1]!; j++) {
      const doc = peerDocs[j]!;
      // A service closed to new projects or retired is no cloud's answer to a need: it is not moved up.
      if (!openOn(doc, provider, accept)) continue;
      const i = at.get(doc);
      // Its own score breaks the tie among the counterparts, never lifting one past another's place by more;
      // then how much of its name the best match's name shares ("aws gke": Elastic Kubernetes Service before
      // Elastic Container Service, both GKE's counterparts), then the name.
      const own =
        i === undefined ? 0 : Math.min(999, Math.max(0, Math.round(-(sortKeys[i]! - nameRank[doc]!) / scale / 10)));
      const key = -(bestUnits + 1000 + own * 10 + sharedNameTenths(doc, bestName)) * scale + nameRank[doc]!;
      if (i !== undefined) sortKeys[i] = Math.min(sortKeys[i]!, key);
      else {
        baseScore[doc] = 0;
        at.set(doc, m);
        matchedDocs[m] = doc;
        sortKeys[m++] = key;
      }
    }
    return m;
  }

  /**
   * The service on another cloud than `provider` whose name or short name is the whole query without its
   * cloud words ("azure cloud run": Cloud Run), among the matches (`at`); -1 when there is none, when those
   * words are fewer than two (one word, "storage" or "functions", is some cloud's short name and says too
   * little), when a service of the named cloud has them as its whole name, keyword or identifier, or when the
   * product is closed to new projects or has no counterpart on the named cloud that takes them (a retired
   * product would only be moved up alone: "aws media services" is not Azure Media Services).
   */
  function productOnAnotherCloud(
    provider: number,
    q: string,
    at: ReadonlyMap<number, number>,
    accept?: (index: number) => boolean,
  ): number {
    const rest = searchWords(q).filter((w) => !(w in providerWords));
    if (rest.length < 2) return -1;
    const ids = rest.map((w) => vocabulary.find(w));
    if (ids.some((id) => id < 0)) return -1;
    let found = -1;
    for (let j = postStart[ids[0]!]!; j < postStart[ids[0]! + 1]!; j++) {
      const doc = postDocs[j]!;
      if (!at.has(doc) || doc === found) continue;
      const full = fullMatch(doc, ids);
      if (providerOf[doc] === provider) {
        if (full !== Full.None) return -1;
      } else if (
        full === Full.Name &&
        factor[doc]! >= OPEN &&
        hasOpenCounterpart(doc, provider, accept) &&
        (found < 0 || sortKeys[at.get(doc)!]! < sortKeys[at.get(found)!]!)
      )
        found = doc;
    }
    return found;
  }

  /** Whether a service is on `provider`, takes new projects and passes the filter: a counterpart worth moving up. */
  function openOn(doc: number, provider: number, accept?: (index: number) => boolean): boolean {
    return providerOf[doc] === provider && factor[doc]! >= OPEN && (!accept || accept(doc));
  }

  /** Whether a service has an equivalent on `provider` that takes new projects (and the filter accepts). */
  function hasOpenCounterpart(doc: number, provider: number, accept?: (index: number) => boolean): boolean {
    for (let j = peerStart[doc]!; j < peerStart[doc + 1]!; j++) if (openOn(peerDocs[j]!, provider, accept)) return true;
    return false;
  }

  /** The words of a service's full name (its first segment), but a cloud's or its vendor's. */
  function nameWordsOf(doc: number): Set<number> {
    const found = new Set<number>();
    for (let i = tokenStart[doc]! + 1; i < tokenStart[doc + 1]! && tokens[i]! >= 0; i++)
      if (!vendorPrefix.has(words[tokens[i]!]!)) found.add(tokens[i]!);
    return found;
  }

  /** The share of a service's name words found in `other`, in tenths (0 to 9). */
  function sharedNameTenths(doc: number, other: ReadonlySet<number>): number {
    const own = nameWordsOf(doc);
    let shared = 0;
    for (const w of own) if (other.has(w)) shared++;
    return own.size ? Math.min(9, Math.floor((10 * shared) / own.size)) : 0;
  }

  /** The `k` smallest keys, unordered (quickselect on a copy in a reused buffer). */
  function smallest(keys: Float64Array, k: number): Float64Array {
    const a = selectBuffer.subarray(0, keys.length);
    a.set(keys);
    let lo = 0;
    let hi = a.length - 1;
    while (lo < hi) {
      const pivot = a[(lo + hi) >>> 1]!;
      let i = lo;
      let j = hi;
      while (i <= j) {
        while (a[i]! < pivot) i++;
        while (a[j]! > pivot) j--;
        if (i <= j) {
          const t = a[i]!;
          a[i] = a[j]!;
          a[j] = t;
          i++;
          j--;
        }
      }
      if (k - 1 <= j) hi = j;
      else if (k - 1 >= i) lo = i;
      else break;
    }
    return a.subarray(0, k);
  }

  /**
   * Moves each other cloud's best result into the first places when it is
   * strong (a fair share of the top result's score, not counting the bonus
   * for naming it exactly) or is one of the top result's equivalents. Takes
   * the ranked sort keys and gives the positions of the first `count`
   * results in their new order.
   */
  function diversify(ranked: Float64Array, provider: number | undefined, count: number): number[] {
    const order: number[] = [];
    // A query that names its cloud ("azure sql", "Microsoft.Storage") wants that cloud.
    if (ranked.length < 2 || provider !== undefined) {
      for (let i = 0; i < count; i++) order.push(i);
      return order;
    }
    const docAt = (i: number) => rankToDoc[((ranked[i]! % scale) + scale) % scale]!;
    const first = docAt(0);
    const floor = baseScore[first]! * DIVERSITY_SHARE;
    order.push(0);
    const shown = new Set([providerOf[first]]);
    const taken = new Set([0]);
    const limit = Math.min(ranked.length, DIVERSITY_LOOKAHEAD);
    for (let slot = 1; slot < DIVERSITY_SLOTS && slot < ranked.length; slot++) {
      let pick = -1;
      // A service closed to new projects or retired is no cloud's answer to a need: it keeps its place rather than
      // move up.
      const unseen = (i: number) => !taken.has(i) && !shown.has(providerOf[docAt(i)]) && factor[docAt(i)]! >= OPEN;
      for (let i = 1; i < limit && pick < 0; i++) if (unseen(i) && isPeer(first, docAt(i))) pick = i;
      for (let i = 1; i < limit && pick < 0; i++) if (unseen(i) && baseScore[docAt(i)]! >= floor) pick = i;
      for (let i = 1; pick < 0 && i < ranked.length; i++) if (!taken.has(i)) pick = i;
      taken.add(pick);
      order.push(pick);
      shown.add(providerOf[docAt(pick)]);
    }
    for (let i = 1; i < ranked.length && order.length < count; i++) if (!taken.has(i)) order.push(i);
    return order.slice(0, count);
  }

  /** The query's words as vocabulary ids (undefined when one is unknown: no segment can equal it). */
  function wholeQuery(q: string): { ids: number[] } | undefined {
    const ws = searchWords(q);
    const ids: number[] = [];
    for (const w of ws) {
      const id = vocabulary.find(w);
      if (id < 0) return undefined;
      ids.push(id);
    }
    return ids.length ? { ids } : undefined;
  }

  function explain(typed: string, docs: readonly number[]): SearchMatch[][] {
    const q = searchText(typed);
    const p = plan(q);
    markWords(p);
    const whole = wholeQuery(q);
    return docs.map((doc) => {
      const out: SearchMatch[] = [];
      const fieldsOf = new Map<number, number>();
      let bit = 0;
      for (let i = tokenStart[doc]!; i < tokenStart[doc + 1]!; i++) {
        const t = tokens[i]!;
        if (t < 0) bit = -t & 255;
        else fieldsOf.set(t, (fieldsOf.get(t) ?? 0) | bit);
      }
      const seen = new Set<string>();
      const push = (term: string, mask: number, word: string, kind: MatchKind) => {
        for (let b = 1; b < 256; b <<= 1) {
          const key = `${term}\u0000${fieldOfBit[b]}\u0000${word}`;
          if (mask & b && !seen.has(key)) {
            seen.add(key);
            out.push({ term, field: fieldOfBit[b]!, word, kind });
          }
        }
      };
      p.terms.forEach((term, k) => {
        for (const h of p.direct[k]!) push(term, fieldsOf.get(h.word) ?? 0, words[h.word]!, h.kind);
        for (const phrase of p.synonyms[k]!)
          for (const hits of phrase)
            for (const h of hits) push(term, fieldsOf.get(h.word) ?? 0, words[h.word]!, 'synonym');
      });
      const phrase = phraseMatch(doc, p.terms.length);
      if (phrase.bonus) push(p.terms.join(' '), phrase.field, p.terms.join(' '), phrase.kind);
      const full = whole ? fullMatch(doc, whole.ids) : Full.None;
      if (full !== Full.None) {
        const text = whole!.ids.map((id) => words[id]!).join(' ');
        out.push({ term: q.trim(), field: fullFieldOf[full]!, word: text, kind: 'full' });
      }
      return out;
    });
  }

  return { search, explain };
}

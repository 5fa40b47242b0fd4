/**
 * A frozen copy of the relevance engine (src/core/search.ts) as it ranked
 * before its index build and query were reworked for speed (interned words,
 * flat arrays, no per-service maps or sets). src/core/search.test.ts holds the
 * reworked engine to it on random catalogues: same matches, same order, same
 * scores, same explanations. Not used by the application. When the ranking
 * itself changes on purpose, update this copy in the same commit (or retire
 * the comparison): it guards the rework, not the ranking rules.
 *
 * The original header follows.
 */
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
 *   first rather than three of one.
 */
import type { ServiceEntry } from '../../src/core/schemas.ts';
import { searchText } from '../../src/core/search.ts';

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
const SIBILANT_END = /(s|x|z|ch|sh)$/;
const CONSONANT_Y_END = /[^aeiou]y$/;
/** A word's English plural: `es` after s, x, z, ch or sh, `ies` for a `y` after a consonant, else `s`. */
const pluralOf = (word: string): string =>
  SIBILANT_END.test(word) ? `${word}es` : CONSONANT_Y_END.test(word) ? `${word.slice(0, -1)}ies` : `${word}s`;
const isPluralOf = (word: string, term: string): boolean => term.length >= 3 && word === pluralOf(term);
/**
 * The other forms of a term that match it as the same word, beyond the plurals that start with it: the plural of
 * a word ending in a consonant and `y` (`policy` → `policies`), and the singulars of a plural (`balancers` →
 * `balancer`, `policies` → `policy`, `boxes` → `box`), so a word matches in either number, whichever the
 * catalogue wrote.
 */
const otherNumbers = (term: string): string[] => {
  const forms = CONSONANT_Y_END.test(term) && term.length >= 3 ? [pluralOf(term)] : [];
  for (const singular of [term.slice(0, -1), term.slice(0, -2), `${term.slice(0, -3)}y`])
    if (singular.length >= 3 && pluralOf(singular) === term) forms.push(singular);
  return forms;
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
  /** Every matching service's index, unordered. */
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

/** Words of a name without the vendor's prefix and any parenthesised short form. */
const withoutParentheses = (name: string) => (name.includes('(') ? name.replace(/\([^)]*\)/g, ' ') : name);
const coreOf = (words: string[]): string[] => {
  let i = 0;
  while (i < words.length - 1 && vendorPrefix.has(words[i]!)) i++;
  return words.slice(i);
};

const TWO_LETTER_WORDS = new Set(['ai', 'ad', 'id', 'io', 'ip', 'it', 'os', 'ui']);

/** Acronyms made of a name's initials (with and without the vendor prefix), 2 to 6 letters (two: see search.ts). */
function derivedAcronyms(nameWords: string[]): string[] {
  const all = nameWords.filter((w) => !fillerWords.has(w) || w === 'cloud');
  const out = new Set<string>();
  for (let start = 0; start < all.length && (start === 0 || vendorPrefix.has(all[start - 1]!)); start++) {
    const initials = all
      .slice(start)
      .map((w) => w[0])
      .join('');
    const fromVendor = vendorPrefix.has(all[start]!);
    if (initials.length === 2 && (fromVendor || TWO_LETTER_WORDS.has(initials))) continue;
    if (initials.length >= 2 && initials.length <= 6 && all.length - start > 1) out.add(initials);
  }
  return [...out];
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
    if (this.length === this.data.length) {
      const bigger = new Int32Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = v;
  }
}

export function createSearchEngine(options: SearchEngineOptions): SearchEngine {
  const { services } = options;
  const n = services.length;
  const nameRank = options.nameRank ?? Int32Array.from(services, (_, i) => i);
  const rankToDoc = new Int32Array(n);
  nameRank.forEach((rank, doc) => (rankToDoc[rank] = doc));

  // ------------------------------------------------------------ vocabulary and postings
  const wordIds = new Map<string, number>();
  const words: string[] = [];
  /** Services per word, counted while adding, for the postings' offsets. */
  const wordCount: number[] = [];
  // Everything per service lives in a few flat typed arrays with offsets, not
  // in an array per word or per service: at 100,000 services that is the
  // difference between a few allocations and a million.
  /** (word, field mask | one-word whole-query kind << 8) pairs, service after service. */
  const pairWord = new GrowingInts(n * 16);
  const pairMaskFull = new GrowingInts(n * 16);
  const pairEnd = new Int32Array(n);
  /**
   * Every service's searchable text as word ids, in segments (one per name,
   * keyword, identifier…), each preceded by a marker -(field bit | whole-query
   * kind << 8); service `doc` is [tokenStart[doc], tokenStart[doc + 1]).
   * Phrases, whole-query matches and explanations read it.
   */
  const tokenBuffer = new GrowingInts(n * 48);
  const tokenStart = new Int32Array(n + 1);
  /** Where the segments that can earn a whole-query bonus start (positions in the token buffer). */
  const fullBuffer = new GrowingInts(n * 8);
  const fullStart = new Int32Array(n + 1);
  /** Per service: words in its shortest core name (for coverage). */
  const nameLength = new Uint8Array(n);
  const providerOf = new Uint8Array(n);
  const providerCodes = new Map<string, number>();
  const factor = new Float32Array(n);

  const wordId = (w: string): number => {
    let id = wordIds.get(w);
    if (id === undefined) {
      id = words.length;
      wordIds.set(w, id);
      words.push(w);
      wordCount.push(0);
    }
    return id;
  };

  const seen = new Map<number, number>(); // word id -> field mask, for the service being added
  const seenFull = new Map<number, Full>(); // word id -> best one-word whole-query kind
  const nameSegments: string[] = [];
  services.forEach((s, doc) => {
    tokenStart[doc] = tokenBuffer.length;
    fullStart[doc] = fullBuffer.length;
    seen.clear();
    seenFull.clear();
    nameSegments.length = 0;
    const add = (bit: number, ws: string[], full: Full = Full.None) => {
      if (!ws.length) return;
      if (bit === NAME || bit === VARIANT) {
        // The spellings of a name often coincide ("Cloud Run" is name, short name and core name).
        const key = ws.join(' ');
        if (nameSegments.includes(key)) return;
        nameSegments.push(key);
      }
      if (full !== Full.None) {
        fullBuffer.push(tokenBuffer.length);
        // A one-word segment's kind travels with the posting, so a one-word query reads it in order.
        if (ws.length === 1) {
          const id = wordId(ws[0]!);
          if (fullBonusOf[full]! > fullBonusOf[seenFull.get(id) ?? 0]!) seenFull.set(id, full);
        }
      }
      tokenBuffer.push(-(bit | (full << 8)));
      for (const w of ws) {
        const id = wordId(w);
        tokenBuffer.push(id);
        seen.set(id, (seen.get(id) ?? 0) | bit);
      }
    };
    const addText = (bit: number, text: string, full: Full = Full.None) => add(bit, searchWords(text), full);
    const nameWords = searchWords(s.name);
    const shortWords = searchWords(s.shortName);
    const hasParentheses = s.name.includes('(');
    const plainName = hasParentheses ? searchWords(withoutParentheses(s.name)) : nameWords;
    const plainShort = s.shortName.includes('(') ? searchWords(withoutParentheses(s.shortName)) : shortWords;
    add(NAME, nameWords, Full.Name);
    add(NAME, shortWords, Full.Name);
    const cores = [coreOf(plainName), coreOf(plainShort)].filter((c) => c.length);
    nameLength[doc] = Math.min(255, ...cores.map((c) => c.length));
    add(VARIANT, plainName, Full.Name);
    if (hasParentheses) for (const m of s.name.matchAll(/\(([^)]*)\)/g)) addText(VARIANT, m[1]!, Full.Name);
    for (const c of cores) add(VARIANT, c, Full.Name);
    // Short names typed as one word: "pubsub" for Pub/Sub, "cosmosdb" for Cosmos DB.
    for (const c of cores) if (c.length > 1 && c.length < 4) add(VARIANT, [c.join('')], Full.Name);
    const explicitAcronyms = s.keywords.filter(looksLikeAcronym);
    for (const k of explicitAcronyms) addText(ACRONYM, k, Full.Acronym);
    const derived = [...new Set([...derivedAcronyms(plainName), ...derivedAcronyms(plainShort)])].filter(
      (a) => !wordIds.has(a) || !seen.has(wordIds.get(a)!),
    );
    for (const a of derived) add(ACRONYM, [a], Full.Derived);
    for (const f of s.formerNames) {
      const ws = searchWords(f);
      add(FORMER, ws, Full.Former);
      add(FORMER, coreOf(ws), Full.Former);
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
    addText(CATEGORY, options.categoryName(s.category) ?? s.category);
    addText(DESCRIPTION, s.description);
    for (const x of s.subServices) addText(DESCRIPTION, x.description);
    for (const [id, mask] of seen) {
      pairWord.push(id);
      pairMaskFull.push(mask | ((seenFull.get(id) ?? Full.None) << 8));
      wordCount[id]!++;
    }
    pairEnd[doc] = pairWord.length;

    tokenStart[doc + 1] = tokenBuffer.length;
    fullStart[doc + 1] = fullBuffer.length;
    if (!providerCodes.has(s.provider)) providerCodes.set(s.provider, providerCodes.size);
    providerOf[doc] = providerCodes.get(s.provider)!;
    factor[doc] = s.lifecycle ? (lifecycleFactor[s.lifecycle.status] ?? 1) : 1;
  });

  /**
   * The whole-query bonus of a service: the query's words are exactly one of
   * its segments (a name, an acronym, an identifier…). A bonus shared by
   * several services (an IAM prefix of a family, a keyword many carry) says
   * less, so identifiers and keywords split theirs among them.
   */
  /** The best whole-query kind of a service for the query's word ids (Full.None when none). */
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

  // Each service's equivalents on the other clouds, as indexes.
  const indexOf = new Map(services.map((s, i) => [s.id, i]));
  const equivalentsOf = services.map(
    (s) =>
      new Set(
        Object.values(s.equivalents)
          .flatMap((v) => (typeof v === 'string' ? [v] : v))
          .map((id) => indexOf.get(id))
          .filter((i): i is number => i !== undefined),
      ),
  );

  // Sorted vocabulary for prefix ranges; buckets by first letter for fuzzy matching.
  const sorted = Int32Array.from(words.keys()).sort((a, b) => (words[a]! < words[b]! ? -1 : 1));
  const sortedWords = Array.from(sorted, (i) => words[i]!);
  // Postings: the services of word w are postDocs[postStart[w], postStart[w + 1]), in order.
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
  const tokens = tokenBuffer.data;
  const fullSegmentAt = fullBuffer.data;
  const byFirstLetter = new Map<string, number[]>();
  words.forEach((w, id) => {
    if (!/^[a-z]/.test(w)) return;
    const list = byFirstLetter.get(w[0]!);
    if (list) list.push(id);
    else byFirstLetter.set(w[0]!, [id]);
  });

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
    for (let i = lo; i < sortedWords.length && sortedWords[i]!.startsWith(term); i++) {
      const w = sortedWords[i]!;
      if (w.length === term.length || (plurals && isPluralOf(w, term)))
        hits.push({ word: sorted[i]!, quality: EXACT, kind: 'exact' });
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
    for (const letter of new Set([term[0]!, term[1]!])) {
      for (const id of byFirstLetter.get(letter) ?? []) {
        const w = words[id]!;
        if (Math.abs(w.length - term.length) > max) continue;
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
    const plurals = !/[.:/]/.test(q);
    const direct = terms.map((t) => wordHits(t, true, plurals));
    // Two neighbouring words that together are a word of some service's name match it too.
    for (let k = 0; k + 1 < terms.length; k++) {
      const id = wordIdOf(terms[k]! + terms[k + 1]!);
      if (id === undefined) continue;
      let named = false;
      for (let j = postStart[id]!; j < postStart[id + 1]!; j++) if (postMasks[j]! & NAMEISH) named = true;
      if (!named) continue;
      for (const j of [k, k + 1])
        if (!direct[j]!.some((h) => h.word === id)) direct[j]!.push({ word: id, quality: EXACT, kind: 'exact' });
    }
    const synonyms = terms.map((t) =>
      (synonymsOf.get(t) ?? []).map((phrase) => phrase.map((w, i) => wordHits(w, i === phrase.length - 1, plurals))),
    );
    return { terms, requiredMask, provider, direct, synonyms };
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

  /** Phrase and proximity bonus from a service's token stream. */
  function phraseBonus(doc: number, termCount: number): number {
    return termCount < 2 ? 0 : phraseMatch(doc, termCount).bonus;
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
    const termCount = p.terms.length;
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
    const scale = 2 ** Math.ceil(Math.log2(n + 1));
    let m = 0;
    for (let t = 0; t < touched; t++) {
      const doc = touchedDocs[t]!;
      const missing = requiredCount - popcount(required[doc]! & p.requiredMask);
      if (missing > allowMissing) continue;
      if (accept && !accept(doc)) continue;
      let v = total[doc]! * (missing ? PARTIAL : 1);
      v += phraseBonus(doc, termCount);
      if (nameHits[doc]! && nameLength[doc])
        v += (COVERAGE * Math.min(nameHits[doc]!, nameLength[doc]!)) / nameLength[doc]!;
      if (p.provider !== undefined && providerOf[doc] === p.provider) v += PROVIDER_HINT;
      v *= factor[doc]!;
      baseScore[doc] = v;
      if (fullStamp[doc] === fs) v += fullValue[doc]! * (namedExactly[fullKind[doc]!] ? 1 : factor[doc]!);
      sortKeys[m++] = -Math.round(v * 1000) * scale + nameRank[doc]!;
    }
    // A query naming one cloud and another cloud's product: the named cloud's equivalents of the best match join it.
    if (p.provider !== undefined) {
      const docOf = (key: number) => rankToDoc[((key % scale) + scale) % scale]!;
      let bestKey = Infinity;
      let ownKey = Infinity;
      for (let i = 0; i < m; i++) {
        if (providerOf[docOf(sortKeys[i]!)] === p.provider) ownKey = Math.min(ownKey, sortKeys[i]!);
        else bestKey = Math.min(bestKey, sortKeys[i]!);
      }
      let best = bestKey < ownKey ? docOf(bestKey) : -1;
      // Or the rest of the query is the whole name of a service on another cloud ("azure cloud run"), still open
      // and with an open counterpart on the named cloud, when no service of the named cloud has those words (two
      // or more) as a whole name, keyword or identifier.
      const rest = searchWords(q).filter((w) => !(w in providerWords));
      const restIds = rest.map((w) => wordIds.get(w) ?? -1);
      if (best < 0 && bestKey < Infinity && rest.length >= 2 && !restIds.includes(-1)) {
        let named = -1;
        let namedAt = -1;
        let ownHasIt = false;
        for (let i = 0; i < m; i++) {
          const doc = docOf(sortKeys[i]!);
          const full = fullMatch(doc, restIds);
          if (providerOf[doc] === p.provider) ownHasIt ||= full !== Full.None;
          else if (
            full === Full.Name &&
            // Open to new projects, with a counterpart on the named cloud that is too (and that the filter takes).
            factor[doc]! >= OPEN &&
            [...equivalentsOf[doc]!].some(
              (peer) => providerOf[peer] === p.provider && factor[peer]! >= OPEN && (!accept || accept(peer)),
            ) &&
            (named < 0 || sortKeys[i]! < sortKeys[namedAt]!)
          ) {
            named = doc;
            namedAt = i;
          }
        }
        if (named >= 0 && !ownHasIt) {
          const ownUnits = -(ownKey - nameRank[docOf(ownKey)]!) / scale;
          sortKeys[namedAt] = -(ownUnits + 1) * scale + nameRank[named]!;
          best = named;
          bestKey = sortKeys[namedAt]!;
        }
      }
      if (best >= 0) {
        const bestUnits = -(bestKey - nameRank[best]!) / scale;
        // The words of a full name, but the clouds' and vendors'.
        const nameWordsOf = (doc: number) => {
          const found = new Set<number>();
          for (let i = tokenStart[doc]! + 1; i < tokenStart[doc + 1]! && tokens[i]! >= 0; i++)
            if (!vendorPrefix.has(words[tokens[i]!]!)) found.add(tokens[i]!);
          return found;
        };
        const bestName = nameWordsOf(best);
        for (const doc of equivalentsOf[best]!) {
          if (providerOf[doc] !== p.provider || factor[doc]! < OPEN || (accept && !accept(doc))) continue;
          let i = 0;
          while (i < m && docOf(sortKeys[i]!) !== doc) i++;
          const own = i < m ? Math.min(999, Math.max(0, Math.round(-(sortKeys[i]! - nameRank[doc]!) / scale / 10))) : 0;
          const name = nameWordsOf(doc);
          const sharedTenths = name.size
            ? Math.min(9, Math.floor((10 * [...name].filter((w) => bestName.has(w)).length) / name.size))
            : 0;
          const key = -(bestUnits + 1000 + own * 10 + sharedTenths) * scale + nameRank[doc]!;
          if (i < m) sortKeys[i] = Math.min(sortKeys[i]!, key);
          else sortKeys[m++] = key;
        }
      }
    }
    const keys = sortKeys.subarray(0, m);
    const matched = new Int32Array(m);
    for (let i = 0; i < m; i++) matched[i] = rankToDoc[((keys[i]! % scale) + scale) % scale]!;
    // Only the first `limit` (plus the cross-cloud look-ahead) need an order.
    const wanted = Math.min(m, limit + DIVERSITY_LOOKAHEAD);
    if (wanted < m / 4) keys.set(smallest(keys, wanted));
    const ranked = keys.subarray(0, wanted).sort();
    const hits: SearchHit[] = Array.from(ranked, (k) => {
      const rank = ((k % scale) + scale) % scale;
      return { index: rankToDoc[rank]!, score: -Math.round((k - rank) / scale) / 1000 };
    });
    return { total: m, matched, top: diversify(hits, p.provider).slice(0, Math.min(m, limit)) };
  }

  /** The `k` smallest keys, unordered (quickselect on a copy). */
  function smallest(keys: Float64Array, k: number): Float64Array {
    const a = Float64Array.from(keys);
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
   * for naming it exactly) or is one of the top result's equivalents.
   */
  function diversify(ranked: SearchHit[], provider: number | undefined): SearchHit[] {
    // A query that names its cloud ("azure sql", "Microsoft.Storage") wants that cloud.
    if (ranked.length < 2 || provider !== undefined) return ranked;
    const first = ranked[0]!.index;
    const floor = baseScore[first]! * DIVERSITY_SHARE;
    const peers = equivalentsOf[first]!;
    const out: SearchHit[] = [ranked[0]!];
    const shown = new Set([providerOf[first]]);
    const taken = new Set([0]);
    const limit = Math.min(ranked.length, DIVERSITY_LOOKAHEAD);
    for (let slot = 1; slot < DIVERSITY_SLOTS && slot < ranked.length; slot++) {
      let pick = -1;
      // A service closed to new projects or retired is no cloud's answer to a need: it keeps its place rather than
      // move up.
      const unseen = (i: number) =>
        !taken.has(i) && !shown.has(providerOf[ranked[i]!.index]) && factor[ranked[i]!.index]! >= OPEN;
      for (let i = 1; i < limit && pick < 0; i++) if (unseen(i) && peers.has(ranked[i]!.index)) pick = i;
      for (let i = 1; i < limit && pick < 0; i++) if (unseen(i) && baseScore[ranked[i]!.index]! >= floor) pick = i;
      for (let i = 1; pick < 0 && i < ranked.length; i++) if (!taken.has(i)) pick = i;
      taken.add(pick);
      out.push(ranked[pick]!);
      shown.add(providerOf[ranked[pick]!.index]);
    }
    for (let i = 1; i < ranked.length; i++) if (!taken.has(i)) out.push(ranked[i]!);
    return out;
  }

  /** The query's words as vocabulary ids (undefined when one is unknown: no segment can equal it). */
  function wholeQuery(q: string): { ids: number[] } | undefined {
    const ws = searchWords(q);
    const ids: number[] = [];
    for (const w of ws) {
      const id = wordIds.get(w);
      if (id === undefined) return undefined;
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

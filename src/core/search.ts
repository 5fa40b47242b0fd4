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
 *   being typed) or, when no word starts with it, within an edit distance
 *   scaled to its length (one edit from 4 letters, two from 8). Reviewed
 *   synonyms add the words a service carries for an engineer's shorthand
 *   (k8s → kubernetes, vm → virtual machine).
 * - A term scores the weight of the best field it hit (name and acronyms
 *   above identifiers and keywords, above category and description) times
 *   the match quality (exact > prefix > synonym > fuzzy). Bonuses follow: the
 *   whole query equal to a name, acronym, former name, id or policy
 *   identifier; the terms as a phrase or close together; how much of the
 *   name the query covers; the provider the query names.
 * - Ties break on the name order. Among the first results, a strong match
 *   from a cloud not yet shown moves up, so a generic need ("object
 *   storage") lists each cloud's service first rather than three of one.
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
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** Search words of a text: folded, split on anything that is not a letter or digit. */
export const searchWords = (text: string): string[] =>
  fold(text)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

// Field bits and weights. Name-like fields share the top weight; a former
// name sits just under the current one so today's name wins a tie.
const NAME = 1;
const ACRONYM = 2;
const FORMER = 4;
const IDENT = 8;
const KEYWORD = 16;
const CATEGORY = 32;
const DESCRIPTION = 64;
const fieldOfBit: Record<number, SearchField> = {
  [NAME]: 'name',
  [ACRONYM]: 'acronym',
  [FORMER]: 'formerName',
  [IDENT]: 'identifier',
  [KEYWORD]: 'keyword',
  [CATEGORY]: 'category',
  [DESCRIPTION]: 'description',
};
const weightOfBit: Record<number, number> = {
  [NAME]: 10,
  [ACRONYM]: 10,
  [FORMER]: 9,
  [IDENT]: 6,
  [KEYWORD]: 6,
  [CATEGORY]: 2,
  [DESCRIPTION]: 1.5,
};
const NAMEISH = NAME | ACRONYM | FORMER;
/** Best weight and its bit for every combination of field bits. */
const maskWeight = new Float32Array(128);
const maskBit = new Uint8Array(128);
for (let m = 1; m < 128; m++) {
  for (let b = 1; b < 128; b <<= 1)
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

// Bonuses, added once per service.
const FULL_NAME = 60; // the whole query is the name, short name or an acronym
const FULL_FORMER = 50; // … a former name
const FULL_IDENT = 45; // … the id or a policy identifier
const FULL_DERIVED = 35; // … an acronym made of the name's initials
const FULL_KEYWORD = 30; // … a keyword (aliases, old names kept as keywords)
const PHRASE_NAME = 15;
const PHRASE_OTHER = 6;
const NEAR_NAME = 6;
const NEAR_OTHER = 3;
const COVERAGE = 12; // times the share of the name's words the query matched
const PROVIDER_HINT = 8;
/** A cloud's best result moves into the first places when it scores at least this share of the top result. */
const DIVERSITY_SHARE = 0.45;
const DIVERSITY_SLOTS = 3;
const lifecycleFactor: Record<string, number> = { preview: 1, deprecated: 0.85, sunset: 0.85, retired: 0.7 };

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

export interface SearchEngine {
  /**
   * Services matching `q`, best first. `accept` restricts the candidates
   * (the facet filters) before ranking, so the cross-cloud promotion sees
   * only what will be shown.
   */
  search(q: string, accept?: (index: number) => boolean): SearchHit[];
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

/** Optimal string alignment distance, abandoned past `max`. */
function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const n = b.length;
  let prev2 = new Array<number>(n + 1).fill(0);
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  let cur = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let best = i;
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2]! + 1);
      cur[j] = v;
      if (v < best) best = v;
    }
    if (best > max) return max + 1;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[n]!;
}

/** Words of a name without the vendor's prefix and any parenthesised short form. */
const coreWords = (name: string): string[] => {
  const words = searchWords(name.replace(/\([^)]*\)/g, ' '));
  let i = 0;
  while (i < words.length - 1 && vendorPrefix.has(words[i]!)) i++;
  return words.slice(i);
};

/** Acronyms made of a name's initials (with and without the vendor prefix), 2 to 6 letters. */
function derivedAcronyms(name: string): string[] {
  const all = searchWords(name.replace(/\([^)]*\)/g, ' ')).filter((w) => !fillerWords.has(w) || w === 'cloud');
  const out = new Set<string>();
  for (let start = 0; start < all.length && (start === 0 || vendorPrefix.has(all[start - 1]!)); start++) {
    const initials = all
      .slice(start)
      .map((w) => w[0])
      .join('');
    if (initials.length >= 2 && initials.length <= 6 && all.length - start > 1) out.add(initials);
  }
  return [...out];
}

/** A keyword written like an acronym (S3, GKE, EC2, K8s): one short word with capitals or digits. */
const looksLikeAcronym = (k: string) =>
  /^[A-Za-z0-9]{2,6}$/.test(k) && /[A-Z]/.test(k) && k.replace(/[^A-Z0-9]/g, '').length >= k.length - 1;

export function createSearchEngine(options: SearchEngineOptions): SearchEngine {
  const { services } = options;
  const n = services.length;
  const nameRank = options.nameRank ?? Int32Array.from(services, (_, i) => i);

  // ------------------------------------------------------------ vocabulary and postings
  const wordIds = new Map<string, number>();
  const words: string[] = [];
  const postDocs: number[][] = [];
  const postMasks: number[][] = [];
  /** Per service: its searchable text as word ids, each field preceded by -bit. */
  const docTokens: Int32Array[] = new Array(n);
  /** Per service: words in its shortest core name (for coverage). */
  const nameLength = new Uint8Array(n);
  /** Whole folded strings (words joined by one space) that earn a bonus when the query equals them. */
  const fullMatches = new Map<string, { doc: number; bonus: number; field: SearchField; text: string }[]>();
  const providerOf = new Uint8Array(n);
  const providerCodes = new Map<string, number>();
  const factor = new Float32Array(n);

  const wordId = (w: string): number => {
    let id = wordIds.get(w);
    if (id === undefined) {
      id = words.length;
      wordIds.set(w, id);
      words.push(w);
      postDocs.push([]);
      postMasks.push([]);
    }
    return id;
  };
  const addFull = (text: string, doc: number, bonus: number, field: SearchField) => {
    const key = searchWords(text).join(' ');
    if (!key) return;
    const list = fullMatches.get(key);
    const entry = { doc, bonus, field, text };
    if (!list) fullMatches.set(key, [entry]);
    else {
      const same = list.find((e) => e.doc === doc);
      if (!same) list.push(entry);
      else if (same.bonus < bonus) Object.assign(same, entry);
    }
  };

  services.forEach((s, doc) => {
    const tokens: number[] = [];
    const seen = new Map<number, number>(); // word id -> field mask for this service
    const add = (bit: number, text: string) => {
      const ws = searchWords(text);
      if (!ws.length) return;
      tokens.push(-bit);
      for (const w of ws) {
        const id = wordId(w);
        tokens.push(id);
        seen.set(id, (seen.get(id) ?? 0) | bit);
      }
    };
    add(NAME, s.name);
    add(NAME, s.shortName);
    const explicitAcronyms = s.keywords.filter(looksLikeAcronym);
    for (const k of explicitAcronyms) add(ACRONYM, k);
    const derived = [...new Set([...derivedAcronyms(s.name), ...derivedAcronyms(s.shortName)])].filter(
      (a) => !wordIds.has(a) || !seen.has(wordIds.get(a)!),
    );
    for (const a of derived) add(ACRONYM, a);
    for (const f of s.formerNames) add(FORMER, f);
    const ids = [
      ...(s.identifiers.iamPrefixes ?? []),
      ...(s.identifiers.resourceProviders ?? []),
      ...(s.identifiers.serviceNames ?? []),
      ...s.subServices.flatMap((x) => [
        ...(x.identifiers?.iamPrefixes ?? []),
        ...(x.identifiers?.resourceProviders ?? []),
        ...(x.identifiers?.serviceNames ?? []),
      ]),
    ];
    add(IDENT, s.id);
    for (const x of ids) add(IDENT, x);
    for (const k of s.keywords) if (!explicitAcronyms.includes(k)) add(KEYWORD, k);
    for (const x of s.subServices) add(KEYWORD, x.name);
    add(CATEGORY, options.categoryName(s.category) ?? s.category);
    add(DESCRIPTION, s.description);
    for (const x of s.subServices) add(DESCRIPTION, x.description);
    for (const [id, mask] of seen) {
      postDocs[id]!.push(doc);
      postMasks[id]!.push(mask);
    }
    docTokens[doc] = Int32Array.from(tokens);

    const cores = [coreWords(s.name), coreWords(s.shortName)].filter((c) => c.length);
    nameLength[doc] = Math.min(255, ...cores.map((c) => c.length));
    for (const t of [s.name, s.shortName, s.name.replace(/\s*\([^)]*\)/g, ''), ...cores.map((c) => c.join(' '))])
      addFull(t, doc, FULL_NAME, 'name');
    for (const m of s.name.matchAll(/\(([^)]*)\)/g)) addFull(m[1]!, doc, FULL_NAME, 'name');
    // Names typed as one word: "pubsub" for Pub/Sub, "cloudrun" for Cloud Run.
    for (const c of cores) if (c.length > 1) addFull(c.join(''), doc, FULL_NAME, 'name');
    for (const k of explicitAcronyms) addFull(k, doc, FULL_NAME, 'acronym');
    for (const a of derived) addFull(a, doc, FULL_DERIVED, 'acronym');
    for (const f of s.formerNames) {
      addFull(f, doc, FULL_FORMER, 'formerName');
      const core = coreWords(f);
      if (core.length) addFull(core.join(' '), doc, FULL_FORMER, 'formerName');
    }
    addFull(s.id, doc, FULL_IDENT, 'identifier');
    for (const x of ids) addFull(x, doc, FULL_IDENT, 'identifier');
    for (const k of s.keywords) if (!explicitAcronyms.includes(k)) addFull(k, doc, FULL_KEYWORD, 'keyword');

    if (!providerCodes.has(s.provider)) providerCodes.set(s.provider, providerCodes.size);
    providerOf[doc] = providerCodes.get(s.provider)!;
    factor[doc] = s.lifecycle ? (lifecycleFactor[s.lifecycle.status] ?? 1) : 1;
  });

  // A whole-query bonus says "this is the one you mean": shared by several
  // services (an IAM prefix of a family, a keyword many carry) it says less,
  // so it is split among them. Names and acronyms keep theirs.
  for (const list of fullMatches.values())
    if (list.length > 1)
      for (const e of list) if (e.field === 'identifier' || e.field === 'keyword') e.bonus /= list.length;

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
  const docsOf = postDocs.map((d) => Int32Array.from(d));
  const masksOf = postMasks.map((m) => Uint8Array.from(m));
  postDocs.length = 0;
  postMasks.length = 0;
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

  /** Vocabulary words a term reaches directly: exact, prefix, else fuzzy. */
  function wordHits(term: string, prefix: boolean): WordHit[] {
    const hits: WordHit[] = [];
    let lo = 0;
    let hi = sortedWords.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (sortedWords[mid]! < term) lo = mid + 1;
      else hi = mid;
    }
    // A term that is itself a word ("vm") was most likely typed whole, so
    // longer words it starts ("vmware") count for less.
    const whole = sortedWords[lo] === term ? PREFIX_OF_WHOLE : 1;
    for (let i = lo; i < sortedWords.length && sortedWords[i]!.startsWith(term); i++) {
      const w = sortedWords[i]!;
      if (w.length === term.length) hits.push({ word: sorted[i]!, quality: EXACT, kind: 'exact' });
      else if (prefix)
        hits.push({ word: sorted[i]!, quality: whole * prefixQuality(term.length, w.length), kind: 'prefix' });
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
  const total = new Float32Array(n);
  const required = new Uint32Array(n); // bit k: required term k matched
  const nameHits = new Uint8Array(n);
  const docStamp = new Uint32Array(n);
  let stamp = 0;
  const wordTerms = new Uint32Array(words.length); // bit k: word matched term k (phrase detection)
  const touchedDocs: number[] = [];
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
      const d = docsOf[h.word]!;
      const m = masksOf[h.word]!;
      const q = h.quality * weight;
      for (let j = 0; j < d.length; j++) {
        const doc = d[j]!;
        const v = maskWeight[m[j]!]! * q;
        if (termStamp[doc] !== s) {
          termStamp[doc] = s;
          termScore[doc] = v;
          termBit[doc] = maskBit[m[j]!]!;
          docs.push(doc);
        } else if (v > termScore[doc]!) {
          termScore[doc] = v;
          termBit[doc] = maskBit[m[j]!]!;
        }
      }
    }
    return { docs, scores: docs.map((d) => termScore[d]!), bits: docs.map((d) => termBit[d]!) };
  }

  /** Merges results, keeping each service's best; `all` requires a service in every part (a phrase). */
  function merge(parts: TermResult[], all: boolean): TermResult {
    if (parts.length === 1) return parts[0]!;
    const s = ++stamp;
    const count = new Map<number, number>();
    const docs: number[] = [];
    for (const p of parts) {
      p.docs.forEach((doc, j) => {
        const v = p.scores[j]!;
        if (termStamp[doc] !== s) {
          termStamp[doc] = s;
          termScore[doc] = all ? v / parts.length : v;
          termBit[doc] = p.bits[j]!;
          docs.push(doc);
          count.set(doc, 1);
        } else {
          if (all) termScore[doc] = termScore[doc]! + v / parts.length;
          else if (v > termScore[doc]!) {
            termScore[doc] = v;
            termBit[doc] = p.bits[j]!;
          }
          count.set(doc, count.get(doc)! + 1);
        }
      });
    }
    const kept = all ? docs.filter((d) => count.get(d) === parts.length) : docs;
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
    const direct = terms.map((t) => wordHits(t, true));
    const synonyms = terms.map((t) =>
      (synonymsOf.get(t) ?? []).map((phrase) => phrase.map((w, i) => wordHits(w, i === phrase.length - 1))),
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

  /** Runs the plan: fills total/required/nameHits for the services it touches. */
  function score(p: Plan): number[] {
    const s0 = ++stamp;
    touchedDocs.length = 0;
    markWords(p);
    p.terms.forEach((_, k) => {
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
      r.docs.forEach((doc, j) => {
        if (docStamp[doc] !== s0) {
          docStamp[doc] = s0;
          total[doc] = 0;
          required[doc] = 0;
          nameHits[doc] = 0;
          touchedDocs.push(doc);
        }
        total[doc] = total[doc]! + r.scores[j]!;
        required[doc]! |= 1 << k;
        if (r.bits[j]! & NAMEISH) nameHits[doc]!++;
      });
    });
    return touchedDocs;
  }

  /** Phrase and proximity bonus from a service's token stream. */
  function phraseBonus(doc: number, termCount: number): number {
    return phraseMatch(doc, termCount).bonus;
  }

  function phraseMatch(doc: number, termCount: number): { bonus: number; field: number; kind: MatchKind } {
    const none = { bonus: 0, field: 0, kind: 'phrase' as MatchKind };
    if (termCount < 2) return none;
    const tokens = docTokens[doc]!;
    const full = (1 << termCount) - 1;
    let best = none;
    let bit = 0;
    let run = 0;
    let seen = 0;
    let start = 0;
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i]!;
      if (t < 0) {
        bit = -t;
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

  function search(q: string, accept?: (index: number) => boolean): SearchHit[] {
    const p = plan(q);
    if (!p.terms.length) return [];
    const touched = score(p);
    const termCount = p.terms.length;
    const fullKey = p.terms.join(' ');
    const fullBonus = new Map<number, number>();
    for (const e of fullMatches.get(searchWords(q).join(' ')) ?? fullMatches.get(fullKey) ?? [])
      fullBonus.set(e.doc, e.bonus);
    const hits: SearchHit[] = [];
    // Every required term must match; when that leaves almost nothing for a
    // query of several words, services missing one of them follow, scored
    // down, rather than an empty page.
    const requiredCount = popcount(p.requiredMask);
    let allowMissing = 0;
    if (requiredCount >= 2) {
      let complete = 0;
      for (const doc of touched) if ((required[doc]! & p.requiredMask) === p.requiredMask) complete++;
      if (complete < RELAX_BELOW) allowMissing = 1;
    }
    for (const doc of touched) {
      const missing = requiredCount - popcount(required[doc]! & p.requiredMask);
      if (missing > allowMissing) continue;
      if (accept && !accept(doc)) continue;
      let v = total[doc]! * (missing ? PARTIAL : 1);
      v += phraseBonus(doc, termCount);
      if (nameHits[doc]! && nameLength[doc])
        v += (COVERAGE * Math.min(nameHits[doc]!, nameLength[doc]!)) / nameLength[doc]!;
      if (p.provider !== undefined && providerOf[doc] === p.provider) v += PROVIDER_HINT;
      baseScore[doc] = v * factor[doc]!;
      v += fullBonus.get(doc) ?? 0;
      hits.push({ index: doc, score: Math.round(v * factor[doc]! * 1000) / 1000 });
    }
    // One native numeric sort: the score (descending, to 1/1000) and the name
    // order packed into one float, so ties break on the name without a comparator.
    const scale = 2 ** Math.ceil(Math.log2(n + 1));
    const keys = new Float64Array(hits.length);
    const byRank = new Map<number, SearchHit>();
    hits.forEach((h, i) => {
      keys[i] = -Math.round(h.score * 1000) * scale + nameRank[h.index]!;
      byRank.set(nameRank[h.index]!, h);
    });
    keys.sort();
    const ranked = Array.from(keys, (k) => byRank.get(((k % scale) + scale) % scale)!);
    return diversify(ranked, p.provider);
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
    const limit = Math.min(ranked.length, 200);
    for (let slot = 1; slot < DIVERSITY_SLOTS && slot < ranked.length; slot++) {
      let pick = -1;
      const unseen = (i: number) => !taken.has(i) && !shown.has(providerOf[ranked[i]!.index]);
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

  function explain(q: string, docs: readonly number[]): SearchMatch[][] {
    const p = plan(q);
    markWords(p);
    const fulls = fullMatches.get(searchWords(q).join(' ')) ?? [];
    return docs.map((doc) => {
      const out: SearchMatch[] = [];
      const fieldsOf = new Map<number, number>();
      let bit = 0;
      for (const t of docTokens[doc]!) {
        if (t < 0) bit = -t;
        else fieldsOf.set(t, (fieldsOf.get(t) ?? 0) | bit);
      }
      const seen = new Set<string>();
      const push = (term: string, mask: number, word: string, kind: MatchKind) => {
        for (let b = 1; b < 128; b <<= 1) {
          const key = `${term}\u0000${b}\u0000${word}`;
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
      for (const e of fulls)
        if (e.doc === doc) out.push({ term: q.trim(), field: e.field, word: e.text, kind: 'full' });
      return out;
    });
  }

  return { search, explain };
}

/**
 * The catalogue as built from the content collection. Prerendered routes read
 * it at build time; on-demand routes and server functions read the same data
 * from the server bundle. Built once per process.
 */
import { createHash } from 'node:crypto';
import { getCollection } from 'astro:content';
import { createCatalogue, findContentIssues, formatContentIssues, type Catalogue } from '../core/catalogue.ts';
import { buildCapabilityMap, type CapabilityMap } from '../core/map.ts';
import { createServiceIndex, type SavableServiceIndex } from '../core/service-index.ts';
import { decodeSearchIndex, encodeSearchIndex } from '../core/search-index-file.ts';
import { SynonymList, type SynonymEntry } from '../core/schemas.ts';
import synonymsFile from '../../content/synonyms.json';

declare const __CATALOGUE_BUILT_ON__: string;
declare const __BUILD_ID__: string;
/** This build, as a saved search index records it: a file is used only by the build that wrote it. */
const build = typeof __BUILD_ID__ === 'string' ? __BUILD_ID__ : 'unbuilt';

export interface LoadedCatalogue {
  catalogue: Catalogue;
  index: SavableServiceIndex;
  /** The reviewed search synonyms (content/synonyms.json). */
  synonyms: SynonymEntry[];
  /** Where the relevance engine's index came from: the build's saved file, or built at load. */
  searchIndexFrom: 'saved' | 'built';
  /** Why a saved index offered was not used. */
  savedSearchIndexProblem?: string;
}

let loaded: Promise<LoadedCatalogue> | undefined;
let ready: LoadedCatalogue | undefined;
let savedSearchIndex: Uint8Array | undefined;

/**
 * Offers the search index a build saved (savedSearchIndexBytes), before the
 * catalogue loads: the load uses it when it was built from the same
 * catalogue, instead of building the index (the costliest step of a start),
 * and says why when it does not.
 */
export function offerSavedSearchIndex(bytes: Uint8Array): void {
  savedSearchIndex = bytes;
}

/** The loaded catalogue's search index as the bytes of a file, for a build to save. */
export async function savedSearchIndexBytes(): Promise<Uint8Array> {
  const { catalogue, index } = await loadCatalogue();
  return encodeSearchIndex(index.searchIndex, { build, catalogueVersion: catalogue.version });
}

async function load(): Promise<LoadedCatalogue> {
  const [providers, categories, services] = await Promise.all([
    getCollection('providers'),
    getCollection('categories'),
    getCollection('services'),
  ]);
  const data = {
    providers: providers.map((e) => e.data),
    categories: categories.map((e) => e.data),
    services: services.map((e) => e.data).sort((a, b) => (a.id < b.id ? -1 : 1)),
  };
  const fileOf = new Map(services.map((e) => [e.data.id, e.filePath ?? `content/services/${e.id}`]));
  const builtOn =
    typeof __CATALOGUE_BUILT_ON__ === 'string' ? __CATALOGUE_BUILT_ON__ : new Date().toISOString().slice(0, 10);
  // Freshness is checked against the build's date: a build after a sunset date fails until the status moves.
  const issues = findContentIssues(data, (s) => fileOf.get(s.id) ?? s.id, { today: builtOn });
  if (issues.length) throw new Error(`Invalid catalogue content:\n${formatContentIssues(issues)}`);
  const version = createHash('sha256').update(JSON.stringify(data)).digest('hex').slice(0, 12);
  const catalogue = createCatalogue({ version, builtOn, ...data });
  const parsedSynonyms = SynonymList.safeParse(synonymsFile);
  if (!parsedSynonyms.success)
    throw new Error(
      `Invalid content/synonyms.json:\n${parsedSynonyms.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n')}`,
    );
  const synonyms = parsedSynonyms.data;
  let index: SavableServiceIndex | undefined;
  let savedSearchIndexProblem: string | undefined;
  if (savedSearchIndex) {
    // Whatever is wrong with the file, the catalogue still loads: a failed load would fail every read until a restart.
    try {
      const decoded = decodeSearchIndex(
        savedSearchIndex,
        { build, catalogueVersion: version },
        catalogue.services.length,
      );
      if ('index' in decoded) index = createServiceIndex(catalogue, synonyms, decoded.index);
      else savedSearchIndexProblem = decoded.problem;
    } catch (e) {
      savedSearchIndexProblem = `using it failed (${e instanceof Error ? e.message : String(e)})`;
    }
    savedSearchIndex = undefined;
  }
  return {
    catalogue,
    index: index ?? createServiceIndex(catalogue, synonyms),
    synonyms,
    searchIndexFrom: index ? 'saved' : 'built',
    ...(savedSearchIndexProblem ? { savedSearchIndexProblem } : {}),
  };
}

export function loadCatalogue(): Promise<LoadedCatalogue> {
  loaded ??= load().then((catalogue) => (ready = catalogue));
  return loaded;
}

/**
 * The catalogue once it is loaded, else undefined. A read that finds it here
 * runs in the same step as its request instead of after an `await`, so the
 * server's slices of render time (src/server/sliced-queue.ts) measure the
 * search itself, not only the call that queues it.
 */
export function loadedCatalogue(): LoadedCatalogue | undefined {
  return ready;
}

let capabilityMap: Promise<CapabilityMap> | undefined;

/**
 * The cross-cloud capability map of the catalogue, built once per process:
 * the map page, each category's page, /v1/map and /map.md all show it, and
 * building it (the maximal groups of equivalent services) is the costliest
 * step of a build of a large catalogue.
 */
export function loadCapabilityMap(): Promise<CapabilityMap> {
  capabilityMap ??= loadCatalogue().then(({ catalogue }) => buildCapabilityMap(catalogue));
  return capabilityMap;
}

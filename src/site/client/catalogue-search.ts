/**
 * The search index in the page, for every search and filter box: the home
 * page's instant results, the services table, the provider and category
 * listings and the compare picker. /catalogue.json is fetched once (and the
 * browser caches it across pages) and the same index the API answers from
 * (core/service-index.ts, with the same synonyms) is built once, so every
 * box ranks as GET /v1/services does, typos and synonyms included.
 */
import { createCatalogue, type Catalogue } from '../../core/catalogue.ts';
import { createServiceIndex, type ServiceIndex } from '../../core/service-index.ts';
import { loadCatalogueData } from './catalogue-data.ts';
import type { Outcome } from './http.ts';

export interface LocalSearch {
  catalogue: Catalogue;
  index: ServiceIndex;
}

let building: Promise<Outcome<LocalSearch>> | undefined;

export function loadLocalSearch(): Promise<Outcome<LocalSearch>> {
  building ??= loadCatalogueData().then((r): Outcome<LocalSearch> => {
    if (!r.ok) {
      building = undefined; // let a later attempt retry
      return r;
    }
    const catalogue = createCatalogue(r.body);
    return {
      ok: true,
      response: r.response,
      body: { catalogue, index: createServiceIndex(catalogue, r.body.synonyms) },
    };
  });
  return building;
}

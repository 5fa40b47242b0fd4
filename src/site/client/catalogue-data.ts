/** /catalogue.json (the built catalogue data), fetched once per page and only by the pages that need it. */
import type { BuiltCatalogueData } from '../../core/catalogue.ts';
import { request, type Outcome } from './http.ts';

export type BuiltData = BuiltCatalogueData;

let loading: Promise<Outcome<BuiltData>> | undefined;

export function loadCatalogueData(): Promise<Outcome<BuiltData>> {
  loading ??= request<BuiltData>('load the catalogue', '/catalogue.json').then((r) => {
    if (!r.ok) loading = undefined; // let a later attempt retry
    return r;
  });
  return loading;
}

/** /catalogue.json (the built CatalogueData), fetched once per page and only by the pages that need it. */
import type { CatalogueData } from '../../core/catalogue.ts';
import { request, type Outcome } from './http.ts';

export type BuiltData = CatalogueData & { serviceListSchemaUrl: string };

let loading: Promise<Outcome<BuiltData>> | undefined;

export function loadCatalogueData(): Promise<Outcome<BuiltData>> {
  loading ??= request<BuiltData>('load the catalogue', '/catalogue.json').then((r) => {
    if (!r.ok) loading = undefined; // let a later attempt retry
    return r;
  });
  return loading;
}

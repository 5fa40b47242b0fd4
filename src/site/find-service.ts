/**
 * One service for a typed text, for the compare picker without JavaScript:
 * an id or slug, else the first answer of the search index the API and the
 * picker's suggestions use (so the page adds what the picker would have
 * suggested first: "lambda" adds AWS Lambda, "kubernets" a Kubernetes
 * service).
 */
import type { Catalogue } from '../core/catalogue.ts';
import type { ServiceEntry } from '../core/schemas.ts';
import type { ServiceIndex } from '../core/service-index.ts';

export function findService(catalogue: Catalogue, index: ServiceIndex, text: string): ServiceEntry | undefined {
  const t = text.trim().slice(0, 200);
  if (!t) return undefined;
  return catalogue.service(t.toLowerCase()) ?? index.query({ q: t, page: 1, pageSize: 1 }).items[0];
}

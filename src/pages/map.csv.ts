/** /map.csv: the whole cross-cloud map as RFC 4180 CSV, prerendered. */
import type { APIRoute } from 'astro';
import { buildCapabilityMap, mapToCsv } from '../core/map.ts';
import { loadCatalogue } from '../data/catalogue.ts';

export const prerender = true;

export const GET: APIRoute = async () => {
  const { catalogue } = await loadCatalogue();
  return new Response(mapToCsv(buildCapabilityMap(catalogue)), {
    headers: { 'content-type': 'text/csv; charset=utf-8; header=present' },
  });
};

/** /map.csv: the whole cross-cloud map as RFC 4180 CSV, prerendered. */
import type { APIRoute } from 'astro';
import { mapToCsv } from '../core/map.ts';
import { loadCapabilityMap } from '../data/catalogue.ts';

export const prerender = true;

export const GET: APIRoute = async () => {
  return new Response(mapToCsv(await loadCapabilityMap()), {
    headers: { 'content-type': 'text/csv; charset=utf-8; header=present' },
  });
};

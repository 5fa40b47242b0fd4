import type { APIRoute } from 'astro';
import { buildCapabilityMap } from '../../core/map.ts';
import { loadCatalogue } from '../../data/catalogue.ts';
import { jsonGet } from '../../http/protocol.ts';

export const prerender = true;

export const GET: APIRoute = async () => {
  const { catalogue } = await loadCatalogue();
  return jsonGet(buildCapabilityMap(catalogue));
};

import type { APIRoute } from 'astro';
import { loadCapabilityMap } from '../../data/catalogue.ts';
import { jsonGet } from '../../http/protocol.ts';

export const prerender = true;

export const GET: APIRoute = async () => {
  return jsonGet(await loadCapabilityMap());
};

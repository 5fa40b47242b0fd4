/** /map.md: the whole cross-cloud map as a markdown document (a table per category), prerendered. */
import type { APIRoute } from 'astro';
import { mapToMarkdown } from '../core/map.ts';
import { loadCapabilityMap, loadCatalogue } from '../data/catalogue.ts';

export const prerender = true;

export const GET: APIRoute = async () => {
  const { catalogue } = await loadCatalogue();
  return new Response(mapToMarkdown(await loadCapabilityMap(), { date: catalogue.builtOn }), {
    headers: { 'content-type': 'text/markdown; charset=utf-8' },
  });
};

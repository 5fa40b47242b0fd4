import type { APIRoute } from 'astro';
import { lifecycleTimeline } from '../core/lifecycle.ts';
import { ICS_CONTENT_TYPE, lifecycleIcs } from '../core/lifecycle-feeds.ts';
import { loadCatalogue } from '../data/catalogue.ts';

export const prerender = true;

export const GET: APIRoute = async ({ site }) => {
  const { catalogue } = await loadCatalogue();
  return new Response(lifecycleIcs(lifecycleTimeline(catalogue, catalogue.builtOn), site!.href), {
    headers: { 'content-type': ICS_CONTENT_TYPE },
  });
};

import type { APIRoute } from 'astro';
import { lifecycleTimeline } from '../core/lifecycle.ts';
import { ATOM_CONTENT_TYPE, lifecycleAtom } from '../core/lifecycle-feeds.ts';
import { loadCatalogue } from '../data/catalogue.ts';

export const prerender = true;

export const GET: APIRoute = async ({ site }) => {
  const { catalogue } = await loadCatalogue();
  return new Response(lifecycleAtom(lifecycleTimeline(catalogue, catalogue.builtOn), site!.href), {
    headers: { 'content-type': ATOM_CONTENT_TYPE },
  });
};

import type { APIRoute } from 'astro';
import { lifecycleTimeline } from '../../core/lifecycle.ts';
import { loadCatalogue } from '../../data/catalogue.ts';
import { jsonGet } from '../../http/protocol.ts';

export const prerender = true;

/** Past and upcoming relative to the build's date (rebuilt with the content). */
export const GET: APIRoute = async () => {
  const { catalogue } = await loadCatalogue();
  return jsonGet(lifecycleTimeline(catalogue, catalogue.builtOn));
};

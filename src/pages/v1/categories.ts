import type { APIRoute } from 'astro';
import { loadCatalogue } from '../../data/catalogue.ts';
import { jsonGet } from '../../http/protocol.ts';

export const prerender = true;

export const GET: APIRoute = async () => {
  const { catalogue } = await loadCatalogue();
  const data = catalogue.categories.map((c) => ({
    ...c,
    serviceCount: catalogue.services.filter((s) => s.category === c.id).length,
  }));
  return jsonGet({ data });
};

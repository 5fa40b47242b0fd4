import type { APIRoute } from 'astro';
import { loadCatalogue } from '../../data/catalogue.ts';
import { jsonGet } from '../../http/protocol.ts';

export const prerender = true;

export const GET: APIRoute = async () => {
  const { catalogue } = await loadCatalogue();
  const data = catalogue.providers.map((p) => ({
    ...p,
    serviceCount: catalogue.services.filter((s) => s.provider === p.id).length,
  }));
  return jsonGet({ data });
};

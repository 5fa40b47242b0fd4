import type { APIRoute, GetStaticPaths } from 'astro';
import { loadCatalogue } from '../../../data/catalogue.ts';
import { jsonGet } from '../../../http/protocol.ts';

export const prerender = true;

export const getStaticPaths = (async () => {
  const { catalogue } = await loadCatalogue();
  return catalogue.services.map((s) => ({ params: { slug: s.slug } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params }) => {
  const { catalogue } = await loadCatalogue();
  return jsonGet(catalogue.toDetail(catalogue.service(params.slug!)!));
};

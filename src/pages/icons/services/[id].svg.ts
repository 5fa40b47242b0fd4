import type { APIRoute, GetStaticPaths } from 'astro';
import { categoryHue, serviceIconSvg } from '../../../core/icon.ts';
import { loadCatalogue } from '../../../data/catalogue.ts';

export const prerender = true;

export const getStaticPaths = (async () => {
  const { catalogue } = await loadCatalogue();
  return catalogue.services.map((s) => ({ params: { id: s.id } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params }) => {
  const { catalogue } = await loadCatalogue();
  const service = catalogue.service(params.id!)!;
  const index = catalogue.categories.findIndex((c) => c.id === service.category);
  return new Response(serviceIconSvg(service, categoryHue(index, catalogue.categories.length)), {
    headers: { 'content-type': 'image/svg+xml' },
  });
};

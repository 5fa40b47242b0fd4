import type { APIRoute } from 'astro';
import { loadCatalogue } from '../../data/catalogue.ts';
import { problem, zodErrors } from '../../http/problem.ts';
import { CompareQuery } from '../../http/operations.ts';
import { jsonGet, searchParamsObject } from '../../http/protocol.ts';

export const prerender = false;

export const GET: APIRoute = async ({ url }) => {
  const parsed = CompareQuery.safeParse(searchParamsObject(url.searchParams));
  if (!parsed.success)
    return problem('invalid-parameters', {
      detail: 'See errors for each parameter.',
      errors: zodErrors(parsed.error, 'query'),
    });
  const { catalogue } = await loadCatalogue();
  const unknown = parsed.data.ids.filter((id) => !catalogue.service(id));
  if (unknown.length) {
    return problem('not-found', {
      detail: `Unknown service ${unknown.length === 1 ? 'id' : 'ids'}: ${unknown.join(', ')}`,
      errors: unknown.map((id) => ({ parameter: 'ids', value: id, message: 'no service has this id' })),
    });
  }
  const data = parsed.data.ids.map((id) => catalogue.toDetail(catalogue.service(id)!));
  return jsonGet({ data, providers: [...new Set(data.map((s) => s.provider))] });
};

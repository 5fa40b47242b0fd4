import type { APIRoute } from 'astro';
import { ServiceQuery } from '../../core/query.ts';
import { loadCatalogue } from '../../data/catalogue.ts';
import { problem, zodErrors } from '../../http/problem.ts';
import { jsonGet, searchParamsObject } from '../../http/respond.ts';

export const prerender = false;

export const GET: APIRoute = async ({ url }) => {
  const parsed = ServiceQuery.safeParse(searchParamsObject(url.searchParams));
  if (!parsed.success) return problem('invalid-parameters', { detail: 'See errors for each parameter.', errors: zodErrors(parsed.error, 'query') });
  const { catalogue, index } = await loadCatalogue();
  const page = index.query(parsed.data);
  const link = (n: number) => {
    const p = new URLSearchParams(url.searchParams);
    p.set('page', String(n));
    return `${url.pathname}?${p}`;
  };
  const links = {
    self: link(page.page),
    first: link(1),
    last: link(page.totalPages),
    ...(page.page > 1 ? { prev: link(Math.min(page.page - 1, page.totalPages)) } : {}),
    ...(page.page < page.totalPages ? { next: link(page.page + 1) } : {}),
  };
  const linkHeader = Object.entries(links)
    .filter(([rel]) => rel !== 'self')
    .map(([rel, href]) => `<${href}>; rel="${rel}"`)
    .join(', ');
  return jsonGet(
    { data: page.items.map(catalogue.toService), page: page.page, pageSize: page.pageSize, total: page.total, totalPages: page.totalPages, links },
    { headers: { link: linkHeader } },
  );
};

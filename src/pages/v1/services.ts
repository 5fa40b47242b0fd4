import type { APIRoute } from 'astro';
import { linkHeader, pageLinks } from '../../core/page.ts';
import { ServiceQuery } from '../../core/query.ts';
import { loadCatalogue } from '../../data/catalogue.ts';
import { problem, zodErrors } from '../../http/problem.ts';
import { jsonGet, searchParamsObject } from '../../http/protocol.ts';

export const prerender = false;

export const GET: APIRoute = async ({ url }) => {
  const parsed = ServiceQuery.safeParse(searchParamsObject(url.searchParams));
  if (!parsed.success)
    return problem('invalid-parameters', {
      detail: 'See errors for each parameter.',
      errors: zodErrors(parsed.error, 'query'),
    });
  const { catalogue, index } = await loadCatalogue();
  const page = index.query(parsed.data);
  const links = pageLinks(url, page.page, page.totalPages);
  return jsonGet(
    {
      data: page.items.map((s, i) => {
        const e = page.explanations?.[i];
        return e ? { ...catalogue.toService(s), score: e.score, matches: e.matches } : catalogue.toService(s);
      }),
      page: page.page,
      pageSize: page.pageSize,
      total: page.total,
      totalPages: page.totalPages,
      links,
    },
    { headers: { link: linkHeader(links) } },
  );
};

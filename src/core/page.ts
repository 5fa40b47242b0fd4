/**
 * Paged responses (GET /v1/services, GET /v1/status/history): one envelope
 * shape, one way of linking pages, in the body (`links`) and in the RFC 8288
 * `Link` header.
 */
import { z } from 'zod';

export const PageLinks = z
  .object({
    self: z.string(),
    first: z.string(),
    last: z.string(),
    prev: z.string().optional(),
    next: z.string().optional(),
  })
  .meta({ id: 'PageLinks', description: 'Relative links to pages of the same query' });
export type PageLinks = z.infer<typeof PageLinks>;

/** The envelope of a page of `item`s, registered in OpenAPI as `id`. */
export const pageOf = <T extends z.ZodType>(item: T, id: string, itemsDescription?: string) =>
  z
    .object({
      data: itemsDescription ? z.array(item).describe(itemsDescription) : z.array(item),
      page: z.number().int(),
      pageSize: z.number().int(),
      total: z.number().int(),
      totalPages: z.number().int(),
      links: PageLinks,
    })
    .meta({ id });

/**
 * Links to the pages of the request's own query: `page` is replaced, every
 * other parameter kept (plus any in `fixed`, such as a defaulted page size;
 * `page` itself cannot be fixed). The query is serialised once, with
 * `page=0` where the page number goes: `set` leaves exactly one `page`
 * parameter, and no other parameter serialises to that text (names and
 * values are percent-encoded, `&` and `=` included), so each link swaps that
 * one part.
 */
export function pageLinks(
  url: URL,
  page: number,
  totalPages: number,
  fixed: Record<string, string> = {},
  path: string = url.pathname,
): PageLinks {
  const params = new URLSearchParams(url.searchParams);
  params.set('page', '0');
  for (const [k, v] of Object.entries(fixed)) if (k !== 'page') params.set(k, v);
  const query = params.toString();
  const at = query.startsWith('page=0') ? 0 : query.indexOf('&page=0') + 1;
  const before = `${path}?${query.slice(0, at)}page=`;
  const after = query.slice(at + 6);
  const link = (n: number) => `${before}${n}${after}`;
  const links: PageLinks = { self: link(page), first: link(1), last: link(totalPages) };
  if (page > 1) links.prev = link(Math.min(page - 1, totalPages));
  if (page < totalPages) links.next = link(page + 1);
  return links;
}

/** The RFC 8288 `Link` header of a page: first, last, prev, next. */
export const linkHeader = ({ first, last, prev, next }: PageLinks): string =>
  `<${first}>; rel="first", <${last}>; rel="last"${prev === undefined ? '' : `, <${prev}>; rel="prev"`}${
    next === undefined ? '' : `, <${next}>; rel="next"`
  }`;

/** Pagination links shared by every paged response (services, status history). */
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

/** self/first/last/prev/next for a 1-based page of `totalPages`, with `link(n)` building the URL of page n. */
export function pageLinks(page: number, totalPages: number, link: (n: number) => string): PageLinks {
  return {
    self: link(page),
    first: link(1),
    last: link(totalPages),
    ...(page > 1 ? { prev: link(Math.min(page - 1, totalPages)) } : {}),
    ...(page < totalPages ? { next: link(page + 1) } : {}),
  };
}

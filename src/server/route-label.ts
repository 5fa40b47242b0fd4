/**
 * The route a request is counted and logged under: the OpenAPI path template
 * it matches (`/v1/lists/{id}`, never the id), so a label names an operation
 * and the number of labels is bounded by the API description, whatever URLs
 * clients send. The templates come from the built OpenAPI document, the one
 * the service publishes, rather than from a list kept here.
 *
 * Everything else falls into one of three labels: `/v1/{unmatched}` (an API
 * path the description does not have), `static` (the site's assets: under
 * /_astro/, or a file name with an extension) and `page` (the website's pages,
 * and any other path).
 */

export const UNMATCHED_API_ROUTE = '/v1/{unmatched}';
export const STATIC_ROUTE = 'static';
export const PAGE_ROUTE = 'page';

type Template = { label: string; segments: (string | null)[] };

const isParameter = (segment: string) => /^\{[^/{}]+\}$/.test(segment);

/** `(url) => label` for the given OpenAPI path templates. */
export function createRouteLabel(templates: Iterable<string>): (url: string) => string {
  const byLength = new Map<number, Template[]>();
  for (const label of templates) {
    const segments = label
      .split('/')
      .slice(1)
      .map((s) => (isParameter(s) ? null : s));
    const list = byLength.get(segments.length) ?? [];
    list.push({ label, segments });
    byLength.set(segments.length, list);
  }
  // A template with fewer parameters is the more specific one: it is tried first.
  const params = (t: Template) => t.segments.filter((s) => s === null).length;
  for (const list of byLength.values()) list.sort((a, b) => params(a) - params(b));

  return (url) => {
    const q = url.search(/[?#]/);
    const path = q === -1 ? url : url.slice(0, q);
    if (path === '/v1' || path.startsWith('/v1/')) {
      const segments = path.split('/').slice(1);
      for (const t of byLength.get(segments.length) ?? [])
        if (t.segments.every((s, i) => (s === null ? segments[i] !== '' : s === segments[i]))) return t.label;
      return UNMATCHED_API_ROUTE;
    }
    if (path.startsWith('/_astro/') || /\.[A-Za-z0-9]+$/.test(path.slice(path.lastIndexOf('/') + 1)))
      return STATIC_ROUTE;
    return PAGE_ROUTE;
  };
}

/** JSON responses for GET routes: content type, cache headers and CORS in one place. */
import { CATALOGUE_CACHE_CONTROL, corsHeaders, JSON_CONTENT_TYPE } from './headers.ts';

export function jsonGet(
  body: unknown,
  init: { status?: number; headers?: Record<string, string>; cacheControl?: string } = {},
): Response {
  return new Response(JSON.stringify(body), {
    status: init.status ?? 200,
    headers: {
      'content-type': JSON_CONTENT_TYPE,
      'cache-control': init.cacheControl ?? CATALOGUE_CACHE_CONTROL,
      ...corsHeaders,
      ...init.headers,
    },
  });
}

/** URLSearchParams as a zod input: a key given twice becomes an array. */
export function searchParamsObject(params: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = Object.create(null);
  for (const [k, v] of params) {
    const prev = out[k];
    out[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  return out;
}

/**
 * GET /v1/services (search, filters, paging) and GET /v1/compare: the
 * catalogue's on-demand reads. Pure functions of the build's catalogue and
 * its search index (no store, no clock), so their answers may be kept by any
 * cache until the next build; they need only that part of the context, and
 * answer while the store is down. They read only the request's URL, and
 * answer with plain data (Answer): the busiest on-demand path makes no web
 * Request or Response.
 */
import type { Catalogue } from '../src/core/catalogue.ts';
import { linkHeader, pageLinks } from '../src/core/page.ts';
import { serviceQueryOf } from '../src/core/query.ts';
import type { ServiceEntry } from '../src/core/schemas.ts';
import { CompareQuery } from '../src/http/operations.ts';
import { parseQuery, problem, zodErrors } from '../src/http/problem.ts';
import {
  jsonAnswer,
  jsonBytesAnswer,
  QUERY_NOT_UTF8,
  queryIsUtf8,
  responseAnswer,
  searchParamsObject,
  textDigest,
  weakEtag,
  type Answer,
} from '../src/http/protocol.ts';
import type { FunctionContext } from './lib/types.ts';

/** What a catalogue read needs: the built catalogue and its index. */
export type CatalogueContext = Pick<FunctionContext, 'catalogue' | 'index'>;

export type CatalogueFunction = (url: URL, ctx: CatalogueContext) => Promise<Answer>;

const invalidQuery = (error: Parameters<typeof zodErrors>[0]) =>
  responseAnswer(
    problem('invalid-parameters', { detail: 'See errors for each parameter.', errors: zodErrors(error, 'query') }),
  );
const queryNotUtf8 = () => responseAnswer(problem('invalid-parameters', { detail: QUERY_NOT_UTF8 }));

/** The search endpoint's path, as its page links name it. */
const SEARCH_PATH = '/v1/services';

const utf8 = new TextEncoder();
const PAGE_HEAD = utf8.encode('{"data":[');
const COMMA = utf8.encode(',');

/** A service as a search page carries it: its JSON as UTF-8 bytes, and the hash of those bytes. */
interface SplicedService {
  json: Uint8Array;
  digest: string;
}

/**
 * Each service's JSON, written and hashed once per catalogue (bounded by the catalogue, like the catalogue itself):
 * a page copies these bytes rather than serialising and encoding 20 services again for each search (joining the
 * services' text and encoding the page took about 6 µs a page by hand, copying their bytes about 4).
 */
const splicedServices = new WeakMap<Catalogue, Map<ServiceEntry, SplicedService>>();
function splicedServicesOf(catalogue: Catalogue): (s: ServiceEntry) => SplicedService {
  let spliced = splicedServices.get(catalogue);
  if (!spliced) splicedServices.set(catalogue, (spliced = new Map()));
  const known = spliced;
  return (s) => {
    let part = known.get(s);
    if (part === undefined) {
      // Bytes of their own (TextEncoder), not a slice of Buffer's shared pool: a kept slice keeps its whole pool block.
      const json = utf8.encode(JSON.stringify(catalogue.toService(s)));
      known.set(s, (part = { json, digest: textDigest(json) }));
    }
    return part;
  };
}

export async function searchServices(url: URL, { catalogue, index }: CatalogueContext): Promise<Answer> {
  if (!queryIsUtf8(url.search)) return queryNotUtf8();
  const parsed = parseQuery(serviceQueryOf(catalogue), searchParamsObject(url.searchParams));
  if (!parsed.success) return invalidQuery(parsed.error);
  const page = index.query(parsed.data);
  // Links name the endpoint as the API describes it, not as this request spelled it (`/v1/%73ervices`): a cache in
  // front keeps one answer for every spelling of the path.
  const links = pageLinks(url, page.page, page.totalPages, {}, SEARCH_PATH);
  const envelope = { page: page.page, pageSize: page.pageSize, total: page.total, totalPages: page.totalPages, links };
  const init = { headers: { link: linkHeader(links) } };
  const { explanations } = page;
  if (explanations) {
    const data = page.items.map((s, i) => {
      const e = explanations[i];
      return e ? { ...catalogue.toService(s), score: e.score, matches: e.matches } : catalogue.toService(s);
    });
    return jsonAnswer({ data, ...envelope }, init);
  }
  // The services as written once per catalogue, spliced in: the same bytes as
  // JSON.stringify({ data, ...envelope }), without serialising every service again for each page.
  const services = page.items.map(splicedServicesOf(catalogue));
  const tail = `],${JSON.stringify(envelope).slice(1)}`;
  const parts: Uint8Array[] = [PAGE_HEAD];
  for (const [i, s] of services.entries()) {
    if (i) parts.push(COMMA);
    parts.push(s.json);
  }
  parts.push(Buffer.from(tail));
  // Its ETag hashes the same text with each service's JSON replaced by that JSON's own hash, kept per catalogue:
  // a change to a service, to the page's frame or to the services on it changes the tag, and a page of 20
  // services hashes about 1 KB instead of 12 (hashing the whole answer took about 5 of a rendered search's 77 µs).
  const etag = weakEtag(`{"data":[${services.map((s) => s.digest).join(',')}${tail}`);
  return jsonBytesAnswer(Buffer.concat(parts), { ...init, etag });
}

export async function compareServices(url: URL, { catalogue }: CatalogueContext): Promise<Answer> {
  if (!queryIsUtf8(url.search)) return queryNotUtf8();
  const parsed = parseQuery(CompareQuery, searchParamsObject(url.searchParams));
  if (!parsed.success) return invalidQuery(parsed.error);
  const unknown = parsed.data.ids.filter((id) => !catalogue.service(id));
  if (unknown.length) {
    return responseAnswer(
      problem('not-found', {
        detail: `Unknown service ${unknown.length === 1 ? 'id' : 'ids'}: ${unknown.join(', ')}`,
        errors: unknown.map((id) => ({ parameter: 'ids', value: id, message: 'no service has this id' })),
      }),
    );
  }
  const data = parsed.data.ids.map((id) => catalogue.toDetail(catalogue.service(id)!));
  return jsonAnswer({ data, providers: [...new Set(data.map((s) => s.provider))] });
}

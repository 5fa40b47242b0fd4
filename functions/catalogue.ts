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
import { problem, zodErrors } from '../src/http/problem.ts';
import {
  jsonAnswer,
  jsonTextAnswer,
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

/** Each service's JSON (serviceJson) hashed once per catalogue: bounded by the catalogue, like the JSON itself. */
const serviceDigests = new WeakMap<Catalogue, Map<ServiceEntry, string>>();
function serviceDigestsOf(catalogue: Catalogue): (s: ServiceEntry) => string {
  let digests = serviceDigests.get(catalogue);
  if (!digests) serviceDigests.set(catalogue, (digests = new Map()));
  const known = digests;
  return (s) => {
    let digest = known.get(s);
    if (digest === undefined) known.set(s, (digest = textDigest(catalogue.serviceJson(s))));
    return digest;
  };
}

export async function searchServices(url: URL, { catalogue, index }: CatalogueContext): Promise<Answer> {
  const parsed = serviceQueryOf(catalogue).safeParse(searchParamsObject(url.searchParams));
  if (!parsed.success) return invalidQuery(parsed.error);
  const page = index.query(parsed.data);
  const links = pageLinks(url, page.page, page.totalPages);
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
  // The services as written once per catalogue (serviceJson), spliced in: the same text as
  // JSON.stringify({ data, ...envelope }), without serialising every service again for each page.
  const tail = `],${JSON.stringify(envelope).slice(1)}`;
  const text = `{"data":[${page.items.map(catalogue.serviceJson).join(',')}${tail}`;
  // Its ETag hashes the same text with each service's JSON replaced by that JSON's own hash, kept per catalogue:
  // a change to a service, to the page's frame or to the services on it changes the tag, and a page of 20
  // services hashes about 1 KB instead of 12 (hashing the whole answer took about 5 of a rendered search's 77 µs).
  const etag = weakEtag(`{"data":[${page.items.map(serviceDigestsOf(catalogue)).join(',')}${tail}`);
  return jsonTextAnswer(text, { ...init, etag });
}

export async function compareServices(url: URL, { catalogue }: CatalogueContext): Promise<Answer> {
  const parsed = CompareQuery.safeParse(searchParamsObject(url.searchParams));
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

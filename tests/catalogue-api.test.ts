/**
 * The read API over HTTP against the built server: status codes, headers,
 * bodies, lifecycle rules, ETag/304, CORS, problem details and the endpoints
 * removed in 1.3.0.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readContent } from '../src/scripts/lib/read-content.ts';
import { expectProblem, send } from './helpers/http.ts';
import { startServer, type RunningServer } from './helpers/server.ts';

let server: RunningServer;
const get = (path: string, init?: RequestInit) => fetch(server.url + path, init);
const json = async (path: string) => {
  const r = await get(path);
  expect(r.status, `GET ${path}`).toBe(200);
  return r.json() as Promise<any>;
};

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.stop());

async function allServices(): Promise<any[]> {
  const out: any[] = [];
  for (let page = 1; ; page++) {
    const body = await json(`/v1/services?pageSize=100&page=${page}`);
    out.push(...body.data);
    if (page >= body.totalPages) return out;
  }
}

/** GET (or any method) read as an Answer, for problem checks. */
const answer = (path: string, init?: RequestInit) => send(`${server.url}${path}`, init);

describe('GET endpoints: headers', () => {
  const paths = ['/v1/providers', '/v1/categories', '/v1/services', '/v1/openapi.json'];
  it.each(paths)('%s is JSON, edge-cacheable for 5 minutes, CORS-open and has an ETag', async (path) => {
    const r = await get(path, { headers: { origin: 'https://example.org' } });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(r.headers.get('cache-control')).toMatch(/(^|,\s*)s-maxage=300(,|$)/);
    expect(r.headers.get('access-control-allow-origin')).toBe('*');
    expect(r.headers.get('etag')).toMatch(/^(W\/)?"[^"]+"$/);
    JSON.parse(await r.text());
  });

  it.each(['/v1/providers', '/v1/services?pageSize=5', '/v1/openapi.json'])(
    '%s answers 304 to a matching If-None-Match',
    async (path) => {
      const first = await get(path);
      const etag = first.headers.get('etag')!;
      const again = await get(path, { headers: { 'if-none-match': etag } });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
      const other = await get(path, { headers: { 'if-none-match': '"something-else"' } });
      expect(other.status).toBe(200);
    },
  );

  it('a prerendered service detail (extensionless path) is served as JSON with a 304 on revalidation', async () => {
    const [first] = (await json('/v1/services?pageSize=1')).data;
    const r = await get(`/v1/services/${first.slug}`);
    expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const again = await get(`/v1/services/${first.slug}`, { headers: { 'if-none-match': r.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });

  it('answers CORS preflight for any /v1 path', async () => {
    for (const path of ['/v1/lists', '/v1/services', '/v1/policies/aws-scp', '/v1/no-such-endpoint']) {
      const r = await get(path, {
        method: 'OPTIONS',
        headers: {
          origin: 'https://example.org',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      });
      expect(r.status).toBe(204);
      expect(r.headers.get('access-control-allow-origin')).toBe('*');
      expect(r.headers.get('access-control-allow-methods')).toMatch(/POST/);
      expect(r.headers.get('access-control-allow-headers')?.toLowerCase()).toMatch(/content-type/);
    }
  });

  it('ignores an X-API-Key header', async () => {
    for (const path of ['/v1/providers', '/v1/services?pageSize=3']) {
      const a = await (await get(path)).text();
      const b = await get(path, { headers: { 'x-api-key': 'anything' } });
      expect(b.status).toBe(200);
      expect(await b.text()).toBe(a);
    }
  });
});

describe('providers and categories', () => {
  it('lists the three providers with their service counts', async () => {
    const { data } = await json('/v1/providers');
    expect(data.map((p: any) => p.id).sort()).toEqual(['aws', 'azure', 'gcp']);
    const services = await allServices();
    for (const p of data) expect(p.serviceCount).toBe(services.filter((s) => s.provider === p.id).length);
  });

  it('lists categories; every service belongs to one of them', async () => {
    const { data } = await json('/v1/categories');
    const ids = new Set(data.map((c: any) => c.id));
    for (const s of await allServices()) expect(ids.has(s.category), s.id).toBe(true);
  });
});

describe('GET /v1/services', () => {
  it('pages through every service exactly once, following links.next', async () => {
    let body = await json('/v1/services?pageSize=7');
    const seen: string[] = [...body.data.map((s: any) => s.id)];
    while (body.links.next) {
      body = await json(body.links.next);
      seen.push(...body.data.map((s: any) => s.id));
    }
    expect(seen.length).toBe(body.total);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('sends a Link header with next and last', async () => {
    const r = await get('/v1/services?pageSize=2');
    expect(r.headers.get('link')).toMatch(/rel="next"/);
    expect(r.headers.get('link')).toMatch(/rel="last"/);
  });

  it('filters by provider, category, free tier and lifecycle', async () => {
    const services = await allServices();
    const some = services.find((s) => s.provider === 'gcp')!;
    const byProvider = await json('/v1/services?provider=gcp&pageSize=100');
    expect(byProvider.total).toBe(services.filter((s) => s.provider === 'gcp').length);
    expect(byProvider.data.every((s: any) => s.provider === 'gcp')).toBe(true);

    const both = await json(`/v1/services?provider=aws,azure&category=${some.category}&pageSize=100`);
    expect(both.total).toBe(
      services.filter((s) => ['aws', 'azure'].includes(s.provider) && s.category === some.category).length,
    );

    const free = await json('/v1/services?freeTier=true&pageSize=100');
    expect(free.total).toBe(services.filter((s) => s.hasFreeTier).length);

    const active = await json('/v1/services?lifecycle=active&pageSize=100');
    expect(active.total).toBe(services.filter((s) => !s.lifecycle).length);
    expect(active.data.every((s: any) => !('lifecycle' in s))).toBe(true);
    const retiring = await json('/v1/services?lifecycle=deprecated,retired,sunset&pageSize=100');
    expect(retiring.total).toBe(
      services.filter((s) => ['deprecated', 'retired', 'sunset'].includes(s.lifecycle?.status)).length,
    );
  });

  it('finds services by free text, case- and accent-insensitively, across name and keywords', async () => {
    const services = await allServices();
    const target = services[Math.floor(services.length / 2)];
    const word = target.shortName.split(/\s+/).pop()!;
    const body = await json(`/v1/services?q=${encodeURIComponent(word.toUpperCase())}&pageSize=100`);
    expect(body.data.map((s: any) => s.id)).toContain(target.id);
    const none = await json('/v1/services?q=zzqqxxnothing');
    expect(none.total).toBe(0);
    expect(none.data).toEqual([]);
  });

  it('ranks by relevance when q is given: the exact name first, each cloud early for a generic need', async () => {
    const lambda = await json('/v1/services?q=lambda&pageSize=5');
    expect(lambda.data[0].id).toBe('aws-lambda');
    const explicit = await json('/v1/services?q=lambda&pageSize=5&sort=relevance');
    expect(explicit.data.map((s: any) => s.id)).toEqual(lambda.data.map((s: any) => s.id));
    const k8s = (await json('/v1/services?q=k8s&pageSize=5')).data.map((s: any) => s.provider);
    expect(new Set(k8s.slice(0, 3))).toEqual(new Set(['aws', 'azure', 'gcp']));
    // Typos are forgiven.
    expect((await json('/v1/services?q=kubernets&pageSize=3')).data.map((s: any) => s.id)).toContain('aws-eks');
    // Another order keeps the same matches.
    const byName = await json('/v1/services?q=lambda&sort=name&pageSize=100');
    const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
    const names = byName.data.map((s: any) => s.name);
    expect([...names].sort(collator.compare)).toEqual(names);
    expect(byName.total).toBe(lambda.total);
    // Filters apply before ranking.
    const aws = await json('/v1/services?q=kubernetes&provider=aws');
    expect(aws.data.every((s: any) => s.provider === 'aws')).toBe(true);
    expect(aws.data[0].id).toBe('aws-eks');
  });

  it('the /search page lists the same services in the same order as the API', async () => {
    for (const q of ['lambda', 'managed kubernetes', 'kubernets']) {
      const api = await json(`/v1/services?${new URLSearchParams({ q, pageSize: '100' })}`);
      const r = await get(`/search?${new URLSearchParams({ q })}`);
      expect(r.status).toBe(200);
      const html = await r.text();
      const shown = [...html.matchAll(/data-service="([a-z0-9-]+)"/g)].map((m) => m[1]);
      expect(shown.slice(0, 100)).toEqual(api.data.map((s: any) => s.id));
    }
    // A provider the catalogue does not have is refused there too, in the API's words, not shown as no match.
    const typo = await get('/search?q=lambda&provider=amazon');
    expect(typo.status).toBe(400);
    // A page of the build's data is kept by a shared cache as the API's answers are; an invalid query's is not.
    expect(typo.headers.get('cache-control')).toBe('no-store');
    for (const path of ['/search?q=lambda', '/compare?ids=aws-lambda,azure-functions']) {
      const ok = await get(path);
      expect(ok.status, path).toBe(200);
      expect(ok.headers.get('cache-control'), path).toBe('public, max-age=60, s-maxage=300');
      expect(ok.headers.get('vary'), path).toBe('Accept-Encoding');
    }
    expect((await get('/compare?ids=no-such-service')).headers.get('cache-control')).toBe('no-store');
    const html = await typo.text();
    expect(html).toContain('provider: no provider has this id; the ids are aws, azure, gcp');
    expect(html).not.toContain('No service matches');
    // The search page's box searches the whole catalogue again, and the count is said once.
    const found = await (await get('/search?q=lambda')).text();
    expect(found).toContain('>Search the catalogue</label>');
    expect(found).not.toContain('Search within these services');
    expect(found.match(/\d+ services? match\.|data-filter-status/g)).toHaveLength(1);
    // Nothing matched: nothing to tick for comparing.
    const none = await (await get('/search?q=zzqqxxnothing')).text();
    expect(none).toContain('No service matches.');
    expect(none).not.toContain('Compare selected');
    // A search text past the limit: said in words, named by its start only, with a box to search again.
    const long = 'storage '.repeat(400).trim();
    const tooLong = await get(`/search?${new URLSearchParams({ q: long })}`);
    expect(tooLong.status).toBe(400);
    const page = await tooLong.text();
    expect(page).toContain(`The search text can be at most 200 characters; this one has ${long.length}.`);
    expect(page).not.toContain(long.slice(0, 300));
    expect(page).toMatch(/<input[^>]*id="search-again"[^>]*maxlength="200"/);
    // Every search box of the site takes no more than the search does.
    for (const path of ['/', '/services', '/map', '/providers/aws'])
      for (const [input] of (await (await get(path)).text()).matchAll(/<input[^>]*name="q"[^>]*>/g))
        expect(input, path).toContain('maxlength="200"');
  });

  it('explains the ranking with explain=true: a score and the fields that matched, per result', async () => {
    const plain = await json('/v1/services?q=s3&pageSize=3');
    expect(plain.data.every((s: any) => !('score' in s) && !('matches' in s))).toBe(true);
    const explained = await json('/v1/services?q=s3&pageSize=3&explain=true');
    expect(explained.data.map((s: any) => s.id)).toEqual(plain.data.map((s: any) => s.id));
    const [first, second] = explained.data;
    expect(first.score).toBeGreaterThan(second.score);
    expect(first.matches).toContainEqual({ term: 's3', field: 'acronym', word: 's3', kind: 'exact' });
    for (const s of explained.data)
      for (const m of s.matches) expect(Object.keys(m).sort()).toEqual(['field', 'kind', 'term', 'word']);
  });

  it('sorts by name ascending by default and descending with -name', async () => {
    const asc = (await json('/v1/services?pageSize=100')).data.map((s: any) => s.name);
    const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
    expect([...asc].sort(collator.compare)).toEqual(asc);
    const total = (await json('/v1/services?pageSize=1')).total;
    const desc = (await json(`/v1/services?sort=-name&pageSize=100`)).data.map((s: any) => s.name);
    if (total <= 100) expect(desc).toEqual([...asc].reverse());
    else expect(collator.compare(desc[0], desc[desc.length - 1])).toBeGreaterThanOrEqual(0);
  });

  it.each([
    ['pageSize=0', 'pageSize'],
    ['pageSize=101', 'pageSize'],
    ['page=abc', 'page'],
    // Numbers `Number()` reads that nobody writes in a URL: a float, hexadecimal, an exponent, a space, nothing.
    ['page=2.0', 'page'],
    ['page=0x2', 'page'],
    ['page=1e2', 'page'],
    ['pageSize=%2020', 'pageSize'],
    ['pageSize=', 'pageSize'],
    ['page=1&page=2', 'page'],
    ['sort=popularity', 'sort'],
    ['sort=-relevance', 'sort'],
    ['explain=yes', 'explain'],
    ['freeTier=yes', 'freeTier'],
    ['lifecycle=ancient', 'lifecycle'],
    ['provider=AWS!', 'provider'],
    ['provider=amazon', 'provider'],
    ['provider=aws,oracle', 'provider'],
    ['category=time-travel', 'category'],
    ['unknown=1', 'unknown'],
  ])('rejects %s with 400 problem details naming the parameter', async (qs, param) => {
    const body = expectProblem(await answer(`/v1/services?${qs}`), 400);
    expect(body.errors.map((e: any) => e.parameter)).toContain(param);
  });

  it('names the provider ids when one given is not one, repeating nothing that was sent', async () => {
    const body = expectProblem(await answer('/v1/services?provider=amazon&category=time-travel'), 400);
    expect(body.errors).toEqual([
      { parameter: 'provider', message: 'no provider has this id; the ids are aws, azure, gcp' },
      { parameter: 'category', message: 'no category of the catalogue has this id' },
    ]);
    expect(JSON.stringify(body)).not.toMatch(/amazon|time-travel/);
  });

  it('says what a page number must be, repeating nothing that was sent', async () => {
    const body = expectProblem(await answer('/v1/services?page=0x7&pageSize=250'), 400);
    expect(body.errors).toEqual([
      { parameter: 'page', message: 'must be a whole number from 1 to 100000, written in digits' },
      { parameter: 'pageSize', message: 'must be a whole number from 1 to 100, written in digits' },
    ]);
  });

  it('says a parameter that takes one value was given more than once, rather than that its value is malformed', async () => {
    const once = 'given more than once: give it once';
    const search = expectProblem(
      await answer('/v1/services?page=1&page=2&sort=name&sort=-name&q=a&q=b&freeTier=true&freeTier=true'),
      400,
    );
    expect(search.errors).toEqual(['q', 'freeTier', 'sort', 'page'].map((parameter) => ({ parameter, message: once })));
    const history = expectProblem(await answer('/v1/status/history?pageSize=5&pageSize=5'), 400);
    expect(history.errors).toEqual([{ parameter: 'pageSize', message: once }]);
    const policy = await answer('/v1/policies/aws-scp?format=json&format=json', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ approvedServiceIds: ['aws-s3'] }),
    });
    expect(expectProblem(policy, 400).errors).toEqual([{ parameter: 'format', message: once }]);
    // The parameters that take several values still take them repeated, and the search page says the same.
    expect((await answer('/v1/services?provider=aws&provider=gcp&lifecycle=active&lifecycle=retired')).status).toBe(
      200,
    );
    expect((await answer('/v1/compare?ids=aws-s3&ids=gcp-cloud-storage')).status).toBe(200);
    const page = await answer('/search?q=storage&sort=name&sort=-name');
    expect(page.status).toBe(400);
    expect(page.text).toContain(`sort: ${once}`);
  });

  it('refuses a query whose escapes are not UTF-8, rather than searching for replacement characters', async () => {
    for (const path of [
      '/v1/services?q=%FF%FE',
      '/v1/services?q=caf%C3',
      '/v1/compare?ids=aws-s3%E9',
      '/v1/status/history?page=%C0%AF',
    ]) {
      const body = expectProblem(await answer(path), 400);
      expect(body.detail, path).toBe('The query string is not UTF-8 once percent-decoded.');
    }
    // UTF-8 escapes, and a % that starts no escape (kept as written, as URLSearchParams keeps it), are read.
    for (const path of ['/v1/services?q=caf%C3%A9', '/v1/services?q=100%', '/v1/services?q=%E2%82%AC%25'])
      expect((await answer(path)).status, path).toBe(200);
    // The site's search and compare pages say so too, and are not kept by a cache.
    for (const path of ['/search?q=%FF', '/compare?add=%FF', '/compare?ids=aws-s3%E9']) {
      const page = await answer(path);
      expect(page.status, path).toBe(400);
      expect(page.headers.get('cache-control'), path).toBe('no-store');
      expect(page.text, path).toContain('not UTF-8 once percent-decoded');
      expect(page.text, path).not.toContain('\uFFFD');
    }
    expect((await answer('/search?q=caf%C3%A9')).status).toBe(200);
  });

  it('names an unknown parameter of 5,000 characters by its first 64 and its length, not in full', async () => {
    const r = await answer(`/v1/services?${'p'.repeat(5000)}=1`);
    const body = expectProblem(r, 400);
    expect(body.errors).toEqual([{ parameter: `${'p'.repeat(64)}… (5000 characters)`, message: 'unknown parameter' }]);
  });

  it('reads a page number with leading zeros as the number', async () => {
    expect(await json('/v1/services?page=02&pageSize=005')).toMatchObject({ page: 2, pageSize: 5 });
  });

  it('answers an empty page past the end', async () => {
    const body = await json('/v1/services?page=9999');
    expect(body.data).toEqual([]);
  });
});

describe('GET /v1/services/:slug', () => {
  it('returns the detail with resolved equivalents, matching the list entry', async () => {
    const services = await allServices();
    const withPeers = services.find((s) => Object.keys(s.equivalents).length > 0) ?? services[0];
    const detail = await json(`/v1/services/${withPeers.slug}`);
    for (const k of Object.keys(withPeers)) expect(detail[k], k).toEqual(withPeers[k]);
    const peerIds = Object.values(withPeers.equivalents).flat();
    expect(detail.equivalentServices.map((p: any) => p.id).sort()).toEqual([...peerIds].sort());
    expect(typeof detail.providerName).toBe('string');
  });

  it('gives what the service needs and what usually goes with it, as in the content: services resolved, raw identifiers kept, reason and source', async () => {
    const withDeps = readContent().services.filter((s) => s.requires.length || s.recommends.length);
    expect(withDeps.length).toBeGreaterThan(0);
    const raw = withDeps.find((s) => s.requires.some((d) => d.identifiers));
    for (const s of [...withDeps.slice(0, 15), ...(raw ? [raw] : [])]) {
      const detail = await json(`/v1/services/${s.slug}`);
      for (const kind of ['requires', 'recommends'] as const) {
        expect(detail[kind], `${s.id} ${kind}`).toEqual(
          s[kind].map((d) => ({
            ...(d.service
              ? {
                  service: expect.objectContaining({
                    id: d.service,
                    slug: expect.any(String),
                    name: expect.any(String),
                    provider: s.provider,
                  }),
                }
              : { identifiers: d.identifiers }),
            reason: d.reason,
            source: d.source,
          })),
        );
      }
    }
    const plain = readContent().services.find((s) => !s.requires.length && !s.recommends.length)!;
    expect(await json(`/v1/services/${plain.slug}`)).toMatchObject({ requires: [], recommends: [] });
  });

  it('shows the dependencies on the service page, without JavaScript: linked service, reason and vendor source', async () => {
    const s = readContent().services.find((x) => x.requires.some((d) => d.service))!;
    const dep = s.requires.find((d) => d.service)!;
    const r = await get(`/services/${s.slug}`);
    expect(r.status).toBe(200);
    const html = await r.text();
    const list = html.slice(html.indexOf('data-dependencies="requires"'));
    expect(html).toContain('Needs to work');
    expect(list).toContain(`href="/services/${dep.service}"`);
    expect(list).toContain(`href="${dep.source}"`);
    const escaped = dep.reason.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
    expect(list.includes(dep.reason) || list.includes(escaped), dep.reason).toBe(true);
  });

  it('answers 404 problem details for an unknown slug', async () => {
    expectProblem(await answer('/v1/services/no-such-service-here'), 404);
  });
});

describe('lifecycle', () => {
  it('appears only for non-active services, with only the lifecycle fields, identically in list, detail and compare', async () => {
    const services = await allServices();
    const marked = services.filter((s) => 'lifecycle' in s);
    expect(marked.length).toBeGreaterThan(0);
    const allowed = new Set(['status', 'sunsetDate', 'gaTarget', 'successorSlug', 'note', 'announcementUrl']);
    for (const s of marked) {
      expect(['preview', 'deprecated', 'sunset', 'retired']).toContain(s.lifecycle.status);
      for (const k of Object.keys(s.lifecycle)) expect(allowed.has(k), `${s.id}.lifecycle.${k}`).toBe(true);
      if (s.lifecycle.sunsetDate) expect(s.lifecycle.sunsetDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    const sample = marked.slice(0, 10);
    const compared = await json(`/v1/compare?ids=${sample.map((s) => s.id).join(',')}`);
    for (const s of sample) {
      expect((await json(`/v1/services/${s.slug}`)).lifecycle).toEqual(s.lifecycle);
      expect(compared.data.find((d: any) => d.id === s.id).lifecycle).toEqual(s.lifecycle);
    }
    const active = services.find((s) => !('lifecycle' in s))!;
    expect('lifecycle' in (await json(`/v1/services/${active.slug}`))).toBe(false);
  });

  it("means the service's own lifecycle only: references to retired peers carry lifecycleStatus, never a lifecycle block", async () => {
    const services = await allServices();
    const statusOf = new Map(services.map((s) => [s.id, s.lifecycle?.status]));
    const active = services.find(
      (s) =>
        !s.lifecycle &&
        Object.values(s.equivalents)
          .flat()
          .some((id: any) => statusOf.get(id)),
    );
    expect(active, 'an active service with a retired or deprecated peer').toBeDefined();
    const detail = await json(`/v1/services/${active!.slug}`);
    expect(JSON.stringify(detail)).not.toContain('"lifecycle"');
    for (const ref of detail.equivalentServices) expect(ref.lifecycleStatus, ref.id).toBe(statusOf.get(ref.id));
  });

  it('every successorSlug resolves to a service', async () => {
    for (const s of (await allServices()).filter((x) => x.lifecycle?.successorSlug)) {
      expect((await get(`/v1/services/${s.lifecycle.successorSlug}`)).status, s.id).toBe(200);
    }
  });
});

describe('GET /v1/compare', () => {
  it('returns 1 to 10 services side by side in request order, equivalents resolved', async () => {
    const services = (await json('/v1/services?pageSize=10')).data;
    const ids = services.map((s: any) => s.id).reverse();
    const body = await json(`/v1/compare?ids=${ids.join(',')}`);
    expect(body.data.map((s: any) => s.id)).toEqual(ids);
    for (const s of body.data) expect(Array.isArray(s.equivalentServices)).toBe(true);
    expect((await json(`/v1/compare?ids=${ids[0]}`)).data).toHaveLength(1);
  });

  it('rejects more than 10 ids, none, and malformed ones with 400', async () => {
    const ids = (await json('/v1/services?pageSize=11')).data.map((s: any) => s.id);
    expect(ids).toHaveLength(11);
    expectProblem(await answer(`/v1/compare?ids=${ids.join(',')}`), 400);
    // Left out or empty, ids says the same thing: what it needs.
    for (const path of ['/v1/compare', '/v1/compare?ids=']) {
      const r = await answer(path);
      expectProblem(r, 400);
      expect(r.json.errors, path).toEqual([{ parameter: 'ids', message: 'give at least one service id' }]);
    }
    expectProblem(await answer('/v1/compare?ids=%3Cscript%3E'), 400);
  });

  it('answers 404 naming unknown ids', async () => {
    const [s] = (await json('/v1/services?pageSize=1')).data;
    const body = expectProblem(await answer(`/v1/compare?ids=${s.id},no-such-thing`), 404);
    expect(body.detail).toContain('no-such-thing');
    expect(body.detail).not.toContain(s.id);
  });
});

describe('errors and removed endpoints', () => {
  it.each([
    ['GET', '/v1/nothing-here'],
    ['GET', '/v1/auth/login'],
    ['POST', '/v1/auth/login'],
    ['GET', '/v1/auth/me'],
    ['POST', '/v1/auth/rotate'],
    ['GET', '/v1/auth/callback/github'],
    ['GET', '/v1/analytics/usage'],
  ])('%s %s answers 404 problem details', async (method, path) => {
    expectProblem(
      await answer(path, {
        method,
        headers: { 'content-type': 'application/json' },
        ...(method === 'POST' ? { body: '{}' } : {}),
      }),
      404,
    );
  });

  // An endpoint answers a method it does not take with 405 and the methods it does take, never Astro's HTML page.
  it.each([
    ['GET', '/v1/feedback', 'POST, OPTIONS'],
    ['GET', '/v1/export/markdown', 'POST, OPTIONS'],
    ['PUT', '/v1/export/markdown', 'POST, OPTIONS'],
    ['DELETE', '/v1/lists', 'POST, OPTIONS'],
    ['GET', '/v1/policies/aws-scp', 'POST, OPTIONS'],
    ['POST', '/v1/status', 'GET, HEAD, OPTIONS'],
    ['DELETE', '/v1/lists/AAAAAAAAAAAAAAAAAAAAAA', 'GET, HEAD, OPTIONS'],
    // Prerendered documents too: their file exists, only the method is wrong.
    ['POST', '/v1/providers', 'GET, HEAD, OPTIONS'],
    ['PUT', '/v1/categories', 'GET, HEAD, OPTIONS'],
    ['POST', '/v1/openapi.json', 'GET, HEAD, OPTIONS'],
  ])('%s %s answers 405 problem details with Allow: %s', async (method, path, allow) => {
    const r = await answer(path, {
      method,
      headers: { 'content-type': 'application/json' },
      ...(method === 'POST' ? { body: '{}' } : {}),
    });
    expectProblem(r, 405);
    expect(r.headers.get('allow')).toBe(allow);
  });
});

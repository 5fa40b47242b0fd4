/**
 * The search answer splices each service's JSON, written once per catalogue,
 * into its pages: the bytes must be those of serialising the page as a whole.
 */
import { describe, expect, it } from 'vitest';
import { createServiceIndex } from '../src/core/service-index.ts';
import { linkHeader, pageLinks } from '../src/core/page.ts';
import { ServiceQuery } from '../src/core/query.ts';
import { searchParamsObject } from '../src/http/protocol.ts';
import { createCatalogue } from '../src/core/catalogue.ts';
import { fixtureCatalogue, fixtureCategories, fixtureProviders, fixtureServices } from '../tests/fixtures/catalogue.ts';
import { searchServices } from './catalogue.ts';

const catalogue = fixtureCatalogue();
const index = createServiceIndex(catalogue, [{ term: 'vm', means: ['virtual machine'] }]);
const text = (bytes: Uint8Array | null) => new TextDecoder().decode(bytes ?? new Uint8Array());

describe('searchServices', () => {
  it.each([
    'q=storage',
    'q=storage&pageSize=2&page=2',
    'provider=aws,gcp&sort=name',
    'q=vm&lifecycle=active',
    'q=nothing-matches-this',
    'pageSize=3&page=99',
    'q=storage&explain=true',
  ])('answers %s with the page serialised as a whole', async (query) => {
    const url = new URL(`http://localhost/v1/services?${query}`);
    const answer = await searchServices(url, { catalogue, index });
    expect(answer.status).toBe(200);
    const page = JSON.parse(text(answer.body));
    // The expected page, written from the index and the catalogue model without the splice.
    const expected = index.query(ServiceQuery.parse(searchParamsObject(url.searchParams)));
    expect(expected.total).toBe(page.total);
    const links = pageLinks(url, expected.page, expected.totalPages);
    const data = expected.items.map((s, i) => {
      const e = expected.explanations?.[i];
      return e ? { ...catalogue.toService(s), score: e.score, matches: e.matches } : catalogue.toService(s);
    });
    const { items: _items, explanations: _explanations, ...counts } = expected;
    expect(text(answer.body)).toBe(
      JSON.stringify({
        data,
        page: counts.page,
        pageSize: counts.pageSize,
        total: counts.total,
        totalPages: counts.totalPages,
        links,
      }),
    );
    expect(answer.headers['link']).toBe(linkHeader(links));
  });
});

describe('the ETag of a search page', () => {
  const answerOf = async (query: string, ctx = { catalogue, index }) => {
    const answer = await searchServices(new URL(`http://localhost/v1/services?${query}`), ctx);
    return { text: text(answer.body), etag: answer.headers['etag']! };
  };

  it('is the same for the same answer and differs whenever the answer does, over many queries', async () => {
    const queries = [
      'q=storage',
      'q=storage',
      'pageSize=2&q=storage', // the same services, the links spelled in another order
      'q=storage&pageSize=2',
      'q=storage&pageSize=2&page=2',
      'q=storage&pageSize=2&page=3',
      'provider=aws,gcp&sort=name',
      'provider=aws,gcp&sort=name&pageSize=50',
      'provider=gcp,aws&sort=name',
      'q=vm&lifecycle=active',
      'q=nothing-matches-this',
      'q=nothing-matches-this&pageSize=5',
      'pageSize=3&page=99',
      'pageSize=3&page=98',
      'q=storage&explain=true',
    ];
    const answers = await Promise.all(queries.map((q) => answerOf(q)));
    for (const a of answers) expect(a.etag).toMatch(/^W\/"[\w-]+"$/);
    for (const a of answers)
      for (const b of answers) expect(a.etag === b.etag, `${a.text} / ${b.text}`).toBe(a.text === b.text);
    expect(new Set(answers.map((a) => a.text)).size).toBeGreaterThan(10);
  });

  it("changes when a service's JSON does, the services and the page staying the same", async () => {
    const [first] = fixtureServices;
    const revised = createCatalogue({
      version: 'fixture',
      builtOn: '2026-05-15',
      providers: fixtureProviders,
      categories: fixtureCategories,
      services: fixtureServices.map((s) => (s === first ? { ...s, description: `${s.description} Revised.` } : s)),
    });
    const query = `provider=${first!.provider}&sort=name&pageSize=50`;
    const before = await answerOf(query);
    const after = await answerOf(query, { catalogue: revised, index: createServiceIndex(revised, []) });
    expect(after.text).not.toBe(before.text);
    expect(after.text).toContain('Revised.');
    expect(after.etag).not.toBe(before.etag);
  });
});

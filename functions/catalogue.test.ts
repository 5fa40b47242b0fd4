/**
 * The search answer splices each service's JSON, written once per catalogue,
 * into its pages: the bytes must be those of serialising the page as a whole.
 */
import { describe, expect, it } from 'vitest';
import { createServiceIndex } from '../src/core/service-index.ts';
import { linkHeader, pageLinks } from '../src/core/page.ts';
import { ServiceQuery } from '../src/core/query.ts';
import { searchParamsObject } from '../src/http/protocol.ts';
import { fixtureCatalogue } from '../tests/fixtures/catalogue.ts';
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

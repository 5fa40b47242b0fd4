import { describe, expect, it } from 'vitest';
import { createServiceIndex } from '../core/service-index.ts';
import { fixtureCatalogue } from '../../tests/fixtures/catalogue.ts';
import { criteriaFrom, serviceQuery } from './filter.ts';
import { parseSort, sortParam, tableRows, tableView } from './service-index.ts';

const catalogue = fixtureCatalogue();
const synonyms = [{ term: 'vm', means: ['virtual machine'] }];
const index = createServiceIndex(catalogue, synonyms);
const rows = tableRows(catalogue);
const view = (qs: string, sort = parseSort(new URLSearchParams(qs).get('sort')), page = 1) =>
  tableView(rows, index, criteriaFrom(new URLSearchParams(qs)), sort, page);
/** What the search index (the API's) answers for the same filters, in its order. */
const api = (qs: string) =>
  index.query(serviceQuery(criteriaFrom(new URLSearchParams(qs)), 1, 100)).items.map((s) => s.id);

describe('services table through the search index', () => {
  it('orders matches as the API does when there are search words and no column is chosen', () => {
    for (const qs of ['q=storage', 'q=vm', 'q=comptue', 'q=database&provider=aws', 'q=s3'])
      expect(
        view(qs).rows.map((r) => r.id),
        qs,
      ).toEqual(api(qs));
    // A synonym and a typo find what the API finds.
    expect(view('q=vm').rows.map((r) => r.id)).toContain('azure-virtual-machines');
    expect(view('q=comptue').total).toBeGreaterThan(0);
  });

  it('keeps the name order without search words, and sorts the matches by a chosen column', () => {
    const byName = view('').rows.map((r) => r.name);
    expect(byName).toEqual([...byName].sort((a, b) => a.localeCompare(b, 'en')));
    const matched = new Set(api('q=storage'));
    const byCloud = view('q=storage&sort=-provider').rows;
    expect(new Set(byCloud.map((r) => r.id))).toEqual(matched);
    const clouds = byCloud.map((r) => r.providerName);
    expect(clouds).toEqual([...clouds].sort((a, b) => b.localeCompare(a, 'en')));
  });

  it('reads the sort from the address: relevance by default, which the address leaves out', () => {
    expect(parseSort(null)).toEqual({ key: 'relevance', descending: false });
    expect(parseSort('relevance')).toEqual({ key: 'relevance', descending: false });
    expect(parseSort('-category')).toEqual({ key: 'category', descending: true });
    expect(parseSort('nonsense')).toEqual({ key: 'relevance', descending: false });
    expect(sortParam(parseSort(null))).toBeUndefined();
    expect(sortParam(parseSort('-name'))).toBe('-name');
  });

  it('applies the facets as the API does and clamps the page', () => {
    expect(view('provider=gcp&lifecycle=preview').rows.map((r) => r.id)).toEqual(api('provider=gcp&lifecycle=preview'));
    const v = view('q=storage', undefined, 99);
    expect(v.page).toBe(v.pages);
  });
});

import { describe, expect, it } from 'vitest';
import { criteriaFrom, criteriaQuery, matches, words, type FilterableRow } from './filter.ts';

const row = (over: Partial<FilterableRow> = {}): FilterableRow => ({
  provider: 'aws',
  category: 'storage',
  lifecycle: 'active',
  freeTier: true,
  text: words('aws-s3 Amazon S3 Simple Storage Service object storage Glacier').join(' '),
  ...over,
});

describe('listing filters', () => {
  it('reads repeated and comma-separated values, ignoring blanks', () => {
    const c = criteriaFrom(
      new URLSearchParams('provider=aws&provider=gcp,azure&category=&lifecycle=retired&freeTier=maybe&q=%20obj%20'),
    );
    expect(c).toEqual({
      q: 'obj',
      provider: ['aws', 'gcp', 'azure'],
      category: [],
      lifecycle: ['retired'],
      freeTier: '',
    });
  });

  it('applies every facet', () => {
    const c = criteriaFrom(new URLSearchParams('provider=aws&category=storage&lifecycle=active&freeTier=true'));
    expect(matches(row(), c)).toBe(true);
    expect(matches(row({ provider: 'gcp' }), c)).toBe(false);
    expect(matches(row({ category: 'compute' }), c)).toBe(false);
    expect(matches(row({ lifecycle: 'retired' }), c)).toBe(false);
    expect(matches(row({ freeTier: false }), c)).toBe(false);
  });

  it('matches every query word as a word prefix, accent- and case-insensitively', () => {
    const q = (s: string) => matches(row(), criteriaFrom(new URLSearchParams({ q: s })));
    expect(q('Obj STOR')).toBe(true);
    expect(q('glacier')).toBe(true);
    expect(q('Glaciér')).toBe(true);
    expect(q('torage')).toBe(false);
    expect(q('storage lambda')).toBe(false);
  });

  it('writes criteria back as a query string', () => {
    const c = criteriaFrom(new URLSearchParams('q=db&provider=aws&provider=gcp&freeTier=false'));
    expect(criteriaQuery(c)).toBe('q=db&provider=aws%2Cgcp&freeTier=false');
  });
});

import { describe, expect, it } from 'vitest';
import { resourceOf, reusableSeconds } from './answer-cache.ts';

describe('reusableSeconds', () => {
  it.each([
    ['public, max-age=60, s-maxage=300', 60],
    ['public, max-age=54, s-maxage=54', 54],
    ['public, max-age=0, s-maxage=300', 0],
    ['public, max-age=60', 60],
    ['no-store', 0],
    ['private, max-age=60', 0],
    ['public, no-cache, max-age=60', 0],
    ['max-age=60', 0],
    [null, 0],
  ])('%j → %i s', (header, seconds) => {
    expect(reusableSeconds(header)).toBe(seconds);
  });
});

describe('resourceOf', () => {
  it('gives every spelling of a path one key, and keeps the query as sent', () => {
    const key = resourceOf('/v1/lists/abc');
    for (const spelling of ['//v1/lists/abc', '/./v1/lists/abc', '/v1/%6cists/abc', '/v1//lists/./abc'])
      expect(resourceOf(spelling)).toBe(key);
    expect(resourceOf('/compare?ids=b,a')).not.toBe(resourceOf('/compare?ids=a,b'));
    expect(resourceOf('/%E0%A4%A')).toBe('/%E0%A4%A');
  });
});

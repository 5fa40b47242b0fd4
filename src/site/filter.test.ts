import { describe, expect, it } from 'vitest';
import { criteriaFrom, criteriaQuery, serviceQuery } from './filter.ts';

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

  it('becomes the query GET /v1/services validates its parameters into, without empty filters', () => {
    const c = criteriaFrom(new URLSearchParams('q=k8s&provider=aws,gcp&lifecycle=&freeTier=false'));
    expect(serviceQuery(c, 2, 20)).toEqual({
      q: 'k8s',
      provider: ['aws', 'gcp'],
      freeTier: false,
      page: 2,
      pageSize: 20,
    });
    expect(serviceQuery(criteriaFrom(new URLSearchParams('freeTier=true&category=storage')))).toEqual({
      category: ['storage'],
      freeTier: true,
      page: 1,
      pageSize: 50,
    });
  });

  it('writes criteria back as a query string', () => {
    const c = criteriaFrom(new URLSearchParams('q=db&provider=aws&provider=gcp&freeTier=false'));
    expect(criteriaQuery(c)).toBe('q=db&provider=aws%2Cgcp&freeTier=false');
  });
});

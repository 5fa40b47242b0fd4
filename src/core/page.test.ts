import { describe, expect, it } from 'vitest';
import { linkHeader, pageLinks } from './page.ts';

const links = (target: string, page: number, totalPages: number, fixed?: Record<string, string>) =>
  pageLinks(new URL(target, 'http://localhost'), page, totalPages, fixed);

describe('pageLinks', () => {
  it('replaces page where the query has it and keeps every other parameter as the query gives it', () => {
    expect(links('/v1/services?q=object%20storage&page=2&provider=aws,gcp', 2, 4)).toEqual({
      self: '/v1/services?q=object+storage&page=2&provider=aws%2Cgcp',
      first: '/v1/services?q=object+storage&page=1&provider=aws%2Cgcp',
      last: '/v1/services?q=object+storage&page=4&provider=aws%2Cgcp',
      prev: '/v1/services?q=object+storage&page=1&provider=aws%2Cgcp',
      next: '/v1/services?q=object+storage&page=3&provider=aws%2Cgcp',
    });
  });

  it('adds page at the end when the query has none, and has no prev on the first page nor next on the last', () => {
    expect(links('/v1/services?q=queue', 1, 1)).toEqual({
      self: '/v1/services?q=queue&page=1',
      first: '/v1/services?q=queue&page=1',
      last: '/v1/services?q=queue&page=1',
    });
  });

  it('keeps one page parameter when the query repeats it, and sets the fixed parameters', () => {
    expect(links('/v1/status/history?page=3&page=9', 3, 3, { pageSize: '20' })).toEqual({
      self: '/v1/status/history?page=3&pageSize=20',
      first: '/v1/status/history?page=1&pageSize=20',
      last: '/v1/status/history?page=3&pageSize=20',
      prev: '/v1/status/history?page=2&pageSize=20',
    });
  });

  it('changes only the page parameter when other names or values look like it', () => {
    const l = links('/v1/services?q=page%3D0&xpage=0&page0=1&page=2', 2, 3);
    expect(l.next).toBe('/v1/services?q=page%3D0&xpage=0&page0=1&page=3');
    expect(l.prev).toBe('/v1/services?q=page%3D0&xpage=0&page0=1&page=1');
    expect(links('/v1/services?page=2&page0=1&xpage=0', 2, 3).next).toBe('/v1/services?page=3&page0=1&xpage=0');
    expect(links('/v1/services?page0=1&xpage=0', 1, 2).next).toBe('/v1/services?page0=1&xpage=0&page=2');
  });

  it('points prev at the last page from past the end', () => {
    expect(links('/v1/services?page=9', 9, 4).prev).toBe('/v1/services?page=4');
  });
});

describe('linkHeader', () => {
  it('lists every link but self, in RFC 8288 form', () => {
    expect(linkHeader(links('/v1/services?page=2', 2, 3))).toBe(
      '</v1/services?page=1>; rel="first", </v1/services?page=3>; rel="last", ' +
        '</v1/services?page=1>; rel="prev", </v1/services?page=3>; rel="next"',
    );
  });
});

import { describe, expect, it } from 'vitest';
import {
  acceptedEncodings,
  BodyTooLarge,
  cappedList,
  clientIp,
  rateLimitKey,
  contentTypeFor,
  etagMatches,
  isFormMediaType,
  isJsonMediaType,
  BodyNotUtf8,
  formFields,
  isValidHost,
  publicOrigin,
  readBody,
  readBodyText,
  sfString,
} from './protocol.ts';

describe('sfString', () => {
  it('quotes printable ASCII, escaping backslash and double quote', () => {
    expect(sfString('aws-s3')).toBe('"aws-s3"');
    expect(sfString('a"b\\c')).toBe('"a\\"b\\\\c"');
  });
  it.each(['café', 'line\nbreak', 'tab\there'])('refuses %j (not an RFC 8941 string)', (text) => {
    expect(sfString(text)).toBeUndefined();
  });
});

describe('cappedList', () => {
  it('keeps members in order while the list fits, and says how many', () => {
    expect(cappedList(['"a"', '"b"', '"c"'], 100)).toEqual({ value: '"a", "b", "c"', listed: 3 });
    const capped = cappedList(['"aaaa"', '"bbbb"', '"cccc"'], 17);
    expect(capped).toEqual({ value: '"aaaa", "bbbb"', listed: 2 });
    expect(capped.value.length).toBeLessThanOrEqual(17);
  });
});

describe('acceptedEncodings', () => {
  it.each([
    ['gzip', ['gzip']],
    ['GZIP', ['gzip']],
    ['*', ['br', 'gzip']],
    ['gzip;q=1e-9', ['gzip']],
    ['gzip;q=0', []],
    ['*;q=0', []],
    ['*, gzip;q=0', ['br']],
    ['gzip;q=abc', []],
    ['gzip;q=-1', []],
    ['x-gzip', []],
    ['gzip;q=0.5, br', ['br', 'gzip']],
    ['', []],
  ] as const)('%j allows %j', (header, expected) => {
    expect(acceptedEncodings(header, ['br', 'gzip'])).toEqual(expected);
  });
});

describe('etagMatches', () => {
  it('compares weakly, in lists, and with *', () => {
    expect(etagMatches('"a"', '"a"')).toBe(true);
    expect(etagMatches('W/"a"', '"a"')).toBe(true);
    expect(etagMatches('"b", "a"', 'W/"a"')).toBe(true);
    expect(etagMatches('*', '"a"')).toBe(true);
    expect(etagMatches('"a-gz"', '"a"')).toBe(false);
    expect(etagMatches('', '"a"')).toBe(false);
    expect(etagMatches(',,,,', '"a"')).toBe(false);
  });
});

describe('media types', () => {
  it('JSON: application/json and +json, with parameters', () => {
    expect(isJsonMediaType('application/json')).toBe(true);
    expect(isJsonMediaType('application/merge-patch+json; charset=utf-8')).toBe(true);
    expect(isJsonMediaType('text/json')).toBe(false);
    expect(isJsonMediaType('application/jsonp')).toBe(false);
    expect(isJsonMediaType(null)).toBe(false);
  });
  it('forms: application/x-www-form-urlencoded', () => {
    expect(isFormMediaType('application/x-www-form-urlencoded; charset=UTF-8')).toBe(true);
    expect(isFormMediaType('multipart/form-data; boundary=x')).toBe(false);
  });
});

describe('contentTypeFor (mime-db through mime-types)', () => {
  it.each([
    ['/index.html', 'text/html; charset=utf-8'],
    ['/_astro/a.css', 'text/css; charset=utf-8'],
    ['/_astro/a.js', 'text/javascript; charset=utf-8'],
    ['/catalogue.json', 'application/json; charset=utf-8'],
    ['/icons/services/aws-s3.svg', 'image/svg+xml'],
    ['/sitemap.xml', 'application/xml; charset=utf-8'],
    ['/lifecycle.atom', 'application/atom+xml; charset=utf-8'],
    ['/lifecycle.ics', 'text/calendar; charset=utf-8'],
    ['/map.csv', 'text/csv; charset=utf-8'],
    ['/map.md', 'text/markdown; charset=utf-8'],
    ['/v1/providers', 'application/json; charset=utf-8'],
    ['/services', 'text/html; charset=utf-8'],
    ['/file.unknownext', 'application/octet-stream'],
  ])('%s → %s', (path, type) => {
    expect(contentTypeFor(path)).toBe(type);
  });
});

describe('clientIp', () => {
  it('is the socket address without trusted proxies, whatever X-Forwarded-For says', () => {
    expect(clientIp('::ffff:10.0.0.1', '1.2.3.4', 0)).toBe('10.0.0.1');
  });
  it('takes the Nth address from the right with N trusted proxies', () => {
    expect(clientIp('10.0.0.1', '9.9.9.9, 1.2.3.4', 1)).toBe('1.2.3.4');
    expect(clientIp('10.0.0.1', '9.9.9.9, 1.2.3.4', 2)).toBe('9.9.9.9');
    expect(clientIp('10.0.0.1', '[2001:DB8::1]', 1)).toBe('2001:db8::1');
  });
  it('reads an address a proxy wrote with its port (Azure Application Gateway does), without the port', () => {
    expect(clientIp('10.0.0.1', '198.51.100.7:4711', 1)).toBe('198.51.100.7');
    expect(clientIp('10.0.0.1', '[2001:db8::1]:4711', 1)).toBe('2001:db8::1');
    expect(clientIp('10.0.0.1', '198.51.100.7:99999999', 1)).toBe('10.0.0.1');
  });
  it.each(['anything', 'evil, ', '1.2.3.4.5', "1.2.3.4'", 'x'.repeat(1000)])(
    'never keys on a string that is not an IP address (%j)',
    (forwarded) => {
      expect(clientIp('10.0.0.1', forwarded, 1)).toBe('10.0.0.1');
    },
  );
});

describe('rateLimitKey', () => {
  it('counts an IPv4 address as itself', () => {
    expect(rateLimitKey('198.51.100.7')).toBe('198.51.100.7');
  });
  it('counts an IPv6 address by its /64 network, however it is written', () => {
    const key = rateLimitKey('2001:db8:1:2::1');
    for (const a of ['2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:0db8:0001:0002:0:0:0:9', '2001:db8:1:2::'])
      expect(rateLimitKey(a)).toBe(key);
    expect(key).toBe('2001:db8:1:2::/64');
    expect(rateLimitKey('2001:db8:1:3::1')).not.toBe(key);
    expect(rateLimitKey('::1')).toBe('0:0:0:0::/64');
  });
  it('counts an IPv4 client written as IPv6 (mapped or NAT64, dotted or not) as that IPv4 address', () => {
    for (const a of ['::ffff:c000:201', '0:0:0:0:0:ffff:192.0.2.1', '64:ff9b::c000:201', '64:ff9b::192.0.2.1'])
      expect(rateLimitKey(a), a).toBe('192.0.2.1');
    expect(rateLimitKey('64:ff9b::c000:202')).not.toBe(rateLimitKey('64:ff9b::c000:201'));
  });
});

describe('publicOrigin and isValidHost', () => {
  it('PUBLIC_URL wins over any Host', () => {
    expect(publicOrigin('https://catalogue.example/', 'evil.example')).toBe('https://catalogue.example');
  });
  it.each([
    'localhost:4321',
    '127.0.0.1',
    'catalogue.example',
    'Catalogue.Example:8080',
    '[::1]:4321',
    'x:65535',
    '[::1]',
    'catalogue_backend',
    'catalogue_backend:8080',
  ])('accepts the host %j', (host) => {
    expect(isValidHost(host)).toBe(true);
    expect(publicOrigin(undefined, host)).toBe(`http://${host.toLowerCase()}`);
  });
  it.each([
    'a@b',
    'x/v1/status/history?',
    'a"b',
    'a b',
    'a?b',
    'a#b',
    '[zz]',
    '',
    'a:99999999',
    '-a.example',
    'x:65536',
    'x:0',
    '[::1]:70000',
    'a.example, a.example',
  ])('refuses the host %j', (host) => {
    expect(isValidHost(host)).toBe(false);
    expect(publicOrigin(undefined, host)).toBeNull();
  });
});

describe('readBody', () => {
  /** A 50 MB body that counts what the reader pulled. */
  function countingRequest(total: number, headers: Record<string, string> = {}) {
    let pulled = 0;
    const chunk = new Uint8Array(64 * 1024);
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= total) return controller.close();
        pulled += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const request = new Request('http://localhost/x', { method: 'POST', body, headers, duplex: 'half' } as RequestInit);
    return { request, pulled: () => pulled };
  }

  it('refuses a declared length past the limit without reading anything', async () => {
    const { request, pulled } = countingRequest(50e6, { 'content-length': String(50e6) });
    await expect(readBody(request, 64 * 1024)).rejects.toBeInstanceOf(BodyTooLarge);
    // A stream fills its one-chunk queue by itself; the reader pulled nothing more.
    expect(pulled()).toBeLessThanOrEqual(64 * 1024);
  });
  it('stops a streamed 50 MB body after less than 1 MB', async () => {
    const { request, pulled } = countingRequest(50e6);
    await expect(readBody(request, 256 * 1024)).rejects.toBeInstanceOf(BodyTooLarge);
    expect(pulled()).toBeLessThan(1024 * 1024);
  });
  it('reads a body within the limit', async () => {
    expect(await readBodyText(new Request('http://localhost/x', { method: 'POST', body: 'héllo' }), 100)).toBe('héllo');
  });
});

describe('formFields', () => {
  it('reads fields as URLSearchParams does, a lone % included', () => {
    const f = formFields('message=caf%C3%A9+au+lait&rate=100%&empty=');
    expect([...f]).toEqual([
      ['message', 'café au lait'],
      ['rate', '100%'],
      ['empty', ''],
    ]);
  });
  it.each(['message=caf%E9', 'a%FF=1', 'x=%C3'])('refuses %j: percent-encoded bytes that are not UTF-8', (text) => {
    expect(() => formFields(text)).toThrow(BodyNotUtf8);
  });
});

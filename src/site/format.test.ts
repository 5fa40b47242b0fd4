import { describe, expect, it } from 'vitest';
import {
  announcementLinkText,
  humanDate,
  lifecycleWarning,
  networkFailureMessage,
  partLifecycleWarning,
  problemMessage,
  retryAfterSeconds,
  waitInWords,
} from './format.ts';

describe('wait times in words', () => {
  it.each([
    [0, 'about 1 second'],
    [1, 'about 1 second'],
    [45, 'about 45 seconds'],
    [60, 'about 1 minute'],
    [61, 'about 2 minutes'],
    [3600, 'about 1 hour'],
    [7300, 'about 2 hours'],
  ])('%d s is %s', (s, words) => expect(waitInWords(s)).toBe(words));

  it('reads Retry-After as seconds or an HTTP date', () => {
    const now = new Date('2026-05-01T10:00:00Z');
    expect(retryAfterSeconds('37', now)).toBe(37);
    expect(retryAfterSeconds('Fri, 01 May 2026 10:02:00 GMT', now)).toBe(120);
    expect(retryAfterSeconds('soon', now)).toBeUndefined();
    expect(retryAfterSeconds(null, now)).toBeUndefined();
  });
});

describe('problem messages', () => {
  it('gives the wait on 429', () => {
    expect(
      problemMessage(
        'save the list',
        429,
        { title: 'Too many requests' },
        new Headers({ 'retry-after': '42', 'x-ratelimit-limit': '10' }),
      ),
    ).toBe(
      'Too many requests: you can save the list again in about 42 seconds. The service allows 10 changes per minute from one address.',
    );
    expect(problemMessage('save the list', 429, undefined, null)).toMatch(/again in a minute/);
  });

  it('gives the time the wait ends when a clock is given, so the message still reads right once it has passed', () => {
    const now = new Date('2026-11-26T16:45:00Z');
    const clock = (at: Date) => at.toISOString().slice(11, 19);
    const headers = new Headers({ 'retry-after': '42' });
    expect(problemMessage('save the list', 429, undefined, headers, now, clock)).toMatch(
      /^Too many requests: you can save the list again in about 42 seconds \(at 16:45:42\)\. /,
    );
    // Without a clock (a page rendered on the server, whose zone is not the reader's), the wait alone.
    expect(problemMessage('save the list', 429, undefined, headers, now)).not.toMatch(/\(at /);
    // Without a Retry-After there is no time to give.
    expect(problemMessage('save the list', 429, undefined, null, now, clock)).not.toMatch(/\(at /);
  });

  it('takes the limit from X-RateLimit-Limit, and names none when the header is absent or unreadable', () => {
    expect(
      problemMessage(
        'send your feedback',
        429,
        undefined,
        new Headers({ 'retry-after': '5', 'x-ratelimit-limit': '3' }),
      ),
    ).toMatch(/allows 3 changes per minute/);
    expect(problemMessage('send your feedback', 429, undefined, new Headers({ 'x-ratelimit-limit': '1' }))).toMatch(
      /allows 1 change per minute/,
    );
    for (const headers of [new Headers({ 'retry-after': '5' }), new Headers({ 'x-ratelimit-limit': 'lots' })]) {
      const m = problemMessage('send your feedback', 429, undefined, headers);
      expect(m).not.toMatch(/\d+ changes?/);
      expect(m).toMatch(/limits how many changes one address can make per minute/);
    }
  });

  it('names validation errors and keeps the detail', () => {
    const m = problemMessage('generate the policy', 422, {
      title: 'Unknown service ids',
      detail: 'Not in the catalogue.',
      errors: [{ message: 'aws-nope is unknown' }, { pointer: '/x' }],
    });
    expect(m).toBe('Could not generate the policy: unknown service ids. Not in the catalogue. (aws-nope is unknown)');
  });

  it('explains server errors and network failures', () => {
    expect(problemMessage('search', 503, {})).toMatch(/service had a problem \(503\)/);
    expect(networkFailureMessage('search')).toMatch(/could not be reached/);
  });
});

describe('lifecycle warnings', () => {
  it('is silent for active services', () => expect(lifecycleWarning('S3', undefined)).toBeUndefined());

  it('says what happens and where to move', () => {
    expect(
      lifecycleWarning(
        'CodeStar',
        { status: 'retired', sunsetDate: '2024-07-31', successorSlug: 'aws-codecatalyst' },
        'Amazon CodeCatalyst',
      ),
    ).toBe('CodeStar was retired on 31 July 2024 and can no longer be used. Plan a move to Amazon CodeCatalyst.');
    // A successor that is changing too is never recommended without saying so.
    expect(lifecycleWarning('CodeWhisperer', { status: 'retired' }, 'Amazon Q Developer', 'sunset')).toBe(
      'CodeWhisperer was retired and can no longer be used. Plan a move to Amazon Q Developer, which is itself being retired.',
    );
    expect(lifecycleWarning('CodeStar', { status: 'retired' }, 'Amazon CodeCatalyst', 'deprecated')).toMatch(
      /Plan a move to Amazon CodeCatalyst, which is itself deprecated\.$/,
    );
    expect(lifecycleWarning('X', { status: 'sunset' }, 'Y', 'active')).toBe('X is being retired. Plan a move to Y.');
    expect(lifecycleWarning('X', { status: 'sunset', sunsetDate: '2027-01-02' })).toBe(
      'X is being retired on 2 January 2027.',
    );
    // A service being retired that already turns new customers away says so: a new account cannot start on it.
    expect(
      lifecycleWarning('X', { status: 'sunset', sunsetDate: '2027-09-29', closedToNewCustomers: '2026-10-29' }),
    ).toBe('X is being retired on 29 September 2027; no new customers from 29 October 2026.');
    expect(lifecycleWarning('X', { status: 'deprecated' })).toMatch(
      /^X is deprecated: it may be closed to new customers\.$/,
    );
    // The day it closed, when the vendor gave one, rather than what deprecated may mean.
    expect(lifecycleWarning('X', { status: 'deprecated', closedToNewCustomers: '2026-07-30' })).toBe(
      'X is deprecated: no new customers from 30 July 2026.',
    );
    expect(lifecycleWarning('X', { status: 'preview', gaTarget: 'H2 2026' })).toMatch(
      /preview \(general availability expected H2 2026\)/,
    );
  });

  it('formats dates without locale surprises', () => {
    expect(humanDate('2026-12-09')).toBe('9 December 2026');
    expect(humanDate('not a date')).toBe('not a date');
  });
});

describe('part lifecycle warnings', () => {
  const url = 'https://docs.aws.amazon.com/x';
  it('names the day a part closed to new customers when the vendor gave one, and its end', () => {
    const part = (lifecycle: Parameters<typeof partLifecycleWarning>[1]['lifecycle']) => ({ name: 'Lake', lifecycle });
    expect(partLifecycleWarning('Trail', part({ status: 'deprecated', note: 'n', announcementUrl: url }))).toBe(
      'Lake, part of Trail, is no longer open to new customers.',
    );
    expect(
      partLifecycleWarning(
        'Trail',
        part({ status: 'deprecated', closedToNewCustomers: '2026-05-31', note: 'n', announcementUrl: url }),
      ),
    ).toBe('Lake, part of Trail, is closed to new customers from 31 May 2026.');
    expect(
      partLifecycleWarning(
        'Trail',
        part({
          status: 'sunset',
          sunsetDate: '2027-06-30',
          closedToNewCustomers: '2026-12-01',
          note: 'n',
          announcementUrl: url,
        }),
      ),
    ).toBe('Lake, part of Trail, is being retired on 30 June 2027 (closed to new customers from 1 December 2026).');
    expect(partLifecycleWarning('Trail', { name: 'Lake' })).toBeUndefined();
  });
});

describe('links to lifecycle announcements', () => {
  it("say whose page they are: the vendor's, or the third party that reported it", () => {
    const aws =
      'https://docs.aws.amazon.com/managed-blockchain/latest/hyperledger-fabric-dev/managed-blockchain-end-of-support.html';
    expect(announcementLinkText('aws', aws)).toBe('Vendor announcement');
    // AWS's documentation for its China Regions is AWS's too.
    expect(announcementLinkText('aws', 'https://docs.amazonaws.cn/iot-device-defender/latest/devguide/x.html')).toBe(
      'Vendor announcement',
    );
    expect(announcementLinkText('gcp', 'https://docs.chainstack.com/docs/migrating')).toBe(
      'Announcement reported by docs.chainstack.com, not the vendor',
    );
    // Another cloud's host is not this cloud's vendor.
    expect(announcementLinkText('gcp', aws)).toBe('Announcement reported by docs.aws.amazon.com, not the vendor');
  });
});

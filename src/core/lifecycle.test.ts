import ICAL from 'ical.js';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { createCatalogue } from './catalogue.ts';
import {
  addMonths,
  changesOf,
  changesWithin,
  changesWithinDays,
  datedByClosing,
  daysUntil,
  lifecycleTimeline,
} from './lifecycle.ts';
import { foldLine, lifecycleAtom, lifecycleIcs } from './lifecycle-feeds.ts';
import { ServiceEntry, type LifecycleChange, type ServiceEntryInput } from './schemas.ts';
import { vendorDocHosts } from './vendor-hosts.ts';
import { serviceEntry } from '../../tests/fixtures/catalogue.ts';

/** An announcement on the vendor's own site (the provider is the id's first word). */
const news = (id: string) => `https://${vendorDocHosts[id.split('-')[0]!]![0]}/${id}/news`;
const entry = (id: string, over: Partial<ServiceEntryInput> = {}): ServiceEntry =>
  serviceEntry(id, { name: `Service ${id}`, lastReviewed: '2026-11-01', ...over });
const catalogue = createCatalogue({
  version: 'test',
  builtOn: '2026-11-23',
  providers: ['aws', 'azure', 'gcp'].map((id) => ({
    id,
    name: id.toUpperCase(),
    shortName: id,
    homepage: `https://${id}.example.com`,
    description: id,
  })),
  categories: [{ id: 'compute', name: 'Compute', description: 'Compute' }],
  services: [
    entry('aws-active'),
    entry('aws-new'),
    entry('aws-gone', {
      lifecycle: {
        status: 'retired',
        sunsetDate: '2026-10-07',
        note: 'Ended; use "New" & friends <now>.',
        successorSlug: 'aws-new',
        announcementUrl: news('aws-gone'),
      },
    }),
    entry('aws-older', {
      lifecycle: { status: 'retired', sunsetDate: '2024-01-08', announcementUrl: news('aws-older') },
    }),
    entry('azure-soon', {
      lifecycle: {
        status: 'sunset',
        sunsetDate: '2027-03-31',
        note: 'Retires; move, please; now.',
        announcementUrl: news('azure-soon'),
      },
    }),
    entry('gcp-later', {
      lifecycle: { status: 'sunset', sunsetDate: '2029-09-20', announcementUrl: news('gcp-later') },
    }),
    entry('gcp-today', {
      lifecycle: { status: 'sunset', sunsetDate: '2026-11-23', announcementUrl: news('gcp-today') },
    }),
    entry('azure-closed', { lifecycle: { status: 'deprecated', announcementUrl: news('azure-closed') } }),
    entry('aws-beta', { lifecycle: { status: 'preview', gaTarget: 'Q2 2027', announcementUrl: news('aws-beta') } }),
  ],
});
const ids = (changes: { serviceId: string }[]) => changes.map((c) => c.serviceId);

describe('lifecycleTimeline', () => {
  const t = lifecycleTimeline(catalogue, '2026-11-23');

  it('puts dated changes from today on in upcoming, soonest first, and earlier ones in past, latest first', () => {
    expect(ids(t.upcoming)).toEqual(['gcp-today', 'azure-soon', 'gcp-later']);
    expect(ids(t.past)).toEqual(['aws-gone', 'aws-older']);
    expect(ids(t.undated)).toEqual(['aws-beta', 'azure-closed']);
    expect(t.today).toBe('2026-11-23');
  });

  it('puts a service marked retired on its sunset date in past that day, and one not yet marked in upcoming', () => {
    const gone = entry('aws-gone-today', {
      lifecycle: { status: 'retired', sunsetDate: '2026-11-23', announcementUrl: news('aws-gone-today') },
    });
    const day = lifecycleTimeline(
      createCatalogue({ ...catalogue, services: [...catalogue.services, gone] }),
      '2026-11-23',
    );
    expect(ids(day.past)[0]).toBe('aws-gone-today');
    expect(ids(day.upcoming)).toEqual(['gcp-today', 'azure-soon', 'gcp-later']);
  });

  it('dates a deprecated service by the day it closed to new customers, and titles it so in the feeds', () => {
    const closed = entry('aws-closed-day', {
      lifecycle: { status: 'deprecated', closedToNewCustomers: '2026-07-30', announcementUrl: news('aws-closed-day') },
    });
    const withClosed = createCatalogue({ ...catalogue, services: [...catalogue.services, closed] });
    const day = lifecycleTimeline(withClosed, '2026-11-23');
    expect(day.past.find((c) => c.serviceId === 'aws-closed-day')).toMatchObject({
      date: '2026-07-30',
      closedToNewCustomers: '2026-07-30',
      status: 'deprecated',
    });
    expect(ids(day.undated)).not.toContain('aws-closed-day');
    // Said as "no new customers from", which reads right before and after the day; a sunset date is the change.
    expect(datedByClosing({ date: '2026-07-30', closedToNewCustomers: '2026-07-30' })).toBe(true);
    expect(datedByClosing({ date: '2027-01-15', closedToNewCustomers: '2027-01-15' })).toBe(true);
    expect(datedByClosing({ date: '2027-03-31', sunsetDate: '2027-03-31', closedToNewCustomers: '2027-03-31' })).toBe(
      false,
    );
    expect(lifecycleAtom(day, 'https://catalogue.example.org')).toContain(
      '<title>Service aws-closed-day (AWS) no new customers from 2026-07-30</title>',
    );
  });

  it('dates a sunset service that closed to new customers first by its end, and says the closing day in the feeds', () => {
    const closing = entry('aws-closing', {
      lifecycle: {
        status: 'sunset',
        sunsetDate: '2027-09-29',
        closedToNewCustomers: '2026-10-29',
        note: 'Ends.',
        announcementUrl: news('aws-closing'),
      },
    });
    const day = lifecycleTimeline(
      createCatalogue({ ...catalogue, services: [...catalogue.services, closing] }),
      '2026-11-23',
    );
    const change = day.upcoming.find((c) => c.serviceId === 'aws-closing')!;
    expect(change).toMatchObject({ date: '2027-09-29', sunsetDate: '2027-09-29', closedToNewCustomers: '2026-10-29' });
    expect(datedByClosing(change)).toBe(false);
    // Its closing is a change of its own, already past: the timeline says when new projects stopped.
    const closed = day.past.filter((c) => c.serviceId === 'aws-closing');
    expect(closed).toMatchObject([
      { date: '2026-10-29', sunsetDate: '2027-09-29', closedToNewCustomers: '2026-10-29' },
    ]);
    expect(datedByClosing(closed[0]!)).toBe(true);
    const atom = lifecycleAtom(day, 'https://catalogue.example.org');
    expect(atom).toContain('<title>Service aws-closing (AWS) sunsets on 2027-09-29</title>');
    expect(atom).toContain('Ends. No new customers from 2026-10-29.');
    expect(atom).toContain('<title>Service aws-closing (AWS) no new customers from 2026-10-29</title>');
    const events = lifecycleIcs(day, 'https://catalogue.example.org').match(/^UID:aws-closing-.*$/gm);
    expect(events).toEqual([
      'UID:aws-closing-sunset-2027-09-29@catalogue.example.org',
      'UID:aws-closing-closing-2026-10-29@catalogue.example.org',
    ]);
  });

  it("keeps a closing's feed entry and calendar event when the vendor later announces an end", () => {
    const feeds = (lifecycle: ServiceEntryInput['lifecycle']) => {
      const day = lifecycleTimeline(
        createCatalogue({ ...catalogue, services: [...catalogue.services, entry('aws-later-end', { lifecycle })] }),
        '2026-11-23',
      );
      const site = 'https://catalogue.example.org';
      const ids = [...lifecycleAtom(day, site).matchAll(/<id>([^<]*aws-later-end[^<]*)<\/id>/g)].map((m) => m[1]);
      const uids = lifecycleIcs(day, site).match(/^UID:aws-later-end-.*$/gm);
      return { ids, uids };
    };
    const closed = { closedToNewCustomers: '2026-10-29', note: 'Closed.', announcementUrl: news('aws-later-end') };
    const before = feeds({ status: 'deprecated', ...closed });
    const after = feeds({ status: 'sunset', sunsetDate: '2027-09-29', ...closed });
    expect(before.ids).toHaveLength(1);
    expect(after.ids).toContain(before.ids[0]);
    expect(after.uids).toContain(before.uids![0]);
    expect(after.ids).toHaveLength(2);
  });

  it('gives a closing that comes inside a window of its own, though the end comes after it, and a retired service only its end', () => {
    const services = [
      entry('gcp-closing-soon', {
        provider: 'gcp',
        lifecycle: {
          status: 'sunset',
          sunsetDate: '2029-01-31',
          closedToNewCustomers: '2027-02-01',
          note: 'Ends in 2029; no new instances from February 2027.',
          announcementUrl: news('gcp-closing-soon'),
        },
      }),
      entry('aws-ended', {
        lifecycle: {
          status: 'retired',
          sunsetDate: '2026-10-31',
          closedToNewCustomers: '2026-07-31',
          note: 'Retired.',
          announcementUrl: news('aws-ended'),
        },
      }),
    ];
    const cat = createCatalogue({ ...catalogue, services: [...catalogue.services, ...services] });
    const changes = changesOf(cat, services);
    expect(changesWithinDays(changes, '2026-11-27', 90).map((c) => [c.serviceId, c.date, c.inDays])).toEqual([
      ['gcp-closing-soon', '2027-02-01', 66],
    ]);
    expect(changesWithin(changes, '2026-11-27', 12).map((c) => [c.serviceId, c.date])).toEqual([
      ['gcp-closing-soon', '2027-02-01'],
    ]);
    expect(changes.filter((c) => c.serviceId === 'aws-ended').map((c) => c.date)).toEqual(['2026-10-31']);
  });

  it('dates a part as a service is dated: by its end, else by the day it closed to new customers', () => {
    const part = (id: string, lifecycle: NonNullable<ServiceEntryInput['subServices']>[number]['lifecycle']) => ({
      id,
      name: `Part ${id}`,
      description: 'A part.',
      lifecycle,
    });
    const withParts = entry('aws-with-parts', {
      subServices: [
        part('aws-part-closed', {
          status: 'deprecated',
          closedToNewCustomers: '2026-05-31',
          note: 'Closed.',
          announcementUrl: news('aws-p1'),
        }),
        part('aws-part-ending', {
          status: 'sunset',
          sunsetDate: '2027-06-30',
          closedToNewCustomers: '2026-12-01',
          note: 'Ends.',
          announcementUrl: news('aws-p2'),
        }),
        part('aws-part-undated', {
          status: 'deprecated',
          note: 'Closed, no day given.',
          announcementUrl: news('aws-p3'),
        }),
      ],
    });
    const day = lifecycleTimeline(
      createCatalogue({ ...catalogue, services: [...catalogue.services, withParts] }),
      '2026-11-23',
    );
    const of = (cs: LifecycleChange[], id: string) => cs.find((c) => c.part?.id === id);
    const closed = of(day.past, 'aws-part-closed')!;
    expect(closed).toMatchObject({ date: '2026-05-31', closedToNewCustomers: '2026-05-31', status: 'deprecated' });
    expect(closed.sunsetDate).toBeUndefined();
    expect(datedByClosing(closed)).toBe(true);
    // A part that closes before its end has a change on each day: new projects stop before the part does.
    const [closing, ending] = day.upcoming.filter((c) => c.part?.id === 'aws-part-ending');
    expect(closing).toMatchObject({ date: '2026-12-01', sunsetDate: '2027-06-30', closedToNewCustomers: '2026-12-01' });
    expect(datedByClosing(closing!)).toBe(true);
    expect(ending).toMatchObject({ date: '2027-06-30', sunsetDate: '2027-06-30', closedToNewCustomers: '2026-12-01' });
    expect(datedByClosing(ending!)).toBe(false);
    expect(of(day.undated, 'aws-part-undated')?.date).toBeUndefined();
    const atom = lifecycleAtom(day, 'https://catalogue.example.org');
    expect(atom).toContain(
      '<title>Part aws-part-closed (part of Service aws-with-parts, AWS) no new customers from 2026-05-31</title>',
    );
    expect(atom).toContain('Ends. No new customers from 2026-12-01.');
    expect(atom).toContain(
      '<title>Part aws-part-ending (part of Service aws-with-parts, AWS) no new customers from 2026-12-01</title>',
    );
  });

  it('carries provider, status, dates, the resolved successor, the announcement and the page', () => {
    expect(t.past[0]).toEqual({
      date: '2026-10-07',
      provider: 'aws',
      providerName: 'AWS',
      serviceId: 'aws-gone',
      slug: 'aws-gone',
      name: 'Service aws-gone',
      status: 'retired',
      sunsetDate: '2026-10-07',
      successor: { id: 'aws-new', slug: 'aws-new', name: 'Service aws-new', provider: 'aws' },
      note: 'Ended; use "New" & friends <now>.',
      announcementUrl: news('aws-gone'),
      lastReviewed: '2026-11-01',
      page: '/services/aws-gone',
    });
  });

  it("names the host of a third party's report, and only then", () => {
    const reported = entry('gcp-reported', {
      lifecycle: {
        status: 'sunset',
        sunsetDate: '2027-02-01',
        note: 'As a provider reports it.',
        announcementUrl: 'https://docs.node-provider.example/migrate',
      },
    });
    const day = lifecycleTimeline(
      createCatalogue({ ...catalogue, services: [...catalogue.services, reported] }),
      '2026-11-23',
    );
    expect(day.upcoming.find((c) => c.serviceId === 'gcp-reported')).toMatchObject({
      announcementUrl: 'https://docs.node-provider.example/migrate',
      announcementReportedBy: 'docs.node-provider.example',
    });
    const vendors = [...day.upcoming, ...day.past, ...day.undated].filter((c) => c.serviceId !== 'gcp-reported');
    expect(vendors.filter((c) => 'announcementReportedBy' in c)).toEqual([]);
  });

  it('never lists an active service', () => {
    const all = [...t.upcoming, ...t.past, ...t.undated];
    expect(all.map((c) => c.serviceId)).not.toContain('aws-active');
    expect(all).toHaveLength(7);
  });
});

describe('changes of a list', () => {
  it('orders dated changes soonest first (past dates first), then undated ones, and ignores active services', () => {
    const services = ['gcp-later', 'aws-active', 'azure-closed', 'azure-soon', 'aws-gone'].map((id) =>
      catalogue.service(id)!,
    );
    expect(ids(changesOf(catalogue, services))).toEqual(['aws-gone', 'azure-soon', 'gcp-later', 'azure-closed']);
  });

  it('counts changes from today up to the same day 12 months ahead', () => {
    const changes = changesOf(catalogue, catalogue.services);
    expect(ids(changesWithin(changes, '2026-11-23', 12))).toEqual(['gcp-today', 'azure-soon']);
    expect(ids(changesWithin(changes, '2028-09-20', 12))).toEqual(['gcp-later']);
    expect(ids(changesWithin(changes, '2028-09-21', 12))).toEqual(['gcp-later']);
    expect(ids(changesWithin(changes, '2029-09-21', 12))).toEqual([]);
  });

  it('adds calendar months, clamped to the end of shorter months', () => {
    expect(addMonths('2026-11-23', 12)).toBe('2027-11-23');
    expect(addMonths('2026-08-31', 6)).toBe('2027-02-28');
    expect(addMonths('2028-02-29', 12)).toBe('2029-02-28');
  });
});

describe('Atom feed', () => {
  const site = 'https://catalogue.example.org/';
  const atom = lifecycleAtom(lifecycleTimeline(catalogue, '2026-11-23'), site);
  const doc = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    isArray: (name) => ['entry', 'link', 'category'].includes(name),
  }).parse(atom);
  const feed = doc.feed;

  it('is well-formed XML in the Atom namespace', () => {
    expect(XMLValidator.validate(atom)).toBe(true);
    expect(feed['@xmlns']).toBe('http://www.w3.org/2005/Atom');
  });

  it('has the feed elements RFC 4287 requires: id, title, updated, author, a self link', () => {
    expect(feed.id).toBe('https://catalogue.example.org/lifecycle.atom');
    expect(feed.title).toBeTruthy();
    expect(feed.updated).toBe('2026-11-23T00:00:00Z');
    expect(feed.author.name).toBeTruthy();
    expect(feed.link.find((l: Record<string, string>) => l['@rel'] === 'self')['@href']).toBe(
      'https://catalogue.example.org/lifecycle.atom',
    );
  });

  it('has one entry per dated change, each with id, title, updated and an alternate link; ids unique', () => {
    expect(feed.entry).toHaveLength(5);
    for (const e of feed.entry) {
      expect(e.id).toMatch(/^https:\/\/catalogue\.example\.org\/services\//);
      expect(e.title).toBeTruthy();
      expect(e.updated).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00Z$/);
      expect(
        e.link.some((l: Record<string, string>) => l['@rel'] === 'alternate' && (l['@href'] ?? '').startsWith(site)),
      ).toBe(true);
    }
    expect(new Set(feed.entry.map((e: { id: string }) => e.id)).size).toBe(5);
  });

  it('escapes text so markup in a note cannot break the feed', () => {
    const gone = feed.entry.find((e: { id: string }) => e.id.includes('aws-gone'));
    expect(gone.summary).toContain('Ended; use "New" & friends <now>.');
    expect(atom).not.toContain('<now>');
  });
});

describe('iCalendar file', () => {
  const ics = lifecycleIcs(lifecycleTimeline(catalogue, '2026-11-23'), 'https://catalogue.example.org/');
  const cal = new ICAL.Component(ICAL.parse(ics));
  const events = cal.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));

  it('parses as a VCALENDAR 2.0 with a PRODID', () => {
    expect(cal.name).toBe('vcalendar');
    expect(cal.getFirstPropertyValue('version')).toBe('2.0');
    expect(cal.getFirstPropertyValue('prodid')).toBeTruthy();
  });

  it('has one all-day event per dated change, on its date, with a unique UID', () => {
    expect(events).toHaveLength(5);
    const soon = events.find((e) => e.uid.startsWith('azure-soon-'))!;
    expect(soon.startDate.isDate).toBe(true);
    expect(soon.startDate.toString()).toBe('2027-03-31');
    expect(soon.endDate.toString()).toBe('2027-04-01');
    expect(soon.summary).toBe('Service azure-soon (AZURE) sunsets on 2027-03-31');
    expect(soon.description).toContain('Retires; move, please; now.');
    expect(new Set(events.map((e) => e.uid)).size).toBe(5);
  });

  it('uses CRLF line ends and folds lines at 75 octets without splitting a character', () => {
    expect(ics.split('\r\n').every((l) => new TextEncoder().encode(l).length <= 75)).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toContain('\n');
    const long = `SUMMARY:${'é'.repeat(100)}`;
    const folded = foldLine(long);
    expect(folded.split('\r\n').every((l) => new TextEncoder().encode(l).length <= 75)).toBe(true);
    expect(folded.replace(/\r\n /g, '')).toBe(long);
  });
});

describe('changes within a number of days (the home page window)', () => {
  const change = (serviceId: string, date?: string) =>
    ({
      serviceId,
      name: serviceId,
      provider: 'aws',
      providerName: 'AWS',
      slug: serviceId,
      status: 'sunset',
      page: '/',
      announcementUrl: news(serviceId),
      lastReviewed: '2026-01-01',
      ...(date ? { date, sunsetDate: date } : {}),
    }) as const;
  const changes = [
    change('aws-later', '2026-04-01'),
    change('aws-soon', '2026-01-10'),
    change('aws-today', '2026-01-01'),
    change('aws-past', '2025-12-31'),
    change('aws-beyond', '2026-04-02'),
    change('aws-undated'),
  ];

  it('lists dated changes from today to the last day of the window, soonest first, with the days left', () => {
    expect(changesWithinDays(changes, '2026-01-01', 90).map((c) => [c.serviceId, c.inDays])).toEqual([
      ['aws-today', 0],
      ['aws-soon', 9],
      ['aws-later', 90],
    ]);
    expect(changesWithinDays(changes, '2026-01-01', 10).map((c) => c.serviceId)).toEqual(['aws-today', 'aws-soon']);
  });

  it('refuses a malformed day rather than guessing', () => {
    expect(() => daysUntil('soon', '2026-01-01')).toThrow(RangeError);
  });
});

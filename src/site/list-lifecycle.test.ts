import { describe, expect, it } from 'vitest';
import type { CatalogueData } from '../core/catalogue.ts';
import { ServiceEntry } from '../core/schemas.ts';
import { changesInNextYear, localToday } from './list-lifecycle.ts';

const entry = (id: string, lifecycle?: Record<string, string>) =>
  ServiceEntry.parse({
    id,
    slug: `${id}-slug`,
    name: id,
    shortName: id,
    provider: 'aws',
    category: 'compute',
    description: 'x',
    vendorDocs: `https://docs.example.com/${id}`,
    hasFreeTier: false,
    identifiers: {},
    lastReviewed: '2026-11-01',
    ...(lifecycle ? { lifecycle: { announcementUrl: 'https://docs.example.com/news', ...lifecycle } } : {}),
  });
const data: CatalogueData = {
  version: 'v',
  builtOn: '2026-11-23',
  providers: [{ id: 'aws', name: 'AWS', shortName: 'AWS', homepage: 'https://aws.example.com', description: 'x' }],
  categories: [{ id: 'compute', name: 'Compute', description: 'x' }],
  services: [
    entry('aws-active'),
    entry('aws-next-month', { status: 'sunset', sunsetDate: '2026-12-20' }),
    entry('aws-in-two-years', { status: 'sunset', sunsetDate: '2028-12-20' }),
    entry('aws-gone', { status: 'retired', sunsetDate: '2025-01-01' }),
    entry('aws-closed', { status: 'deprecated' }),
    entry('aws-soon', { status: 'sunset', sunsetDate: '2026-11-30' }),
  ],
};

describe('changesInNextYear', () => {
  it('lists the listed services dated within 12 months, soonest first, by id or slug', () => {
    const ids = [
      'aws-active',
      'aws-next-month-slug',
      'aws-in-two-years',
      'aws-gone',
      'aws-closed',
      'aws-soon',
      'not-in-catalogue',
    ];
    expect(changesInNextYear(data, ids, '2026-11-23').map((c) => c.serviceId)).toEqual(['aws-soon', 'aws-next-month']);
    expect(changesInNextYear(data, ['aws-active'], '2026-11-23')).toEqual([]);
  });
});

describe('localToday', () => {
  it('writes the local calendar day as YYYY-MM-DD', () => {
    expect(localToday(new Date(2027, 0, 5, 23, 59))).toBe('2027-01-05');
  });
});

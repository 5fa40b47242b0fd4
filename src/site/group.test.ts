import { describe, expect, it } from 'vitest';
import { groupList, partNoticeHeading, type GroupingData } from './group.ts';

const data: GroupingData = {
  providers: [
    { id: 'aws', name: 'Amazon Web Services' },
    { id: 'gcp', name: 'Google Cloud' },
  ],
  categories: [
    { id: 'compute', name: 'Compute' },
    { id: 'storage', name: 'Storage' },
  ],
  services: [
    { id: 'aws-s3', slug: 'aws-s3', name: 'Amazon S3', provider: 'aws', category: 'storage', hasFreeTier: true },
    { id: 'aws-ec2', slug: 'aws-ec2', name: 'Amazon EC2', provider: 'aws', category: 'compute', hasFreeTier: true },
    {
      id: 'aws-old',
      slug: 'aws-old',
      name: 'Old Thing',
      provider: 'aws',
      category: 'compute',
      hasFreeTier: false,
      lifecycle: { status: 'retired', sunsetDate: '2024-01-31', successorSlug: 'aws-ec2' },
    },
    { id: 'gcp-gcs', slug: 'gcp-gcs', name: 'Cloud Storage', provider: 'gcp', category: 'storage', hasFreeTier: true },
  ],
};

describe('grouping the approved list', () => {
  it('groups by provider then category in catalogue order, names sorted', () => {
    const g = groupList(data, ['gcp-gcs', 'aws-s3', 'aws-old', 'aws-ec2']);
    expect(
      g.providers.map((p) => [p.id, p.count, p.categories.map((c) => [c.id, c.services.map((s) => s.service.id)])]),
    ).toEqual([
      [
        'aws',
        3,
        [
          ['compute', ['aws-ec2', 'aws-old']],
          ['storage', ['aws-s3']],
        ],
      ],
      ['gcp', 1, [['storage', ['gcp-gcs']]]],
    ]);
    expect(g.total).toBe(4);
  });

  it('warns about services that are not active, naming the successor', () => {
    const g = groupList(data, ['aws-old']);
    expect(g.warnings).toEqual([
      {
        id: 'aws-old',
        name: 'Old Thing',
        slug: 'aws-old',
        status: 'retired',
        text: 'Old Thing was retired on 31 January 2024 and can no longer be used. Plan a move to Amazon EC2.',
      },
    ]);
    expect(g.providers[0]!.categories[0]!.services[0]!.warning).toBe(g.warnings[0]!.text);
  });

  it('names the parts of a listed service closed to new customers or ending, the service itself still active', () => {
    expect(partNoticeHeading(1, 'in your list')).toBe(
      '1 part of a service in your list is closed to new customers or ending:',
    );
    expect(partNoticeHeading(3, 'in this list')).toBe(
      '3 parts of services in this list are closed to new customers or ending:',
    );
    const withParts: GroupingData = {
      ...data,
      services: [
        {
          ...data.services[0]!,
          subServices: [
            { name: 'Glacier Vaults' },
            {
              name: 'S3 Select',
              lifecycle: { status: 'deprecated', note: 'Closed to new customers.', announcementUrl: 'https://x.test' },
            },
            {
              name: 'S3 Object Lambda',
              lifecycle: {
                status: 'sunset',
                sunsetDate: '2027-04-30',
                note: 'Ends for everyone.',
                announcementUrl: 'https://x.test',
              },
            },
          ],
        },
      ],
    };
    const g = groupList(withParts, ['aws-s3']);
    expect(g.warnings).toEqual([]);
    expect(g.partWarnings).toEqual([
      {
        id: 'aws-s3',
        slug: 'aws-s3',
        service: 'Amazon S3',
        part: 'S3 Select',
        status: 'deprecated',
        text: 'no longer open to new customers',
      },
      {
        id: 'aws-s3',
        slug: 'aws-s3',
        service: 'Amazon S3',
        part: 'S3 Object Lambda',
        status: 'sunset',
        text: 'being retired on 30 April 2027',
      },
    ]);
  });

  it('reports ids it does not know and leaves out empty providers', () => {
    const g = groupList(data, ['aws-s3', 'azure-nope']);
    expect(g.unknownIds).toEqual(['azure-nope']);
    expect(g.knownIds).toEqual(['aws-s3']);
    expect(g.providers.map((p) => p.id)).toEqual(['aws']);
  });

  it('gives the known catalogue ids in list order, once each (a slug resolves to its id)', () => {
    const sluggish: GroupingData = {
      ...data,
      services: [
        ...data.services,
        {
          id: 'gcp-run',
          slug: 'cloud-run',
          name: 'Cloud Run',
          provider: 'gcp',
          category: 'compute',
          hasFreeTier: true,
        },
      ],
    };
    expect(groupList(sluggish, ['gcp-gcs', 'stale-id', 'cloud-run', 'aws-s3', 'gcp-run']).knownIds).toEqual([
      'gcp-gcs',
      'gcp-run',
      'aws-s3',
    ]);
  });
});

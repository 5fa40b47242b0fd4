import { describe, expect, it } from 'vitest';
import type { MapRow, MapService } from '../core/map.ts';
import { mapRowView } from './map-view.ts';

const svc = (id: string, lifecycleStatus?: MapService['lifecycleStatus']): MapService => ({
  id,
  slug: id,
  name: id,
  shortName: id,
  ...(lifecycleStatus ? { lifecycleStatus } : {}),
});
const row = (cells: MapRow['cells']): MapRow => ({
  id: 'r',
  name: 'Search',
  category: 'ai',
  cells,
  singleCloud: false,
});

describe('mapRowView', () => {
  it('adds the services that take new projects, compares every one not retired', () => {
    const v = mapRowView(
      row({
        aws: [svc('aws-kendra', 'deprecated'), svc('aws-kb'), svc('aws-gone', 'retired')],
        azure: [svc('azure-search'), svc('azure-new', 'preview')],
      }),
    );
    expect(v.addIds).toEqual(['aws-kb', 'azure-search', 'azure-new']);
    expect(v.compareIds).toEqual(['aws-kendra', 'azure-search', 'aws-kb', 'azure-new']);
  });

  it('adds those not retired when nothing in the row takes new projects', () => {
    const v = mapRowView(row({ aws: [svc('aws-kendra', 'deprecated'), svc('aws-gone', 'retired')], azure: [] }));
    expect(v.addIds).toEqual(['aws-kendra']);
  });
});

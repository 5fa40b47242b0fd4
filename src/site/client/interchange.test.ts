/** The builder's import reader: both list forms through parseApprovedList, known services split from unknown ones. */
import { describe, expect, it } from 'vitest';
import { fixtureCatalogue } from '../../../tests/fixtures/catalogue.ts';
import { serviceListSchemaUrl } from '../../core/service-list.ts';
import type { BuiltData } from './catalogue-data.ts';
import { exportDocument, importDocument } from './interchange.ts';

const { builtOn, providers, categories, services } = fixtureCatalogue();
const data = {
  builtOn,
  providers,
  categories,
  services,
  serviceListSchemaUrl: serviceListSchemaUrl('https://catalogue.test'),
} as BuiltData;
const ids = services.slice(0, 3).map((s) => s.id);

describe('importDocument (the builder import)', () => {
  it('reads the compact form, keeping the known services and naming the unknown ones', () => {
    const r = importDocument(data, { name: 'Team', owner: 'ops', approvedServiceIds: [...ids, 'not-a-service'] });
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.description).toEqual({ name: 'Team', owner: 'ops' });
    expect(r.approvedServiceIds).toEqual(ids);
    expect(r.unknownServiceIds).toEqual(['not-a-service']);
    expect(r.notes).toEqual(['Service "not-a-service" is not in this catalogue.']);
  });

  it('reads an interchange document exported by the builder to the same services', () => {
    const doc = JSON.parse(JSON.stringify(exportDocument(data, ids, { name: 'Team', description: 'd' })));
    const r = importDocument(data, doc);
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.description).toEqual({ name: 'Team', description: 'd' });
    expect([...r.approvedServiceIds].sort()).toEqual([...ids].sort());
    expect(r.unknownServiceIds).toEqual([]);
  });

  it('names a wrong field of the compact form, and what an interchange document lacks, by JSON pointer', () => {
    const compact = importDocument(data, { name: 'Team', approvedIds: ids });
    expect(compact.ok).toBe(false);
    if (compact.ok) return;
    expect(compact.errors.map((e) => e.pointer)).toEqual(
      expect.arrayContaining(['/approvedIds', '/approvedServiceIds']),
    );
    const doc = JSON.parse(JSON.stringify(exportDocument(data, ids, { name: 'Team' })));
    delete doc.metadata.lastUpdated;
    const interchange = importDocument(data, doc);
    expect(interchange.ok).toBe(false);
    if (interchange.ok) return;
    expect(interchange.errors.map((e) => e.pointer)).toContain('/metadata/lastUpdated');
  });
});

/**
 * The interchange core (JSON Schema validation with ajv, export, import) for
 * the browser. Imported dynamically by the builder so that ajv only loads
 * when someone exports or imports a file.
 */
// First: zod must be jitless before any schema is built (see zod-jitless.ts).
import './zod-jitless.ts';
import { parseApprovedList } from '../../core/approved-list.ts';
import { listDescription } from '../../core/list-description.ts';
import { createCatalogue } from '../../core/catalogue.ts';
import {
  exportServiceList,
  usePrecompiledValidator,
  type ListMetadata,
  type ServiceStatus,
} from '../../core/service-list.ts';
import { schemaUrl, validate } from 'virtual:service-list-validator';
import type { BuiltData } from './catalogue-data.ts';
import { localToday } from '../list-lifecycle.ts';

// Compiled at build time (src/integrations/service-list-validator.ts): the CSP allows no run-time compilation.
usePrecompiledValidator(schemaUrl, validate);

export function exportDocument(
  data: BuiltData,
  ids: readonly string[],
  meta: ListMetadata,
  statuses: Readonly<Record<string, ServiceStatus>> = {},
) {
  return exportServiceList(createCatalogue(data), ids, meta, {
    // The day where the list is made, as its author reads the calendar: not UTC's, a day off across the world.
    today: localToday(),
    schemaUrl: data.serviceListSchemaUrl,
    statuses,
  });
}

/**
 * Reads an imported file in either list form (an interchange document or the
 * compact `{ name, approvedServiceIds }`) with the one parser the API uses,
 * and splits the services into those this catalogue knows (imported) and the
 * rest (named in the notes).
 */
export function importDocument(data: BuiltData, doc: unknown) {
  const parsed = parseApprovedList(doc, data.serviceListSchemaUrl, createCatalogue(data));
  if (!parsed.ok) return parsed;
  const { approvedServiceIds: ids, notes = [], source, statuses = {} } = parsed.list;
  const known = new Set(data.services.map((s) => s.id));
  const unknownServiceIds = ids.filter((id) => !known.has(id));
  // A service the document marks `disabled` is not approved: the builder's list is what its policies allow, so it
  // stays out (named, so nobody wonders where it went). `restricted` ones are approved, with conditions of their own.
  const disabledServiceIds = ids.filter((id) => known.has(id) && statuses[id] === 'disabled');
  return {
    ok: true as const,
    description: listDescription(parsed.list),
    approvedServiceIds: ids.filter((id) => known.has(id) && statuses[id] !== 'disabled'),
    restrictedServiceIds: ids.filter((id) => known.has(id) && statuses[id] === 'restricted'),
    disabledServiceIds,
    unknownServiceIds,
    // The interchange reader already names unknown services in its notes; the compact form has none of its own.
    notes: source === 'compact' ? unknownServiceIds.map((id) => `Service "${id}" is not in this catalogue.`) : notes,
  };
}

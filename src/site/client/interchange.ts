/**
 * The interchange core (JSON Schema validation with ajv, export, import) for
 * the browser. Imported dynamically by the builder so that ajv only loads
 * when someone exports or imports a file.
 */
import { createCatalogue } from '../../core/catalogue.ts';
import {
  exportServiceList,
  importServiceList,
  usePrecompiledValidator,
  type ListMetadata,
} from '../../core/service-list.ts';
import { schemaUrl, validate } from 'virtual:service-list-validator';
import type { BuiltData } from './catalogue-data.ts';

// Compiled at build time (src/integrations/service-list-validator.ts): the CSP allows no run-time compilation.
usePrecompiledValidator(schemaUrl, validate);

const today = () => new Date().toISOString().slice(0, 10);

export function exportDocument(data: BuiltData, ids: readonly string[], meta: ListMetadata) {
  return exportServiceList(createCatalogue(data), ids, meta, { today: today(), schemaUrl: data.serviceListSchemaUrl });
}

export function importDocument(data: BuiltData, doc: unknown) {
  return importServiceList(createCatalogue(data), doc, data.serviceListSchemaUrl);
}

/**
 * The browser's build-time validator and the run-time one compiled from the
 * same schema give the same verdict and the same errors.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { ValidateFunction } from 'ajv';
import { createCatalogue } from '../core/catalogue.ts';
import { exportServiceList, serviceListSchema, serviceListSchemaUrl } from '../core/service-list.ts';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { readContent } from '../scripts/lib/read-content.ts';
import { validatorModule } from './service-list-validator.ts';

const SCHEMA_URL = serviceListSchemaUrl('https://catalogue.test');
// Inside the project, so the generated module's imports (ajv, ajv-formats) resolve.
const dir = join(process.cwd(), 'node_modules', '.cache', `validator-test-${process.pid}`);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the build-time interchange validator', () => {
  it('agrees with the run-time validator on a valid and on broken documents', async () => {
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'validator.mjs');
    writeFileSync(file, validatorModule(SCHEMA_URL));
    const mod = (await import(pathToFileURL(file).href)) as { validate: ValidateFunction; schemaUrl: string };
    expect(mod.schemaUrl).toBe(SCHEMA_URL);

    const content = readContent();
    const catalogue = createCatalogue({ version: 't', builtOn: '2026-05-15', ...content });
    const doc = exportServiceList(
      catalogue,
      ['aws-s3', 'gcp-bigquery'],
      { name: 'n' },
      {
        today: '2026-05-15',
        schemaUrl: SCHEMA_URL,
      },
    );
    const broken = [
      { ...doc, version: 'two' },
      { ...doc, metadata: { ...doc.metadata, lastUpdated: '15/05/2026' } },
      { ...doc, $schema: 'https://elsewhere.example/schema.json' },
      { ...doc, extra: true },
    ];
    const ajv = new Ajv2020({ allErrors: true, strict: true });
    addFormats(ajv);
    const runtime = ajv.compile(serviceListSchema(SCHEMA_URL));
    const errorsOf = (v: ValidateFunction) =>
      (v.errors ?? []).map((e) => `${e.instancePath} ${e.keyword} ${e.message}`);
    expect(mod.validate(doc)).toBe(true);
    expect(runtime(doc)).toBe(true);
    for (const bad of broken) {
      expect(mod.validate(bad)).toBe(false);
      expect(runtime(bad)).toBe(false);
      expect(errorsOf(mod.validate)).toEqual(errorsOf(runtime));
      expect(errorsOf(mod.validate).length).toBeGreaterThan(0);
    }
  });
});

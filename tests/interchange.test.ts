/**
 * The published interchange schema and the built catalogue data, through the
 * built server: the schema is the file with this build's address, and a
 * document exported from /catalogue.json validates against what is served.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import schemaFile from '../schemas/v1/service-list.schema.json' with { type: 'json' };
import { createCatalogue, type BuiltCatalogueData } from '../src/core/catalogue.ts';
import { exportServiceList } from '../src/core/service-list.ts';
import { startServer, type RunningServer } from './helpers/server.ts';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.stop());

describe('GET /v1/schemas/service-list.schema.json', () => {
  it('serves the v1 schema file as JSON, with the address this build publishes it at', async () => {
    const r = await fetch(`${server.url}/v1/schemas/service-list.schema.json`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    expect(r.headers.get('access-control-allow-origin')).toBe('*');
    expect(r.headers.get('etag')).toBeTruthy();
    const schema = (await r.json()) as any;
    expect(schema.$id).toMatch(/^https?:\/\/.+\/v1\/schemas\/service-list\.schema\.json$/);
    expect(schema.properties.$schema.const).toBe(schema.$id);
    // Apart from the address, it is the file byte for byte.
    const normalised = JSON.parse(JSON.stringify(schema).replaceAll(schema.$id, schemaFile.$id));
    expect(normalised).toEqual(schemaFile);
  });
});

describe('GET /catalogue.json', () => {
  it('rebuilds the catalogue offline, and what is exported from it validates against the served schema', async () => {
    const data = (await (await fetch(`${server.url}/catalogue.json`)).json()) as BuiltCatalogueData;
    const schema = await (await fetch(`${server.url}/v1/schemas/service-list.schema.json`)).json();
    expect(data.serviceListSchemaUrl).toBe(schema.$id);
    const catalogue = createCatalogue(data);
    const services = (await (await fetch(`${server.url}/v1/services?pageSize=100`)).json()) as { total: number };
    expect(catalogue.services).toHaveLength(services.total);
    const doc = exportServiceList(
      catalogue,
      catalogue.services.map((s) => s.id),
      { name: 'All' },
      { today: '2026-05-15', schemaUrl: data.serviceListSchemaUrl },
    );
    const ajv = new Ajv2020({ allErrors: true });
    addFormats(ajv);
    const validate = ajv.compile(schema);
    expect(validate(doc), JSON.stringify(validate.errors)).toBe(true);
  });
});

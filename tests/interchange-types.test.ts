/** The interchange types are generated from the JSON Schema; the checked-in file must be what the schema gives today. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { interchangeTypesSource, TYPES_FILE } from '../src/scripts/lib/interchange-types.ts';

describe('generated interchange types', () => {
  it(`${TYPES_FILE} is up to date with the schema (run \`npm run generate:types\` after changing it)`, async () => {
    expect(readFileSync(TYPES_FILE, 'utf8')).toBe(await interchangeTypesSource());
  });
});

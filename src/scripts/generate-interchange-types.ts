// `npm run generate:types`: writes the interchange types generated from the JSON Schema (see lib/interchange-types.ts).
import { writeFileSync } from 'node:fs';
import { interchangeTypesSource, TYPES_FILE } from './lib/interchange-types.ts';

writeFileSync(TYPES_FILE, await interchangeTypesSource());
console.log(`Wrote ${TYPES_FILE}`);

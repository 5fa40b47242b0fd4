/**
 * The interchange schema's validator, compiled to JavaScript at build time
 * (ajv standalone code) and served to the browser as the module
 * `virtual:service-list-validator`. ajv compiles a schema by generating a
 * function with `new Function`, which the site's Content-Security-Policy
 * forbids ('unsafe-eval' is not allowed); compiled here, the browser only
 * runs plain code. Server and CLI still compile at run time (no CSP there).
 * The schema is the same file (schemas/v1), at this build's address.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import standalone from 'ajv/dist/standalone/index.js';
import type { Plugin } from 'vite';
import { serviceListSchema } from '../core/service-list.ts';

const ID = 'virtual:service-list-validator';
const RESOLVED = `\0${ID}`;

/** ES module source exporting `validate` (the compiled validator) and `schemaUrl`. */
export function validatorModule(schemaUrl: string): string {
  const ajv = new Ajv2020({ allErrors: true, strict: true, code: { source: true, esm: true } });
  addFormats(ajv);
  const validate = ajv.compile(serviceListSchema(schemaUrl));
  const generate = (standalone as unknown as { default?: typeof standalone }).default ?? standalone;
  let code = generate(ajv, validate);
  // ajv's ESM output still reaches its runtime helpers and the formats with require(): turn each into an import.
  const specifiers = [...new Set([...code.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1]!))];
  specifiers.forEach((s, i) => (code = code.replaceAll(`require("${s}")`, `__required${i}`)));
  // With the file extension: Node's ES module resolution (and so any bundler) finds the file. These are
  // CommonJS modules: Node puts `exports.default` at `.default.default`, bundlers at `.default`; take either.
  const imports = specifiers
    .map((s, i) => {
      const file = JSON.stringify(/\.[cm]?js$/.test(s) ? s : `${s}.js`);
      return `import * as __ns${i} from ${file};\nconst __required${i} = { ...__ns${i}, default: __ns${i}.default?.default ?? __ns${i}.default };`;
    })
    .join('\n');
  return `${imports}\n${code}\nexport const schemaUrl = ${JSON.stringify(schemaUrl)};\n`;
}

export function serviceListValidator(schemaUrl: string): Plugin {
  return {
    name: 'service-list-validator',
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    load: (id) => (id === RESOLVED ? validatorModule(schemaUrl) : undefined),
  };
}

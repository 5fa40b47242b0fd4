/** The interchange validator compiled at build time (src/integrations/service-list-validator.ts). */
declare module 'virtual:service-list-validator' {
  import type { ValidateFunction } from 'ajv';
  export const validate: ValidateFunction;
  export const schemaUrl: string;
}

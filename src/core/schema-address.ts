/**
 * Where the service list interchange schema lives. A tiny module of its own
 * so the build configuration can compute the address without loading the
 * validator.
 */

/** The base URL written in schemas/v1/service-list.schema.json; replaced by the deployment's base when published. */
export const SCHEMA_FILE_BASE_URL = 'https://cloud-service-catalogue.example';
/** Path of the v1 schema under a base URL. An incompatible format would live at /v2/schemas/... */
export const SERVICE_LIST_SCHEMA_PATH = '/v1/schemas/service-list.schema.json';

/** The schema address under a base URL (trailing slashes ignored). */
export const serviceListSchemaUrl = (baseUrl: string): string =>
  `${baseUrl.replace(/\/+$/, '')}${SERVICE_LIST_SCHEMA_PATH}`;

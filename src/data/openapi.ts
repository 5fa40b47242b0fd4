/**
 * The API description (/v1/openapi.json and the /api page): the catalogue's
 * read operations and every server function's own, built into one OpenAPI
 * document. It sits above both the HTTP edge and the functions, so neither
 * has to know the other to be documented.
 */
import { operations as markdownOperations } from '../../functions/export-markdown.ts';
import { operations as feedbackOperations } from '../../functions/feedback.ts';
import { operations as listOperations } from '../../functions/lists.ts';
import { operations as policyOperations } from '../../functions/policies.ts';
import { operations as statusOperations } from '../../functions/status.ts';
import { buildOpenApi, type OperationSpec } from '../http/openapi.ts';
import { catalogueOperations } from '../http/operations.ts';
import { SERVICE_LIST_SCHEMA_URL } from './schema-url.ts';

export const allOperations: OperationSpec[] = [
  ...catalogueOperations,
  ...policyOperations,
  ...markdownOperations,
  ...listOperations,
  ...feedbackOperations,
  ...statusOperations,
];

/** The OpenAPI document of this build; the interchange schema address defaults to the one the build publishes. */
export const openApiDocument = (serviceListSchemaUrl: string = SERVICE_LIST_SCHEMA_URL): Record<string, any> =>
  buildOpenApi(allOperations, { serviceListSchemaUrl });

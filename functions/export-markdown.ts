import type { OperationSpec } from '../src/http/openapi.ts';

// Implemented by its own issue; documented in OpenAPI as planned until then.
export const operations: OperationSpec[] = [
  { method: 'post', path: '/v1/export/markdown', operationId: 'exportMarkdown', summary: 'Export an approved list as markdown', tags: ['Lists'], mutation: true, planned: true, responses: { 200: { description: 'The markdown document' } } },
];

import type { OperationSpec } from '../src/http/openapi.ts';

// Implemented by its own issue; documented in OpenAPI as planned until then.
export const operations: OperationSpec[] = [
  { method: 'post', path: '/v1/lists', operationId: 'saveList', summary: 'Save an approved list and get a shareable link', tags: ['Lists'], mutation: true, planned: true, responses: { 201: { description: 'The saved-list record' } } },
  { method: 'get', path: '/v1/lists/{id}', operationId: 'getList', summary: 'Fetch a saved list (until it expires after 90 days)', tags: ['Lists'], planned: true, responses: { 200: { description: 'The saved list' } } },
];

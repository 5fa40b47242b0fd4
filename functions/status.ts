import type { OperationSpec } from '../src/http/openapi.ts';

// Implemented by its own issue; documented in OpenAPI as planned until then.
export const operations: OperationSpec[] = [
  { method: 'get', path: '/v1/health', operationId: 'getHealth', summary: 'Liveness and readiness', tags: ['Operations'], planned: true, responses: { 200: { description: 'Healthy' } } },
  { method: 'get', path: '/v1/status', operationId: 'getStatus', summary: 'Current status per component', tags: ['Operations'], planned: true, responses: { 200: { description: 'Status' } } },
  { method: 'get', path: '/v1/status/history', operationId: 'getStatusHistory', summary: 'Status history, newest first', tags: ['Operations'], planned: true, responses: { 200: { description: 'History' } } },
];

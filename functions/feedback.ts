import type { OperationSpec } from '../src/http/openapi.ts';

// Implemented by its own issue; documented in OpenAPI as planned until then.
export const operations: OperationSpec[] = [
  { method: 'post', path: '/v1/feedback', operationId: 'sendFeedback', summary: 'Send feedback', tags: ['Feedback'], mutation: true, planned: true, responses: { 201: { description: 'Acknowledgement' } } },
];

import type { OperationSpec } from '../src/http/openapi.ts';

// Implemented by its own issue; documented in OpenAPI as planned until then.
export const operations: OperationSpec[] = [
  ['aws-scp', 'generateAwsScp', 'Generate an AWS Service Control Policy'],
  ['azure-policy', 'generateAzurePolicy', 'Generate an Azure Policy definition'],
  ['gcp-org-policy', 'generateGcpOrgPolicy', 'Generate a Google Cloud organisation policy'],
].map(([path, operationId, summary]) => ({
  method: 'post', path: `/v1/policies/${path}`, operationId: operationId!, summary: summary!, tags: ['Policies'], mutation: true, planned: true,
  responses: { 200: { description: 'The generated policy document' } },
}));

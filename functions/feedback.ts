/**
 * POST /v1/feedback: validate, store the raw text, acknowledge with an id.
 * Nothing is echoed back, so nothing sent can come back as markup.
 */
import { randomBytes } from 'node:crypto';
import { FeedbackAcknowledgement, feedbackFields, FeedbackRequest } from '../src/core/feedback.ts';
import { problemResponse, type OperationSpec } from '../src/http/openapi.ts';
import { defineMutation, jsonResponse } from './lib/mutation.ts';

export const sendFeedback = defineMutation({
  body: FeedbackRequest,
  async handle(input, _request, ctx) {
    const { message, category, rating, page, contact } = input;
    const receivedAt = ctx.now();
    const id = randomBytes(18).toString('base64url');
    await ctx.store.saveFeedback({
      id,
      receivedAt,
      message,
      ...(category !== undefined ? { category } : {}),
      ...(rating !== undefined ? { rating } : {}),
      ...(page !== undefined ? { page } : {}),
      ...(contact !== undefined ? { contact } : {}),
    });
    // Named back (at most 20, shortened) so a client learns that e.g. `email` was not kept.
    const ignored = Object.keys(input)
      .filter((k) => !feedbackFields.includes(k))
      .slice(0, 20)
      .map((k) => k.slice(0, 100));
    const body: FeedbackAcknowledgement = {
      id,
      receivedAt: receivedAt.toISOString(),
      ...(ignored.length ? { ignoredFields: ignored } : {}),
    };
    return jsonResponse(body, { status: 201 });
  },
});

export const operations: OperationSpec[] = [
  {
    method: 'post',
    path: '/v1/feedback',
    operationId: 'sendFeedback',
    summary: 'Send feedback',
    tags: ['Feedback'],
    mutation: true,
    description:
      'Stores the message and the optional fields as plain text and answers an acknowledgement id. ' +
      'Unknown fields are ignored (not stored) and named in `ignoredFields`. Feedback cannot be read ' +
      'back through the API.',
    requestBody: { schema: FeedbackRequest },
    responses: {
      201: { description: 'Stored', schema: FeedbackAcknowledgement },
      400: problemResponse(
        'Malformed JSON, or a missing, empty, over-long or non-string message, or an invalid category, rating, page or contact (errors lists each)',
      ),
    },
  },
];

/**
 * POST /v1/feedback: validate, store the raw text, acknowledge with an id.
 * Nothing is echoed back, so nothing sent can come back as markup.
 */
import { randomBytes } from 'node:crypto';
import { FeedbackAcknowledgement, feedbackFields, FeedbackRequest, MAX_FEEDBACK_CHARS } from '../src/core/feedback.ts';
import { shownName } from '../src/core/shown-name.ts';
import type { Problem } from '../src/core/schemas.ts';
import { problemTypes, problemTypeUri, zodErrors, type ProblemType } from '../src/http/problem.ts';
import { BodyNotUtf8, BodyTooLarge, formFields, isFormMediaType, readBodyText } from '../src/http/protocol.ts';
import { failureResponse } from './lib/failure.ts';
import type { FunctionContext } from './lib/types.ts';
import { problemResponse, type OperationSpec } from '../src/http/openapi.ts';
import { chargeRateLimit, defineMutation } from './lib/mutation.ts';
import { jsonResponse } from '../src/http/protocol.ts';

/** The typed entry point: stores one feedback message and answers its acknowledgement. */
export async function submitFeedback(input: FeedbackRequest, ctx: FunctionContext): Promise<FeedbackAcknowledgement> {
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
    .map(shownName);
  return { id, receivedAt: receivedAt.toISOString(), ...(ignored.length ? { ignoredFields: ignored } : {}) };
}

/** POST /v1/feedback: the mutation hygiene (rate limit, JSON, size, validation) around submitFeedback. */
export const sendFeedback = defineMutation({
  body: FeedbackRequest,
  async handle(input, _request, ctx) {
    return jsonResponse(await submitFeedback(input, ctx), { status: 201 });
  },
});

/** A form post is small: 5,000 characters percent-encoded as UTF-8, plus the short fields, fit in 64 KiB. */
export const FEEDBACK_FORM_MAX_BYTES = 64 * 1024;

/** What the /feedback page shows after a form post: the acknowledgement, or a problem and the fields to keep. */
export type FeedbackFormAnswer =
  | { ok: true; acknowledgement: FeedbackAcknowledgement; headers: Record<string, string> }
  | {
      ok: false;
      status: number;
      problem: Problem;
      headers: Record<string, string>;
      /** The fields as posted, to fill the form again; empty when the body was not read. */
      fields: Record<string, string>;
    };

const failed = (
  type: ProblemType,
  detail: string,
  headers: Record<string, string>,
  fields: Record<string, string> = {},
  errors?: Problem['errors'],
): FeedbackFormAnswer => ({
  ok: false,
  status: problemTypes[type].status,
  problem: {
    type: problemTypeUri(type),
    title: problemTypes[type].title,
    status: problemTypes[type].status,
    detail,
    ...(errors ? { errors } : {}),
  },
  headers,
  fields,
});

/**
 * The HTML form's way in (the /feedback page without JavaScript), with the
 * same rules as POST /v1/feedback and in the same order: the rate limit is
 * charged before anything is read, then the body is read through the one
 * capped reader (a larger body is refused without being read or echoed), then
 * the fields are validated by the same schema and stored by submitFeedback.
 * `toBody` turns the form fields into the JSON body (src/site/feedback-form.ts).
 */
export async function receiveFeedbackForm(
  request: Request,
  ctx: FunctionContext,
  toBody: (form: URLSearchParams) => { ok: true; body: Record<string, unknown> } | { ok: false; message: string },
): Promise<FeedbackFormAnswer> {
  const charged = await chargeRateLimit(ctx, '/feedback');
  if (!charged.ok) {
    const body = (await charged.response.json()) as Problem;
    return { ok: false, status: charged.response.status, problem: body, headers: charged.headers, fields: {} };
  }
  const rl = charged.headers;
  if (!isFormMediaType(request.headers.get('content-type')))
    return failed('unsupported-media-type', 'Send the form as application/x-www-form-urlencoded.', rl);
  let form: URLSearchParams;
  try {
    form = formFields(await readBodyText(request, FEEDBACK_FORM_MAX_BYTES));
  } catch (e) {
    if (e instanceof BodyTooLarge)
      return failed('payload-too-large', `The form is limited to ${FEEDBACK_FORM_MAX_BYTES} bytes.`, {
        ...rl,
        connection: 'close',
      });
    if (e instanceof BodyNotUtf8) return failed('invalid-body', 'The form is not valid UTF-8.', rl);
    throw e;
  }
  const fields = Object.fromEntries([...form].map(([k, v]) => [k, v.slice(0, MAX_FEEDBACK_CHARS + 100)]));
  const built = toBody(form);
  if (!built.ok) return failed('invalid-body', built.message, rl, fields);
  const parsed = FeedbackRequest.safeParse(built.body);
  if (!parsed.success) return failed('invalid-body', 'See errors.', rl, fields, zodErrors(parsed.error, 'body'));
  try {
    return { ok: true, acknowledgement: await submitFeedback(parsed.data, ctx), headers: rl };
  } catch (e) {
    const response = await failureResponse(e, request, ctx);
    return {
      ok: false,
      status: response.status,
      problem: (await response.json()) as Problem,
      headers: {
        ...rl,
        ...(response.headers.get('retry-after') ? { 'retry-after': response.headers.get('retry-after')! } : {}),
      },
      fields,
    };
  }
}

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

/**
 * Feedback from users: the request and acknowledgement shapes of
 * POST /v1/feedback. The text is stored raw and never rendered as HTML by
 * this service; there is no API to read it back.
 */
import { z } from 'zod';

export const feedbackCategories = [
  'general',
  'bug',
  'catalogue-error',
  'feature-request',
  'policy-output',
  'website',
  'other',
] as const;
export const MAX_FEEDBACK_CHARS = 5000;

/**
 * Lenient about fields it does not know (forms and other clients add their
 * own, such as `email` or `name`): they are ignored, not stored, and named in
 * the acknowledgement's `ignoredFields`. Known fields are validated strictly.
 */
export const FeedbackRequest = z
  .looseObject({
    message: z
      .string()
      .trim()
      .min(1, 'must not be empty')
      .max(MAX_FEEDBACK_CHARS)
      .describe(`The feedback, 1 to ${MAX_FEEDBACK_CHARS} characters after trimming; stored as plain text`),
    category: z.enum(feedbackCategories).optional().describe('What the feedback is about'),
    rating: z.number().int().min(1).max(5).optional().describe('Overall rating, 1 to 5'),
    page: z
      .string()
      .trim()
      .max(2000)
      .regex(
        /^(\/(?![/\\])|https?:\/\/)/,
        'must be a path starting with a single / or an http(s) URL (`//host` is another site, not a path)',
      )
      .optional()
      .describe('The page the feedback is about (a site path or URL)'),
    contact: z
      .string()
      .trim()
      .min(1)
      .max(320)
      .optional()
      .describe('How to reach the sender (email address or free text), if they want an answer'),
  })
  .meta({ id: 'FeedbackRequest' });
export type FeedbackRequest = z.output<typeof FeedbackRequest>;

/** The fields the request knows, from the schema itself. */
export const feedbackFields: readonly string[] = Object.keys(FeedbackRequest.shape);

export const FeedbackAcknowledgement = z
  .object({
    id: z.string().describe('Reference of the stored feedback'),
    receivedAt: z.iso.datetime(),
    ignoredFields: z
      .array(z.string())
      .optional()
      .describe('Fields of the request this API does not know; they were not stored'),
  })
  .meta({ id: 'FeedbackAcknowledgement' });
export type FeedbackAcknowledgement = z.infer<typeof FeedbackAcknowledgement>;

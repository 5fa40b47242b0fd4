/**
 * Response shapes of POST /v1/lists and GET /v1/lists/{id}: one source for
 * runtime types and the OpenAPI description. The embedded interchange
 * document is described by the published v1 schema (component ServiceListV1),
 * not restated here.
 */
import { listDescriptionFields } from '../core/list-description.ts';
import { z } from 'zod';
import { Service } from '../core/schemas.ts';
import type { ServiceListDocument } from '../core/service-list.ts';
import { SERVICE_LIST_COMPONENT } from './openapi.ts';

/** Saved-list ids: base64url, at least 128 random bits (24 characters from 18 bytes). */
export const SavedListId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16,64}$/)
  .describe('Saved-list id: 24 base64url characters (144 random bits)');

export const SavedListSummary = z
  .object({
    id: SavedListId,
    url: z.url().describe('Shareable page of the list on the website'),
    createdAt: z.iso.datetime(),
    expiresAt: z.iso.datetime().describe('90 days after createdAt; the list is not retrievable afterwards'),
    ...listDescriptionFields,
    approvedServiceIds: z
      .array(z.string())
      .describe(
        'The services the list approves, as saved, in the order given: every service it lists except those ' +
          'statuses marks `disabled`. What to send to the policy endpoints, less any `unknownServiceIds` (they ' +
          'refuse ids the catalogue does not know, with 422)',
      ),
    statuses: z
      .record(z.string(), z.enum(['restricted', 'disabled']))
      .describe(
        'Governance status of the listed services that are not `enabled`, by id, as the list gave them: ' +
          '`restricted` ones are approved, with conditions of their own; `disabled` ones are listed but not approved',
      ),
    unknownServiceIds: z
      .array(z.string())
      .describe(
        'Saved ids the catalogue does not know (from interchange documents of other tools, or services since removed)',
      ),
  })
  .meta({ id: 'SavedListSummary', description: 'The record of a saved list.' });
export type SavedListSummary = z.infer<typeof SavedListSummary>;

/** The answer to POST /v1/lists: the record, and what reading an interchange document found worth saying. */
export const SavedListReceipt = SavedListSummary.extend({
  notes: z
    .array(z.string())
    .optional()
    .describe(
      'What was read differently or not known in an interchange document, one sentence each (a service matched ' +
        'by its slug, listed twice, listed under another provider, or not in this catalogue); absent when nothing',
    ),
}).meta({ id: 'SavedListReceipt', description: 'The record of a saved list, as answered by POST /v1/lists.' });
export type SavedListReceipt = z.infer<typeof SavedListReceipt>;

export const SavedList = SavedListSummary.extend({
  services: z
    .array(Service)
    .describe(
      'The approved services the catalogue knows (approvedServiceIds), resolved against the current catalogue (with lifecycle), in list order',
    ),
  document: z
    .custom<ServiceListDocument>(() => true)
    .meta({
      $ref: `#/components/schemas/${SERVICE_LIST_COMPONENT}`,
      description: 'The list as an interchange document (v1 schema), metadata.catalogListId set to the list id',
    }),
}).meta({ id: 'SavedList', description: 'A saved list, resolved against the current catalogue.' });
export type SavedList = z.infer<typeof SavedList>;

/**
 * The one parser of approved lists, for every endpoint that takes one
 * (POST /v1/lists, POST /v1/export/markdown) and for the website and CLI.
 * Two forms are accepted:
 * - an interchange document (service-list.ts), recognised by `$schema` or
 *   `providers`, read by importServiceList (validated by the v1 JSON Schema,
 *   services resolved by id or slug, unknown ones kept as ids);
 * - the compact form `{ name, description?, organisation?, owner?,
 *   approvedServiceIds, statuses? }`, validated by the zod schema below
 *   (which also documents it in OpenAPI).
 * Both become one normalised ApprovedList. Unknown ids are kept: each
 * endpoint decides how to report them.
 *
 * Pure and browser-safe.
 */
import { z } from 'zod';
import { ApprovedServiceIds, MAX_APPROVED_IDS } from './schemas.ts';
import type { Catalogue } from './catalogue.ts';
import { toJsonPointer } from './json-pointer.ts';
import { shownName, shownPath } from './shown-name.ts';
import { listDescription, listDescriptionFields, type ListDescription } from './list-description.ts';
import { importServiceList, serviceStatuses, type ServiceStatus, type ValidationError } from './service-list.ts';

const CompactFields = z.strictObject({
  ...listDescriptionFields,
  approvedServiceIds: ApprovedServiceIds,
  statuses: z
    .record(z.string().max(200), z.enum(serviceStatuses))
    .optional()
    .describe(
      'Governance status of listed services, by id, as the interchange format has them (a service not named is ' +
        '`enabled`): `restricted` is approved with conditions of its own; `disabled` is listed but not approved, ' +
        'so a saved list leaves it out of its approvedServiceIds and services. Every id named must be in approvedServiceIds',
    ),
});

export const CompactApprovedList = CompactFields.superRefine((list, ctx) => {
  if (!list.statuses) return;
  const listed = new Set(list.approvedServiceIds);
  for (const id of Object.keys(list.statuses))
    if (!listed.has(id)) ctx.addIssue({ code: 'custom', path: ['statuses', id], message: 'not in approvedServiceIds' });
}).meta({
  id: 'CompactApprovedList',
  description:
    'An approved service list in compact form. Endpoints that take a list also accept a service list interchange document (v1 schema).',
});
export type CompactApprovedList = z.output<typeof CompactApprovedList>;

/** The compact form's limits on the descriptive fields, applied to an interchange document's metadata as well. */
const ListDescriptionLimits = CompactFields.pick({
  name: true,
  description: true,
  organisation: true,
  owner: true,
});

/** An approved list, whichever form it arrived in. */
export interface ApprovedList extends ListDescription {
  /** In the order given, without repeats. Not checked against the catalogue. */
  approvedServiceIds: string[];
  /** Governance status of listed services that are not `enabled` (`disabled` ones are listed, not approved). */
  statuses?: Record<string, ServiceStatus>;
  /** What the importer read differently or did not know (interchange documents only), one sentence each. */
  notes?: string[];
  /** The entries read otherwise than written (interchange documents only): see ImportedServiceList. */
  misread?: { id: string; occurrence: number; note: string }[];
  source: 'compact' | 'interchange';
}

export type ParsedApprovedList = { ok: true; list: ApprovedList } | { ok: false; errors: ValidationError[] };

const NOT_A_LIST =
  'not a service list: expected an interchange document (with $schema and providers) or the compact form ' +
  '{ "name": …, "approvedServiceIds": [ … ] }';

/** True when a body is an object with a field of the compact form: its errors then say what to fix in it. */
const looksLikeCompact = (raw: unknown): boolean =>
  raw !== null &&
  typeof raw === 'object' &&
  !Array.isArray(raw) &&
  Object.keys(CompactFields.shape).some((field) => Object.hasOwn(raw, field));

/** True when a body is meant as an interchange document rather than the compact form. */
export const isInterchangeDocument = (raw: unknown): boolean =>
  raw !== null &&
  typeof raw === 'object' &&
  !Array.isArray(raw) &&
  (Object.hasOwn(raw, '$schema') || Object.hasOwn(raw, 'providers'));

/** An interchange document, read by the one importer (importServiceList): ids or slugs resolved, unknown services kept as ids. */
function fromInterchange(raw: unknown, schemaUrl: string, catalogue: Catalogue): ParsedApprovedList {
  const imported = importServiceList(catalogue, raw, schemaUrl);
  if (!imported.ok) return { ok: false, errors: imported.errors };
  const ids = [...imported.approvedServiceIds, ...imported.unknownServiceIds];
  // The compact form's limits hold for a document's metadata too: a saved list shows them on its page.
  const described = ListDescriptionLimits.safeParse(listDescription(imported.metadata));
  if (!described.success)
    return {
      ok: false,
      errors: described.error.issues.map((i) => ({
        pointer: toJsonPointer(['metadata', ...i.path]),
        message: i.message,
      })),
    };
  if (ids.length === 0)
    return {
      ok: false,
      errors: [{ pointer: '/providers', message: 'the list approves no service: give at least one' }],
    };
  if (ids.length > MAX_APPROVED_IDS)
    return {
      ok: false,
      errors: [
        {
          pointer: '/providers',
          message: `at most ${MAX_APPROVED_IDS} services are accepted; this list has ${ids.length}`,
        },
      ],
    };
  return {
    ok: true,
    list: {
      ...listDescription(described.data),
      approvedServiceIds: ids,
      ...notEnabled(imported.statuses),
      ...(imported.notes.length ? { notes: imported.notes } : {}),
      ...(imported.misread.length ? { misread: imported.misread } : {}),
      source: 'interchange',
    },
  };
}

/** `{ statuses }` with the services that are not `enabled`, or nothing when there are none. */
function notEnabled(statuses: Record<string, ServiceStatus> | undefined): { statuses?: Record<string, ServiceStatus> } {
  const kept = Object.entries(statuses ?? {}).filter(([, status]) => status !== 'enabled');
  return kept.length ? { statuses: Object.fromEntries(kept) } : {};
}

/**
 * The ids a list approves: those it lists, less those it marks `disabled`. What policies, a saved list's
 * approvedServiceIds and the site's list take.
 */
export const approvedIdsOf = (
  ids: readonly string[],
  statuses: Readonly<Record<string, ServiceStatus>> | undefined,
): string[] =>
  statuses ? ids.filter((id) => !(Object.hasOwn(statuses, id) && statuses[id] === 'disabled')) : [...ids];

/**
 * Parses a request body (already JSON-parsed) as an approved list.
 * `schemaUrl` is the deployment's v1 schema address, which an interchange
 * document's `$schema` must equal; `catalogue` resolves a document's services
 * by id or slug, as every other reader of documents does. Errors carry JSON
 * pointers into the body.
 */
export function parseApprovedList(raw: unknown, schemaUrl: string, catalogue: Catalogue): ParsedApprovedList {
  if (isInterchangeDocument(raw)) return fromInterchange(raw, schemaUrl, catalogue);
  // Another kind of file (a policy, an array, a number): one sentence saying what a list is, not the compact
  // form's complaints about fields it was never meant to have.
  if (!looksLikeCompact(raw)) return { ok: false, errors: [{ pointer: '', message: NOT_A_LIST }] };
  const parsed = parseCompactBody(raw, CompactApprovedList, ' (or send an interchange document)');
  if (!parsed.ok) return parsed;
  return {
    ok: true,
    list: {
      ...listDescription(parsed.data),
      approvedServiceIds: parsed.data.approvedServiceIds,
      ...notEnabled(parsed.data.statuses),
      source: 'compact',
    },
  };
}

/**
 * Validates a compact body against an endpoint's own zod schema (this form's
 * CompactApprovedList, or the policy endpoints' smaller body), so a reader
 * outside HTTP, the CLI, accepts exactly what that endpoint accepts. Errors
 * carry JSON pointers; an unknown field names the fields the schema has.
 */
export function parseCompactBody<S extends z.ZodObject>(
  raw: unknown,
  schema: S,
  alternative = '',
): { ok: true; data: z.output<S> } | { ok: false; errors: ValidationError[] } {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { ok: true, data: parsed.data };
  const fields = Object.keys(schema.shape);
  const fieldList = `${fields.slice(0, -1).join(', ')} and ${fields.at(-1)}`;
  return {
    ok: false,
    errors: parsed.error.issues.flatMap((i) =>
      i.code === 'unrecognized_keys'
        ? i.keys.map((k) => ({
            pointer: toJsonPointer([...i.path, shownName(k)]),
            message: `unknown field "${shownName(k)}"; the compact form has ${fieldList}${alternative}`,
          }))
        : [{ pointer: toJsonPointer(shownPath(i.path)), message: i.message }],
    ),
  };
}

/**
 * The one parser of approved lists, for every endpoint that takes one
 * (POST /v1/lists, POST /v1/export/markdown) and for the website and CLI.
 * Two forms are accepted:
 * - an interchange document (spec 2.2), recognised by `$schema` or
 *   `providers`, validated by the v1 JSON Schema;
 * - the compact form `{ name, description?, organisation?, owner?,
 *   approvedServiceIds }`, validated by the zod schema below (which also
 *   documents it in OpenAPI).
 * Both become one normalised ApprovedList. Whether the ids exist is not the
 * parser's business: each endpoint resolves them against the catalogue and
 * decides how to report the unknown ones.
 *
 * Pure and browser-safe.
 */
import { z } from 'zod';
import { kebabId } from './schemas.ts';
import { validateServiceList, type ServiceStatus, type ValidationError } from './service-list.ts';

/** Well above any catalogue (the three clouds together list under 1,500 services). */
export const MAX_LIST_SERVICES = 2000;

export const CompactApprovedList = z
  .strictObject({
    name: z.string().trim().min(1, 'name must not be empty').max(200).describe('Human-readable title of the list'),
    description: z.string().max(2000).optional().describe('Free text'),
    organisation: z.string().max(200).optional().describe('Owning organisation or unit'),
    owner: z.string().max(200).optional().describe('Contact person or team'),
    approvedServiceIds: z
      .array(kebabId, { error: (iss) => (iss.input === undefined ? 'approvedServiceIds is required: an array of service ids' : 'approvedServiceIds must be an array of service ids') })
      .min(1, 'give at least one approved service id')
      .max(MAX_LIST_SERVICES, `at most ${MAX_LIST_SERVICES} service ids are accepted`)
      .superRefine((ids, ctx) => {
        const first = new Map<string, number>();
        ids.forEach((id, i) => {
          const seen = first.get(id);
          if (seen === undefined) first.set(id, i);
          else ctx.addIssue({ code: 'custom', path: [i], input: id, message: `"${id}" is listed more than once (first at index ${seen})` });
        });
      })
      .describe('Ids of the approved services (any provider), 1 to 2,000, unique'),
  })
  .meta({
    id: 'CompactApprovedList',
    description: 'An approved service list in compact form. Endpoints that take a list also accept a service list interchange document (v1 schema).',
  });
export type CompactApprovedList = z.output<typeof CompactApprovedList>;

/** An approved list, whichever form it arrived in. */
export interface ApprovedList {
  name: string;
  description?: string;
  organisation?: string;
  owner?: string;
  /** In the order given, without repeats. Not checked against the catalogue. */
  approvedServiceIds: string[];
  /** Governance status of services that are not `enabled` (interchange documents only). */
  statuses?: Record<string, ServiceStatus>;
  source: 'compact' | 'interchange';
}

export type ParsedApprovedList = { ok: true; list: ApprovedList } | { ok: false; errors: ValidationError[] };

const pointerOf = (path: PropertyKey[]): string => path.map((p) => `/${String(p).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');

/** True when a body is meant as an interchange document rather than the compact form. */
export const isInterchangeDocument = (raw: unknown): boolean =>
  raw !== null && typeof raw === 'object' && !Array.isArray(raw) && (Object.hasOwn(raw, '$schema') || Object.hasOwn(raw, 'providers'));

function fromInterchange(raw: unknown, schemaUrl: string): ParsedApprovedList {
  const checked = validateServiceList(raw, schemaUrl);
  if (!checked.valid) return { ok: false, errors: checked.errors };
  const { metadata: m, providers } = checked.document;
  const ids = new Set<string>();
  const statuses: Record<string, ServiceStatus> = {};
  for (const p of providers) {
    for (const c of p.categories) {
      for (const s of c.services) {
        ids.add(s.id);
        if (s.status !== 'enabled') statuses[s.id] = s.status;
      }
    }
  }
  if (ids.size === 0) return { ok: false, errors: [{ pointer: '/providers', message: 'the list approves no service: give at least one' }] };
  if (ids.size > MAX_LIST_SERVICES) return { ok: false, errors: [{ pointer: '/providers', message: `at most ${MAX_LIST_SERVICES} services are accepted; this list has ${ids.size}` }] };
  return {
    ok: true,
    list: {
      name: m.name,
      ...(m.description !== undefined ? { description: m.description } : {}),
      ...(m.organisation !== undefined ? { organisation: m.organisation } : {}),
      ...(m.owner !== undefined ? { owner: m.owner } : {}),
      approvedServiceIds: [...ids],
      ...(Object.keys(statuses).length ? { statuses } : {}),
      source: 'interchange',
    },
  };
}

/**
 * Parses a request body (already JSON-parsed) as an approved list.
 * `schemaUrl` is the deployment's v1 schema address, which an interchange
 * document's `$schema` must equal. Errors carry JSON pointers into the body.
 */
export function parseApprovedList(raw: unknown, schemaUrl: string): ParsedApprovedList {
  if (isInterchangeDocument(raw)) return fromInterchange(raw, schemaUrl);
  const parsed = CompactApprovedList.safeParse(raw);
  if (!parsed.success) {
    return {
      ok: false,
      errors: parsed.error.issues.flatMap((i) =>
        i.code === 'unrecognized_keys'
          ? i.keys.map((k) => ({ pointer: pointerOf([...i.path, k]), message: `unknown field "${k}"; the compact form has name, description, organisation, owner and approvedServiceIds (or send an interchange document)` }))
          : [{ pointer: pointerOf(i.path), message: i.message }],
      ),
    };
  }
  const { name, description, organisation, owner, approvedServiceIds } = parsed.data;
  return {
    ok: true,
    list: {
      name,
      ...(description !== undefined ? { description } : {}),
      ...(organisation !== undefined ? { organisation } : {}),
      ...(owner !== undefined ? { owner } : {}),
      approvedServiceIds,
      source: 'compact',
    },
  };
}

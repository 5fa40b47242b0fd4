/**
 * Saved, shareable approved lists.
 *
 * POST /v1/lists takes either form parseApprovedList accepts (the compact
 * `{name, description?, organisation?, owner?, approvedServiceIds}` or a v1
 * interchange document) and stores it for 90 days under an unguessable id.
 * Ids the catalogue does not know:
 * - compact form: 422 naming them (a typo should not be saved and shared),
 *   as the policy endpoints do;
 * - interchange document: kept (as ids) and reported in `unknownServiceIds`,
 *   since a document from another tool or an older catalogue may name services
 *   this catalogue lacks; the answer's `document` is rebuilt from the catalogue
 *   and so lists only the services it knows.
 *
 * GET /v1/lists/{id} (and the website's /lists/<id> page, through getList or
 * readSavedList) answers the list resolved against the current catalogue and
 * its interchange document. Unknown, expired and malformed ids all give 404.
 * The answer may be cached, but never past the list's expiry: max-age and
 * s-maxage are capped at the seconds left.
 */
import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { listExpiry, type SavedListRecord } from '../src/adapters/store.ts';
import { approvedIdsOf, CompactApprovedList, parseApprovedList } from '../src/core/approved-list.ts';
import { ByteLru } from '../src/core/byte-lru.ts';
import { changesOf, changesWithin } from '../src/core/lifecycle.ts';
import { listDescription } from '../src/core/list-description.ts';
import { ListLifecycle } from '../src/core/schemas.ts';
import { exportServiceList } from '../src/core/service-list.ts';
import { corsHeaders, JSON_CONTENT_TYPE } from '../src/http/headers.ts';
import { notFound, problemResponse, serviceListRef, type OperationSpec } from '../src/http/openapi.ts';
import { problem, unknownServicesProblem } from '../src/http/problem.ts';
import { SavedList, SavedListId, SavedListReceipt, SavedListSummary } from '../src/http/saved-list-contract.ts';
import { defineMutation } from './lib/mutation.ts';
import { bytesResponse, jsonResponse } from '../src/http/protocol.ts';
import type { FunctionContext } from './lib/types.ts';

/** 18 random bytes: 144 bits, 24 base64url characters. */
export const newListId = (): string => randomBytes(18).toString('base64url');

const EDGE_MAX_AGE = 300;
const BROWSER_MAX_AGE = 60;

export const listPageUrl = (publicUrl: string, id: string): string => `${publicUrl.replace(/\/+$/, '')}/lists/${id}`;

function summaryOf(list: SavedListRecord, ctx: FunctionContext): SavedListSummary {
  return {
    id: list.id,
    url: listPageUrl(ctx.publicUrl, list.id),
    createdAt: list.createdAt.toISOString(),
    expiresAt: list.expiresAt.toISOString(),
    ...listDescription(list),
    approvedServiceIds: approvedIdsOf(list.approvedServiceIds, list.statuses),
    statuses: list.statuses ?? {},
    unknownServiceIds: list.approvedServiceIds.filter((id) => !ctx.catalogue.service(id)),
  };
}

export const saveList = defineMutation({
  // parseApprovedList validates both forms (with JSON pointers); the zod body only lets any JSON through to it.
  body: z.unknown(),
  async handle(raw, _request, ctx) {
    const parsed = parseApprovedList(raw, ctx.serviceListSchemaUrl, ctx.catalogue);
    if (!parsed.ok)
      return problem('invalid-body', {
        detail: 'The body is neither a valid compact list nor a valid service list document; see errors.',
        errors: parsed.errors,
      });
    const { list } = parsed;
    // Known services under their canonical id (a slug given resolves to the id); unknown ids as given.
    const ids = [...new Set(list.approvedServiceIds.map((id) => ctx.catalogue.service(id)?.id ?? id))];
    const unknown = ids.filter((id) => !ctx.catalogue.service(id));
    if (unknown.length && list.source === 'compact') {
      return unknownServicesProblem(list.approvedServiceIds, unknown);
    }
    const createdAt = ctx.now();
    const statuses = Object.fromEntries(
      Object.entries(list.statuses ?? {}).flatMap(([id, status]) =>
        status === 'enabled' ? [] : [[ctx.catalogue.service(id)?.id ?? id, status] as const],
      ),
    );
    const record: SavedListRecord = {
      id: newListId(),
      createdAt,
      expiresAt: listExpiry(createdAt),
      ...listDescription(list),
      approvedServiceIds: ids,
      ...(Object.keys(statuses).length ? { statuses } : {}),
    };
    await ctx.store.saveList(record);
    const receipt: SavedListReceipt = {
      ...summaryOf(record, ctx),
      ...(list.notes?.length ? { notes: list.notes } : {}),
    };
    return jsonResponse(receipt, { status: 201, headers: { location: `/v1/lists/${record.id}` } });
  },
});

/** A saved list as answered: the resolved list, its JSON text and its ETag, built once per list. */
export interface SavedListAnswer {
  list: SavedList;
  /**
   * The answer's JSON as UTF-8, encoded once: every GET writes these same bytes. Encoded per request, a client that
   * pipelined thousands of GETs for a list of every service held as many copies of its 900 KB while they waited.
   */
  body: Uint8Array<ArrayBuffer>;
  etag: string;
  expiresAt: Date;
}

/**
 * Answers already built, by list. A saved list never changes and the
 * catalogue is fixed for the life of the process, so a list whose answer is a
 * hundred times its request (every service resolved, plus its interchange
 * document) is built once, not on every GET. Bounded by bytes (the JSON text
 * counted twice, for the object beside it).
 */
const utf8 = new TextEncoder();
const answers = new ByteLru<string, SavedListAnswer>(32 * 1024 * 1024, (a) => a.body.byteLength * 3);

const building = new Map<string, Promise<SavedListAnswer | null>>();

function buildAnswer(record: SavedListRecord, ctx: FunctionContext): SavedListAnswer {
  const metadata = {
    ...listDescription(record),
    catalogListId: record.id,
  };
  const summary = summaryOf(record, ctx);
  const list: SavedList = {
    ...summary,
    services: summary.approvedServiceIds.flatMap((sid) => {
      const s = ctx.catalogue.service(sid);
      return s ? [ctx.catalogue.toService(s)] : [];
    }),
    // lastUpdated is the day the list was saved: a saved list never changes.
    document: exportServiceList(ctx.catalogue, record.approvedServiceIds, metadata, {
      today: record.createdAt.toISOString().slice(0, 10),
      schemaUrl: ctx.serviceListSchemaUrl,
      ...(record.statuses ? { statuses: record.statuses } : {}),
    }),
  };
  const body = utf8.encode(JSON.stringify(list));
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  return { list, body, etag, expiresAt: record.expiresAt };
}

/**
 * The typed entry point for reading a saved list (GET /v1/lists/{id} and the
 * /lists/<id> page): the answer, or null when the id is unknown, expired or
 * malformed.
 */
export async function readSavedListAnswer(id: string, ctx: FunctionContext): Promise<SavedListAnswer | null> {
  if (!SavedListId.safeParse(id).success) return null;
  // The summary's url depends on the public origin, and tests run several catalogues in one process.
  const key = `${ctx.catalogue.version}\n${ctx.publicUrl}\n${ctx.serviceListSchemaUrl}\n${id}`;
  let answer = answers.get(key);
  if (!answer) {
    // Concurrent first requests for one list share one read and one build.
    let pending = building.get(key);
    if (!pending) {
      pending = ctx.store
        .findList(id)
        .then((record) => {
          if (!record) return null;
          const built = buildAnswer(record, ctx);
          answers.set(key, built);
          return built;
        })
        .finally(() => building.delete(key));
      building.set(key, pending);
    }
    const built = await pending;
    if (!built) return null;
    answer = built;
  }
  if (answer.expiresAt.getTime() <= ctx.now().getTime()) {
    answers.delete(key);
    return null;
  }
  return answer;
}

/** The saved list as GET /v1/lists/{id} answers it, or null when unknown, expired or malformed. */
export async function readSavedList(
  id: string,
  ctx: FunctionContext,
): Promise<{ list: SavedList; expiresAt: Date } | null> {
  const answer = await readSavedListAnswer(id, ctx);
  return answer && { list: answer.list, expiresAt: answer.expiresAt };
}

/** Cache-Control of a saved list's answers (JSON and page): cacheable, never past the list's expiry. */
export function savedListCacheControl(expiresAt: Date, now: Date): string | null {
  const secondsLeft = Math.floor((expiresAt.getTime() - now.getTime()) / 1000);
  if (secondsLeft <= 0) return null;
  return `public, max-age=${Math.min(BROWSER_MAX_AGE, secondsLeft)}, s-maxage=${Math.min(EDGE_MAX_AGE, secondsLeft)}`;
}

/**
 * The id in `/v1/lists/<id>` or `/lists/<id>` (the last path segment), or in
 * `/v1/lists/<id>/lifecycle` (`fromEnd` 1), decoded ('' if it cannot be).
 */
function idFromUrl(url: string, fromEnd = 0): string {
  const segments = new URL(url).pathname.split('/').filter(Boolean);
  const segment = segments[segments.length - 1 - fromEnd] ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return '';
  }
}

const listNotFound = () =>
  problem('not-found', {
    detail: 'No saved list has this id. Saved lists expire 90 days after they were created.',
    headers: corsHeaders,
  });

/** GET /v1/lists/{id}: the id is the last path segment of the request URL. */
export async function getList(request: Request, ctx: FunctionContext): Promise<Response> {
  const found = await readSavedListAnswer(idFromUrl(request.url), ctx);
  const cacheControl = found && savedListCacheControl(found.expiresAt, ctx.now());
  if (!found || !cacheControl) return listNotFound();
  return bytesResponse(found.body, {
    status: 200,
    headers: { 'content-type': JSON_CONTENT_TYPE, 'cache-control': cacheControl, etag: found.etag, ...corsHeaders },
  });
}

/**
 * GET /v1/lists/{id}/lifecycle: which of the saved list's services change,
 * soonest first, as of the day of the request. Same 404 and caching as
 * GET /v1/lists/{id}.
 */
export async function getListLifecycle(request: Request, ctx: FunctionContext): Promise<Response> {
  const id = idFromUrl(request.url, 1);
  if (!SavedListId.safeParse(id).success) return listNotFound();
  const record = await ctx.store.findList(id);
  const now = ctx.now();
  const secondsLeft = record ? Math.floor((record.expiresAt.getTime() - now.getTime()) / 1000) : 0;
  if (!record || secondsLeft <= 0) return listNotFound();
  const today = now.toISOString().slice(0, 10);
  // What the list approves: a service it marks disabled is not in use, and its changes concern nobody.
  const services = approvedIdsOf(record.approvedServiceIds, record.statuses).flatMap(
    (sid) => ctx.catalogue.service(sid) ?? [],
  );
  const changes = changesOf(ctx.catalogue, services);
  const body: ListLifecycle = {
    listId: record.id,
    name: record.name,
    today,
    changes,
    changingWithin12Months: changesWithin(changes, today, 12).length,
    unknownServiceIds: record.approvedServiceIds.filter((sid) => !ctx.catalogue.service(sid)),
  };
  return new Response(JSON.stringify(body), {
    status: 200,
    headers: {
      'content-type': JSON_CONTENT_TYPE,
      'cache-control': `public, max-age=${Math.min(BROWSER_MAX_AGE, secondsLeft)}, s-maxage=${Math.min(EDGE_MAX_AGE, secondsLeft)}`,
      ...corsHeaders,
    },
  });
}

/** What a saved list's GET answers say of caching, for the API description (its ETag and 304 are every GET's). */
const listCacheHeaders = {
  'Cache-Control': {
    description: `\`public, max-age=${BROWSER_MAX_AGE}, s-maxage=${EDGE_MAX_AGE}\`, each capped at the seconds left before the list expires`,
  },
};

export const operations: OperationSpec[] = [
  {
    method: 'post',
    path: '/v1/lists',
    operationId: 'saveList',
    summary: 'Save an approved list and get a shareable link',
    tags: ['Lists'],
    mutation: true,
    description:
      'Stores an approved list for 90 days under an unguessable id (144 random bits) and answers its ' +
      'record, with the shareable `url` and `Location: /v1/lists/{id}`. Send the compact form or a ' +
      'service list interchange document (v1 schema). In the compact form every id must exist in the ' +
      'catalogue (422 otherwise); an interchange document may name services this catalogue does not ' +
      'know: they are kept and reported in `unknownServiceIds`. Governance statuses (`statuses` in the ' +
      "compact form, each service's `status` in a document) are kept: a service marked `disabled` is listed " +
      "but not approved, so it is in the answer's `statuses` and not in its `approvedServiceIds`.",
    requestBody: {
      schema: CompactApprovedList,
      alternatives: [serviceListRef],
      description:
        "The compact form, or an interchange document whose `$schema` is this deployment's v1 schema address.",
    },
    responses: {
      201: {
        description: 'Saved',
        schema: SavedListReceipt,
        headers: { Location: { description: 'Path of the saved list: /v1/lists/{id}' } },
      },
      400: problemResponse(
        'Malformed JSON, or a body that is neither a valid compact list nor a valid interchange document (errors lists each problem with a JSON pointer)',
      ),
      422: problemResponse(
        'Compact form with ids no service has (type /problems/unknown-services, errors and unknownIds list them)',
      ),
      503: problemResponse('The store does not answer; nothing was saved'),
    },
  },
  {
    method: 'get',
    path: '/v1/lists/{id}',
    operationId: 'getList',
    summary: 'Fetch a saved list (until it expires after 90 days)',
    tags: ['Lists'],
    description:
      'The list with each approved service resolved against the current catalogue (`services`, with ' +
      '`lifecycle`), the saved ids the catalogue no longer knows (`unknownServiceIds`) and the list ' +
      'as an interchange document with `metadata.catalogListId` set. Cacheable, but never past the ' +
      'expiry: `max-age` and `s-maxage` are at most the seconds left.',
    pathParams: z.object({ id: SavedListId }),
    responses: {
      200: { description: 'The saved list', schema: SavedList, headers: listCacheHeaders },
      404: notFound('Saved list (unknown, malformed or expired id)'),
    },
  },
  {
    method: 'get',
    path: '/v1/lists/{id}/lifecycle',
    operationId: 'getListLifecycle',
    summary: "Which of a saved list's services change, soonest first",
    tags: ['Lists'],
    description:
      "The list's approved services (not those it marks `disabled`) that are not active and generally " +
      'available, each with its status, dates, ' +
      'successor and announcement: dated changes soonest first (a change dated by its sunset date, or by ' +
      'the day the service closes or closed to new customers: one that closes before its end, and is not retired, ' +
      'has a change on each day; dates already past come first: those services are retired, closed to new ' +
      'customers, or overdue), then undated ones. `changingWithin12Months` counts the ' +
      'changes still to come up to 12 months ahead (a service already marked retired on its date is not among ' +
      'them). Computed on each request against the current ' +
      'catalogue; same 404 and caching as GET /v1/lists/{id}.',
    pathParams: z.object({ id: SavedListId }),
    responses: {
      200: { description: "The list's lifecycle changes", schema: ListLifecycle, headers: listCacheHeaders },
      404: notFound('Saved list (unknown, malformed or expired id)'),
    },
  },
];

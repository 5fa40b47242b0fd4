/**
 * POST /v1/export/markdown: an approved list (interchange document or compact
 * form, read by parseApprovedList) as a markdown document.
 *
 * - Default answer: the document itself, `text/markdown; charset=utf-8`, as an
 *   attachment named after the list (`Content-Disposition`).
 * - `Accept` preferring application/json: a MarkdownExport object with the
 *   document, its file name, the listed services resolved (lifecycle
 *   included) and the unknown ids.
 * - Ids the catalogue does not know do not fail the export (documents from
 *   other tools may name other providers' services): the document lists them
 *   in a "Not in the catalogue" section, `X-Unknown-Services` names them and
 *   a `Warning: 299` counts them. Only a list in which no id is known answers
 *   422, since there is nothing to document.
 */
import { z } from 'zod';
import { CompactApprovedList, parseApprovedList } from '../src/core/approved-list.ts';
import { MarkdownExport, renderMarkdown } from '../src/core/markdown.ts';
import type { OperationSpec } from '../src/http/openapi.ts';
import { problemResponse, serviceListRef } from '../src/http/openapi.ts';
import { problem } from '../src/http/problem.ts';
import { defineMutation } from './lib/mutation.ts';
import { cappedList, jsonResponse, sfString } from '../src/http/protocol.ts';

const MARKDOWN_CONTENT_TYPE = 'text/markdown; charset=utf-8';
/** Longest X-Unknown-Services value sent; the JSON answer and the document always have them all. */
const UNKNOWN_HEADER_MAX = 4000;

/** Quality of a media type under an Accept header (RFC 9110 12.5.1), most specific range wins. */
export function acceptQuality(accept: string | null, type: string): number {
  if (!accept) return 1;
  const [main] = type.split('/');
  let best = { specificity: -1, q: 0 };
  for (const part of accept.split(',')) {
    const [range = '', ...params] = part
      .trim()
      .toLowerCase()
      .split(';')
      .map((s) => s.trim());
    const specificity = range === type ? 2 : range === `${main}/*` ? 1 : range === '*/*' ? 0 : -1;
    if (specificity < 0 || specificity < best.specificity) continue;
    const qParam = params.find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    best = { specificity, q: Number.isFinite(q) ? Math.min(1, Math.max(0, q)) : 0 };
  }
  return best.q;
}

/** JSON only when the client prefers it to markdown; markdown on a tie or without Accept. */
export const wantsJson = (accept: string | null): boolean =>
  acceptQuality(accept, 'application/json') > acceptQuality(accept, 'text/markdown');

/** Unknown ids as an RFC 8941 list of strings (printable ASCII only; others are counted in Warning). */
function unknownHeaders(ids: readonly string[]): Record<string, string> {
  if (!ids.length) return {};
  const { value, listed } = cappedList(
    ids.flatMap((id) => sfString(id) ?? []),
    UNKNOWN_HEADER_MAX,
  );
  const n = ids.length;
  return {
    ...(listed ? { 'x-unknown-services': value } : {}),
    warning:
      `299 - "${n} listed service id${n === 1 ? ' is' : 's are'} not in the catalogue; ` +
      `the document lists ${n === 1 ? 'it' : 'them'} under Not in the catalogue"`,
  };
}

const isoDay = (d: Date): string => d.toISOString().slice(0, 10);

export const exportMarkdown = defineMutation({
  // The body is read by parseApprovedList (two forms, JSON Schema and zod); see handle.
  body: z.unknown(),
  handle(raw, request, ctx) {
    const parsed = parseApprovedList(raw, ctx.serviceListSchemaUrl, ctx.catalogue);
    if (!parsed.ok) {
      return problem('invalid-body', {
        detail: 'The body is neither a valid approved list nor a valid service list document; see errors.',
        errors: parsed.errors,
      });
    }
    const list = parsed.list;
    const result = renderMarkdown(ctx.catalogue, list, { today: isoDay(ctx.now()) });
    if (!result.services.length) {
      return problem('unknown-services', {
        detail:
          'None of the listed service ids is in the catalogue, so there is nothing to document. See GET /v1/services for valid ids.',
        ...(list.source === 'compact'
          ? {
              errors: list.approvedServiceIds.map((id, i) => ({
                pointer: `/approvedServiceIds/${i}`,
                value: id,
                message: 'no service has this id',
              })),
            }
          : {}),
        unknownIds: result.unknownServiceIds,
      });
    }
    const headers = unknownHeaders(result.unknownServiceIds);
    if (wantsJson(request.headers.get('accept')))
      return jsonResponse(result satisfies MarkdownExport, { headers: { ...headers, vary: 'Accept' } });
    return new Response(result.markdown, {
      headers: {
        ...headers,
        vary: 'Accept',
        'content-type': MARKDOWN_CONTENT_TYPE,
        'content-disposition': `attachment; filename="${result.filename}"`,
      },
    });
  },
});

export const operations: OperationSpec[] = [
  {
    method: 'post',
    path: '/v1/export/markdown',
    operationId: 'exportMarkdown',
    summary: 'Export an approved list as markdown',
    description:
      'Takes an approved list in compact form or as a service list interchange document (v1 schema) ' +
      'and answers a markdown document: the title, metadata, lifecycle warnings (deprecated, sunset ' +
      'and retired services with dates and successors) and a table per provider and category with ' +
      'service name, governance status, free tier and documentation link. All text from the list is ' +
      'escaped so it cannot add markdown structure, links or HTML. By default the answer is the ' +
      'document as an attachment; with `Accept: application/json` it is a MarkdownExport. Ids the ' +
      'catalogue does not know are listed in the document and named in `X-Unknown-Services`; only a ' +
      'list with no known id answers 422.',
    tags: ['Lists'],
    mutation: true,
    requestBody: {
      schema: CompactApprovedList,
      alternatives: [serviceListRef],
      description:
        "The approved list: the compact form, or a service list interchange document whose `$schema` is this deployment's v1 schema address.",
    },
    responses: {
      200: {
        description: 'The markdown document (default), or a MarkdownExport when Accept prefers application/json.',
        contentType: MARKDOWN_CONTENT_TYPE,
        jsonSchema: { type: 'string' },
        alsoAs: [{ contentType: 'application/json', schema: MarkdownExport }],
        headers: {
          'Content-Disposition': {
            description: 'Markdown answers: `attachment; filename="<list-name>.md"` (ASCII kebab case).',
          },
          'X-Unknown-Services': {
            description:
              'Present when listed ids are not in the catalogue: an RFC 8941 list of the ids as strings, those written ' +
              `in printable ASCII and as many as fit in ${UNKNOWN_HEADER_MAX.toLocaleString('en')} characters; \`Warning\` counts them all, and the ` +
              'document (or the JSON answer) lists every one.',
          },
          Warning: {
            description: 'Present with unknown ids: `299 - "<n> listed service ids are not in the catalogue ..."`.',
          },
        },
      },
      400: problemResponse(
        'Malformed JSON, or a body that is neither a valid compact list nor a valid interchange document (errors lists each problem with a JSON pointer)',
      ),
      422: problemResponse('No listed id is in the catalogue (type /problems/unknown-services, unknownIds lists them)'),
    },
  },
];

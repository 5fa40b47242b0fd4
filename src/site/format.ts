/**
 * Words people read: wait times, lifecycle labels and warnings, and problem
 * details turned into sentences. Pure, shared by pages (build time) and
 * client scripts (browser).
 */
import type { z } from 'zod';
import type { lifecycleFilterValues, ServiceLifecycle, SubServiceEntry } from '../core/schemas.ts';
import { reportedBy } from '../core/vendor-hosts.ts';

/** A service's lifecycle status as people filter by it: `active`, or the status of its lifecycle block. */
export type LifecycleStatus = (typeof lifecycleFilterValues)[number];

export const lifecycleLabels: Record<LifecycleStatus, string> = {
  active: 'Active',
  preview: 'Preview',
  deprecated: 'Deprecated',
  sunset: 'Sunset announced',
  retired: 'Retired',
};

/** The badge wording for a status from the API or the catalogue data (an unexpected value is shown as it is). */
export const lifecycleLabel = (status: string): string => (lifecycleLabels as Record<string, string>)[status] ?? status;

/** The parts of a lifecycle block the wording reads (the catalogue data in the browser carries the same block). */
export type LifecycleLike = Pick<ServiceLifecycle, 'status' | 'sunsetDate' | 'gaTarget' | 'successorSlug' | 'note'> & {
  /** In the catalogue's own data (not the API's lifecycle object). */
  closedToNewCustomers?: string | undefined;
};

/** `2024-07-31` as `31 July 2024` (UTC, English, no locale surprises). */
export function humanDate(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return iso;
  const months = [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ];
  return `${Number(m[3])} ${months[Number(m[2]) - 1] ?? m[2]} ${m[1]}`;
}

/** What is said of a successor that is not active and generally available itself. */
const successorCaveats: Record<Exclude<LifecycleStatus, 'active'>, string> = {
  preview: ', which is itself still in preview',
  deprecated: ', which is itself deprecated',
  sunset: ', which is itself being retired',
  retired: ', which has itself been retired',
};

/**
 * One sentence warning about a service that is not active and generally
 * available, or undefined for an active one. `successorName` resolves the
 * successor slug when the caller knows it, and `successorStatus` says when that
 * successor is changing too (CodeWhisperer's successor, Amazon Q Developer, is
 * itself being retired): a move is never recommended without saying so.
 */
export function lifecycleWarning(
  name: string,
  lifecycle: LifecycleLike | undefined,
  successorName?: string,
  successorStatus?: LifecycleStatus,
): string | undefined {
  if (!lifecycle) return undefined;
  const when = lifecycle.sunsetDate ? humanDate(lifecycle.sunsetDate) : undefined;
  const successor = successorName ?? lifecycle.successorSlug;
  const caveat = successorStatus && successorStatus !== 'active' ? successorCaveats[successorStatus] : '';
  const move = successor ? ` Plan a move to ${successor}${caveat}.` : '';
  switch (lifecycle.status) {
    case 'preview':
      return `${name} is in preview${lifecycle.gaTarget ? ` (general availability expected ${lifecycle.gaTarget})` : ''}: features and terms may change.`;
    case 'deprecated': {
      // The day it closed, when the vendor gave one; else what deprecated can mean. Said without a verb, as the feeds
      // and policies say it: "no new customers from" reads right before and after that day.
      const closed = lifecycle.closedToNewCustomers
        ? `no new customers from ${humanDate(lifecycle.closedToNewCustomers)}`
        : 'it may be closed to new customers';
      return `${name} is deprecated${when ? ` and ends on ${when}` : ''}: ${closed}.${move}`;
    }
    case 'sunset': {
      const closed = lifecycle.closedToNewCustomers
        ? `; no new customers from ${humanDate(lifecycle.closedToNewCustomers)}`
        : '';
      return `${name} is being retired${when ? ` on ${when}` : ''}${closed}.${move}`;
    }
    case 'retired':
      return `${name} was retired${when ? ` on ${when}` : ''} and can no longer be used.${move}`;
  }
}

/** The parts of a sub-service the wording of its own lifecycle reads. */
export type PartLike = Pick<z.infer<typeof SubServiceEntry>, 'name' | 'lifecycle'>;

/**
 * What has happened to a part of a service ("no longer open to new customers", "being retired on 30 April 2027"),
 * or undefined for a part with no lifecycle. The service itself may be active, and a policy allowing it allows the
 * part; the vendor's note is on the service's page.
 */
export function partLifecycleState(part: PartLike): string | undefined {
  const l = part.lifecycle;
  if (!l) return undefined;
  // The day it closed, when the vendor gave one, in words that read right before and after that day.
  const closed = l.closedToNewCustomers && `closed to new customers from ${humanDate(l.closedToNewCustomers)}`;
  if (l.status === 'sunset')
    return `being retired${l.sunsetDate ? ` on ${humanDate(l.sunsetDate)}` : ''}${closed ? ` (${closed})` : ''}`;
  return closed || 'no longer open to new customers';
}

/** One sentence on a part of a service that is closing or ending: "Amazon Q Developer IDE plugins, part of … ." */
export function partLifecycleWarning(serviceName: string, part: PartLike): string | undefined {
  const state = partLifecycleState(part);
  return state && `${part.name}, part of ${serviceName}, is ${state}.`;
}

/** A wait in plain words: "about 45 seconds", "about 2 minutes", "about 1 hour". */
export function waitInWords(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return `about ${s} second${s === 1 ? '' : 's'}`;
  const m = Math.ceil(s / 60);
  if (m < 60) return `about ${m} minute${m === 1 ? '' : 's'}`;
  const h = Math.round(m / 60);
  return `about ${h} hour${h === 1 ? '' : 's'}`;
}

/** Seconds to wait from a Retry-After value (delay-seconds or an HTTP date), or undefined when absent or unreadable. */
export function retryAfterSeconds(value: string | null | undefined, now: Date = new Date()): number | undefined {
  if (!value) return undefined;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v);
  const at = Date.parse(v);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.round((at - now.getTime()) / 1000));
}

export interface ProblemLike {
  title?: unknown;
  detail?: unknown;
  status?: unknown;
  errors?: unknown;
}

/** The response headers a message reads (a fetch `Headers` fits). */
export interface HeaderLike {
  get(name: string): string | null;
}

/**
 * What went wrong, for a person, from an HTTP status, its problem body (when
 * there is one) and its headers (Retry-After, X-RateLimit-Limit). `what`
 * names the action ("save the list").
 */
export function problemMessage(
  what: string,
  status: number,
  body: ProblemLike | undefined,
  headers?: HeaderLike | null,
  now?: Date,
  /** The time of day in the reader's own zone: given in the browser, so a wait still reads right after it passed. */
  clock?: (at: Date) => string,
): string {
  const detail = typeof body?.detail === 'string' && body.detail.trim() ? ` ${body.detail.trim()}` : '';
  if (status === 429) {
    const wait = retryAfterSeconds(headers?.get('retry-after'), now);
    // The limit is the server's configuration: say it only when the answer names it.
    const limit = /^\d+$/.test(headers?.get('x-ratelimit-limit')?.trim() ?? '')
      ? Number(headers!.get('x-ratelimit-limit')!.trim())
      : undefined;
    const rule =
      limit === undefined
        ? 'The service limits how many changes one address can make per minute.'
        : `The service allows ${plural(limit, 'change')} per minute from one address.`;
    const at =
      wait !== undefined && clock ? ` (at ${clock(new Date((now ?? new Date()).getTime() + wait * 1000))})` : '';
    return `Too many requests: you can ${what} again in ${wait === undefined ? 'a minute' : waitInWords(wait)}${at}. ${rule}`;
  }
  if (status === 404) return `Could not ${what}: it was not found.${detail}`;
  if (status === 413) return `Could not ${what}: the list is too large to send.${detail}`;
  if (status === 422 || status === 400) {
    const errors = Array.isArray(body?.errors)
      ? body.errors
          .map((e: unknown) =>
            typeof e === 'object' && e && typeof (e as { message?: unknown }).message === 'string'
              ? (e as { message: string }).message
              : undefined,
          )
          .filter((x): x is string => !!x)
          .slice(0, 5)
      : [];
    const title = typeof body?.title === 'string' ? body.title : 'the request was not accepted';
    return `Could not ${what}: ${title.toLowerCase()}.${detail}${errors.length ? ` (${errors.join('; ')})` : ''}`;
  }
  if (status >= 500)
    return `Could not ${what}: the service had a problem (${status}). Please try again in a moment.${detail}`;
  return `Could not ${what} (${status}).${detail}`;
}

/** The message for a fetch that never got an answer. */
export const networkFailureMessage = (what: string): string =>
  `Could not ${what}: the service could not be reached. Check your connection and try again.`;

export const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** The time of day in the browser's zone and language, to the second, for a wait's end. */
export const localClock = (at: Date): string =>
  at.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/**
 * The words of a link to a lifecycle announcement: the vendor's, or, when the only source found is a third party's
 * account of it, whose page it is.
 */
export function announcementLinkText(provider: string, url: string): string {
  const reported = reportedBy(provider, url);
  return reported ? `Announcement ${reported}` : 'Vendor announcement';
}

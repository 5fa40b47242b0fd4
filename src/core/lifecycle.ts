/**
 * The lifecycle timeline: every service that is not active and generally
 * available, placed by the date its vendor gave (the sunset date), relative to
 * a given day. Pure: the caller passes the catalogue and the day, so the
 * prerendered feed uses the build's date and a saved list uses the request's.
 */
import type { Catalogue } from './catalogue.ts';
import type { LifecycleChange, LifecycleTimeline, ServiceEntry } from './schemas.ts';
import { thirdPartyHost } from './vendor-hosts.ts';

/**
 * The days a lifecycle block dates a change by: its end, else the day it closed to new customers; and a closing that
 * comes before the end is a change of its own, on its own day, while the service or part still runs: the timeline,
 * the calendar and the coming months' lists then show when new projects stop (Memorystore for Memcached takes no new
 * instances from 1 February 2027, two years before its end). A retired one has only its end: what it closed first is
 * history, said with it.
 */
function changeDays(l: {
  status: string;
  sunsetDate?: string | undefined;
  closedToNewCustomers?: string | undefined;
}): (string | undefined)[] {
  const closing = l.closedToNewCustomers;
  if (closing && l.sunsetDate && closing < l.sunsetDate && l.status !== 'retired') return [closing, l.sunsetDate];
  return [l.sunsetDate ?? closing];
}

/** The changes a service's lifecycle block describes (none for an active service). */
function changesOfOwn(catalogue: Catalogue, s: ServiceEntry): LifecycleChange[] {
  const l = s.lifecycle;
  if (!l) return [];
  const successor = l.successorSlug ? catalogue.service(l.successorSlug) : undefined;
  return changeDays(l).map((date) => ({
    ...(date ? { date } : {}),
    ...aboutService(catalogue, s),
    status: l.status,
    ...(l.sunsetDate ? { sunsetDate: l.sunsetDate } : {}),
    ...(l.closedToNewCustomers ? { closedToNewCustomers: l.closedToNewCustomers } : {}),
    ...(l.gaTarget ? { gaTarget: l.gaTarget } : {}),
    ...(successor ? { successor: catalogue.toRef(successor) } : {}),
    ...(l.note ? { note: l.note } : {}),
    ...announcement(s.provider, l.announcementUrl),
  }));
}

/** The announcement's URL, and whose report it is when it is not on the vendor's own site. */
function announcement(provider: string, url: string) {
  const reportedBy = thirdPartyHost(provider, url);
  return { announcementUrl: url, ...(reportedBy ? { announcementReportedBy: reportedBy } : {}) };
}

/** What every change of a service says of the service: who offers it, its names, its review day and page. */
function aboutService(catalogue: Catalogue, s: ServiceEntry) {
  return {
    provider: s.provider,
    providerName: catalogue.provider(s.provider)?.name ?? s.provider,
    serviceId: s.id,
    slug: s.slug,
    name: s.name,
    lastReviewed: s.lastReviewed,
    page: `/services/${s.slug}`,
  };
}

/**
 * A service's changes: its own lifecycle block, then each of its parts (sub-services) whose vendor closed it to new
 * customers or announced its end, on the service's page.
 */
export function changesOfService(catalogue: Catalogue, s: ServiceEntry): LifecycleChange[] {
  const parts = s.subServices.flatMap((sub): LifecycleChange[] => {
    const l = sub.lifecycle;
    if (!l) return [];
    // Dated as a service is.
    return changeDays(l).map((date) => ({
      ...(date ? { date } : {}),
      ...(l.sunsetDate ? { sunsetDate: l.sunsetDate } : {}),
      ...(l.closedToNewCustomers ? { closedToNewCustomers: l.closedToNewCustomers } : {}),
      ...aboutService(catalogue, s),
      part: { id: sub.id, name: sub.name },
      status: l.status,
      note: l.note,
      ...announcement(s.provider, l.announcementUrl),
    }));
  });
  return [...changesOfOwn(catalogue, s), ...parts];
}

/** What a change is about, in words: the service, or "a part, part of the service". */
export const changeSubject = (c: Pick<LifecycleChange, 'name' | 'part'>): string =>
  c.part ? `${c.part.name} (part of ${c.name})` : c.name;

/**
 * Whether a change is dated by the day its service stops (or stopped) taking new customers rather than by its end:
 * said as "no new customers from <date>", which reads right before and after that day.
 */
export const datedByClosing = (c: Pick<LifecycleChange, 'date' | 'sunsetDate' | 'closedToNewCustomers'>): boolean =>
  c.date !== undefined && c.date === c.closedToNewCustomers && c.date !== c.sunsetDate;

const byName = (a: LifecycleChange, b: LifecycleChange) =>
  a.provider.localeCompare(b.provider) || a.name.localeCompare(b.name);
const byDate = (a: LifecycleChange, b: LifecycleChange) => a.date!.localeCompare(b.date!) || byName(a, b);

/** Dated changes first, by date (earliest first), then undated ones by provider and name. */
export function soonestFirst(changes: readonly LifecycleChange[]): LifecycleChange[] {
  return [...changes.filter((c) => c.date).sort(byDate), ...changes.filter((c) => !c.date).sort(byName)];
}

/** Dated before today, or today and already marked retired (a service can be marked so on its sunset date). */
const happened = (c: LifecycleChange, today: string): boolean =>
  c.date! < today || (c.date === today && c.status === 'retired');

export function lifecycleTimeline(catalogue: Catalogue, today: string): LifecycleTimeline {
  const changes = catalogue.services.flatMap((s) => changesOfService(catalogue, s));
  const dated = changes.filter((c) => c.date).sort(byDate);
  return {
    today,
    catalogueVersion: catalogue.version,
    upcoming: dated.filter((c) => !happened(c, today)),
    past: dated.filter((c) => happened(c, today)).reverse(),
    undated: changes.filter((c) => !c.date).sort(byName),
  };
}

/** The day `months` calendar months after `day` (YYYY-MM-DD), clamped to the month's end: 2026-08-31 + 6 = 2027-02-28. */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, lastDay));
  return first.toISOString().slice(0, 10);
}

/** Changes still to come, dated from `today` up to and including the same day `months` later. */
export function changesWithin(changes: readonly LifecycleChange[], today: string, months: number): LifecycleChange[] {
  const until = addMonths(today, months);
  return changes.filter((c) => c.date !== undefined && !happened(c, today) && c.date <= until);
}

const DAY_MS = 86_400_000;

/** Whole days from `today` to `day` (both YYYY-MM-DD; negative when `day` is earlier). */
export function daysUntil(today: string, day: string): number {
  const days = (Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS;
  if (!Number.isFinite(days)) throw new RangeError(`not YYYY-MM-DD dates: ${today}, ${day}`);
  return days;
}

/** Dated changes still to come, from `today` up to and including `days` days later, soonest first. */
export function changesWithinDays(
  changes: readonly LifecycleChange[],
  today: string,
  days: number,
): (LifecycleChange & { date: string; inDays: number })[] {
  return soonestFirst(changes).flatMap((c) => {
    if (c.date === undefined || happened(c, today)) return [];
    const inDays = daysUntil(today, c.date);
    return inDays >= 0 && inDays <= days ? [{ ...c, date: c.date, inDays }] : [];
  });
}

/** The lifecycle changes of some services (an approved list), soonest first. */
export function changesOf(catalogue: Catalogue, services: readonly ServiceEntry[]): LifecycleChange[] {
  return soonestFirst(services.flatMap((s) => changesOfService(catalogue, s)));
}

/**
 * The lifecycle timeline as an Atom feed (RFC 4287) and an iCalendar file
 * (RFC 5545), for readers and calendars that follow what is changing. Both
 * list the dated changes only: an entry or event needs a day. Pure: the
 * caller passes the timeline and the site's absolute address.
 */
import { datedByClosing } from './lifecycle.ts';
import type { LifecycleChange, LifecycleTimeline } from './schemas.ts';
import { reportedBy } from './vendor-hosts.ts';

export const ATOM_CONTENT_TYPE = 'application/atom+xml; charset=utf-8';
export const ICS_CONTENT_TYPE = 'text/calendar; charset=utf-8';

const statusWords: Record<LifecycleChange['status'], string> = {
  preview: 'preview ends',
  deprecated: 'deprecated',
  sunset: 'sunsets',
  retired: 'retired',
};

/** "Amazon FinSpace (Amazon Web Services) retired on 2026-10-07" */
export function changeTitle(c: LifecycleChange): string {
  const who = c.part ? `${c.part.name} (part of ${c.name}, ${c.providerName})` : `${c.name} (${c.providerName})`;
  if (datedByClosing(c)) return `${who} no new customers from ${c.date}`;
  return `${who} ${statusWords[c.status]}${c.date ? ` on ${c.date}` : ''}`;
}

/** Plain-text summary: the vendor's guidance, the day it closed to new customers, the successor and where it was announced. */
export function changeSummary(c: LifecycleChange): string {
  const reported = reportedBy(c.provider, c.announcementUrl);
  return [
    c.note,
    // A service being retired that turned new customers away first: the day it closed, with the end in the title.
    c.closedToNewCustomers && !datedByClosing(c) ? `No new customers from ${c.closedToNewCustomers}.` : undefined,
    c.successor ? `Successor: ${c.successor.name}.` : undefined,
    `Announcement${reported ? `, ${reported}` : ''}: ${c.announcementUrl}`,
  ]
    .filter(Boolean)
    .join(' ');
}

const dated = (t: LifecycleTimeline): LifecycleChange[] => [...t.upcoming, ...[...t.past].reverse()];

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const absolute = (site: string, path: string) => new URL(path, site).href;

/**
 * What a change's entry id and calendar UID are keyed by: a closing to new customers by that, not by the status,
 * which moves on (deprecated, then sunset once an end is announced) while the closing day stays: a reader or a
 * calendar keeps one entry for it.
 */
const changeKey = (c: LifecycleChange) =>
  `${c.part ? `${c.part.id}-` : ''}${datedByClosing(c) ? 'closing' : c.status}-${c.date}`;

/** A stable entry id: the service page with the change's key. */
const entryId = (site: string, c: LifecycleChange) => absolute(site, `${c.page}#lifecycle-${changeKey(c)}`);

export function lifecycleAtom(t: LifecycleTimeline, site: string): string {
  const self = absolute(site, '/lifecycle.atom');
  const entries = dated(t).map((c) =>
    [
      '  <entry>',
      `    <id>${xml(entryId(site, c))}</id>`,
      `    <title>${xml(changeTitle(c))}</title>`,
      // The entry last changed when the service was last reviewed, not on the change's own date.
      `    <updated>${c.lastReviewed}T00:00:00Z</updated>`,
      `    <link rel="alternate" type="text/html" href="${xml(absolute(site, c.page))}"/>`,
      `    <link rel="related" href="${xml(c.announcementUrl)}"/>`,
      `    <category term="${c.status}"/>`,
      `    <category term="${xml(c.provider)}"/>`,
      `    <summary>${xml(changeSummary(c))}</summary>`,
      '  </entry>',
    ].join('\n'),
  );
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${xml(self)}</id>`,
    '  <title>Cloud service lifecycle changes</title>',
    `  <subtitle>Previews, deprecations, sunsets and retirements of AWS, Azure and Google Cloud services, as of ${t.today}</subtitle>`,
    `  <updated>${t.today}T00:00:00Z</updated>`,
    '  <author><name>Cloud Service Catalogue</name></author>',
    `  <link rel="self" type="application/atom+xml" href="${xml(self)}"/>`,
    `  <link rel="alternate" type="text/html" href="${xml(absolute(site, '/lifecycle'))}"/>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}

/** RFC 5545 TEXT escaping: backslash, semicolon, comma and newlines. */
const icsText = (s: string) =>
  s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** Folds a content line at 75 octets (RFC 5545 3.1), never inside a UTF-8 character. */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = encoder.encode(ch).length;
    const limit = parts.length ? 74 : 75; // continuation lines start with one space
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const compactDate = (day: string) => day.replaceAll('-', '');
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

export function lifecycleIcs(t: LifecycleTimeline, site: string): string {
  const host = new URL(site).hostname;
  const events = dated(t).flatMap((c) => [
    'BEGIN:VEVENT',
    `UID:${c.part ? '' : `${c.serviceId}-`}${changeKey(c)}@${host}`,
    `DTSTAMP:${compactDate(t.today)}T000000Z`,
    `DTSTART;VALUE=DATE:${compactDate(c.date!)}`,
    `DTEND;VALUE=DATE:${compactDate(nextDay(c.date!))}`,
    `SUMMARY:${icsText(changeTitle(c))}`,
    `DESCRIPTION:${icsText(changeSummary(c))}`,
    `URL:${absolute(site, c.page)}`,
    `CATEGORIES:${icsText(c.status)},${icsText(c.provider)}`,
    'TRANSP:TRANSPARENT',
    'END:VEVENT',
  ]);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Cloud Service Catalogue//Lifecycle//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'X-WR-CALNAME:Cloud service lifecycle changes',
    ...events,
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}

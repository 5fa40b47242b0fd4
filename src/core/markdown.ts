/**
 * An approved list as a markdown document (GitHub-flavoured tables): title,
 * metadata, lifecycle warnings, then a table per provider and category with
 * service name, governance status, free tier and documentation link.
 *
 * Every piece of text is escaped by `inline()` before it is placed: newlines
 * and control characters collapse to spaces (no new block can start), and the
 * characters that open markdown or HTML syntax are backslash-escaped
 * (headings, lists, quotes, emphasis, code spans, links and images, tables,
 * raw HTML, entities, maths, bare URL and e-mail links). Link targets come from the catalogue only (https
 * URLs validated at build) and are percent-encoded where markdown would read
 * them. So a list named `</td><script>…` or `[x](javascript:…)` renders as
 * that literal text.
 *
 * Pure and browser-safe.
 */
import { z } from 'zod';
import type { Catalogue } from './catalogue.ts';
import type { ListDescription } from './list-description.ts';
import { slugify } from './policies/common.ts';
import { kebabId, ServiceLifecycle, type ServiceEntry } from './schemas.ts';
import { resolveApprovedIds, serviceStatuses, type ServiceStatus } from './service-list.ts';
import { reportedBy } from './vendor-hosts.ts';

export interface MarkdownList extends ListDescription {
  approvedServiceIds: readonly string[];
  statuses?: Readonly<Record<string, ServiceStatus>>;
}

export interface MarkdownOptions {
  /** Date of the export, YYYY-MM-DD. Passed in: the core never reads the clock. */
  today: string;
}

/** A listed service as the JSON answer of the export reports it. */
export const MarkdownService = z
  .object({
    id: kebabId,
    slug: kebabId,
    name: z.string(),
    provider: kebabId,
    category: kebabId,
    status: z
      .enum(serviceStatuses)
      .describe('Governance status in the list (enabled unless the interchange document said otherwise)'),
    hasFreeTier: z.boolean(),
    vendorDocs: z.url(),
    lifecycle: ServiceLifecycle.optional(),
  })
  .meta({ id: 'MarkdownService' });
export type MarkdownService = z.infer<typeof MarkdownService>;

export const MarkdownExport = z
  .object({
    filename: z.string().describe('Safe file name: ASCII kebab case of the list name, `.md`'),
    markdown: z.string().describe('The document (GitHub-flavoured markdown)'),
    services: z
      .array(MarkdownService)
      .describe('The listed services, resolved against the catalogue, in document order'),
    unknownServiceIds: z
      .array(z.string())
      .describe('Ids the catalogue does not know, in the order given; the document lists them too'),
  })
  .meta({
    id: 'MarkdownExport',
    description: 'The markdown export with what it lists (answered for Accept: application/json).',
  });
export type MarkdownExport = z.infer<typeof MarkdownExport>;

const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;
/** Characters that can open markdown, GFM or HTML syntax anywhere in a line (`:` and `@`: GFM's bare URL and e-mail links). */
const SPECIAL = /[\\`*_[\]()#+\-!|<>~&=$^{}:@]/g;

/** Text made safe to place inline (in a paragraph, heading or table cell): it renders as itself. */
export function inline(text: string): string {
  return (
    text
      .replace(CONTROL, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .replace(SPECIAL, (c) => `\\${c}`)
      // `www.` opens a GFM bare link too.
      .replace(/(www)\./gi, '$1\\.')
      // `1.` at the start would open an ordered list.
      .replace(/^(\d+)\./, '$1\\.')
  );
}

/** A multi-line text as escaped paragraphs (blank lines separate them). */
function paragraphs(text: string): string[] {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map(inline)
    .filter(Boolean);
}

/** An https URL made safe as a markdown link target (catalogue URLs only). */
function linkTarget(url: string): string | undefined {
  if (!/^https:\/\//i.test(url)) return undefined;
  return url.replace(/[\s()<>|\\`"'[\]]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

function link(label: string, url: string): string {
  const target = linkTarget(url);
  return target ? `[${inline(label)}](${target})` : inline(label);
}

const hostOf = (url: string): string => {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
};

const statusWords: Record<ServiceLifecycle['status'], string> = {
  preview: 'preview',
  deprecated: 'deprecated',
  sunset: 'sunset',
  retired: 'retired',
};

/** A link to a lifecycle announcement, saying whose report it is when it is not the vendor's own page. */
const announcementLink = (provider: string, url: string): string => {
  const reported = reportedBy(provider, url);
  return link(reported ? `Announcement, ${reported}` : 'Announcement', url);
};

function lifecycleWarning(catalogue: Catalogue, s: ServiceEntry, l: NonNullable<ServiceEntry['lifecycle']>): string {
  const parts = [`**${inline(s.name)}** (\`${s.id}\`) is **${statusWords[l.status]}**`];
  if (l.sunsetDate) parts[0] += l.status === 'retired' ? ` since ${l.sunsetDate}` : ` (sunset date ${l.sunsetDate})`;
  if (l.closedToNewCustomers) parts[0] += ` (no new customers from ${l.closedToNewCustomers})`;
  if (l.status === 'preview' && l.gaTarget) parts[0] += ` (general availability expected ${inline(l.gaTarget)})`;
  parts[0] += '.';
  if (l.successorSlug) {
    const successor = catalogue.service(l.successorSlug);
    // A successor that is changing too says so: a reader should not move to a service that is ending as well.
    const next = successor?.lifecycle;
    const caveat = next
      ? `, itself **${statusWords[next.status]}**${next.sunsetDate ? ` (sunset date ${next.sunsetDate})` : ''}`
      : '';
    parts.push(
      `Successor: ${successor ? `${inline(successor.name)} (\`${successor.id}\`)${caveat}` : inline(l.successorSlug)}.`,
    );
  }
  if (l.note) parts.push(inline(l.note));
  if (l.announcementUrl) parts.push(announcementLink(s.provider, l.announcementUrl) + '.');
  return `- ${parts.join(' ')}`;
}

/** A part of a service that is closed to new customers or ending: the service may be active, and is allowed with it. */
function partWarning(s: ServiceEntry, part: ServiceEntry['subServices'][number]): string {
  const l = part.lifecycle!;
  const closed = l.closedToNewCustomers ? ` (no new customers from ${l.closedToNewCustomers})` : '';
  const state =
    l.status === 'sunset'
      ? `is **ending**${l.sunsetDate ? ` (sunset date ${l.sunsetDate})` : ''}${closed}`
      : `is **no longer open to new customers**${closed}`;
  return (
    `- **${inline(part.name)}**, part of ${inline(s.name)} (\`${s.id}\`), ${state}. ${inline(l.note)} ` +
    `${announcementLink(s.provider, l.announcementUrl)}.`
  );
}

/** The markdown document of an approved list, and what it lists. */
export function renderMarkdown(catalogue: Catalogue, list: MarkdownList, options: MarkdownOptions): MarkdownExport {
  const { services, unknownIds } = resolveApprovedIds(catalogue, list.approvedServiceIds);
  // Own keys only: an id such as `toString` names no status.
  const given = (id: string): ServiceStatus | undefined =>
    list.statuses && Object.hasOwn(list.statuses, id) ? list.statuses[id] : undefined;
  const statusOf = (s: ServiceEntry): ServiceStatus => given(s.id) ?? given(s.slug) ?? 'enabled';
  const providerName = (id: string) => catalogue.provider(id)?.name ?? id;
  const out: string[] = [];

  out.push(`# ${inline(list.name) || 'Approved services'}`, '');
  if (list.description) out.push(...paragraphs(list.description).flatMap((p) => [p, '']));

  const providers = catalogue.providers.filter((p) => services.some((s) => s.provider === p.id));
  const meta: [string, string][] = [];
  if (list.organisation) meta.push(['Organisation', inline(list.organisation)]);
  if (list.owner) meta.push(['Owner', inline(list.owner)]);
  meta.push(['Last updated', options.today]);
  meta.push(['Providers', providers.map((p) => inline(p.shortName)).join(', ') || 'none']);
  // A service the list marks disabled is listed (its row says so) but not approved.
  const disabledCount = services.filter((s) => statusOf(s) === 'disabled').length;
  meta.push(['Approved services', String(services.length - disabledCount)]);
  if (disabledCount) meta.push(['Disabled services', String(disabledCount)]);
  meta.push(['Catalogue version', `${inline(catalogue.version)} (built ${catalogue.builtOn})`]);
  out.push('| | |', '|---|---|', ...meta.map(([k, v]) => `| ${k} | ${v} |`), '');

  // Every service that is not active and generally available, previews included, as the list page flags them, then
  // the parts of listed services closed to new customers or ending.
  const warned = services.filter((s) => s.lifecycle);
  const parts = services.flatMap((s) => s.subServices.filter((sub) => sub.lifecycle).map((sub) => partWarning(s, sub)));
  if (warned.length || parts.length) {
    out.push('## Lifecycle warnings', '');
    out.push(...warned.map((s) => lifecycleWarning(catalogue, s, s.lifecycle!)), ...parts, '');
  }

  const listed: ServiceEntry[] = [];
  for (const p of providers) {
    out.push(`## ${inline(providerName(p.id))}`, '');
    for (const c of catalogue.categories) {
      const inCategory = services.filter((s) => s.provider === p.id && s.category === c.id);
      if (!inCategory.length) continue;
      listed.push(...inCategory);
      out.push(`### ${inline(c.name)}`, '');
      out.push('| Service | Status | Free tier | Documentation |', '|---|---|---|---|');
      for (const s of inCategory) {
        // Approved, but the policies leave a retired service out (unless asked): the table says so, not "enabled".
        const status =
          s.lifecycle?.status === 'retired' && statusOf(s) === 'enabled'
            ? 'enabled, left out of policies (retired)'
            : statusOf(s);
        const lifecycle = s.lifecycle
          ? ` — ${statusWords[s.lifecycle.status]}${s.lifecycle.status === 'preview' ? '' : ' ⚠'}`
          : '';
        out.push(
          `| ${inline(s.name)} (\`${s.id}\`)${lifecycle} | ${status} | ${s.hasFreeTier ? 'yes' : 'no'} | ${link(hostOf(s.vendorDocs), s.vendorDocs)} |`,
        );
      }
      out.push('');
    }
  }

  if (unknownIds.length) {
    out.push(
      '## Not in the catalogue',
      '',
      'These ids are in the list but not in this catalogue, so they are not described above:',
      '',
    );
    out.push(...unknownIds.map((id) => `- ${inline(id)}${given(id) ? ` (${given(id)})` : ''}`), '');
  }
  out.push(`Generated by the Cloud Service Catalogue on ${options.today}.`, '');

  return {
    filename: `${slugify(list.name, 60) || 'approved-services'}.md`,
    markdown: out.join('\n'),
    services: listed.map((s) => ({
      id: s.id,
      slug: s.slug,
      name: s.name,
      provider: s.provider,
      category: s.category,
      status: statusOf(s),
      hasFreeTier: s.hasFreeTier,
      vendorDocs: s.vendorDocs,
      ...(s.lifecycle ? { lifecycle: s.lifecycle } : {}),
    })),
    unknownServiceIds: unknownIds,
  };
}

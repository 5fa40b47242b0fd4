/**
 * The cross-cloud map: one row per capability, one cell per cloud, built from
 * the services' `equivalents`. Pure: it is handed the catalogue, it reads
 * nothing.
 *
 * How rows are formed. Equivalence links are not transitive: Amazon S3 is
 * linked to Azure Storage, Azure Storage to Azure Files' peers, and following
 * every link joins object storage, file shares and message queues into one
 * group of 30 services. So a row is not a connected group but a set in which
 * every service is a direct equivalent of every service of the row on the
 * other clouds:
 *
 * 1. the maximal cliques of the equivalence graph (Bron–Kerbosch; a clique
 *    holds at most one service per cloud, since equivalents name other clouds
 *    only);
 * 2. rows that agree on every cloud but one are merged, that cloud's cell
 *    taking the union (Athena + Redshift | Synapse | BigQuery), repeated
 *    until nothing merges. The invariant above still holds after a merge.
 *
 * A service linked to several capabilities appears in each of their rows
 * (Azure Storage in object storage and in file storage), as on the vendors'
 * own comparison pages. A service without equivalents is a row of its own,
 * flagged `singleCloud`. In a cell, the main service comes first: active
 * before preview, deprecated, sunset and retired, then the one with the most
 * equivalents overall, then by name.
 *
 * A row's category is the most common category of its services (ties: the
 * first cloud's main service); its name is the phrase the most of its
 * clouds' main services share (then the most clouds, then services; "object
 * storage"), from their keywords or, for a phrase of several words, their
 * names, else the short name of its main service in that category; no two
 * rows share a name (rowNameCandidates, assignRowNames).
 */
import { z } from 'zod';
import type { Catalogue } from './catalogue.ts';
import { inline } from './markdown.ts';
import { kebabId, lifecycleStatuses, type ServiceEntry } from './schemas.ts';

export const MapService = z
  .object({
    id: kebabId,
    slug: kebabId,
    name: z.string(),
    shortName: z.string(),
    lifecycleStatus: z.enum(lifecycleStatuses).optional().describe('Absent when active and generally available'),
  })
  .meta({ id: 'MapService', description: 'A service in a cell of the cross-cloud map.' });
export type MapService = z.infer<typeof MapService>;

export const MapRow = z
  .object({
    id: z
      .string()
      .describe(
        'Stable within a catalogue version: the main service id, suffixed `--2`, `--3` when it leads several rows',
      ),
    name: z.string().describe('The capability, derived from the keywords its services share'),
    category: kebabId,
    cells: z
      .record(z.string(), z.array(MapService))
      .describe('Per provider id, the services of that cloud, main one first; an empty array when it has none'),
    singleCloud: z.boolean().describe('True when only one cloud offers the capability in this catalogue'),
  })
  .meta({ id: 'MapRow', description: 'One capability: its services on each cloud side by side.' });
export type MapRow = z.infer<typeof MapRow>;

export const CapabilityMap = z
  .object({
    providers: z
      .array(z.object({ id: z.string(), name: z.string(), shortName: z.string() }))
      .describe('The columns, in order'),
    categories: z
      .array(z.object({ id: kebabId, name: z.string(), rowCount: z.number().int() }))
      .describe('Categories with at least one row, in catalogue order'),
    data: z.array(MapRow).describe('Rows grouped by category (catalogue order), cross-cloud rows first, then by name'),
  })
  .meta({ id: 'CapabilityMap', description: 'The cross-cloud map of the catalogue.' });
export type CapabilityMap = z.infer<typeof CapabilityMap>;

const lifecycleRank = (s: ServiceEntry): number =>
  s.lifecycle ? 1 + lifecycleStatuses.indexOf(s.lifecycle.status) : 0;

/** Maximal cliques of an undirected graph given as adjacency sets (Bron–Kerbosch with pivoting), members sorted. */
export function maximalCliques(adjacency: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  const out: string[][] = [];
  const visit = (r: string[], p: Set<string>, x: Set<string>) => {
    if (!p.size && !x.size) {
      out.push([...r].sort());
      return;
    }
    let pivot = '';
    let best = -1;
    for (const u of [...p, ...x]) {
      const n = [...p].filter((v) => adjacency.get(u)?.has(v)).length;
      if (n > best) [pivot, best] = [u, n];
    }
    for (const v of [...p].sort()) {
      if (adjacency.get(pivot)?.has(v)) continue;
      const nv = adjacency.get(v) ?? new Set<string>();
      visit([...r, v], new Set([...p].filter((w) => nv.has(w))), new Set([...x].filter((w) => nv.has(w))));
      p.delete(v);
      x.add(v);
    }
  };
  visit([], new Set([...adjacency.keys()].sort()), new Set());
  return out;
}

/** Cells are provider id → member ids. Merges rows equal on every cloud but one until none merge. */
function mergeRows(rows: Map<string, string[]>[], providers: readonly string[]): Map<string, string[]>[] {
  let current = rows;
  let changed = true;
  while (changed) {
    changed = false;
    for (const p of providers) {
      const others = providers.filter((q) => q !== p);
      const byKey = new Map<string, Map<string, string[]>>();
      const next: Map<string, string[]>[] = [];
      for (const row of current) {
        // Rows with nothing on the other clouds are single services: never merged with each other.
        if (others.every((q) => !row.get(q)!.length)) {
          next.push(row);
          continue;
        }
        const key = others.map((q) => row.get(q)!.join(',')).join('|');
        const seen = byKey.get(key);
        if (!seen) {
          byKey.set(key, row);
          next.push(row);
          continue;
        }
        const union = [...new Set([...seen.get(p)!, ...row.get(p)!])].sort();
        if (union.length !== seen.get(p)!.length) changed = true;
        seen.set(p, union);
      }
      current = next;
    }
  }
  return current;
}

const fold = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();

/** A name's words, folded and single-spaced, to find a phrase in it as whole words. */
const nameWords = (s: string) =>
  fold(s)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** "object storage" → "Object storage"; acronyms stay as written ("IaC"). */
const sentenceCase = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The names a row could take, best first: the keywords at least two of its
 * clouds share (by how many clouds' main services, then clouds, then
 * services, then the longer phrase),
 * then its lead service's short name, then that name with the short names of
 * the row's other main services (or, alone on its cloud, with its cloud's
 * name), which no other row holds in the same way.
 */
function rowNameCandidates(
  members: ServiceEntry[],
  lead: ServiceEntry,
  mains: ServiceEntry[],
  providerName: string,
  leadInOtherRows: boolean,
): string[] {
  const byKeyword = new Map<
    string,
    { word: string; providers: Set<string>; mainProviders: Set<string>; services: number }
  >();
  for (const s of members)
    for (const k of new Set(s.keywords.map((w) => w.trim()).filter(Boolean))) {
      const key = fold(k);
      if (!byKeyword.has(key))
        byKeyword.set(key, { word: k, providers: new Set(), mainProviders: new Set(), services: 0 });
    }
  // A service supports a phrase it carries as a keyword or, for a phrase of several words, says in its name: Azure
  // Virtual Machines needs no "virtual machines" keyword to share that phrase with EC2 and Compute Engine (keywords
  // alone named that row "Spot VMs", which two of the three carry). A single word in a name is too often a part of
  // a brand ("VM Scale Sets") to name a capability.
  const names = new Map(members.map((s) => [s, ` ${nameWords(s.name)} ${nameWords(s.shortName)} `]));
  const main = new Set(mains);
  for (const [key, e] of byKeyword) {
    const phrase = nameWords(key);
    const inNames = phrase.includes(' ');
    for (const s of members)
      if (s.keywords.some((k) => fold(k) === key) || (inNames && names.get(s)!.includes(` ${phrase} `))) {
        e.providers.add(s.provider);
        if (main.has(s)) e.mainProviders.add(s.provider);
        e.services++;
      }
  }
  // What the row's main services share comes first: the row is what they do (CloudWatch, Azure Monitor and Cloud
  // Monitoring share "metrics"; a Prometheus service beside CloudWatch is not the row's capability).
  const shared = [...byKeyword.values()]
    .filter((e) => e.providers.size >= 2)
    .sort(
      (a, b) =>
        b.mainProviders.size - a.mainProviders.size ||
        b.providers.size - a.providers.size ||
        b.services - a.services ||
        b.word.split(/\s+/).length - a.word.split(/\s+/).length ||
        a.word.localeCompare(b.word, 'en'),
    );
  const others = mains.filter((s) => s.id !== lead.id).map((s) => s.shortName);
  return [
    ...shared.map((e) => sentenceCase(e.word)),
    // A service in several rows (Amazon Redshift with Synapse and with Fabric) does not name one of them alone.
    ...(leadInOtherRows && others.length ? [] : [lead.shortName]),
    others.length ? `${lead.shortName} · ${others.join(' · ')}` : `${lead.shortName} (${providerName})`,
  ];
}

/**
 * Gives each row the best name no other row already took, so no two rows of
 * the map read the same (Amazon Bedrock leads one row with Azure OpenAI and
 * another with Document AI). Rows whose best name is the strongest (shared by
 * more clouds and services, then whose services have more equivalents)
 * choose first; a row with every name taken keeps its last, most specific one.
 */
function assignRowNames(rows: { row: MapRow; candidates: string[]; members: number; links: number }[]): void {
  const clouds = (r: MapRow) => Object.values(r.cells).filter((c) => c.length).length;
  const order = [...rows].sort(
    (a, b) =>
      clouds(b.row) - clouds(a.row) ||
      b.members - a.members ||
      b.links - a.links ||
      a.row.id.localeCompare(b.row.id, 'en'),
  );
  const taken = new Set<string>();
  for (const { row, candidates } of order) {
    row.name = candidates.find((n) => !taken.has(fold(n))) ?? candidates[candidates.length - 1]!;
    taken.add(fold(row.name));
  }
}

export function buildCapabilityMap(catalogue: Catalogue): CapabilityMap {
  const providers = catalogue.providers.map((p) => p.id);
  const byId = new Map(catalogue.services.map((s) => [s.id, s]));
  const adjacency = new Map<string, Set<string>>();
  for (const s of catalogue.services)
    adjacency.set(s.id, new Set(catalogue.equivalentIds(s).filter((id) => byId.has(id))));
  // Equivalents go both ways in valid content; make them so here too, so one-sided data cannot split a row.
  for (const [id, peers] of adjacency) for (const p of peers) adjacency.get(p)!.add(id);

  const raw = maximalCliques(adjacency).map(
    (ids) => new Map(providers.map((p) => [p, ids.filter((id) => byId.get(id)!.provider === p)])),
  );
  const merged = mergeRows(raw, providers);

  const mainFirst = (a: ServiceEntry, b: ServiceEntry) =>
    lifecycleRank(a) - lifecycleRank(b) ||
    adjacency.get(b.id)!.size - adjacency.get(a.id)!.size ||
    a.name.localeCompare(b.name, 'en');
  const toMapService = (s: ServiceEntry): MapService => ({
    id: s.id,
    slug: s.slug,
    name: s.name,
    shortName: s.shortName,
    ...(s.lifecycle ? { lifecycleStatus: s.lifecycle.status } : {}),
  });
  const categoryOrder = new Map(catalogue.categories.map((c, i) => [c.id, i]));
  const providerNames = new Map(catalogue.providers.map((p) => [p.id, p.shortName]));

  const named = merged.map((cells) => {
    const sorted = new Map(
      providers.map((p) => [
        p,
        cells
          .get(p)!
          .map((id) => byId.get(id)!)
          .sort(mainFirst),
      ]),
    );
    const members = providers.flatMap((p) => sorted.get(p)!);
    const mains = providers.map((p) => sorted.get(p)![0]).filter((s): s is ServiceEntry => s !== undefined);
    const counts = new Map<string, number>();
    for (const s of members) counts.set(s.category, (counts.get(s.category) ?? 0) + 1);
    const top = Math.max(...counts.values());
    const category =
      mains.find((s) => counts.get(s.category) === top)?.category ??
      members.find((s) => counts.get(s.category) === top)!.category;
    const lead = mains.find((s) => s.category === category) ?? members.find((s) => s.category === category)!;
    const row: MapRow = {
      id: lead.id,
      name: '',
      category,
      cells: Object.fromEntries(providers.map((p) => [p, sorted.get(p)!.map(toMapService)])),
      singleCloud: providers.filter((p) => sorted.get(p)!.length).length === 1,
    };
    return {
      row,
      candidates: rowNameCandidates(
        members,
        lead,
        mains,
        providerNames.get(lead.provider) ?? lead.provider,
        merged.filter((m) => m.get(lead.provider)!.includes(lead.id)).length > 1,
      ),
      members: members.length,
      links: members.reduce((n, s) => n + adjacency.get(s.id)!.size, 0),
    };
  });
  assignRowNames(named);
  const rows = named.map((n) => n.row);
  rows.sort(
    (a, b) =>
      (categoryOrder.get(a.category) ?? 1e9) - (categoryOrder.get(b.category) ?? 1e9) ||
      Number(a.singleCloud) - Number(b.singleCloud) ||
      a.name.localeCompare(b.name, 'en') ||
      a.id.localeCompare(b.id, 'en'),
  );
  // A service can lead two rows: the later one (in display order) gets a suffix.
  const seen = new Map<string, number>();
  for (const r of rows) {
    const n = (seen.get(r.id) ?? 0) + 1;
    seen.set(r.id, n);
    if (n > 1) r.id = `${r.id}--${n}`;
  }
  return {
    providers: catalogue.providers.map((p) => ({ id: p.id, name: p.name, shortName: p.shortName })),
    categories: catalogue.categories
      .map((c) => ({ id: c.id, name: c.name, rowCount: rows.filter((r) => r.category === c.id).length }))
      .filter((c) => c.rowCount > 0),
    data: rows,
  };
}

/** Services of a row that are not retired, in column order (what "add this row" and "compare this row" act on). */
export const rowServiceIds = (row: MapRow, options: { includeRetired?: boolean } = {}): string[] =>
  Object.values(row.cells)
    .flat()
    .filter((s) => options.includeRetired || s.lifecycleStatus !== 'retired')
    .map((s) => s.id);

/** One CSV field per RFC 4180: quoted when it holds a comma, quote, CR or LF; quotes doubled. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * A spreadsheet opens a field that starts with = + - @ (or a tab / CR) as a
 * formula; the catalogue's names never do, but a guard costs nothing: such a
 * field is prefixed with an apostrophe (the OWASP CSV-injection advice).
 */
const neutralise = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

const cellText = (services: readonly MapService[]) =>
  services.map((s) => (s.lifecycleStatus ? `${s.name} (${s.lifecycleStatus})` : s.name)).join('; ');

/** The map as CSV (RFC 4180: CRLF line ends, header row): category, capability, then names and ids per cloud. */
export function mapToCsv(map: CapabilityMap): string {
  const categoryName = new Map(map.categories.map((c) => [c.id, c.name]));
  const header = [
    'Category',
    'Capability',
    ...map.providers.map((p) => p.shortName),
    ...map.providers.map((p) => `${p.shortName} ids`),
  ];
  const lines = [
    header,
    ...map.data.map((r) => [
      categoryName.get(r.category) ?? r.category,
      r.name,
      ...map.providers.map((p) => cellText(r.cells[p.id] ?? [])),
      ...map.providers.map((p) => (r.cells[p.id] ?? []).map((s) => s.id).join(' ')),
    ]),
  ];
  return lines.map((fields) => fields.map((f) => csvField(neutralise(f))).join(',')).join('\r\n') + '\r\n';
}

/** The map as a markdown document: a heading and a table per category; every text goes through the markdown escaping. */
export function mapToMarkdown(map: CapabilityMap, options: { date: string; baseUrl?: string }): string {
  const out = [
    '# Cross-cloud service map',
    '',
    inline(
      `${map.data.length} capabilities across ${map.providers.map((p) => p.name).join(', ')}. Generated ${options.date}.`,
    ),
    '',
  ];
  const cell = (services: readonly MapService[]) =>
    services.length
      ? services
          .map((s) => `${inline(s.name)}${s.lifecycleStatus ? ` *(${inline(s.lifecycleStatus)})*` : ''}`)
          .join(', ')
      : '—';
  for (const c of map.categories) {
    out.push(`## ${inline(c.name)}`, '');
    out.push(`| Capability | ${map.providers.map((p) => inline(p.shortName)).join(' | ')} |`);
    out.push(`|---|${map.providers.map(() => '---').join('|')}|`);
    for (const r of map.data.filter((x) => x.category === c.id))
      out.push(`| ${inline(r.name)} | ${map.providers.map((p) => cell(r.cells[p.id] ?? [])).join(' | ')} |`);
    out.push('');
  }
  return out.join('\n');
}

/**
 * The catalogue model: providers, categories and services held in memory with
 * the lookups every feature needs. Pure: it is handed data, it reads nothing.
 */
import type { Synonym } from './search.ts';
import type {
  Category,
  Provider,
  ResolvedServiceDependency,
  Service,
  ServiceDependency,
  ServiceDetail,
  ServiceEntry,
  ServiceLifecycle,
  ServiceRef,
} from './schemas.ts';

export interface CatalogueData {
  /** Catalogue build version: content hash, stable for identical content. */
  version: string;
  /** Build date (YYYY-MM-DD). */
  builtOn: string;
  providers: Provider[];
  categories: Category[];
  services: ServiceEntry[];
}

/** /catalogue.json of a build: the catalogue data, the build's interchange schema address and the search synonyms. */
export interface BuiltCatalogueData extends CatalogueData {
  serviceListSchemaUrl: string;
  /** Reviewed search synonyms (content/synonyms.json), so every search box ranks alike. */
  synonyms: Synonym[];
}

export interface Catalogue extends CatalogueData {
  provider(id: string): Provider | undefined;
  category(id: string): Category | undefined;
  /** A service by id or slug. */
  service(idOrSlug: string): ServiceEntry | undefined;
  toService(entry: ServiceEntry): Service;
  toDetail(entry: ServiceEntry): ServiceDetail;
  toRef(entry: ServiceEntry): ServiceRef;
  /** Equivalent ids of a service, flattened, in declaration order. */
  equivalentIds(entry: ServiceEntry): string[];
}

/** Where a service's icon lives in the built site. */
export const serviceIconPath = (id: string): string => `/icons/services/${id}.svg`;

/**
 * A service's lifecycle as the API publishes it: the contract's fields only (the day a service closed to new customers
 * reaches clients through the lifecycle timeline's changes).
 */
function apiLifecycle(l: NonNullable<ServiceEntry['lifecycle']>): ServiceLifecycle {
  const { closedToNewCustomers: _closed, ...published } = l;
  return published;
}

export function createCatalogue(data: CatalogueData): Catalogue {
  const providers = new Map(data.providers.map((p) => [p.id, p]));
  const categories = new Map(data.categories.map((c) => [c.id, c]));
  const services = new Map<string, ServiceEntry>();
  for (const s of data.services) {
    services.set(s.id, s);
    if (s.slug !== s.id) services.set(s.slug, s);
  }

  const equivalentIds = (s: ServiceEntry): string[] =>
    Object.values(s.equivalents).flatMap((v) => (typeof v === 'string' ? [v] : v));

  const toRef = (s: ServiceEntry): ServiceRef => ({
    id: s.id,
    slug: s.slug,
    name: s.name,
    provider: s.provider,
    ...(s.lifecycle ? { lifecycleStatus: s.lifecycle.status } : {}),
  });

  const toService = (s: ServiceEntry): Service => ({
    id: s.id,
    slug: s.slug,
    name: s.name,
    shortName: s.shortName,
    provider: s.provider,
    category: s.category,
    description: s.description,
    vendorDocs: s.vendorDocs,
    serviceIcon: serviceIconPath(s.id),
    hasFreeTier: s.hasFreeTier,
    subServices: s.subServices.map(({ id, name, description }) => ({ id, name, description })),
    equivalents: s.equivalents,
    ...(s.lifecycle ? { lifecycle: apiLifecycle(s.lifecycle) } : {}),
  });

  // Content checks guarantee every named service exists; a dangling one (never
  // in a valid build) is dropped rather than shown as a broken reference.
  const resolveDependencies = (deps: ServiceDependency[]): ResolvedServiceDependency[] =>
    deps.flatMap((d): ResolvedServiceDependency[] => {
      if (d.service === undefined)
        return d.identifiers ? [{ identifiers: d.identifiers, reason: d.reason, source: d.source }] : [];
      const needed = services.get(d.service);
      return needed ? [{ service: toRef(needed), reason: d.reason, source: d.source }] : [];
    });

  const toDetail = (s: ServiceEntry): ServiceDetail => {
    const successor = s.lifecycle?.successorSlug ? services.get(s.lifecycle.successorSlug) : undefined;
    return {
      ...toService(s),
      formerNames: s.formerNames,
      lastReviewed: s.lastReviewed,
      keywords: s.keywords,
      identifiers: s.identifiers,
      // The published detail's sub-services have no lifecycle: a part's changes are on the lifecycle timeline.
      subServices: s.subServices.map(({ lifecycle: _lifecycle, ...sub }) => sub),
      providerName: providers.get(s.provider)?.name ?? s.provider,
      categoryName: categories.get(s.category)?.name ?? s.category,
      equivalentServices: equivalentIds(s)
        .map((id) => services.get(id))
        .filter((x): x is ServiceEntry => x !== undefined)
        .map(toRef),
      ...(successor ? { successor: toRef(successor) } : {}),
      requires: resolveDependencies(s.requires),
      recommends: resolveDependencies(s.recommends),
    };
  };

  return {
    ...data,
    provider: (id) => providers.get(id),
    category: (id) => categories.get(id),
    service: (idOrSlug) => services.get(idOrSlug),
    toService,
    toDetail,
    toRef,
    equivalentIds,
  };
}

export interface ContentIssue {
  /** Content file (relative to the project root) or collection entry. */
  file: string;
  /** Dotted path of the offending field. */
  field: string;
  message: string;
}

/**
 * The last day a free-form GA target can still mean, or undefined when it
 * names no date: "2027-03-15" -> itself, "2027-03" -> 2027-03-31,
 * "Q2 2027" or "2027 Q2" -> 2027-06-30, "H1 2027" -> 2027-06-30, "2027" -> 2027-12-31.
 */
export function gaTargetDeadline(target: string): string | undefined {
  const t = target.trim();
  const endOfMonth = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
  let m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  if (m) return t;
  m = /^(\d{4})-(\d{2})$/.exec(t);
  if (m) return endOfMonth(Number(m[1]), Number(m[2]));
  m = /^(?:Q([1-4])\s+(\d{4})|(\d{4})\s+Q([1-4]))$/i.exec(t);
  if (m) return endOfMonth(Number(m[2] ?? m[3]), Number(m[1] ?? m[4]) * 3);
  m = /^(?:H([12])\s+(\d{4})|(\d{4})\s+H([12]))$/i.exec(t);
  if (m) return endOfMonth(Number(m[2] ?? m[3]), Number(m[1] ?? m[4]) * 6);
  m = /^(\d{4})$/.exec(t);
  if (m) return `${m[1]}-12-31`;
  return undefined;
}

/**
 * Lifecycle facts that a date has made stale, as of `today` (YYYY-MM-DD): a
 * sunset date in the past on a service not marked retired, a retirement
 * dated in the future, a preview whose GA target has passed. On the sunset
 * date itself either holds ("will close on 30 September": closed that day,
 * as the policies count it), so the content can be marked retired the day
 * the vendor retires the service.
 */
export function staleLifecycle(s: ServiceEntry, today: string): { field: string; message: string }[] {
  const out: { field: string; message: string }[] = [];
  // A part whose end has passed is gone: the service's entry no longer lists it (or the vendor moved the date).
  s.subServices.forEach((sub, i) => {
    const end = sub.lifecycle?.sunsetDate;
    if (end && end < today)
      out.push({
        field: `subServices.${i}.lifecycle.sunsetDate`,
        message: `${sub.name} ended on ${end} (today is ${today}): remove the part, or move the date if the vendor did`,
      });
  });
  const l = s.lifecycle;
  if (!l) return out;
  if (l.sunsetDate && l.sunsetDate < today && l.status !== 'retired') {
    out.push({
      field: 'lifecycle.status',
      message:
        `sunset date ${l.sunsetDate} has passed (today is ${today}) but the status is "${l.status}": ` +
        'mark it retired, or move the date if the vendor did',
    });
  }
  if (l.sunsetDate && l.sunsetDate > today && l.status === 'retired') {
    out.push({
      field: 'lifecycle.sunsetDate',
      message: `retired, but the sunset date ${l.sunsetDate} has not come yet (today is ${today})`,
    });
  }
  const deadline = l.status === 'preview' && l.gaTarget ? gaTargetDeadline(l.gaTarget) : undefined;
  if (deadline && deadline < today) {
    out.push({
      field: 'lifecycle.gaTarget',
      message: `GA target "${l.gaTarget}" has passed (today is ${today}): review the preview (generally available now, or a new target)`,
    });
  }
  return out;
}

/** How a service stands for the equivalents rule. */
const offered = (s: ServiceEntry) => (s.lifecycle?.status === 'retired' ? 'retired' : 'still offered');

/**
 * Cross-entry checks the per-file zod schemas cannot make: unknown provider or
 * category, dangling or one-way equivalents, dangling successors, duplicate
 * ids and slugs (sub-service ids included, catalogue-wide, since lists and
 * policies address both by id), ids that do not start with their provider,
 * and dependencies (requires/recommends) that name an unknown service, the
 * service itself, a service of another provider (a guardrail is per cloud, so
 * a cross-cloud dependency means nothing to it) or the same service twice;
 * retired services offered as equivalents of services still offered.
 * With `today`, also the freshness rule: lifecycle dates that have passed
 * must have moved the status (see staleLifecycle).
 */
export function findContentIssues(
  data: Pick<CatalogueData, 'providers' | 'categories' | 'services'>,
  fileOf: (s: ServiceEntry) => string,
  options: { today?: string } = {},
): ContentIssue[] {
  const issues: ContentIssue[] = [];
  const providerIds = new Set(data.providers.map((p) => p.id));
  const categoryIds = new Set(data.categories.map((c) => c.id));
  const byId = new Map<string, ServiceEntry>();
  const bySlug = new Map<string, ServiceEntry>();
  for (const s of data.services) {
    const file = fileOf(s);
    const add = (field: string, message: string) => issues.push({ file, field, message });
    if (byId.has(s.id)) add('id', `duplicate id "${s.id}" (also in ${fileOf(byId.get(s.id)!)})`);
    byId.set(s.id, s);
    if (bySlug.has(s.slug)) add('slug', `duplicate slug "${s.slug}" (also in ${fileOf(bySlug.get(s.slug)!)})`);
    bySlug.set(s.slug, s);
    if (!providerIds.has(s.provider)) add('provider', `unknown provider "${s.provider}"`);
    if (!s.id.startsWith(`${s.provider}-`)) add('id', `id "${s.id}" must start with its provider "${s.provider}-"`);
    if (!categoryIds.has(s.category)) add('category', `unknown category "${s.category}"`);
    // The day it stopped taking new customers dates a deprecation, and comes before the end of a service being
    // retired (and stays true once it is retired); a preview has not closed, and nothing closes after its end.
    const l = s.lifecycle;
    if (l?.closedToNewCustomers && l.status === 'preview')
      add(
        'lifecycle.closedToNewCustomers',
        'a preview takes no closing day; a deprecated, sunset or retired service does',
      );
    if (l?.closedToNewCustomers && l.sunsetDate && l.closedToNewCustomers > l.sunsetDate)
      add(
        'lifecycle.closedToNewCustomers',
        `the closing day ${l.closedToNewCustomers} comes after the end, ${l.sunsetDate}`,
      );
  }
  const subOwner = new Map<string, ServiceEntry>();
  for (const s of data.services) {
    s.subServices.forEach((sub, i) => {
      const clash = byId.get(sub.id) ?? subOwner.get(sub.id);
      if (clash)
        issues.push({
          file: fileOf(s),
          field: `subServices.${i}.id`,
          message: `duplicate id "${sub.id}" (also used by ${clash.id} in ${fileOf(clash)})`,
        });
      else subOwner.set(sub.id, s);
    });
  }
  const peersOf = (s: ServiceEntry, provider: string): string[] => {
    const v = s.equivalents[provider];
    return v === undefined ? [] : typeof v === 'string' ? [v] : v;
  };
  for (const s of data.services) {
    const file = fileOf(s);
    for (const [provider, value] of Object.entries(s.equivalents)) {
      if (!providerIds.has(provider))
        issues.push({ file, field: `equivalents.${provider}`, message: `unknown provider "${provider}"` });
      if (provider === s.provider)
        issues.push({ file, field: `equivalents.${provider}`, message: 'equivalents name other providers only' });
      for (const id of typeof value === 'string' ? [value] : value) {
        const peer = byId.get(id);
        if (!peer) issues.push({ file, field: `equivalents.${provider}`, message: `unknown service "${id}"` });
        else if (peer.provider !== provider)
          issues.push({
            file,
            field: `equivalents.${provider}`,
            message: `"${id}" belongs to provider "${peer.provider}", not "${provider}"`,
          });
        else if (!peersOf(peer, s.provider).includes(s.id)) {
          issues.push({
            file,
            field: `equivalents.${provider}`,
            message: `"${id}" does not list "${s.id}" back in its equivalents.${s.provider} (equivalents go both ways)`,
          });
        } else if ((peer.lifecycle?.status === 'retired') !== (s.lifecycle?.status === 'retired')) {
          // A retired service is history: it is reached through its own page and its successor, never offered as a peer of a live one.
          issues.push({
            file,
            field: `equivalents.${provider}`,
            message:
              `"${id}" is ${offered(peer)} and "${s.id}" is ${offered(s)}: ` +
              'retired services are not equivalents of services still offered',
          });
        }
      }
    }
    const named = new Map<string, string>();
    for (const kind of ['requires', 'recommends'] as const) {
      s[kind].forEach((d, i) => {
        if (d.service === undefined) return;
        const field = `${kind}.${i}.service`;
        const needed = byId.get(d.service);
        if (!needed) issues.push({ file, field, message: `unknown service "${d.service}"` });
        else if (needed === s) issues.push({ file, field, message: 'a service cannot depend on itself' });
        else if (needed.provider !== s.provider)
          issues.push({
            file,
            field,
            message: `"${d.service}" belongs to provider "${needed.provider}"; dependencies stay within "${s.provider}"`,
          });
        if (named.has(d.service))
          issues.push({ file, field, message: `"${d.service}" is already named in ${named.get(d.service)}` });
        else named.set(d.service, `${kind}.${i}`);
        for (const part of d.parts ?? [])
          if (needed && !needed.subServices.some((sub) => sub.id === part))
            issues.push({
              file,
              field: `${kind}.${i}.parts`,
              message: `"${part}" is no sub-service of "${d.service}"`,
            });
      });
    }
    const successor = s.lifecycle?.successorSlug;
    if (successor !== undefined) {
      if (!bySlug.has(successor))
        issues.push({ file, field: 'lifecycle.successorSlug', message: `unknown service slug "${successor}"` });
      else if (successor === s.slug)
        issues.push({ file, field: 'lifecycle.successorSlug', message: 'a service cannot succeed itself' });
    }
    if (options.today) for (const stale of staleLifecycle(s, options.today)) issues.push({ file, ...stale });
  }
  return issues;
}

export function formatContentIssues(issues: ContentIssue[]): string {
  return issues.map((i) => `${i.file}: ${i.field}: ${i.message}`).join('\n');
}

/** Approved ids (or slugs) looked up in the catalogue: the services in catalogue order, and the ids it does not know, in the order given. */
export function resolveApprovedIds(
  catalogue: Catalogue,
  approvedIds: readonly string[],
): { services: ServiceEntry[]; unknownIds: string[] } {
  const found = new Set<ServiceEntry>();
  const unknown = new Set<string>();
  for (const id of approvedIds) {
    const s = catalogue.service(id);
    if (s) found.add(s);
    else unknown.add(id);
  }
  return { services: catalogue.services.filter((s) => found.has(s)), unknownIds: [...unknown] };
}

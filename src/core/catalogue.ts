/**
 * The catalogue model: providers, categories and services held in memory with
 * the lookups every feature needs. Pure: it is handed data, it reads nothing.
 */
import type { Synonym } from './search.ts';
import type { Category, Provider, Service, ServiceDetail, ServiceEntry, ServiceRef } from './schemas.ts';

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
    ...(s.lifecycle ? { lifecycle: s.lifecycle } : {}),
  });

  const toDetail = (s: ServiceEntry): ServiceDetail => {
    const successor = s.lifecycle?.successorSlug ? services.get(s.lifecycle.successorSlug) : undefined;
    return {
      ...toService(s),
      keywords: s.keywords,
      identifiers: s.identifiers,
      subServices: s.subServices,
      providerName: providers.get(s.provider)?.name ?? s.provider,
      categoryName: categories.get(s.category)?.name ?? s.category,
      equivalentServices: equivalentIds(s)
        .map((id) => services.get(id))
        .filter((x): x is ServiceEntry => x !== undefined)
        .map(toRef),
      ...(successor ? { successor: toRef(successor) } : {}),
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
 * Cross-entry checks the per-file zod schemas cannot make: unknown provider or
 * category, dangling or one-way equivalents, dangling successors, duplicate
 * ids and slugs (sub-service ids included, catalogue-wide, since lists and
 * policies address both by id), ids that do not start with their provider.
 */
export function findContentIssues(
  data: Pick<CatalogueData, 'providers' | 'categories' | 'services'>,
  fileOf: (s: ServiceEntry) => string,
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
        }
      }
    }
    const successor = s.lifecycle?.successorSlug;
    if (successor !== undefined) {
      if (!bySlug.has(successor))
        issues.push({ file, field: 'lifecycle.successorSlug', message: `unknown service slug "${successor}"` });
      else if (successor === s.slug)
        issues.push({ file, field: 'lifecycle.successorSlug', message: 'a service cannot succeed itself' });
    }
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

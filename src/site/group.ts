/**
 * The approved list as the builder shows it: grouped by provider, then
 * category, with a warning per service that is not active and generally
 * available, one per part of a service closed to new customers or ending,
 * and the ids this catalogue does not know. Pure over the
 * catalogue's plain data (the builder loads it from /catalogue.json).
 */
import { lifecycleWarning, partLifecycleState, type LifecycleLike, type PartLike } from './format.ts';

export interface GroupableService {
  id: string;
  slug: string;
  name: string;
  provider: string;
  category: string;
  hasFreeTier: boolean;
  lifecycle?: LifecycleLike | undefined;
  /** In the catalogue's own data (the API's services carry no part lifecycle). */
  subServices?: readonly PartLike[] | undefined;
}

export interface GroupingData {
  providers: { id: string; name: string }[];
  categories: { id: string; name: string }[];
  services: GroupableService[];
}

export interface ListedService {
  service: GroupableService;
  warning?: string;
}

export interface GroupedList {
  providers: {
    id: string;
    name: string;
    count: number;
    categories: { id: string; name: string; services: ListedService[] }[];
  }[];
  warnings: { id: string; name: string; slug: string; status: string; text: string }[];
  /**
   * Parts of listed services closed to new customers or ending, in the list's order: `id`, `slug` and `service` are
   * the service's, `text` what has happened to the part ("no longer open to new customers").
   */
  partWarnings: { id: string; slug: string; service: string; part: string; status: string; text: string }[];
  unknownIds: string[];
  /** The catalogue ids of the listed services it knows, in list order, once each: what exports and requests send. */
  knownIds: string[];
  total: number;
}

export function groupList(data: GroupingData, ids: readonly string[]): GroupedList {
  const byId = new Map(data.services.map((s) => [s.id, s]));
  const bySlug = new Map(data.services.map((s) => [s.slug, s]));
  const known: GroupableService[] = [];
  const unknownIds: string[] = [];
  for (const id of ids) {
    const s = byId.get(id) ?? bySlug.get(id);
    if (s) known.push(s);
    else unknownIds.push(id);
  }
  const providerOrder = data.providers.map((p) => p.id);
  const categoryOrder = data.categories.map((c) => c.id);
  const warnings: GroupedList['warnings'] = [];
  const partWarnings: GroupedList['partWarnings'] = [];
  const providers: GroupedList['providers'] = [];
  for (const provider of providerOrder) {
    const mine = known.filter((s) => s.provider === provider);
    if (!mine.length) continue;
    const categories = categoryOrder
      .map((cat) => ({
        id: cat,
        name: data.categories.find((c) => c.id === cat)?.name ?? cat,
        services: mine
          .filter((s) => s.category === cat)
          .sort((a, b) => a.name.localeCompare(b.name, 'en'))
          .map((service) => {
            const successor = service.lifecycle?.successorSlug
              ? bySlug.get(service.lifecycle.successorSlug)
              : undefined;
            const warning = lifecycleWarning(
              service.name,
              service.lifecycle,
              successor?.name,
              successor?.lifecycle?.status,
            );
            if (warning)
              warnings.push({
                id: service.id,
                name: service.name,
                slug: service.slug,
                status: service.lifecycle!.status,
                text: warning,
              });
            for (const part of service.subServices ?? []) {
              const text = partLifecycleState(part);
              if (text)
                partWarnings.push({
                  id: service.id,
                  slug: service.slug,
                  service: service.name,
                  part: part.name,
                  status: part.lifecycle!.status,
                  text,
                });
            }
            return warning ? { service, warning } : { service };
          }),
      }))
      .filter((c) => c.services.length);
    providers.push({
      id: provider,
      name: data.providers.find((p) => p.id === provider)?.name ?? provider,
      count: mine.length,
      categories,
    });
  }
  return {
    providers,
    warnings,
    partWarnings,
    unknownIds,
    knownIds: [...new Set(known.map((s) => s.id))],
    total: known.length,
  };
}

/** The heading of the notice naming the parts of a list's services that close or end ("in your list", "in this list"). */
export const partNoticeHeading = (count: number, where: string): string =>
  count === 1
    ? `1 part of a service ${where} is closed to new customers or ending:`
    : `${count} parts of services ${where} are closed to new customers or ending:`;

/** Said under that notice: approving the service approves its parts. */
export const PART_NOTICE_NOTE = 'A policy that allows a service allows these parts of it too.';

/**
 * What pages show about a service, computed at build (or request) time from
 * the catalogue: listing rows with their filter attributes, and the lifecycle
 * words. Keeps .astro files to markup.
 */
import type { Catalogue } from '../core/catalogue.ts';
import type { ServiceEntry } from '../core/schemas.ts';
import { serviceIconPath } from '../core/catalogue.ts';
import { lifecycleWarning, type LifecycleStatus } from './format.ts';

export interface ServiceRow {
  id: string;
  slug: string;
  name: string;
  description: string;
  provider: string;
  providerName: string;
  category: string;
  categoryName: string;
  hasFreeTier: boolean;
  lifecycle: LifecycleStatus;
  warning?: string;
  icon: string;
}

export function serviceRow(catalogue: Catalogue, s: ServiceEntry): ServiceRow {
  const successor = s.lifecycle?.successorSlug ? catalogue.service(s.lifecycle.successorSlug) : undefined;
  const warning = lifecycleWarning(s.name, s.lifecycle, successor?.name, successor?.lifecycle?.status);
  return {
    id: s.id,
    slug: s.slug,
    name: s.name,
    description: s.description,
    provider: s.provider,
    providerName: catalogue.provider(s.provider)?.shortName ?? s.provider,
    category: s.category,
    categoryName: catalogue.category(s.category)?.name ?? s.category,
    hasFreeTier: s.hasFreeTier,
    lifecycle: s.lifecycle?.status ?? 'active',
    ...(warning ? { warning } : {}),
    icon: serviceIconPath(s.id),
  };
}

export const rowsOf = (catalogue: Catalogue, services: readonly ServiceEntry[]): ServiceRow[] =>
  [...services].sort((a, b) => a.name.localeCompare(b.name, 'en')).map((s) => serviceRow(catalogue, s));

/** Counts per facet value, for filter labels. */
export function facetCounts(
  rows: readonly ServiceRow[],
  key: 'provider' | 'category' | 'lifecycle',
): Map<string, number> {
  const m = new Map<string, number>();
  for (const r of rows) m.set(r[key], (m.get(r[key]) ?? 0) + 1);
  return m;
}

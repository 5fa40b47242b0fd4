/**
 * GENERATED from schemas/v1/service-list.schema.json by `npm run generate:types`: do not edit.
 * The TypeScript view of the service list interchange format (v1); the JSON
 * Schema is what validates.
 */

/**
 * An approved list of cloud services from the Cloud Service Catalogue or any compatible tool,
 * grouped by provider, then category, then service. This v1 schema never changes incompatibly; an
 * incompatible format would be published under /v2/schemas/.
 */
export interface ServiceListDocument {
  /**
   * The address of this schema (v1).
   */
  $schema: string;
  /**
   * Format version: 1.x or 1.x.y.
   */
  version: string;
  metadata: ServiceListMetadata;
  /**
   * Only providers with at least one approved service; hierarchy provider, category, service.
   */
  providers: ServiceListProvider[];
}
export interface ServiceListMetadata {
  /**
   * Human-readable title.
   */
  name: string;
  /**
   * Free text.
   */
  description?: string;
  /**
   * Owning organisation or unit.
   */
  organisation?: string;
  /**
   * Contact person or team.
   */
  owner?: string;
  /**
   * Date of last regeneration, YYYY-MM-DD.
   */
  lastUpdated: string;
  /**
   * Short names of the providers present.
   */
  providersCovered: string[];
  /**
   * Identifier of a saved shareable list; set when the list was saved and shared.
   */
  catalogListId?: string;
}
export interface ServiceListProvider {
  /**
   * Provider identifier; an open string, not a closed enumeration.
   */
  id: string;
  /**
   * Full provider name.
   */
  name: string;
  /**
   * Display short name.
   */
  shortName: string;
  categories: ServiceListCategory[];
}
export interface ServiceListCategory {
  /**
   * Category identifier.
   */
  id: string;
  name: string;
  services: ServiceListEntry[];
}
export interface ServiceListEntry {
  /**
   * Typically the provider id, a hyphen, then the service name.
   */
  id: string;
  /**
   * URL slug; currently equals id, but the two are independent.
   */
  slug: string;
  /**
   * Full vendor product name.
   */
  name: string;
  /**
   * Common short name.
   */
  shortName: string;
  /**
   * Governance status. Exports default to enabled; the other values are reserved for consumer
   * tooling.
   */
  status: 'enabled' | 'restricted' | 'disabled';
  /**
   * Human-readable category label; repeats the parent category name.
   */
  category: string;
  /**
   * Short description.
   */
  description: string;
  /**
   * Canonical vendor documentation URL.
   */
  vendorDocs: string;
  /**
   * Relative path to the icon asset within the site.
   */
  serviceIcon: string;
  /**
   * True if the vendor offers a free tier.
   */
  hasFreeTier: boolean;
  subServices: ServiceListSubService[];
  equivalents?: ServiceListEquivalents;
}
export interface ServiceListSubService {
  id: string;
  name: string;
  description: string;
}
/**
 * Peer services on other providers. Keys are provider ids; each value is one peer service id, or an
 * array of unique peer service ids (the array form was added in May 2026).
 */
export interface ServiceListEquivalents {
  [k: string]: string | [string, ...string[]];
}

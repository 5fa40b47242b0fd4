/**
 * Rebuilds the machine-derived reference files in content/reference from
 * files a maintainer downloads (see content/reference/README.md, "Refreshing"):
 *
 * - aws-servicereference-index.json: AWS's programmatic service reference
 *   index. It is the complete public list of IAM service prefixes, so a prefix
 *   missing from it moves to aws-iam-service-prefixes-removed.json.
 * - azure-providers.json: `az provider list` output. What a subscription sees
 *   can lack namespaces, so namespaces missing from it are kept (and reported).
 * - gcp-services.json: `gcloud services list --available` output. Likewise
 *   kept when missing (private and allow-listed APIs are not listed to everyone).
 *
 * Curated fields (names, sources, categories) of rows that stay are kept;
 * new rows get what the download says and nulls for the rest. Each input is
 * optional: reference files without a download stay as they are.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

export const AwsIndex = z.array(z.object({ service: z.string().regex(/^[a-z0-9-]+$/), url: z.url() }).loose()).min(1);
export const AzureProviders = z
  .array(
    z
      .object({
        namespace: z.string().regex(/^[A-Za-z0-9.]+$/),
        resourceTypes: z.array(z.object({ resourceType: z.string().min(1) }).loose()).default([]),
      })
      .loose(),
  )
  .min(1);
export const GcpServices = z
  .array(
    z
      .object({
        config: z
          .object({ name: z.string().regex(/^[a-z0-9.-]+\.googleapis\.com$/), title: z.string().optional() })
          .loose(),
      })
      .loose(),
  )
  .min(1);

export interface AwsRow {
  prefix: string;
  name: string | null;
  otherNames: string[];
  referencePages: string[];
}
export interface AwsRemovedRow {
  prefix: string;
  name: string | null;
  formerReferencePage: string | null;
}
export interface AzureRow {
  namespace: string;
  services: string[];
  category: string | null;
  listedOnResourceProvidersPage: boolean;
  registeredByDefault: boolean | null;
  resourceTypes: string[];
}
export interface GcpRow {
  name: string;
  title: string | null;
  otherTitles: string[];
  serviceConfig: string | null;
  productNames: string[];
  source: string;
}

export interface Change {
  file: string;
  added: string[];
  removed: string[];
  keptMissing: string[];
}

const sortBy = <T>(rows: T[], key: (r: T) => string) =>
  [...rows].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));

export function refreshAws(
  current: AwsRow[],
  removed: AwsRemovedRow[],
  index: z.infer<typeof AwsIndex>,
): { rows: AwsRow[]; removed: AwsRemovedRow[]; change: Change } {
  const byPrefix = new Map(current.map((r) => [r.prefix, r]));
  const live = new Set(index.map((i) => i.service));
  const wasRemoved = new Map(removed.map((r) => [r.prefix, r]));
  // A prefix back in the index keeps what was known of it.
  const fresh = (prefix: string): AwsRow => {
    const old = wasRemoved.get(prefix);
    return {
      prefix,
      name: old?.name ?? null,
      otherNames: [],
      referencePages: old?.formerReferencePage ? [old.formerReferencePage] : [],
    };
  };
  const rows = [...live].map((prefix) => byPrefix.get(prefix) ?? fresh(prefix));
  const gone = current.filter((r) => !live.has(r.prefix));
  const stillRemoved = removed.filter((r) => !live.has(r.prefix));
  const newlyRemoved = gone.map((r) => ({
    prefix: r.prefix,
    name: r.name,
    formerReferencePage: r.referencePages[0] ?? null,
  }));
  return {
    rows: sortBy(rows, (r) => r.prefix),
    removed: sortBy(
      [...stillRemoved.filter((r) => !gone.some((g) => g.prefix === r.prefix)), ...newlyRemoved],
      (r) => r.prefix,
    ),
    change: {
      file: 'aws-iam-service-prefixes.json',
      added: [...live].filter((p) => !byPrefix.has(p)).sort(),
      removed: gone.map((r) => r.prefix).sort(),
      keptMissing: [],
    },
  };
}

export function refreshAzure(
  current: AzureRow[],
  download: z.infer<typeof AzureProviders>,
): { rows: AzureRow[]; change: Change } {
  const byNs = new Map(current.map((r) => [r.namespace.toLowerCase(), r]));
  const seen = new Set<string>();
  const rows: AzureRow[] = [];
  for (const p of download) {
    const key = p.namespace.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    const old = byNs.get(key);
    const resourceTypes = [
      ...new Set(p.resourceTypes.map((t) => `${old?.namespace ?? p.namespace}/${t.resourceType}`)),
    ].sort();
    rows.push(
      old
        ? { ...old, resourceTypes }
        : {
            namespace: p.namespace,
            services: [],
            category: null,
            listedOnResourceProvidersPage: false,
            registeredByDefault: null,
            resourceTypes,
          },
    );
  }
  const keptMissing = current.filter((r) => !seen.has(r.namespace.toLowerCase()));
  return {
    rows: sortBy([...rows, ...keptMissing], (r) => r.namespace.toLowerCase()),
    change: {
      file: 'azure-resource-providers.json',
      added: rows
        .filter((r) => !byNs.has(r.namespace.toLowerCase()))
        .map((r) => r.namespace)
        .sort(),
      removed: [],
      keptMissing: keptMissing.map((r) => r.namespace).sort(),
    },
  };
}

export function refreshGcp(
  current: GcpRow[],
  download: z.infer<typeof GcpServices>,
): { rows: GcpRow[]; change: Change } {
  const byName = new Map(current.map((r) => [r.name, r]));
  const seen = new Set<string>();
  const rows: GcpRow[] = [];
  for (const { config } of download) {
    if (seen.has(config.name)) continue;
    seen.add(config.name);
    const old = byName.get(config.name);
    const title = config.title?.trim() || null;
    if (!old)
      rows.push({ name: config.name, title, otherTitles: [], serviceConfig: null, productNames: [], source: 'gcloud' });
    else if (title && old.title && title !== old.title && !old.otherTitles.includes(title))
      rows.push({ ...old, otherTitles: [...old.otherTitles, title].sort() });
    else rows.push({ ...old, title: old.title ?? title });
  }
  const keptMissing = current.filter((r) => !seen.has(r.name));
  return {
    rows: sortBy([...rows, ...keptMissing], (r) => r.name),
    change: {
      file: 'gcp-services.json',
      added: rows
        .filter((r) => !byName.has(r.name))
        .map((r) => r.name)
        .sort(),
      removed: [],
      keptMissing: keptMissing.map((r) => r.name).sort(),
    },
  };
}

/** The file names a maintainer drops into the download directory. */
export const DOWNLOADS = {
  aws: 'aws-servicereference-index.json',
  azure: 'azure-providers.json',
  gcp: 'gcp-services.json',
} as const;

const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));
const writeJson = (file: string, value: unknown) => writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);

/** Reads the downloads in `downloadDir`, rewrites the matching files in `referenceDir`; returns what changed. Throws naming the file on a malformed download. */
export function refreshReference(downloadDir: string, referenceDir: string): Change[] {
  const parse = <T extends z.ZodType>(name: string, schema: T): z.infer<T> | undefined => {
    const file = join(downloadDir, name);
    if (!existsSync(file)) return undefined;
    const r = schema.safeParse(readJson(file));
    if (!r.success)
      throw new Error(
        `${file} is not in the expected format: ${r.error.issues
          .slice(0, 3)
          .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
          .join('; ')}`,
      );
    return r.data;
  };
  const ref = (name: string) => join(referenceDir, name);
  const changes: Change[] = [];
  const aws = parse(DOWNLOADS.aws, AwsIndex);
  if (aws) {
    const r = refreshAws(
      readJson(ref('aws-iam-service-prefixes.json')) as AwsRow[],
      readJson(ref('aws-iam-service-prefixes-removed.json')) as AwsRemovedRow[],
      aws,
    );
    writeJson(ref('aws-iam-service-prefixes.json'), r.rows);
    writeJson(ref('aws-iam-service-prefixes-removed.json'), r.removed);
    changes.push(r.change);
  }
  const azure = parse(DOWNLOADS.azure, AzureProviders);
  if (azure) {
    const r = refreshAzure(readJson(ref('azure-resource-providers.json')) as AzureRow[], azure);
    writeJson(ref('azure-resource-providers.json'), r.rows);
    changes.push(r.change);
  }
  const gcp = parse(DOWNLOADS.gcp, GcpServices);
  if (gcp) {
    const r = refreshGcp(readJson(ref('gcp-services.json')) as GcpRow[], gcp);
    writeJson(ref('gcp-services.json'), r.rows);
    changes.push(r.change);
  }
  return changes;
}

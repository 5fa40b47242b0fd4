/**
 * Health and status of the running service: the zod schemas of GET
 * /v1/health, /v1/status and /v1/status/history (one source of truth for
 * runtime shapes, types and OpenAPI) and the pure rules that combine
 * component states. No I/O: the server probes, this decides.
 */
import { z } from 'zod';
import { pageOf } from './page.ts';
import { queryInteger } from './schemas.ts';

export const componentStates = ['operational', 'degraded', 'down'] as const;
export const ComponentState = z.enum(componentStates).meta({
  id: 'ComponentState',
  description: 'operational: working; degraded: working with reduced guarantees; down: not working',
});
export type ComponentState = z.infer<typeof ComponentState>;

export const storeKinds = ['embedded', 'mongodb'] as const;
export const rateLimiterKinds = ['memory', 'mongodb'] as const;

export const ApiComponent = z.object({
  status: ComponentState,
  version: z.string().describe('API contract version'),
  startedAt: z.iso.datetime().describe('When this server process started'),
});
export const CatalogueComponent = z.object({
  status: ComponentState,
  version: z.string().describe('Catalogue build version (content hash)'),
  builtOn: z.iso.date().describe('Catalogue build date'),
  serviceCount: z.number().int(),
});
export const StoreComponent = z.object({
  status: ComponentState,
  kind: z.enum(storeKinds).describe('embedded: node:sqlite under DATA_DIR; mongodb: MONGODB_URI'),
  reachable: z.boolean(),
  latencyMs: z.number().nullable().describe('Round trip of a ping, in milliseconds; null when unreachable'),
  writable: z
    .boolean()
    .optional()
    .describe('False while the latest write failed (a full disk, a read-only file): the store is degraded'),
  recentFailures: z
    .number()
    .int()
    .optional()
    .describe(
      'Store operations that failed in the last minute (a damaged page fails its reads): degraded when above 0',
    ),
  error: z.string().optional().describe('Why the store is unreachable or degraded'),
});
export const RateLimiterComponent = z.object({
  status: ComponentState,
  kind: z.enum(rateLimiterKinds).describe('memory: per process (embedded store); mongodb: shared by every instance'),
  limit: z.number().int().describe('Mutation requests allowed per client IP per window'),
  windowSeconds: z.number().int(),
  error: z.string().optional(),
});

export const StatusComponents = z.object({
  api: ApiComponent,
  catalogue: CatalogueComponent,
  store: StoreComponent,
  rateLimiter: RateLimiterComponent,
});
export type StatusComponents = z.infer<typeof StatusComponents>;

export const Status = z
  .object({
    status: ComponentState.describe('Overall: the worst component state'),
    checkedAt: z.iso.datetime(),
    components: StatusComponents,
  })
  .meta({ id: 'Status', description: 'Current status, probed when asked.' });
export type Status = z.infer<typeof Status>;

export const sampleReasons = ['startup', 'interval', 'change'] as const;

/** One entry of the status history: component states at a moment, and why it was recorded. */
export const StatusSample = z
  .object({
    at: z.iso.datetime(),
    reason: z
      .enum(sampleReasons)
      .describe('startup: a server process started; interval: periodic sample; change: a component changed state'),
    status: ComponentState,
    components: z.object({
      api: ComponentState,
      catalogue: ComponentState,
      store: ComponentState,
      rateLimiter: ComponentState,
    }),
    catalogueVersion: z.string(),
    storeLatencyMs: z.number().nullable(),
  })
  .meta({ id: 'StatusSample' });
export type StatusSample = z.infer<typeof StatusSample>;

export const StatusHistoryQuery = z.strictObject({
  page: queryInteger(1, 100_000, 1).describe('1-based page number'),
  pageSize: queryInteger(1, 100, 20).describe('Samples per page (1 to 100)'),
});

export const StatusHistoryPage = pageOf(StatusSample, 'StatusHistoryPage', 'Newest first');
export type StatusHistoryPage = z.infer<typeof StatusHistoryPage>;

export const Health = z
  .object({
    status: z
      .enum(['ok', 'degraded'])
      .describe(
        'ok: everything works; degraded: reads work but the store failed recently (a save would answer 503 with Retry-After)',
      ),
    checks: z.object({
      catalogue: z.object({ loaded: z.literal(true), serviceCount: z.number().int() }),
      store: z.object({
        kind: z.enum(storeKinds),
        reachable: z.literal(true),
        latencyMs: z.number(),
        writable: z.boolean().describe('False while the latest write failed'),
        recentFailures: z.number().int().describe('Store operations that failed in the last minute'),
      }),
    }),
  })
  .meta({
    id: 'Health',
    description: 'Live: the catalogue is loaded and the store answers; `status` says whether it also writes.',
  });
export type Health = z.infer<typeof Health>;

export const Liveness = z
  .object({
    status: z.literal('alive'),
    uptimeSeconds: z.number().int().min(0).describe('Whole seconds since this process started'),
  })
  .meta({
    id: 'Liveness',
    description: 'The process answers requests. Says nothing about the store: readiness is /v1/health.',
  });
export type Liveness = z.infer<typeof Liveness>;

const rank: Record<ComponentState, number> = { operational: 0, degraded: 1, down: 2 };

/** The overall state is the worst component state. */
export function overallState(components: StatusComponents): ComponentState {
  return Object.values(components).reduce<ComponentState>(
    (worst, c) => (rank[c.status] > rank[worst] ? c.status : worst),
    'operational',
  );
}

export function sampleOf(status: Status, reason: StatusSample['reason']): StatusSample {
  const c = status.components;
  return {
    at: status.checkedAt,
    reason,
    status: status.status,
    components: {
      api: c.api.status,
      catalogue: c.catalogue.status,
      store: c.store.status,
      rateLimiter: c.rateLimiter.status,
    },
    catalogueVersion: c.catalogue.version,
    storeLatencyMs: c.store.latencyMs,
  };
}

/** True when a component changed state (or the catalogue changed version) between two samples. */
export function componentsChanged(before: StatusSample | null, after: StatusSample): boolean {
  if (!before) return true;
  return (
    before.catalogueVersion !== after.catalogueVersion ||
    Object.entries(after.components).some(([k, v]) => before.components[k as keyof StatusSample['components']] !== v)
  );
}

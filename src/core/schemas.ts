/**
 * The zod schemas of the catalogue: one source of truth for content validation
 * (content collection), runtime validation (HTTP), TypeScript types and the
 * OpenAPI description. Shapes registered with `.meta({ id })` become named
 * components in /v1/openapi.json.
 */
import { z } from 'zod';

/** Lower-case kebab identifiers: `aws`, `compute`, `aws-ec2`. */
export const kebabId = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower-case kebab-case (a-z, 0-9, single hyphens)')
  .max(100);

/**
 * A whole number given in a query string, written in decimal digits (`2`, `20`). `Number()` would also read
 * `2.0`, `0x2`, `1e2`, ` 2` and an empty value (as 0), none of which a reader of the URL takes for that number:
 * they are refused with the range in the message. The OpenAPI document shows the integer it becomes (the
 * step that reads the digits is a transform, which zod leaves out of an input schema).
 */
export function queryInteger(min: number, max: number, fallback: number) {
  const error = `must be a whole number from ${min} to ${max}, written in digits`;
  return z.preprocess(
    (value) => (typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value),
    // The default inside the step the document shows: outside it, zod leaves it out of the input schema.
    z.number({ error }).int({ error }).min(min, { error }).max(max, { error }).default(fallback),
  );
}

/** A real calendar date written YYYY-MM-DD. */
export const isoDate = z.iso.date();

const httpsUrl = z.url({ protocol: /^https$/, hostname: z.regexes.domain }).describe('https URL');

export const lifecycleStatuses = ['preview', 'deprecated', 'sunset', 'retired'] as const;
/** Lifecycle status as clients see it: absence of the block means `active`. */
export const lifecycleFilterValues = ['active', ...lifecycleStatuses] as const;

/**
 * Present only for services that are not active and generally available, so
 * its absence is the common case and means `active`; what it says comes from
 * the vendor's own announcement.
 */
/** The day the vendor of a deprecated, sunset or retired service stopped (or stops) taking new customers. */
const closedToNewCustomers = isoDate.describe(
  'Day from which the vendor takes no new customers (YYYY-MM-DD): it dates a deprecated service, and a sunset or ' +
    'retired service may have closed before its end',
);

export const ServiceLifecycle = z
  .strictObject({
    status: z.enum(lifecycleStatuses).describe('Lifecycle state; an absent block means active'),
    sunsetDate: isoDate.optional().describe('Date of sunset (YYYY-MM-DD)'),
    gaTarget: z.string().min(1).max(200).optional().describe('General-availability window, for previews'),
    successorSlug: kebabId.optional().describe('Slug of the recommended replacement service'),
    note: z.string().min(1).max(1000).optional().describe('Vendor migration guidance'),
    announcementUrl: httpsUrl
      .optional()
      .describe("URL of the vendor's announcement, or of a third party's report of it where no vendor page was found"),
  })
  .meta({
    id: 'ServiceLifecycle',
    description: 'Lifecycle of a service that is not active and generally available (added in 1.4.0).',
  });
export type ServiceLifecycle = z.infer<typeof ServiceLifecycle>;

/**
 * The lifecycle block as content must write it: a governance team acts on it,
 * so it always cites the announcement (the vendor's page, or where none was found a third party's report of it,
 * kept to a reviewed list by the content tests). (The API shape keeps the
 * field optional, as published.)
 */
export const ContentLifecycle = ServiceLifecycle.extend({
  announcementUrl: httpsUrl.describe(
    "URL of the vendor's announcement, or of a third party's report of it where no vendor page was found (required in content)",
  ),
  // The API's lifecycle object keeps the published contract's fields; this date reaches clients through the
  // lifecycle timeline's changes.
  closedToNewCustomers: closedToNewCustomers.optional(),
});

/**
 * The identifiers policy generation needs, per provider:
 * AWS IAM service prefixes (`s3`), Azure resource-provider namespaces or
 * resource types (`Microsoft.Storage`, `Microsoft.Web/staticSites`), and
 * Google Cloud service names (`storage.googleapis.com`).
 */
export const PolicyIdentifiers = z
  .strictObject({
    iamPrefixes: z
      .array(z.string().regex(/^[a-z0-9-]+$/))
      .min(1)
      .optional()
      .describe('AWS IAM service prefixes'),
    resourceProviders: z
      .array(z.string().regex(/^[A-Za-z0-9.]+(\/[A-Za-z0-9]+)*$/))
      .min(1)
      .optional()
      .describe('Azure resource-provider namespaces, or namespace/resourceType'),
    serviceNames: z
      .array(z.string().regex(/^[a-z0-9.-]+\.googleapis\.com$/))
      .min(1)
      .optional()
      .describe('Google Cloud service API names'),
  })
  .meta({ id: 'PolicyIdentifiers' });
export type PolicyIdentifiers = z.infer<typeof PolicyIdentifiers>;

/** Equivalents: provider id -> one peer service id or a non-empty list of unique peer ids. */
export const Equivalents = z
  .record(
    kebabId,
    z.union([
      kebabId,
      z
        .array(kebabId)
        .min(1)
        .refine((a) => new Set(a).size === a.length, 'items must be unique'),
    ]),
  )
  .meta({ id: 'Equivalents', description: 'Peer services on other providers, keyed by provider id.' });
export type Equivalents = z.infer<typeof Equivalents>;

// ---------------------------------------------------------------- approved lists

/** Well above any catalogue: the three clouds together list under 1,500 services. */
export const MAX_APPROVED_IDS = 2000;

/**
 * What kind of value was sent instead, for error messages: its type, never
 * the value itself (an answer does not repeat what the client sent).
 */
const shown = (value: unknown): string =>
  value === null
    ? 'null'
    : Array.isArray(value)
      ? 'an array'
      : typeof value === 'object'
        ? 'an object'
        : `a ${typeof value}`;

export const ApprovedServiceIds = z
  .array(
    z
      .string({ error: (iss) => `service ids are strings; got ${shown(iss.input)}` })
      .min(1, 'service ids are non-empty strings')
      .max(200, 'service ids are at most 200 characters'),
    {
      error: (iss) =>
        iss.input === undefined
          ? 'approvedServiceIds is required: an array of service id strings'
          : `approvedServiceIds must be an array of service id strings; got ${shown(iss.input)}`,
    },
  )
  .min(1, 'give at least one approved service id')
  .max(MAX_APPROVED_IDS, `at most ${MAX_APPROVED_IDS} service ids are accepted; no catalogue holds more services`)
  .superRefine((ids, ctx) => {
    const first = new Map<string, number>();
    ids.forEach((id, i) => {
      const seen = first.get(id);
      if (seen === undefined) first.set(id, i);
      else
        ctx.addIssue({
          code: 'custom',
          path: [i],
          input: id,
          message: `"${id}" is listed more than once (first at index ${seen})`,
        });
    });
  })
  // The refinement is code, which a JSON Schema cannot carry: the keyword tells the API description's readers the same.
  .meta({ uniqueItems: true })
  .describe(
    'Ids of the approved services (any provider), 1 to 2,000, unique. Ids the catalogue does not ' +
      'know are reported by each endpoint, not rejected as malformed.',
  );

// ---------------------------------------------------------------- content (source files)

export const ProviderEntry = z
  .strictObject({
    id: kebabId,
    name: z.string().min(1).max(100),
    shortName: z.string().min(1).max(30),
    homepage: httpsUrl,
    description: z.string().min(1).max(500),
  })
  .meta({ id: 'Provider' });
export type Provider = z.infer<typeof ProviderEntry>;

export const CategoryEntry = z
  .strictObject({
    id: kebabId,
    name: z.string().min(1).max(100),
    description: z.string().min(1).max(500),
  })
  .meta({ id: 'Category' });
export type Category = z.infer<typeof CategoryEntry>;

export const SubServiceEntry = z.strictObject({
  id: kebabId,
  name: z.string().min(1).max(150),
  description: z.string().min(1).max(300),
  identifiers: PolicyIdentifiers.optional(),
  lifecycle: z
    .strictObject({
      status: z
        .enum(['deprecated', 'sunset'])
        .describe('deprecated: no longer open to new customers; sunset: its end is announced for sunsetDate'),
      sunsetDate: isoDate.optional().describe('The day the part ends (YYYY-MM-DD); required for sunset'),
      closedToNewCustomers: closedToNewCustomers.optional(),
      note: z.string().min(1).max(300).describe('What the vendor says, and what to use instead'),
      announcementUrl: httpsUrl.describe(
        "URL of the vendor's announcement, or of a third party's report of it where no vendor page was found",
      ),
    })
    .refine((l) => l.status !== 'sunset' || l.sunsetDate !== undefined, {
      message: 'a sunset part needs its sunsetDate',
      path: ['sunsetDate'],
    })
    .refine((l) => !l.closedToNewCustomers || !l.sunsetDate || l.closedToNewCustomers <= l.sunsetDate, {
      message: 'the closing day comes after the end',
      path: ['closedToNewCustomers'],
    })
    .optional()
    .describe(
      'Set when the vendor closed this part of an active service to new customers, or announced its end: ' +
        'approving the service still allows it, its policies warn, and a dated end is on the lifecycle timeline',
    ),
});

/**
 * Something a service needs to work (`requires`) or usually works with
 * (`recommends`): another catalogue service, or raw policy identifiers when no
 * catalogue service owns them. The reason and the vendor source travel with
 * the edge so a reviewer can check it.
 */
export const ServiceDependency = z
  .strictObject({
    service: kebabId.optional().describe('Id of the catalogue service needed'),
    parts: z
      .array(kebabId)
      .min(1)
      .optional()
      .describe(
        "Sub-services of `service` needed as well: a service's own identifiers are what it needs to work, its " +
          'sub-services optional parts, unless named here',
      ),
    identifiers: PolicyIdentifiers.optional().describe('Identifiers needed when no catalogue service owns them'),
    reason: z.string().min(1).max(200).describe('Why, in one line'),
    source: httpsUrl.describe('Vendor documentation that states the dependency'),
  })
  .refine(
    (d) => (d.service === undefined) !== (d.identifiers === undefined),
    'give exactly one of service or identifiers',
  )
  .refine((d) => d.parts === undefined || d.service !== undefined, 'parts are sub-services of the service named')
  .meta({ id: 'ServiceDependency' });
export type ServiceDependency = z.infer<typeof ServiceDependency>;

/** One file per service under content/services/<provider>/<id>.json. */
export const ServiceEntry = z.strictObject({
  id: kebabId.describe('<provider>-<name>'),
  slug: kebabId,
  name: z.string().min(1).max(150),
  shortName: z.string().min(1).max(60),
  provider: kebabId,
  category: kebabId,
  description: z.string().min(1).max(300),
  vendorDocs: httpsUrl,
  hasFreeTier: z.boolean(),
  keywords: z.array(z.string().min(1).max(60)).default([]),
  subServices: z.array(SubServiceEntry).default([]),
  equivalents: Equivalents.default({}),
  identifiers: PolicyIdentifiers,
  lifecycle: ContentLifecycle.optional(),
  formerNames: z.array(z.string().min(1).max(150)).default([]).describe('Names the vendor used before, newest first'),
  requires: z.array(ServiceDependency).default([]),
  recommends: z.array(ServiceDependency).default([]),
  lastReviewed: isoDate.describe('Day the entry was last checked against the vendor documentation (YYYY-MM-DD)'),
});
export type ServiceEntry = z.infer<typeof ServiceEntry>;
export type ServiceEntryInput = z.input<typeof ServiceEntry>;

/**
 * content/synonyms.json: the shorthand an engineer types (k8s, vm, pg) and the
 * words or phrases services carry for it. Search treats a service carrying
 * any of them as matching the term, a little below a direct match.
 */
export const SynonymEntry = z.strictObject({
  term: z
    .string()
    .regex(/^[a-z0-9]+$/, 'one lower-case word (letters and digits), as typed')
    .max(40),
  means: z
    .array(
      z
        .string()
        .regex(/^[a-z0-9]+(?: [a-z0-9]+)*$/, 'lower-case words separated by single spaces')
        .max(80),
    )
    .min(1)
    .max(10),
});
export const SynonymList = z.array(SynonymEntry).superRefine((list, ctx) => {
  const first = new Map<string, number>();
  list.forEach((e, i) => {
    const seen = first.get(e.term);
    if (seen !== undefined)
      ctx.addIssue({ code: 'custom', path: [i, 'term'], message: `"${e.term}" is listed twice (first at ${seen})` });
    else first.set(e.term, i);
  });
});
export type SynonymEntry = z.infer<typeof SynonymEntry>;

// ---------------------------------------------------------------- API representations

export const SubService = z
  .strictObject({ id: kebabId, name: z.string(), description: z.string() })
  .meta({ id: 'SubService' });

/** A service as listed by GET /v1/services. */
export const Service = z
  .object({
    id: kebabId,
    slug: kebabId,
    name: z.string(),
    shortName: z.string(),
    provider: kebabId,
    category: kebabId,
    description: z.string(),
    vendorDocs: z.url(),
    serviceIcon: z.string().describe('Path of the icon asset within the site'),
    hasFreeTier: z.boolean(),
    subServices: z.array(SubService),
    equivalents: Equivalents,
    lifecycle: ServiceLifecycle.optional(),
  })
  .meta({
    id: 'Service',
    description: 'A cloud service. `lifecycle` is absent for active, generally available services.',
  });
export type Service = z.infer<typeof Service>;

/**
 * A reference carries the other service's lifecycle status only, not a
 * `lifecycle` block: in a service's responses `lifecycle` always means that
 * service's own lifecycle, never a peer's.
 */
export const ServiceRef = z
  .object({
    id: kebabId,
    slug: kebabId,
    name: z.string(),
    provider: kebabId,
    lifecycleStatus: z
      .enum(lifecycleStatuses)
      .optional()
      .describe("The referenced service's lifecycle status; absent means active"),
  })
  .meta({ id: 'ServiceRef', description: 'A short reference to another service.' });
export type ServiceRef = z.infer<typeof ServiceRef>;

/**
 * A dependency as the API gives it: the needed service resolved to a
 * reference (name, provider, lifecycle status), or the raw identifiers when no
 * catalogue service is named, with the reason and the vendor source.
 */
export const ResolvedServiceDependency = z
  .object({
    service: ServiceRef.optional().describe('The catalogue service needed, resolved'),
    identifiers: PolicyIdentifiers.optional().describe('Identifiers needed when no catalogue service is named'),
    reason: z.string().describe('Why, in one line'),
    source: z.url().describe('Vendor documentation that states the dependency'),
  })
  .meta({ id: 'ResolvedServiceDependency', description: 'Exactly one of `service` or `identifiers` is present.' });
export type ResolvedServiceDependency = z.infer<typeof ResolvedServiceDependency>;

/** A service as returned by GET /v1/services/:slug and /v1/compare. */
export const ServiceDetail = Service.extend({
  formerNames: z.array(z.string()).describe('Names the vendor used before, newest first'),
  lastReviewed: isoDate.describe('Day the entry was last checked against the vendor documentation'),
  keywords: z.array(z.string()),
  identifiers: PolicyIdentifiers,
  subServices: z.array(
    SubService.extend({
      identifiers: SubServiceEntry.shape.identifiers,
    }),
  ),
  providerName: z.string(),
  categoryName: z.string(),
  equivalentServices: z.array(ServiceRef).describe('The equivalents, resolved'),
  successor: ServiceRef.optional().describe('The service named by lifecycle.successorSlug, resolved'),
  requires: z
    .array(ResolvedServiceDependency)
    .describe('What the service needs to work: without these approved too, it is allowed but fails'),
  recommends: z.array(ResolvedServiceDependency).describe('What usually accompanies the service'),
}).meta({ id: 'ServiceDetail' });
export type ServiceDetail = z.infer<typeof ServiceDetail>;

// ---------------------------------------------------------------- errors

/** RFC 9457 problem details. */
export const Problem = z
  .object({
    type: z
      .string()
      .describe(
        'URI reference identifying the problem type (`/problems/<type>`, relative to the service): a page of the site saying what it means and what to do',
      ),
    title: z.string(),
    status: z.number().int(),
    detail: z.string().optional(),
    instance: z.string().optional(),
    errors: z
      .array(
        z.object({
          pointer: z.string().optional(),
          parameter: z.string().optional(),
          value: z.unknown().optional(),
          message: z.string(),
        }),
      )
      .optional()
      .describe('Individual validation failures'),
    // Members of particular problem types (RFC 9457 extension members), declared so that a client generated from the
    // API description has them typed rather than as unknown.
    unknownIds: z.array(z.string()).optional().describe('unknown-services: every id given that no service has'),
    limit: z.number().int().optional().describe("policy-too-large: the size the cloud's quota allows"),
    size: z.number().int().optional().describe('policy-too-large: the size of the document the list makes'),
    excess: z.number().int().optional().describe('policy-too-large: size less limit'),
    unit: z.string().optional().describe('policy-too-large: what limit, size and excess count (characters, …)'),
    hint: z.string().optional().describe('policy-too-large, empty-cloud: the query option that answers otherwise'),
    omitted: z
      .array(z.object({ id: z.string(), reason: z.string() }).catchall(z.unknown()))
      .optional()
      .describe("empty-cloud: the approved services the document leaves out, and why (as an envelope's omitted)"),
    checks: z
      .record(z.string(), z.unknown())
      .optional()
      .describe('unavailable, from /v1/health: the checks, and which one failed'),
  })
  .catchall(z.unknown())
  .meta({ id: 'Problem', description: 'RFC 9457 problem details' });
export type Problem = z.infer<typeof Problem>;

// ---------------------------------------------------------------- lifecycle feed

/** One lifecycle change of one service, as the lifecycle feed lists it. */
export const LifecycleChange = z
  .object({
    // The service's own lifecycle fields, as its lifecycle block states them.
    ...ServiceLifecycle.pick({ status: true, sunsetDate: true, gaTarget: true, note: true }).shape,
    closedToNewCustomers: closedToNewCustomers.optional(),
    date: isoDate
      .optional()
      .describe(
        'The day the change takes or took effect: the sunset date, or the day the service (or part) closes or closed to ' +
          'new customers; one that closes before its end and is not retired has a change for each of the two days. ' +
          'Absent when the vendor gave neither',
      ),
    provider: kebabId,
    providerName: z.string(),
    serviceId: kebabId,
    slug: kebabId,
    name: z.string(),
    successor: ServiceRef.optional().describe('The recommended replacement, resolved'),
    part: z
      .object({ id: kebabId, name: z.string() })
      .optional()
      .describe('The part of the service (a sub-service) the change is about; the service itself is not changing'),
    announcementUrl: z
      .url()
      .describe(
        "The vendor's announcement, or a third party's report of it where no vendor page was found (every lifecycle block in the content gives one)",
      ),
    announcementReportedBy: z
      .string()
      .optional()
      .describe(
        "Set when announcementUrl is a third party's report rather than the vendor's own page: that page's host. " +
          "Check the vendor's notice (in its console or support channels) before acting on the dates",
      ),
    lastReviewed: isoDate.describe('Day the service entry was last checked against the vendor documentation'),
    page: z.string().describe('Path of the service page on this site'),
  })
  .meta({
    id: 'LifecycleChange',
    description:
      'A lifecycle change of one service or part: a preview, a deprecation, a closing to new customers, a sunset or ' +
      'a retirement.',
  });
export type LifecycleChange = z.infer<typeof LifecycleChange>;

export const LifecycleTimeline = z
  .object({
    today: isoDate.describe('The day the feed was built; past and upcoming are relative to it'),
    catalogueVersion: z.string(),
    upcoming: z
      .array(LifecycleChange)
      .describe('Changes still to come, soonest first: dated today or later, but for a service already marked retired'),
    past: z
      .array(LifecycleChange)
      .describe('Changes that have happened, most recent first: dated before today, or today and marked retired'),
    undated: z
      .array(LifecycleChange)
      .describe(
        'Services not active and generally available whose vendor gave no date (previews, deprecations), by provider and name',
      ),
  })
  .meta({
    id: 'LifecycleTimeline',
    description: 'Every lifecycle change in the catalogue, past and upcoming, by date.',
  });
export type LifecycleTimeline = z.infer<typeof LifecycleTimeline>;

export const ListLifecycle = z
  .object({
    listId: z.string(),
    name: z.string(),
    today: isoDate.describe('The day the answer was computed'),
    changes: z
      .array(LifecycleChange)
      .describe(
        "The changes of the list's services that are not active and generally available (a service that closes to " +
          'new customers before its end has one for each day): dated changes soonest first (past dates first), then ' +
          'undated ones',
      ),
    changingWithin12Months: z
      .number()
      .int()
      .describe('How many of the changes are dated from today up to 12 months ahead'),
    unknownServiceIds: z.array(z.string()).describe('Ids in the list the catalogue does not know'),
  })
  .meta({ id: 'ListLifecycle', description: 'Which services of a saved list change, soonest first.' });
export type ListLifecycle = z.infer<typeof ListLifecycle>;

/**
 * The service list interchange format, version 1: build a document
 * from an approved list, validate one against the JSON Schema in
 * schemas/v1/service-list.schema.json (the single source of the format), and
 * read one back against the catalogue.
 *
 * Pure and browser-safe: no I/O, no clock, no Node-only modules. The website,
 * the CLI and the server functions all run this module.
 *
 * The schema address: the file carries a placeholder base
 * (SCHEMA_FILE_BASE_URL); a deployment publishes it under its own base URL
 * with `$id` and the `$schema` constant rewritten (serviceListSchema()).
 * Exports and validation therefore take the deployment's schema address.
 */
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import schemaFile from '../../schemas/v1/service-list.schema.json' with { type: 'json' };
import { resolveApprovedIds, serviceIconPath, type Catalogue } from './catalogue.ts';
import { toJsonPointer, valueAtPointer } from './json-pointer.ts';
import { MAX_REPORTED_ERRORS, shownName, shownPointer } from './shown-name.ts';
import { SCHEMA_FILE_BASE_URL, serviceListSchemaUrl } from './schema-address.ts';
import { listDescription, type ListDescription } from './list-description.ts';
import type { ServiceEntry } from './schemas.ts';
import type {
  ServiceListDocument,
  ServiceListEntry,
  ServiceListEquivalents,
  ServiceListMetadata,
} from './service-list.types.ts';

/** Format version written by exports (any 1.x or 1.x.y is read). */
export const SERVICE_LIST_VERSION = '1.0';

export { SCHEMA_FILE_BASE_URL, SERVICE_LIST_SCHEMA_PATH, serviceListSchemaUrl } from './schema-address.ts';

/** Governance status of a listed service, as the schema enumerates it. */
export type ServiceStatus = ServiceListEntry['status'];
/** The statuses an entry may have, from the least restrictive to the most. */
export const serviceStatuses = ['enabled', 'restricted', 'disabled'] as const satisfies readonly ServiceStatus[];

/** The v1 schema document as published at `schemaUrl`: the file with its address substituted. */
export function serviceListSchema(schemaUrl: string): Record<string, unknown> {
  const fileUrl = serviceListSchemaUrl(SCHEMA_FILE_BASE_URL);
  return JSON.parse(
    JSON.stringify(schemaFile).replaceAll(JSON.stringify(fileUrl), JSON.stringify(schemaUrl)),
  ) as Record<string, unknown>;
}

// ---------------------------------------------------------------- document types
// Generated from the JSON Schema (service-list.types.ts), which is what validates.

export type { ServiceListDocument, ServiceListEntry, ServiceListMetadata } from './service-list.types.ts';

/** What a list says about itself: the metadata an export takes and an import gives back. */
export type ListMetadata = ListDescription & Pick<ServiceListMetadata, 'catalogListId'>;

// ---------------------------------------------------------------- validation

/** One validation failure: a JSON pointer (RFC 6901) into the document and what is wrong, in plain words. */
export interface ValidationError {
  pointer: string;
  message: string;
}

const validators = new Map<string, ValidateFunction>();

/**
 * Gives the validator for `schemaUrl` already compiled (the browser's, built
 * with ajv's standalone code at build time: compiling there needs `new
 * Function`, which the site's Content-Security-Policy forbids).
 */
export function usePrecompiledValidator(schemaUrl: string, validate: ValidateFunction): void {
  validators.set(schemaUrl, validate);
}

function validatorFor(schemaUrl: string): ValidateFunction {
  let validate = validators.get(schemaUrl);
  if (!validate) {
    validate = compileValidator(schemaUrl, true);
    validators.set(schemaUrl, validate);
  }
  return validate;
}

function compileValidator(schemaUrl: string, allErrors: boolean): ValidateFunction {
  const ajv = new Ajv2020({ allErrors, strict: true });
  addFormats(ajv);
  return ajv.compile(serviceListSchema(schemaUrl));
}

/** Validators that stop at the first error, for documents too large to list every error of (server only). */
const firstErrorValidators = new Map<string, ValidateFunction>();
function firstErrorValidatorFor(schemaUrl: string): ValidateFunction | undefined {
  // The browser has only the precompiled validator (it cannot compile), and checks a file its own user chose.
  if (typeof window !== 'undefined') return undefined;
  let validate = firstErrorValidators.get(schemaUrl);
  if (!validate) firstErrorValidators.set(schemaUrl, (validate = compileValidator(schemaUrl, false)));
  return validate;
}

/**
 * A document of more JSON values than this is checked only to its first error: listing every error of one costs time
 * in proportion to its size (ajv's allErrors), which a request must not have unbounded. The largest real document,
 * every service of the catalogue, holds about a quarter of this (11,742 values in 426 KB).
 */
export const MAX_VALUES_FOR_EVERY_ERROR = 50_000;

/** Whether `doc` holds more than `limit` JSON values; stops counting there. */
function holdsMoreValuesThan(doc: unknown, limit: number): boolean {
  let count = 0;
  const stack: unknown[] = [doc];
  while (stack.length) {
    const v = stack.pop();
    if (++count > limit) return true;
    if (v !== null && typeof v === 'object') for (const child of Object.values(v)) stack.push(child);
  }
  return false;
}

const typeWords: Record<string, string> = {
  object: 'an object',
  array: 'an array',
  string: 'a string',
  boolean: 'true or false',
  number: 'a number',
  integer: 'a whole number',
};

function describeError(e: ErrorObject, schemaUrl: string): ValidationError {
  const at = shownPointer(e.instancePath);
  const p = e.params as Record<string, any>;
  switch (e.keyword) {
    case 'required':
      return { pointer: at + toJsonPointer([p.missingProperty]), message: `"${p.missingProperty}" is required` };
    case 'additionalProperties':
      return {
        pointer: at + toJsonPointer([shownName(p.additionalProperty)]),
        message: `unknown field "${shownName(p.additionalProperty)}": the v1 format does not allow it here`,
      };
    case 'type':
      return { pointer: at, message: `must be ${typeWords[p.type] ?? p.type}` };
    case 'const':
      return { pointer: at, message: `must be the v1 schema address ${schemaUrl}` };
    case 'pattern':
      return {
        pointer: at,
        message:
          at === '/version' ? 'must be a v1 version: 1.x or 1.x.y, for example "1.0"' : `must match ${p.pattern}`,
      };
    case 'format':
      return {
        pointer: at,
        message:
          p.format === 'date'
            ? 'must be a real date written YYYY-MM-DD'
            : p.format === 'uri'
              ? 'must be an absolute URI, such as https://...'
              : `must be a valid ${p.format}`,
      };
    case 'enum':
      return { pointer: at, message: `must be one of ${(p.allowedValues as string[]).join(', ')}` };
    case 'minLength':
      return { pointer: at, message: 'must not be empty' };
    case 'minItems':
      return { pointer: at, message: `must have at least ${p.limit} item${p.limit === 1 ? '' : 's'}` };
    case 'uniqueItems':
      return { pointer: at, message: `items must be unique (items ${p.j} and ${p.i} are the same)` };
    case 'oneOf':
      return {
        pointer: at,
        message: 'must be one peer service id (a string) or a non-empty array of unique peer service ids',
      };
    default:
      return { pointer: at, message: e.message ?? `fails ${e.keyword}` };
  }
}

/**
 * Validates a document against the v1 schema published at `schemaUrl`.
 * Errors are JSON pointers with plain-word messages, one per problem: of the
 * two forms an `equivalents` value may take, only the failures of the form
 * the value is trying to be (string or array) are reported.
 */
export function validateServiceList(
  doc: unknown,
  schemaUrl: string,
): { valid: true; document: ServiceListDocument } | { valid: false; errors: ValidationError[] } {
  const firstError = holdsMoreValuesThan(doc, MAX_VALUES_FOR_EVERY_ERROR)
    ? firstErrorValidatorFor(schemaUrl)
    : undefined;
  const validate = firstError ?? validatorFor(schemaUrl);
  if (validate(doc)) return { valid: true, document: doc as ServiceListDocument };
  const errors: ValidationError[] = [];
  const seen = new Set<string>();
  for (const e of validate.errors ?? []) {
    if (errors.length === MAX_REPORTED_ERRORS) break;
    const branch = /\/oneOf\/(\d)\//.exec(e.schemaPath);
    if (branch) {
      // Keep the array branch's errors (minItems, uniqueItems, item types) when the value is an array.
      const isArray = Array.isArray(valueAtPointer(doc, e.instancePath.replace(/\/\d+$/, '')));
      if (!(branch[1] === '1' && isArray)) continue;
    }
    if (e.keyword === 'oneOf' && Array.isArray(valueAtPointer(doc, e.instancePath))) continue;
    const error = describeError(e, schemaUrl);
    const key = `${error.pointer}\n${error.message}`;
    if (!seen.has(key)) errors.push(error);
    seen.add(key);
  }
  return { valid: false, errors };
}

// ---------------------------------------------------------------- export

export interface ExportOptions {
  /** Date of the export, YYYY-MM-DD: `metadata.lastUpdated`. Passed in: the core never reads the clock. */
  today: string;
  /** The deployment's schema address (serviceListSchemaUrl(base)). */
  schemaUrl: string;
  /** Governance status per service id; services not named are `enabled`. */
  statuses?: Readonly<Record<string, ServiceStatus>>;
}

export { resolveApprovedIds };

function entryOf(catalogue: Catalogue, s: ServiceEntry, status: ServiceStatus): ServiceListEntry {
  return {
    id: s.id,
    slug: s.slug,
    name: s.name,
    shortName: s.shortName,
    status,
    category: catalogue.category(s.category)?.name ?? s.category,
    description: s.description,
    vendorDocs: s.vendorDocs,
    serviceIcon: serviceIconPath(s.id),
    hasFreeTier: s.hasFreeTier,
    subServices: s.subServices.map(({ id, name, description }) => ({ id, name, description })),
    // The content schema already refuses an empty array of peers, which the array type cannot show.
    ...(Object.keys(s.equivalents).length ? { equivalents: s.equivalents as ServiceListEquivalents } : {}),
  };
}

/**
 * The interchange document of an approved list. Providers, categories and
 * services follow catalogue order; only providers with at least one approved
 * service appear. Ids the catalogue does not know cannot be described and are
 * left out: callers report them (resolveApprovedIds gives them).
 */
export function exportServiceList(
  catalogue: Catalogue,
  approvedIds: readonly string[],
  metadata: ListMetadata,
  options: ExportOptions,
): ServiceListDocument {
  const { services } = resolveApprovedIds(catalogue, approvedIds);
  const byProvider = new Map<string, Map<string, ServiceEntry[]>>();
  for (const s of services) {
    const categories = byProvider.get(s.provider) ?? new Map<string, ServiceEntry[]>();
    byProvider.set(s.provider, categories);
    categories.set(s.category, [...(categories.get(s.category) ?? []), s]);
  }
  const categoryOrder = new Map(catalogue.categories.map((c, i) => [c.id, i]));
  const providerOrder = new Map(catalogue.providers.map((p, i) => [p.id, i]));
  const statusOf = (s: ServiceEntry): ServiceStatus =>
    options.statuses?.[s.id] ?? options.statuses?.[s.slug] ?? 'enabled';

  const providers = [...byProvider.entries()]
    .sort(([a], [b]) => (providerOrder.get(a) ?? Infinity) - (providerOrder.get(b) ?? Infinity))
    .map(([providerId, categories]) => {
      const p = catalogue.provider(providerId);
      return {
        id: providerId,
        name: p?.name ?? providerId,
        shortName: p?.shortName ?? providerId,
        categories: [...categories.entries()]
          .sort(([a], [b]) => (categoryOrder.get(a) ?? Infinity) - (categoryOrder.get(b) ?? Infinity))
          .map(([categoryId, list]) => ({
            id: categoryId,
            name: catalogue.category(categoryId)?.name ?? categoryId,
            services: list.map((s) => entryOf(catalogue, s, statusOf(s))),
          })),
      };
    });

  return {
    $schema: options.schemaUrl,
    version: SERVICE_LIST_VERSION,
    metadata: {
      ...listDescription(metadata),
      lastUpdated: options.today,
      providersCovered: [...new Set(providers.map((p) => p.shortName))],
      ...(metadata.catalogListId !== undefined ? { catalogListId: metadata.catalogListId } : {}),
    },
    providers,
  };
}

// ---------------------------------------------------------------- import

export interface ImportedServiceList {
  ok: true;
  /** Catalogue ids of the listed services this catalogue knows, in document order, without repeats. */
  approvedServiceIds: string[];
  metadata: ListMetadata;
  lastUpdated: string;
  /**
   * Governance status of the listed services that are not `enabled`, known or not: a service another tool marks
   * `disabled` stays disabled here, so that it never reads as approved once a catalogue knows its id.
   */
  statuses: Record<string, ServiceStatus>;
  /** Service ids of the document this catalogue does not know, in document order. */
  unknownServiceIds: string[];
  /** What this catalogue read differently or does not know, one sentence each. */
  notes: string[];
  /**
   * The entries read otherwise than written, each with its note: one matched by its slug, one listed under another
   * provider, one listed again. The document is valid, but not what its author meant (`csc check` fails them). Each
   * is located by the id it was written with and which entry of that id it is (1: the first).
   */
  misread: { id: string; occurrence: number; note: string }[];
}

/**
 * Reads a document back: validates it (the schema address must be
 * `schemaUrl`), then resolves every service against the catalogue by id, or
 * by slug when the id is not known. Documents from other tools may name
 * providers and services this catalogue does not have: they import, with
 * notes saying what was not recognised.
 */
export function importServiceList(
  catalogue: Catalogue,
  doc: unknown,
  schemaUrl: string,
): ImportedServiceList | { ok: false; errors: ValidationError[] } {
  const checked = validateServiceList(doc, schemaUrl);
  if (!checked.valid) return { ok: false, errors: checked.errors };
  const { metadata: m, providers } = checked.document;
  const approved = new Set<string>();
  const unknown = new Set<string>();
  const statuses: Record<string, ServiceStatus> = {};
  const notes: string[] = [];
  const misread: ImportedServiceList['misread'] = [];
  /** How many entries so far were written with each id: an entry is located by its id and this count. */
  const written = new Map<string, number>();
  let at = { id: '', occurrence: 0 };
  const misreadAs = (note: string) => {
    notes.push(note);
    misread.push({ ...at, note });
  };

  /**
   * The status of a service listed more than once: the most restrictive of its entries, so a policy never allows
   * what one entry disables (the first entry had counted, and `enabled` then `disabled` allowed the service).
   */
  const listedAgain = (id: string, status: ServiceStatus): void => {
    const before = statuses[id] ?? 'enabled';
    const kept = serviceStatuses.indexOf(status) > serviceStatuses.indexOf(before) ? status : before;
    if (kept !== 'enabled') statuses[id] = kept;
    misreadAs(
      before === status
        ? `Service "${id}" is listed more than once; it is counted once.`
        : `Service "${id}" is listed more than once, as ${before} and as ${status}; it is counted once, as ${kept}, ` +
            'the most restrictive.',
    );
  };

  for (const group of providers) {
    if (!catalogue.provider(group.id)) {
      // Its services are still matched by id or slug (an `AWS` group of `aws-s3` is read as Amazon S3): said so.
      const entries = group.categories.flatMap((c) => c.services);
      const matched = entries.filter((e) => catalogue.service(e.id) ?? catalogue.service(e.slug)).length;
      const services = `service${entries.length === 1 ? '' : 's'}`;
      notes.push(
        `Provider "${group.id}" (${group.name}) is not in this catalogue; ` +
          (matched === 0
            ? `its ${entries.length} ${services} could not be matched.`
            : `${matched === entries.length ? 'all' : matched} of its ${entries.length} ${services} matched this ` +
              `catalogue's by id or slug${matched === entries.length ? '' : `, ${entries.length - matched} could not be matched`}.`),
      );
    }
    for (const category of group.categories) {
      for (const entry of category.services) {
        at = { id: entry.id, occurrence: (written.get(entry.id) ?? 0) + 1 };
        written.set(entry.id, at.occurrence);
        const known = catalogue.service(entry.id) ?? catalogue.service(entry.slug);
        if (!known) {
          if (catalogue.provider(group.id))
            notes.push(`Service "${entry.id}" (${entry.name}) is not in this catalogue.`);
          if (unknown.has(entry.id)) listedAgain(entry.id, entry.status);
          else if (entry.status !== 'enabled') statuses[entry.id] = entry.status;
          unknown.add(entry.id);
          continue;
        }
        if (known.id !== entry.id)
          misreadAs(`Service "${entry.id}" was matched by its slug "${entry.slug}" to "${known.id}".`);
        else if (known.provider !== group.id)
          misreadAs(`Service "${entry.id}" is listed under provider "${group.id}" but belongs to "${known.provider}".`);
        if (approved.has(known.id)) {
          listedAgain(known.id, entry.status);
          continue;
        }
        approved.add(known.id);
        if (entry.status !== 'enabled') statuses[known.id] = entry.status;
      }
    }
  }
  const metadata: ListMetadata = {
    ...listDescription(m),
    ...(m.catalogListId !== undefined ? { catalogListId: m.catalogListId } : {}),
  };
  return {
    ok: true,
    approvedServiceIds: [...approved],
    metadata,
    lastUpdated: m.lastUpdated,
    statuses,
    unknownServiceIds: [...unknown],
    notes,
    misread,
  };
}

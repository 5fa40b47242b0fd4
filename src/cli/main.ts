/**
 * `csc`, the command-line tool for teams that keep their approved list in
 * git: validate an interchange file, generate the cloud policies, the
 * markdown document or an interchange file, offline, from the catalogue data
 * the build wrote (dist/client/catalogue.json). It runs the same core as the
 * API, so the same list gives the same documents.
 *
 * Exit codes (the same for every command; README and `csc --help` list them):
 * 0 done, 1 the input is invalid or cannot be turned into the output (and
 * `check` found a problem, `search` found nothing), 2 wrong usage or the
 * catalogue is not built. Ids no service has are treated as each command's
 * API endpoint treats them (markdown lists them and exits 0, like the API's 200).
 */
import { listDescription } from '../core/list-description.ts';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import {
  approvedIdsOf,
  CompactApprovedList,
  isInterchangeDocument,
  parseApprovedList,
  parseCompactBody,
  type ApprovedList,
} from '../core/approved-list.ts';
import { describeJsonError, parseJson } from '../core/json.ts';
import pkg from '../../package.json' with { type: 'json' };
import { createCatalogue, type BuiltCatalogueData, type Catalogue } from '../core/catalogue.ts';
import { renderMarkdown } from '../core/markdown.ts';
import { checkList, checkRules, diffLists, toSarif, type CheckFinding } from '../core/policies/check.ts';
import { createServiceIndex, maxPageSize, serviceQueryOf } from '../core/query.ts';
import type { Synonym } from '../core/search.ts';
import {
  AwsScpQuery,
  awsScpSizeLimits,
  GCP_PARENT_PATTERN,
  dependencyModes,
  emptyCloudModes,
  formatsByTarget,
  generatePolicy,
  GCP_PARENT_FORMATS,
  ApprovedServicesRequest,
  renderPolicy,
  warningsFor,
  type PolicyFormat,
  policyTargets,
  retiredModes,
  type GeneratePolicyOptions,
  type PolicyTarget,
  type AwsScpSizeLimit,
  type OptionWords,
} from '../core/policies/index.ts';
import {
  exportServiceList,
  resolveApprovedIds,
  serviceListSchemaUrl,
  type ValidationError,
} from '../core/service-list.ts';

const packageRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const DEFAULT_CATALOGUE = resolve(packageRoot, 'dist/client/catalogue.json');

class CliError extends Error {
  readonly code: 1 | 2;
  constructor(message: string, code: 1 | 2) {
    super(message);
    this.code = code;
  }
}

const common = `
Common options:
  -o, --output FILE        write the result to FILE instead of standard output
      --catalogue FILE     catalogue data (default: dist/client/catalogue.json of this checkout,
                           written by \`npm run build\`)
      --schema-base URL    base URL of the interchange schema (default: the one the catalogue was
                           built with); use the address of the site your files come from, for
                           example https://catalogue.example.org
  -h, --help               show help`;

const helpTexts: Record<string, string> = {
  main: `csc — Cloud Service Catalogue command line (works offline from the built catalogue)

Usage: csc <command> [options]

Commands:
  validate FILE                 check a service list interchange file against the v1 schema
  policy aws|azure|gcp FILE     write the cloud guardrail policy for an approved list
  check FILE                    CI check: fail on an invalid or misread list, unknown, retired or
                                retiring services, missing dependencies, or a policy over its limit
  diff OLD NEW                  what a list change adds, removes and newly allows per cloud
  markdown FILE                 write the markdown document of an approved list
  export --ids a,b,c            write a service list interchange file
  search WORDS...               search the catalogue, best match first (as the website and API rank)

FILE is an approved list: an interchange document or the compact form the API
endpoint takes: {"approvedServiceIds": ["aws-s3", ...]} for policy (with an
optional "name"), {"name": "...", "approvedServiceIds": [...]} for markdown.
Use "-" for standard input. Run "csc <command> --help" (or "csc help <command>") for a
command's options.

Exit codes:
  0  done
  1  the input is invalid or gives no document (ids no service has, a policy over
     its limit), check found a problem, or search found nothing; markdown lists
     unknown ids in the document, as the API does, and fails only when none is known
  2  wrong usage (unknown command or option, bad option value), or the catalogue is not built

Examples:
  csc export --ids aws-s3,gcp-firestore --name "Platform" -o approved.json
  csc validate approved.json
  csc policy aws approved.json -o scp.json
${common}
  -v, --version            the versions of csc and of the catalogue data it reads`,
  validate: `Usage: csc validate FILE [options]

Checks that FILE is an approved list the commands and the API accept: an
interchange document valid against the service list schema v1, or the compact
form {"name", "approvedServiceIds", ...} (without "name" it is the policy
endpoints' body: policy, check and diff take it, markdown does not). Prints each
problem as a JSON pointer and what is wrong, and exits 1 if there is any. An interchange document that
names services this catalogue does not know is valid (they are reported as
notes; other tools may know them); in the compact form they are an error, as in
the API.

Examples:
  csc validate approved.json
  csc validate --schema-base https://catalogue.example.org their-list.json
  echo '{"name":"Team","approvedServiceIds":["aws-s3"]}' | csc validate -
${common}`,
  policy: `Usage: csc policy aws|azure|gcp FILE [options]

Writes the policy the API's POST /v1/policies/{aws-scp,azure-policy,gcp-org-policy}
generates for the approved list in FILE (that endpoint's body,
{"approvedServiceIds": [...], "name": "..."} with the name optional, or an
interchange document): an AWS service control policy, an
Azure Policy definition or a Google Cloud organisation policy, ready to deploy.
On standard error: services left out (other clouds, retired, not restrictable),
required dependencies the policy denies, other catalogue services it also
allows through a shared identifier, and lifecycle warnings.
Exits 1 for unknown service ids, a policy over the provider's size limit, or a
list with no service of this cloud (unless --empty-cloud deny-all).

Options:
      --format FORMAT          json (default, the raw document) or the file that deploys it:
                               aws: terraform (.tf.json) | cloudformation
                               azure: terraform (.tf.json) | arm (az deployment mg create)
                               gcp: terraform (.tf.json) | gcloud (YAML for set-policy)
      --size-limit 5120|10240  AWS: SCP size quota in characters (default 5120, the quota AWS's
                               quota page states; 10240 where AWS accepts SCPs that large)
      --no-essentials          AWS: do not add the always-allowed IAM prefixes
      --exempt-principal-arns ARNS
                               AWS: IAM role ARNs (or patterns with * and ?), comma-separated,
                               at most 20, that the SCP does not restrict (break-glass, pipelines)
      --display-name TEXT      Azure: the definition's display name
      --parent RESOURCE        Google Cloud: organizations/<number>, folders/<number>,
                               projects/<project id> or projects/<project number>
                               (without it the name keeps a placeholder to replace)
      --dependencies report|include
                               include: add what the approved services require
                               (what each needs to work, not its sub-services)
      --retired exclude|include
                               include: keep retired services (left out by default)
      --empty-cloud refuse|deny-all
                               deny-all: write the deny-everything policy when no
                               service of this cloud is approved

Examples:
  csc policy aws approved.json -o scp.json
  csc policy aws approved.json --format terraform -o scp.tf.json
  csc policy azure approved.json --format arm -o policy.arm.json
  csc policy gcp approved.json --parent organizations/123456789012 --format gcloud -o policy.yaml
${common}`,
  check: `Usage: csc check FILE [options]

Checks the approved list in FILE for what should stop a merge: a file that
cannot be read or is no valid list, an entry read otherwise than written (by
its slug, under another cloud, listed again), a list that approves nothing
(every service marked disabled), ids the catalogue does not know
(in the compact form, disabled ones too), retired services, services retiring
within the threshold, required dependencies that are not approved, and a cloud
whose policy would not fit its limit. Prints one line per finding and exits 1
if there is any, 0 otherwise.

Options:
      --retiring-within DAYS   fail on services retiring within DAYS days (default 180)
      --size-limit 5120|10240  AWS: the SCP size quota the policy is made for, as in
                               csc policy (default 5120)
      --no-essentials          AWS: size the SCP without the always-allowed essentials,
                               as csc policy --no-essentials makes it
      --format text|json|sarif report on standard output (default text)
      --sarif FILE             also write a SARIF 2.1.0 report to FILE (for code annotations)
      --json FILE              also write the JSON report to FILE

Examples:
  csc check approved.json
  csc check approved.json --retiring-within 365 --sarif csc.sarif
${common}`,
  diff: `Usage: csc diff OLD NEW [options]

Compares two versions of an approved list: per cloud, the services added and
removed, and the catalogue services the new policy newly allows or denies
(including those let through by a shared identifier). Exits 0, or 1 when a
list is invalid or names ids no service has (no policy can be made of it).

Options:
      --format text|json       output (default text)

Examples:
  git show main:approved.json > base.json && csc diff base.json approved.json
${common}`,
  markdown: `Usage: csc markdown FILE [options]

Writes the markdown document of the approved list in FILE (the same document as
POST /v1/export/markdown, which takes a named list): metadata, lifecycle warnings
and a table per provider and category. As in the API, service ids the catalogue
does not know are listed in the document (and on standard error) and exit 0; only
a list with no known id exits 1.

Examples:
  csc markdown approved.json -o approved.md
${common}`,
  export: `Usage: csc export --ids a,b,c [options]

Writes a service list interchange document (schema v1) for the given service ids.

Options:
      --ids LIST             comma-separated service ids (required)
      --name TEXT            list name (default "Approved services")
      --description TEXT     description
      --organisation TEXT    owning organisation or unit
      --owner TEXT           contact person or team

Examples:
  csc export --ids aws-s3,gcp-firestore --name "Platform" -o approved.json
  csc export --ids aws-lambda,azure-functions --name "Serverless" --owner "Platform team" > serverless.json
${common}`,
};

helpTexts.search = `Usage: csc search WORDS... [options]

Searches the catalogue with the same engine and ranking as GET /v1/services,
the /search page and the home page: best match first, typos and common
abbreviations (k8s, vm, pg) understood. Prints one service a line:
rank, name, id, provider and lifecycle status. Exits 1 when nothing matches.

Options:
      --provider LIST        only these providers (aws,azure,gcp)
      --category LIST        only these category ids
      --lifecycle LIST       only these statuses (active,preview,deprecated,sunset,retired)
      --sort ORDER           relevance (default), name, id, provider, category; -name for descending
      --limit N              at most N results (1 to 100, default 10)
      --json                 print the results as the API lists them (JSON)
      --explain              add each result's score and what matched

Examples:
  csc search managed kubernetes --limit 5
  csc search object storage --provider aws,gcp --json
  csc search k8s --explain
${common}`;

const help = Object.fromEntries(Object.entries(helpTexts).map(([k, v]) => [k, `${v.trimEnd()}\n`]));

const commonOptions = {
  output: { type: 'string', short: 'o' },
  catalogue: { type: 'string' },
  'schema-base': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies ParseArgsConfig['options'];

interface Io {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Standard output is a terminal: a document without a final newline gets one, so the prompt starts on its own line. */
  stdoutIsTerminal?: boolean;
}

function loadBuiltCatalogue(path: string | undefined): {
  catalogue: Catalogue;
  schemaUrl: string;
  synonyms: Synonym[];
} {
  const file = resolve(path ?? DEFAULT_CATALOGUE);
  if (!existsSync(file)) {
    throw new CliError(
      `No catalogue data at ${file}.\nBuild it first: npm install && npm run build (or pass --catalogue FILE).`,
      2,
    );
  }
  let data: BuiltCatalogueData;
  try {
    data = JSON.parse(readFileSync(file, 'utf8')) as BuiltCatalogueData;
  } catch (e) {
    throw new CliError(`${file} is not valid catalogue data: ${(e as Error).message}`, 2);
  }
  if (!Array.isArray(data.services) || typeof data.serviceListSchemaUrl !== 'string')
    throw new CliError(`${file} is not catalogue data written by this project's build.`, 2);
  return {
    catalogue: createCatalogue(data),
    schemaUrl: data.serviceListSchemaUrl,
    synonyms: Array.isArray(data.synonyms) ? data.synonyms : [],
  };
}

/** Node's file errors in words, without the path it repeats (the message names it once). */
const fileProblems: Record<string, string> = {
  ENOENT: 'no such file',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EISDIR: 'it is a directory',
  ENOTDIR: 'a part of the path is not a directory',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'the disk quota is used up',
  EROFS: 'the file system is read-only',
  EIO: 'the device could not be read or written',
  ENAMETOOLONG: 'the name is too long',
};

const fileProblem = (e: unknown): string => {
  const code = (e as { code?: string }).code ?? '';
  return fileProblems[code] ?? (code || 'unreadable');
};

/**
 * What is wrong with JSON text and where (line and column, from the position
 * V8 names), in words that never quote the input.
 */
function jsonProblem(error: unknown, text: string): string {
  const position = /at position (\d+)/.exec(error instanceof Error ? error.message : '')?.[1];
  if (position === undefined) return describeJsonError(error);
  if (Number(position) >= text.trimEnd().length) return 'it ends before the document is complete';
  const before = text.slice(0, Number(position)).split('\n');
  return `${describeJsonError(error)} at line ${before.length}, column ${before.at(-1)!.length + 1}`;
}

/**
 * JSON text is UTF-8 (RFC 8259), decoded as the API decodes a body: a leading byte-order mark (as Notepad and
 * PowerShell write) is dropped, and bytes that are not UTF-8 are refused rather than read as U+FFFD.
 */
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** A file's text (standard input for `-`), or exit 1 saying why it cannot be read. */
function readText(file: string): string {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file === '-' ? 0 : file);
  } catch (e) {
    throw new CliError(`Cannot read ${file}: ${fileProblem(e)}`, 1);
  }
  try {
    return strictUtf8.decode(bytes);
  } catch {
    throw new CliError(`${file} is not valid UTF-8, which JSON text is: save it as UTF-8 and try again`, 1);
  }
}

function readJson(file: string, text: string = readText(file)): unknown {
  try {
    return parseJson(text);
  } catch (e) {
    throw new CliError(`${file} is not valid JSON: ${jsonProblem(e, text)}`, 1);
  }
}

const formatErrors = (file: string, errors: ValidationError[]): string =>
  errors.map((e) => `${file}: ${e.pointer || '(root)'}: ${e.message}`).join('\n');

function schemaUrlOf(values: { 'schema-base'?: string | undefined }, built: string): string {
  const base = values['schema-base'];
  if (base === undefined) return built;
  if (!/^https?:\/\/[^\s/]+/.test(base))
    throw new CliError(`--schema-base must be an http(s) URL, got ${JSON.stringify(base)}`, 2);
  return serviceListSchemaUrl(base);
}

/** What a $schema error needs added: which address to use, or that --schema-base was the cause. */
function schemaHint(errors: ValidationError[], schemaBaseGiven: boolean): string {
  if (!errors.some((e) => e.pointer === '/$schema')) return '';
  return schemaBaseGiven
    ? '\n(Check --schema-base: it must be the address of the site the file was exported from.)'
    : "\n(If the file comes from another site, pass --schema-base with that site's address.)";
}

/**
 * Which compact bodies a command accepts, as the API endpoint it stands for:
 * `policy` the body of POST /v1/policies/* (ids and an optional name),
 * `list` the compact list of POST /v1/export/markdown and /v1/lists (a name is
 * required), `any` either (check and diff, which only need the ids). An
 * interchange document is accepted by every command.
 */
type Accepts = 'policy' | 'list' | 'any';

/** An approved list as a command reads it: a compact policy body may have no name. */
type ReadList = Omit<ApprovedList, 'name'> & { name?: string };

/** The compact list's fields the policy endpoints' body does not have. */
const listOnlyFields = Object.keys(CompactApprovedList.shape).filter(
  (field) => !Object.hasOwn(ApprovedServicesRequest.shape, field),
);

/**
 * What a list approves, as its policies are made from: every listed service but those it marks disabled.
 * A compact list names catalogue services only, disabled ones too, as `csc validate` and the API require;
 * an interchange document may list, disabled, services another tool knows and this catalogue does not.
 */
function approvedOf(file: string, list: ReadList, catalogue: Catalogue): string[] {
  if (list.source === 'compact') {
    const { unknownIds } = resolveApprovedIds(catalogue, list.approvedServiceIds);
    if (unknownIds.length) throw new CliError(noServiceHas(file, unknownIds), 1);
  }
  return approvedIdsOf(list.approvedServiceIds, list.statuses);
}

function parseList(
  raw: unknown,
  accepts: Accepts,
  schemaUrl: string,
  catalogue: Catalogue,
): { ok: true; list: ReadList } | { ok: false; errors: ValidationError[] } {
  // An interchange document, or the compact list of markdown and saved lists.
  // A compact body with a field only a list has (statuses, organisation, owner, description) is a saved
  // list's body, not a policy endpoint's: read as a list by every command.
  const withListField =
    raw !== null && typeof raw === 'object' && listOnlyFields.some((field) => Object.hasOwn(raw, field));
  const asList =
    isInterchangeDocument(raw) || withListField || accepts !== 'policy'
      ? parseApprovedList(raw, schemaUrl, catalogue)
      : null;
  if (asList && (asList.ok || accepts === 'list' || isInterchangeDocument(raw))) return asList;
  // The policy endpoints' own body schema, so a list one of them accepts is accepted here too.
  const body = parseCompactBody(raw, ApprovedServicesRequest);
  if (!body.ok) return asList ?? body;
  const { name, approvedServiceIds } = body.data;
  return { ok: true, list: { ...(name ? { name } : {}), approvedServiceIds, source: 'compact' } };
}

/** Reads FILE as an approved list (an interchange document, or the compact body `accepts` names); errors exit 1. */
function readList(
  file: string,
  accepts: Accepts,
  schemaUrl: string,
  catalogue: Catalogue,
  schemaBaseGiven: boolean,
  text: string = readText(file),
): ReadList {
  const parsed = parseList(readJson(file, text), accepts, schemaUrl, catalogue);
  if (!parsed.ok)
    throw new CliError(`${formatErrors(file, parsed.errors)}${schemaHint(parsed.errors, schemaBaseGiven)}`, 1);
  return parsed.list;
}

const noServiceHas = (file: string, unknownIds: readonly string[]) =>
  `${file}: no service has ${unknownIds.length === 1 ? 'this id' : 'these ids'}: ${unknownIds.join(', ')}`;

const today = (): string => new Date().toISOString().slice(0, 10);

/**
 * Writes to FILE (and says so on standard error, one line) or to standard
 * output. Files and pipes get the API's bytes exactly; only a terminal gets
 * a final newline the document lacks.
 */
function output(text: string, file: string | undefined, io: Io, what?: string): void {
  if (file) writeTo(file, text, io, what);
  else io.stdout(io.stdoutIsTerminal && !text.endsWith('\n') ? `${text}\n` : text);
}

function writeTo(file: string, text: string, io: Io, what?: string): void {
  try {
    writeFileSync(file, text);
  } catch (e) {
    // Writing, "no such file" means the directory is missing: the file is what would be made.
    const why = (e as { code?: string }).code === 'ENOENT' ? 'its directory does not exist' : fileProblem(e);
    throw new CliError(`Cannot write ${file}: ${why}`, 1);
  }
  const bytes = Buffer.byteLength(text);
  io.stderr(`wrote ${file} (${what ? `${what}, ` : ''}${bytes.toLocaleString('en')} bytes)\n`);
}

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

function oneFile(positionals: string[], command: string): string {
  if (positionals.length !== 1)
    throw new CliError(`csc ${command} takes one FILE (got ${positionals.length}). See csc ${command} --help.`, 2);
  return positionals[0]!;
}

function validateCommand(args: string[], io: Io): number {
  const { values, positionals } = parseArgs({ args, options: commonOptions, allowPositionals: true });
  if (values.help) return (io.stdout(help.validate!), 0);
  const file = oneFile(positionals, 'validate');
  const { catalogue, schemaUrl: built } = loadBuiltCatalogue(values.catalogue);
  const schemaUrl = schemaUrlOf(values, built);
  // The one reader of lists every command and API endpoint uses, so "valid" means they all accept it.
  const parsed = parseList(readJson(file), 'any', schemaUrl, catalogue);
  const errors = parsed.ok ? [] : parsed.errors;
  const unknownIds = parsed.ok ? resolveApprovedIds(catalogue, parsed.list.approvedServiceIds).unknownIds : [];
  if (parsed.ok && parsed.list.source === 'compact')
    parsed.list.approvedServiceIds.forEach((id, i) => {
      if (unknownIds.includes(id))
        errors.push({ pointer: `/approvedServiceIds/${i}`, message: 'no service has this id' });
    });
  if (!parsed.ok || errors.length) {
    const hint = schemaHint(errors, values['schema-base'] !== undefined);
    throw new CliError(
      `${formatErrors(file, errors)}${hint}\n${file}: invalid (${plural(errors.length, 'problem')})`,
      1,
    );
  }
  const { list } = parsed;
  for (const note of list.notes ?? []) io.stderr(`${file}: note: ${note}\n`);
  // Valid, but no policy can be made from it: said here, as csc check fails it.
  if (!approvedIdsOf(list.approvedServiceIds, list.statuses).length)
    io.stderr(`${file}: note: it approves no service (every listed service is marked disabled); csc check fails it\n`);
  const form = list.source === 'compact' ? 'approved list in compact form' : 'service list v1';
  const known = plural(list.approvedServiceIds.length - unknownIds.length, 'known service');
  const unknown = unknownIds.length ? `, ${unknownIds.length} not in this catalogue` : '';
  // A nameless compact list is the policy endpoints' body; markdown and saved lists need a name.
  const name =
    list.name === undefined ? 'no name: policy, check and diff take it, markdown needs one' : `"${list.name}"`;
  output(`${file}: valid ${form} (${name}, ${known}${unknown})\n`, values.output, io);
  return 0;
}

/** The generator's advice names this tool's options (`--retired include`), not the API's query parameters. */
const cliOptionWords: OptionWords = (option, value) =>
  option === 'essentials' ? '--no-essentials' : `--${option.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} ${value}`;

function policyCommand(args: string[], io: Io): number {
  const { values, positionals } = parseArgs({
    args,
    options: {
      ...commonOptions,
      'size-limit': { type: 'string' },
      'no-essentials': { type: 'boolean' },
      'exempt-principal-arns': { type: 'string' },
      'display-name': { type: 'string' },
      parent: { type: 'string' },
      dependencies: { type: 'string' },
      retired: { type: 'string' },
      'empty-cloud': { type: 'string' },
      format: { type: 'string' },
    },
    allowPositionals: true,
  });
  if (values.help) return (io.stdout(help.policy!), 0);
  const [target, file, ...rest] = positionals;
  if (!target || !policyTargets.includes(target as PolicyTarget) || !file || rest.length) {
    throw new CliError(`Usage: csc policy ${policyTargets.join('|')} FILE. See csc policy --help.`, 2);
  }
  // Each cloud's own options, as only that cloud's endpoint takes the parameter: one given for another cloud is a
  // mistake said (before the list is read, and before the option's value is judged), not an option silently ignored.
  for (const [flag, cloud] of Object.entries(optionsOfOneCloud))
    if (values[flag as keyof typeof values] !== undefined && target !== cloud)
      throw new CliError(`--${flag} is for ${policyNames[cloud]} only`, 2);
  const { catalogue, schemaUrl: built } = loadBuiltCatalogue(values.catalogue);
  const list = readList(file, 'policy', schemaUrlOf(values, built), catalogue, values['schema-base'] !== undefined);
  const sizeLimit = sizeLimitOf(values['size-limit']);
  if (values.parent !== undefined && !GCP_PARENT_PATTERN.test(values.parent)) {
    throw new CliError(`--parent must be ${GCP_PARENT_FORMATS}`, 2);
  }
  const choice = <T extends string>(flag: string, value: string | undefined, allowed: readonly T[]): T | undefined => {
    if (value !== undefined && !allowed.includes(value as T))
      throw new CliError(`--${flag} must be ${allowed.join(' or ')}`, 2);
    return value as T | undefined;
  };
  const exempt = AwsScpQuery.shape.exemptPrincipalArns.safeParse(values['exempt-principal-arns']);
  if (!exempt.success)
    throw new CliError(`--exempt-principal-arns: ${exempt.error.issues[0]?.message ?? 'invalid'}`, 2);
  const dependencies = choice('dependencies', values.dependencies, dependencyModes);
  const retired = choice('retired', values.retired, retiredModes);
  const emptyCloud = choice('empty-cloud', values['empty-cloud'], emptyCloudModes);
  const format = choice('format', values.format, formatsByTarget[target as PolicyTarget]);
  const options: GeneratePolicyOptions = {
    today: today(),
    optionWords: cliOptionWords,
    ...(list.name ? { listName: list.name } : {}),
    ...(sizeLimit ? { awsSizeLimit: sizeLimit } : {}),
    ...(values['no-essentials'] ? { awsEssentials: [] } : {}),
    ...(exempt.data ? { awsExemptPrincipalArns: exempt.data } : {}),
    ...(values['display-name'] ? { displayName: values['display-name'] } : {}),
    ...(values.parent ? { gcpParent: values.parent } : {}),
    ...(dependencies ? { dependencies } : {}),
    ...(retired ? { retired } : {}),
    ...(emptyCloud ? { emptyCloud } : {}),
  };
  // A service the document marks disabled is not approved: no policy allows it (the website's import agrees).
  const approved = approvedOf(file, list, catalogue);
  for (const id of list.approvedServiceIds)
    if (!approved.includes(id)) io.stderr(`not in this policy: ${id} (the list marks it disabled)\n`);
  const result = generatePolicy(target as PolicyTarget, catalogue, approved, options);
  switch (result.kind) {
    case 'unknown-services':
      throw new CliError(noServiceHas(file, result.unknownIds), 1);
    case 'too-large':
      // The advice names the size, the limit and the excess itself; the larger AWS quota is this option here.
      throw new CliError(`${file}: ${result.advice}`, 1);
    case 'empty-cloud':
      for (const o of result.omitted) io.stderr(`not in this policy: ${o.id} (${o.reason}: ${o.detail})\n`);
      throw new CliError(
        `${file}: no approved ${target} service can go into this policy, so it would deny every ${target} service. ` +
          'Approve at least one, or pass --empty-cloud deny-all if that is what you want.',
        1,
      );
    case 'policy':
      for (const o of result.omitted) io.stderr(`not in this policy: ${o.id} (${o.reason}: ${o.detail})\n`);
      for (const d of result.dependencies)
        io.stderr(
          d.status === 'added'
            ? `added: ${d.service ?? d.identifiers?.join(', ')} (${d.serviceId} requires it: ${d.reason})\n`
            : `warning: ${d.serviceId} ${d.kind === 'requires' ? 'needs' : 'works best with'} ` +
                `${d.service ?? d.identifiers?.join(', ')}${d.denied ? ` (its ${d.denied.join(', ')})` : ''}, ` +
                `which this policy denies: ${d.reason} (${d.source})` +
                `${d.kind === 'requires' ? '; --dependencies include adds it' : ''}\n`,
        );
      for (const a of result.alsoAllows) {
        // A service the list leaves out may be closed or retired: let through all the same, so its state is said.
        const status = catalogue.service(a.id)?.lifecycle?.status;
        io.stderr(
          `also allows: ${a.partial ? 'part of ' : ''}${a.id} ` +
            `(${status ? `${status}; ` : ''}through ${a.identifiers.join(', ')}${a.essential ? ', an essential' : ''}` +
            `${a.through.length ? `, shared with ${a.through.join(', ')}` : ''})\n`,
        );
      }
      for (const w of warningsFor(result, format as PolicyFormat | undefined)) io.stderr(`warning: ${w.message}\n`);
      // Byte for byte the API's answer body.
      output(
        format && format !== 'json'
          ? renderPolicy(result, format as PolicyFormat, { parentGiven: values.parent !== undefined }).body
          : JSON.stringify(result.document),
        values.output,
        io,
        `${target} policy${format && format !== 'json' ? `, ${format}` : ''}`,
      );
      return 0;
  }
}

/** The options of `csc policy` that only one cloud's policy takes. */
const optionsOfOneCloud: Record<string, PolicyTarget> = {
  'size-limit': 'aws',
  'no-essentials': 'aws',
  'exempt-principal-arns': 'aws',
  'display-name': 'azure',
  parent: 'gcp',
};
const policyNames: Record<PolicyTarget, string> = {
  aws: 'AWS SCPs',
  azure: 'Azure Policy definitions',
  gcp: 'Google Cloud organisation policies',
};

/** The AWS SCP size quota `--size-limit` asks for, by the API's own rule for `sizeLimit` (exit 2 for another). */
function sizeLimitOf(value: string | undefined): AwsScpSizeLimit | undefined {
  if (value === undefined) return undefined;
  const limit = AwsScpQuery.shape.sizeLimit.safeParse(value);
  if (!limit.success) throw new CliError(`--size-limit must be ${awsScpSizeLimits.join(' or ')}`, 2);
  return limit.data;
}

function checkCommand(args: string[], io: Io): number {
  const { values, positionals } = parseArgs({
    args,
    options: {
      ...commonOptions,
      'retiring-within': { type: 'string' },
      'size-limit': { type: 'string' },
      'no-essentials': { type: 'boolean' },
      format: { type: 'string' },
      sarif: { type: 'string' },
      json: { type: 'string' },
    },
    allowPositionals: true,
  });
  if (values.help) return (io.stdout(help.check!), 0);
  const file = oneFile(positionals, 'check');
  const days = values['retiring-within'] === undefined ? 180 : Number(values['retiring-within']);
  if (!Number.isInteger(days) || days < 0 || days > 3650)
    throw new CliError('--retiring-within must be a whole number of days from 0 to 3650', 2);
  const sizeLimit = sizeLimitOf(values['size-limit']);
  const format = values.format ?? 'text';
  if (!['text', 'json', 'sarif'].includes(format)) throw new CliError('--format must be text, json or sarif', 2);
  const { catalogue, schemaUrl: built } = loadBuiltCatalogue(values.catalogue);
  const schemaUrl = schemaUrlOf(values, built);
  // A list that cannot be read or is invalid is a finding too: the reports are written whatever the input, so a CI
  // step that uploads them never finds none, or one left by an earlier run.
  let text = '';
  let approved: string[] = [];
  let findings: CheckFinding[];
  try {
    text = readText(file);
    const list = readList(file, 'any', schemaUrl, catalogue, values['schema-base'] !== undefined, text);
    approved = approvedIdsOf(list.approvedServiceIds, list.statuses);
    findings = checkList(catalogue, approved, {
      today: today(),
      optionWords: cliOptionWords,
      retiringWithinDays: days,
      ...(sizeLimit ? { awsSizeLimit: sizeLimit } : {}),
      ...(values['no-essentials'] ? { awsEssentials: [] } : {}),
      ...(list.name ? { listName: list.name } : {}),
      // A compact list names catalogue services only, disabled ones too (as csc validate and the API require).
      ...(list.source === 'compact' ? { listedIds: list.approvedServiceIds } : {}),
      ...(list.misread ? { misread: list.misread } : {}),
    });
  } catch (e) {
    if (!(e instanceof CliError) || e.code !== 1) throw e;
    findings = [{ rule: 'invalid-list', message: e.message }];
  }
  const report = { file, ok: findings.length === 0, findings };
  const sarif = toSarif(findings, file, text);
  if (values.sarif) writeTo(values.sarif, `${JSON.stringify(sarif, null, 2)}\n`, io, 'SARIF report');
  if (values.json) writeTo(values.json, `${JSON.stringify(report, null, 2)}\n`, io, 'JSON report');
  const human =
    findings
      .map((f) => (f.rule === 'invalid-list' ? `${f.message}\n` : `${file}: ${f.rule}: ${f.message}\n`))
      .join('') +
    (findings.length
      ? `${file}: ${findings.length} problem${findings.length === 1 ? '' : 's'} ` +
        `(${[...new Set(findings.map((f) => f.rule))].map((r) => checkRules[r]).join('; ')})\n`
      : `${file}: ok (${approved.length} services; none retired or retiring within ${days} days, ` +
        'dependencies approved, every policy within its limits)\n');
  output(
    format === 'json'
      ? `${JSON.stringify(report, null, 2)}\n`
      : format === 'sarif'
        ? `${JSON.stringify(sarif, null, 2)}\n`
        : human,
    values.output,
    io,
  );
  return findings.length ? 1 : 0;
}

function diffCommand(args: string[], io: Io): number {
  const { values, positionals } = parseArgs({
    args,
    options: { ...commonOptions, format: { type: 'string' } },
    allowPositionals: true,
  });
  if (values.help) return (io.stdout(help.diff!), 0);
  if (positionals.length !== 2) throw new CliError('Usage: csc diff OLD NEW. See csc diff --help.', 2);
  if (positionals[0] === '-' && positionals[1] === '-')
    throw new CliError('Only one of OLD and NEW can be standard input (-): it can be read once.', 2);
  const format = values.format ?? 'text';
  if (!['text', 'json'].includes(format)) throw new CliError('--format must be text or json', 2);
  const { catalogue, schemaUrl: built } = loadBuiltCatalogue(values.catalogue);
  const schemaUrl = schemaUrlOf(values, built);
  const [before, after] = positionals.map((f) => {
    const list = readList(f, 'any', schemaUrl, catalogue, values['schema-base'] !== undefined);
    // What each list approves, as `csc policy` reads it.
    const approved = approvedOf(f, list, catalogue);
    // As `csc policy` and the policy endpoints: a policy cannot be generated for ids no service has.
    const { unknownIds } = resolveApprovedIds(catalogue, approved);
    if (unknownIds.length) throw new CliError(noServiceHas(f, unknownIds), 1);
    return approved;
  });
  const diff = diffLists(catalogue, before!, after!, today());
  if (format === 'json') return (output(`${JSON.stringify(diff, null, 2)}\n`, values.output, io), 0);
  const lines: string[] = [];
  // A service allowed that is not active says so, as `csc policy` says it of what it also allows.
  const state = (id: string) => {
    const status = catalogue.service(id)?.lifecycle?.status;
    return status ? ` (${status})` : '';
  };
  for (const d of diff) {
    const parts = [
      ...d.added.map((id) => `  + ${id}${state(id)}`),
      ...d.removed.map((id) => `  - ${id}`),
      ...d.newlyAllows
        .filter((id) => !d.added.includes(id))
        .map((id) => `  newly allowed (shared identifier or dependency): ${id}${state(id)}`),
      ...d.newlyDenies.filter((id) => !d.removed.includes(id)).map((id) => `  newly denied: ${id}`),
    ];
    lines.push(`${d.target}: ${parts.length ? '' : 'no change'}`.trimEnd(), ...parts);
  }
  output(`${lines.join('\n')}\n`, values.output, io);
  return 0;
}

function markdownCommand(args: string[], io: Io): number {
  const { values, positionals } = parseArgs({ args, options: commonOptions, allowPositionals: true });
  if (values.help) return (io.stdout(help.markdown!), 0);
  const file = oneFile(positionals, 'markdown');
  const { catalogue, schemaUrl: built } = loadBuiltCatalogue(values.catalogue);
  // POST /v1/export/markdown's body: a named compact list or an interchange document.
  const list = readList(file, 'list', schemaUrlOf(values, built), catalogue, values['schema-base'] !== undefined);
  const result = renderMarkdown(catalogue, list as ApprovedList, { today: today() });
  if (!result.services.length)
    throw new CliError(
      `${file}: none of the listed service ids is in the catalogue: ${result.unknownServiceIds.join(', ')}`,
      1,
    );
  for (const id of result.unknownServiceIds) io.stderr(`not in the catalogue: ${id}\n`);
  output(result.markdown, values.output, io, `markdown, ${plural(result.services.length, 'service')}`);
  return 0;
}

function exportCommand(args: string[], io: Io): number {
  const { values, positionals } = parseArgs({
    args,
    options: {
      ...commonOptions,
      ids: { type: 'string' },
      name: { type: 'string' },
      description: { type: 'string' },
      organisation: { type: 'string' },
      owner: { type: 'string' },
    },
    allowPositionals: true,
  });
  if (values.help) return (io.stdout(help.export!), 0);
  if (positionals.length)
    throw new CliError(`csc export takes no FILE; give the services with --ids. See csc export --help.`, 2);
  const ids = [
    ...new Set(
      (values.ids ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  if (!ids.length)
    throw new CliError('csc export needs --ids a,b,c (service ids, comma-separated). See csc export --help.', 2);
  const { catalogue, schemaUrl: built } = loadBuiltCatalogue(values.catalogue);
  const { unknownIds } = resolveApprovedIds(catalogue, ids);
  if (unknownIds.length)
    throw new CliError(
      `No service has ${unknownIds.length === 1 ? 'this id' : 'these ids'}: ${unknownIds.join(', ')}`,
      1,
    );
  const metadata = listDescription({ ...values, name: values.name?.trim() || 'Approved services' });
  const doc = exportServiceList(catalogue, ids, metadata, { today: today(), schemaUrl: schemaUrlOf(values, built) });
  output(`${JSON.stringify(doc, null, 2)}\n`, values.output, io, `service list v1, ${plural(ids.length, 'service')}`);
  return 0;
}

function searchCommand(args: string[], io: Io): number {
  const { values, positionals } = parseArgs({
    args,
    options: {
      ...commonOptions,
      provider: { type: 'string' },
      category: { type: 'string' },
      lifecycle: { type: 'string' },
      sort: { type: 'string' },
      limit: { type: 'string' },
      json: { type: 'boolean' },
      explain: { type: 'boolean' },
    },
    allowPositionals: true,
  });
  if (values.help) return (io.stdout(help.search!), 0);
  const q = positionals.join(' ').trim();
  if (!q) throw new CliError('csc search needs the words to search for. See csc search --help.', 2);
  // The API's own query schema, so the same words and filters mean the same here.
  const { catalogue, synonyms } = loadBuiltCatalogue(values.catalogue);
  const parsed = serviceQueryOf(catalogue).safeParse({
    q,
    ...(values.provider !== undefined ? { provider: values.provider } : {}),
    ...(values.category !== undefined ? { category: values.category } : {}),
    ...(values.lifecycle !== undefined ? { lifecycle: values.lifecycle } : {}),
    ...(values.sort !== undefined ? { sort: values.sort } : {}),
    ...(values.explain ? { explain: 'true' } : {}),
    pageSize: values.limit ?? '10',
  });
  if (!parsed.success) {
    // --limit is the API's pageSize; say what it must be rather than the schema's words.
    const message = (key: PropertyKey | undefined, text: string) =>
      key === 'pageSize'
        ? `--limit must be a whole number from 1 to ${maxPageSize}`
        : `--${String(key ?? 'query')}: ${text}`;
    const messages = [...new Set(parsed.error.issues.map((i) => message(i.path[0], i.message)))];
    throw new CliError(`${messages.join('\n')}\nSee csc search --help.`, 2);
  }
  const page = createServiceIndex(catalogue, synonyms).query(parsed.data);
  if (values.json) {
    const data = page.items.map((s, i) => {
      const e = page.explanations?.[i];
      return e ? { ...catalogue.toService(s), score: e.score, matches: e.matches } : catalogue.toService(s);
    });
    output(`${JSON.stringify({ total: page.total, data }, null, 2)}\n`, values.output, io);
  } else {
    const lines = page.items.map((s, i) => {
      const provider = catalogue.provider(s.provider)?.shortName ?? s.provider;
      const status = s.lifecycle ? `, ${s.lifecycle.status}` : '';
      const e = page.explanations?.[i];
      const why = e
        ? `\n      score ${e.score}: ${e.matches.map((m) => `${m.term} → ${m.field} "${m.word}" (${m.kind})`).join('; ')}`
        : '';
      return `${String(i + 1).padStart(3)}. ${s.name} (${s.id}) — ${provider}${status}${why}`;
    });
    const more =
      page.total > page.items.length ? `\n${page.total - page.items.length} more; use --limit to see them.` : '';
    output(`${lines.join('\n')}${lines.length ? '\n' : ''}${more ? `${more.trim()}\n` : ''}`, values.output, io);
  }
  if (!page.total) {
    io.stderr(`No service matches "${q}". Try fewer or shorter words.\n`);
    return 1;
  }
  return 0;
}

/** `csc --version`: this package's version, and the catalogue's when it is built. */
function version(): string {
  let catalogue: string;
  try {
    const { catalogue: c } = loadBuiltCatalogue(undefined);
    catalogue = `catalogue ${c.version} built ${c.builtOn}`;
  } catch {
    catalogue = 'catalogue not built: npm run build';
  }
  return `csc ${pkg.version} (${catalogue})\n`;
}

/** Node's parseArgs errors in this tool's words (its own quote the option unevenly and suggest `--`). */
function parseArgsProblem(e: Error & { code: string }): string {
  const option = /'(?:-\w, )?(--?[\w-]+)/.exec(e.message)?.[1];
  if (e.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && option) return `Unknown option ${option}.`;
  if (e.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && option) {
    if (/argument missing/.test(e.message)) return `Option ${option} needs a value.`;
    // A value that starts with a dash (`--retiring-within -5`) reads as another option unless joined with `=`.
    if (/ambiguous/.test(e.message))
      return `Option ${option} needs a value; one that starts with - is written ${option}=<value>.`;
    return `Option ${option} takes no value.`;
  }
  return `${e.message}.`.replace(/\.\.$/, '.');
}

const commands: Record<string, (args: string[], io: Io) => number> = {
  search: searchCommand,
  validate: validateCommand,
  policy: policyCommand,
  check: checkCommand,
  diff: diffCommand,
  markdown: markdownCommand,
  export: exportCommand,
};

export function run(
  argv: string[],
  io: Io = {
    stdout: (t) => process.stdout.write(t),
    stderr: (t) => process.stderr.write(t),
    stdoutIsTerminal: process.stdout.isTTY === true,
  },
): number {
  const [command, ...args] = argv;
  if (command === '--version' || command === '-v' || command === 'version') return (io.stdout(version()), 0);
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    // `csc help policy` is `csc policy --help`; own keys only (`csc help constructor` names no command).
    const topic = command === 'help' ? args[0] : undefined;
    if (topic !== undefined && !Object.hasOwn(help, topic)) {
      io.stderr(`Unknown command ${JSON.stringify(topic)}.\n\n${help.main}`);
      return 2;
    }
    io.stdout(topic !== undefined ? help[topic]! : help.main!);
    return command ? 0 : 2;
  }
  const handler = Object.hasOwn(commands, command) ? commands[command] : undefined;
  if (!handler) {
    io.stderr(`Unknown command ${JSON.stringify(command)}.\n\n${help.main}`);
    return 2;
  }
  try {
    return handler(args, io);
  } catch (e) {
    if (e instanceof CliError) {
      io.stderr(`${e.message}\n`);
      return e.code;
    }
    if ((e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      io.stderr(`${parseArgsProblem(e as Error & { code: string })} Run csc ${command} --help.\n`);
      return 2;
    }
    throw e;
  }
}

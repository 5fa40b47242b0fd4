/**
 * Infrastructure-as-code outputs: every rendering validates against the
 * vendor's own schema or documented arguments (tests/validators/iac/), the
 * policy inside equals the raw document for random lists, the YAML parses
 * with a real parser; and the public surfaces (?format=, csc policy
 * --format, csc check, csc diff) answer them.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { createCatalogue } from '../src/core/catalogue.ts';
import {
  formatsByTarget,
  generatePolicy,
  policyTargets,
  renderPolicy,
  unescapeArmExpressions,
  unescapeTerraformTemplate,
  type PolicyDocumentResult,
  type PolicyFormat,
  type PolicyTarget,
} from '../src/core/policies/index.ts';
import { readContent } from '../src/scripts/lib/read-content.ts';
import { validateAzurePolicyDefinition } from './validators/azure-policy.ts';
import { startServer, type RunningServer } from './helpers/server.ts';
import { csc } from './helpers/cli.ts';

const vendor = (f: string) => JSON.parse(readFileSync(`tests/validators/iac/${f}`, 'utf8'));
const cfnSchema = vendor('aws-organizations-policy.cfn-schema.json');
const armSchemas = vendor('azure-deployment-template.excerpt.json');
const tfArgs = vendor('terraform-arguments.json').resources as Record<
  string,
  { required: string[]; optional: string[]; enums?: Record<string, string[]>; jsonStrings?: string[] }
>;
const ajv = new Ajv({ strict: false, allErrors: true });
const validCfnProperties = ajv.compile(cfnSchema.schema);
const validArmTemplate = ajv.compile(armSchemas.template);
const validPolicyDefinitionResource = ajv.compile(armSchemas.policyDefinitions);
const validPolicyAssignmentResource = ajv.compile(armSchemas.policyAssignments);

const content = readContent();
const catalogue = createCatalogue({ ...content, version: 'test-catalogue', builtOn: '2026-11-23' });
const allIds = catalogue.services.map((s) => s.id);

/** Every Terraform resource block uses only documented arguments and sets every required one. */
function checkTerraform(tf: any): string[] {
  const errors: string[] = [];
  for (const [type, blocks] of Object.entries(tf.resource as Record<string, Record<string, any>>)) {
    const args = tfArgs[type];
    if (!args) {
      errors.push(`${type}: not a documented resource`);
      continue;
    }
    for (const body of Object.values(blocks)) {
      for (const k of Object.keys(body))
        if (![...args.required, ...args.optional].includes(k)) errors.push(`${type}.${k}: not a documented argument`);
      for (const k of args.required) if (!(k in body)) errors.push(`${type}.${k}: required, missing`);
      for (const [k, allowed] of Object.entries(args.enums ?? {}))
        if (k in body && !allowed.includes(body[k])) errors.push(`${type}.${k}: ${body[k]} not one of ${allowed}`);
      for (const k of args.jsonStrings ?? [])
        if (k in body && typeof body[k] !== 'string') errors.push(`${type}.${k}: not a string`);
    }
  }
  for (const name of Object.keys(tf.variable ?? {}))
    if (!['target_id', 'management_group_id', 'subscription_id', 'effect', 'parent'].includes(name))
      errors.push(`undocumented variable ${name}`);
  return errors;
}

/** The raw document recovered from a rendering, the way the tool would hand it to the provider. */
function embedded(target: PolicyTarget, format: PolicyFormat, body: string, doc: any): unknown {
  if (format === 'gcloud') return parseYaml(body);
  const f = JSON.parse(body);
  if (target === 'aws' && format === 'terraform')
    return JSON.parse(unescapeTerraformTemplate(f.resource.aws_organizations_policy.approved_services.content));
  if (target === 'aws') return JSON.parse(f.Resources.ApprovedServicesPolicy.Properties.Content);
  if (target === 'azure' && format === 'terraform') {
    const d = f.resource.azurerm_policy_definition.approved_services;
    return {
      name: d.name,
      type: 'Microsoft.Authorization/policyDefinitions',
      properties: {
        displayName: unescapeTerraformTemplate(d.display_name),
        description: unescapeTerraformTemplate(d.description),
        mode: d.mode.toLowerCase(),
        metadata: JSON.parse(unescapeTerraformTemplate(d.metadata)),
        parameters: JSON.parse(unescapeTerraformTemplate(d.parameters)),
        policyRule: JSON.parse(unescapeTerraformTemplate(d.policy_rule)),
      },
    };
  }
  if (target === 'azure') {
    const { policyType: _p, ...properties } = unescapeArmExpressions(f.resources[0].properties) as any;
    return { name: f.resources[0].name, type: f.resources[0].type, properties };
  }
  // Google Cloud Terraform: the variable's value stands for the parent.
  const p = f.resource.google_org_policy_policy.approved_services;
  const parent = doc.name.slice(0, doc.name.indexOf('/policies/'));
  const rule = p.spec.rules;
  return {
    name: p.name.replace('${var.parent}', parent),
    spec: {
      rules: [
        rule.deny_all === 'TRUE'
          ? { denyAll: true }
          : { values: { allowedValues: rule.values.allowed_values.map(unescapeTerraformTemplate) } },
      ],
    },
  };
}

function vendorErrors(target: PolicyTarget, format: PolicyFormat, body: string): string[] {
  if (format === 'gcloud') return [];
  const f = JSON.parse(body);
  if (format === 'terraform') return checkTerraform(f);
  if (format === 'cloudformation') {
    const props = { ...f.Resources.ApprovedServicesPolicy.Properties, TargetIds: ['r-ab12', 'ou-ab12-abcdefgh'] };
    expect(f.Resources.ApprovedServicesPolicy.Type).toBe('AWS::Organizations::Policy');
    expect(f.Parameters.TargetIds.Type).toBe('CommaDelimitedList');
    return validCfnProperties(props) ? [] : ajv.errorsText(validCfnProperties.errors).split(', ');
  }
  const errs: string[] = [];
  if (!validArmTemplate(f)) errs.push(ajv.errorsText(validArmTemplate.errors));
  expect(f.$schema).toBe(armSchemas.managementGroupDeploymentTemplateSchema);
  if (!validPolicyDefinitionResource(f.resources[0])) errs.push(ajv.errorsText(validPolicyDefinitionResource.errors));
  if (!validPolicyAssignmentResource(f.resources[1])) errs.push(ajv.errorsText(validPolicyAssignmentResource.errors));
  void target;
  return errs;
}

const lists = fc.uniqueArray(fc.constantFrom(...allIds), { minLength: 1, maxLength: 60 });
const listName = fc.option(fc.string({ minLength: 1, maxLength: 100 }), { nil: undefined });

describe.each(policyTargets)('%s renderings over random lists', (target) => {
  const formats = formatsByTarget[target].filter((f) => f !== 'json');
  it.each(formats)('%s validates against the vendor schema and embeds exactly the raw document', (format) => {
    fc.assert(
      fc.property(lists, listName, (ids, name) => {
        const r = generatePolicy(target, catalogue, ids, {
          emptyCloud: 'deny-all',
          ...(name ? { listName: name } : {}),
        });
        if (r.kind !== 'policy') return;
        const file = renderPolicy(r, format);
        expect(vendorErrors(target, format, file.body)).toEqual([]);
        expect(embedded(target, format, file.body, r.document)).toEqual(r.document);
        if (format !== 'gcloud') expect(file.body).toBe(`${JSON.stringify(JSON.parse(file.body), null, 2)}\n`);
      }),
      { numRuns: 40 },
    );
  });
});

describe('renderings in detail', () => {
  const ofCloud = (t: PolicyTarget) =>
    catalogue.services
      .filter((s) => s.provider === t && !s.lifecycle)
      .slice(0, 20)
      .map((s) => s.id);
  const aws = catalogue.services
    .filter((s) => s.provider === 'aws')
    .slice(0, 5)
    .map((s) => s.id);
  const gen = (target: PolicyTarget, opts = {}) =>
    generatePolicy(target, catalogue, ofCloud(target), { listName: 'Team ${x} %{y}', ...opts }) as PolicyDocumentResult;
  it('AWS Terraform keeps the minified document as the content string, its characters counted as AWS counts them', () => {
    const r = generatePolicy('aws', catalogue, aws, {}) as PolicyDocumentResult;
    const tf = JSON.parse(renderPolicy(r, 'terraform').body);
    expect(tf.resource.aws_organizations_policy.approved_services.content).toBe(JSON.stringify(r.document));
    expect(tf.resource.aws_organizations_policy_attachment.approved_services.target_id).toBe('${var.target_id}');
    expect(tf.variable.target_id.default).toBeUndefined();
  });
  it('Azure Terraform gives the azurerm provider a subscription to sign in to, which azurerm 4.0 and later require', () => {
    const tf = JSON.parse(renderPolicy(gen('azure'), 'terraform').body);
    expect(tf.provider.azurerm).toEqual({ features: {}, subscription_id: '${var.subscription_id}' });
    // Asked for (no default): a plan of the file as written prompts for it rather than failing in the provider.
    expect(tf.variable.subscription_id).toMatchObject({ type: 'string' });
    expect(tf.variable.subscription_id.default).toBeUndefined();
  });
  it('escapes Terraform template sequences from a list name', () => {
    // The "//" key is a comment Terraform never evaluates; the resources are.
    const body = JSON.stringify(JSON.parse(renderPolicy(gen('azure'), 'terraform').body).resource);
    expect(body).not.toMatch(/[^$]\$\{x\}/);
    expect(body).toContain('$${x}');
  });
  it('ARM escapes the policy rule expression so Azure Policy, not ARM, evaluates it', () => {
    const arm = JSON.parse(renderPolicy(gen('azure'), 'arm').body);
    expect(arm.resources[0].properties.policyRule.then.effect).toBe("[[parameters('effect')]");
    expect(
      validateAzurePolicyDefinition(embedded('azure', 'arm', renderPolicy(gen('azure'), 'arm').body, null)),
    ).toEqual([]);
  });
  it('the gcloud file is YAML with the provenance in a comment and the parent given', () => {
    const r = gen('gcp', { gcpParent: 'folders/1234' });
    const file = renderPolicy(r, 'gcloud');
    expect(file.contentType).toBe('application/yaml');
    expect(file.body.startsWith('# Generated by the Cloud Service Catalogue')).toBe(true);
    expect(parseYaml(file.body).name).toBe('folders/1234/policies/gcp.restrictServiceUsage');
    const tf = JSON.parse(renderPolicy(r, 'terraform', { parentGiven: true }).body);
    expect(tf.variable.parent.default).toBe('folders/1234');
    expect(JSON.parse(renderPolicy(r, 'terraform').body).variable.parent.default).toBeUndefined();
  });
  it('a one-service change changes only the lines it should', () => {
    const a = renderPolicy(gen('gcp'), 'gcloud').body.split('\n');
    const extra = catalogue.services.find(
      (s) => s.provider === 'gcp' && !ofCloud('gcp').includes(s.id) && !s.lifecycle,
    )!;
    const r2 = generatePolicy('gcp', catalogue, [...ofCloud('gcp'), extra.id], {
      listName: 'Team ${x} %{y}',
    }) as PolicyDocumentResult;
    const b = renderPolicy(r2, 'gcloud').body.split('\n');
    const changed = b.filter((l) => !a.includes(l));
    expect(changed.length).toBeLessThanOrEqual(2); // the new value and the provenance hash line
  });
});

// ---------------------------------------------------------------- public surfaces

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ RATE_LIMIT_POINTS: '100000' });
});
afterAll(() => server?.stop());

const post = (path: string, ids: string[]) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ approvedServiceIds: ids, name: 'Platform team' }),
  });

describe('?format= on the policy endpoints', () => {
  const cases: [string, PolicyTarget, PolicyFormat, string, RegExp][] = [
    ['/v1/policies/aws-scp', 'aws', 'terraform', 'application/json', /aws-scp-platform-team\.tf\.json/],
    ['/v1/policies/aws-scp', 'aws', 'cloudformation', 'application/json', /\.cfn\.json/],
    ['/v1/policies/azure-policy', 'azure', 'terraform', 'application/json', /azure-policy-platform-team\.tf\.json/],
    ['/v1/policies/azure-policy', 'azure', 'arm', 'application/json', /\.arm\.json/],
    ['/v1/policies/gcp-org-policy', 'gcp', 'terraform', 'application/json', /\.tf\.json/],
    ['/v1/policies/gcp-org-policy', 'gcp', 'gcloud', 'application/yaml', /\.yaml/],
  ];
  it.each(cases)('%s (%s) ?format=%s', async (path, target, format, type, filename) => {
    const ids = catalogue.services
      .filter((s) => s.provider === target)
      .slice(0, 8)
      .map((s) => s.id);
    const raw = await (await post(path, ids)).json();
    const res = await post(`${path}?format=${format}`, ids);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(`${type}; charset=utf-8`);
    expect(res.headers.get('content-disposition')).toMatch(filename);
    const body = await res.text();
    expect(embedded(target, format, body, raw)).toEqual(raw);
    expect(vendorErrors(target, format, body)).toEqual([]);
  });
  it('Google Cloud without a parent: the placeholder warning comes with the files that hold it, not Terraform', async () => {
    const warning = async (query: string) =>
      (await post(`/v1/policies/gcp-org-policy${query}`, ['gcp-cloud-storage'])).headers.get('warning') ?? '';
    expect(await warning('')).toMatch(/placeholder organizations\/ORGANIZATION_ID/);
    expect(await warning('?format=gcloud')).toMatch(/placeholder organizations\/ORGANIZATION_ID/);
    const terraform = await post('/v1/policies/gcp-org-policy?format=terraform', ['gcp-cloud-storage']);
    expect(await terraform.text()).not.toContain('ORGANIZATION_ID');
    expect(terraform.headers.get('warning') ?? '').not.toMatch(/placeholder/);
  });
  it('refuses a format of another cloud and format with envelope, as problems', async () => {
    const bad = await post('/v1/policies/aws-scp?format=arm', ['aws-s3']);
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toMatch(/problem\+json/);
    const both = await post('/v1/policies/aws-scp?format=terraform&envelope=true', ['aws-s3']);
    expect(both.status).toBe(400);
    // Named as every other query error is: by its parameter, not a pointer into the query.
    expect((await both.json()).errors).toEqual([
      { parameter: 'format', value: 'terraform', message: 'not combinable with envelope=true' },
    ]);
  });
  it('leaves the default answer alone', async () => {
    const res = await post('/v1/policies/aws-scp', ['aws-s3']);
    expect(res.headers.get('content-disposition')).toBeNull();
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });
  it('OpenAPI documents ?format= per cloud', async () => {
    const doc: any = await (await fetch(`${server.url}/v1/openapi.json`)).json();
    const param = (p: string) =>
      doc.paths[p].post.parameters.find((x: { name: string }) => x.name === 'format')?.schema?.enum;
    expect(param('/v1/policies/aws-scp')).toEqual(['json', 'terraform', 'cloudformation']);
    expect(param('/v1/policies/azure-policy')).toEqual(['json', 'terraform', 'arm']);
    expect(param('/v1/policies/gcp-org-policy')).toEqual(['json', 'terraform', 'gcloud']);
    // Every format's media type is one the 200 answer lists, so a generated client accepts it.
    for (const [path, , format, type] of cases)
      expect(Object.keys(doc.paths[path].post.responses['200'].content), `${path} ${format}`).toContain(type);
  });
});

const dir = mkdtempSync(join(tmpdir(), 'csc-iac-'));
const file = (name: string, value: unknown) => {
  const path = join(dir, name);
  writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`);
  return path;
};

describe('csc', () => {
  const retired = catalogue.services.find((s) => s.lifecycle?.status === 'retired');
  it('policy --format writes the same file as the API', async () => {
    const list = file('aws.json', { name: 'Platform team', approvedServiceIds: ['aws-s3', 'aws-ec2'] });
    const cli = await csc(['policy', 'aws', list, '--format', 'terraform']);
    expect(cli.code).toBe(0);
    const api = await (await post('/v1/policies/aws-scp?format=terraform', ['aws-s3', 'aws-ec2'])).text();
    expect(cli.stdout).toBe(api);
    expect((await csc(['policy', 'aws', list, '--format', 'gcloud'])).code).toBe(2);
  });
  it('check passes a clean list and fails unknown and retired services with text, JSON and SARIF', async () => {
    const ok = await csc(['check', file('ok.json', { name: 'ok', approvedServiceIds: ['aws-s3', 'aws-kms'] })]);
    expect(ok.code, ok.stdout + ok.stderr).toBe(0);
    expect(ok.stdout).toMatch(/ok \(2 services/);
    const ids = ['aws-s3', 'no-such-service', ...(retired ? [retired.id] : [])];
    const bad = file('bad.json', { name: 'bad', approvedServiceIds: ids });
    const sarifPath = join(dir, 'out.sarif');
    const text = await csc(['check', bad, '--sarif', sarifPath]);
    expect(text.code).toBe(1);
    expect(text.stdout).toMatch(/unknown-service: no-such-service/);
    if (retired) expect(text.stdout).toContain(`retired-service: ${retired.id}`);
    const sarif = JSON.parse(readFileSync(sarifPath, 'utf8'));
    expect(sarif.version).toBe('2.1.0');
    const unknown = sarif.runs[0].results.find((r: any) => r.ruleId === 'unknown-service');
    // Line 5 of the pretty-printed file holds "no-such-service".
    expect(unknown.locations[0].physicalLocation.region.startLine).toBe(5);
    const json = JSON.parse((await csc(['check', bad, '--format', 'json'])).stdout);
    expect(json.ok).toBe(false);
    expect(json.findings.map((f: any) => f.rule)).toContain('unknown-service');
  });
  it('check fails a service retiring within the threshold, and not beyond it', async () => {
    const soon = catalogue.services.find(
      (s) =>
        (s.lifecycle?.status === 'sunset' || s.lifecycle?.status === 'deprecated') &&
        s.lifecycle.sunsetDate! > '2026-11-23',
    );
    if (!soon) return expect(soon).toBeUndefined();
    const days = Math.ceil((Date.parse(soon.lifecycle!.sunsetDate!) - Date.now()) / 86_400_000);
    const list = file('soon.json', { name: 'soon', approvedServiceIds: [soon.id] });
    const within = await csc(['check', list, '--retiring-within', String(days + 1), '--format', 'json']);
    expect(JSON.parse(within.stdout).findings.map((f: any) => f.rule)).toContain('retiring-service');
    const beyond = await csc(['check', list, '--retiring-within', String(Math.max(0, days - 2)), '--format', 'json']);
    expect(JSON.parse(beyond.stdout).findings.map((f: any) => f.rule)).not.toContain('retiring-service');
  });
  it('diff prints what a change adds, removes and newly allows per cloud', async () => {
    const before = file('before.json', { name: 'l', approvedServiceIds: ['aws-s3', 'gcp-bigquery'] });
    const after = file('after.json', { name: 'l', approvedServiceIds: ['aws-s3', 'aws-ec2'] });
    const out = await csc(['diff', before, after]);
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/^aws:\n {2}\+ aws-ec2/m);
    expect(out.stdout).toMatch(/^gcp:\n {2}- gcp-bigquery/m);
    expect(out.stdout).toMatch(/^azure: no change$/m);
    const json = JSON.parse((await csc(['diff', before, after, '--format', 'json'])).stdout);
    expect(json.find((d: any) => d.target === 'aws').newlyAllows).toContain('aws-ec2');
    // A service added that is not active says so; standard input is read once, so it is OLD or NEW, not both.
    const gone = catalogue.services.find((s) => s.provider === 'aws' && s.lifecycle?.status === 'retired')!;
    const withGone = file('with-gone.json', { name: 'l', approvedServiceIds: ['aws-s3', 'aws-ec2', gone.id] });
    expect((await csc(['diff', after, withGone])).stdout).toMatch(
      new RegExp(`^ {2}\\+ ${gone.id} \\(retired\\)$`, 'm'),
    );
    const twice = await csc(['diff', '-', '-']);
    expect(twice.code).toBe(2);
    expect(twice.stderr).toMatch(/^Only one of OLD and NEW can be standard input/);
  });
});

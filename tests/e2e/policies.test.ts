/**
 * The builder's policy results in Chromium, on a server of their own with a
 * large rate-limit budget (each check generates policies several times, and
 * the main site suite spends the real 10-per-minute budget on purpose):
 * one-click downloads, one-click dependencies (without a second download),
 * what else a policy allows, a disabled button with its reason for a cloud
 * the list lacks, retired services left out, the Google Cloud parent and
 * the roles an SCP exempts.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { BuiltCatalogueData } from '../../src/core/catalogue.ts';
import { LIST_STORAGE_KEY } from '../../src/site/list-state.ts';
import { humanDate } from '../../src/site/format.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';
import { CONTROL_TOWER_ROLE_ARNS } from '../../src/core/policies/essentials.ts';
import { validateScp } from '../validators/aws-scp.ts';
import { scpDenies } from '../validators/evaluate.ts';
import { validateGcpPolicy } from '../validators/gcp-org-policy.ts';
import { CHROMIUM, DESKTOP, hasChromium, launch, seriousViolations } from './browser.ts';

if (!hasChromium) console.warn(`\n  SKIPPED: browser tests need Chromium at ${CHROMIUM}\n`);

describe.skipIf(!hasChromium)('policy results in the builder', () => {
  let server: RunningServer;
  let browser: Browser;
  let data: BuiltCatalogueData;
  const url = (path: string) => `${server.url}${path}`;
  const service = (id: string) => {
    const s = data.services.find((x) => x.id === id);
    if (!s) throw new Error(`the test relies on service ${id}, which the catalogue no longer has`);
    return s;
  };

  /** A fresh browser on the builder with this list in it, shown. */
  const openBuilder = async (name: string, ids: string[]) => {
    const fresh = await browser.newContext({ viewport: DESKTOP, acceptDownloads: true });
    const p = await fresh.newPage();
    await p.goto(url('/list'));
    await p.evaluate(
      ([key, value]) => localStorage.setItem(key!, value!),
      [LIST_STORAGE_KEY, JSON.stringify({ name, description: '', ids })],
    );
    await p.reload();
    await p.locator('[data-list-groups]').getByText(service(ids[0]!).name).first().waitFor();
    return { fresh, p };
  };

  /** The list as another tab of this browser writes it: the page hears of it through the storage event. */
  const listChangedElsewhere = (p: Page, name: string, ids: string[]) =>
    p.evaluate(
      ([key, value]) => {
        localStorage.setItem(key!, value!);
        dispatchEvent(new StorageEvent('storage', { key: key! }));
      },
      [LIST_STORAGE_KEY, JSON.stringify({ name, description: '', ids })],
    );

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ RATE_LIMIT_POINTS: '1000' }), launch()]);
    data = (await (await fetch(url('/catalogue.json'))).json()) as BuiltCatalogueData;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it(
    'policies: offers missing dependencies with one click, names what else a policy allows, ' +
      'refuses an empty cloud, leaves retired services out and takes a Google Cloud parent',
    async () => {
      const fresh = await browser.newContext({ viewport: DESKTOP, acceptDownloads: true });
      const p = await fresh.newPage();
      const setList = async (ids: string[]) => {
        await p.goto(url('/list'));
        await p.evaluate(
          ([key, value]) => localStorage.setItem(key!, value!),
          [LIST_STORAGE_KEY, JSON.stringify({ name: 'Policy checks', description: '', ids })],
        );
        await p.reload();
        await p.locator('[data-list-groups]').getByText(service(ids[0]!).name).first().waitFor();
      };
      let downloads = 0;
      p.on('download', () => downloads++);
      const generate = async (target: string) => {
        const result = p.locator(`[data-policy-result="${target}"]`);
        await result.evaluate((e) => e.replaceChildren());
        await p.locator(`button[data-policy="${target}"]`).click();
        await expect.poll(() => result.textContent()).not.toBe('');
        return result;
      };
      const storedIds = () =>
        p.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '{}').ids as string[], LIST_STORAGE_KEY);

      // Lambda alone: told it needs CloudWatch, added with one click, then the policy has both.
      await setList(['aws-lambda', 'aws-qldb']);
      let result = await generate('aws');
      await result.locator('[data-policy-download]').waitFor();
      await expect(result.textContent()).resolves.toContain(
        `${service('aws-lambda').name} needs ${service('aws-cloudwatch').name}`,
      );
      // The SCP's size against the quota chosen, before "Add it" can take it over.
      await expect(result.locator('[data-policy-size]').textContent()).resolves.toMatch(
        /^The document is [\d,]+ of the 5,120 characters the quota allows\.$/,
      );
      // In the site's words: the service's name, the date and no API query parameter.
      const qldb = await result.locator('[data-omitted="aws-qldb"]').textContent();
      expect(qldb).toMatch(/^Amazon Quantum Ledger Database.* — retired by the vendor on \d{1,2} [A-Z][a-z]+ \d{4}/);
      expect(qldb).not.toMatch(/retired=include|aws-qldb/);
      await expect.poll(() => downloads).toBe(1);
      // Each offer's button and source link say, to a screen reader, which service they are about.
      const addCloudWatch = result.getByRole('button', { name: `Add it: ${service('aws-cloudwatch').name}` });
      await expect(addCloudWatch.count()).resolves.toBe(1);
      // The policy's text, opened, is a named region the keyboard can scroll; the panel passes axe.
      await result.getByText('Show the policy').click();
      const text = result.getByRole('region', { name: 'The service control policy as text' });
      await expect(text.getAttribute('tabindex')).resolves.toBe('0');
      await expect(seriousViolations(p)).resolves.toEqual([]);
      await expect(result.getByRole('link', { name: /^Source: .*CloudWatch/ }).count()).resolves.toBeGreaterThan(0);
      await result.locator('button[data-add-dependency="aws-cloudwatch"]').click();
      await expect.poll(storedIds).toContain('aws-cloudwatch');
      await expect.poll(() => result.textContent()).toContain('2 services of this cloud allowed.');
      await expect(result.locator('button[data-add-dependency="aws-cloudwatch"]').count()).resolves.toBe(0);
      // The button is gone with the policy it was in: the keyboard focus is on what the panel says of the change,
      // where the offers are, not on the page (nor the panel's heading, a screen's height up on a phone).
      await expect
        .poll(() => p.evaluate(() => document.activeElement?.textContent))
        .toBe(`Added ${service('aws-cloudwatch').name} to your list; this policy is made for the list with it.`);
      // Adding a dependency shows the policy again; it does not download a second file unasked.
      expect(downloads).toBe(1);

      // What a service needs and what works best with it are told apart, in the details and in the bar's count.
      await setList(['aws-eks']);
      result = await generate('aws');
      await result.locator('[data-policy-download]').waitFor();
      const elb = service('aws-elastic-load-balancing').name;
      const group = (heading: string) => result.locator('.notice').filter({ hasText: heading }).textContent();
      await expect(group('denies what your services need')).resolves.toContain(service('aws-ec2').name);
      await expect(group('denies what your services need')).resolves.not.toContain(elb);
      await expect(group('also denies what works best with them')).resolves.toContain(elb);
      // And what the load balancer controller reads on every update (certificates, web ACLs, Shield).
      await expect(group('also denies what works best with them')).resolves.toContain(service('aws-acm').name);
      // And what eksctl, the EKS command-line tool AWS documents, makes clusters with.
      await expect(group('also denies what works best with them')).resolves.toContain(
        service('aws-cloudformation').name,
      );
      await expect(p.locator('[data-bar-status]').textContent()).resolves.toMatch(
        /2 missing dependencies, 7 recommended services denied/,
      );

      // Shared identifiers: DocumentDB's rds:* also allows RDS, named beside the download.
      await setList(['aws-documentdb']);
      result = await generate('aws');
      await expect(result.locator('[data-also-allows="aws"] [data-also-allows-id="aws-rds"]').count()).resolves.toBe(1);

      // No Azure service: the button is disabled with the reason beside it, never a deny-everything download.
      const azure = p.locator('button[data-policy="azure"]');
      await expect(azure.isDisabled()).resolves.toBe(true);
      await expect(p.locator('[data-policy-reason="azure"]').textContent()).resolves.toBe('No Azure service');
      await expect(
        p.getByRole('button', { name: 'Download Azure Policy' }).getAttribute('aria-describedby'),
      ).resolves.toBe('policy-reason-azure');
      await expect(p.locator('button[data-policy="aws"]').isEnabled()).resolves.toBe(true);
      // Only a retired service of a cloud: nothing a policy could allow either.
      await setList(['aws-qldb', 'gcp-kubernetes-engine']);
      await expect(p.locator('[data-policy-reason="aws"]').textContent()).resolves.toBe('Only retired AWS services');
      await expect(p.locator('button[data-policy="aws"]').isDisabled()).resolves.toBe(true);

      // Google Cloud: the parent is checked like the API, used in the download, and its absence is said plainly.
      await setList(['gcp-kubernetes-engine']);
      result = await generate('gcp');
      await expect(result.locator('[data-policy-warning="placeholder-parent"]').textContent()).resolves.toMatch(
        /ORGANIZATION_ID/,
      );
      // The fix is on this page: the warning links to the field, not to an API parameter.
      await expect(
        result.locator('[data-policy-warning="placeholder-parent"] a[href="#gcp-parent"]').count(),
      ).resolves.toBe(1);
      const parent = p.locator('[data-gcp-parent]');
      await parent.fill('organizations/acme');
      // Judged when the field is left, not at every key of a value being typed.
      await expect(p.locator('[data-gcp-parent-error]').textContent()).resolves.toBe('');
      await parent.press('Tab');
      await expect(p.locator('[data-gcp-parent-error]').textContent()).resolves.toMatch(
        /must be organizations\/<number>/,
      );
      result = await generate('gcp');
      await expect(result.textContent()).resolves.toMatch(/The parent must be/);
      await parent.fill('projects/123456789012');
      await expect(p.locator('[data-gcp-parent-summary]').textContent()).resolves.toBe(
        'Applies to: projects/123456789012',
      );
      const [d] = await Promise.all([p.waitForEvent('download'), p.locator('button[data-policy="gcp"]').click()]);
      result = p.locator('[data-policy-result="gcp"]');
      await result.locator('[data-policy-download]').waitFor();
      await expect(result.locator('[data-policy-warning="placeholder-parent"]').count()).resolves.toBe(0);
      const doc = JSON.parse(readFileSync((await d.path())!, 'utf8'));
      expect(doc.name).toBe('projects/123456789012/policies/gcp.restrictServiceUsage');
      expect(validateGcpPolicy(doc)).toEqual([]);

      // Another file format: the same policy inside a deployment file, rendered in the page as the API renders
      // ?format=. The list is the one just generated, so no request at all (policy requests share the rate limit of
      // 10 a minute with saves: exporting one list in every format used to spend most of it).
      const policyPosts: string[] = [];
      p.on('request', (req) => {
        if (req.method() === 'POST' && req.url().includes('/v1/policies/')) policyPosts.push(req.url());
      });
      await p.locator('[data-policy-format]').selectOption('terraform');
      const [tf] = await Promise.all([p.waitForEvent('download'), p.locator('button[data-policy="gcp"]').click()]);
      expect(policyPosts).toHaveLength(0);
      expect(tf.suggestedFilename()).toMatch(/\.tf\.json$/);
      // "Download again" hands out the same Terraform file, not the raw document under its name.
      const againButton = p.locator('[data-policy-result="gcp"] [data-policy-download]');
      await expect(againButton.textContent()).resolves.toContain(tf.suggestedFilename());
      const [again] = await Promise.all([p.waitForEvent('download'), againButton.click()]);
      expect(again.suggestedFilename()).toBe(tf.suggestedFilename());
      expect(readFileSync((await again.path())!, 'utf8')).toBe(readFileSync((await tf.path())!, 'utf8'));
      const terraform = JSON.parse(readFileSync((await tf.path())!, 'utf8'));
      const [policy] = Object.values(terraform.resource.google_org_policy_policy) as {
        spec: { rules: { values: { allowed_values: string[] } } };
      }[];
      expect(policy!.spec.rules.values.allowed_values).toEqual(doc.spec.rules[0].values.allowedValues);
      await p.locator('[data-policy-format]').selectOption('native');
      const [yaml] = await Promise.all([p.waitForEvent('download'), p.locator('button[data-policy="gcp"]').click()]);
      expect(yaml.suggestedFilename()).toMatch(/\.ya?ml$/);
      const yamlText = readFileSync((await yaml.path())!, 'utf8');
      expect(yamlText).toContain('gcp.restrictServiceUsage');
      expect(policyPosts).toHaveLength(0);
      // Byte for byte what the API answers for ?format=gcloud.
      const apiFile = await p.evaluate(
        async (ids) => {
          const r = await fetch('/v1/policies/gcp-org-policy?format=gcloud&parent=projects/123456789012', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ name: 'Policy checks', approvedServiceIds: ids }),
          });
          return r.text();
        },
        ['gcp-kubernetes-engine'],
      );
      expect(yamlText).toBe(apiFile);
      await fresh.close();
    },
  );

  it("exempt roles: checked as the API checks them, Control Tower's in one click, kept, and left out of the deny", async () => {
    const { fresh, p } = await openBuilder('Exempt roles', ['aws-lambda']);
    const field = p.getByLabel('Roles the AWS SCP leaves alone (optional)');
    const summary = p.locator('[data-aws-exempt-summary]');
    await expect(summary.textContent()).resolves.toBe('Exempt roles: none');

    // Every role would switch the SCP off: refused here as the API refuses it, and no policy is made with it.
    await field.fill('arn:aws:iam::*:role/*');
    await expect(p.locator('[data-aws-exempt-error]').textContent()).resolves.toBe('');
    await field.press('Tab');
    await expect(p.locator('[data-aws-exempt-error]').textContent()).resolves.toMatch(/Role 1 is not an IAM role ARN/);
    await expect(field.getAttribute('aria-invalid')).resolves.toBe('true');
    // Put right, it is said to be right at once, while still typing.
    await field.fill('arn:aws:iam::123456789012:role/Pipeline');
    await expect(p.locator('[data-aws-exempt-error]').textContent()).resolves.toBe('');
    await expect(field.getAttribute('aria-invalid')).resolves.toBe('false');
    await field.fill('arn:aws:iam::*:role/*');
    await field.press('Tab');
    await expect(summary.textContent()).resolves.toBe('Exempt roles: not valid');
    const result = p.locator('[data-policy-result="aws"]');
    await p.locator('button[data-policy="aws"]').click();
    await expect(result.textContent()).resolves.toMatch(/Role 1 is not an IAM role ARN/);

    await field.fill('arn:aws:iam::123456789012:role/BreakGlass');
    await p.getByRole('button', { name: 'Add Control Tower’s roles' }).click();
    const roles = ['arn:aws:iam::123456789012:role/BreakGlass', ...CONTROL_TOWER_ROLE_ARNS];
    await expect(field.inputValue()).resolves.toBe(roles.join('\n'));
    await expect(summary.textContent()).resolves.toBe(`Exempt roles: ${roles.length}`);
    // Kept in this browser, like the Google Cloud parent.
    await p.reload();
    await expect(field.inputValue()).resolves.toBe(roles.join('\n'));

    const [d] = await Promise.all([p.waitForEvent('download'), p.locator('button[data-policy="aws"]').click()]);
    const doc = JSON.parse(readFileSync((await d.path())!, 'utf8'));
    expect(validateScp(doc)).toEqual([]);
    await expect(result.locator('p').first().textContent()).resolves.toContain(
      `The deny does not apply to ${roles.length} exempt roles.`,
    );
    // In the generator's order (sorted), so the same roles always give the same document.
    expect(doc.Statement[0].Condition).toEqual({ ArnNotLike: { 'aws:PrincipalARN': [...roles].sort() } });
    // Control Tower's execution role may still enrol accounts; any other role is held to the list.
    const account = 'arn:aws:iam::111122223333:role';
    expect(scpDenies(doc, 'config:PutConfigurationRecorder', `${account}/AWSControlTowerExecution`)).toBe(false);
    expect(scpDenies(doc, 'config:PutConfigurationRecorder', `${account}/Developer`)).toBe(true);
    expect(scpDenies(doc, 'lambda:InvokeFunction', `${account}/Developer`)).toBe(false);
    // Another set of roles makes the shown policy stale.
    await field.fill('arn:aws:iam::123456789012:role/BreakGlass');
    await expect(result.textContent()).resolves.toMatch(/no longer offered/);
    await expect(result.textContent()).resolves.toMatch(/Press “Download AWS SCP”/);
    // A list with no AWS service left cannot have it made again: said so, not to press a button that is disabled.
    await p.getByRole('button', { name: `Remove ${service('aws-lambda').name}` }).click();
    await expect.poll(() => result.textContent()).toMatch(/cannot be made for the list as it is now: no AWS service\./);
    await expect(p.locator('button[data-policy="aws"]').isDisabled()).resolves.toBe(true);
    await fresh.close();
  });

  it('"Add it" that takes the SCP over the quota offers to take the service out again, which brings the policy back', async () => {
    const lambda = 'aws-lambda';
    const cloudWatch = 'aws-cloudwatch';
    // Exempt roles fill the quota (they count against it) until Lambda's SCP fits and Lambda's with CloudWatch does
    // not: each role's length is measured through the API, so the test does not restate how the SCP is written.
    // Each role named apart (the same role twice is written once): a letter of its own, then n - 1 more.
    const role = (n: number, i: number) => `arn:aws:iam::*:role/${String.fromCharCode(97 + i)}${'r'.repeat(n - 1)}`;
    const scpSize = async (ids: string[], roles: string[]) => {
      const query = new URLSearchParams({ envelope: 'true', exemptPrincipalArns: roles.join(',') });
      const r = await fetch(url(`/v1/policies/aws-scp?${query}`), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Near the quota', approvedServiceIds: ids }),
      });
      // The envelope's size, or the too-large problem's.
      const body = (await r.json()) as { size: { value: number } | number };
      return typeof body.size === 'number' ? body.size : body.size.value;
    };
    const one = await scpSize([lambda], [role(400, 0)]);
    // What a role costs beside its name (quotes, comma, the ARN's start).
    const overhead = (await scpSize([lambda], [role(400, 0), role(400, 1)])) - one - 400;
    const withCloudWatch = (await scpSize([lambda, cloudWatch], [role(400, 0)])) - one;
    expect(withCloudWatch).toBeGreaterThan(1);
    // Aim half of CloudWatch's characters below the quota.
    let extra = 5120 - Math.ceil(withCloudWatch / 2) - one;
    const roles = [role(400, 0)];
    while (extra > overhead) {
      const n = Math.min(512, extra - overhead);
      roles.push(role(n, roles.length));
      extra -= overhead + n;
    }
    roles[0] = role(400 + extra, 0);
    const before = await scpSize([lambda], roles);
    expect(before).toBeLessThanOrEqual(5120);
    expect(await scpSize([lambda, cloudWatch], roles)).toBeGreaterThan(5120);

    const { fresh, p } = await openBuilder('Near the quota', [lambda]);
    await p.getByLabel('Roles the AWS SCP leaves alone (optional)').fill(roles.join('\n'));
    const result = p.locator('[data-policy-result="aws"]');
    await Promise.all([p.waitForEvent('download'), p.locator('button[data-policy="aws"]').click()]);
    await expect(result.locator('[data-policy-size="near"]').textContent()).resolves.toContain(
      `${before.toLocaleString('en-GB')} of the 5,120 characters`,
    );
    const storedIds = () =>
      p.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '{}').ids as string[], LIST_STORAGE_KEY);
    const addAndRefuse = async () => {
      await result.locator(`button[data-add-dependency="${cloudWatch}"]`).click();
      const undo = result.getByRole('button', { name: `Take ${service(cloudWatch).name} out of your list again` });
      await undo.waitFor();
      // The panel says the service was added, and why the policy could not be made with it.
      await expect(result.locator('[data-policy-change]').textContent()).resolves.toBe(
        `Added ${service(cloudWatch).name} to your list, but the AWS service control policy could not be made for the ` +
          'list as it is now:',
      );
      await expect(result.textContent()).resolves.toMatch(/over the 5,120-character quota/);
      // Why is announced: the bar says only that there is no policy.
      await expect(result.getByRole('alert').textContent()).resolves.toMatch(/over the 5,120-character quota/);
      await expect(storedIds()).resolves.toEqual([lambda, cloudWatch]);
    };
    await addAndRefuse();
    // The way back is where the keyboard is: the button that was pressed went with the panel.
    await expect.poll(() => p.evaluate(() => document.activeElement?.getAttribute('data-undo-add'))).toBe(cloudWatch);
    // The offer holds for the list it was made for: the list changed elsewhere takes it down.
    await listChangedElsewhere(p, 'Near the quota', [lambda, cloudWatch, 'aws-s3']);
    await expect.poll(() => result.textContent()).toMatch(/^Your list has changed since the .* was refused\./);
    await expect(result.locator('[data-undo-add]').count()).resolves.toBe(0);
    // Back to the list of the refusal: made again, refused again, with the offer.
    await listChangedElsewhere(p, 'Near the quota', [lambda]);
    await Promise.all([p.waitForEvent('download'), p.locator('button[data-policy="aws"]').click()]);
    await addAndRefuse();
    // Taken out again, the policy made before is shown again, from this page: no request, no download.
    const posts: string[] = [];
    p.on('request', (r) => void (r.method() === 'POST' && posts.push(r.url())));
    let downloads = 0;
    p.on('download', () => downloads++);
    await p.keyboard.press('Enter');
    await expect.poll(storedIds).toEqual([lambda]);
    await result.locator(`button[data-add-dependency="${cloudWatch}"]`).waitFor();
    await expect(result.locator('[data-policy-change]').textContent()).resolves.toBe(
      `Took ${service(cloudWatch).name} out of your list again; this policy is made for the list without it.`,
    );
    await expect.poll(() => p.evaluate(() => document.activeElement?.hasAttribute('data-policy-change'))).toBe(true);
    // The policy before it, as it was.
    await expect(result.locator('[data-policy-size]').textContent()).resolves.toContain(
      `${before.toLocaleString('en-GB')} of the 5,120 characters`,
    );
    expect(posts).toEqual([]);
    expect(downloads).toBe(0);
    await fresh.close();
  });

  it('an offer many services share: the service to add, then one row per reason with its own source', async () => {
    const storage = 'gcp-cloud-storage';
    const { fresh, p } = await openBuilder('Data', ['gcp-dataflow', 'gcp-dataproc', 'gcp-bigquery']);
    const result = p.locator('[data-policy-result="gcp"]');
    await Promise.all([p.waitForEvent('download'), p.locator('button[data-policy="gcp"]').click()]);
    const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const offer = result.locator(`li[data-dependency="${storage}"]`);
    const name = service(storage).name;
    await expect(offer.locator('p').first().innerText()).resolves.toBe(
      `${name}: ${service('gcp-dataflow').name} and ${service('gcp-dataproc').name} need it; ` +
        `${service('gcp-bigquery').name} works best with it. Add it`,
    );
    const rows = offer.locator('.dependency-reasons > li');
    await expect(rows.count()).resolves.toBe(3);
    await expect(rows.nth(0).textContent()).resolves.toMatch(
      new RegExp(`^${escaped(service('gcp-dataflow').name)} needs it: `),
    );
    await expect(rows.nth(2).textContent()).resolves.toMatch(
      new RegExp(`^${escaped(service('gcp-bigquery').name)} works best with it: `),
    );
    // Each row's source is its own, named for a screen reader, and opens beside the panel rather than over it.
    for (let i = 0; i < 3; i++) {
      const link = rows.nth(i).getByRole('link');
      await expect(link.count()).resolves.toBe(1);
      await expect(link.getAttribute('target')).resolves.toBe('_blank');
      await expect(link.getAttribute('aria-label')).resolves.toMatch(
        new RegExp(`^Source: .* (needs|works best with) ${escaped(name)} \\(opens in a new tab\\)$`),
      );
    }
    await expect(seriousViolations(p)).resolves.toEqual([]);
    // Another cloud's service added (here from another tab) leaves this cloud's policy as it was, and its panel.
    await listChangedElsewhere(p, 'Data', ['gcp-dataflow', 'gcp-dataproc', 'gcp-bigquery', 'aws-lambda']);
    await expect.poll(() => p.locator('[data-list-groups]').textContent()).toContain(service('aws-lambda').name);
    await expect(offer.count()).resolves.toBe(1);
    await expect(result.textContent()).resolves.not.toContain('Your list has changed');
    // One of its own changes it.
    await listChangedElsewhere(p, 'Data', ['gcp-dataflow', 'gcp-dataproc', 'aws-lambda']);
    await expect.poll(() => result.textContent()).toMatch(/^Your list has changed since this/);
    await fresh.close();
  });

  it('"Add it" names the services a shared identifier lets through with the one added', async () => {
    // The VPC's identifiers (ec2) are EC2's too: adding it approves more than the network.
    const { fresh, p } = await openBuilder('Glue', ['aws-glue']);
    const result = p.locator('[data-policy-result="aws"]');
    await Promise.all([p.waitForEvent('download'), p.locator('button[data-policy="aws"]').click()]);
    await result.locator('button[data-add-dependency="aws-vpc"]').click();
    const said = result.locator('[data-policy-change]');
    await said.waitFor();
    const text = await said.textContent();
    expect(text).toMatch(new RegExp(`^Added .* to your list; .* Its identifiers also let through `));
    expect(text).toContain(`Added ${service('aws-vpc').name} to your list`);
    expect(text?.slice(text.indexOf('also let through'))).toContain(service('aws-ec2').name);
    // The file downloaded before no longer matches: the bar says it was not downloaded again.
    await expect(p.locator('[data-bar-status]').textContent()).resolves.toMatch(/^Made \S+ again, not downloaded/);
    await fresh.close();
  });

  it("SCP size quota: AWS's published 5,120 characters by default, the doubled quota when chosen, and kept", async () => {
    // Every AWS service still offered: more than 5,120 characters of IAM prefixes.
    const ids = data.services.filter((s) => s.provider === 'aws' && s.lifecycle?.status !== 'retired').map((s) => s.id);
    const { fresh, p } = await openBuilder('Every AWS service', ids);
    const quota = p.getByLabel('AWS SCP size quota');
    await expect(quota.inputValue()).resolves.toBe('5120');
    const result = p.locator('[data-policy-result="aws"]');
    let downloads = 0;
    p.on('download', () => downloads++);
    await p.locator('button[data-policy="aws"]').click();
    await result.getByText(/over the 5,120-character quota/).waitFor();
    expect(downloads).toBe(0);
    // In the page's words: what can be done here, not the API's query parameters (sizeLimit=, essentials=).
    const said = await result.locator('.notice').innerText();
    expect(said).toMatch(/^The SCP would be [\d,]+ characters, [\d,]+ over the 5,120-character quota\. /);
    expect(said).toContain('approve fewer AWS services in this list');
    expect(said).not.toMatch(/=|essentials/);
    // The way on is on this page: the error links to the quota field.
    await result.getByRole('link', { name: 'Choose the SCP size quota' }).click();
    await expect(p.evaluate(() => location.hash)).resolves.toBe('#aws-quota');

    await quota.selectOption('10240');
    const [d] = await Promise.all([p.waitForEvent('download'), p.locator('button[data-policy="aws"]').click()]);
    const text = readFileSync((await d.path())!, 'utf8');
    expect(text.length).toBeGreaterThan(5120);
    expect(validateScp(JSON.parse(text), { text, limit: 10240 })).toEqual([]);
    // Kept in this browser; choosing again makes the shown policy stale.
    await p.reload();
    await expect(quota.inputValue()).resolves.toBe('10240');
    await Promise.all([p.waitForEvent('download'), p.locator('button[data-policy="aws"]').click()]);
    await quota.selectOption('5120');
    await expect(result.textContent()).resolves.toMatch(/no longer offered/);
    await fresh.close();
  });

  it("lifecycle warnings under a policy use the services' names and dates, as their pages do", async () => {
    const { fresh, p } = await openBuilder('Closed', ['aws-kendra']);
    await Promise.all([p.waitForEvent('download'), p.locator('button[data-policy="aws"]').click()]);
    const warning = p.locator('[data-policy-result="aws"] [data-policy-warning="deprecated"]');
    await expect(warning.textContent()).resolves.toBe(
      'Amazon Kendra is deprecated: no new customers from 30 July 2026. ' +
        'Plan a move to Amazon Bedrock Knowledge Bases.',
    );
    await expect(p.locator('[data-policy-result="aws"]').textContent()).resolves.toContain('Before you deploy it:');
    await fresh.close();
    // A part that ends: its name, its service's and the day, not the API's ISO date.
    const withPart = data.services.find(
      (x) => x.provider === 'aws' && x.subServices.some((sub) => sub.lifecycle?.status === 'sunset'),
    )!;
    const part = withPart.subServices.find((sub) => sub.lifecycle?.status === 'sunset')!;
    const second = await openBuilder('Ending part', [withPart.id]);
    await Promise.all([second.p.waitForEvent('download'), second.p.locator('button[data-policy="aws"]').click()]);
    await expect(
      second.p.locator('[data-policy-result="aws"] [data-policy-warning="part-sunset"]').textContent(),
    ).resolves.toBe(
      `${part.name}, part of ${withPart.name}, is being retired on ${humanDate(part.lifecycle!.sunsetDate!)}.`,
    );
    await second.fresh.close();
  });

  it('saving or exporting the list says which policy settings stay in this browser', async () => {
    const { fresh, p } = await openBuilder('Settings', ['aws-lambda']);
    const result = p.locator('[data-export-result]');
    // Nothing set: nothing to say.
    await Promise.all([p.waitForEvent('download'), p.locator('button[data-export="interchange"]').click()]);
    await expect(result.textContent()).resolves.not.toMatch(/Not in it/);
    await p.getByLabel('Roles the AWS SCP leaves alone (optional)').fill('arn:aws:iam::123456789012:role/BreakGlass');
    await p.getByLabel('AWS SCP size quota').selectOption('10240');
    await p.locator('button[data-export="save"]').click();
    await result.getByText(/Anyone with this link/).waitFor();
    await expect(result.textContent()).resolves.toContain(
      'Not in it: the roles the AWS SCP leaves alone and the 10,240-character SCP quota. Those stay in this browser',
    );
    await Promise.all([p.waitForEvent('download'), p.locator('button[data-export="interchange"]').click()]);
    await expect(result.textContent()).resolves.toMatch(/Not in it: the roles the AWS SCP leaves alone/);
    await fresh.close();
  });
});

/**
 * The website end to end in Debian's Chromium against the built server: the
 * flows of issue 7's checks, an axe-core scan and screenshots of every page
 * type at desktop and phone width (test-artifacts/), and the offline
 * "Lighthouse-style" checks: JavaScript weight of a service page, no
 * horizontal overflow at 360 px, images with dimensions. The services used
 * are discovered from the built catalogue, never assumed.
 *
 * One server, one browser; the tests run in order and share state (the list
 * built in one is saved, shared and imported in the next ones).
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { BuiltCatalogueData } from '../../src/core/catalogue.ts';
import type { ServiceEntry } from '../../src/core/schemas.ts';
import { validateServiceList } from '../../src/core/service-list.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';
import { validateScp } from '../validators/aws-scp.ts';
import { validateAzurePolicyDefinition } from '../validators/azure-policy.ts';
import { validateGcpPolicy } from '../validators/gcp-org-policy.ts';
import { lifecycleLabels } from '../../src/site/format.ts';
import { LIST_STORAGE_KEY } from '../../src/site/list-state.ts';
import {
  CHROMIUM,
  documentProblems,
  hasChromium,
  imagesWithoutDimensions,
  javascriptWeight,
  launch,
  overflowPx,
  PHONE,
  DESKTOP,
  screenshots,
  seriousViolations,
  watchCsp,
  wordsBrokenAcrossLines,
} from './browser.ts';

/** Every page type scanned and screenshotted; `search` and `shared` are reached by the flows, the rest are known up front. */
const PAGE_TYPES = [
  'home',
  'service',
  'lifecycle',
  'listing',
  'provider',
  'category',
  'search',
  'compare',
  'builder',
  'shared',
  'api',
  'status',
  'feedback',
  'notFound',
] as const;

if (!hasChromium)
  console.warn(
    `\n  SKIPPED: browser tests need Chromium at ${CHROMIUM} (npm test installs it with src/scripts/ensure-chromium.sh)\n`,
  );

describe.skipIf(!hasChromium)('website in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let data: BuiltCatalogueData;
  /** An AWS service with equivalents on both other clouds, and those two equivalents. */
  let trio: ServiceEntry[];
  /** A service that is not active and generally available. */
  let changing: ServiceEntry;
  let shareUrl: string;
  let exportedFile: string;
  const pageTypes: Record<string, string> = {};
  let stopping = false;
  /** Content-Security-Policy violations reported on any page of the main context (watchCsp). */
  let cspViolations: string[] = [];

  const url = (path: string) => `${server.url}${path}`;
  const byId = (id: string) => data.services.find((s) => s.id === id)!;
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launch()]);
    // If the server dies mid-run, say why instead of leaving only "connection refused" failures.
    server.process.once('exit', (code, signal) => {
      if (!stopping) console.error(`The test server exited (${code ?? signal}):\n${server.output()}`);
    });
    data = (await (await fetch(url('/catalogue.json'))).json()) as BuiltCatalogueData;
    const aws = data.services.find(
      (s) => s.provider === 'aws' && !s.lifecycle && first(s.equivalents.azure) && first(s.equivalents.gcp),
    )!;
    expect(aws, 'the catalogue has an AWS service with Azure and Google Cloud equivalents').toBeTruthy();
    trio = [aws, byId(first(aws.equivalents.azure)!), byId(first(aws.equivalents.gcp)!)];
    changing =
      data.services.find((s) => s.lifecycle && s.lifecycle.status !== 'preview') ??
      data.services.find((s) => s.lifecycle)!;
    expect(changing, 'the catalogue has a service with a lifecycle block').toBeTruthy();
    Object.assign(pageTypes, {
      home: '/',
      service: `/services/${trio[0]!.slug}`,
      lifecycle: `/services/${changing.slug}`,
      listing: '/services',
      provider: '/providers/aws',
      category: `/categories/${trio[0]!.category}`,
      compare: `/compare?ids=${trio.map((s) => s.id).join(',')}`,
      builder: '/list',
      api: '/api',
      status: '/status',
      feedback: '/feedback',
      notFound: '/services/no-such-service',
    });
    context = await browser.newContext({ viewport: DESKTOP, acceptDownloads: true });
    cspViolations = await watchCsp(context);
    page = await context.newPage();
  });
  afterAll(async () => {
    stopping = true;
    await browser?.close();
    await server?.stop();
  });

  /** The header's list count; it is hidden until the script renders it, so this waits for it (and fails without JavaScript). */
  const headerCount = async (p: Page = page) => {
    const count = p.locator('[data-list-count]').first();
    await count.waitFor({ state: 'visible' });
    return Number(await count.textContent());
  };

  it('searches from the home page and opens a service', async () => {
    await page.goto(url('/'));
    const target = trio[0]!;
    await page.getByRole('searchbox', { name: 'Search the catalogue' }).fill(target.name);
    const hit = page.locator('#search-results').getByRole('link', { name: target.name, exact: true });
    await hit.waitFor();
    // Results carry the add button too.
    await expect(page.locator(`#search-results button[data-list-toggle="${target.id}"]`).isVisible()).resolves.toBe(
      true,
    );
    await hit.click();
    await page.waitForURL(`**/services/${target.slug}`);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(target.name);
    // The service page: description, docs link, equivalents on the other clouds.
    await expect(page.getByText(target.description).first().isVisible()).resolves.toBe(true);
    expect(
      await page.getByRole('link', { name: new RegExp(`${target.shortName} documentation`) }).getAttribute('href'),
    ).toBe(target.vendorDocs);
    for (const peer of trio.slice(1))
      await expect(page.getByRole('link', { name: peer.name, exact: true }).count()).resolves.toBeGreaterThan(0);
  });

  it('filters a listing in place by provider, lifecycle and free tier', async () => {
    await page.goto(url('/services'));
    const visible = page.locator('[data-service-list] > li:visible');
    await expect(visible.count()).resolves.toBe(data.services.length);
    await page.locator('summary', { hasText: 'Filters' }).click();
    await page.getByRole('checkbox', { name: /^Google Cloud/ }).check();
    const gcp = data.services.filter((s) => s.provider === 'gcp');
    await expect.poll(() => visible.count()).toBe(gcp.length);
    expect(new Set(await visible.evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.provider)))).toEqual(
      new Set(['gcp']),
    );
    expect(page.url()).toContain('provider=gcp');
    await page.getByRole('radio', { name: 'Has a free tier' }).check();
    await expect.poll(() => visible.count()).toBe(gcp.filter((s) => s.hasFreeTier).length);
    await page.getByRole('radio', { name: 'Either' }).check();
    await page.getByRole('checkbox', { name: /^Google Cloud/ }).uncheck();
    const status = changing.lifecycle!.status;
    await page.locator(`input[name=lifecycle][value=${status}]`).check();
    await expect.poll(() => visible.count()).toBe(data.services.filter((s) => s.lifecycle?.status === status).length);
    await expect(page.locator('[data-filter-status]').textContent()).resolves.toMatch(/match the filters/);
  });

  it('works without JavaScript: filters land on /search, compare and feedback are plain forms', async () => {
    const noJs = await browser.newContext({ javaScriptEnabled: false, viewport: DESKTOP });
    const p = await noJs.newPage();
    const category = trio[0]!.category;
    await p.goto(url('/providers/aws'));
    await p.locator('summary', { hasText: 'Filters' }).click();
    await p.locator(`input[name=category][value="${category}"]`).check();
    await p.getByRole('button', { name: 'Apply filters' }).click();
    await p.waitForURL(/\/search\?/);
    pageTypes.search = new URL(p.url()).pathname + new URL(p.url()).search;
    const rows = p.locator('[data-service-list] > li');
    const expected = data.services.filter((s) => s.provider === 'aws' && s.category === category);
    await expect(rows.count()).resolves.toBe(expected.length);
    expect(new Set(await rows.evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.service)))).toEqual(
      new Set(expected.map((s) => s.id)),
    );
    // A service page is complete without scripts, and the add button stays hidden (it needs them).
    await p.goto(url(`/services/${changing.slug}`));
    await expect(p.locator('[data-lifecycle-warning]').isVisible()).resolves.toBe(true);
    await expect(p.locator('button[data-list-toggle]').isVisible()).resolves.toBe(false);
    // The status page says the live status needs JavaScript and where the JSON is, instead of "Checking…" forever.
    await p.goto(url('/status'));
    await expect(p.locator('[data-status-current]').textContent()).resolves.toMatch(/needs JavaScript/);
    await expect(p.locator('[data-status-current] a[href="/v1/status"]').count()).resolves.toBe(1);
    await expect(p.getByText('Checking…').count()).resolves.toBe(0);
    // Compare works as a plain form too.
    await p.goto(url('/services'));
    for (const s of trio.slice(0, 2)) await p.locator(`input[data-compare][value="${s.id}"]`).check();
    await p.locator('[data-compare-submit]').click();
    await expect(p.locator('table.compare thead th').count()).resolves.toBe(2);
    // Feedback posts to the on-demand /feedback page, which calls the same server function.
    await p.goto(url('/feedback'));
    await p.getByRole('button', { name: 'Send feedback' }).click();
    await expect(p.locator('[data-feedback-result]').textContent()).resolves.toContain('Please write a message');
    await p.getByLabel('Your message (required)').fill('<img src=x onerror=alert(1)> works without scripts');
    await p.getByRole('button', { name: 'Send feedback' }).click();
    await expect(p.locator('[data-feedback-result]').textContent()).resolves.toMatch(/Thank you.*Reference/);
    await expect(p.locator('img[src=x]').count()).resolves.toBe(0);
    await noJs.close();
  });

  it('compares three services side by side', async () => {
    await page.goto(url('/services'));
    for (const s of trio) await page.locator(`input[data-compare][value="${s.id}"]`).check();
    await page.locator('[data-compare-submit]').click();
    await page.waitForURL(/\/compare\?/);
    const headers = await page.locator('table.compare thead th').allTextContents();
    expect(headers.map((h) => h.trim())).toEqual(trio.map((s) => s.name));
    await expect(page.locator('table.compare tbody tr').count()).resolves.toBeGreaterThanOrEqual(8);
  });

  it('shows a lifecycle warning with the migration note and successor', async () => {
    await page.goto(url(`/services/${changing.slug}`));
    const warning = page.locator('[data-lifecycle-warning]');
    await expect(warning.isVisible()).resolves.toBe(true);
    if (changing.lifecycle!.note) await expect(warning.textContent()).resolves.toContain(changing.lifecycle!.note);
    if (changing.lifecycle!.successorSlug) {
      const successor = byId(changing.lifecycle!.successorSlug);
      await expect(warning.getByRole('link', { name: successor.name }).getAttribute('href')).resolves.toBe(
        `/services/${successor.slug}`,
      );
    }
  });

  it('builds a list across the three clouds that survives a reload', async () => {
    for (const s of [...trio, changing]) {
      await page.goto(url(`/services/${s.slug}`));
      const button = page.locator(`button[data-list-toggle="${s.id}"]`);
      await button.click();
      await expect(button.getAttribute('aria-pressed')).resolves.toBe('true');
    }
    await expect(headerCount()).resolves.toBe(4);
    // Remove and add again from a listing page.
    await page.goto(url('/services'));
    await page.locator(`button[data-list-toggle="${changing.id}"]`).click();
    await expect.poll(() => headerCount()).toBe(3);
    await page.locator(`button[data-list-toggle="${changing.id}"]`).click();
    await page.goto(url('/list'));
    await page.reload();
    await expect.poll(() => headerCount()).toBe(4);
    await page.getByLabel('Name').fill('Platform team approved services');
    await page.getByLabel('Description (optional)').fill('Reviewed by the cloud board.');
    // The builder renders after /catalogue.json loads: wait for it rather than read the page too early.
    for (const s of trio) await expect.poll(() => page.locator(`[data-listed="${s.id}"]`).count()).toBe(1);
    // Grouped by provider: one section per cloud, and the lifecycle warning at the top.
    await expect.poll(() => page.locator('[data-list-groups] > section').count()).toBe(3);
    await expect.poll(() => page.locator('[data-list-warnings]').textContent()).toContain(changing.name);
    // Badges use the same words everywhere ("Sunset announced", not "sunset").
    await expect(page.locator(`[data-listed="${changing.id}"] .badge`).textContent()).resolves.toBe(
      lifecycleLabels[changing.lifecycle!.status],
    );
  });

  const download = async (trigger: () => Promise<unknown>) => {
    const [d] = await Promise.all([page.waitForEvent('download'), trigger()]);
    return { name: d.suggestedFilename(), text: readFileSync((await d.path())!, 'utf8') };
  };

  it('downloads the interchange JSON, valid against the v1 schema', async () => {
    const file = await download(() => page.getByRole('button', { name: 'Download service list (JSON)' }).click());
    expect(file.name).toBe('platform-team-approved-services.service-list.json');
    const doc = JSON.parse(file.text);
    const check = validateServiceList(doc, data.serviceListSchemaUrl);
    expect(check.valid ? [] : check.errors).toEqual([]);
    expect(doc.metadata.name).toBe('Platform team approved services');
    const ids = doc.providers.flatMap((p: any) => p.categories.flatMap((c: any) => c.services.map((s: any) => s.id)));
    expect(new Set(ids)).toEqual(new Set([...trio, changing].map((s) => s.id)));
    exportedFile = file.text;
  });

  it('downloads markdown', async () => {
    const file = await download(() => page.getByRole('button', { name: 'Download markdown' }).click());
    expect(file.name).toMatch(/\.md$/);
    expect(file.text).toContain('Platform team approved services');
    // Markdown escapes punctuation in names (`(`, `|`, ...): compare without the escapes.
    for (const s of trio) expect(file.text.replace(/\\/g, '')).toContain(s.name);
  });

  it('generates each cloud policy, shows what was left out, and downloads a valid document', async () => {
    const validators = {
      aws: (doc: unknown, text: string) => validateScp(doc, { text }),
      azure: (doc: unknown) => validateAzurePolicyDefinition(doc),
      gcp: (doc: unknown) => validateGcpPolicy(doc),
    };
    for (const target of ['aws', 'azure', 'gcp'] as const) {
      await page.locator(`button[data-policy="${target}"]`).click();
      const result = page.locator(`[data-policy-result="${target}"]`);
      await result.locator('[data-policy-download]').waitFor();
      const others = [...trio, changing].filter((s) => s.provider !== target).length;
      await expect(result.textContent()).resolves.toContain(`${others} services from other clouds left out`);
      const file = await download(() => result.locator('[data-policy-download]').click());
      const doc = JSON.parse(file.text);
      expect(validators[target](doc, file.text), `${target} policy`).toEqual([]);
    }
  });

  it('saves the list and opens the share link in a fresh browser context', async () => {
    await page.getByRole('button', { name: 'Save and get a share link' }).click();
    const link = page.locator('[data-export-result] a[data-share-link]');
    await link.waitFor();
    shareUrl = (await link.getAttribute('href'))!;
    expect(shareUrl).toMatch(/\/lists\/[A-Za-z0-9_-]{22,}$/);
    // "Copy link" confirms visibly: copied, or (no clipboard permission here) the text selected for a manual copy.
    await page.getByRole('button', { name: 'Copy link' }).click();
    await expect
      .poll(() => page.locator('[data-copy-result]').textContent())
      .toMatch(/^(Link copied\.|The link is selected)/);
    const fresh = await browser.newContext({ viewport: DESKTOP });
    const p = await fresh.newPage();
    // The link names the configured public URL; open the same path on the test server.
    await p.goto(url(new URL(shareUrl).pathname));
    await expect(p.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Platform team approved services');
    for (const s of trio)
      await expect(p.getByRole('link', { name: s.name, exact: true }).count()).resolves.toBeGreaterThan(0);
    await expect(p.locator('[data-lifecycle-warning]').textContent()).resolves.toContain(changing.name);
    await expect(headerCount(p)).resolves.toBe(0);
    // Someone else's list: "My list" is not marked as the current page.
    await expect(p.locator('nav.main a[aria-current="page"]').count()).resolves.toBe(0);
    await p.getByRole('button', { name: 'Replace my list with this one' }).click();
    await expect.poll(() => headerCount(p)).toBe(4);
    pageTypes.shared = new URL(shareUrl).pathname;
    await fresh.close();
  });

  it('explains an unknown or expired shared list', async () => {
    const r = await page.goto(url('/lists/AAAAAAAAAAAAAAAAAAAAAA'));
    expect(r!.status()).toBe(404);
    await expect(page.locator('[data-list-error]').textContent()).resolves.toMatch(
      /does not exist or has expired.*90 days/,
    );
  });

  it('answers an unknown page with the site 404 page', async () => {
    const r = await page.goto(url('/services/no-such-service'));
    expect(r!.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Page not found');
  });

  it('imports a file by the file picker, and explains an invalid one in plain words', async () => {
    const fresh = await browser.newContext({ viewport: DESKTOP });
    const p = await fresh.newPage();
    await p.goto(url('/list'));
    await p.locator('[data-list-groups]').getByText('Your list is empty').waitFor();
    const input = p.locator('input[data-import-file]');
    await input.setInputFiles({
      name: 'broken.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{"version": "2", '),
    });
    await expect.poll(() => p.locator('[data-import-result]').textContent()).toContain('is not valid JSON');
    const invalid = JSON.parse(exportedFile);
    invalid.version = '2.0';
    delete invalid.metadata.lastUpdated;
    await input.setInputFiles({
      name: 'invalid.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(invalid)),
    });
    const result = p.locator('[data-import-result]');
    await result.getByText('is not a valid service list').waitFor();
    await expect(result.textContent()).resolves.toMatch(/“metadata” → “lastUpdated”: "lastUpdated" is required/);
    await expect(result.textContent()).resolves.toMatch(/“version”: must be a v1 version/);
    await input.setInputFiles({
      name: 'approved.json',
      mimeType: 'application/json',
      buffer: Buffer.from(exportedFile),
    });
    await p.locator('button[data-import-mode="replace"]').click();
    await expect.poll(() => headerCount(p)).toBe(4);
    await expect(p.getByLabel('Name').inputValue()).resolves.toBe('Platform team approved services');
    await fresh.close();
  });

  it('imports a file by drag and drop', async () => {
    const fresh = await browser.newContext({ viewport: DESKTOP });
    const p = await fresh.newPage();
    await p.goto(url('/list'));
    const transfer = await p.evaluateHandle((text) => {
      const dt = new DataTransfer();
      dt.items.add(new File([text], 'dropped.json', { type: 'application/json' }));
      return dt;
    }, exportedFile);
    await p.locator('[data-dropzone]').dispatchEvent('drop', { dataTransfer: transfer });
    await p.locator('button[data-import-mode="add"]').click();
    await expect.poll(() => headerCount(p)).toBe(4);
    await fresh.close();
  });

  it('says so when the network fails', async () => {
    await page.goto(url('/list'));
    await page.route('**/v1/policies/**', (r) => r.abort('internetdisconnected'));
    await page.locator('button[data-policy="gcp"]').click();
    await expect.poll(() => page.locator('[data-policy-result="gcp"]').textContent()).toMatch(/could not be reached/);
    await page.unroute('**/v1/policies/**');
  });

  it('leaves ids the catalogue no longer knows out of policies and downloads, and says so', async () => {
    const known = trio[0]!;
    const stale = `${known.id}-gone`;
    expect(data.services.some((s) => s.id === stale || s.slug === stale)).toBe(false);
    const fresh = await browser.newContext({ viewport: DESKTOP, acceptDownloads: true });
    const p = await fresh.newPage();
    // A list stored before the service left the catalogue (or imported from an old shared list).
    await p.goto(url('/list'));
    await p.evaluate(
      ([key, value]) => localStorage.setItem(key!, value!),
      [LIST_STORAGE_KEY, JSON.stringify({ name: 'Stale list', description: '', ids: [known.id, stale] })],
    );
    await p.reload();
    await expect.poll(() => p.locator('[data-unknown-ids]').textContent()).toContain(stale);
    // The policy is generated from the known service (no 422) and names the one left out.
    await p.locator(`button[data-policy="${known.provider}"]`).click();
    const result = p.locator(`[data-policy-result="${known.provider}"]`);
    await result.locator('[data-policy-download]').waitFor();
    await expect(result.textContent()).resolves.toContain('1 service of this cloud allowed.');
    await expect(result.textContent()).resolves.toContain(`Left out, not in this catalogue: ${stale}.`);
    // The JSON download holds and counts only the known service.
    const [d] = await Promise.all([
      p.waitForEvent('download'),
      p.getByRole('button', { name: 'Download service list (JSON)' }).click(),
    ]);
    const doc = JSON.parse(readFileSync((await d.path())!, 'utf8'));
    expect(
      doc.providers.flatMap((pr: any) => pr.categories.flatMap((c: any) => c.services.map((x: any) => x.id))),
    ).toEqual([known.id]);
    await expect
      .poll(() => p.locator('[data-export-result]').textContent())
      .toMatch(new RegExp(`\\(1 service\\)\\. Left out, not in this catalogue: ${stale}\\.`));
    await fresh.close();
  });

  it('sends feedback, then explains the rate limit with the wait time', async () => {
    await page.goto(url('/feedback'));
    await page.getByRole('button', { name: 'Send feedback' }).click();
    await expect(page.locator('[data-feedback-result]').textContent()).resolves.toContain('Please write a message');
    await page.getByLabel('Your message (required)').fill('The <b>catalogue</b> is missing a service | please add it');
    await page.getByRole('radio', { name: /^4/ }).check();
    await page.getByRole('button', { name: 'Send feedback' }).click();
    await expect.poll(() => page.locator('[data-feedback-result]').textContent()).toMatch(/Thank you.*Reference/);
    // Every POST counts against the same 10-per-minute budget: keep sending until the limit answers.
    let message = '';
    for (let i = 0; i < 12 && !/Too many requests/.test(message); i++) {
      await page.getByLabel('Your message (required)').fill(`Again ${i}`);
      await page.getByRole('button', { name: 'Send feedback' }).click();
      await expect.poll(() => page.locator('[data-feedback-result]').textContent()).toMatch(/Thank you|Too many/);
      message = (await page.locator('[data-feedback-result]').textContent()) ?? '';
      if (!/Too many/.test(message)) await page.locator('[data-feedback-result]').evaluate((e) => e.replaceChildren());
    }
    expect(message).toMatch(/Too many requests: you can send your feedback again in about \d+ (second|minute)s?/);
    // The limit named is the server's (X-RateLimit-Limit), as /v1/status reports it, not a number written into the page.
    const status = (await (await fetch(url('/v1/status'))).json()) as {
      components: { rateLimiter: { limit: number } };
    };
    expect(message).toContain(`allows ${status.components.rateLimiter.limit} changes per minute`);
  });

  it('shows the current status and its history', async () => {
    await page.goto(url('/status'));
    await expect
      .poll(() => page.locator('[data-status-current]').textContent())
      .toMatch(/Overall: (Operational|Degraded|Down)/);
    await expect.poll(() => page.locator('[data-status-history] tbody tr').count()).toBeGreaterThan(0);
  });

  it('renders the API reference from the OpenAPI document', async () => {
    const doc = (await (await fetch(url('/v1/openapi.json'))).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    await page.goto(url('/api'));
    const rendered = await page.locator('article h3 code').allTextContents();
    const expected = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map(() => path));
    expect(rendered.sort()).toEqual(expected.sort());
  });

  it('ships a service page with under 50 KB of JavaScript (gzipped)', async () => {
    const fresh = await browser.newContext({ viewport: DESKTOP });
    const p = await fresh.newPage();
    const weight = await javascriptWeight(p, url(pageTypes.service!));
    expect(weight.files.length).toBeGreaterThan(0);
    expect(weight.gzipped).toBeLessThan(50 * 1024);
    await fresh.close();
  });

  it('separates policy identifiers and labels lifecycle statuses with the badge wording', async () => {
    const kinds = ['iamPrefixes', 'resourceProviders', 'serviceNames'] as const;
    const many = data.services.find((s) => kinds.some((k) => (s.identifiers[k]?.length ?? 0) >= 2));
    expect(many, 'the catalogue has a service with two identifiers of one kind').toBeTruthy();
    const values = kinds.map((k) => many!.identifiers[k]).find((v) => (v?.length ?? 0) >= 2)!;
    await page.goto(url(`/services/${many!.slug}`));
    await expect(page.locator('[data-identifiers]').allTextContents()).resolves.toContainEqual(
      expect.stringContaining(values.join(', ')),
    );
    // The service page's lifecycle heading and the home search results use the badge's words.
    const label = lifecycleLabels[changing.lifecycle!.status];
    await page.goto(url(`/services/${changing.slug}`));
    await expect(page.locator('[data-lifecycle-warning] h2').textContent()).resolves.toBe(`Lifecycle: ${label}`);
    await page.goto(url('/'));
    await page.getByRole('searchbox', { name: 'Search the catalogue' }).fill(changing.name);
    const badge = page
      .locator('#search-results li', { has: page.locator(`button[data-list-toggle="${changing.id}"]`) })
      .locator('.badge');
    await expect.poll(() => badge.first().textContent()).toBe(label);
  });

  it('keeps table headers and badges whole at 360 px (/status, /api, /compare), and the compare corner cell narrow', async () => {
    await page.setViewportSize(PHONE);
    try {
      await page.goto(url('/status'));
      await expect.poll(() => page.locator('[data-status-history] tbody tr').count()).toBeGreaterThan(0);
      await expect.poll(() => page.locator('[data-status-current] tbody tr').count()).toBeGreaterThan(0);
      // Both status tables scroll inside their own region rather than squeeze.
      await expect(page.locator('[data-status-current] .table-scroll[role=region] table').count()).resolves.toBe(1);
      await expect(page.locator('[data-status-history] .table-scroll[role=region] table').count()).resolves.toBe(1);
      await expect(wordsBrokenAcrossLines(page, 'th, .badge')).resolves.toEqual([]);
      await page.goto(url('/api'));
      expect(await page.locator('th').count()).toBeGreaterThan(0);
      await expect(wordsBrokenAcrossLines(page, 'th, .badge')).resolves.toEqual([]);
      await page.goto(url(pageTypes.compare!));
      await expect(wordsBrokenAcrossLines(page, 'thead th, .badge')).resolves.toEqual([]);
      const corner = await page
        .locator('table.compare thead td')
        .first()
        .evaluate((e) => e.getBoundingClientRect().width);
      const rowName = await page
        .locator('table.compare tbody th')
        .first()
        .evaluate((e) => e.getBoundingClientRect().width);
      expect(corner).toBeLessThan(12 * 16);
      expect(corner).toBeCloseTo(rowName, 0);
    } finally {
      await page.setViewportSize(DESKTOP);
    }
  });

  // One test per page type: each has its own timeout, and a failure names the page type.
  for (const type of PAGE_TYPES) {
    it(`passes axe (no serious or critical violations) and the document checks, fits 360 px, in light and dark, with screenshots: ${type}`, async () => {
      const path = pageTypes[type];
      expect(path, `the ${type} page was reached by the flows above`).toBeTruthy();
      const failures: string[] = [];
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        for (const viewport of [DESKTOP, PHONE]) {
          await page.setViewportSize(viewport);
          await page.goto(url(path!), { waitUntil: 'networkidle' });
          const t0 = Date.now();
          for (const v of await seriousViolations(page)) failures.push(`${scheme} ${viewport.width}px: ${v}`);
          const over = await overflowPx(page);
          if (over > 0) failures.push(`${scheme} ${viewport.width}px: ${over}px horizontal overflow`);
          for (const src of await imagesWithoutDimensions(page)) failures.push(`image without width/height ${src}`);
          if (viewport === DESKTOP && scheme === 'light')
            for (const p of await documentProblems(page)) failures.push(p);
          if (process.env.E2E_TIMINGS) console.log(`axe ${type} ${scheme} ${viewport.width}: ${Date.now() - t0} ms`);
        }
        await screenshots(page, scheme === 'light' ? type : `${type}-dark`);
      }
      await page.emulateMedia({ colorScheme: 'light' });
      expect(failures).toEqual([]);
    }, 120_000); // the long listings take most of it on a busy machine (about 40 s for /services)
  }

  it('can be used with the keyboard: Tab from the top reaches the skip link, then the header links, each with a visible focus ring', async () => {
    await page.setViewportSize(DESKTOP);
    await page.goto(url(pageTypes.service!));
    const focused = () =>
      page.evaluate(() => {
        const e = document.activeElement as HTMLElement | null;
        const style = e ? getComputedStyle(e) : undefined;
        return {
          text: e?.textContent?.trim() ?? '',
          href: e?.getAttribute('href') ?? '',
          outline: style ? `${style.outlineStyle} ${style.outlineWidth}` : '',
        };
      });
    const visibleRing = /^(solid|dashed|dotted|double|auto) ([2-9]|\d\d)/;
    await page.keyboard.press('Tab');
    const skip = await focused();
    expect(skip).toMatchObject({ text: 'Skip to content', href: '#main' });
    expect(skip.outline).toMatch(visibleRing);
    await page.keyboard.press('Tab');
    const brand = await focused();
    expect(brand).toMatchObject({ text: 'Cloud Service Catalogue', href: '/' });
    expect(brand.outline).toMatch(visibleRing);
    await page.keyboard.press('Tab');
    const firstNav = await focused();
    expect(firstNav.href).toBe(await page.locator('nav.main a').first().getAttribute('href'));
    expect(firstNav.outline).toMatch(visibleRing);
    // Back to the top: Enter on the skip link moves focus to the main content.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await expect(focused()).resolves.toMatchObject({ text: 'Skip to content' });
    await page.keyboard.press('Enter');
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('main');
    // Tab from there reaches the add button, and Enter toggles it.
    const button = page.locator('button[data-list-toggle]').first();
    const before = await button.getAttribute('aria-pressed');
    let reached = false;
    for (let i = 0; i < 30 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await button.evaluate((e) => e === document.activeElement);
    }
    expect(reached, 'Tab reaches the add button').toBe(true);
    await expect(button.evaluate((e) => getComputedStyle(e).outlineStyle)).resolves.not.toBe('none');
    await page.keyboard.press('Enter');
    await expect.poll(() => button.getAttribute('aria-pressed')).not.toBe(before);
  });

  it('runs every page type under the Content-Security-Policy without a violation', async () => {
    for (const path of Object.values(pageTypes)) {
      const r = await page.goto(url(path));
      expect(r?.headers()['content-security-policy'], path).toMatch(/script-src 'self'/);
    }
    // Every earlier test on the main context (search, the builder, downloads, policies, import) counts too.
    expect(cspViolations).toEqual([]);
  });
});

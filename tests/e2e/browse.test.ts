/**
 * Finding services in Chromium: search from the home page, filters in place
 * and without JavaScript, compare, a lifecycle warning, the 404 pages, the
 * JavaScript weight of a service page, identifiers and lifecycle wording.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { BuiltCatalogueData } from '../../src/core/catalogue.ts';
import type { ServiceEntry } from '../../src/core/schemas.ts';
import { openSite, type Site } from './site.ts';
import { DESKTOP, hasChromium, javascriptWeight } from './browser.ts';
import { lifecycleLabels } from '../../src/site/format.ts';

describe.skipIf(!hasChromium)('website in Chromium: browsing and searching', () => {
  let site: Site;
  let page: Page;
  let browser: Browser;
  let data: BuiltCatalogueData;
  let trio: ServiceEntry[];
  let changing: ServiceEntry;
  const url = (path: string) => site.url(path);
  const byId = (id: string) => site.byId(id);

  beforeAll(async () => {
    site = await openSite();
    ({ page, browser, data, trio, changing } = site);
  });
  afterAll(() => site?.close());

  it('searches from the home page and opens a service', async () => {
    await page.goto(url('/'));
    const target = trio[0]!;
    await page.getByRole('searchbox', { name: 'Search the catalogue' }).fill(target.name);
    const hit = page.locator('#search-results').getByRole('link', { name: target.name, exact: true });
    await hit.waitFor();
    // A screen reader hears the count, in a status of its own, once typing pauses; the results themselves are not a
    // live region.
    await expect
      .poll(() =>
        page
          .getByRole('status')
          .filter({ hasText: /^\d+ results?$/ })
          .count(),
      )
      .toBe(1);
    await expect(page.locator('#search-results').getAttribute('aria-live')).resolves.toBeNull();
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
    const category = trio[0]!.category;
    const inCategory = data.services.filter((s) => s.category === category);
    await page.goto(url(`/categories/${category}`));
    const visible = page.locator('[data-service-list] > li:visible');
    await expect(visible.count()).resolves.toBe(inCategory.length);
    await page.locator('summary', { hasText: 'Filters' }).click();
    await page.getByRole('checkbox', { name: /^Google Cloud/ }).check();
    const gcp = inCategory.filter((s) => s.provider === 'gcp');
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
    await expect
      .poll(() => visible.count())
      .toBe(inCategory.filter((s) => (s.lifecycle?.status ?? 'active') === status).length);
    await expect(page.locator('[data-filter-status]').textContent()).resolves.toMatch(/match the filters|^0 services/);
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
    const rows = p.locator('[data-service-list] > li');
    const expected = data.services.filter((s) => s.provider === 'aws' && s.category === category);
    await expect(rows.count()).resolves.toBe(expected.length);
    expect(new Set(await rows.evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.service)))).toEqual(
      new Set(expected.map((s) => s.id)),
    );
    // On /search the filters are sent by the button after them, where the keyboard reaches it from the last one.
    await p.locator('input[name=freeTier][value="true"]').check();
    await p.keyboard.press('Tab');
    await expect(p.evaluate(() => document.activeElement?.textContent?.trim())).resolves.toBe('Apply filters');
    await p.keyboard.press('Enter');
    await p.waitForURL(/freeTier=true/);
    await expect(rows.count()).resolves.toBe(expected.filter((s) => s.hasFreeTier).length);
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
    const awsTwo = data.services.filter((s) => s.provider === 'aws').slice(0, 2);
    await p.goto(url('/providers/aws'));
    for (const s of awsTwo) await p.locator(`input[data-compare][value="${s.id}"]`).check();
    await p.locator('[data-compare-submit]').click();
    await p.waitForURL(/\/compare\?/);
    await expect(p.locator('table.compare thead th').count()).resolves.toBe(2);
    // Feedback posts to the on-demand /feedback page, which calls the same server function.
    await p.goto(url('/feedback'));
    await p.getByRole('button', { name: 'Send feedback' }).click();
    await p.waitForLoadState();
    await expect(p.locator('[data-feedback-result]').textContent()).resolves.toContain('Please write a message');
    await p.getByLabel('Your message (required)').fill('<img src=x onerror=alert(1)> works without scripts');
    await p.getByRole('button', { name: 'Send feedback' }).click();
    await p.waitForLoadState();
    await expect(p.locator('[data-feedback-result]').textContent()).resolves.toMatch(/Thank you.*Reference/);
    await expect(p.locator('img[src=x]').count()).resolves.toBe(0);
    await noJs.close();
  });

  it('compares three services side by side, ticked in the services table across searches', async () => {
    await page.goto(url('/services'));
    for (const s of trio) {
      await page.getByRole('searchbox', { name: 'Search' }).fill(s.name);
      await page.locator(`input[data-compare][value="${s.id}"]`).check();
    }
    await expect(page.locator('[data-compare-tray] .chip').count()).resolves.toBe(3);
    await page.locator('[data-compare-submit]').click();
    await page.waitForURL(/\/compare\?/);
    const headers = await page.locator('table.compare thead th').allTextContents();
    expect(headers.map((h) => h.trim())).toEqual(trio.map((s) => s.name));
    await expect(page.locator('table.compare tbody tr').count()).resolves.toBeGreaterThanOrEqual(8);
  });

  it('takes Back through the services table the way it came: a page, a cloud picked, then the table as it was', async () => {
    const fresh = await browser.newContext({ viewport: DESKTOP });
    const p = await fresh.newPage();
    await p.goto(url('/'));
    await p.goto(url('/services'));
    // The sortable headers' buttons come with the index: from then on the table answers in place.
    await p.locator('th button[data-sort]').first().waitFor();
    await p.locator('#t-provider').selectOption('azure');
    await p.waitForURL(/\/services\?provider=azure$/);
    const firstAzure = await p.locator('[data-table-body] tr').first().textContent();
    await p.locator('button[data-page="2"]').first().click();
    await p.waitForURL(/\/services\?provider=azure&page=2$/);
    await p.goBack();
    await p.waitForURL(/\/services\?provider=azure$/);
    await expect(p.locator('[data-table-status]').textContent()).resolves.toMatch(/page 1 of/);
    await expect(p.locator('[data-table-body] tr').first().textContent()).resolves.toBe(firstAzure);
    await expect(p.locator('#t-provider').inputValue()).resolves.toBe('azure');
    await p.goBack();
    await p.waitForURL(/\/services$/);
    await expect(p.locator('#t-provider').inputValue()).resolves.toBe('');
    // Typing a search is one step, not one per letter.
    await p.getByRole('searchbox', { name: 'Search' }).pressSequentially('queue');
    await p.waitForURL(/q=queue/);
    await p.goBack();
    await p.waitForURL(/\/services$/);
    await p.goBack();
    await p.waitForURL((u) => u.pathname === '/');

    // A cloud picked while the index is still on its way is a step too, once the index is there.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await p.route('**/catalogue.json', async (route) => {
      await held;
      await route.continue();
    });
    await p.goto(url('/services'));
    await p.locator('#t-provider').selectOption('gcp');
    release();
    await p.waitForURL(/\/services\?provider=gcp$/);
    await p.goBack();
    await p.waitForURL(/\/services$/);
    await fresh.close();
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

  it('ships a service page with under 50 KB of JavaScript (gzipped)', async () => {
    const fresh = await browser.newContext({ viewport: DESKTOP });
    const p = await fresh.newPage();
    const weight = await javascriptWeight(p, url(`/services/${trio[0]!.slug}`));
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
    // A retired service whose identifier left the vendor's reference has none, and the page says so.
    const bare = data.services.find((s) => kinds.every((k) => !s.identifiers[k]?.length));
    expect(bare?.lifecycle?.status, 'the catalogue has a retired service without identifiers').toBe('retired');
    await page.goto(url(`/services/${bare!.slug}`));
    await expect(page.locator('[data-identifiers-none]').textContent()).resolves.toBe(
      'None: policies leave this retired service out.',
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

  it('ran every flow above without a Content-Security-Policy violation', () => {
    expect(site.cspViolations).toEqual([]);
  });
});

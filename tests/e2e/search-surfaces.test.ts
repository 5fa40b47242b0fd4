/**
 * Every search box that filters in place ranks as the API: the services
 * table's search, a provider's and a category's listing filter and the
 * compare picker's suggestions run the API's index in the page, so for the
 * same words and filters they show what GET /v1/services answers, in its
 * order (typos and synonyms included). Each expectation is the API's answer
 * for the same query, never a hard-coded rank.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { BuiltCatalogueData } from '../../src/core/catalogue.ts';
import { openSite, type Site } from './site.ts';
import { hasChromium } from './browser.ts';

const FRAME_MS = 16;

describe.skipIf(!hasChromium)('search boxes that filter in place rank as the API, in Chromium', () => {
  let site: Site;
  let page: Page;
  let data: BuiltCatalogueData;

  beforeAll(async () => {
    site = await openSite();
    ({ page, data } = site);
  });
  afterAll(() => site?.close());

  /** The API's ids for a query, in order, and its total. */
  const api = async (params: Record<string, string>, pageSize = 100) => {
    const r = await fetch(site.url(`/v1/services?${new URLSearchParams({ ...params, pageSize: String(pageSize) })}`));
    expect(r.status).toBe(200);
    const body = (await r.json()) as { data: { id: string }[]; total: number };
    return { ids: body.data.map((s) => s.id), total: body.total };
  };

  describe('the services table', () => {
    const shownIds = () =>
      page
        .locator('[data-table-body] tr[data-service]')
        .evaluateAll((trs) => trs.map((tr) => (tr as HTMLElement).dataset.service!));

    it.each(['kubernets', 'k8s', 'lambda', 'object storage', 'postgres'])(
      'ranks "%s" as GET /v1/services, best match first',
      async (q) => {
        await page.goto(site.url('/services'));
        await page.getByRole('searchbox', { name: 'Search' }).fill(q);
        const expected = await api({ q }, 50);
        await expect.poll(shownIds).toEqual(expected.ids);
        await expect(page.locator('[data-table-status]').textContent()).resolves.toMatch(
          new RegExp(`^${expected.total} services? of \\d+ match, best match first`),
        );
        expect(new URL(page.url()).searchParams.get('q')).toBe(q);
      },
    );

    it('keeps what is typed and picked before the index arrives, with the rest of the address', async () => {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/catalogue.json', async (r) => {
        await held;
        await r.continue();
      });
      try {
        await page.goto(site.url('/services?lifecycle=active&q=storage'));
        await page.getByRole('searchbox', { name: 'Search' }).fill('database');
        await page.locator('#t-provider').selectOption('aws');
        release();
        const expected = await api({ q: 'database', provider: 'aws', lifecycle: 'active' }, 50);
        await expect.poll(shownIds).toEqual(expected.ids);
        await expect(page.getByRole('searchbox', { name: 'Search' }).inputValue()).resolves.toBe('database');
        const address = new URL(page.url()).searchParams;
        expect([address.get('q'), address.get('provider'), address.get('lifecycle')]).toEqual([
          'database',
          'aws',
          'active',
        ]);
      } finally {
        release();
        await page.unroute('**/catalogue.json');
      }
    });

    it('finds every cloud’s Kubernetes service for a typo and for the shorthand', async () => {
      for (const q of ['kubernets', 'k8s']) {
        await page.goto(site.url(`/services?${new URLSearchParams({ q })}`));
        const { ids } = await api({ q }, 50);
        await expect.poll(shownIds).toEqual(ids);
        const shown = await shownIds();
        for (const id of ['aws-eks', 'azure-kubernetes-service', 'gcp-kubernetes-engine'])
          expect(shown.slice(0, 10), `${id} for ${q}`).toContain(id);
      }
    });

    it('applies a cloud filter as the API does, and a chosen column reorders the same matches', async () => {
      await page.goto(site.url('/services'));
      await page.getByRole('searchbox', { name: 'Search' }).fill('database');
      await page.locator('#t-provider').selectOption('aws');
      const expected = await api({ q: 'database', provider: 'aws' }, 50);
      await expect.poll(shownIds).toEqual(expected.ids);
      await page.locator('button[data-sort="name"]').click();
      await expect.poll(async () => (await shownIds()).slice().sort()).toEqual(expected.ids.slice().sort());
      const names = await page.locator('[data-table-body] tr td:first-child a').allTextContents();
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
      expect(new URL(page.url()).searchParams.get('sort')).toBe('name');
    });

    it('answers every keystroke within one frame, for the real catalogue', async () => {
      await page.goto(site.url('/services'));
      const box = page.getByRole('searchbox', { name: 'Search' });
      await box.fill('s3');
      await expect.poll(shownIds).toEqual((await api({ q: 's3' }, 50)).ids);
      const times = await page.evaluate(
        (queries) => {
          const input = document.querySelector<HTMLInputElement>('form[data-table-filter] input[name=q]')!;
          const body = document.querySelector('[data-table-body]')!;
          const out: number[] = [];
          for (const q of queries)
            for (let i = 1; i <= q.length; i++) {
              let best = Infinity;
              for (let r = 0; r < 3; r++) {
                input.value = r % 2 ? `${q.slice(0, i)} ` : q.slice(0, i);
                const t0 = performance.now();
                input.dispatchEvent(new Event('input', { bubbles: true }));
                body.getBoundingClientRect();
                best = Math.min(best, performance.now() - t0);
              }
              out.push(best);
            }
          return out;
        },
        ['kubernetes', 'object storage', 'kubernets'],
      );
      const sorted = [...times].sort((a, b) => a - b);
      console.log(
        `services table: ${times.length} keystrokes, median ${sorted[sorted.length >> 1]!.toFixed(2)} ms, ` +
          `max ${sorted[sorted.length - 1]!.toFixed(2)} ms`,
      );
      expect(times.filter((ms) => ms >= FRAME_MS)).toEqual([]);
    });
  });

  describe('provider and category listings', () => {
    const visibleIds = () =>
      page
        .locator('[data-service-list] > li[data-service]:not([hidden])')
        .evaluateAll((lis) => lis.map((li) => (li as HTMLElement).dataset.service!));

    const cases = [
      { path: '/providers/aws', facet: { provider: 'aws' }, queries: ['lambda', 'kubernets', 'queue'] },
      { path: '/providers/azure', facet: { provider: 'azure' }, queries: ['k8s', 'postgres'] },
      { path: '/providers/gcp', facet: { provider: 'gcp' }, queries: ['object storage', 'bigqeury'] },
    ];
    for (const { path, facet, queries } of cases)
      it.each(queries)(`${path}: ranks "%s" as GET /v1/services with the same filter`, async (q) => {
        await page.goto(site.url(path));
        await page.getByRole('searchbox', { name: 'Search within these services' }).fill(q);
        const expected = await api({ q, ...facet });
        await expect.poll(visibleIds).toEqual(expected.ids);
        expect(expected.total).toBeLessThanOrEqual(100);
      });

    it('a category page: the filter and the extra facets rank as the API, and clearing the words restores the name order', async () => {
      const category = data.services.find((s) => s.id === 'aws-eks')!.category;
      await page.goto(site.url(`/categories/${category}`));
      const before = await visibleIds();
      const box = page.getByRole('searchbox', { name: 'Search within these services' });
      await box.fill('kubernets');
      const expected = await api({ q: 'kubernets', category });
      await expect.poll(visibleIds).toEqual(expected.ids);
      for (const id of ['aws-eks', 'azure-kubernetes-service', 'gcp-kubernetes-engine'])
        expect(expected.ids).toContain(id);
      await page.locator('summary', { hasText: 'Filters' }).click();
      await page.getByRole('checkbox', { name: /^Google Cloud/ }).check();
      await expect.poll(visibleIds).toEqual((await api({ q: 'kubernets', category, provider: 'gcp' })).ids);
      await page.getByRole('checkbox', { name: /^Google Cloud/ }).uncheck();
      await box.fill('');
      await expect.poll(visibleIds).toEqual(before);
    });
  });

  describe('the compare picker', () => {
    const optionIds = () =>
      page
        .locator('[data-picker-options] li[data-id]')
        .evaluateAll((lis) => lis.map((li) => (li as HTMLElement).dataset.id!));

    it.each(['lambda', 'kubernets', 'k8s', 'postgres', 'cosmos db'])(
      'suggests for "%s" what GET /v1/services ranks first',
      async (q) => {
        await page.goto(site.url('/compare'));
        await page.getByRole('combobox', { name: /Add a service/ }).fill(q);
        const expected = await api({ q }, 8);
        await expect.poll(optionIds).toEqual(expected.ids);
      },
    );

    it('puts AWS Lambda first for "lambda", and leaves out what is already compared', async () => {
      const { ids } = await api({ q: 'lambda' }, 9);
      await page.goto(site.url('/compare'));
      await page.getByRole('combobox', { name: /Add a service/ }).fill('lambda');
      await expect.poll(async () => (await optionIds())[0]).toBe('aws-lambda');
      await page.goto(site.url(`/compare?ids=${ids[0]}`));
      await page.getByRole('combobox', { name: /Add another service/ }).fill('lambda');
      await expect.poll(optionIds).toEqual(ids.slice(1, 9));
    });

    it('without JavaScript, adds the service the index ranks first', async () => {
      const noJs = await site.browser.newContext({ javaScriptEnabled: false });
      const p = await noJs.newPage();
      await p.goto(site.url('/compare'));
      await p.getByRole('searchbox', { name: /Add a service/ }).fill('kubernets');
      await p.getByRole('button', { name: 'Add', exact: true }).click();
      await p.waitForURL(/\/compare\?ids=/);
      expect(new URL(p.url()).searchParams.get('ids')).toBe((await api({ q: 'kubernets' }, 1)).ids[0]);
      await noJs.close();
    });
  });
});

/**
 * The cross-cloud map, the services table, compare as a tool and the home
 * page in Chromium against the built server, with and without JavaScript,
 * and the measurements the README reports (time to interactive, DOM size,
 * JavaScript per page type), written to test-artifacts/measurements.json.
 * Services used are discovered from the built catalogue, never assumed.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { BuiltCatalogueData } from '../../src/core/catalogue.ts';
import type { CapabilityMap } from '../../src/core/map.ts';
import { LIST_STORAGE_KEY } from '../../src/site/list-state.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';
import {
  ARTIFACTS,
  CHROMIUM,
  hasChromium,
  javascriptWeight,
  launch,
  PHONE,
  wordsBrokenAcrossLines,
} from './browser.ts';

const VIEW = { width: 1280, height: 800 };

/** In the page: the focused control, named, when something else is drawn over its middle (a sticky bar); else ''. */
const coveredFocus = () => {
  const e = document.activeElement as HTMLElement | null;
  if (!e || e === document.body) return '';
  const r = e.getBoundingClientRect();
  const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
  return top && (top === e || e.contains(top) || top.contains(e)) ? '' : `${e.tagName} ${e.textContent ?? ''}`;
};

describe.skipIf(!hasChromium)(`map, services table and compare in Chromium (${CHROMIUM})`, () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let data: BuiltCatalogueData;
  let map: CapabilityMap;
  const measurements: Record<string, unknown> = {};
  const url = (path: string) => `${server.url}${path}`;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launch()]);
    data = (await (await fetch(url('/catalogue.json'))).json()) as BuiltCatalogueData;
    map = (await (await fetch(url('/v1/map'))).json()) as CapabilityMap;
    context = await browser.newContext({ viewport: VIEW });
    page = await context.newPage();
  });
  afterAll(async () => {
    writeFileSync(join(ARTIFACTS, 'measurements.json'), JSON.stringify(measurements, null, 2));
    await browser?.close();
    await server?.stop();
  });

  /**
   * A retired service is never an equivalent of one still offered, so on the
   * real catalogue a retired service sits in a row of retired services only
   * (often alone); such rows hide until "Show retired services" is ticked.
   */
  const rowWithRetired = () =>
    map.data.find((r) =>
      Object.values(r.cells)
        .flat()
        .some((s) => s.lifecycleStatus === 'retired'),
    )!;
  /** A row on all three clouds with no retired service. */
  const threeCloudRow = () =>
    map.data.find(
      (r) =>
        Object.values(r.cells).every((c) => c.length) &&
        Object.values(r.cells)
          .flat()
          .every((s) => s.lifecycleStatus !== 'retired'),
    )!;

  it('shows the map by category, hides retired services until asked, and filters by text with the state in the address', async () => {
    const row = rowWithRetired();
    expect(row, 'the map has a row with a retired service').toBeTruthy();
    const retired = Object.values(row.cells)
      .flat()
      .find((s) => s.lifecycleStatus === 'retired')!;
    await page.goto(url('/map'));
    const headers = await page.locator('table.map thead th').allTextContents();
    expect(headers.map((h) => h.trim())).toEqual(['Capability', ...map.providers.map((p) => p.shortName), 'Actions']);
    expect(await page.locator('table.map tbody[data-category]').count()).toBe(map.categories.length);
    const tr = page.locator(`tr[data-row="${row.id}"]`);
    const retiredLink = tr.getByRole('link', { name: retired.name, exact: true });
    await expect(retiredLink.isVisible()).resolves.toBe(false);
    await page.getByLabel('Show retired services').check();
    await expect(retiredLink.isVisible()).resolves.toBe(true);
    await expect(tr.locator('.badge.retired').first().isVisible()).resolves.toBe(true);
    expect(page.url()).toContain('retired=1');
    await page.getByLabel('Show retired services').uncheck();

    // Text filter: a row's name narrows the table to rows with those words, the count says so.
    const live = threeCloudRow();
    const liveTr = page.locator(`tr[data-row="${live.id}"]`);
    await page.getByRole('searchbox', { name: 'Filter capabilities and services' }).fill(live.name);
    await expect.poll(() => liveTr.isVisible()).toBe(true);
    const shown = await page.locator('tr[data-row]:visible').count();
    expect(shown).toBeLessThan(map.data.length);
    await expect(page.locator('[data-map-status]').textContent()).resolves.toMatch(/match$/);
    expect(decodeURIComponent(page.url().replaceAll('+', ' '))).toContain(`q=${live.name}`);
    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Filter capabilities and services' }).inputValue()).resolves.toBe(
      live.name,
    );
    await expect.poll(() => page.locator('tr[data-row]:visible').count()).toBe(shown);
    await page.getByRole('searchbox', { name: 'Filter capabilities and services' }).fill('zzqqxx');
    await expect(page.locator('[data-map-empty]').isVisible()).resolves.toBe(true);
  });

  it('keeps the column headers in view as the page scrolls down the map', async () => {
    await page.setViewportSize(VIEW);
    await page.goto(url('/map'));
    const last = map.categories[map.categories.length - 1]!;
    await page.locator(`tbody[data-category="${last.id}"]`).scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(5000);
    // Each cloud's header is at the top of the window, not thousands of pixels above it.
    for (const p of map.providers) {
      const box = await page.locator(`table.map thead th.col-${p.id}`).boundingBox();
      expect(box!.y, p.id).toBeGreaterThanOrEqual(0);
      expect(box!.y, p.id).toBeLessThan(5);
    }
  });

  it('counts the rows it shows and the ones it hides, adding up to the introduction', async () => {
    const allRetired = map.data.filter((r) =>
      Object.values(r.cells)
        .flat()
        .every((s) => s.lifecycleStatus === 'retired'),
    ).length;
    expect(allRetired, 'the map has rows of retired services only').toBeGreaterThan(0);
    const shown = `${map.data.length - allRetired} capabilities shown, ${allRetired} with only retired services hidden`;
    const status = page.locator('[data-map-status]');
    // The same words from the server and, once its script runs, from the page.
    const noJs = await browser.newContext({ javaScriptEnabled: false, viewport: VIEW });
    const plain = await noJs.newPage();
    await plain.goto(url('/map'));
    await expect(plain.locator('[data-map-status]').textContent()).resolves.toContain(shown);
    await noJs.close();
    await page.goto(url('/map'));
    await expect.poll(() => status.textContent()).toContain(shown);
    await page.getByLabel('Show retired services').check();
    await expect.poll(() => status.textContent()).toBe(`${map.data.length} capabilities`);
    await page.getByLabel('Show retired services').uncheck();
  });

  it('finds a row by what its services are also called, and keeps row names in view on a phone', async () => {
    const vnet = map.data.find((r) => r.cells.azure?.some((s) => s.id === 'azure-virtual-network'))!;
    await page.goto(url('/map'));
    // "VNet" is no service's name, only Azure Virtual Network's keyword.
    await page.getByRole('searchbox', { name: 'Filter capabilities and services' }).fill('vnet');
    await expect.poll(() => page.locator('tr[data-row]:visible').count()).toBeGreaterThan(0);
    expect(
      await page.locator('tr[data-row]:visible').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-row'))),
    ).toContain(vnet.id);

    await page.setViewportSize(PHONE);
    await page.goto(url('/map'));
    const region = page.locator('.table-scroll');
    const name = page.locator(`tr[data-row="${vnet.id}"] th[scope="row"]`);
    await name.scrollIntoViewIfNeeded();
    // Then sideways: the columns move left under the row name, which stays at the region's left edge.
    expect(await region.evaluate((el) => ((el.scrollLeft = 300), el.scrollLeft))).toBeGreaterThan(100);
    const [nameBox, regionBox] = [await name.boundingBox(), await region.boundingBox()];
    expect(Math.abs(nameBox!.x - regionBox!.x)).toBeLessThan(2);
    // So do the corner over them and the category's heading: no cloud's heading over the row names, no cut name.
    const corner = await page.locator('table.map thead th').first().boundingBox();
    expect(Math.abs(corner!.x - regionBox!.x)).toBeLessThan(2);
    const heading = await name.locator('xpath=ancestor::tbody').locator('tr.cat-head th > span').first().boundingBox();
    expect(heading!.x).toBeGreaterThanOrEqual(regionBox!.x);
    // Tab through the links: each one focused is in view beside the row names, not under them nor cut off at the
    // region's right edge.
    await page.goto(url('/map'));
    const hidden: string[] = [];
    let links = 0;
    for (let i = 0; i < 160; i++) {
      await page.keyboard.press('Tab');
      const covered = await page.evaluate(() => {
        const a = document.activeElement;
        const th = a?.closest('table.map td')?.closest('tr')?.querySelector('th[scope="row"]');
        const scroller = a?.closest('.table-scroll');
        if (!a || !th || !scroller) return null;
        const [link, names, box] = [
          a.getBoundingClientRect(),
          th.getBoundingClientRect(),
          scroller.getBoundingClientRect(),
        ];
        const under = Math.max(0, Math.min(link.right, names.right) - Math.max(link.left, names.left)) > 1;
        const cut = link.width < box.right - names.right && link.right > box.right + 1;
        return under || cut ? (a.textContent ?? '') : '';
      });
      if (covered === null) continue;
      links++;
      if (covered) hidden.push(covered);
    }
    expect(links).toBeGreaterThan(50);
    expect(hidden).toEqual([]);
    await page.setViewportSize(VIEW);
  });

  it('adds a row to my list and compares a row', async () => {
    const row = threeCloudRow();
    await page.goto(url('/map'));
    await page.evaluate((k) => localStorage.removeItem(k), LIST_STORAGE_KEY);
    await page.reload();
    const tr = page.locator(`tr[data-row="${row.id}"]`);
    // By keyboard, as someone tabbing through the map would.
    await tr.getByRole('button', { name: /Add row/ }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate((k) => localStorage.getItem(k), LIST_STORAGE_KEY)).not.toBeNull();
    const stored = await page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? '{}').ids, LIST_STORAGE_KEY);
    // What an approved list wants: the services that take new projects (a closed one is added on its own).
    const notRetired = Object.values(row.cells)
      .flat()
      .filter((s) => s.lifecycleStatus !== 'retired');
    const open = notRetired.filter((s) => !s.lifecycleStatus || s.lifecycleStatus === 'preview');
    const active = (open.length ? open : notRetired).map((s) => s.id);
    expect(new Set(stored)).toEqual(new Set(active));
    // Done, and said so; it keeps the keyboard focus that pressed it (a disabled button would drop it to the page).
    const done = tr.getByRole('button', {
      name: new RegExp(`^In my list\\s*: ${row.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
    });
    await expect(done.getAttribute('aria-disabled')).resolves.toBe('true');
    await expect(done.evaluate((b) => b === document.activeElement)).resolves.toBe(true);
    await expect(page.locator('[data-list-count]').first().textContent()).resolves.toBe(String(active.length));

    await tr.getByRole('link', { name: /Compare row/ }).click();
    await page.waitForURL(/\/compare\?ids=/);
    const compared = (await page.locator('table.compare thead th').allTextContents()).map((t) => t.trim());
    const byId = new Map(data.services.map((s) => [s.id, s.name]));
    expect(new Set(compared)).toEqual(new Set(active.slice(0, 10).map((id) => byId.get(id))));
  });

  it('downloads the map as CSV and markdown from the page, the same rows as the API', async () => {
    await page.goto(url('/map'));
    const csvHref = await page.getByRole('link', { name: 'CSV' }).getAttribute('href');
    const mdHref = await page.getByRole('link', { name: 'Markdown' }).getAttribute('href');
    const csv = await (await fetch(url(csvHref!))).text();
    const md = await (await fetch(url(mdHref!))).text();
    expect(csv.split('\r\n').length - 2).toBe(map.data.length);
    expect(md).toContain(`## ${map.categories[0]!.name}`);
  });

  it('works without JavaScript: category pages, retired toggle, compare links', async () => {
    const noJs = await browser.newContext({ javaScriptEnabled: false, viewport: VIEW });
    const p = await noJs.newPage();
    await p.goto(url('/map'));
    const category = map.categories[1]!;
    await p.getByRole('navigation', { name: 'Map categories' }).getByRole('link', { name: category.name }).click();
    await p.waitForURL(`**/map/${category.id}`);
    expect(await p.locator('table.map tbody[data-category]').count()).toBe(1);
    expect(await p.locator('tr[data-row]').count()).toBe(map.data.filter((r) => r.category === category.id).length);
    const row = rowWithRetired();
    await p.goto(url(`/map/${row.category}`));
    const retired = p.locator(`tr[data-row="${row.id}"] li[data-retired]`).first();
    await expect(retired.isVisible()).resolves.toBe(false);
    await p.getByLabel('Show retired services').check();
    await expect(retired.isVisible()).resolves.toBe(true);
    const live = threeCloudRow();
    await p.goto(url(`/map/${live.category}`));
    // The text filter needs the script, so it is not offered; "Add row" stays hidden.
    await expect(p.getByRole('searchbox').count()).resolves.toBe(0);
    await expect(p.locator('button[data-row-add]:visible').count()).resolves.toBe(0);
    await p
      .locator(`tr[data-row="${live.id}"]`)
      .getByRole('link', { name: /Compare row/ })
      .click();
    await p.waitForURL(/\/compare\?/);
    await expect(p.locator('table.compare thead th').count()).resolves.toBeGreaterThan(1);
    await noJs.close();
  });

  it('shows at least 20 services at 1280 × 800 in a small DOM, sorts by a column, and keeps the view in the address', async () => {
    await page.goto(url('/services'));
    await page.locator('th button.sort').first().waitFor();
    const inView = await page.evaluate(
      () =>
        [...document.querySelectorAll('.services-table tbody tr')].filter(
          (r) => r.getBoundingClientRect().bottom <= innerHeight,
        ).length,
    );
    expect(inView).toBeGreaterThanOrEqual(20);
    const domSize = await page.evaluate(() => document.querySelectorAll('*').length);
    expect(domSize).toBeLessThan(1500);
    measurements.servicesDomElements = domSize;
    measurements.servicesRowsInView1280x800 = inView;

    await page.getByRole('button', { name: 'Category', exact: true }).click();
    await expect(page.locator('th[aria-sort="ascending"]').textContent()).resolves.toBe('Category');
    const first = await page.locator('.services-table tbody tr td:nth-child(3)').first().textContent();
    const categoryNames = data.categories
      .filter((c) => data.services.some((s) => s.category === c.id))
      .map((c) => c.name)
      .sort((a, b) => a.localeCompare(b, 'en'));
    expect(first).toBe(categoryNames[0]);
    await page.getByRole('button', { name: 'Category', exact: true }).click();
    await expect(page.locator('th[aria-sort="descending"]').textContent()).resolves.toBe('Category');
    expect(await page.locator('.services-table tbody tr td:nth-child(3)').first().textContent()).toBe(
      categoryNames.at(-1),
    );
    await page.getByLabel('Cloud', { exact: true }).selectOption('azure');
    await page.getByRole('button', { name: 'Next page' }).click();
    // The pager is made anew: the focus is on its "Next page" again, for the next press, not on the page.
    await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).resolves.toBe('Next page');
    expect(page.url()).toMatch(/provider=azure/);
    expect(page.url()).toMatch(/sort=-category/);
    expect(page.url()).toMatch(/page=2/);

    // The shared address restores the same view in a fresh page.
    const shared = page.url();
    const other = await context.newPage();
    await other.goto(shared);
    await other.locator('th button.sort').first().waitFor();
    await expect(other.getByLabel('Cloud', { exact: true }).inputValue()).resolves.toBe('azure');
    await expect(other.locator('th[aria-sort="descending"]').textContent()).resolves.toBe('Category');
    await expect(other.locator('[data-table-status]').textContent()).resolves.toMatch(/page 2 of/);
    const providers = await other
      .locator('.services-table tbody tr')
      .evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.provider));
    expect(new Set(providers)).toEqual(new Set(['azure']));
    await expect(other.locator('[data-table-pager]').isVisible()).resolves.toBe(true);
    // Words that leave one page of results: no pager (a lone "1" would be a control that does nothing).
    await other.getByLabel('Search', { exact: true }).fill('postgres');
    await expect
      .poll(() => other.locator('[data-table-status]').textContent())
      .toMatch(/^\d+ services? of \d+ match, [^·]+$/);
    await expect(other.locator('[data-table-pager]').isVisible()).resolves.toBe(false);
    // The filters and the Clear button fit one line at 1280 px (the widest select is capped).
    const clear = (await other.getByRole('button', { name: 'Clear' }).boundingBox())!;
    const search = (await other.getByLabel('Search', { exact: true }).boundingBox())!;
    expect(clear.y).toBeLessThan(search.y + search.height);
    await other.close();
  });

  it('keeps the compare tray in view while ticking down the table', async () => {
    await page.goto(url('/services'));
    await page.locator('th button.sort').first().waitFor();
    await page.evaluate(() => sessionStorage.clear());
    await page.reload();
    await page.locator('th button.sort').first().waitFor();
    const boxes = page.locator('input[data-compare]');
    for (const i of [0, 10, 25, 40]) {
      await boxes.nth(i).scrollIntoViewIfNeeded();
      await boxes.nth(i).check();
      const tray = await page.locator('[data-compare-tray]').boundingBox();
      expect(tray, 'tray visible').toBeTruthy();
      expect(tray!.y + tray!.height).toBeLessThanOrEqual(VIEW.height + 1);
      expect(tray!.y).toBeGreaterThanOrEqual(0);
    }
    await expect(page.locator('[data-compare-submit]').textContent()).resolves.toBe('Compare 4 services');
    // Tabbing down the table, no control the keyboard reaches is hidden under the tray.
    await boxes.nth(0).focus();
    const hidden: string[] = [];
    for (let i = 0; i < 80; i++) {
      await page.keyboard.press('Tab');
      const under = await page.evaluate(coveredFocus);
      if (under) hidden.push(under);
    }
    expect(hidden).toEqual([]);
    // Removing a chip by keyboard gives the keyboard to the next chip; the last one, to the service's own box.
    const chips = page.locator('[data-tray-remove]');
    const ticked = await chips.evaluateAll((b) => b.map((x) => (x as HTMLElement).dataset.trayRemove!));
    expect(ticked).toHaveLength(4);
    const focusedChip = () => page.evaluate(() => (document.activeElement as HTMLElement).dataset.trayRemove);
    await chips.first().focus();
    await page.keyboard.press('Enter');
    await expect(focusedChip()).resolves.toBe(ticked[1]);
    // "Clear" empties the tray: the keyboard goes to the first ticked service's box, not to the top of the page.
    await page.locator('[data-tray-clear]').focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('[data-compare-tray]').isHidden()).resolves.toBe(true);
    await expect(page.evaluate(() => (document.activeElement as HTMLInputElement).value)).resolves.toBe(ticked[1]);
  });

  it('keeps the compare tray out of the way where the window is short (400% zoom), in view on a phone', async () => {
    const small = await browser.newContext({ viewport: { width: 320, height: 256 } });
    const p = await small.newPage();
    await p.goto(url('/services'));
    await p.locator('input[data-compare]').first().waitFor();
    for (const i of [0, 1, 2]) await p.locator('input[data-compare]').nth(i).check();
    const tray = p.locator('[data-compare-tray]');
    await expect(tray.isVisible()).resolves.toBe(true);
    // In the page, below the table, not over it.
    await expect(tray.evaluate((t) => getComputedStyle(t).position)).resolves.toBe('static');
    await small.close();
    // A phone held upright has the room: the tray stays in view there, as on a desktop.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const q = await phone.newPage();
    await q.goto(url('/services'));
    await q.locator('input[data-compare]').first().waitFor();
    await q.locator('input[data-compare]').first().check();
    await expect(q.locator('[data-compare-tray]').evaluate((t) => getComputedStyle(t).position)).resolves.toBe(
      'sticky',
    );
    await phone.close();
  });

  it('keeps the keyboard clear of the listings’ sticky compare row, going back up the list', async () => {
    await page.goto(url('/categories/storage'));
    await page.locator('input[data-compare]').first().waitFor();
    for (let i = 0; i < 45; i++) await page.keyboard.press('Tab');
    const hidden: string[] = [];
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press('Shift+Tab');
      const under = await page.evaluate(coveredFocus);
      if (under) hidden.push(under);
    }
    expect(hidden).toEqual([]);
  });

  it('keeps the keyboard clear of the map’s sticky column headings, going back up the rows', async () => {
    await page.setViewportSize(VIEW);
    await page.goto(url('/map'));
    await page.locator('table.map tr[data-row]').first().waitFor();
    // Far enough down that going back up scrolls the rows under the headings at the top of the window.
    for (let i = 0; i < 200; i++) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    const hidden: string[] = [];
    for (let i = 0; i < 150; i++) {
      await page.keyboard.press('Shift+Tab');
      const under = await page.evaluate(coveredFocus);
      if (under) hidden.push(under);
    }
    expect(hidden).toEqual([]);
  });

  it('pages without JavaScript through prerendered pages', async () => {
    const noJs = await browser.newContext({ javaScriptEnabled: false, viewport: VIEW });
    const p = await noJs.newPage();
    await p.goto(url('/services'));
    await p.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Page 2' }).click();
    await p.waitForURL('**/services/page/2');
    const names = await p.locator('.services-table tbody tr td:first-child a').allTextContents();
    const sorted = [...data.services].sort((a, b) => a.name.localeCompare(b.name, 'en')).map((s) => s.name);
    expect(names).toEqual(sorted.slice(50, 100));
    await noJs.close();
  });

  it('picks services on /compare by search, up to 10, and removes one', async () => {
    const active = data.services.filter((s) => !s.lifecycle);
    const target = active.find((s) => s.provider === 'gcp')!;
    await page.goto(url('/compare'));
    await expect(page.getByText('Nothing to compare yet').isVisible()).resolves.toBe(true);
    const input = page.getByRole('combobox', { name: /Add a service/ });
    // A page just opened leaves the keyboard at its top: no field takes it (and no phone keyboard opens) unasked.
    await expect(input.evaluate((i) => i === document.activeElement)).resolves.toBe(false);
    await input.fill(target.name);
    const option = page.getByRole('option', { name: new RegExp(target.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
    await option.first().waitFor();
    // Escape closes the suggestions and keeps the words; the arrow opens them again.
    await input.press('Escape');
    await expect(page.locator('[data-picker-options]').isHidden()).resolves.toBe(true);
    await expect(input.inputValue()).resolves.toBe(target.name);
    await input.press('ArrowDown');
    await option.first().waitFor();
    // Leaving the field by keyboard closes them: left open, they covered the controls below, the focused one too.
    await input.press('Tab');
    await expect(page.locator('[data-picker-options]').isHidden()).resolves.toBe(true);
    await input.focus();
    await input.press('ArrowDown');
    await option.first().waitFor();
    await input.press('ArrowDown');
    // The option the arrow keys chose is marked by an outline, not only a pale fill.
    await expect(
      page.locator('[data-picker-options] li.active').evaluate((li) => getComputedStyle(li).outlineStyle),
    ).resolves.toBe('solid');
    await input.press('Enter');
    await page.waitForURL(/\/compare\?ids=/);
    expect(page.url()).toContain(target.id);
    // The keyboard is back in the picker for the next service, as if the page had not changed.
    const again = page.getByRole('combobox', { name: /Add another service/ });
    await expect.poll(() => again.evaluate((i) => i === document.activeElement)).toBe(true);
    // So it is after a name typed whole and sent with Enter, which the form posts.
    const second = active.find((s) => s.provider === 'aws' && s.name !== target.name)!;
    await again.fill(second.name);
    await again.press('Enter');
    await page.waitForURL(new RegExp(`ids=[^&]*${second.id}`));
    await expect.poll(() => again.evaluate((i) => i === document.activeElement)).toBe(true);
    // Opened by its address (a shared link), the page leaves focus alone.
    await page.goto(url(`/compare?ids=${target.id}`));
    await expect(again.evaluate((i) => i === document.activeElement)).resolves.toBe(false);
    // Fill to 10 through the address, then the picker refuses an 11th.
    const ten = active.slice(0, 10).map((s) => s.id);
    await page.goto(url(`/compare?ids=${ten.join(',')}`));
    await expect(page.getByRole('combobox', { name: /Add another service/ }).isDisabled()).resolves.toBe(true);
    // Removed by keyboard: the page that opens gives the keyboard to the picker, not to the top of the page.
    await page.getByRole('link', { name: `Remove ${active[0]!.name}` }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/compare\\?ids=${ten[1]}`));
    await expect(page.locator('table.compare thead th').count()).resolves.toBe(9);
    await expect.poll(() => again.evaluate((i) => i === document.activeElement)).toBe(true);
    // A name that matches nothing, sent: the message holds until the words change, then goes with the invalid mark.
    await again.fill('zzqqxx nothing');
    await again.press('Enter');
    await page.getByRole('alert').waitFor();
    await expect(again.getAttribute('aria-invalid')).resolves.toBe('true');
    const closed = data.services.find((s) => s.lifecycle?.status === 'deprecated')!;
    await again.fill(closed.name);
    await expect(again.getAttribute('aria-invalid')).resolves.toBeNull();
    await expect(page.locator('#pick-problem').count()).resolves.toBe(0);
    // A suggestion that is not active carries its badge, as the page's equivalents do.
    const suggestion = page.getByRole('option', {
      name: new RegExp(closed.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
    });
    await expect(suggestion.first().locator('.badge').textContent()).resolves.toBe('Deprecated');
  });

  it('adds by typed name without JavaScript, and suggests only equivalents that are not retired', async () => {
    const noJs = await browser.newContext({ javaScriptEnabled: false, viewport: VIEW });
    const p = await noJs.newPage();
    const target = data.services.find((s) => !s.lifecycle && s.provider === 'azure')!;
    await p.goto(url('/compare'));
    await p.getByRole('searchbox', { name: /Add a service/ }).fill(target.name);
    await p.getByRole('button', { name: 'Add', exact: true }).click();
    await p.waitForURL(/\/compare\?ids=/);
    expect((await p.locator('table.compare thead th').allTextContents()).map((t) => t.trim())).toEqual([target.name]);
    await p.getByRole('searchbox', { name: /Add another/ }).fill('zzqqxx nothing');
    await p.getByRole('button', { name: 'Add', exact: true }).click();
    await expect.poll(() => p.getByRole('alert').textContent()).toContain('No service matches');
    // The words stay in the field to correct, which says it is invalid and is described by the message.
    const field = p.getByRole('searchbox', { name: /Add another/ });
    await expect(field.inputValue()).resolves.toBe('zzqqxx nothing');
    await expect(field.getAttribute('aria-invalid')).resolves.toBe('true');
    const described = (await field.getAttribute('aria-describedby'))!.split(' ');
    await expect(p.locator(`#${described[0]}`).textContent()).resolves.toContain('No service matches');

    // A service with a retired equivalent: neither the suggestions nor its page's compare link offer the retired one.
    const retiredIds = new Set(data.services.filter((s) => s.lifecycle?.status === 'retired').map((s) => s.id));
    const peers = (s: (typeof data.services)[number]) =>
      Object.values(s.equivalents).flatMap((v) => (typeof v === 'string' ? [v] : v));
    const withRetired = data.services.find((s) => !s.lifecycle && peers(s).some((id) => retiredIds.has(id)));
    if (withRetired) {
      await p.goto(url(`/compare?ids=${withRetired.id}`));
      const suggested = await p.locator('.suggestions a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      for (const href of suggested) for (const id of retiredIds) expect(href).not.toMatch(new RegExp(`[=,]${id}(,|$)`));
      await p.goto(url(`/services/${withRetired.slug}`));
      const href = await p.locator('[data-compare-equivalents]').getAttribute('href');
      const ids = new URL(href!, server.url).searchParams.get('ids')!.split(',');
      expect(ids.filter((id) => retiredIds.has(id))).toEqual([]);
    }
    await noJs.close();
  });

  it('leads the home page with search, the map and dated upcoming changes', async () => {
    await page.goto(url('/'));
    const order = await page.evaluate(() =>
      [...document.querySelectorAll('main h1, main h2')].map((h) => h.textContent?.trim()),
    );
    expect(order.slice(0, 3)).toEqual([
      expect.stringContaining('Every cloud service'),
      'The cross-cloud map',
      'Upcoming changes',
    ]);
    await expect(page.getByRole('searchbox', { name: 'Search the catalogue' }).isVisible()).resolves.toBe(true);
    const items = page.locator('[data-upcoming] .timeline li');
    const times = await items.locator('time').evaluateAll((ts) => ts.map((t) => t.getAttribute('datetime')!));
    const built = data.builtOn;
    for (const t of times) {
      expect(t >= built).toBe(true);
      expect((Date.parse(t) - Date.parse(built)) / 86_400_000).toBeLessThanOrEqual(90);
    }
    expect([...times].sort()).toEqual(times);
    if (!times.length) await expect(page.locator('[data-upcoming] .state').isVisible()).resolves.toBe(true);
    await expect(page.locator('[data-upcoming] a', { hasText: /lifecycle changes/ }).count()).resolves.toBe(1);
  });

  it('shows a scroll cue on wide tables at 360 px and keeps their words whole', async () => {
    await page.setViewportSize(PHONE);
    try {
      for (const path of [
        '/map',
        `/compare?ids=${map.data[0]!.cells.aws![0]?.id ?? data.services[0]!.id},${data.services[1]!.id}`,
      ]) {
        await page.goto(url(path));
        await expect.poll(() => page.locator('.scroll-hint:visible').count()).toBeGreaterThan(0);
        await expect(wordsBrokenAcrossLines(page, 'thead th, .badge')).resolves.toEqual([]);
        // A region that scrolls is a keyboard stop, so the keyboard can scroll it.
        await expect(page.locator('.table-scroll').first().getAttribute('tabindex')).resolves.toBe('0');
      }
    } finally {
      await page.setViewportSize(VIEW);
    }
    // Where the table fits, the region is no stop: it would only ring the whole table.
    await page.goto(url('/services'));
    await page.locator('th button.sort').first().waitFor();
    await expect.poll(() => page.locator('.table-scroll').first().getAttribute('tabindex')).toBeNull();
  });

  it('measures time to interactive of /services and /map and the JavaScript of each page type', async () => {
    const fresh = await browser.newContext({ viewport: VIEW });
    const p = await fresh.newPage();
    // "Interactive": the island has run (sort buttons on /services, the filter field shown on /map).
    const timeTo = async (path: string, ready: string) => {
      const t0 = Date.now();
      await p.goto(url(path));
      await p.locator(ready).first().waitFor({ state: 'visible' });
      return Date.now() - t0;
    };
    measurements.timeToInteractiveMs = {
      services: await timeTo('/services', 'th button.sort'),
      map: await timeTo('/map', '#map-q'),
    };
    measurements.mapDomElements = await p.evaluate(() => document.querySelectorAll('*').length);
    const pages: Record<string, string> = {
      home: '/',
      service: `/services/${data.services[0]!.slug}`,
      services: '/services',
      map: '/map',
      compare: `/compare?ids=${data.services[0]!.id},${data.services[1]!.id}`,
      builder: '/list',
    };
    const js: Record<string, number> = {};
    for (const [type, path] of Object.entries(pages)) js[type] = (await javascriptWeight(p, url(path))).gzipped;
    measurements.javascriptGzippedBytes = js;
    console.log(JSON.stringify(measurements));
    expect(js.service!).toBeLessThan(50 * 1024);
    for (const type of ['services', 'map', 'compare', 'home', 'builder']) expect(js[type]!).toBeLessThan(50 * 1024);
    await fresh.close();
  });
});

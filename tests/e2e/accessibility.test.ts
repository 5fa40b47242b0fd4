/**
 * Every page type in Chromium: an axe-core scan, the document checks, no
 * horizontal overflow at 360 px, images with dimensions, in light and dark,
 * with screenshots (test-artifacts/); tables and badges whole at phone width;
 * keyboard use with visible focus rings.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ServiceEntry } from '../../src/core/schemas.ts';
import { openSite, type Site } from './site.ts';
import {
  DESKTOP,
  documentProblems,
  hasChromium,
  imagesWithoutDimensions,
  overflowPx,
  PHONE,
  screenshots,
  seriousViolations,
  wordsBrokenAcrossLines,
} from './browser.ts';

/** Every page type scanned and screenshotted. */
const PAGE_TYPES = [
  'home',
  'service',
  'lifecycle',
  'timeline',
  'listing',
  'provider',
  'category',
  'search',
  'compare',
  'compareEmpty',
  'map',
  'mapCategory',
  'builder',
  'shared',
  'api',
  'status',
  'feedback',
  'notFound',
] as const;

describe.skipIf(!hasChromium)('website in Chromium: accessibility and layout', () => {
  const pageTypes: Record<string, string> = {};
  let site: Site;
  let page: Page;
  let trio: ServiceEntry[];
  let changing: ServiceEntry;
  const url = (path: string) => site.url(path);

  beforeAll(async () => {
    site = await openSite();
    ({ page, trio, changing } = site);
    // A saved list with a lifecycle warning in it, for the shared-list page.
    const saved = await fetch(url('/v1/lists'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Shared list', approvedServiceIds: [...trio, changing].map((s) => s.id) }),
    });
    expect(saved.status).toBe(201);
    const { id } = (await saved.json()) as { id: string };
    Object.assign(pageTypes, {
      home: '/',
      service: `/services/${trio[0]!.slug}`,
      lifecycle: `/services/${changing.slug}`,
      timeline: '/lifecycle',
      listing: '/services',
      provider: '/providers/aws',
      category: `/categories/${trio[0]!.category}`,
      // What the listing filters submit without JavaScript.
      search: `/search?provider=aws&category=${trio[0]!.category}`,
      compare: `/compare?ids=${trio.map((s) => s.id).join(',')}`,
      compareEmpty: '/compare',
      map: '/map',
      mapCategory: `/map/${trio[0]!.category}`,
      builder: '/list',
      shared: `/lists/${id}`,
      api: '/api',
      status: '/status',
      feedback: '/feedback',
      notFound: '/services/no-such-service',
    });
  });
  afterAll(() => site?.close());

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

  it('a search by words shows its first result on a phone’s first screen; set filters open the panel', async () => {
    await page.setViewportSize(PHONE);
    try {
      await page.goto(url('/search?q=storage'));
      await expect(page.locator('form.filter-form details').getAttribute('open')).resolves.toBeNull();
      const first = await page.locator('[data-service-list] li').first().boundingBox();
      expect(first, 'a first result').not.toBeNull();
      expect(first!.y).toBeLessThan(PHONE.height);
      await page.goto(url('/search?q=storage&provider=aws'));
      await expect(page.locator('form.filter-form details').getAttribute('open')).resolves.not.toBeNull();
    } finally {
      await page.setViewportSize(DESKTOP);
    }
  });

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
    const before = await button.getAttribute('data-in-list');
    let reached = false;
    for (let i = 0; i < 30 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await button.evaluate((e) => e === document.activeElement);
    }
    expect(reached, 'Tab reaches the add button').toBe(true);
    await expect(button.evaluate((e) => getComputedStyle(e).outlineStyle)).resolves.not.toBe('none');
    await page.keyboard.press('Enter');
    await expect.poll(() => button.getAttribute('data-in-list')).not.toBe(before);
    // Its name says what pressing it does now; no pressed state is announced beside a label that changes.
    await expect(button.getAttribute('aria-pressed')).resolves.toBeNull();
    const now = await button.getAttribute('data-in-list');
    await expect(button.innerText()).resolves.toMatch(now === 'true' ? /^In my list \(remove\)/ : /^Add to my list/);
  });

  it('announces the home search’s count once typing pauses, not at every keystroke', async () => {
    await page.goto(url('/'));
    const box = page.getByRole('searchbox').first();
    await box.waitFor();
    await page.evaluate(() => {
      const said = document.getElementById('search-said')!;
      (window as unknown as { said: string[] }).said = [];
      new MutationObserver(() => (window as unknown as { said: string[] }).said.push(said.textContent ?? '')).observe(
        said,
        { childList: true, characterData: true, subtree: true },
      );
    });
    await box.pressSequentially('kubernetes', { delay: 60 });
    // Said once typing pauses (twice or three times at most on a machine that stalls the typing), never once a key.
    const said = () => page.evaluate(() => (window as unknown as { said: string[] }).said);
    await expect.poll(async () => (await said()).length).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 700));
    expect((await said()).length).toBeLessThanOrEqual(3);
    expect((await said()).at(-1)).toMatch(/\d/);
  });

  it.each([
    ['/map', '[data-map-status]', /capabilit(y|ies) match$/],
    ['/services', '[data-table-status]', /match, best match first/],
    ['/providers/aws', '[data-filter-status]', /match the filters, best match first$/],
  ])('%s shows its count at every keystroke and tells it once typing pauses', async (path, line, counted) => {
    await page.goto(url(path));
    const box = page.locator(`form input[name=q]`).first();
    await box.waitFor();
    // The services table's script has started (it hides its no-script button first); what is typed before its index
    // arrives is shown once it has.
    if (path === '/services') await page.locator('[data-needs-no-js][hidden]').first().waitFor({ state: 'attached' });
    await page.evaluate((sel) => {
      const said = document.querySelector(`${sel} + [role=status]`)!;
      (window as unknown as { said: string[] }).said = [];
      new MutationObserver(() => (window as unknown as { said: string[] }).said.push(said.textContent ?? '')).observe(
        said,
        { childList: true, characterData: true, subtree: true },
      );
    }, line);
    // The visible line is no live region: only the status beside it speaks.
    await expect(page.locator(line).getAttribute('role')).resolves.toBeNull();
    await box.pressSequentially('kubernetes', { delay: 60 });
    await expect(page.locator(line).textContent()).resolves.toMatch(counted);
    const said = () => page.evaluate(() => (window as unknown as { said: string[] }).said);
    await expect.poll(async () => (await said()).length).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 700));
    expect((await said()).length).toBeLessThanOrEqual(3);
    expect((await said()).at(-1)).toMatch(counted);
  });

  it('says what "Add to my list" did in a status a screen reader reads, naming the service and the count', async () => {
    const s = trio[0]!;
    await page.goto(url(`/services/${s.slug}`));
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    const button = page.locator(`button[data-list-toggle="${s.id}"]`);
    const said = page.locator('[data-list-said][role=status]');
    // There, empty, before anything is said in it: a live region added with its text is not always read.
    await expect(said.count()).resolves.toBe(1);
    await expect(said.textContent()).resolves.toBe('');
    await button.click();
    await expect.poll(() => said.textContent()).toBe(`Added ${s.name} to your list (1 service).`);
    await button.click();
    await expect.poll(() => said.textContent()).toBe(`Removed ${s.name} from your list (0 services).`);
  });

  it('clears the list with the keyboard on the list it emptied, saying so; the details below the bar are not announced', async () => {
    await page.goto(url('/list'));
    await page.evaluate(
      ([key, ids]) =>
        localStorage.setItem(key!, JSON.stringify({ name: 'Cleared', description: '', ids: JSON.parse(ids!) })),
      ['csc.approved-list.v1', JSON.stringify(trio.map((s) => s.id))],
    );
    await page.reload();
    await page.locator(`[data-listed="${trio[0]!.id}"]`).waitFor();
    // A policy made, then the list changed: the panel's notice is read where it stands; the bar alone announces.
    await page.locator('button[data-policy="aws"]').click();
    await page.locator('[data-policy-result="aws"] [data-policy-download]').waitFor();
    await page.locator(`[data-listed="${trio[0]!.id}"] .listed-remove`).click();
    await expect.poll(() => page.locator('[data-bar-status]').textContent()).toMatch(/The list has changed/);
    const livePanels = await page
      .locator('[data-policy-result] [role=status], [data-policy-result] [role=alert]')
      .count();
    expect(livePanels).toBe(0);
    page.once('dialog', (d) => void d.accept());
    await page.locator('[data-list-clear]').click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.hasAttribute('data-list-groups'))).toBe(true);
    await expect(page.locator('[data-bar-status]').textContent()).resolves.toBe(
      'Your list is empty now: every service was removed.',
    );
  });

  it('keeps every part of a listed service inside a 320 px window: the remove button too', async () => {
    const narrow = await site.browser.newContext({ viewport: { width: 320, height: 640 } });
    const p = await narrow.newPage();
    await p.goto(url('/list'));
    await p.evaluate(
      ([key, ids]) =>
        localStorage.setItem(key!, JSON.stringify({ name: 'Narrow', description: '', ids: JSON.parse(ids!) })),
      ['csc.approved-list.v1', JSON.stringify([...trio, changing].map((s) => s.id))],
    );
    await p.reload();
    await p.locator(`[data-listed="${changing.id}"]`).waitFor();
    await expect(p.evaluate(() => document.documentElement.scrollWidth - innerWidth)).resolves.toBeLessThanOrEqual(0);
    for (const s of [...trio, changing]) {
      const box = (await p.locator(`[data-listed="${s.id}"] .listed-remove`).boundingBox())!;
      expect(box.x + box.width, s.id).toBeLessThanOrEqual(320);
    }
    await narrow.close();
  });

  it('takes down the "tick a service" message of a listing once a service is ticked', async () => {
    await page.goto(url(`/categories/${trio[0]!.category}`));
    const boxes = page.locator('input[data-compare]');
    await boxes.first().waitFor();
    await page.locator('[data-compare-submit]').first().click();
    const hint = page.locator('[data-compare-hint]');
    await expect(hint.textContent()).resolves.toMatch(/Tick at least one service/);
    await boxes.first().check();
    await expect.poll(() => hint.count()).toBe(0);
  });

  it('runs every page type under the Content-Security-Policy without a violation', async () => {
    for (const path of Object.values(pageTypes)) {
      const r = await page.goto(url(path));
      expect(r?.headers()['content-security-policy'], path).toMatch(/script-src 'self'/);
    }
    // Every earlier test on the main context counts too.
    expect(site.cspViolations).toEqual([]);
  });
});

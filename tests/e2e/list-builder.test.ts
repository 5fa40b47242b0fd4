/**
 * The approved-list builder in Chromium, as one story whose tests run in
 * order and share state: build a list across the three clouds, download it
 * from the action bar that stays in view (interchange JSON, markdown, each
 * policy in one click, all validated), save and open the share link, import
 * the downloaded file and the compact form by picker and by drag and drop, a
 * network failure, and ids the catalogue no longer knows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { BuiltCatalogueData } from '../../src/core/catalogue.ts';
import type { ServiceEntry } from '../../src/core/schemas.ts';
import { openSite, type Site } from './site.ts';
import { readFileSync } from 'node:fs';
import { validateServiceList } from '../../src/core/service-list.ts';
import { lifecycleLabels } from '../../src/site/format.ts';
import { LIST_STORAGE_KEY } from '../../src/site/list-state.ts';
import { validateScp } from '../validators/aws-scp.ts';
import { validateAzurePolicyDefinition } from '../validators/azure-policy.ts';
import { validateGcpPolicy } from '../validators/gcp-org-policy.ts';
import { DESKTOP, hasChromium } from './browser.ts';

describe.skipIf(!hasChromium)('website in Chromium: the approved-list builder', () => {
  let shareUrl: string;
  let exportedFile: string;
  let site: Site;
  let page: Page;
  let browser: Browser;
  let data: BuiltCatalogueData;
  let trio: ServiceEntry[];
  let changing: ServiceEntry;
  const url = (path: string) => site.url(path);
  const headerCount = (p: Page = page) => site.headerCount(p);

  beforeAll(async () => {
    site = await openSite();
    ({ page, browser, data, trio, changing } = site);
  });
  afterAll(() => site?.close());

  it('builds a list across the three clouds that survives a reload', async () => {
    for (const s of [...trio, changing]) {
      await page.goto(url(`/services/${s.slug}`));
      const button = page.locator(`button[data-list-toggle="${s.id}"]`);
      await button.click();
      await expect(button.getAttribute('data-in-list')).resolves.toBe('true');
      await expect(button.getByText('In my list (remove)').count()).resolves.toBe(1);
    }
    await expect(headerCount()).resolves.toBe(4);
    // Remove and add again from the services table, found through its search (the address keeps it).
    await page.goto(url(`/services?q=${encodeURIComponent(changing.name)}`));
    await page.locator(`button[data-list-toggle="${changing.id}"]`).click();
    await expect.poll(() => headerCount()).toBe(3);
    await page.locator(`button[data-list-toggle="${changing.id}"]`).click();
    await page.goto(url('/list'));
    await page.reload();
    await expect.poll(() => headerCount()).toBe(4);
    await page.getByLabel('Name', { exact: true }).fill('Platform team approved services');
    await page.getByLabel('Description (optional)').fill('Reviewed by the cloud board.');
    // The builder renders after /catalogue.json loads: wait for it rather than read the page too early.
    for (const s of trio) await expect.poll(() => page.locator(`[data-listed="${s.id}"]`).count()).toBe(1);
    // Grouped by provider: one section per cloud, one line per service, and the lifecycle warning at the top.
    await expect.poll(() => page.locator('[data-list-groups] > section').count()).toBe(3);
    for (const s of trio) {
      const line = page.locator(`[data-listed="${s.id}"]`);
      const box = (await line.boundingBox())!;
      expect(box.height, `${s.name} takes one compact line`).toBeLessThan(60);
      await expect(line.getByRole('button', { name: `Remove ${s.name}` }).count()).resolves.toBe(1);
    }
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

  it('keeps the action bar in view while the page scrolls', async () => {
    const bar = page.locator('[data-builder-bar]');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    const top = await bar.evaluate((e) => e.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(5);
    await expect(page.getByRole('button', { name: 'Download Service list JSON' }).isVisible()).resolves.toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
  });

  it('downloads the interchange JSON, valid against the v1 schema', async () => {
    const file = await download(() => page.getByRole('button', { name: 'Download Service list JSON' }).click());
    expect(file.name).toBe('platform-team-approved-services.service-list.json');
    const doc = JSON.parse(file.text);
    const check = validateServiceList(doc, data.serviceListSchemaUrl);
    expect(check.valid ? [] : check.errors).toEqual([]);
    expect(doc.metadata.name).toBe('Platform team approved services');
    const ids = doc.providers.flatMap((p: any) => p.categories.flatMap((c: any) => c.services.map((s: any) => s.id)));
    expect(new Set(ids)).toEqual(new Set([...trio, changing].map((s) => s.id)));
    exportedFile = file.text;
  });

  it('says what each export did once, in the bar, not again in the details below it', async () => {
    await expect(page.locator('[data-bar-status]').getAttribute('role')).resolves.toBe('status');
    for (const details of ['[data-export-result]', '[data-policy-result]'])
      for (const region of await page.locator(details).all())
        await expect(region.getAttribute('aria-live')).resolves.toBeNull();
  });

  it('downloads markdown', async () => {
    const file = await download(() => page.getByRole('button', { name: 'Download Markdown' }).click());
    expect(file.name).toMatch(/\.md$/);
    expect(file.text).toContain('Platform team approved services');
    // Markdown escapes punctuation in names (`(`, `|`, ...): compare without the escapes.
    for (const s of trio) expect(file.text.replace(/\\/g, '')).toContain(s.name);
  });

  it('downloads each cloud policy in one click, valid, with what was left out shown below', async () => {
    const validators = {
      aws: (doc: unknown, text: string) => validateScp(doc, { text }),
      azure: (doc: unknown) => validateAzurePolicyDefinition(doc),
      gcp: (doc: unknown) => validateGcpPolicy(doc),
    };
    const paths = { aws: 'aws-scp', azure: 'azure-policy', gcp: 'gcp-org-policy' };
    for (const target of ['aws', 'azure', 'gcp'] as const) {
      const file = await download(() => page.locator(`button[data-policy="${target}"]`).click());
      expect(file.name).toBe(`platform-team-approved-services.${paths[target]}.json`);
      const doc = JSON.parse(file.text);
      expect(validators[target](doc, file.text), `${target} policy`).toEqual([]);
      const result = page.locator(`[data-policy-result="${target}"]`);
      await result.locator('[data-policy-download]').waitFor();
      // What this cloud's policy allows; the other clouds' services are their own policies' business (a count of
      // them went stale as soon as another cloud's service was added, which no longer takes this panel down).
      const said = await result.locator('p').first().textContent();
      expect(said).toMatch(/^\d+ services? of this cloud allowed\./);
      expect(said).not.toMatch(/other clouds/);
      await expect(page.locator('[data-bar-status]').textContent()).resolves.toContain(`Downloaded ${file.name}`);
    }
  });

  it('takes a policy down, and marks a saved link as the list it was, once the list changes', async () => {
    const result = page.locator('[data-policy-result="aws"]');
    await result.locator('[data-policy-download]').waitFor();
    await page.getByRole('button', { name: 'Download Markdown' }).click();
    const exported = page.locator('[data-export-result]');
    await expect.poll(() => exported.textContent()).toContain('Downloaded');
    const name = page.getByLabel('Name', { exact: true });
    const before = await name.inputValue();
    await name.fill(`${before} (changed)`);
    // The policy made for the list before is no longer offered: downloaded again, it would approve the old list.
    await expect.poll(() => result.textContent()).toContain('Your list has changed since this');
    await expect(result.locator('[data-policy-download]').count()).resolves.toBe(0);
    await expect(exported.textContent()).resolves.toContain('Your list has changed since this was made');
    await name.fill(before);
  });

  it('saves the list and opens the share link in a fresh browser context', async () => {
    // Saved from the bottom of the page, where the list is edited: the link comes into view below the sticky bar,
    // selected, ready to copy (the result sits under the bar, far above).
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole('button', { name: 'Save and share' }).click();
    const link = page.locator('[data-export-result] a[data-share-link]');
    await link.waitFor();
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('share-url');
    const barBottom = await page.locator('[data-builder-bar]').evaluate((b) => b.getBoundingClientRect().bottom);
    const box = await page.locator('#share-url').evaluate((i) => i.getBoundingClientRect().toJSON());
    expect(box.top).toBeGreaterThanOrEqual(barBottom);
    expect(box.bottom).toBeLessThanOrEqual(DESKTOP.height);
    // A control scrolled under the bar and then focused (as Shift+Tab back up the page does) comes out below it.
    const remove = page.locator('.listed-remove').first();
    await remove.evaluate((r) => {
      (document.activeElement as HTMLElement | null)?.blur();
      window.scrollTo(0, r.getBoundingClientRect().top + window.scrollY - 20);
    });
    const bar = page.locator('[data-builder-bar]');
    const under = await remove.evaluate((r) => r.getBoundingClientRect().top);
    expect(under).toBeLessThan(await bar.evaluate((b) => b.getBoundingClientRect().bottom));
    await remove.focus();
    const [top, barEnd] = await Promise.all([
      remove.evaluate((r) => r.getBoundingClientRect().top),
      bar.evaluate((b) => b.getBoundingClientRect().bottom),
    ]);
    expect(top).toBeGreaterThanOrEqual(barEnd);
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
    const asked: string[] = [];
    let answer = false;
    p.on('dialog', (d) => {
      asked.push(d.message());
      void (answer ? d.accept() : d.dismiss());
    });
    // An empty list is replaced without a question.
    await p.getByRole('button', { name: 'Replace my list with this one' }).click();
    await expect.poll(() => headerCount(p)).toBe(4);
    expect(asked).toEqual([]);
    // A list of one's own is replaced only once confirmed, as clearing it is.
    await p.evaluate(
      ([key, value]) => localStorage.setItem(key!, value!),
      [LIST_STORAGE_KEY, JSON.stringify({ name: 'Mine', description: '', ids: [trio[0]!.id] })],
    );
    await p.reload();
    await expect.poll(() => headerCount(p)).toBe(1);
    await p.getByRole('button', { name: 'Replace my list with this one' }).click();
    await expect.poll(() => asked.length).toBe(1);
    expect(asked[0]).toBe('Replace your list of 1 service with this one?');
    await expect(headerCount(p)).resolves.toBe(1);
    answer = true;
    await p.getByRole('button', { name: 'Replace my list with this one' }).click();
    await expect.poll(() => headerCount(p)).toBe(4);
    await fresh.close();
  });

  it('shows a shared list’s description in the lines it was written in', async () => {
    const saved = await fetch(url('/v1/lists'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Lines', description: 'Line one\nLine two', approvedServiceIds: [trio[0]!.id] }),
    });
    expect(saved.status).toBe(201);
    const { id } = (await saved.json()) as { id: string };
    const fresh = await browser.newContext({ viewport: DESKTOP });
    const p = await fresh.newPage();
    await p.goto(url(`/lists/${id}`));
    await expect(p.locator('.list-description').innerText()).resolves.toBe('Line one\nLine two');
    await fresh.close();
  });

  it('keeps a service a shared list marks disabled out of the visitor’s list, and says so', async () => {
    // A list saved from an interchange document in which one service is disabled.
    const made = await fetch(url('/v1/lists'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'With one off', approvedServiceIds: trio.map((s) => s.id) }),
    });
    const { id: first } = (await made.json()) as { id: string };
    const doc = ((await (await fetch(url(`/v1/lists/${first}`))).json()) as { document: any }).document;
    const off = trio[0]!.id;
    for (const pr of doc.providers)
      for (const c of pr.categories) for (const s of c.services) if (s.id === off) s.status = 'disabled';
    delete doc.metadata.catalogListId;
    const saved = await fetch(url('/v1/lists'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(doc),
    });
    expect(saved.status).toBe(201);
    const { id } = (await saved.json()) as { id: string };
    const fresh = await browser.newContext({ viewport: DESKTOP });
    const p = await fresh.newPage();
    await p.goto(url(`/lists/${id}`));
    await expect(p.locator('[data-shared-disabled]').textContent()).resolves.toContain(
      `Listed as disabled, so not approved: ${trio[0]!.name}.`,
    );
    // Counted and shown as what it is: not among the approved services.
    await expect(p.locator('main').textContent()).resolves.toContain(`${trio.length - 1} approved services`);
    await expect(p.locator(`main a[href="/services/${trio[0]!.slug}"]`).count()).resolves.toBe(0);
    await p.getByRole('button', { name: 'Replace my list with this one' }).click();
    await expect.poll(() => headerCount(p)).toBe(trio.length - 1);
    const ids = await p.evaluate((key) => JSON.parse(localStorage.getItem(key)!).ids, LIST_STORAGE_KEY);
    expect(ids).not.toContain(off);
    await fresh.close();
  });

  it('keeps the keyboard in the list after a removal, and the Google Cloud parent across a reload', async () => {
    const fresh = await browser.newContext({ viewport: DESKTOP });
    const p = await fresh.newPage();
    const aws = data.services.filter((s) => s.provider === 'aws' && !s.lifecycle).slice(0, 2);
    await p.goto(url('/list'));
    await p.evaluate(
      ([key, value]) => localStorage.setItem(key!, value!),
      [LIST_STORAGE_KEY, JSON.stringify({ name: 'Keys', description: '', ids: aws.map((s) => s.id) })],
    );
    await p.reload();
    // The list is drawn once the catalogue has arrived, which may be after the load event.
    await expect.poll(() => p.locator('[data-listed]').count()).toBe(2);
    const sorted = await p.locator('[data-listed]').evaluateAll((items) => items.map((i) => i.dataset.listed));
    expect(sorted).toHaveLength(2);
    await p.locator(`[data-listed="${sorted[0]}"] .listed-remove`).focus();
    await p.keyboard.press('Enter');
    await expect.poll(() => p.locator('[data-listed]').count()).toBe(1);
    const focused = () =>
      p.evaluate(() => document.activeElement?.closest('[data-listed]')?.getAttribute('data-listed'));
    await expect(focused()).resolves.toBe(sorted[1]);
    await p.keyboard.press('Enter');
    await expect.poll(() => p.locator('[data-listed]').count()).toBe(0);
    await expect(p.evaluate(() => document.activeElement?.hasAttribute('data-list-groups'))).resolves.toBe(true);

    await p.locator('[data-gcp-parent]').fill('folders/987654321');
    await p.reload();
    await expect(p.locator('[data-gcp-parent]').inputValue()).resolves.toBe('folders/987654321');
    await expect(p.locator('[data-gcp-parent-summary]').textContent()).resolves.toBe('Applies to: folders/987654321');
    await fresh.close();
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
    // By keyboard: the button goes with the choice, and the keyboard goes to what happened, not to the page.
    await p.locator('button[data-import-mode="replace"]').focus();
    await p.keyboard.press('Enter');
    await expect.poll(() => headerCount(p)).toBe(4);
    await expect(
      p.locator('[data-import-result] .notice').evaluate((n) => n === document.activeElement && n.textContent),
    ).resolves.toMatch(/^Imported 4 services/);
    await expect(p.getByLabel('Name', { exact: true }).inputValue()).resolves.toBe('Platform team approved services');
    // A service the file marks disabled is not approved: it stays out of the list its policies are made from.
    const withDisabled = JSON.parse(exportedFile);
    const entries = withDisabled.providers.flatMap((pr: any) => pr.categories.flatMap((c: any) => c.services));
    entries[0].status = 'disabled';
    await input.setInputFiles({
      name: 'disabled.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(withDisabled)),
    });
    await expect
      .poll(() => result.locator('[data-import-disabled]').textContent())
      .toContain(`1 service the file marks disabled is left out`);
    // Replacing a list of one's own asks first, as clearing it does.
    const asked = new Promise<string>((resolve) =>
      p.once('dialog', (d) => {
        resolve(d.message());
        void d.accept();
      }),
    );
    await p.locator('button[data-import-mode="replace"]').click();
    expect(await asked).toBe('Replace your list of 4 services with this one?');
    await expect.poll(() => headerCount(p)).toBe(3);
    await expect(p.locator(`[data-listed="${entries[0].id}"]`).count()).resolves.toBe(0);
    // A file whose every service is disabled brings nothing: no button offers to empty the list with it.
    for (const e of entries) e.status = 'disabled';
    await input.setInputFiles({
      name: 'all-disabled.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(withDisabled)),
    });
    await result.locator('[data-import-nothing]').waitFor();
    await expect(result.locator('button[data-import-mode]').count()).resolves.toBe(0);
    await expect.poll(() => headerCount(p)).toBe(3);
    await fresh.close();
  });

  it('imports the compact form, names the ids it does not know, and explains a wrong field', async () => {
    const fresh = await browser.newContext({ viewport: DESKTOP });
    const p = await fresh.newPage();
    await p.goto(url('/list'));
    await p.locator('[data-list-groups]').getByText('Your list is empty').waitFor();
    const input = p.locator('input[data-import-file]');
    const result = p.locator('[data-import-result]');
    const file = (name: string, value: unknown) => ({
      name,
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(value)),
    });
    await input.setInputFiles(file('wrong.json', { name: 'Compact', approvedIds: [trio[0]!.id] }));
    await result.getByText('is not a valid service list').waitFor();
    await expect(result.textContent()).resolves.toContain('unknown field "approvedIds"');
    const ids = [...trio.map((s) => s.id), 'not-a-service'];
    await input.setInputFiles(
      file('compact.json', { name: 'Compact list', owner: 'Cloud board', approvedServiceIds: ids }),
    );
    await result.getByText('“Compact list”: 3 services this catalogue knows.').waitFor();
    await expect(result.textContent()).resolves.toContain('Service "not-a-service" is not in this catalogue.');
    await p.locator('button[data-import-mode="replace"]').click();
    await expect.poll(() => headerCount(p)).toBe(3);
    await expect(p.getByLabel('Name', { exact: true }).inputValue()).resolves.toBe('Compact list');
    for (const s of trio) await expect(p.locator(`[data-listed="${s.id}"]`).count()).resolves.toBe(1);
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
    await Promise.all([p.waitForEvent('download'), p.locator(`button[data-policy="${known.provider}"]`).click()]);
    const result = p.locator(`[data-policy-result="${known.provider}"]`);
    await result.locator('[data-policy-download]').waitFor();
    await expect(result.textContent()).resolves.toContain('1 service of this cloud allowed.');
    await expect(result.textContent()).resolves.toContain(`Left out, not in this catalogue: ${stale}.`);
    // The JSON download holds and counts only the known service.
    const [d] = await Promise.all([
      p.waitForEvent('download'),
      p.getByRole('button', { name: 'Download Service list JSON' }).click(),
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

  it('says how many services of the list change in the next 12 months, and which', async () => {
    const today = new Date();
    const iso = (d: Date) =>
      `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    const inAYear = iso(new Date(today.getFullYear() + 1, today.getMonth(), today.getDate()));
    const soon = data.services.filter(
      (s) => s.lifecycle?.sunsetDate && s.lifecycle.sunsetDate >= iso(today) && s.lifecycle.sunsetDate <= inAYear,
    );
    const later = data.services.find((s) => s.lifecycle?.sunsetDate && s.lifecycle.sunsetDate > inAYear);
    expect(soon.length, 'the catalogue has a service that changes within a year').toBeGreaterThan(0);
    const picked = [trio[0]!, ...soon.slice(0, 2), ...(later ? [later] : [])];
    const fresh = await browser.newContext({ viewport: DESKTOP });
    const p = await fresh.newPage();
    await p.goto(url('/list'));
    await p.evaluate(
      ([key, value]) => localStorage.setItem(key!, value!),
      [LIST_STORAGE_KEY, JSON.stringify({ name: 'Watch', description: '', ids: picked.map((s) => s.id) })],
    );
    await p.reload();
    const line = p.locator('[data-list-changes]');
    await line.waitFor();
    const n = Math.min(2, soon.length);
    await expect(line.getAttribute('data-list-changes')).resolves.toBe(String(n));
    await expect(line.textContent()).resolves.toBe(
      `${n} change${n === 1 ? '' : 's'} to services in your list in the next 12 months:`,
    );
    // Each says what happens on its day, not a label that reads as the day of an announcement.
    for (const item of await p.locator('[data-list-changes] + ul li').allTextContents())
      expect(item).toMatch(/ — [A-Z][a-z ]+: (ends on|no new customers from) \d{1,2} [A-Z][a-z]+ \d{4}$/);
    const listed = await p.locator('[data-list-changes] + ul li a').allTextContents();
    expect(listed.sort()).toEqual(
      soon
        .slice(0, 2)
        .map((s) => s.name)
        .sort(),
    );
    await fresh.close();
  });

  it('ran every flow above without a Content-Security-Policy violation', () => {
    expect(site.cspViolations).toEqual([]);
  });
});

/**
 * A list's governance facts in the browser: a file's `restricted` services, organisation and owner are kept through
 * import, export, saving and a shared page, and the parts of its services that close or end are named. Its own
 * site: the story above uses the rate limit's budget of POSTs.
 */
describe.skipIf(!hasChromium)('website in Chromium: what a list says of its services and its owners', () => {
  let site: Site;
  let browser: Browser;
  let trio: ServiceEntry[];
  let data: BuiltCatalogueData;
  const url = (path: string) => site.url(path);
  const headerCount = (p: Page) => site.headerCount(p);

  beforeAll(async () => {
    site = await openSite();
    ({ browser, trio, data } = site);
  });
  afterAll(() => site?.close());

  it('keeps a file’s restricted services, organisation and owner through export, saving and sharing', async () => {
    const fresh = await browser.newContext({ viewport: DESKTOP, acceptDownloads: true });
    const p = await fresh.newPage();
    await p.goto(url('/list'));
    await p.locator('[data-list-groups]').getByText('Your list is empty').waitFor();
    const saved = await fetch(url('/v1/lists'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Marked', approvedServiceIds: trio.map((x) => x.id) }),
    });
    const { id: first } = (await saved.json()) as { id: string };
    const doc = ((await (await fetch(url(`/v1/lists/${first}`))).json()) as { document: any }).document;
    delete doc.metadata.catalogListId;
    const entries = doc.providers.flatMap((pr: any) => pr.categories.flatMap((c: any) => c.services));
    const marked = entries[1];
    marked.status = 'restricted';
    Object.assign(doc.metadata, { organisation: 'Org™', owner: 'Ωwner' });
    await p.locator('input[data-import-file]').setInputFiles({
      name: 'restricted.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(doc)),
    });
    const result = p.locator('[data-import-result]');
    await expect
      .poll(() => result.locator('[data-import-restricted]').textContent())
      .toContain(`1 service the file marks restricted stays restricted`);
    await p.locator('button[data-import-mode="replace"]').click();
    await expect.poll(() => headerCount(p)).toBe(entries.length);
    await expect(p.locator(`[data-listed="${marked.id}"] [data-restricted]`).textContent()).resolves.toBe('Restricted');
    await expect(p.getByLabel('Organisation (optional)').inputValue()).resolves.toBe('Org™');
    await expect(p.getByLabel('Owner (optional)').inputValue()).resolves.toBe('Ωwner');
    const fileOf = async () => {
      const [d] = await Promise.all([
        p.waitForEvent('download'),
        p.getByRole('button', { name: 'Download Service list JSON' }).click(),
      ]);
      return JSON.parse(readFileSync((await d.path())!, 'utf8'));
    };
    const statusesOf = (d: any) =>
      Object.fromEntries(
        d.providers.flatMap((pr: any) =>
          pr.categories.flatMap((c: any) => c.services.map((x: any) => [x.id, x.status])),
        ),
      );
    const again = await fileOf();
    expect(statusesOf(again)).toEqual(Object.fromEntries(entries.map((e: any) => [e.id, e.status])));
    expect(again.metadata).toMatchObject({ organisation: 'Org™', owner: 'Ωwner' });
    expect(again.metadata).not.toHaveProperty('catalogListId');
    // Saved, the file names the shared list it is, while the list stays as saved.
    await p.getByRole('button', { name: 'Save and share' }).click();
    const link = await p.locator('[data-export-result] a[data-share-link]').getAttribute('href');
    const savedId = link!.split('/').pop();
    expect((await fileOf()).metadata.catalogListId).toBe(savedId);
    // The shared page says who the list is for and which service is restricted; importing it keeps both.
    const visitor = await browser.newContext({ viewport: DESKTOP });
    const v = await visitor.newPage();
    await v.goto(link!);
    await expect(v.locator('[data-list-party]').textContent()).resolves.toBe('Organisation: Org™ · Owner: Ωwner');
    await expect(v.locator('main [data-restricted]').count()).resolves.toBe(1);
    await v.getByRole('button', { name: 'Replace my list with this one' }).click();
    await expect.poll(() => headerCount(v)).toBe(entries.length);
    const kept = await v.evaluate((key) => JSON.parse(localStorage.getItem(key)!), LIST_STORAGE_KEY);
    expect(kept).toMatchObject({ organisation: 'Org™', owner: 'Ωwner', restricted: [marked.id] });
    // A shared list that approves nothing (every service disabled) offers nothing to import: no list is emptied.
    const none = await fetch(url('/v1/lists'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Off', approvedServiceIds: [marked.id], statuses: { [marked.id]: 'disabled' } }),
    });
    await v.goto(((await none.json()) as { url: string }).url);
    await expect(v.locator('[data-shared-disabled]').isVisible()).resolves.toBe(true);
    await expect(v.locator('[data-shared-import]').count()).resolves.toBe(0);
    await visitor.close();
    await fresh.close();
  });

  it('names the parts of listed services that close or end, in the builder and on the shared page', async () => {
    const withParts = data.services.filter((s) => s.subServices.some((sub) => sub.lifecycle));
    expect(withParts.length, 'the catalogue has a service with a part closing or ending').toBeGreaterThan(0);
    const service = withParts[0]!;
    const parts = service.subServices.filter((sub) => sub.lifecycle);
    const expectParts = async (p: Page, where: string) => {
      const notice = p.locator('[data-part-warnings]');
      await notice.waitFor();
      await expect(notice.textContent(), where).resolves.toContain(` ${where} `);
      const items = await p.locator('[data-part-warnings] li').allTextContents();
      expect(items).toHaveLength(parts.length);
      // One line each: what has happened; the vendor's note is on the service's page, which the line links to.
      for (const [i, sub] of parts.entries())
        expect(items[i]).toMatch(
          new RegExp(
            `^${sub.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(part of .*\\) — ` +
              '(no longer open to new customers|closed to new customers from .*|being retired on .*)$',
          ),
        );
      await expect(p.locator('[data-part-warnings] li a').first().getAttribute('href')).resolves.toBe(
        `/services/${service.slug}`,
      );
    };
    const fresh = await browser.newContext({ viewport: DESKTOP });
    const p = await fresh.newPage();
    await p.goto(url('/list'));
    await p.evaluate(
      ([key, value]) => localStorage.setItem(key!, value!),
      [LIST_STORAGE_KEY, JSON.stringify({ name: 'Parts', description: '', ids: [trio[0]!.id, service.id] })],
    );
    await p.reload();
    await expectParts(p, 'your list');
    const saved = await fetch(url('/v1/lists'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Parts', approvedServiceIds: [trio[0]!.id, service.id] }),
    });
    expect(saved.status).toBe(201);
    await p.goto(url(`/lists/${((await saved.json()) as { id: string }).id}`));
    await expectParts(p, 'this list');
    await fresh.close();
  });
});

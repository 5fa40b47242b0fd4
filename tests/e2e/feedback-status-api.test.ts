/** Feedback (and the real rate limit behind every POST), the status page and the API reference, in Chromium. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openSite, type Site } from './site.ts';
import { hasChromium } from './browser.ts';

describe.skipIf(!hasChromium)('website in Chromium: feedback, status and the API reference', () => {
  let site: Site;
  let page: Page;
  const url = (path: string) => site.url(path);

  beforeAll(async () => {
    site = await openSite();
    ({ page } = site);
  });
  afterAll(() => site?.close());

  it('sends feedback, then explains the rate limit with the wait time', async () => {
    await page.goto(url('/feedback'));
    await page.getByRole('button', { name: 'Send feedback' }).click();
    // Said beside the field and tied to it, so whoever comes back to the field hears why it is invalid.
    const field = page.getByLabel('Your message (required)');
    await expect(page.locator('#fb-message-error').textContent()).resolves.toContain('Please write a message');
    await expect(field.getAttribute('aria-describedby')).resolves.toContain('fb-message-error');
    await expect(field.getAttribute('aria-invalid')).resolves.toBe('true');
    await page.getByLabel('Your message (required)').fill('The <b>catalogue</b> is missing a service | please add it');
    await page.getByRole('radio', { name: /^4/ }).check();
    await page.getByRole('button', { name: 'Send feedback' }).click();
    await expect.poll(() => page.locator('[data-feedback-result]').textContent()).toMatch(/Thank you.*Reference/);
    // The button was disabled while it sent: the keyboard is on what happened, not back at the top of the page.
    await expect(
      page.locator('[data-feedback-result] .notice').evaluate((n) => n === document.activeElement),
    ).resolves.toBe(true);
    // Every POST counts against the same 10-per-minute budget: keep sending until the limit answers.
    let message = '';
    for (let i = 0; i < 12 && !/Too many requests/.test(message); i++) {
      // Emptied before each send, so the answer read is this send's, never the one before it still on screen.
      await page.locator('[data-feedback-result]').evaluate((e) => e.replaceChildren());
      await page.getByLabel('Your message (required)').fill(`Again ${i}`);
      await page.getByRole('button', { name: 'Send feedback' }).click();
      await expect.poll(() => page.locator('[data-feedback-result]').textContent()).toMatch(/Thank you|Too many/);
      message = (await page.locator('[data-feedback-result]').textContent()) ?? '';
    }
    // With the time of day it ends, in the browser's zone, so the message still reads right once the wait has passed.
    expect(message).toMatch(
      /Too many requests: you can send your feedback again in about \d+ (second|minute)s? \(at \d{1,2}:\d{2}:\d{2}/,
    );
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

  it('ran every flow above without a Content-Security-Policy violation', () => {
    expect(site.cspViolations).toEqual([]);
  });
});

/**
 * One site per test file: the built server and Chromium started together, a
 * desktop page, the built catalogue, and the services the flows use, found by
 * what they are (an AWS service with peers on both other clouds; a service
 * with a lifecycle block), with an assertion when the catalogue has none, so a
 * flow never passes on an empty selection.
 */
import { expect } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { BuiltCatalogueData } from '../../src/core/catalogue.ts';
import type { ServiceEntry } from '../../src/core/schemas.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';
import { CHROMIUM, DESKTOP, hasChromium, launch, watchCsp } from './browser.ts';

export interface Site {
  server: RunningServer;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  data: BuiltCatalogueData;
  /** An AWS service with equivalents on both other clouds, and those two equivalents. */
  trio: ServiceEntry[];
  /** A service that is not active and generally available (not a preview when there is one). */
  changing: ServiceEntry;
  /** Content-Security-Policy violations reported on any page of the main context (watchCsp). */
  cspViolations: string[];
  url(path: string): string;
  byId(id: string): ServiceEntry;
  /** The header's list count; hidden until the script renders it, so this waits for it (and fails without JavaScript). */
  headerCount(p?: Page): Promise<number>;
  close(): Promise<void>;
}

if (!hasChromium)
  console.warn(
    `\n  SKIPPED: browser tests need Chromium at ${CHROMIUM} (npm test installs it with src/scripts/ensure-chromium.sh)\n`,
  );

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export async function openSite(): Promise<Site> {
  const [server, browser] = await Promise.all([startServer(), launch()]);
  let stopping = false;
  // If the server dies mid-run, say why instead of leaving only "connection refused" failures.
  server.process.once('exit', (code, signal) => {
    if (!stopping) console.error(`The test server exited (${code ?? signal}):\n${server.output()}`);
  });
  const url = (path: string) => `${server.url}${path}`;
  const data = (await (await fetch(url('/catalogue.json'))).json()) as BuiltCatalogueData;
  const byId = (id: string) => data.services.find((s) => s.id === id)!;
  const aws = data.services.find(
    (s) => s.provider === 'aws' && !s.lifecycle && first(s.equivalents.azure) && first(s.equivalents.gcp),
  )!;
  expect(aws, 'the catalogue has an AWS service with Azure and Google Cloud equivalents').toBeTruthy();
  const trio = [aws, byId(first(aws.equivalents.azure)!), byId(first(aws.equivalents.gcp)!)];
  const changing =
    data.services.find((s) => s.lifecycle && s.lifecycle.status !== 'preview') ??
    data.services.find((s) => s.lifecycle)!;
  expect(changing, 'the catalogue has a service with a lifecycle block').toBeTruthy();
  const context = await browser.newContext({ viewport: DESKTOP, acceptDownloads: true });
  const cspViolations = await watchCsp(context);
  const page = await context.newPage();
  return {
    server,
    browser,
    context,
    page,
    data,
    trio,
    changing,
    cspViolations,
    url,
    byId,
    headerCount: async (p = page) => {
      const count = p.locator('[data-list-count]').first();
      await count.waitFor({ state: 'visible' });
      return Number(await count.textContent());
    },
    close: async () => {
      stopping = true;
      await browser.close();
      await server.stop();
    },
  };
}

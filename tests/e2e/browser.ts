/**
 * Browser plumbing for the end-to-end tests: Debian's Chromium through
 * playwright-core, axe-core injected into pages, screenshots into
 * test-artifacts/, and the "Lighthouse-style" checks we can run offline
 * (JavaScript weight, layout overflow, image dimensions).
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);
export const ARTIFACTS = join(process.cwd(), 'test-artifacts');
const AXE = join(process.cwd(), 'node_modules/axe-core/axe.min.js');

export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 360, height: 740 };

export function launch(): Promise<Browser> {
  mkdirSync(ARTIFACTS, { recursive: true });
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/** axe-core WCAG 2.x A/AA rules on the current page; returns the serious and critical violations, described. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol, not added as an inline <script>: the site's CSP forbids inline scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(readFileSync(AXE, 'utf8'));
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: AxeViolation[] }> } }
    ).axe;
    const r = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      resultTypes: ['violations'],
    });
    return r.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 3).map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => `${JSON.stringify(n.target)} ${n.failureSummary ?? ''}`).join(' | ')}`,
    );
}

/** Horizontal overflow: how far the page is wider than the viewport (0 when it fits). */
export const overflowPx = (page: Page): Promise<number> =>
  page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - document.documentElement.clientWidth));

/** Images missing width or height attributes (they shift the layout while loading). */
export const imagesWithoutDimensions = (page: Page): Promise<string[]> =>
  page.evaluate(() =>
    [...document.images].filter((i) => !i.getAttribute('width') || !i.getAttribute('height')).map((i) => i.src),
  );

/** Screenshots a page at desktop and phone width into test-artifacts/<name>-{desktop,phone}.png. */
export async function screenshots(page: Page, name: string): Promise<void> {
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: join(ARTIFACTS, `${name}-desktop.png`), fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: join(ARTIFACTS, `${name}-phone.png`), fullPage: true });
  await page.setViewportSize(DESKTOP);
}

/**
 * Gzipped bytes of the JavaScript a page loads: every script response
 * (modules and their imports) plus inline scripts, each gzipped as a server
 * would send it.
 */
export async function javascriptWeight(page: Page, url: string): Promise<{ gzipped: number; files: string[] }> {
  const bodies: Promise<{ url: string; body: Buffer }>[] = [];
  const onResponse = (r: import('playwright-core').Response) => {
    if (r.request().resourceType() === 'script') bodies.push(r.body().then((body) => ({ url: r.url(), body })));
  };
  page.on('response', onResponse);
  await page.goto(url, { waitUntil: 'networkidle' });
  page.off('response', onResponse);
  const external = await Promise.all(bodies);
  const inline = await page.evaluate(() =>
    [...document.querySelectorAll('script:not([src])')].map((s) => s.textContent ?? ''),
  );
  const gzipped = [...external.map((e) => e.body), ...inline.map((t) => Buffer.from(t))].reduce(
    (n, b) => n + gzipSync(b, { level: 9 }).length,
    0,
  );
  return { gzipped, files: [...external.map((e) => e.url), ...inline.map((_, i) => `inline #${i + 1}`)] };
}

/** Document basics a Lighthouse audit checks: title, language, description, viewport, one h1, a main landmark. */
export const documentProblems = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const problems: string[] = [];
    if (!document.title.trim()) problems.push('no <title>');
    if (!document.documentElement.lang) problems.push('no <html lang>');
    if (!document.querySelector('meta[name=description]')?.getAttribute('content'))
      problems.push('no meta description');
    if (!/width=device-width/.test(document.querySelector('meta[name=viewport]')?.getAttribute('content') ?? ''))
      problems.push('no responsive viewport meta');
    if (document.querySelectorAll('h1').length !== 1)
      problems.push(`${document.querySelectorAll('h1').length} <h1> elements`);
    if (document.querySelectorAll('main').length !== 1) problems.push('not exactly one <main>');
    return problems;
  });

/**
 * Words (split at spaces and hyphens) that the layout breaks across two
 * lines inside the elements `selector` matches: a word cut mid-way has more
 * than one line box. Returns "<element text>: <word>" for each, [] when every
 * word is whole. Catches `overflow-wrap: anywhere` squeezing a table column
 * until its headers break letter by letter.
 */
export const wordsBrokenAcrossLines = (page: Page, selector: string): Promise<string[]> =>
  page.evaluate((sel) => {
    const broken: string[] = [];
    for (const element of document.querySelectorAll(sel)) {
      if (!(element as HTMLElement).offsetParent && getComputedStyle(element).position !== 'fixed') continue; // not rendered
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.parentElement?.closest('.visually-hidden')) continue; // 1 px wide on purpose, for screen readers
        for (const m of (node.textContent ?? '').matchAll(/[^\s-]+/g)) {
          const range = document.createRange();
          range.setStart(node, m.index);
          range.setEnd(node, m.index + m[0].length);
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (lines.size > 1) broken.push(`${(element.textContent ?? '').trim().slice(0, 40)}: ${m[0]}`);
        }
      }
    }
    return broken;
  }, selector);

/**
 * Collects Content-Security-Policy violations on every page of a context: the
 * `securitypolicyviolation` event each page fires, and Chromium's console
 * report of a refused load. The list fills as pages run.
 */
export async function watchCsp(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  await context.exposeBinding('__cspViolation', (source, text: string) =>
    violations.push(`${source.page.url()}: ${text}`),
  );
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { __cspViolation(t: string): void }).__cspViolation(
        `${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`,
      ),
    );
  });
  const watch = (p: Page) =>
    p.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(`${p.url()}: ${m.text()}`);
    });
  context.pages().forEach(watch);
  context.on('page', watch);
  return violations;
}

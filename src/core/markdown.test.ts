/**
 * The markdown export, rendered with a real CommonMark + GFM parser
 * (micromark, as GitHub renders): the structure is what we meant, and hostile
 * text in any user-supplied field renders as literal text — no new blocks,
 * links, images, table cells or HTML.
 */
import fc from 'fast-check';
import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';
import { describe, expect, it } from 'vitest';
import {
  fixtureCatalogue,
  fixtureCategories,
  fixtureProviders,
  fixtureServices,
  serviceEntry,
} from '../../tests/fixtures/catalogue.ts';
import { createCatalogue } from './catalogue.ts';
import { inline, renderMarkdown } from './markdown.ts';

const catalogue = fixtureCatalogue();
const all = catalogue.services.map((s) => s.id);
const today = '2026-05-15';

/** HTML as GitHub would render it (raw HTML allowed through, to catch any that gets in). */
const render = (md: string) =>
  micromark(md, { allowDangerousHtml: true, extensions: [gfm()], htmlExtensions: [gfmHtml()] });

const hostile = [
  'A | B | C',
  '`code` ``more``',
  '<script>alert(1)</script>',
  '[x](javascript:alert(1))',
  '![img](https://evil.test/x.png)',
  'line one\nline two\r\n# heading\n- item',
  '# Heading',
  '1. ordered',
  '> quote',
  '***bold*** _em_ ~~strike~~',
  '<img src=x onerror=alert(1)>',
  '&lt;script&gt;',
  '\\| escaped pipe \\',
  '[link][ref]\n\n[ref]: javascript:alert(1)',
  '    indented code',
  '---',
  '$x^2$',
  '<https://evil.test>',
  'see https://evil.test/x and www.evil.test or mail@evil.test',
  '__proto__ constructor',
  '\u2028separator\u0000nul',
];

describe('inline', () => {
  it.each(hostile)('renders %j as its own text in a table cell and a paragraph', (text) => {
    const expected = text
      .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    const table = render(`| a | b |\n|---|---|\n| ${inline(text)} | end |\n`);
    expect(table.match(/<td>/g)).toHaveLength(2);
    const cell = /<td>([\s\S]*?)<\/td>/.exec(table)![1]!;
    expect(decode(cell)).toBe(expected);
    const para = render(inline(text));
    expect(para.startsWith('<p>')).toBe(true);
    expect(decode(para.replace(/^<p>|<\/p>\n?$/g, ''))).toBe(expected);
    for (const html of [table, para])
      expect(html).not.toMatch(/<(script|img|a|h\d|ol|ul|li|blockquote|code|pre|em|strong|del|hr)[\s>]/);
  });

  it('holds for any string (property-based)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'ab |`<>[]()!#*_~&\\-=+1.:/@w\n\t$^'.split('')), maxLength: 40 }),
        (text) => {
          const html = render(`| a | b |\n|---|---|\n| ${inline(text)} | end |\n`);
          expect(html.match(/<td>/g)).toHaveLength(2);
          expect(html).not.toMatch(/<(script|img|a|code|em|strong|del)[\s>]/);
          expect(decode(/<td>([\s\S]*?)<\/td>/.exec(html)![1]!)).toBe(text.replace(/\s+/g, ' ').trim());
        },
      ),
      { numRuns: 300 },
    );
  });
});

/** Text content of rendered inline HTML. */
function decode(html: string): string {
  return html
    .replace(/<br \/>\n?/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .trim();
}

describe('renderMarkdown', () => {
  it('counts as approved only what the list approves: disabled services have a count of their own', () => {
    const r = renderMarkdown(
      catalogue,
      {
        name: 'Governed',
        approvedServiceIds: [...all.slice(0, 3), 'aws-made-up'],
        statuses: { [all[0]!]: 'disabled', [all[1]!]: 'restricted', 'aws-made-up': 'disabled' },
      },
      { today },
    );
    const html = render(r.markdown);
    expect(html).toContain('<td>Approved services</td>\n<td>2</td>');
    expect(html).toContain('<td>Disabled services</td>\n<td>1</td>');
    expect(html).toContain('<li>aws-made-up (disabled)</li>');
    // A status is the list's own, never something every object has.
    const odd = renderMarkdown(
      catalogue,
      { name: 'x', approvedServiceIds: [all[0]!, 'toString'], statuses: {} },
      { today },
    );
    expect(odd.markdown).toContain('- toString\n');
    expect(r.services.find((x) => x.id === all[0])?.status).toBe('disabled');
  });

  it('has the title, metadata, a table per provider and category, and lifecycle warnings', () => {
    const r = renderMarkdown(
      catalogue,
      {
        name: 'Platform approved',
        description: 'For production.',
        organisation: 'Example Ltd',
        owner: 'Platform team',
        approvedServiceIds: all,
        statuses: { [all[0]!]: 'restricted' },
      },
      { today },
    );
    const html = render(r.markdown);
    expect(html).toMatch(/^<h1>Platform approved<\/h1>/);
    expect(html).toContain('<p>For production.</p>');
    for (const [k, v] of [
      ['Organisation', 'Example Ltd'],
      ['Owner', 'Platform team'],
      ['Last updated', today],
      ['Approved services', String(all.length)],
    ]) {
      expect(html).toContain(`<td>${k}</td>\n<td>${v}</td>`);
    }
    for (const p of catalogue.providers) expect(html).toContain(`<h2>${p.name}</h2>`);
    // One row per service, each in its provider's and category's table.
    const rows = [
      ...html.matchAll(
        /<tr>\n<td>([^<]*)<code>([a-z0-9-]+)<\/code>[^<]*<\/td>\n<td>([a-z]+)<\/td>\n<td>(yes|no)<\/td>\n<td><a href="(https:[^"]+)">/g,
      ),
    ];
    expect(rows.map((m) => m[2]).sort()).toEqual([...all].sort());
    for (const m of rows) {
      const s = catalogue.service(m[2]!)!;
      expect(m[1]!.trim()).toBe(`${s.name} (`.replace(/&/g, '&amp;'));
      expect(m[3]).toBe(s.id === all[0] ? 'restricted' : 'enabled');
      expect(m[4]).toBe(s.hasFreeTier ? 'yes' : 'no');
      expect(m[5]).toBe(s.vendorDocs);
    }
    expect(r.services.map((s) => s.id).sort()).toEqual([...all].sort());
    expect(r.filename).toBe('platform-approved.md');
    expect(r.unknownServiceIds).toEqual([]);
  });

  it('warns about preview, deprecated, sunset and retired services with dates and successors', () => {
    const warned = catalogue.services.filter((s) => s.lifecycle);
    expect(warned.some((s) => s.lifecycle!.status === 'preview')).toBe(true);
    expect(warned.length).toBeGreaterThan(0);
    const r = renderMarkdown(catalogue, { name: 'x', approvedServiceIds: warned.map((s) => s.id) }, { today });
    const html = render(r.markdown);
    expect(html).toContain('<h2>Lifecycle warnings</h2>');
    for (const s of warned) {
      const item = new RegExp(
        `<li><strong>[^<]+</strong> \\(<code>${s.id}</code>\\) is <strong>${s.lifecycle!.status}</strong>[^\\n]*</li>`,
      ).exec(html);
      expect(item, s.id).not.toBeNull();
      if (s.lifecycle!.sunsetDate) expect(item![0]).toContain(s.lifecycle!.sunsetDate);
      if (s.lifecycle!.successorSlug) {
        const next = catalogue.service(s.lifecycle!.successorSlug)!;
        expect(item![0]).toContain(`Successor: ${next.name}`);
        if (next.lifecycle) expect(item![0]).toContain(`itself <strong>${next.lifecycle.status}</strong>`);
      }
      expect(r.services.find((x) => x.id === s.id)!.lifecycle).toEqual(s.lifecycle);
    }
  });

  it('says in the status column that the policies leave a retired service out, as they do', () => {
    const retired = serviceEntry('aws-old', {
      name: 'Amazon Old',
      category: fixtureServices[0]!.category,
      lifecycle: { status: 'retired', sunsetDate: '2025-01-31', announcementUrl: 'https://docs.example.com/old' },
    });
    const withRetired = createCatalogue({
      version: 'fixture',
      builtOn: today,
      providers: fixtureProviders,
      categories: fixtureCategories,
      services: [...fixtureServices, retired],
    });
    const html = render(
      renderMarkdown(withRetired, { name: 'x', approvedServiceIds: ['aws-old', all[0]!] }, { today }).markdown,
    );
    const statusOf = (id: string) =>
      new RegExp(`<td>[^<]*\\(<code>${id}</code>\\)[^<]*</td>\\s*<td>([^<]*)</td>`).exec(html)?.[1];
    expect(statusOf('aws-old')).toBe('enabled, left out of policies (retired)');
    expect(statusOf(all[0]!)).toBe('enabled');
  });

  it('warns about the parts of an active service closed to new customers or ending', () => {
    const withParts = serviceEntry('aws-parts', {
      name: 'Amazon Parts',
      category: fixtureServices[0]!.category,
      subServices: [
        { id: 'aws-parts-live', name: 'Parts Live', description: 'x' },
        {
          id: 'aws-parts-closed',
          name: 'Parts Closed',
          description: 'x',
          lifecycle: {
            status: 'deprecated',
            note: 'No new customers.',
            announcementUrl: 'https://docs.aws.amazon.com/c',
          },
        },
        {
          id: 'aws-parts-ending',
          name: 'Parts Ending',
          description: 'x',
          lifecycle: {
            status: 'sunset',
            sunsetDate: '2027-04-30',
            note: 'Ends for everyone.',
            announcementUrl: 'https://blog.example.com/e',
          },
        },
      ],
    });
    const c = createCatalogue({
      version: 'fixture',
      builtOn: today,
      providers: fixtureProviders,
      categories: fixtureCategories,
      services: [...fixtureServices, withParts],
    });
    const html = render(renderMarkdown(c, { name: 'x', approvedServiceIds: ['aws-parts'] }, { today }).markdown);
    const warnings = html.split('<h2>Lifecycle warnings</h2>')[1]?.split('<h2>')[0] ?? '';
    expect(warnings.match(/<li>/g)).toHaveLength(2);
    expect(warnings).toContain(
      '<li><strong>Parts Closed</strong>, part of Amazon Parts (<code>aws-parts</code>), is <strong>no longer open to ' +
        'new customers</strong>. No new customers. <a href="https://docs.aws.amazon.com/c">Announcement</a>.</li>',
    );
    expect(warnings).toContain(
      '<li><strong>Parts Ending</strong>, part of Amazon Parts (<code>aws-parts</code>), is <strong>ending</strong> ' +
        '(sunset date 2027-04-30). Ends for everyone. ' +
        // An announcement off the vendor's own site says whose report it is.
        '<a href="https://blog.example.com/e">Announcement, reported by blog.example.com, not the vendor</a>.</li>',
    );
    expect(warnings).not.toContain('Parts Live');
  });

  it('escapes hostile text in every user-supplied field and in unknown ids', () => {
    for (const text of hostile) {
      const r = renderMarkdown(
        catalogue,
        { name: text, description: text, organisation: text, owner: text, approvedServiceIds: [all[0]!, text] },
        { today },
      );
      const html = render(r.markdown);
      expect(html).not.toMatch(/<(script|img|ol|blockquote|pre|em|strong del|hr)[\s>]/);
      expect(html).not.toMatch(/href="(?!https:\/\/)/);
      expect(html).not.toContain('javascript:alert(1)"');
      expect(html.match(/<h1>/g)).toHaveLength(1);
      expect(html.match(/<h2>/g)).toHaveLength(2); // the provider and "Not in the catalogue"
      // Metadata stays a two-column table.
      const meta = /<table>[\s\S]*?<\/table>/.exec(html)![0];
      for (const row of meta.match(/<tr>[\s\S]*?<\/tr>/g)!) expect(row.match(/<t[dh]>/g)).toHaveLength(2);
      expect(r.unknownServiceIds).toEqual([text]);
      expect(r.filename).toMatch(/^[a-z0-9-]+\.md$/);
    }
  });

  it('lists ids the catalogue does not know in their own section', () => {
    const r = renderMarkdown(catalogue, { name: 'x', approvedServiceIds: ['aws-nope', all[0]!] }, { today });
    expect(render(r.markdown)).toMatch(/<h2>Not in the catalogue<\/h2>[\s\S]*<li>aws-nope<\/li>/);
    expect(r.unknownServiceIds).toEqual(['aws-nope']);
  });
});

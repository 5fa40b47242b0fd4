/**
 * The lifecycle feed through the built server: GET /v1/lifecycle, the Atom
 * feed and the iCalendar file (parsed by real parsers), the /lifecycle page,
 * GET /v1/lists/{id}/lifecycle for a saved list, and the service pages'
 * compare action. Services are discovered through the API, never assumed.
 */
import ICAL from 'ical.js';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LifecycleTimeline, ListLifecycle, type LifecycleChange } from '../src/core/schemas.ts';
import { renderHeadersFile } from '../src/integrations/cdn-headers.ts';
import { expectProblem, postJson, send } from './helpers/http.ts';
import { startServer, type RunningServer } from './helpers/server.ts';
import { humanDate, lifecycleLabels, type LifecycleStatus } from '../src/site/format.ts';
import { vendorDocHosts } from '../src/core/vendor-hosts.ts';

let server: RunningServer;
let timeline: LifecycleTimeline;
let catalogue: {
  builtOn: string;
  services: {
    id: string;
    slug: string;
    name: string;
    lifecycle?: {
      status: Exclude<LifecycleStatus, 'active'>;
      sunsetDate?: string;
      successorSlug?: string;
      announcementUrl: string;
    };
    equivalents: Record<string, string | string[]>;
    identifiers: Identifiers;
    subServices: {
      id: string;
      name: string;
      identifiers?: Identifiers;
      lifecycle?: { status: string; sunsetDate?: string; closedToNewCustomers?: string; announcementUrl: string };
    }[];
  }[];
};
type Identifiers = Partial<Record<'iamPrefixes' | 'resourceProviders' | 'serviceNames', string[]>>;

beforeAll(async () => {
  server = await startServer({ RATE_LIMIT_POINTS: '10000' });
  timeline = LifecycleTimeline.parse((await send(`${server.url}/v1/lifecycle`)).json);
  catalogue = (await send(`${server.url}/catalogue.json`)).json;
});
afterAll(() => server?.stop());

const dated = () => [...timeline.upcoming, ...timeline.past];

describe('GET /v1/lifecycle', () => {
  it('answers JSON with the catalogue headers', async () => {
    const r = await send(`${server.url}/v1/lifecycle`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(r.headers.get('access-control-allow-origin')).toBe('*');
    expect(r.headers.get('etag')).toBeTruthy();
  });

  it("says which announcements are a third party's report, by its host, and no others", () => {
    const all = [...timeline.upcoming, ...timeline.past, ...timeline.undated];
    for (const c of all) {
      const host = new URL(c.announcementUrl).hostname;
      expect(c.announcementReportedBy, c.serviceId).toBe(vendorDocHosts[c.provider]!.includes(host) ? undefined : host);
    }
    // The content keeps such reports to a reviewed list, which is not empty (tests/content.test.ts).
    expect(all.filter((c) => c.announcementReportedBy).length).toBeGreaterThan(0);
  });

  it('lists every service that is not active once, and each marked part once, twice when it closes to new customers before its end, and nothing else', () => {
    const all = [...timeline.upcoming, ...timeline.past, ...timeline.undated];
    // Closing before an end, and not yet retired: the closing is a change of its own, on its own day.
    const times = (l: { status: string; sunsetDate?: string; closedToNewCustomers?: string } | undefined) =>
      l && l.status !== 'retired' && l.closedToNewCustomers && l.sunsetDate && l.closedToNewCustomers < l.sunsetDate
        ? 2
        : 1;
    const marked = catalogue.services
      .filter((s) => s.lifecycle)
      .flatMap((s) => Array<string>(times(s.lifecycle)).fill(s.id))
      .sort();
    expect(
      all
        .filter((c) => !c.part)
        .map((c) => c.serviceId)
        .sort(),
    ).toEqual(marked);
    const parts = catalogue.services
      .flatMap((s) =>
        s.subServices.filter((sub) => sub.lifecycle).flatMap((sub) => Array<string>(times(sub.lifecycle)).fill(sub.id)),
      )
      .sort();
    expect(all.flatMap((c) => (c.part ? [c.part.id] : [])).sort()).toEqual(parts);
    expect(marked.length + parts.length).toBeGreaterThan(
      catalogue.services.filter((s) => s.lifecycle).length +
        catalogue.services.flatMap((s) => s.subServices.filter((sub) => sub.lifecycle)).length,
    );
    // A part ending is dated on the timeline: the Q Developer IDE plugins, not Q Developer itself.
    expect(timeline.upcoming.find((c) => c.part?.id === 'aws-q-developer-ide-plugins')).toMatchObject({
      serviceId: 'aws-q-developer',
      status: 'sunset',
      date: '2027-04-30',
    });
    expect(timeline.today).toBe(catalogue.builtOn);
  });

  it('orders upcoming changes soonest first from today and past ones latest first; undated ones have no date', () => {
    const dates = (cs: LifecycleChange[]) => cs.map((c) => c.date!);
    expect(dates(timeline.upcoming)).toEqual([...dates(timeline.upcoming)].sort());
    expect(dates(timeline.past)).toEqual([...dates(timeline.past)].sort().reverse());
    expect(timeline.upcoming.every((c) => c.date! >= timeline.today)).toBe(true);
    // What has happened: a retirement, or a deprecated service's closing to new customers (dated by that day).
    expect(
      timeline.past.every(
        (c) => c.date! <= timeline.today && (c.status === 'retired' || c.date === c.closedToNewCustomers),
      ),
    ).toBe(true);
    expect(timeline.past.some((c) => c.status === 'deprecated' && c.serviceId === 'aws-kendra')).toBe(true);
    expect(timeline.undated.every((c) => c.date === undefined)).toBe(true);
    expect(timeline.upcoming.length).toBeGreaterThan(0);
    expect(timeline.past.length).toBeGreaterThan(0);
  });

  it('gives each change its vendor announcement and resolves successors to services of the catalogue', async () => {
    for (const c of [...dated(), ...timeline.undated]) expect(c.announcementUrl, c.serviceId).toMatch(/^https:\/\//);
    const withSuccessor = dated().find((c) => c.successor)!;
    const detail = (await send(`${server.url}/v1/services/${withSuccessor.successor!.slug}`)).json;
    expect(detail.id).toBe(withSuccessor.successor!.id);
  });
});

describe('GET /lifecycle.atom', () => {
  it('is an Atom feed with the elements RFC 4287 requires, one entry per dated change', async () => {
    const r = await send(`${server.url}/lifecycle.atom`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    expect(XMLValidator.validate(r.text)).toBe(true);
    const { feed } = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '@',
      isArray: (n) => ['entry', 'link'].includes(n),
    }).parse(r.text);
    expect(feed['@xmlns']).toBe('http://www.w3.org/2005/Atom');
    // Prerendered: absolute addresses use the site address of the build (PUBLIC_URL at build time).
    expect(feed.id).toMatch(/^https?:\/\/[^/]+\/lifecycle\.atom$/);
    const site = new URL(feed.id).origin;
    expect(feed.title).toBeTruthy();
    expect(feed.updated).toBe(`${timeline.today}T00:00:00Z`);
    expect(feed.author.name).toBeTruthy();
    expect(feed.entry).toHaveLength(dated().length);
    for (const e of feed.entry) {
      expect(e.id).toBeTruthy();
      expect(e.title).toBeTruthy();
      expect(Number.isNaN(Date.parse(e.updated))).toBe(false);
      expect(
        e.link.some(
          (l: Record<string, string>) =>
            l['@rel'] === 'alternate' && (l['@href'] ?? '').startsWith(`${site}/services/`),
        ),
      ).toBe(true);
    }
    expect(new Set(feed.entry.map((e: { id: string }) => e.id)).size).toBe(feed.entry.length);
    // An announcement that is a third party's report says so; the vendor's own pages are named as announcements.
    const summaries = feed.entry.map((e: { summary: unknown }) => JSON.stringify(e.summary));
    const reported = summaries.filter((t: string) => t.includes('not the vendor'));
    expect(reported.length).toBeGreaterThan(0);
    for (const t of reported) expect(t).toMatch(/Announcement, reported by [a-z0-9.-]+, not the vendor: https:/);
    expect(
      summaries.filter((t: string) => /Announcement: https:\/\/docs\.aws\.amazon\.com\//.test(t)).length,
    ).toBeGreaterThan(0);
  });
});

describe('GET /lifecycle.ics', () => {
  it('is an iCalendar file with one all-day event per dated change: a retirement, a sunset or a closing', async () => {
    const r = await send(`${server.url}/lifecycle.ics`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const cal = new ICAL.Component(ICAL.parse(r.text));
    const events = cal.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events).toHaveLength(dated().length);
    const byUid = new Map(events.map((e) => [e.uid.replace(/@.*$/, ''), e]));
    for (const c of dated()) {
      // A closing to new customers is keyed as such, not by the status, which moves on once an end is announced.
      const key = c.date === c.closedToNewCustomers && c.date !== c.sunsetDate ? 'closing' : c.status;
      const e = byUid.get(`${c.part?.id ?? c.serviceId}-${key}-${c.date}`);
      expect(e, c.serviceId).toBeDefined();
      expect(e!.startDate.isDate).toBe(true);
      expect(e!.startDate.toString()).toBe(c.date);
      expect(e!.summary).toContain(c.name);
    }
  });
});

describe('static hosts', () => {
  it('get the feed content types in the _headers file the build writes', () => {
    const rules = renderHeadersFile();
    expect(rules).toContain('/lifecycle.atom\n  Content-Type: application/atom+xml; charset=utf-8');
    expect(rules).toContain('/lifecycle.ics\n  Content-Type: text/calendar; charset=utf-8');
  });
});

describe('the /lifecycle page', () => {
  it('shows the timeline without JavaScript, upcoming first, and links the feeds', async () => {
    const r = await send(`${server.url}/lifecycle`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/html/);
    const order = ['upcoming', 'closed', 'undated', 'past'].map((id) =>
      r.text.indexOf(`data-lifecycle-section="${id}"`),
    );
    expect(order.every((i) => i > 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    const first = timeline.upcoming[0]!;
    const upcomingHtml = r.text.slice(order[0], order[1]);
    // What is past: the services that closed to new customers on a day and still run, apart from those that ended
    // (retired, or past their sunset date), each once.
    const listed = (from: number, to?: number) =>
      [...r.text.slice(from, to).matchAll(/data-lifecycle-change="([^"]+)"/g)].map((m) => m[1]);
    const closed = timeline.past.filter(
      (c) => c.status !== 'retired' && c.closedToNewCustomers === c.date && c.sunsetDate !== c.date,
    );
    expect(closed.length).toBeGreaterThan(0);
    // A service closed to new customers whose end is still to come is in both: closed since that day, and upcoming.
    const ending = closed.find((c) => c.sunsetDate && c.sunsetDate > timeline.today)!;
    expect(ending).toBeDefined();
    expect(timeline.upcoming.some((c) => c.serviceId === ending.serviceId && c.date === ending.sunsetDate)).toBe(true);
    expect(listed(order[1]!, order[2])).toEqual(closed.map((c) => c.serviceId));
    expect(listed(order[3]!)).toEqual(timeline.past.filter((c) => !closed.includes(c)).map((c) => c.serviceId));
    expect(closed.length + listed(order[3]!).length).toBe(timeline.past.length);
    expect(upcomingHtml).toContain(`data-lifecycle-change="${first.serviceId}"`);
    expect(upcomingHtml).toContain(`href="${first.announcementUrl}"`);
    expect(r.text).toContain('href="/lifecycle.atom"');
    expect(r.text).toContain('href="/lifecycle.ics"');
    expect(r.text).not.toMatch(/<script(?![^>]*type="module")/);
  });

  it('is linked from the header of every page', async () => {
    const home = await send(`${server.url}/`);
    expect(home.text).toMatch(/<nav class="main"[\s\S]*href="\/lifecycle"[\s\S]*<\/nav>/);
  });

  it('lets feed readers find the Atom feed from any page', async () => {
    for (const path of ['/', '/lifecycle', '/services/aws-lambda']) {
      const head = (await send(`${server.url}${path}`)).text.split('</head>')[0]!;
      expect(head, path).toMatch(/<link rel="alternate" type="application\/atom\+xml"[^>]*href="\/lifecycle\.atom"/);
    }
  });
});

describe('GET /v1/lists/{id}/lifecycle', () => {
  it("answers which of the list's services change, soonest first, with the 12-month count", async () => {
    const active = catalogue.services.find((s) => !s.lifecycle && !s.subServices.some((p) => p.lifecycle))!;
    // Services changing as a whole, with no part of their own changing too: each brings one change.
    const changingParts = new Set(
      catalogue.services.filter((s) => s.subServices.some((p) => p.lifecycle)).map((s) => s.id),
    );
    // Nor a closing to new customers before its end, which is a change of its own.
    const all = [...timeline.upcoming, ...timeline.past, ...timeline.undated];
    const once = (c: LifecycleChange) => all.filter((o) => o.serviceId === c.serviceId).length === 1;
    const whole = (cs: LifecycleChange[]) => cs.filter((c) => !c.part && !changingParts.has(c.serviceId) && once(c));
    const [undated, upcoming, past] = [whole(timeline.undated), whole(timeline.upcoming), whole(timeline.past)];
    const picks = [undated[0]!, upcoming[upcoming.length - 1]!, past[0]!, upcoming[0]!].map((c) => c.serviceId);
    const saved = await postJson(`${server.url}/v1/lists`, {
      name: 'Watched',
      approvedServiceIds: [active.id, ...picks],
    });
    expect(saved.status).toBe(201);
    const r = await send(`${server.url}/v1/lists/${saved.json.id}/lifecycle`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const body = ListLifecycle.parse(r.json);
    expect(body.listId).toBe(saved.json.id);
    const datedIds = [past[0]!, upcoming[0]!, upcoming[upcoming.length - 1]!];
    expect(body.changes.map((c) => c.serviceId)).toEqual([...datedIds.map((c) => c.serviceId), undated[0]!.serviceId]);
    const today = new Date().toISOString().slice(0, 10);
    const inAYear = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
    expect(body.changingWithin12Months).toBe(
      body.changes.filter((c) => c.date && c.date >= today && c.date <= inAYear).length,
    );
    expect(body.changes.map((c) => c.serviceId)).not.toContain(active.id);
  });

  it('answers 404 like GET /v1/lists/{id} for unknown, malformed and hostile ids', async () => {
    for (const id of ['AAAAAAAAAAAAAAAAAAAAAAAA', 'nope', '..%2F..%2Fetc', '%ZZ']) {
      const problem = expectProblem(await send(`${server.url}/v1/lists/${id}/lifecycle`), 404);
      expect(problem.detail).not.toContain(id);
    }
  });
});

describe('service pages', () => {
  it('never offer a retired column when comparing a service with its equivalents', async () => {
    const byId = new Map(catalogue.services.map((s) => [s.id, s]));
    const peers = (s: (typeof catalogue.services)[number]) => Object.values(s.equivalents).flat();
    const withRetiredPeer = catalogue.services.filter((s) =>
      peers(s).some((id) => byId.get(id)?.lifecycle?.status === 'retired'),
    );
    const activeWithPeers = catalogue.services.find((s) => !s.lifecycle && peers(s).length > 0)!;
    expect(withRetiredPeer.length).toBeGreaterThan(0);
    for (const s of [...withRetiredPeer, activeWithPeers]) {
      const html = (await send(`${server.url}/services/${s.slug}`)).text;
      const link = /href="\/compare\?ids=([^"]+)"[^>]*data-compare-equivalents/.exec(html)?.[1];
      const livePeers = peers(s).filter((id) => byId.get(id)?.lifecycle?.status !== 'retired');
      if (!livePeers.length) expect(link, s.id).toBeUndefined();
      else expect(link!.split(',').slice(1).sort(), s.id).toEqual(livePeers.sort().slice(0, 9));
    }
  });

  it('show former names and the review date, also in the API', async () => {
    const renamed = (await send(`${server.url}/catalogue.json`)).json.services.find(
      (s: { formerNames: string[] }) => s.formerNames.length,
    )!;
    const detail = (await send(`${server.url}/v1/services/${renamed.slug}`)).json;
    expect(detail.formerNames).toEqual(renamed.formerNames);
    expect(detail.lastReviewed).toBe(renamed.lastReviewed);
    const html = (await send(`${server.url}/services/${renamed.slug}`)).text;
    expect(html).toContain(`Formerly ${renamed.formerNames.join(', ')}`);
  });

  it('compare a retired service with its date said once, and say what each service needs to work', async () => {
    const retired = catalogue.services.find((s) => s.lifecycle?.status === 'retired' && s.lifecycle.sunsetDate)!;
    const html = (await send(`${server.url}/compare?ids=aws-lambda,${retired.id}`)).text;
    const row = (name: string) => new RegExp(`<th scope="row">${name}</th>([\\s\\S]*?)</tr>`).exec(html)?.[1] ?? '';
    const day = humanDate(retired.lifecycle!.sunsetDate!);
    expect(row('Lifecycle').split(day).length - 1).toBe(1);
    // The claim links the vendor's announcement, as the service page does.
    expect(row('Lifecycle')).toContain(`href="${retired.lifecycle!.announcementUrl}"`);
    expect(row('Needs to work')).toContain('href="/services/aws-cloudwatch"');
  });

  it('compare an active service whose part is ending as such, not as simply active', async () => {
    const withPart = catalogue.services.find(
      (s) => !s.lifecycle && s.subServices.some((p) => p.lifecycle?.status === 'sunset' && p.lifecycle.sunsetDate),
    )!;
    const part = withPart.subServices.find((p) => p.lifecycle?.status === 'sunset')!;
    const html = (await send(`${server.url}/compare?ids=aws-lambda,${withPart.id}`)).text;
    const row = (name: string) => new RegExp(`<th scope="row">${name}</th>([\\s\\S]*?)</tr>`).exec(html)?.[1] ?? '';
    const day = humanDate(part.lifecycle!.sunsetDate!);
    const cells = row('Lifecycle').split('<td');
    expect(cells).toHaveLength(3);
    // Lambda's cell says only that it is active; the other says its part ends, and when.
    expect(cells[1]).not.toContain('data-part-lifecycle');
    expect(cells[2]).toContain(`${part.name}, part of ${withPart.name}, is being retired on ${day}.`);
    expect(row('Sub-services')).toContain(`${part.name} (being retired on ${day})`);
    // Each claim links the vendor's announcement, as the service page does.
    expect(cells[2]).toContain(`href="${part.lifecycle!.announcementUrl}"`);
  });

  it('compare a service with several ending parts soonest first', async () => {
    const day = (p: { lifecycle?: { sunsetDate?: string; closedToNewCustomers?: string } }) =>
      p.lifecycle?.closedToNewCustomers ?? p.lifecycle?.sunsetDate ?? '~';
    const many = catalogue.services.find((s) => {
      const dated = s.subServices.filter((p) => p.lifecycle && day(p) !== '~');
      return dated.length >= 3 && dated.map(day).join() !== [...dated.map(day)].sort().join();
    })!;
    expect(many, 'a service whose dated parts are not listed in date order').toBeDefined();
    const html = (await send(`${server.url}/compare?ids=${many.id}`)).text;
    const cell = /<th scope="row">Lifecycle<\/th>([\s\S]*?)<\/tr>/.exec(html)?.[1] ?? '';
    const shown = [...cell.matchAll(/data-part-lifecycle[^>]*>([\s\S]*?)<\/p>/g)].map((m) => m[1]!);
    const order = many.subServices
      .filter((p) => p.lifecycle)
      .sort((a, b) => day(a).localeCompare(day(b)))
      .map((p) => p.name);
    expect(shown.map((text) => order.findIndex((name) => text.includes(name)))).toEqual(order.map((_, i) => i));
  });

  it('badge an equivalent that is not active, in the compared row and among the suggestions', async () => {
    const html = (await send(`${server.url}/compare?ids=azure-ai-search`)).text;
    const row = /<th scope="row">Equivalents<\/th>([\s\S]*?)<\/tr>/.exec(html)?.[1] ?? '';
    expect(row).toMatch(/Amazon Kendra<\/a> \(AWS\)\s*<span class="badge deprecated">Deprecated<\/span>/);
    const suggestions = /<p class="suggestions">([\s\S]*?)<\/p>/.exec(html)?.[1] ?? '';
    expect(suggestions).toMatch(/Amazon Kendra[\s\S]*?<\/a>\s*<span class="badge deprecated">Deprecated<\/span>/);
  });

  it("show every identifier approving a service lets through, its parts' too, on its page and when compared", async () => {
    // A service whose parts have identifiers of their own that the service itself does not list (S3's glacier…).
    const kinds = ['iamPrefixes', 'resourceProviders', 'serviceNames'] as const;
    const own = (x: { identifiers?: Identifiers }) => kinds.flatMap((k) => x.identifiers?.[k] ?? []);
    const withParts = catalogue.services.filter((s) =>
      s.subServices.some((p) => own(p).some((id) => !own(s).includes(id))),
    );
    expect(withParts.length).toBeGreaterThan(0);
    for (const s of withParts.slice(0, 5)) {
      const partIds = s.subServices.flatMap(own).filter((id) => !own(s).includes(id));
      const html = (await send(`${server.url}/services/${s.slug}`)).text;
      const line = /<p class="identifiers" data-identifiers-parts>([\s\S]*?)<\/p>/.exec(html)?.[1] ?? '';
      for (const id of partIds) expect(line, s.id).toContain(`<code>${id}</code>`);
      const compared = (await send(`${server.url}/compare?ids=${s.id}`)).text;
      const row = /<th scope="row">Policy identifiers<\/th>([\s\S]*?)<\/tr>/.exec(compared)?.[1] ?? '';
      for (const id of [...own(s), ...partIds]) expect(row, s.id).toContain(`<code>${id}</code>`);
    }
  });

  it("label a retired service's date as its retirement, and a coming one as its sunset", async () => {
    const retired = catalogue.services.find((s) => s.lifecycle?.status === 'retired' && s.lifecycle.sunsetDate)!;
    const sunset = catalogue.services.find((s) => s.lifecycle?.status === 'sunset' && s.lifecycle.sunsetDate)!;
    expect((await send(`${server.url}/services/${retired.slug}`)).text).toMatch(/<dt>Retired on<\/dt>/);
    expect((await send(`${server.url}/services/${sunset.slug}`)).text).toMatch(/<dt>Sunset date<\/dt>/);
  });

  it('never recommend a successor that is changing itself without saying so, and badge it', async () => {
    const byId = new Map(catalogue.services.map((s) => [s.id, s]));
    const changingSuccessor = catalogue.services.filter((s) => {
      const next = s.lifecycle?.successorSlug ? byId.get(s.lifecycle.successorSlug) : undefined;
      return next?.lifecycle !== undefined;
    });
    expect(changingSuccessor.length).toBeGreaterThan(0);
    for (const s of changingSuccessor) {
      const next = byId.get(s.lifecycle!.successorSlug!)!;
      const text = (await send(`${server.url}/services/${s.slug}`)).text.replace(/<[^>]+>/g, '');
      expect(text, s.id).toMatch(new RegExp(`Plan a move to ${next.name}, which (is|has) itself`));
      expect(text, s.id).toMatch(new RegExp(`Successor: ${next.name}\\s+${lifecycleLabels[next.lifecycle!.status]}`));
    }
  });
});

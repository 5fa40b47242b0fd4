/**
 * `npm run catalogue:report`: counts per provider and category, services
 * without equivalents, lifecycle counts, dependency edges, services not
 * reviewed for 180 days, every content or reference-data mismatch (the
 * freshness rule included, as of today or CATALOGUE_TODAY), and the
 * reconciliation of the reference identifiers with the catalogue (owned,
 * always allowed, excluded by reason, and the unowned ones by name). Exits 1
 * when there is any mismatch, unowned identifier or stale exclusion; an
 * overdue review is listed but does not fail the report.
 */
import { formatContentIssues } from '../core/catalogue.ts';
import { contentToday, readContent } from './lib/read-content.ts';
import {
  exclusionsFile,
  loadExclusions,
  loadReference,
  reconcileIdentifiers,
  referenceDir,
  referenceIssues,
} from './lib/reference.ts';

const content = readContent();
const issues = [...content.issues];
const ref = loadReference();
if (ref) issues.push(...referenceIssues(ref, content.services, (s) => content.fileOf.get(s.id) ?? s.id));

const lines: string[] = [];
const count = <K extends string>(keys: K[]) =>
  keys.reduce((m, k) => m.set(k, (m.get(k) ?? 0) + 1), new Map<K, number>());
lines.push(
  `# Catalogue report`,
  '',
  `${content.services.length} services, ${content.providers.length} providers, ${content.categories.length} categories`,
  '',
);
for (const p of content.providers) {
  const own = content.services.filter((s) => s.provider === p.id);
  lines.push(`## ${p.name} (${own.length})`);
  const byCat = count(own.map((s) => s.category));
  for (const c of content.categories) if (byCat.get(c.id)) lines.push(`- ${c.name}: ${byCat.get(c.id)}`);
  const lc = count(own.map((s) => s.lifecycle?.status ?? 'active'));
  lines.push(`- lifecycle: ${[...lc].map(([k, v]) => `${k} ${v}`).join(', ')}`);
  const lonely = own.filter((s) => Object.keys(s.equivalents).length === 0).map((s) => s.id);
  lines.push(`- without equivalents (${lonely.length}): ${lonely.join(', ') || 'none'}`);
  const edges = (kind: 'requires' | 'recommends') => own.reduce((n, s) => n + s[kind].length, 0);
  lines.push(
    `- dependencies: ${edges('requires')} requires, ${edges('recommends')} recommends, on ${own.filter((s) => s.requires.length || s.recommends.length).length} services`,
    '',
  );
}
let problems = issues.length;
if (ref) {
  const r = reconcileIdentifiers(ref, content.services, loadExclusions());
  lines.push(`## Reference identifiers (exclusions: ${exclusionsFile()})`);
  for (const p of ['aws', 'azure', 'gcp'] as const) {
    const excluded = r.excluded.filter((e) => e.provider === p);
    const byReason = count(excluded.map((e) => e.reason));
    lines.push(
      `- ${p}: ${r.owned[p]} owned by a catalogue service, ${r.essential[p]} always allowed, ${excluded.length} excluded (${[...byReason].map(([k, v]) => `${k} ${v}`).join(', ') || 'none'}), ${r.unowned.filter((u) => u.provider === p).length} unowned`,
    );
  }
  if (r.unowned.length)
    lines.push(
      '',
      `${r.unowned.length} unowned identifier(s): name a catalogue service that governs each, or exclude it with a reason:`,
      ...r.unowned.map((u) => `- ${u.provider} ${u.identifier}${u.name ? ` (${u.name})` : ''}`),
    );
  if (r.stale.length)
    lines.push(
      '',
      `${r.stale.length} stale exclusion(s):`,
      ...r.stale.map((x) => `- ${x.exclusion.provider} ${x.exclusion.identifier}: ${x.why}`),
    );
  lines.push('');
  problems += r.unowned.length + r.stale.length;
}
const REVIEW_DAYS = 180;
const today = contentToday();
const cutoff = new Date(Date.parse(`${today}T00:00:00Z`) - REVIEW_DAYS * 86_400_000).toISOString().slice(0, 10);
const overdue = content.services
  .filter((s) => s.lastReviewed < cutoff)
  .sort((a, b) => a.lastReviewed.localeCompare(b.lastReviewed) || a.id.localeCompare(b.id));
lines.push(`## Not reviewed for ${REVIEW_DAYS} days (last reviewed before ${cutoff}): ${overdue.length}`);
for (const s of overdue) lines.push(`- ${s.id}: last reviewed ${s.lastReviewed} (${content.fileOf.get(s.id) ?? s.id})`);
lines.push('');
lines.push(
  ref ? `Reference data: ${referenceDir()}` : `Reference data not found at ${referenceDir()}; reference checks skipped`,
);
lines.push(issues.length ? `\n${issues.length} mismatch(es):\n${formatContentIssues(issues)}` : 'No mismatches.');
console.log(lines.join('\n'));
process.exitCode = problems ? 1 : 0;

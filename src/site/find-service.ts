/**
 * One service for a typed text, for the compare picker without JavaScript:
 * an id or slug, else an exact name or short name, else the service whose
 * name (then keywords and description) every typed word starts a word of,
 * shortest name first. The same word rule as the catalogue search.
 */
import type { Catalogue } from '../core/catalogue.ts';
import type { ServiceEntry } from '../core/schemas.ts';
import { words } from './filter.ts';

const startsAll = (typed: string[], text: string) => {
  const have = words(text);
  return typed.every((w) => have.some((h) => h.startsWith(w)));
};

export function findService(catalogue: Catalogue, text: string): ServiceEntry | undefined {
  const t = text.trim().slice(0, 200);
  if (!t) return undefined;
  const direct = catalogue.service(t.toLowerCase());
  if (direct) return direct;
  const folded = words(t).join(' ');
  if (!folded) return undefined;
  const byLength = [...catalogue.services].sort(
    (a, b) => a.name.length - b.name.length || a.name.localeCompare(b.name, 'en'),
  );
  const typed = words(t);
  return (
    byLength.find((s) => words(s.name).join(' ') === folded || words(s.shortName).join(' ') === folded) ??
    byLength.find((s) => startsAll(typed, `${s.name} ${s.shortName}`)) ??
    byLength.find((s) => startsAll(typed, `${s.name} ${s.shortName} ${s.keywords.join(' ')} ${s.description}`))
  );
}

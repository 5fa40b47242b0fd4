/**
 * Reads content/ straight from disk and validates it with the same zod schemas
 * and cross-entry checks the build uses. For tests, the catalogue report and
 * editors; the site itself reads content through Astro's content collections.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { z } from 'zod';
import { findContentIssues, type ContentIssue } from '../../core/catalogue.ts';
import {
  CategoryEntry,
  ProviderEntry,
  ServiceEntry,
  SynonymList,
  type Category,
  type Provider,
  type SynonymEntry,
} from '../../core/schemas.ts';

export interface ContentOnDisk {
  providers: Provider[];
  categories: Category[];
  services: ServiceEntry[];
  /** Reviewed search synonyms (content/synonyms.json). */
  synonyms: SynonymEntry[];
  fileOf: Map<string, string>;
  issues: ContentIssue[];
}

const zodIssues = (file: string, error: z.ZodError): ContentIssue[] =>
  error.issues.map((i) => ({ file, field: i.path.join('.') || '(root)', message: i.message }));

function listJson(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((d) => d.isFile() && d.name.endsWith('.json'))
    .map((d) => join(d.parentPath, d.name))
    .sort();
}

/** Today as the content checks see it: CATALOGUE_TODAY (YYYY-MM-DD) when set, as in the build. */
export const contentToday = (): string => process.env.CATALOGUE_TODAY || new Date().toISOString().slice(0, 10);

export function readContent(root = process.cwd(), today = contentToday()): ContentOnDisk {
  const issues: ContentIssue[] = [];
  const rel = (p: string) => relative(root, p);
  const parseFile = <T extends z.ZodType>(file: string, schema: T): z.infer<T> | undefined => {
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(file, 'utf8'));
    } catch (e) {
      issues.push({ file: rel(file), field: '(file)', message: `not valid JSON: ${(e as Error).message}` });
      return undefined;
    }
    const r = schema.safeParse(raw);
    if (!r.success) {
      issues.push(...zodIssues(rel(file), r.error));
      return undefined;
    }
    return r.data;
  };
  const providers = parseFile(join(root, 'content/providers.json'), z.array(ProviderEntry)) ?? [];
  const categories = parseFile(join(root, 'content/categories.json'), z.array(CategoryEntry)) ?? [];
  const synonyms = parseFile(join(root, 'content/synonyms.json'), SynonymList) ?? [];
  const services: ServiceEntry[] = [];
  const fileOf = new Map<string, string>();
  for (const file of listJson(join(root, 'content/services'))) {
    const s = parseFile(file, ServiceEntry);
    if (!s) continue;
    const expected = `content/services/${s.provider}/${s.id}.json`;
    if (rel(file) !== expected)
      issues.push({ file: rel(file), field: 'id', message: `file must be named ${expected}` });
    services.push(s);
    fileOf.set(s.id, rel(file));
  }
  issues.push(...findContentIssues({ providers, categories, services }, (s) => fileOf.get(s.id) ?? s.id, { today }));
  return { providers, categories, services, synonyms, fileOf, issues };
}

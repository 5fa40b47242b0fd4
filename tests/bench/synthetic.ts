/**
 * Synthetic catalogues for benchmarks: a copy of the project whose content/
 * holds N generated services spread over the real providers and categories,
 * with realistic names, descriptions and identifiers.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServiceEntryInput } from '../../src/core/schemas.ts';

const words = [
  'data',
  'stream',
  'vault',
  'edge',
  'graph',
  'queue',
  'lake',
  'pipeline',
  'cache',
  'mesh',
  'insight',
  'forge',
  'relay',
  'shield',
  'atlas',
  'pulse',
  'beacon',
  'harbor',
  'summit',
  'quartz',
];
const nouns = ['Service', 'Engine', 'Manager', 'Studio', 'Gateway', 'Store', 'Hub', 'Monitor', 'Director', 'Fabric'];

export function syntheticServices(n: number, categories: string[]): ServiceEntryInput[] {
  const providers = ['aws', 'azure', 'gcp'] as const;
  const out: ServiceEntryInput[] = [];
  for (let i = 0; i < n; i++) {
    const provider = providers[i % 3]!;
    const w1 = words[i % words.length]!;
    const w2 = words[Math.floor(i / words.length) % words.length]!;
    const noun = nouns[i % nouns.length]!;
    const title = `${w1[0]!.toUpperCase()}${w1.slice(1)} ${w2[0]!.toUpperCase()}${w2.slice(1)} ${noun} ${i}`;
    const id = `${provider}-${w1}-${w2}-${noun.toLowerCase()}-${i}`;
    out.push({
      id,
      slug: id,
      name: `${provider === 'aws' ? 'Amazon' : provider === 'azure' ? 'Azure' : 'Google Cloud'} ${title}`,
      shortName: title,
      provider,
      category: categories[i % categories.length]!,
      description: `A managed ${w1} ${noun.toLowerCase()} for ${w2} workloads, number ${i}, with automatic scaling and pay-per-use pricing.`,
      vendorDocs:
        provider === 'aws'
          ? `https://docs.aws.amazon.com/${id}/`
          : provider === 'azure'
            ? `https://learn.microsoft.com/azure/${id}/`
            : `https://cloud.google.com/${id}/docs`,
      lastReviewed: '2026-01-01',
      hasFreeTier: i % 4 === 0,
      keywords: [w1, w2],
      subServices: i % 5 === 0 ? [{ id: `${id}-lite`, name: `${title} Lite`, description: 'A smaller edition.' }] : [],
      identifiers:
        provider === 'aws'
          ? { iamPrefixes: [`svc${i}`] }
          : provider === 'azure'
            ? { resourceProviders: [`Microsoft.Synthetic${i}`] }
            : { serviceNames: [`svc${i}.googleapis.com`] },
      ...(i % 50 === 7
        ? {
            lifecycle: {
              status: 'deprecated' as const,
              note: 'Synthetic deprecation.',
              announcementUrl: 'https://example.com/announcement',
            },
          }
        : {}),
    });
  }
  return out;
}

/** A throwaway project directory with the real code and N synthetic services. */
export function syntheticProject(n: number, root = process.cwd()): string {
  const dir = mkdtempSync(join(tmpdir(), `csc-bench-${n}-`));
  for (const entry of ['package.json', 'tsconfig.json', 'astro.config.mjs', 'src', 'functions', 'schemas', 'public']) {
    if (existsSync(join(root, entry))) cpSync(join(root, entry), join(dir, entry), { recursive: true });
  }
  mkdirSync(join(dir, 'content/services'), { recursive: true });
  cpSync(join(root, 'content/providers.json'), join(dir, 'content/providers.json'));
  cpSync(join(root, 'content/categories.json'), join(dir, 'content/categories.json'));
  cpSync(join(root, 'content/synonyms.json'), join(dir, 'content/synonyms.json'));
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  const categories = (JSON.parse(readFileSync(join(root, 'content/categories.json'), 'utf8')) as { id: string }[]).map(
    (c) => c.id,
  );
  for (const p of ['aws', 'azure', 'gcp']) mkdirSync(join(dir, 'content/services', p));
  for (const s of syntheticServices(n, categories)) {
    writeFileSync(join(dir, 'content/services', s.provider, `${s.id}.json`), JSON.stringify(s, null, 2) + '\n');
  }
  return dir;
}

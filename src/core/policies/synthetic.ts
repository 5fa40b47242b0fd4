/**
 * Synthetic catalogues for policy tests and the generation benchmark: as many
 * services per provider as asked, with identifiers shaped and sized like the
 * real ones (AWS IAM prefixes average 11 characters, Azure namespaces 22,
 * Google API names 27), some sub-services with identifiers of their own, and
 * a few services without identifiers. Deterministic for a given seed.
 */
import { createCatalogue, type Catalogue } from '../catalogue.ts';
import type { PolicyIdentifiers, ServiceEntry } from '../schemas.ts';
import type { PolicyTarget } from './common.ts';

/** Service counts close to the real clouds' (IAM prefixes, resource providers, Google APIs). */
export const REALISTIC_PROVIDER_SIZES: Record<PolicyTarget, number> = { aws: 451, azure: 302, gcp: 303 };

/** mulberry32: a tiny seeded PRNG. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const letters = 'abcdefghijklmnopqrstuvwxyz';

/** A unique lower-case word of roughly `length` letters: random letters, then the index in base 26. */
function word(rand: () => number, index: number, length: number): string {
  let suffix = '';
  let n = index;
  do {
    suffix = letters[n % 26]! + suffix;
    n = Math.floor(n / 26);
  } while (n > 0);
  let head = '';
  while (head.length + suffix.length + 1 < length) head += letters[Math.floor(rand() * 26)]!;
  return `${head}x${suffix}`;
}

const lengthAround = (rand: () => number, mean: number, spread: number) =>
  Math.max(3, Math.round(mean - spread + rand() * 2 * spread));
const capitalise = (w: string) => w[0]!.toUpperCase() + w.slice(1);

function identifiersFor(provider: PolicyTarget, rand: () => number, index: number): PolicyIdentifiers {
  switch (provider) {
    case 'aws':
      return { iamPrefixes: [word(rand, index, lengthAround(rand, 11, 6))] };
    case 'azure': {
      const ns = `Microsoft.${capitalise(word(rand, index, lengthAround(rand, 12, 6)))}`;
      // About one in ten names a single resource type rather than the namespace.
      return { resourceProviders: [rand() < 0.1 ? `${ns}/${word(rand, index, 10)}s` : ns] };
    }
    case 'gcp':
      return { serviceNames: [`${word(rand, index, lengthAround(rand, 12, 6))}.googleapis.com`] };
  }
}

export interface SyntheticOptions {
  aws?: number;
  azure?: number;
  gcp?: number;
  seed?: number;
  version?: string;
}

export function syntheticServices(provider: PolicyTarget, count: number, seed = 1): ServiceEntry[] {
  const rand = random(seed * 7919 + provider.length);
  const services: ServiceEntry[] = [];
  let next = 0;
  for (let i = 0; i < count; i++) {
    const id = `${provider}-svc-${String(i).padStart(4, '0')}`;
    const withoutIdentifiers = i % 50 === 49; // a few the policies cannot express
    const withSub = i % 7 === 3;
    services.push({
      id,
      slug: id,
      name: `Synthetic ${provider.toUpperCase()} service ${i}`,
      shortName: `Svc ${i}`,
      provider,
      category: 'compute',
      description: 'A synthetic service for tests and benchmarks.',
      vendorDocs: 'https://example.com/docs',
      lastReviewed: '2026-01-01',
      hasFreeTier: false,
      keywords: [],
      subServices: withSub
        ? [
            {
              id: `${id}-sub`,
              name: 'Sub-service',
              description: 'A sub-service with its own identifiers.',
              identifiers: identifiersFor(provider, rand, 100_000 + next++),
            },
          ]
        : [],
      equivalents: {},
      formerNames: [],
      requires: [],
      recommends: [],
      identifiers: withoutIdentifiers ? {} : identifiersFor(provider, rand, next++),
    });
  }
  return services;
}

export function syntheticCatalogue(options: SyntheticOptions = {}): Catalogue {
  const seed = options.seed ?? 1;
  return createCatalogue({
    version: options.version ?? 'synthetic01',
    builtOn: '2026-05-15',
    providers: (['aws', 'azure', 'gcp'] as const).map((id) => ({
      id,
      name: id.toUpperCase(),
      shortName: id.toUpperCase(),
      homepage: 'https://example.com',
      description: 'Synthetic provider',
    })),
    categories: [{ id: 'compute', name: 'Compute', description: 'Synthetic category' }],
    services: [
      ...syntheticServices('aws', options.aws ?? 0, seed),
      ...syntheticServices('azure', options.azure ?? 0, seed),
      ...syntheticServices('gcp', options.gcp ?? 0, seed),
    ],
  });
}

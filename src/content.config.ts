import { defineCollection } from 'astro:content';
import { file, glob } from 'astro/loaders';
import { CategoryEntry, ProviderEntry, ServiceEntry } from './core/schemas.ts';

// The catalogue lives in content/ at the project root: one JSON file per service.
export const collections = {
  providers: defineCollection({ loader: file('./content/providers.json'), schema: ProviderEntry }),
  categories: defineCollection({ loader: file('./content/categories.json'), schema: CategoryEntry }),
  services: defineCollection({
    loader: glob({ pattern: '**/*.json', base: './content/services' }),
    schema: ServiceEntry,
  }),
};

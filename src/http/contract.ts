/**
 * Response envelopes of the read API. With the resource schemas in
 * core/schemas.ts they type the routes and generate /v1/openapi.json.
 */
import { z } from 'zod';
import { pageOf, PageLinks } from '../core/page.ts';
import { CategoryEntry, ProviderEntry, Service, ServiceDetail } from '../core/schemas.ts';
import { matchKinds, searchFields } from '../core/search.ts';

export { PageLinks };

export const ProviderSummary = ProviderEntry.extend({ serviceCount: z.number().int() }).meta({ id: 'ProviderSummary' });
export const CategorySummary = CategoryEntry.extend({ serviceCount: z.number().int() }).meta({ id: 'CategorySummary' });

export const ProviderList = z.object({ data: z.array(ProviderSummary) }).meta({ id: 'ProviderList' });
export const CategoryList = z.object({ data: z.array(CategorySummary) }).meta({ id: 'CategoryList' });

export const SearchMatch = z
  .object({
    term: z.string().describe('The query word (or the whole query, for `full`, `phrase` and `near`)'),
    field: z.enum(searchFields).describe('The field it matched'),
    word: z.string().describe("The service's word or text it matched"),
    kind: z
      .enum(matchKinds)
      .describe(
        '`exact`, `prefix`, `fuzzy` (within the typo allowance), `synonym` (a reviewed synonym), `full` (the ' +
          'whole query equals the field), `phrase` (the words in order), `near` (the words close together)',
      ),
  })
  .meta({ id: 'SearchMatch' });

/** A listed service; with `explain=true` and `q`, also its relevance score and matches. */
export const ServiceResult = Service.extend({
  score: z.number().optional().describe('Relevance score (only with `explain=true` and `q`)'),
  matches: z.array(SearchMatch).optional().describe('What matched (only with `explain=true` and `q`)'),
}).meta({ id: 'ServiceResult' });

export const ServicePage = pageOf(ServiceResult, 'ServicePage');

export const Comparison = z
  .object({
    data: z.array(ServiceDetail).describe('The requested services, in request order'),
    providers: z.array(z.string()).describe('Providers present, in order of first appearance'),
  })
  .meta({ id: 'Comparison' });

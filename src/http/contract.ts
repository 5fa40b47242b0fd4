/**
 * Response envelopes of the read API. With the resource schemas in
 * core/schemas.ts they type the routes and generate /v1/openapi.json.
 */
import { z } from 'zod';
import { pageOf, PageLinks } from '../core/page.ts';
import { CategoryEntry, ProviderEntry, Service, ServiceDetail } from '../core/schemas.ts';

export { PageLinks };

export const ProviderSummary = ProviderEntry.extend({ serviceCount: z.number().int() }).meta({ id: 'ProviderSummary' });
export const CategorySummary = CategoryEntry.extend({ serviceCount: z.number().int() }).meta({ id: 'CategorySummary' });

export const ProviderList = z.object({ data: z.array(ProviderSummary) }).meta({ id: 'ProviderList' });
export const CategoryList = z.object({ data: z.array(CategorySummary) }).meta({ id: 'CategoryList' });

export const ServicePage = pageOf(Service, 'ServicePage');

export const Comparison = z
  .object({
    data: z.array(ServiceDetail).describe('The requested services, in request order'),
    providers: z.array(z.string()).describe('Providers present, in order of first appearance'),
  })
  .meta({ id: 'Comparison' });

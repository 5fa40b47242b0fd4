import { astroRoute } from '../../../server/api-routes.ts';

// The handlers live in the API's route table (src/server/api-routes.ts); `npm start` calls them without Astro.
export const prerender = false;

export const { GET, HEAD, ALL } = astroRoute('/v1/health/live');

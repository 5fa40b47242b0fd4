/**
 * Astro injects an image-transform endpoint (/_image) into every server
 * build. The site has no images to transform, so the endpoint is replaced by
 * this one (astro.config.mjs, image.endpoint): a 404 problem for any method.
 */
import { notFoundRoute } from './not-found.ts';

export const prerender = false;
export const ALL = notFoundRoute;

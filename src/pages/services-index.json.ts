/** /services-index.json: the compact service index of the services table and the compare picker (not part of the API). */
import type { APIRoute } from 'astro';
import { loadCatalogue } from '../data/catalogue.ts';
import { jsonGet } from '../http/protocol.ts';
import { serviceIndexData } from '../site/service-index.ts';

export const prerender = true;

export const GET: APIRoute = async () => jsonGet(serviceIndexData((await loadCatalogue()).catalogue));

/**
 * What `npm start` (start.mjs) uses of the server layer, in one module. The
 * build compiles it into the server bundle as dist/server/host.mjs
 * (src/integrations/server-entries.ts), beside api-dispatch.mjs, so starting
 * the server loads no TypeScript: loading Node's type stripper and stripping
 * these modules took about 100 ms of every start. The metrics and the MongoDB
 * address check stay separate modules, loaded only when configured.
 *
 * The catalogue's saved search index goes through here too: the build saves
 * it (src/integrations/search-index-file.ts) and start.mjs offers it to the
 * catalogue before the first load.
 */
export { loadConfig } from '../../functions/lib/config.ts';
export { createAnswerCache } from './answer-cache.ts';
export { createStaticHandler } from './static.ts';
export { corsHeaders, HTML_CONTENT_TYPE, securityHeaders, preflightHeaders } from '../http/headers.ts';
export { logFailure, requestLabel } from '../http/faults.ts';
export { problemTypes, problemTypeUri, PROBLEM_CONTENT_TYPE } from '../http/problem.ts';
export { clientIp, decodedPath, isValidHost } from '../http/protocol.ts';
export {
  createLogger,
  flushLogger,
  inRequestScope,
  observeRequests,
  redactor,
  requestIdFrom,
  TracedResponse,
  uriSecrets,
} from './request-log.ts';
export { createRouteLabel } from './route-label.ts';
export { createShutdown, probeOf } from './shutdown.ts';
export { createSlicedQueue } from './sliced-queue.ts';
export { listenProblem } from './listen-error.ts';
export { loadCatalogue, offerSavedSearchIndex, savedSearchIndexBytes } from '../data/catalogue.ts';

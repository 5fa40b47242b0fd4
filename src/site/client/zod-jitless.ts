/**
 * Imported before any module that builds a zod schema in the browser: zod's
 * fast path compiles code at run time (and probes for it when a schema is
 * built), which the site's Content-Security-Policy forbids. Jitless zod
 * validates the same way, without run-time code.
 */
import { z } from 'zod';

z.config({ jitless: true });

/**
 * Runtime configuration from environment variables, validated with zod at
 * start-up. src/server/start.mjs prints the problems and exits on a bad value.
 */
import { z } from 'zod';
import { serviceListSchemaUrl } from '../../src/core/schema-address.ts';

const optionalString = z.string().trim().min(1).optional();

/** A whole number in an environment variable, in digits only: `Number()` also read ` ` (as 0), `0x1F00` and `1e3`. */
const wholeNumber = z.string().trim().regex(/^\d+$/, 'must be a whole number written in digits').transform(Number);
/** A number of seconds, in digits with an optional fraction (`0.5`). */
const decimalNumber = z
  .string()
  .trim()
  .regex(/^\d+(\.\d+)?$/, 'must be a number written in digits')
  .transform(Number);

export const ConfigSchema = z.object({
  HOST: z.string().default('0.0.0.0').describe('Interface to listen on'),
  PORT: wholeNumber.pipe(z.number().int().min(0).max(65535)).default(4321).describe('Port to listen on'),
  DATA_DIR: z
    .string()
    .min(1)
    .default('./data')
    .describe('Directory of the embedded store (used when MONGODB_URI is not set)'),
  MONGODB_URI: optionalString
    .pipe(
      z
        .string()
        .regex(/^mongodb(\+srv)?:\/\/\S+$/, 'must be a mongodb:// or mongodb+srv:// connection string')
        .optional(),
    )
    .describe(
      'MongoDB connection string; when set, lists, feedback, status history and rate-limit counters live in MongoDB',
    ),
  MONGODB_DB: z
    .string()
    .regex(/^[^/\\. "$*<>:|?]{1,63}$/, 'must be a MongoDB database name (1 to 63 characters, none of /\\. "$*<>:|?)')
    .default('cloud_service_catalogue')
    .describe('MongoDB database name'),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/ })
    .optional()
    .describe(
      'Public base URL of shareable list links (default: the origin each request came to) and, at ' +
        'build time, of the interchange schema (default http://localhost:4321)',
    ),
  SCHEMA_BASE_URL: z
    .url({ protocol: /^https?$/ })
    .optional()
    .describe(
      'Base URL the interchange schema is published under (defaults to PUBLIC_URL). Read at build time: the prerendered schema and every export carry it',
    ),
  TRUST_PROXY: wholeNumber
    .pipe(z.number().int().min(0).max(10))
    .default(0)
    .describe('Number of trusted reverse proxies in front; 0 keys rate limits on the socket address'),
  RATE_LIMIT_POINTS: wholeNumber
    .pipe(z.number().int().min(1).max(100_000))
    .default(10)
    .describe('Mutation requests allowed per client IP per window'),
  RATE_LIMIT_WINDOW_SECONDS: wholeNumber
    .pipe(z.number().int().min(1).max(86_400))
    .default(60)
    .describe('Rate-limit window in seconds'),
  MAX_BODY_BYTES: wholeNumber
    .pipe(
      z
        .number()
        .int()
        .min(1024)
        .max(10 * 1024 * 1024),
    )
    // The interchange document of every service of the catalogue is about 640 KB as the site writes it (indented):
    // the API takes back what it and the site hand out.
    .default(1024 * 1024)
    .describe('Largest accepted request body'),
  STATUS_SAMPLE_SECONDS: wholeNumber
    .pipe(z.number().int().min(5).max(86_400))
    .default(300)
    .describe('Interval between status-history samples'),
  PURGE_INTERVAL_SECONDS: wholeNumber
    .pipe(z.number().int().min(5).max(86_400))
    .default(3600)
    .describe('Interval between purges of expired lists in the embedded store'),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info')
    .describe('Lowest level written to the log (JSON lines on stdout); info includes one line per request'),
  METRICS_PORT: wholeNumber
    .pipe(z.number().int().min(0).max(65535))
    .optional()
    .describe('Port of the Prometheus metrics endpoint (GET /metrics); unset: no metrics server (0: any free port)'),
  METRICS_HOST: z
    .string()
    .min(1)
    .default('127.0.0.1')
    .describe('Interface the metrics server listens on; loopback unless opened on purpose'),
  SHUTDOWN_TIMEOUT_SECONDS: decimalNumber
    .pipe(z.number().min(0).max(300))
    .default(10)
    .describe('How long a stopping server lets requests in flight finish before it cuts them off'),
  SHUTDOWN_DELAY_SECONDS: decimalNumber
    .pipe(z.number().min(0).max(300))
    .default(0)
    .describe(
      'How long a stopping server keeps accepting connections, readiness answering 503, before it stops accepting and drains',
    ),
});
export type Config = z.output<typeof ConfigSchema>;

export function loadConfig(env: Record<string, string | undefined> = process.env): {
  config?: Config;
  problems?: string[];
} {
  const picked = Object.fromEntries(
    // Empty or blank is unset: `PORT=" "` had meant port 0, a random one.
    Object.keys(ConfigSchema.shape).map((k) => [k, env[k]?.trim() === '' ? undefined : env[k]]),
  );
  const r = ConfigSchema.safeParse(picked);
  if (r.success) return { config: r.data };
  // Never print a connection string: it can carry a password.
  const shown = (key: string) => (key === 'MONGODB_URI' ? '(value hidden)' : `(got ${JSON.stringify(picked[key])})`);
  return { problems: r.error.issues.map((i) => `${i.path.join('.')}: ${i.message} ${shown(String(i.path[0]))}`) };
}

/** Base URL of the schema address when neither SCHEMA_BASE_URL nor PUBLIC_URL is set at build time: the default local server. */
export const DEFAULT_BUILD_BASE_URL = 'http://localhost:4321';

/**
 * The service list schema address of a build: SCHEMA_BASE_URL, else
 * PUBLIC_URL, else DEFAULT_BUILD_BASE_URL, as set when `npm run build` runs. The schema file is
 * prerendered then, so the address is fixed per build; the server, the
 * prerendered catalogue.json (read by the CLI and the website) and every
 * export use the same one. Throws on an invalid value.
 */
export function buildSchemaUrl(env: Record<string, string | undefined> = process.env): string {
  const picked = { PUBLIC_URL: env.PUBLIC_URL || undefined, SCHEMA_BASE_URL: env.SCHEMA_BASE_URL || undefined };
  const r = ConfigSchema.pick({ PUBLIC_URL: true, SCHEMA_BASE_URL: true }).safeParse(picked);
  if (!r.success)
    throw new Error(
      `Invalid configuration:\n${r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n')}`,
    );
  return serviceListSchemaUrl(r.data.SCHEMA_BASE_URL ?? r.data.PUBLIC_URL ?? DEFAULT_BUILD_BASE_URL);
}

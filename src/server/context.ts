/**
 * Builds, once per process, what server functions need (catalogue, config,
 * rate limiter), and the per-request FunctionContext handed to them.
 */
import { clientIp } from '../../functions/lib/client-ip.ts';
import type { FunctionContext } from '../../functions/lib/types.ts';
import { createMemoryLimiter } from '../adapters/rate-limit.ts';
import { loadCatalogue } from '../data/catalogue.ts';
import { SERVICE_LIST_SCHEMA_URL } from '../data/schema-url.ts';
import { loadConfig, type Config } from './config.ts';

type Shared = Omit<FunctionContext, 'clientIp'>;
let shared: Promise<Shared> | undefined;

function configOrThrow(): Config {
  const { config, problems } = loadConfig();
  if (!config) throw new Error(`Invalid configuration:\n${problems!.join('\n')}`);
  return config;
}

async function build(): Promise<Shared> {
  const config = configOrThrow();
  const { catalogue, index } = await loadCatalogue();
  return {
    catalogue,
    index,
    config,
    limiter: createMemoryLimiter(config.RATE_LIMIT_POINTS, config.RATE_LIMIT_WINDOW_SECONDS),
    serviceListSchemaUrl: SERVICE_LIST_SCHEMA_URL,
    now: () => new Date(),
  };
}

export async function functionContext(request: Request, socketAddress: string): Promise<FunctionContext> {
  shared ??= build();
  const s = await shared;
  return { ...s, clientIp: clientIp(socketAddress, request.headers.get('x-forwarded-for'), s.config.TRUST_PROXY) };
}

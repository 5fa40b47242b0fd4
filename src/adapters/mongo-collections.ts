/**
 * The MongoDB collections the service uses, in a module of their own so that
 * naming one (the rate limiter does) does not load the driver.
 */
export const COLLECTIONS = {
  lists: 'lists',
  feedback: 'feedback',
  statusSamples: 'status_samples',
  rateLimits: 'rate_limits',
} as const;

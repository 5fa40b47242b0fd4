import { describe, expect, it } from 'vitest';
import { probeOf } from './shutdown.ts';

describe('probeOf', () => {
  it.each([
    ['/v1/health', 'readiness'],
    ['/v1/health?from=lb', 'readiness'],
    ['/v1/health/live', 'liveness'],
    ['/v1/health/live?x=1', 'liveness'],
    ['/v1/health/', undefined],
    ['/v1/healthz', undefined],
    ['/v1/status', undefined],
    [undefined, undefined],
  ])('%s → %s', (url, kind) => {
    expect(probeOf(url)).toBe(kind);
  });
});

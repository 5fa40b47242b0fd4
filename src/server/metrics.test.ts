import { afterEach, describe, expect, it } from 'vitest';
import { processHost } from '../adapters/process-host.ts';
import type { WatchedStore } from '../adapters/store.ts';
import { createMetrics, LIST_COUNT_CACHE_MS } from './metrics.ts';

const host = processHost();
afterEach(() => {
  delete host.observeStore;
  delete host.storage;
});

const sample = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('createMetrics', () => {
  it('counts requests per route and status, their latency per route, and 429s as rate-limit rejections', async () => {
    const m = createMetrics();
    m.requestStarted();
    m.requestEnded('POST', '/v1/lists', '201', 0.004);
    m.requestStarted();
    m.requestEnded('POST', '/v1/lists', '429', 0.001);
    m.requestStarted();
    const text = await m.registry.metrics();
    expect(sample(text, 'csc_http_requests_total{method="POST",route="/v1/lists",status="201"}')).toBe(1);
    expect(sample(text, 'csc_http_requests_total{method="POST",route="/v1/lists",status="429"}')).toBe(1);
    expect(sample(text, 'csc_http_request_duration_seconds_count{method="POST",route="/v1/lists"}')).toBe(2);
    expect(sample(text, 'csc_http_request_duration_seconds_bucket{le="0.0025",method="POST",route="/v1/lists"}')).toBe(
      1,
    );
    expect(sample(text, 'csc_rate_limit_rejections_total{route="/v1/lists"}')).toBe(1);
    expect(sample(text, 'csc_http_requests_in_flight')).toBe(1);
    expect(text).toMatch(/^process_cpu_user_seconds_total /m);
  });

  it('observes the store through the process host: latency per operation and outcome, failures counted', async () => {
    const m = createMetrics();
    expect(host.observeStore).toBe(m.observeStore);
    host.observeStore!('saveList', 0.002, false);
    host.observeStore!('saveList', 0.003, true);
    const text = await m.registry.metrics();
    expect(sample(text, 'csc_store_operation_duration_seconds_count{operation="saveList",outcome="ok"}')).toBe(1);
    expect(sample(text, 'csc_store_operation_duration_seconds_count{operation="saveList",outcome="error"}')).toBe(1);
    expect(sample(text, 'csc_store_errors_total{operation="saveList"}')).toBe(1);
  });

  it('counts saved lists on scrape, at most once per cache period, keeping the last count when the store fails', async () => {
    let now = 0;
    let counts = 0;
    let answer: () => Promise<number> = async () => 7;
    host.storage = {
      store: { countLists: () => (counts++, answer()) } as unknown as WatchedStore,
      close: async () => {},
    };
    const m = createMetrics({ now: () => now });
    expect(sample(await m.registry.metrics(), 'csc_saved_lists')).toBe(7);
    answer = async () => 9;
    expect(sample(await m.registry.metrics(), 'csc_saved_lists')).toBe(7);
    expect(counts).toBe(1);
    now += LIST_COUNT_CACHE_MS;
    expect(sample(await m.registry.metrics(), 'csc_saved_lists')).toBe(9);
    answer = () => Promise.reject(new Error('store down'));
    now += LIST_COUNT_CACHE_MS;
    expect(sample(await m.registry.metrics(), 'csc_saved_lists')).toBe(9);
    expect(counts).toBe(3);
  });
});

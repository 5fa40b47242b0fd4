import { describe, expect, it } from 'vitest';
import { createRouteLabel, PAGE_ROUTE, STATIC_ROUTE, UNMATCHED_API_ROUTE } from './route-label.ts';

const routeOf = createRouteLabel([
  '/v1/providers',
  '/v1/services',
  '/v1/services/{slug}',
  '/v1/lists/{id}',
  '/v1/lists/{id}/lifecycle',
  '/v1/health',
  '/v1/health/live',
  '/v1/openapi.json',
]);

describe('createRouteLabel', () => {
  it('labels an API request with its OpenAPI path template, never the values in it', () => {
    expect(routeOf('/v1/lists/AbC123xyz')).toBe('/v1/lists/{id}');
    expect(routeOf('/v1/lists/AbC123xyz/lifecycle?x=1')).toBe('/v1/lists/{id}/lifecycle');
    expect(routeOf('/v1/services?q=s3&page=2')).toBe('/v1/services');
    expect(routeOf('/v1/services/aws-s3')).toBe('/v1/services/{slug}');
    expect(routeOf('/v1/openapi.json')).toBe('/v1/openapi.json');
  });

  it('prefers a literal segment to a parameter', () => {
    const withParam = createRouteLabel(['/v1/health/{check}', '/v1/health/live']);
    expect(withParam('/v1/health/live')).toBe('/v1/health/live');
    expect(withParam('/v1/health/other')).toBe('/v1/health/{check}');
  });

  it('puts every API path the description lacks under one label', () => {
    const labels = new Set(
      ['/v1/nope', '/v1/lists/', '/v1/lists/a/b/c', '/v1', '/v1/providers/x', '/v1//providers'].map(routeOf),
    );
    expect([...labels]).toEqual([UNMATCHED_API_ROUTE]);
  });

  it('labels the website by a bounded rule: assets are static, everything else a page', () => {
    expect(routeOf('/_astro/index.abc123.js')).toBe(STATIC_ROUTE);
    expect(routeOf('/icons/services/aws-s3.svg')).toBe(STATIC_ROUTE);
    expect(routeOf('/catalogue.json')).toBe(STATIC_ROUTE);
    expect(routeOf('/')).toBe(PAGE_ROUTE);
    expect(routeOf('/services/aws-s3')).toBe(PAGE_ROUTE);
    expect(routeOf('/lists/secret-id?x=1')).toBe(PAGE_ROUTE);
  });
});

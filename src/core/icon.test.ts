import { describe, expect, it } from 'vitest';
import { categoryHue, monogram, serviceIconSvg } from './icon.ts';

describe('monogram', () => {
  it.each([
    ['Amazon EC2', 'EC'],
    ['Amazon S3', 'S3'],
    ['AWS Lambda', 'La'],
    ['Azure Kubernetes Service (AKS)', 'KS'],
    ['Google Cloud Cloud Run', 'Ru'],
    ['Cloud Storage', 'St'],
    ['Microsoft Entra ID', 'EI'],
    ['BigQuery', 'Bi'],
    ['', '?'],
  ])('%s -> %s', (name, mark) => expect(monogram(name)).toBe(mark));
});

describe('serviceIconSvg', () => {
  it('escapes names so no markup can be injected', () => {
    const svg = serviceIconSvg({ shortName: '<script>', name: '"><script>alert(1)</script>' }, 10);
    expect(svg).not.toContain('<script>');
    expect(svg).toMatch(/^<svg [^>]*>.*<\/svg>\n$/s);
  });
  it('spreads category hues evenly', () => {
    expect([0, 1, 2, 3].map((i) => categoryHue(i, 4))).toEqual([0, 90, 180, 270]);
  });
});

import { describe, expect, it } from 'vitest';
import { buildSummary, classifyBuildLine } from './build-log.ts';

describe("npm run build's quiet output", () => {
  it("keeps Astro's progress and page lines out of sight", () => {
    expect(classifyBuildLine('13:22:50 [build] Collecting build info...')).toBe('progress');
    expect(classifyBuildLine('\u001b[2m13:22:51\u001b[22m   ├─ /404.html (+23ms) ')).toBe('page');
    expect(classifyBuildLine('13:22:54   └─ /index.html (+25ms) ')).toBe('page');
    expect(classifyBuildLine(' prerendering static routes ')).toBe('progress');
    expect(classifyBuildLine('')).toBe('progress');
  });

  it('shows warnings, errors and anything it does not recognise', () => {
    expect(
      classifyBuildLine('\u001b[33m\u001b[1m13:22:50\u001b[22m [WARN] [vite] Some chunks are larger\u001b[39m'),
    ).toBe('show');
    expect(classifyBuildLine('13:22:50 [ERROR] [content] services/aws/x.json: /name is required')).toBe('show');
    expect(classifyBuildLine('  continuation of a multi-line warning')).toBe('show');
    expect(classifyBuildLine('PUBLIC_URL is not set: the feeds ...')).toBe('show');
  });

  it('sums the build up in one line that says where the full log is', () => {
    const line = buildSummary(2321, 8.94, '.astro/build.log');
    expect(line).toBe(
      'Built dist/ in 8.9 s (2,321 prerendered pages and files). Full log: .astro/build.log; ' +
        '`npm run build -- --verbose` prints it as it runs.',
    );
    expect(line).not.toContain('\n');
  });
});

import { describe, expect, it } from 'vitest';
import { artifactUri, toSarif, type CheckFinding } from './check.ts';

describe('the SARIF report', () => {
  const finding: CheckFinding = { rule: 'unknown-service', serviceId: 'aws-nope', message: 'aws-nope: no service' };
  const text = '{\n  "approvedServiceIds": [\n    "aws-nope"\n  ]\n}\n';
  const locations = (file: string) =>
    (toSarif([finding], file, text) as { runs: { results: { locations?: unknown[] }[] }[] }).runs[0]!.results[0]!
      .locations;

  it('locates a finding by a URI reference: a relative path escaped, an absolute one as a file: URI', () => {
    expect(artifactUri('lists/approved.json')).toBe('lists/approved.json');
    expect(artifactUri('my lists/approved #1.json')).toBe('my%20lists/approved%20%231.json');
    expect(artifactUri('/home/ci/work/approved.json')).toBe('file:///home/ci/work/approved.json');
    expect(artifactUri('C:\\work\\approved.json')).toBe('file:///C:/work/approved.json');
    expect(artifactUri('team:a/approved.json')).toBe('./team:a/approved.json');
    expect(locations('approved.json')).toEqual([
      { physicalLocation: { artifactLocation: { uri: 'approved.json' }, region: { startLine: 3 } } },
    ]);
  });

  it('gives a list read from standard input no location, which no code host could show', () => {
    expect(artifactUri('-')).toBeUndefined();
    expect(locations('-')).toBeUndefined();
  });
});

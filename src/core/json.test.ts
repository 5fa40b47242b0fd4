import { describe, expect, it } from 'vitest';
import { describeJsonError, parseJson } from './json.ts';

const errorOf = (text: string): unknown => {
  try {
    parseJson(text);
  } catch (e) {
    return e;
  }
  throw new Error('parsed');
};

describe('describeJsonError', () => {
  it('says what is wrong without quoting the text', () => {
    const said = describeJsonError(errorOf('{"name": SECRETTOKEN123}'));
    expect(said).toMatch(/syntax error/);
    expect(said).not.toMatch(/SECRET/);
  });

  it('names a truncated document and hostile nesting', () => {
    expect(describeJsonError(errorOf('{"a": ['))).toMatch(/ends before/);
    expect(describeJsonError(errorOf('['.repeat(100)))).toMatch(/nesting deeper than 64/);
  });
});

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

describe('parseJson and Unicode', () => {
  it('keeps characters outside the Basic Multilingual Plane, written raw or as a surrogate pair escape', () => {
    expect(parseJson('{"name":"😀 \\ud83d\\ude00"}')).toEqual({ name: '😀 😀' });
  });
  it.each(['{"name":"a\\ud800"}', '{"n\\udc00":1}', '["\\ude00\\ud83d"]'])(
    'refuses %s: half a surrogate pair',
    (text) => {
      expect(describeJsonError(errorOf(text))).toMatch(/not well-formed Unicode/);
    },
  );
});

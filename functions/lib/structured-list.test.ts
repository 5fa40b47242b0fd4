import { describe, expect, it } from 'vitest';
import { cappedList, sfString } from './structured-list.ts';

describe('sfString', () => {
  it('quotes printable ASCII, escaping backslash and double quote', () => {
    expect(sfString('aws-s3')).toBe('"aws-s3"');
    expect(sfString('a"b\\c')).toBe('"a\\"b\\\\c"');
  });
  it.each(['café', 'line\nbreak', 'tab\there'])('refuses %j (not an RFC 8941 string)', (text) => {
    expect(sfString(text)).toBeUndefined();
  });
});

describe('cappedList', () => {
  it('keeps members in order while the list fits, and says how many', () => {
    expect(cappedList(['"a"', '"b"', '"c"'], 100)).toEqual({ value: '"a", "b", "c"', listed: 3 });
    const capped = cappedList(['"aaaa"', '"bbbb"', '"cccc"'], 17);
    expect(capped).toEqual({ value: '"aaaa", "bbbb"', listed: 2 });
    expect(capped.value.length).toBeLessThanOrEqual(17);
  });
});

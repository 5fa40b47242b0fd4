import { describe, expect, it } from 'vitest';
import { fromJsonPointer, toJsonPointer, valueAtPointer } from './json-pointer.ts';

// The example document and the pointers into it that RFC 6901 gives, each with the value it must reach.
const rfcDocument = {
  foo: ['bar', 'baz'],
  '': 0,
  'a/b': 1,
  'c%d': 2,
  'e^f': 3,
  'g|h': 4,
  'i\\j': 5,
  'k"l': 6,
  ' ': 7,
  'm~n': 8,
};
const rfcExamples: [pointer: string, path: (string | number)[], value: unknown][] = [
  ['', [], rfcDocument],
  ['/foo', ['foo'], ['bar', 'baz']],
  ['/foo/0', ['foo', 0], 'bar'],
  ['/', [''], 0],
  ['/a~1b', ['a/b'], 1],
  ['/c%d', ['c%d'], 2],
  ['/e^f', ['e^f'], 3],
  ['/g|h', ['g|h'], 4],
  ['/i\\j', ['i\\j'], 5],
  ['/k"l', ['k"l'], 6],
  ['/ ', [' '], 7],
  ['/m~0n', ['m~n'], 8],
];

describe('JSON pointers (RFC 6901)', () => {
  it.each(rfcExamples)('%j is the pointer of path %j and reaches the RFC value', (pointer, path, value) => {
    expect(toJsonPointer(path)).toBe(pointer);
    expect(fromJsonPointer(pointer)).toEqual(path.map(String));
    expect(valueAtPointer(rfcDocument, pointer)).toEqual(value);
  });

  it('escapes "~" before "/", so "~1" as a key reads back as itself, not as "/"', () => {
    expect(toJsonPointer(['~1'])).toBe('/~01');
    expect(fromJsonPointer('/~01')).toEqual(['~1']);
    expect(toJsonPointer(['/~'])).toBe('/~1~0');
  });

  it('reaches nothing where the document has nothing, and never follows inherited properties', () => {
    expect(valueAtPointer(rfcDocument, '/foo/2')).toBeUndefined();
    expect(valueAtPointer(rfcDocument, '/missing/0')).toBeUndefined();
    expect(valueAtPointer({}, '/constructor')).toBeUndefined();
    expect(valueAtPointer(null, '/a')).toBeUndefined();
  });
});

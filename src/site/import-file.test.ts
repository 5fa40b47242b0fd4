import { describe, expect, it } from 'vitest';
import { MAX_IMPORT_BYTES, parseImportText, pointerInWords, schemaErrorLines } from './import-file.ts';

describe('reading an imported file', () => {
  it('parses JSON, dropping __proto__ keys', () => {
    const r = parseImportText('a.json', 40, '{"a": 1, "__proto__": {"x": 1}}');
    expect(r).toEqual({ ok: true, value: { a: 1 } });
  });

  it('says where the JSON breaks, in words', () => {
    const r = parseImportText('list.json', 30, '{\n  "a": 1,\n  oops\n}');
    expect(r.ok).toBe(false);
    expect(!r.ok && r.message).toMatch(/^“list\.json” is not valid JSON \(line 3\)\./);
  });

  it('says where a file cut short ends', () => {
    const r = parseImportText('cut.json', 30, '{\n  "version": "1.0",\n  "metadata":');
    expect(!r.ok && r.message).toMatch(/^“cut\.json” is not valid JSON \(it ends too early, at line 3\)\./);
  });

  it('refuses empty and oversized files', () => {
    expect(parseImportText('e.json', 0, '  ')).toEqual({ ok: false, message: '“e.json” is empty.' });
    expect(parseImportText('big.json', MAX_IMPORT_BYTES + 1, '{}').ok).toBe(false);
  });

  it('turns JSON pointers into words', () => {
    expect(pointerInWords('')).toBe('the document');
    expect(pointerInWords('/providers/0/categories/1/services/22/status')).toBe(
      '“providers” → 1st item → “categories” → 2nd item → “services” → 23rd item → “status”',
    );
    expect(pointerInWords('/a~1b/11')).toBe('“a/b” → 12th item');
  });

  it('lists at most a few errors and counts the rest', () => {
    const errors = Array.from({ length: 12 }, (_, i) => ({ pointer: `/x/${i}`, message: 'must be a string' }));
    const lines = schemaErrorLines(errors, 10);
    expect(lines).toHaveLength(11);
    expect(lines[0]).toBe('“x” → 1st item: must be a string.');
    expect(lines[10]).toBe('…and 2 more problems.');
  });
});

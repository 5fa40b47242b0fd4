import { describe, expect, it } from 'vitest';
import { MAX_SHOWN_NAME, shownName } from './shown-name.ts';

describe('shownName', () => {
  it('names a short field as it was sent, and cuts a long one to a bounded text saying how long it was', () => {
    expect(shownName('email')).toBe('email');
    expect(shownName('x'.repeat(MAX_SHOWN_NAME))).toBe('x'.repeat(MAX_SHOWN_NAME));
    const long = shownName('k'.repeat(20_000));
    expect(long).toBe(`${'k'.repeat(MAX_SHOWN_NAME)}… (20000 characters)`);
  });

  it('never cuts a character in two, and counts characters, not UTF-16 units', () => {
    const name = `${'k'.repeat(MAX_SHOWN_NAME - 1)}${'😀'.repeat(10)}`;
    const shown = shownName(name);
    expect(shown).toBe(`${'k'.repeat(MAX_SHOWN_NAME - 1)}… (${MAX_SHOWN_NAME - 1 + 10} characters)`);
    expect(shown.isWellFormed()).toBe(true);
  });
});

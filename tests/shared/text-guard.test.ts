import { describe, expect, it } from 'vitest';
import { findBadText, isBadText } from '../../src/shared/text-guard.js';
import { isIsoDate, isIsoMonth } from '../../src/shared/resource-values.js';

describe('text PostgreSQL cannot store', () => {
  it('is a NUL or an unpaired surrogate; paired surrogates (emoji) and other controls are fine', () => {
    expect(['a\u0000', '\ud800', 'x\udc00', '\udc00\ud800'].map(isBadText)).toEqual([true, true, true, true]);
    expect(['Karibu 🏠', '\u0001', '\u200b', ''].map(isBadText)).toEqual([false, false, false, false]);
  });

  it('is found anywhere in a parsed body, keys included, by its path', () => {
    expect(findBadText({ name: 'ok', lines: [{ description: 'ok' }, { description: 'b\u0000' }] })).toBe('lines.1.description');
    expect(findBadText({ ['k\u0000']: 1 })).toBe('k?');
    expect(findBadText('\u0000')).toBe('');
    expect(findBadText({ a: [1, true, null, { b: 'fine' }] })).toBeNull();
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findBadText(deep)).toMatch(/^0(\.0)*$/);
  });
});

describe('the supported calendar', () => {
  it('is real days from 1900-01-01 to 2199-12-31, and months within it', () => {
    expect(['1900-01-01', '2024-02-29', '2199-12-31'].map(isIsoDate)).toEqual([true, true, true]);
    expect(['1899-12-31', '2200-01-01', '0000-01-01', '0001-01-01', '2026-02-29', '2026-02-30', '2026-1-01'].map(isIsoDate)).toEqual([false, false, false, false, false, false, false]);
    expect(['2026-01', '1900-01', '2199-12'].map(isIsoMonth)).toEqual([true, true, true]);
    expect(['0000-01', '2026-00', '2026-13', '2200-01', '2026-1'].map(isIsoMonth)).toEqual([false, false, false, false, false]);
  });
});

import { describe, expect, it } from 'vitest';
import { fromNairobiInput, toNairobiInput } from '../../src/shared/nairobi-time.js';

describe('a date-and-time input in Nairobi time', () => {
  it('shows a stored moment as Nairobi wall time, whatever the device zone', () => {
    expect(toNairobiInput('2026-11-27T06:30:00.000Z')).toBe('2026-11-27T09:30');
    // late evening in UTC is the next day in Nairobi
    expect(toNairobiInput('2026-11-30T22:15:00Z')).toBe('2026-12-01T01:15');
    expect(toNairobiInput(new Date('2026-01-01T00:00:00Z'))).toBe('2026-01-01T03:00');
    // a value already in the input's form is left as it is (it may be formatted twice)
    expect(toNairobiInput('2026-11-27T09:30')).toBe('2026-11-27T09:30');
    for (const none of [null, undefined, '', 'not a time', 42]) expect(toNairobiInput(none)).toBe('');
  });

  it('stores what was typed as the Nairobi moment, and round-trips', () => {
    expect(fromNairobiInput('2026-11-27T09:30')).toBe('2026-11-27T06:30:00.000Z');
    expect(fromNairobiInput('2026-12-01T01:15:30')).toBe('2026-11-30T22:15:30.000Z');
    expect(toNairobiInput(fromNairobiInput('2026-03-05T14:05'))).toBe('2026-03-05T14:05');
    for (const bad of ['', '2026-11-27', '27/11/2026 09:30', '2026-13-45T99:99', null]) expect(fromNairobiInput(bad)).toBeNull();
  });
});

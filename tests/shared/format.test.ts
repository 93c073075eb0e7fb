import { describe, expect, it } from 'vitest';
import { formatCurrency, formatDateTime, formatDay, formatWeekdayDay, toNumber } from '../../src/shared/format';

const NBSP = '\u00a0';

describe('formatCurrency (en-KE, KES)', () => {
  it('writes shillings with two decimals and a no-break space after Ksh', () => {
    expect(formatCurrency(1234567.5)).toBe(`Ksh${NBSP}1,234,567.50`);
    expect(formatCurrency(0)).toBe(`Ksh${NBSP}0.00`);
    expect(formatCurrency(12)).toContain(NBSP);
  });

  it('writes negative amounts with a leading minus', () => {
    expect(formatCurrency(-1234.5)).toBe(`-Ksh${NBSP}1,234.50`);
  });

  it('accepts numeric strings and bigints', () => {
    expect(formatCurrency('2500')).toBe(`Ksh${NBSP}2,500.00`);
    expect(formatCurrency(' 10.255 ')).toBe(`Ksh${NBSP}10.26`);
    expect(formatCurrency(BigInt(42))).toBe(`Ksh${NBSP}42.00`);
  });

  it('counts anything non-numeric as 0', () => {
    for (const v of [null, undefined, '', 'abc', '12abc', Number.NaN, Infinity, {}, [], true]) {
      expect(formatCurrency(v)).toBe(`Ksh${NBSP}0.00`);
    }
  });
});

describe('toNumber', () => {
  it('keeps finite numbers and parses numeric text', () => {
    expect(toNumber(3.5)).toBe(3.5);
    expect(toNumber('-7')).toBe(-7);
    expect(toNumber('x')).toBe(0);
  });
});

describe('dates (en-KE): one format on every screen, SMS and PDF', () => {
  it('writes a calendar day as 17 Nov 2026, never shifted by a time zone', () => {
    expect(formatDay('2026-11-17')).toBe('17 Nov 2026');
    expect(formatDay('2026-11-17T23:30:00Z')).toBe('17 Nov 2026');
    expect(formatDay('17/11/2026')).toBe('');
  });

  it('writes a moment as the Nairobi day and time, 24-hour, no seconds: 17 Nov 2026, 14:51', () => {
    expect(formatDateTime('2026-11-17T11:51:30Z')).toBe('17 Nov 2026, 14:51');
    expect(formatDateTime(new Date('2026-11-17T11:51:30Z'))).toBe('17 Nov 2026, 14:51');
    // past 21:00 UTC it is already the next day in Nairobi
    expect(formatDateTime('2026-12-31T21:05:00Z')).toBe('1 Jan 2027, 00:05');
    expect(formatDateTime('2026-11-17T11:51:30Z', 'sw-KE')).toMatch(/^17 \S+ 2026, 14:51$/);
  });

  it('writes nothing for what is not a moment', () => {
    for (const v of [null, undefined, '', '   ', 'soon', 42, {}]) expect(formatDateTime(v)).toBe('');
  });

  it('puts the weekday before the day for a page’s date line', () => {
    expect(formatWeekdayDay(new Date('2026-11-27T05:00:00Z'))).toBe('Friday, 27 Nov 2026');
    expect(formatWeekdayDay(new Date('2026-11-27T22:00:00Z'))).toBe('Saturday, 28 Nov 2026');
  });
});

import { describe, expect, it } from 'vitest';
import { formatCurrency, toNumber } from '../../src/shared/format';

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

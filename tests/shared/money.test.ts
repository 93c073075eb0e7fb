import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { divRound, percentOf, sum, timesQuantity, toShilling } from '../../src/shared/money.js';

describe('money on integer cents', () => {
  it('rounds half away from zero', () => {
    expect(divRound(5n, 2n)).toBe(3n);
    expect(divRound(-5n, 2n)).toBe(-3n);
    expect(divRound(4n, 3n)).toBe(1n);
    expect(divRound(7n, 3n)).toBe(2n);
  });

  it('multiplies by decimal quantities exactly', () => {
    expect(timesQuantity(1500n, '2')).toBe(3000n);
    expect(timesQuantity(1500n, '2.5')).toBe(3750n);
    expect(timesQuantity(333n, '1.125')).toBe(375n); // 374.625 → 375
    expect(timesQuantity(1000n, '0.001')).toBe(1n);
    expect(timesQuantity(1000n, '-1.5')).toBe(-1500n);
    expect(() => timesQuantity(1n, '1e3')).toThrow();
  });

  it('takes percentages and rounds to the shilling', () => {
    expect(percentOf(2_500_000n, '10')).toBe(250_000n);
    expect(percentOf(1_999n, '7.5')).toBe(150n); // 149.925 → 150
    expect(toShilling(1_234_550n)).toBe(1_234_600n);
    expect(toShilling(1_234_549n)).toBe(1_234_500n);
  });

  it('sums exactly whatever the order (no float drift)', () => {
    fc.assert(fc.property(fc.array(fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n })), (xs) => {
      expect(sum(xs)).toBe(sum([...xs].reverse()));
    }));
    expect(sum([10n, 20n])).toBe(30n); // 0.10 + 0.20 is exactly 0.30
  });

  it('multiplying by an integer quantity equals repeated addition', () => {
    fc.assert(fc.property(fc.bigInt({ min: 0n, max: 10n ** 10n }), fc.integer({ min: 0, max: 50 }), (cents, n) => {
      expect(timesQuantity(cents, String(n))).toBe(sum(Array.from({ length: n }, () => cents)));
    }));
  });
});

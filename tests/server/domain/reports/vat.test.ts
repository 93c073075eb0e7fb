import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { percentOf } from '../../../../src/shared/money.js';
import { vatTo } from '../../../../src/server/domain/reports/owner-account.js';
import { addDays } from '../../../../src/server/domain/reports/common.js';
import type { Rate } from '../../../../src/server/domain/reports/tax-rates.js';

// VAT on the management commission at the rate in force when the commission was earned (the
// rates are dated rows in tax_rates: a change of law is a new row, not a code change). A period
// that straddles a change pays each rate on its own part, and periods cut anywhere add up to the whole.

const START = '2026-01-01';
const day = (n: number) => addDays(START, n);

/** Commission earned per day (cents); commissionTo(d) is the running sum to the end of day d. */
const earnedTo = (daily: bigint[]) => async (d: string) => {
  let total = 0n;
  daily.forEach((c, i) => { if (day(i) <= d) total += c; });
  return total;
};

describe('VAT on commission, by the rate in force', () => {
  it('a period across a rate change: each part at its own rate', async () => {
    const rates: Rate[] = [{ valid_from: '2020-01-01', rate: '16', source: null }, { valid_from: day(10), rate: '18', source: null }];
    // 1,000.00 earned on each of the first 20 days
    const daily = Array.from({ length: 20 }, () => 100_000n);
    const to = earnedTo(daily);
    expect(await vatTo(rates, day(9), to)).toBe(percentOf(1_000_000n, '16'));
    expect(await vatTo(rates, day(19), to)).toBe(percentOf(1_000_000n, '16') + percentOf(1_000_000n, '18'));
    // before any rate: none
    expect(await vatTo([{ valid_from: day(30), rate: '16', source: null }], day(19), to)).toBe(0n);
  });

  it('equals each rate on the commission earned while it was in force, and only grows (fast-check)', async () => {
    await fc.assert(fc.asyncProperty(
      fc.array(fc.bigInt({ min: 0n, max: 5_000_000n }), { minLength: 1, maxLength: 60 }),
      fc.uniqueArray(fc.integer({ min: -5, max: 60 }), { minLength: 1, maxLength: 4 }),
      fc.array(fc.constantFrom('16', '14', '18', '7.5', '0'), { minLength: 4, maxLength: 4 }),
      fc.integer({ min: 0, max: 59 }),
      async (daily, starts, pct, cut) => {
        const sorted = [...starts].sort((a, b) => a - b);
        const rates = sorted.map((s, i) => ({ valid_from: day(s), rate: pct[i], source: null }));
        const to = earnedTo(daily);
        const lastIndex = daily.length - 1;
        // the oracle, from the days themselves: rate i applies to the days from its start to the next's
        let expected = 0n;
        sorted.forEach((s, i) => {
          const end = Math.min((sorted[i + 1] ?? Infinity) - 1, lastIndex);
          let earned = 0n;
          for (let d = Math.max(s, 0); d <= end; d++) earned += daily[d];
          expected += percentOf(earned, pct[i]);
        });
        expect(await vatTo(rates, day(lastIndex), to)).toBe(expected);
        // what is owed to a day never shrinks later: a period's VAT is never negative
        expect(await vatTo(rates, day(Math.min(cut, lastIndex)), to) <= expected).toBe(true);
      },
    ), { numRuns: 200 });
  });
});

import { centsToDecimal } from '../../shared/resource-values.js';

/**
 * An amount's bucket, as migration 0027's list_money_bucket keys it in the per-value counters: the
 * first two significant digits of its whole part ([16,000, 17,000) for 16,543.21; [7, 8) for 7.50),
 * zero, (0, 1) and the negative amounts a bucket each. `start` and `end` are its bounds in cents,
 * `end` excluded; `start` null for the negative bucket (no lower bound). Worked out here, not by
 * the SQL function in the statement: planning a call of an SQL function folds it by parsing its body
 * again, about 0.1 ms a call, and a range's total would call it a dozen times a request.
 * tests/server/crud/money-buckets.test.ts holds the two to the same answers.
 */
export function moneyBucket(cents: bigint): { key: string; start: bigint | null; end: bigint } {
  if (cents < 0n) return { key: '00000', start: null, end: 0n };
  if (cents === 0n) return { key: '10000', start: 0n, end: 1n };
  if (cents < 100n) return { key: '15000', start: 1n, end: 100n };
  const whole = (cents / 100n).toString();
  const start = BigInt(whole.slice(0, 2).padEnd(whole.length, '0'));
  const step = 10n ** BigInt(Math.max(whole.length - 2, 0));
  return { key: `2${String(whole.length - 1).padStart(2, '0')}${whole.slice(0, 2).padEnd(2, '0')}`, start: start * 100n, end: (start + step) * 100n };
}

/**
 * What the total of a money range (`from` and/or `to`, cents, both included) reads from the
 * counters (count.ts bucketTotal), as the values of its statement:
 * - fromKey / toKey: the ends' buckets;
 * - fromWhole / toWhole: whether the range holds that bucket whole (the end is its first value, or
 *   its last: money is to the cent);
 * - fromCut / fromEnd: `from`'s bucket is cut, and where it ends (its rows to count are from
 *   `from` to there);
 * - toCut / toStart: `to`'s bucket is cut and is not `from`'s cut one (whose count covers it), and
 *   where it starts ('-Infinity' for the negative bucket).
 */
export function bucketBounds(from: bigint | undefined, to: bigint | undefined): Record<string, string | boolean> {
  const out: Record<string, string | boolean> = {};
  const low = from === undefined ? null : moneyBucket(from);
  if (low && from !== undefined) {
    out.fromKey = low.key;
    out.fromWhole = low.start === from;
    out.fromCut = !out.fromWhole;
    out.fromEnd = centsToDecimal(low.end);
  }
  if (to !== undefined) {
    const high = moneyBucket(to);
    out.toKey = high.key;
    out.toWhole = to >= high.end - 1n;
    out.toCut = !out.toWhole && (!low || high.key > low.key || low.start === from);
    out.toStart = high.start === null ? '-Infinity' : centsToDecimal(high.start);
  }
  return out;
}

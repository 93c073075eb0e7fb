import { centsToDecimal } from '../../shared/resource-values.js';

/** Significant digits of a bucket (migration 0027 says why three). */
const DIGITS = 3;

/**
 * An amount's bucket, as migration 0027's list_money_bucket keys it in the per-value counters: the
 * first three significant digits of its whole part ([16,500, 16,600) for 16,543.21; [7, 8) for 7.50),
 * zero, (0, 1) and the negative amounts a bucket each. `start` and `end` are its bounds in cents,
 * `end` excluded; `start` null for the negative bucket (no lower bound). Worked out here, not by
 * the SQL function in the statement: planning a call of an SQL function folds it by parsing its body
 * again, about 0.1 ms a call, and a range's total would call it a dozen times a request.
 * tests/server/crud/money-buckets.test.ts holds the two to the same answers.
 */
export function moneyBucket(cents: bigint): { key: string; start: bigint | null; end: bigint } {
  if (cents < 0n) return { key: '000000', start: null, end: 0n };
  if (cents === 0n) return { key: '100000', start: 0n, end: 1n };
  if (cents < 100n) return { key: '150000', start: 1n, end: 100n };
  const whole = (cents / 100n).toString();
  const start = BigInt(whole.slice(0, DIGITS).padEnd(whole.length, '0'));
  const step = 10n ** BigInt(Math.max(whole.length - DIGITS, 0));
  return { key: `2${String(whole.length - 1).padStart(2, '0')}${whole.slice(0, DIGITS).padEnd(DIGITS, '0')}`, start: start * 100n, end: (start + step) * 100n };
}

/**
 * What the total of a money range (`from` and/or `to`, cents, both included) reads from the
 * counters (count.ts bucketTotal). `values`, for its statement:
 * - fromKey / toKey: the ends' buckets;
 * - fromWhole / toWhole: whether the range holds that bucket whole (the end is its first value, or
 *   its last: money is to the cent);
 * - fromCutTo: the last amount of `from`'s bucket in the range, when the range cuts it;
 * - toCutFrom: the first amount of `to`'s bucket in the range, when the range cuts it and it is
 *   not `from`'s cut one (whose rows cover it).
 * `cuts`: which ends' buckets are cut, so have rows to count (what changes the statement's text).
 */
export function bucketBounds(from: bigint | undefined, to: bigint | undefined): { values: Record<string, string | boolean>; cuts: { from: boolean; to: boolean } } {
  const values: Record<string, string | boolean> = {};
  const cuts = { from: false, to: false };
  const low = from === undefined ? null : moneyBucket(from);
  if (low && from !== undefined) {
    values.fromKey = low.key;
    values.fromWhole = low.start === from;
    cuts.from = !values.fromWhole;
    const last = low.end - 1n;
    if (cuts.from) values.fromCutTo = centsToDecimal(to !== undefined && to < last ? to : last);
  }
  if (to !== undefined) {
    const high = moneyBucket(to);
    values.toKey = high.key;
    values.toWhole = to >= high.end - 1n;
    cuts.to = !values.toWhole && (!low || high.key > low.key || !cuts.from);
    const first = from !== undefined && (high.start === null || from > high.start) ? from : high.start;
    if (cuts.to) values.toCutFrom = first === null ? '-Infinity' : centsToDecimal(first);
  }
  return { values, cuts };
}

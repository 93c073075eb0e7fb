// Meter arithmetic both sides use: readings are exact decimals with three places (numeric(12,3)),
// held here as integer thousandths (bigint), never floats.
import { parseDecimal } from './resource-values.js';

/** '1203.5' → 1203500n; null when not a decimal with at most 3 places. */
export function thousandths(value: unknown): bigint | null {
  const d = parseDecimal(value, 3);
  if (d === null) return null;
  const [whole, frac = ''] = d.replace('-', '').split('.');
  const n = BigInt(whole) * 1000n + BigInt((frac + '000').slice(0, 3));
  return d.startsWith('-') ? -n : n;
}

/** 1203500n → '1203.5' (the normalised decimal the API uses). */
export function fromThousandths(n: bigint): string {
  const neg = n < 0n;
  const abs = neg ? -n : n;
  const frac = (abs % 1000n).toString().padStart(3, '0').replace(/0+$/, '');
  return `${neg ? '-' : ''}${abs / 1000n}${frac ? `.${frac}` : ''}`;
}

/** value − previous as a decimal text, or null when either is not a reading. */
export function consumptionOf(value: unknown, previous: unknown): string | null {
  const v = thousandths(value);
  const p = thousandths(previous);
  return v === null || p === null ? null : fromThousandths(v - p);
}

/** How many times the recent average makes a consumption unusual. */
export const UNUSUAL_FACTOR = 2n;

export type ConsumptionWarning = 'lower' | 'high' | null;

/**
 * Why a new consumption deserves a second look: 'lower' when the reading is below the last
 * (only a meter replacement may be), 'high' when it is more than twice the average of the recent
 * consumptions given (none given: nothing to compare with).
 */
export function consumptionWarning(consumption: string | null, recent: readonly string[]): ConsumptionWarning {
  const c = consumption === null ? null : thousandths(consumption);
  if (c === null) return null;
  if (c < 0n) return 'lower';
  const past = recent.map(thousandths).filter((x): x is bigint => x !== null && x >= 0n);
  if (!past.length) return null;
  const total = past.reduce((s, x) => s + x, 0n);
  // c > factor × (total / n), compared without dividing
  return c * BigInt(past.length) > UNUSUAL_FACTOR * total ? 'high' : null;
}

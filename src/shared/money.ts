// Money arithmetic on integer cents (bigint): never a float (product.md section 4.8).

/** Divides with rounding half away from zero. */
export function divRound(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError('division by zero');
  const negative = (numerator < 0n) !== (denominator < 0n);
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const q = (n * 2n + d) / (2n * d);
  return negative ? -q : q;
}

/** cents × a decimal quantity ('2.5', '1.125'), rounded to the cent. */
export function timesQuantity(cents: bigint, quantity: string | number): bigint {
  const m = /^(-)?(\d*)(?:\.(\d+))?$/.exec(String(quantity).trim());
  if (!m || (m[2] === '' && m[3] === undefined)) throw new RangeError(`not a decimal: ${quantity}`);
  const frac = m[3] ?? '';
  const scale = 10n ** BigInt(frac.length);
  const q = BigInt(m[2] || '0') * scale + BigInt(frac || '0');
  return divRound(cents * (m[1] ? -q : q), scale);
}

/** cents × percent ('7.5' → 7.5 %), rounded to the cent. */
export function percentOf(cents: bigint, percent: string | number): bigint {
  return divRound(timesQuantity(cents, percent), 100n);
}

/** Rounds cents to whole shillings (proration is charged to the shilling). */
export const toShilling = (cents: bigint): bigint => divRound(cents, 100n) * 100n;

export const sum = (values: Iterable<bigint>): bigint => {
  let total = 0n;
  for (const v of values) total += v;
  return total;
};

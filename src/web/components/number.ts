// Number rules of the seed (section 5): clamp to min and max, step 1 by default, rounding
// half-expand (halves round away from zero: 2.5 → 3, -2.5 → -3).

export type RoundingMode = NonNullable<Intl.NumberFormatOptions['roundingMode']>;

export interface NumberRules {
  min?: number;
  max?: number;
  /** Step of the arrow keys; its decimals are the precision unless maxFractionDigits says otherwise. */
  step?: number;
  roundingMode?: RoundingMode;
  maxFractionDigits?: number;
}

export const DEFAULT_STEP = 1;
export const DEFAULT_ROUNDING_MODE: RoundingMode = 'halfExpand';

export function clamp(value: number, min?: number, max?: number): number {
  let v = value;
  if (min != null && v < min) v = min;
  if (max != null && v > max) v = max;
  return v;
}

export function decimalsOf(n: number): number {
  if (!Number.isFinite(n)) return 0;
  const s = String(n);
  if (s.includes('e-')) return Number(s.split('e-')[1]);
  const dot = s.indexOf('.');
  return dot < 0 ? 0 : s.length - dot - 1;
}

const formatters = new Map<string, Intl.NumberFormat>();

export function roundTo(value: number, fractionDigits: number, roundingMode: RoundingMode = DEFAULT_ROUNDING_MODE): number {
  const key = `${fractionDigits}:${roundingMode}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat('en-US', {
      useGrouping: false,
      minimumFractionDigits: 0,
      maximumFractionDigits: fractionDigits,
      roundingMode,
    });
    formatters.set(key, f);
  }
  const out = Number(f.format(value));
  return Object.is(out, -0) ? 0 : out;
}

/** Rounds to the allowed precision, then clamps. */
export function normaliseNumber(value: number, rules: NumberRules = {}): number {
  const step = rules.step ?? DEFAULT_STEP;
  const digits = rules.maxFractionDigits ?? decimalsOf(step);
  return clamp(roundTo(value, digits, rules.roundingMode ?? DEFAULT_ROUNDING_MODE), rules.min, rules.max);
}

/** Reads what a person typed: spaces and thousands commas allowed; null when it is not a number. */
export function parseNumber(text: string): number | null {
  const t = text.replace(/[\s,\u00a0]/g, '');
  if (t === '' || t === '-' || t === '.' || t === '-.') return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

// Money and number formatting shared by the web app and the server (seed section 9).
// Pure: no React, no DOM.

export const CURRENCY_LOCALE = 'en-KE';
export const CURRENCY = 'KES';

const currency = new Intl.NumberFormat(CURRENCY_LOCALE, { style: 'currency', currency: CURRENCY });

/** A value as a finite number; anything non-numeric (null, '', 'abc', NaN, Infinity, objects) counts as 0. */
export function toNumber(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : 0;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (trimmed === '') return 0;
    const n = Number(trimmed);
    return Number.isFinite(n) ? n : 0;
  }
  return 0;
}

/**
 * Kenyan shillings the way en-KE writes them: `Ksh 1,234.50`. The gap after `Ksh` is a
 * U+00A0 no-break space, so the amount never wraps away from its currency.
 */
export function formatCurrency(value: unknown): string {
  return currency.format(toNumber(value));
}

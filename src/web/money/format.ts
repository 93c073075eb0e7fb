// Money on screen: decimal strings from the API, compared and signed as integer cents.
import { formatCurrency } from '../../shared/format';
import { parseMoney } from '../../shared/resource-values';

export const centsOf = (value: string | null | undefined): bigint => parseMoney(value ?? '0') ?? 0n;

/** The seed's formatter: "Ksh 1,234.50" (non-numeric shows 0). */
export const money = (value: string | null | undefined) => formatCurrency(value ?? '0');

export const sign = (value: string | null | undefined): -1 | 0 | 1 => {
  const c = centsOf(value);
  return c > 0n ? 1 : c < 0n ? -1 : 0;
};

/** A cell that shows nothing for zero (debit/credit columns read better that way). */
export const moneyOrBlank = (value: string | null | undefined) => (centsOf(value) === 0n ? '' : money(value));

/** A decimal for a chart axis only (display; no arithmetic is done on it). */
export const chartNumber = (value: string | null | undefined) => Number(value ?? '0') || 0;

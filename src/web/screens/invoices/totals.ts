// Invoice arithmetic on integer cents, the way the server does it (domain/invoices.ts):
// amount = rate × quantity rounded half away from zero to the cent; a waived line is 0.
import { sum, timesQuantity } from '../../../shared/money';
import { parseDecimal, parseMoney } from '../../../shared/resource-values';

export interface LineValues {
  quantity?: unknown;
  rate?: unknown;
  waived?: unknown;
}

/** A line's amount in cents, or null while its rate or quantity is not a valid number. */
export function lineCents(line: LineValues | null | undefined): bigint | null {
  if (!line) return null;
  if (line.waived === true) return 0n;
  const rate = parseMoney(line.rate);
  const quantity = parseDecimal(line.quantity ?? '1', 3);
  if (rate === null || quantity === null) return null;
  return timesQuantity(rate, quantity);
}

/** The invoice total in cents over the lines that are complete. */
export function totalCents(lines: readonly (LineValues | null | undefined)[] | null | undefined): bigint {
  return sum((lines ?? []).map((l) => lineCents(l) ?? 0n));
}

// The dated tax rates (schema.ts tax_rates): the law's, not an organisation's, so every
// organisation reads the same rows. The rate in force on a day is the latest that started by then.
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { taxRates } from '../../db/schema.js';

export type TaxKind = 'mri' | 'vat';

export interface Rate { valid_from: string; rate: string; source: string | null }

/** A kind's rates, oldest first. */
export async function ratesOf(tx: Db, kind: TaxKind): Promise<Rate[]> {
  const rows = await tx.select({ valid_from: taxRates.valid_from, rate: taxRates.rate, source: taxRates.source })
    .from(taxRates).where(eq(taxRates.kind, kind)).orderBy(asc(taxRates.valid_from));
  // numeric(6,3) comes back as '7.500': the rate as people write it
  return rows.map((r) => ({ ...r, rate: trimRate(r.rate) }));
}

export const trimRate = (rate: string) => (rate.includes('.') ? rate.replace(/0+$/, '').replace(/\.$/, '') : rate);

/** The rate in force on `day`, or null before the first one. */
export function rateOn(rates: readonly Rate[], day: string): Rate | null {
  let found: Rate | null = null;
  for (const r of rates) if (r.valid_from <= day) found = r;
  return found;
}

// The owner's account beyond what the tenants paid: payouts (remittances) and VAT on the
// management commission. Both are read from history as it stood at the end of a day, so a
// period's opening is the previous period's closing without anything being stored.
import { sql, type SQL } from 'drizzle-orm';
import { percentOf } from '../../../shared/money.js';
import type { RemittanceLine } from '../../../shared/money-report-shapes.js';
import { rowsOf, type Db } from '../../db/client.js';
import { cents } from '../payments/allocation.js';
import { addDays } from './common.js';
import { ratesOf, type Rate } from './tax-rates.js';

/** Which remittances a statement counts: one property's, an owner's (with their unassigned ones), or all. */
export interface Scope { property_id?: string; owner_id?: string }

export interface RemittanceRow { id: string; property_id: string | null; method: string; reference: string | null; day: string; amount: string; voided: boolean }

/**
 * An approved remittance counts from its date; a void takes it back on the later of its date and
 * the void's day (a remittance never approved counts nothing). The rows to the end of `to`, a
 * select for the caller to order (by day, id, voided) or fold into a larger statement.
 */
export function remittanceRows(organizationId: string, scope: Scope, to: string): SQL {
  const where = scope.property_id ? sql`r.property_id = ${scope.property_id}`
    : scope.owner_id ? sql`r.owner_id = ${scope.owner_id}` : sql`true`;
  return sql`
    select id, property_id, method, reference, day::text as day, amount::text as amount, voided from (
      select r.id, r.property_id, r.method, r.reference, r.date as day, r.amount, false as voided
      from remittances r where r.organization_id = ${organizationId} and ${where} and r.approved_at is not null and r.date <= ${to}::date
      union all
      select r.id, r.property_id, r.method, r.reference, greatest(r.date, r.voided_on), -r.amount, true
      from remittances r where r.organization_id = ${organizationId} and ${where} and r.approved_at is not null
        and r.voided_on is not null and greatest(r.date, r.voided_on) <= ${to}::date
    ) x`;
}

/**
 * Per property (null: paid against the owner's whole account), what counted before `from` and
 * during the period, and the period's lines (a void is a negative line on its day), from the rows
 * of remittanceRows in order.
 */
export function remittanceTotals(rows: readonly RemittanceRow[], from: string) {
  const byProperty = new Map<string | null, { before: bigint; during: bigint }>();
  const lines: RemittanceLine[] = [];
  for (const r of rows) {
    const s = byProperty.get(r.property_id) ?? { before: 0n, during: 0n };
    if (r.day < from) s.before += cents(r.amount);
    else {
      s.during += cents(r.amount);
      lines.push({ id: r.id, property_id: r.property_id, date: r.day, method: r.method, reference: r.reference, amount: r.amount, voided: r.voided });
    }
    byProperty.set(r.property_id, s);
  }
  return { byProperty, lines };
}

/** Whether the organisation is VAT-registered ('true'), as a scalar subquery. */
export const vatRegistered = (organizationId: string) => sql`(select settings->>'vat_registered' from organizations where id = ${organizationId})`;

/** Whether the organisation charges VAT on its commission, and the VAT rates by day (`registered`: vatRegistered's answer, when read already). */
export async function vatRates(tx: Db, organizationId: string, registered?: string | null): Promise<Rate[] | null> {
  const on = registered !== undefined ? registered
    : rowsOf<{ on: string | null }>(await tx.execute(sql`select ${vatRegistered(organizationId)} as on`))[0]?.on;
  if (on !== 'true') return null;
  return ratesOf(tx, 'vat');
}

/**
 * VAT on the commission earned to the end of `day`: each rate on the commission earned while it
 * was in force (commission is itself rounded on everything collected to a day, so both add up over
 * periods exactly). `commissionTo(d)` is the commission earned to the end of day d.
 */
export async function vatTo(rates: Rate[], day: string, commissionTo: (d: string) => Promise<bigint>): Promise<bigint> {
  let total = 0n;
  for (let i = 0; i < rates.length; i++) {
    const start = rates[i].valid_from;
    if (start > day) break;
    const next = rates[i + 1]?.valid_from;
    const end = next && next <= day ? addDays(next, -1) : day;
    total += percentOf(await commissionTo(end) - await commissionTo(addDays(start, -1)), rates[i].rate);
  }
  return total;
}

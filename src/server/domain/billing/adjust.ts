// Lines added to an issued invoice by the server (adjustments at move-out, deposit applied,
// penalties, waivers): the invoice's total, balance and status follow in the same statement, under
// the invoice's row lock, so a concurrent allocation sees either the old or the new total.
import { sql } from 'drizzle-orm';
import { ulid } from 'ulid';
import { rowsOf, type Db } from '../../db/client.js';
import { conflict, notFound } from '../../errors.js';
import { recordAudit } from '../audit.js';
import { cents, dec } from './plan.js';

/** total, balance = total − paid, status from paid (never touches void or draft). */
export const refreshInvoiceSql = (delta: string) => sql`
  total = total + ${delta}::numeric,
  balance = total + ${delta}::numeric - paid,
  status = case when status in ('void', 'draft') then status
    when paid >= total + ${delta}::numeric and total + ${delta}::numeric > 0 then 'paid'
    when paid > 0 then 'partially_paid' else 'issued' end,
  updated_at = now()`;

/** Today in Nairobi, by the database's clock (the clock voids and reversals are dated by). */
export const todaySql = sql`(now() at time zone 'Africa/Nairobi')::date`;

export interface AdjustmentOptions {
  /** 'deposit' for a deposit cancelled or applied to arrears (the statements tell them apart); 'deduction' for a move-out deduction */
  kind?: 'adjustment' | 'deposit' | 'deduction';
  /** the day it counts on the ledger (default today); never before the invoice nor, for a credit, its latest line */
  on?: string;
}

/**
 * Adds an adjustment line of `amount` cents (negative: a credit) to an issued invoice, dated on
 * the tenant's ledger by `posted_on`. A credit is limited to what is not paid (the total never
 * falls below the allocations); the rest is returned as `unapplied` for the caller to refund.
 */
export async function addAdjustment(
  tx: Db, organizationId: string, userId: string | null, invoiceId: string, amount: bigint, description: string, action: string,
  opts: AdjustmentOptions = {},
): Promise<{ unapplied: bigint; posted_on: string | null }> {
  const [inv] = rowsOf<{ total: string; paid: string; status: string; position: number; issue_date: string; latest: string }>(await tx.execute(sql`
    select total::text as total, paid::text as paid, status, issue_date::text as issue_date,
      (select coalesce(max(position) + 1, 0) from invoice_lines l where l.organization_id = i.organization_id and l.invoice_id = i.id)::int as position,
      (select max(coalesce(l.posted_on, i.issue_date)) from invoice_lines l where l.organization_id = i.organization_id and l.invoice_id = i.id)::text as latest
    from invoices i where organization_id = ${organizationId} and id = ${invoiceId} for update`));
  if (!inv) throw notFound();
  let value = amount;
  let unapplied = 0n;
  if (value < 0n) {
    const room = cents(inv.total) - cents(inv.paid);
    if (-value > room) {
      unapplied = -value - room;
      value = -room;
    }
  }
  if (value === 0n) return { unapplied, posted_on: null };
  const floor = value < 0n && inv.latest && inv.latest > inv.issue_date ? inv.latest : inv.issue_date;
  const [line] = rowsOf<{ posted_on: string }>(await tx.execute(sql`
    insert into invoice_lines (organization_id, id, invoice_id, position, kind, description, quantity, rate, amount, waived, posted_on)
    values (${organizationId}, ${ulid()}, ${invoiceId}, ${inv.position}, ${opts.kind ?? 'adjustment'}, ${description}, 1, ${dec(value)}, ${dec(value)}, false,
      greatest(${opts.on ? sql`${opts.on}::date` : todaySql}, ${floor}::date))
    returning posted_on::text as posted_on`));
  await tx.execute(sql`update invoices set ${refreshInvoiceSql(dec(value))} where organization_id = ${organizationId} and id = ${invoiceId}`);
  await recordAudit(tx, {
    organizationId, userId, resource: 'invoices', recordId: invoiceId, action,
    before: { total: inv.total, paid: inv.paid, status: inv.status },
    after: { adjustment: dec(value), description, posted_on: line.posted_on, total: dec(cents(inv.total) + value) },
  });
  return { unapplied, posted_on: line.posted_on };
}

/**
 * Waives a penalty line: its amount becomes 0 (kept, marked waived, the reason in its description
 * and the audit log; rate × quantity keeps what it was) and the invoice's total and balance drop
 * by it. The waiver is dated `on` (default today, never before the penalty): the statements credit
 * it then and leave the penalty debited on its own date. Refused when the payments already
 * allocated to the invoice would then exceed its total (move them first).
 */
export async function waivePenalty(tx: Db, organizationId: string, userId: string | null, invoiceId: string, lineId: string, reason: string, on?: string) {
  const [inv] = rowsOf<{ total: string; paid: string; status: string }>(await tx.execute(sql`
    select total::text as total, paid::text as paid, status from invoices
    where organization_id = ${organizationId} and id = ${invoiceId} for update`));
  if (!inv) throw notFound();
  const [line] = rowsOf<{ kind: string; amount: string; waived: boolean; description: string }>(await tx.execute(sql`
    select kind, amount::text as amount, waived, description, penalty_date from invoice_lines
    where organization_id = ${organizationId} and invoice_id = ${invoiceId} and id = ${lineId} for update`));
  if (!line) throw notFound();
  if (line.kind !== 'penalty') throw conflict('Only a penalty line can be waived.');
  if (line.waived) throw conflict('This penalty is already waived.');
  if (inv.status === 'void') throw conflict('This invoice is void.');
  const amount = cents(line.amount);
  if (cents(inv.paid) > cents(inv.total) - amount) throw conflict('Payments are allocated to this penalty; move them to another invoice first.');
  const description = `${line.description} (waived: ${reason})`.slice(0, 255);
  await tx.execute(sql`
    update invoice_lines set waived = true, amount = 0, description = ${description}, updated_at = now(),
      waived_on = greatest(${on ? sql`${on}::date` : todaySql}, coalesce(penalty_date, posted_on))
    where organization_id = ${organizationId} and id = ${lineId}`);
  await tx.execute(sql`update invoices set ${refreshInvoiceSql(dec(-amount))} where organization_id = ${organizationId} and id = ${invoiceId}`);
  await recordAudit(tx, {
    organizationId, userId, resource: 'invoices', recordId: invoiceId, action: 'waive_penalty', reason,
    before: { line_id: lineId, amount: line.amount, total: inv.total }, after: { line_id: lineId, amount: '0.00', waived: true, total: dec(cents(inv.total) - amount) },
  });
  return { invoice_id: invoiceId, line_id: lineId, waived: dec(amount), total: dec(cents(inv.total) - amount) };
}

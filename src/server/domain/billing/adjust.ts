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

/**
 * Adds an adjustment line of `amount` cents (negative: a credit) to an issued invoice. A credit is
 * limited to what is not paid (the total never falls below the allocations); the rest is returned
 * as `unapplied` for the caller to refund.
 */
export async function addAdjustment(tx: Db, organizationId: string, userId: string | null, invoiceId: string, amount: bigint, description: string, action: string): Promise<{ unapplied: bigint }> {
  const [inv] = rowsOf<{ total: string; paid: string; status: string; position: number }>(await tx.execute(sql`
    select total::text as total, paid::text as paid, status,
      (select coalesce(max(position) + 1, 0) from invoice_lines l where l.organization_id = i.organization_id and l.invoice_id = i.id)::int as position
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
  if (value === 0n) return { unapplied };
  await tx.execute(sql`
    insert into invoice_lines (organization_id, id, invoice_id, position, kind, description, quantity, rate, amount, waived)
    values (${organizationId}, ${ulid()}, ${invoiceId}, ${inv.position}, 'adjustment', ${description}, 1, ${dec(value)}, ${dec(value)}, false)`);
  await tx.execute(sql`update invoices set ${refreshInvoiceSql(dec(value))} where organization_id = ${organizationId} and id = ${invoiceId}`);
  await recordAudit(tx, {
    organizationId, userId, resource: 'invoices', recordId: invoiceId, action,
    before: { total: inv.total, paid: inv.paid, status: inv.status },
    after: { adjustment: dec(value), description, total: dec(cents(inv.total) + value) },
  });
  return { unapplied };
}

/**
 * Waives a penalty line: its amount becomes 0 (kept, marked waived, the reason in its description
 * and the audit log) and the invoice's total and balance drop by it. Refused when the payments
 * already allocated to the invoice would then exceed its total (move them first).
 */
export async function waivePenalty(tx: Db, organizationId: string, userId: string | null, invoiceId: string, lineId: string, reason: string) {
  const [inv] = rowsOf<{ total: string; paid: string; status: string }>(await tx.execute(sql`
    select total::text as total, paid::text as paid, status from invoices
    where organization_id = ${organizationId} and id = ${invoiceId} for update`));
  if (!inv) throw notFound();
  const [line] = rowsOf<{ kind: string; amount: string; waived: boolean; description: string }>(await tx.execute(sql`
    select kind, amount::text as amount, waived, description from invoice_lines
    where organization_id = ${organizationId} and invoice_id = ${invoiceId} and id = ${lineId} for update`));
  if (!line) throw notFound();
  if (line.kind !== 'penalty') throw conflict('Only a penalty line can be waived.');
  if (line.waived) throw conflict('This penalty is already waived.');
  if (inv.status === 'void') throw conflict('This invoice is void.');
  const amount = cents(line.amount);
  if (cents(inv.paid) > cents(inv.total) - amount) throw conflict('Payments are allocated to this penalty; move them to another invoice first.');
  const description = `${line.description} (waived: ${reason})`.slice(0, 255);
  await tx.execute(sql`
    update invoice_lines set waived = true, amount = 0, description = ${description}, updated_at = now()
    where organization_id = ${organizationId} and id = ${lineId}`);
  await tx.execute(sql`update invoices set ${refreshInvoiceSql(dec(-amount))} where organization_id = ${organizationId} and id = ${invoiceId}`);
  await recordAudit(tx, {
    organizationId, userId, resource: 'invoices', recordId: invoiceId, action: 'waive_penalty', reason,
    before: { line_id: lineId, amount: line.amount, total: inv.total }, after: { line_id: lineId, amount: '0.00', waived: true, total: dec(cents(inv.total) - amount) },
  });
  return { invoice_id: invoiceId, line_id: lineId, waived: dec(amount), total: dec(cents(inv.total) - amount) };
}

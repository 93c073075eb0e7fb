// A credit note on an issued invoice: a negative adjustment line (the tenant owes less), through the
// same money rules as every other line the server adds (adjust.ts). On a paid invoice, the part of
// the payments it no longer needs is released from it to the tenant's credit on account, which pays
// their next open invoice or is refunded — so the invoice is never paid beyond its total.
import { sql } from 'drizzle-orm';
import { ulid } from 'ulid';
import { rowsOf, type Db } from '../../db/client.js';
import { conflict, invalidField, notFound } from '../../errors.js';
import { applyCredits, cents, dec, lockTenant, movedOn, recomputeInvoices } from '../payments/allocation.js';
import { addAdjustment } from './adjust.js';

export interface CreditResult {
  invoice_id: string;
  credited: string;
  /** moved from the invoice's payments to the tenant's credit on account */
  released: Array<{ payment_id: string; amount: string }>;
}

/**
 * Credits `amount` cents (> 0, at most what the invoice still bills) to an issued, partly paid or
 * paid invoice, with a reason; works the same after the lease has ended. Runs under the tenant's
 * money lock, in the caller's transaction, audited (the adjustment's row and each invoice's paid change).
 */
export async function creditInvoice(tx: Db, organizationId: string, userId: string | null, invoiceId: string, amount: bigint, reason: string): Promise<CreditResult> {
  const [head] = rowsOf<{ tenant_id: string | null }>(await tx.execute(sql`
    select tenant_id from invoices where organization_id = ${organizationId} and id = ${invoiceId}`));
  if (!head) throw notFound();
  if (head.tenant_id) await lockTenant(tx, organizationId, head.tenant_id);
  const [inv] = rowsOf<{ status: string; total: string; paid: string }>(await tx.execute(sql`
    select status, total::text as total, paid::text as paid from invoices
    where organization_id = ${organizationId} and id = ${invoiceId} for update`));
  if (inv.status === 'draft') throw conflict('A draft invoice is edited, not credited.');
  if (inv.status === 'void') throw conflict('This invoice is void: there is nothing to credit.');
  if (amount <= 0n) throw invalidField('amount', 'The credit must be more than 0.');
  if (amount > cents(inv.total)) throw invalidField('amount', `At most ${dec(cents(inv.total))}, what the invoice still bills.`);

  // what the payments no longer need: released newest allocation first
  let need = amount - (cents(inv.total) - cents(inv.paid));
  const released: CreditResult['released'] = [];
  if (need > 0n) {
    const allocations = rowsOf<{ id: string; payment_id: string; invoice_id: string; amount: string; allocated_on: string }>(await tx.execute(sql`
      select pa.id, pa.payment_id, pa.invoice_id, pa.amount::text as amount, pa.allocated_on::text as allocated_on
      from payment_allocations pa join payments p on p.organization_id = pa.organization_id and p.id = pa.payment_id
      where pa.organization_id = ${organizationId} and pa.invoice_id = ${invoiceId}
      order by p.paid_at desc, pa.id desc
      for update of pa`));
    for (const a of allocations) {
      if (need <= 0n) break;
      const take = cents(a.amount) < need ? cents(a.amount) : need;
      await releasePart(tx, organizationId, a, take);
      released.push({ payment_id: a.payment_id, amount: dec(take) });
      need -= take;
    }
    await recomputeInvoices(tx, organizationId, [invoiceId], { action: 'reallocate', paymentId: released[0].payment_id, userId, reason });
  }
  await addAdjustment(tx, organizationId, userId, invoiceId, -amount, `Credit note: ${reason}`.slice(0, 255), 'credit');
  // the released money is credit on account: it pays the tenant's other open invoices, if any
  if (head.tenant_id && released.length) await applyCredits(tx, organizationId, head.tenant_id);
  return { invoice_id: invoiceId, credited: dec(amount), released };
}

/**
 * Takes `take` cents of one allocation back: the allocation keeps the rest (or goes), the payment's
 * unallocated grows by it, and the part is kept in payment_allocation_releases with the day it stops
 * counting, so a report as of an earlier day still sees the invoice paid (ledger.ts).
 */
async function releasePart(tx: Db, organizationId: string, a: { id: string; payment_id: string; invoice_id: string; amount: string; allocated_on: string }, take: bigint) {
  const [day] = rowsOf<{ released_on: string }>(await tx.execute(sql`select ${movedOn(organizationId, a.payment_id)}::text as released_on`));
  if (take === cents(a.amount)) {
    await tx.execute(sql`delete from payment_allocations where organization_id = ${organizationId} and id = ${a.id}`);
  } else {
    await tx.execute(sql`update payment_allocations set amount = amount - ${dec(take)}::numeric where organization_id = ${organizationId} and id = ${a.id}`);
  }
  if (a.allocated_on < day.released_on) {
    await tx.execute(sql`
      insert into payment_allocation_releases (organization_id, id, payment_id, invoice_id, amount, allocated_on, released_on, action)
      values (${organizationId}, ${ulid()}, ${a.payment_id}, ${a.invoice_id}, ${dec(take)}, ${a.allocated_on}::date, ${day.released_on}::date, 'credit')`);
  }
  await tx.execute(sql`update payments set unallocated = unallocated + ${dec(take)}::numeric, updated_at = now() where organization_id = ${organizationId} and id = ${a.payment_id}`);
}

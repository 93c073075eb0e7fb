import { sql } from 'drizzle-orm';
import { ulid } from 'ulid';
import type { RecordValues } from '../../../shared/resource.js';
import { ANY_SPACE_CLASS, compactCode } from '../../../shared/resource-values.js';
import { rowsOf, type Db } from '../../db/client.js';
import { conflict, invalid, notFound } from '../../errors.js';
import { recordAudit } from '../audit.js';
import { depositHeld } from '../billing/deposits.js';
import { normaliseAccount } from '../daraja/c2b-payload.js';
import {
  allocatePayment, cents, dec, inList, lockTenant, movedOn, recomputeInvoices, releaseAllocations,
} from './allocation.js';
import { queueReceipt } from '../messaging/receipts.js';
import { numberReceipt, queueNumbering, receiptNumberDeferred } from './receipt-numbers.js';
import { assertOpen } from '../closed-months.js';
import { releaseBilledItems } from '../billing/release.js';

export { RECEIPT_PREFIX } from './receipt-numbers.js';

async function paymentRow(tx: Db, organizationId: string, id: string, lock = false) {
  const [row] = rowsOf<Record<string, unknown> & { tenant_id: string | null; lease_id: string | null; status: string; amount: string; unallocated: string }>(await tx.execute(sql`
    select id, receipt_number, tenant_id, lease_id, status, amount::text as amount, unallocated::text as unallocated,
           paid_at, reversal_reason, reversed_at
    from payments where organization_id = ${organizationId} and id = ${id} ${lock ? sql`for update` : sql``}`));
  return row ?? null;
}

async function allocationsOf(tx: Db, organizationId: string, paymentId: string) {
  return rowsOf<{ id: string; invoice_id: string; amount: string }>(await tx.execute(sql`
    select id, invoice_id, amount::text as amount from payment_allocations
    where organization_id = ${organizationId} and payment_id = ${paymentId} order by position, id`));
}

/** A lease of this tenant (422 on the field otherwise). */
async function checkLease(tx: Db, organizationId: string, tenantId: string, leaseId: string | null | undefined) {
  if (!leaseId) return;
  const [l] = rowsOf<{ tenant_id: string }>(await tx.execute(sql`
    select tenant_id from leases where organization_id = ${organizationId} and id = ${leaseId}`));
  if (!l || l.tenant_id !== tenantId) throw invalid({ lease_id: ['This lease is not the tenant’s.'] });
}

/**
 * The invoice a payment names to pay first: an invoice of the payment's tenant (422 on invoice_id
 * otherwise). Without a tenant the invoice names one: its tenant and lease. It is paid first when
 * it is open (issued or partly paid); a draft, void or paid one simply pays nothing first.
 */
async function checkChosenInvoice(tx: Db, organizationId: string, invoiceId: string | null | undefined, tenantId: string | null) {
  if (!invoiceId) return null;
  const [inv] = rowsOf<{ tenant_id: string; lease_id: string }>(await tx.execute(sql`
    select tenant_id, lease_id from invoices where organization_id = ${organizationId} and id = ${invoiceId}`));
  if (!inv) throw invalid({ invoice_id: ['The selected value does not exist.'] });
  if (tenantId && inv.tenant_id !== tenantId) throw invalid({ invoice_id: ['This invoice is not the tenant’s.'] });
  return inv;
}

/**
 * The tenant an M-Pesa account reference names: a house account code however it was typed (case,
 * spaces, hyphens and other punctuation ignored: houses store theirs normalised the same way, so
 * the unique index finds it) and the house's current lease, else a draft one (a deposit paid
 * before moving in), else the latest. Null when nothing matches.
 */
export async function matchAccountReference(tx: Db, organizationId: string, reference: string) {
  const code = normaliseAccount(reference);
  if (!code) return null;
  const [row] = rowsOf<{ tenant_id: string; lease_id: string }>(await tx.execute(sql`
    select l.tenant_id, l.id as lease_id
    from houses h join leases l on l.organization_id = h.organization_id and l.house_id = h.id
    where h.organization_id = ${organizationId} and h.account_code = ${code}
    order by (l.status in ('active', 'notice')) desc, (l.status = 'draft') desc, l.start_date desc
    limit 1`));
  return row ?? null;
}

/**
 * The same transaction code on the same channel is one payment, compared with every space removed
 * on both sides: new codes are stored compact (the declaration's normalize), and a code stored
 * before that, with a space or a zero-width character in it, still matches. The unique index backs
 * up the stored form; this names the field.
 */
async function refuseRecordedCode(tx: Db, organizationId: string, values: RecordValues, existing: RecordValues | null) {
  const code = values.external_reference ?? existing?.external_reference;
  const channel = values.channel_id ?? existing?.channel_id;
  if (typeof code !== 'string' || !code || typeof channel !== 'string') return;
  const [dup] = rowsOf<{ id: string }>(await tx.execute(sql`
    select id from payments where organization_id = ${organizationId} and channel_id = ${channel}
      and upper(regexp_replace(external_reference, ${`[${ANY_SPACE_CLASS}]`}, '', 'g')) = ${compactCode(code)}
      and id <> ${String(existing?.id ?? '')}
    limit 1`));
  if (dup) throw invalid({ external_reference: ['This transaction is already recorded for this channel.'] });
}

/**
 * Payments through the generic API (product.md 4.4, 4.9): a receipt number from the gapless
 * series, the tenant from the lease or the M-Pesa account reference, allocation in the same
 * transaction. Only an unmatched payment may be edited; none is ever deleted.
 */
export const paymentHooks = {
  async beforeWrite(tx: Db, organizationId: string, values: RecordValues, existing: RecordValues | null) {
    if (existing && existing.status !== 'unmatched') {
      throw conflict('A confirmed payment is never edited; reverse it with a reason and record it again.');
    }
    await refuseRecordedCode(tx, organizationId, values, existing);
    let tenantId = (values.tenant_id ?? null) as string | null;
    let leaseId = (values.lease_id ?? null) as string | null;
    if (!tenantId && leaseId) {
      const [l] = rowsOf<{ tenant_id: string }>(await tx.execute(sql`select tenant_id from leases where organization_id = ${organizationId} and id = ${leaseId}`));
      tenantId = l?.tenant_id ?? null;
    }
    if (!tenantId && typeof values.account_reference === 'string') {
      const m = await matchAccountReference(tx, organizationId, values.account_reference);
      if (m) { tenantId = m.tenant_id; leaseId = m.lease_id; }
    }
    const chosen = await checkChosenInvoice(tx, organizationId, values.invoice_id as string | null | undefined, tenantId);
    if (!tenantId && chosen) { tenantId = chosen.tenant_id; leaseId = chosen.lease_id; }
    if (tenantId) await checkLease(tx, organizationId, tenantId, leaseId);
    values.tenant_id = tenantId;
    values.lease_id = leaseId;
    values.unallocated = values.amount ?? (existing ? cents(existing.amount) : 0n);
    values.status = tenantId ? 'allocated' : 'unmatched';
    // a new payment's receipt number is taken last (afterWrite), not here
  },
  async afterWrite(tx: Db, organizationId: string, id: string, existing: RecordValues | null) {
    // the payment's own create/update row is the repository's (crud/repository.ts auditWrite)
    await allocatePayment(tx, organizationId, id);
    // an M-Pesa callback's payment is numbered (and its SMS receipt queued) after it commits
    if (!existing && receiptNumberDeferred()) return queueNumbering(tx, organizationId, id);
    if (!existing) await numberReceipt(tx, organizationId, id);
    // confirmed with a tenant: its SMS receipt (with the number just taken), once per payment
    await queueReceipt(tx, organizationId, id);
  },
  async beforeDelete() {
    throw conflict('A payment is never deleted; reverse it with a reason instead.');
  },
};

/**
 * POST /payments/:id/assign: an unmatched payment gets its tenant (and lease) and is allocated.
 * userId null: the server did it (an STK push's callback naming money a C2B confirmation left unmatched).
 */
export async function assignPayment(tx: Db, organizationId: string, userId: string | null, id: string, body: { tenant_id: string; lease_id?: string | null }) {
  const before = await paymentRow(tx, organizationId, id, true);
  if (!before) throw notFound();
  if (before.status !== 'unmatched') throw conflict('Only an unmatched payment can be assigned; this one already belongs to a tenant.');
  // assigned, it would appear on the tenant's statement on its own day
  await assertOpen(tx, organizationId, before.paid_at, 'paid_at');
  if (!(await lockTenant(tx, organizationId, body.tenant_id))) throw invalid({ tenant_id: ['The selected value does not exist.'] });
  await checkLease(tx, organizationId, body.tenant_id, body.lease_id);
  await tx.execute(sql`
    update payments set tenant_id = ${body.tenant_id}, lease_id = ${body.lease_id ?? null}, status = 'allocated', updated_at = now()
    where organization_id = ${organizationId} and id = ${id}`);
  await allocatePayment(tx, organizationId, id);
  await queueReceipt(tx, organizationId, id);
  await recordAudit(tx, { organizationId, userId, resource: 'payments', recordId: id, action: 'assign', before, after: await paymentRow(tx, organizationId, id) });
}

/** Locks invoices in id order (the stable order every allocation uses). */
async function lockInvoices(tx: Db, organizationId: string, ids: string[]) {
  if (!ids.length) return [];
  return rowsOf<{ id: string; tenant_id: string | null; lease_id: string; status: string; total: string; paid: string; balance: string }>(await tx.execute(sql`
    select id, tenant_id, lease_id, status, total::text as total, paid::text as paid, balance::text as balance
    from invoices where organization_id = ${organizationId} and id in ${inList([...new Set(ids)].sort())}
    order by id for update`));
}

/**
 * POST /payments/:id/allocate: replaces a payment's allocations with the given ones (each at most
 * the invoice's balance once this payment's old allocations are undone); the rest is credit.
 */
export async function reallocatePayment(tx: Db, organizationId: string, userId: string, id: string, wanted: Array<{ invoice_id: string; amount: string }>) {
  const peek = await paymentRow(tx, organizationId, id);
  if (!peek) throw notFound();
  if (peek.tenant_id) await lockTenant(tx, organizationId, peek.tenant_id);
  const p = (await paymentRow(tx, organizationId, id, true))!;
  if (p.status === 'reversed') throw conflict('A reversed payment cannot be allocated.');
  if (p.status === 'unmatched' || !p.tenant_id) throw conflict('Assign this payment to a tenant first.');
  const errors: Record<string, string[]> = {};
  const amounts = wanted.map((w, i) => {
    const c = cents(w.amount);
    if (c <= 0n) (errors[`allocations.${i}.amount`] ??= []).push('Must be more than 0.');
    return c;
  });
  const total = amounts.reduce((a, b) => a + b, 0n);
  if (total > cents(p.amount)) errors.allocations = ['The allocations add up to more than the payment.'];
  if (new Set(wanted.map((w) => w.invoice_id)).size !== wanted.length) errors.allocations = ['An invoice appears once.'];
  if (Object.keys(errors).length) throw invalid(errors);
  const old = await allocationsOf(tx, organizationId, id);
  const locked = await lockInvoices(tx, organizationId, [...old.map((a) => a.invoice_id), ...wanted.map((w) => w.invoice_id)]);
  const byId = new Map(locked.map((r) => [r.id, r]));
  wanted.forEach((w, i) => {
    const inv = byId.get(w.invoice_id);
    if (!inv || inv.tenant_id !== p.tenant_id) (errors[`allocations.${i}.invoice_id`] ??= []).push('Not an invoice of this payment’s tenant.');
    else if (!['issued', 'partially_paid', 'paid'].includes(inv.status)) (errors[`allocations.${i}.invoice_id`] ??= []).push('Only an issued invoice can be paid.');
  });
  if (Object.keys(errors).length) throw invalid(errors);
  const leaseIds = [...new Set(locked.map((r) => r.lease_id))];
  const heldBefore = await depositHeld(tx, organizationId, leaseIds);
  await releaseAllocations(tx, organizationId, id, 'reallocate');
  await recomputeInvoices(tx, organizationId, old.map((a) => a.invoice_id), { action: 'reallocate', paymentId: id, userId });
  const after = new Map((await lockInvoices(tx, organizationId, wanted.map((w) => w.invoice_id))).map((r) => [r.id, cents(r.balance)]));
  wanted.forEach((w, i) => {
    if (amounts[i] > (after.get(w.invoice_id) ?? 0n)) (errors[`allocations.${i}.amount`] ??= []).push(`More than the invoice’s balance (${dec(after.get(w.invoice_id) ?? 0n)}).`);
  });
  if (Object.keys(errors).length) throw invalid(errors);
  let position = 0;
  for (let i = 0; i < wanted.length; i++) {
    await tx.execute(sql`
      insert into payment_allocations (organization_id, id, payment_id, position, invoice_id, amount, allocated_on)
      select ${organizationId}, ${ulid()}, ${id}, ${position++}, ${wanted[i].invoice_id}, ${dec(amounts[i])}, greatest(${movedOn(organizationId, id)}, i.issue_date)
      from invoices i where i.organization_id = ${organizationId} and i.id = ${wanted[i].invoice_id}`);
  }
  await recomputeInvoices(tx, organizationId, wanted.map((w) => w.invoice_id), { action: 'reallocate', paymentId: id, userId });
  const heldAfter = await depositHeld(tx, organizationId, leaseIds);
  for (const leaseId of leaseIds) {
    if ((heldAfter.get(leaseId) ?? 0n) >= (heldBefore.get(leaseId) ?? 0n)) continue;
    const [l] = rowsOf<{ status: string }>(await tx.execute(sql`select status from leases where organization_id = ${organizationId} and id = ${leaseId}`));
    if (l?.status !== 'ended') throw conflict('A deposit is never used for rent while its lease runs; end the lease first.');
  }
  await tx.execute(sql`
    update payments set unallocated = ${dec(cents(p.amount) - total)}, updated_at = now()
    where organization_id = ${organizationId} and id = ${id}`);
  await recordAudit(tx, {
    organizationId, userId, resource: 'payments', recordId: id, action: 'reallocate',
    before: { allocations: old.map((a) => ({ invoice_id: a.invoice_id, amount: a.amount })), unallocated: p.unallocated },
    after: { allocations: wanted.map((w, i) => ({ invoice_id: w.invoice_id, amount: dec(amounts[i]) })), unallocated: dec(cents(p.amount) - total) },
  });
}

/** POST /payments/:id/reverse: undoes the allocations, restores the invoices, keeps the record. */
export async function reversePayment(tx: Db, organizationId: string, userId: string, id: string, reason: string) {
  if (!reason.trim()) throw invalid({ reason: ['Give the reason for the reversal.'] });
  const peek = await paymentRow(tx, organizationId, id);
  if (!peek) throw notFound();
  if (peek.tenant_id) await lockTenant(tx, organizationId, peek.tenant_id);
  const before = (await paymentRow(tx, organizationId, id, true))!;
  if (before.status === 'reversed') throw conflict('This payment is already reversed.');
  const allocations = await allocationsOf(tx, organizationId, id);
  await lockInvoices(tx, organizationId, allocations.map((a) => a.invoice_id));
  await releaseAllocations(tx, organizationId, id, 'reverse');
  await recomputeInvoices(tx, organizationId, allocations.map((a) => a.invoice_id), { action: 'reverse', paymentId: id, userId, reason: reason.trim() });
  await tx.execute(sql`
    update payments set status = 'reversed', unallocated = 0, reversal_reason = ${reason.trim()}, reversed_at = now(), updated_at = now()
    where organization_id = ${organizationId} and id = ${id}`);
  await recordAudit(tx, {
    organizationId, userId, resource: 'payments', recordId: id, action: 'reverse', reason: reason.trim(),
    before: { ...before, allocations }, after: await paymentRow(tx, organizationId, id),
  });
}

/** POST /invoices/:id/void: only an issued invoice without allocations (move them first). */
export async function voidInvoice(tx: Db, organizationId: string, userId: string, id: string, reason: string) {
  if (!reason.trim()) throw invalid({ reason: ['Give the reason for voiding.'] });
  const [peek] = rowsOf<{ tenant_id: string | null }>(await tx.execute(sql`select tenant_id from invoices where organization_id = ${organizationId} and id = ${id}`));
  if (!peek) throw notFound();
  if (peek.tenant_id) await lockTenant(tx, organizationId, peek.tenant_id);
  const [before] = await lockInvoices(tx, organizationId, [id]);
  if (before.status === 'void') throw conflict('This invoice is already void.');
  if (before.status === 'draft') throw conflict('A draft invoice is not voided; delete it instead.');
  const [n] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from payment_allocations where organization_id = ${organizationId} and invoice_id = ${id}`));
  if (Number(n.n) > 0) {
    throw conflict('Payments are allocated to this invoice; move them to another invoice first (POST /payments/{id}/allocate), then void it.');
  }
  await tx.execute(sql`
    update invoices set status = 'void', balance = 0, void_reason = ${reason.trim()}, voided_at = now(), updated_at = now()
    where organization_id = ${organizationId} and id = ${id}`);
  await releaseBilledItems(tx, organizationId, userId, [id], reason.trim());
  await recordAudit(tx, {
    organizationId, userId, resource: 'invoices', recordId: id, action: 'void', reason: reason.trim(),
    before, after: { ...before, status: 'void', balance: '0.00', void_reason: reason.trim() },
  });
}

import { sql } from 'drizzle-orm';
import { resourceByName } from '../../../../resources/index.js';
import { validateRecord } from '../../../shared/resource-validate.js';
import { centsToDecimal } from '../../../shared/resource-values.js';
import { createRecord } from '../../crud/repository.js';
import { rowsOf, type Db } from '../../db/client.js';
import { assignPayment } from '../payments/payments.js';
import { deferReceiptNumber } from '../payments/receipt-numbers.js';

/** What an M-Pesa notice says was paid: a C2B confirmation or an STK push's callback. */
export interface MpesaReceipt {
  /** TransID / MpesaReceiptNumber, upper-cased */
  receipt: string;
  /** integer cents */
  amount: bigint;
  paidAt: Date;
  payerName: string | null;
  payerPhone: string | null;
  accountReference: string | null;
  /** An STK push knows whose money it asked for; a C2B confirmation is matched by its account. */
  tenantId?: string | null;
  leaseId?: string | null;
}

/**
 * One payment per (channel, M-Pesa receipt), whichever notice brings it: Safaricom sends both a
 * C2B confirmation and the STK callback for money asked for by STK push, in either order or at
 * once. Both come here and take the same lock on the receipt, so the second waits for the first
 * to commit and then finds its payment (the unique key on channel and external reference backs
 * this up). Runs in the caller's transaction; the lock is the transaction's. The new payment has
 * no receipt number yet: the caller runs finishCallbackPayment once it has committed.
 *
 * A C2B confirmation that came first and matched no account left the payment unmatched; the STK
 * callback for the same receipt knows whose money it asked for, and assigns it (still one payment).
 */
export async function recordReceipt(tx: Db, organizationId: string, channelId: string, p: MpesaReceipt): Promise<{ id: string; created: boolean }> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`c2b:${organizationId}:${channelId}:${p.receipt}`}, 0))`);
  const [existing] = rowsOf<{ id: string; status: string }>(await tx.execute(sql`
    select id, status from payments where organization_id = ${organizationId} and channel_id = ${channelId} and external_reference = ${p.receipt}`));
  if (existing) {
    if (existing.status === 'unmatched' && p.tenantId) {
      await assignPayment(tx, organizationId, null, existing.id, { tenant_id: p.tenantId, lease_id: p.leaseId ?? null });
    }
    return { id: existing.id, created: false };
  }
  const payments = resourceByName('payments')!;
  const { values, errors } = validateRecord(payments, {
    channel_id: channelId,
    method: 'mpesa',
    external_reference: p.receipt,
    amount: centsToDecimal(p.amount),
    paid_at: p.paidAt.toISOString(),
    payer_name: p.payerName,
    payer_phone: p.payerPhone,
    account_reference: p.accountReference || null,
    tenant_id: p.tenantId ?? null,
    lease_id: p.leaseId ?? null,
    notes: null,
  }, 'create');
  if (Object.keys(errors).length) throw new Error(`payment refused: ${JSON.stringify(errors)}`);
  const created = await deferReceiptNumber(() => createRecord(tx, payments, organizationId, values));
  return { id: String(created.id), created: true };
}

// The deposit paid back to the tenant after the move-out: one payout per settlement (method,
// reference, date, amount), at most what the settlement left refundable, recorded with who approved
// it (refund.lease). It is money leaving the agency, not the tenant's ledger: the statement shows
// it in the deposit's own ledger, and the rent collected never counts it.
import { assertOpen } from '../closed-months.js';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.js';
import { conflict, invalid, notFound } from '../../errors.js';
import { parseMoney } from '../../../shared/resource-values.js';
import { REFUND_METHODS, type DepositRefund, type RefundMethod } from '../../../shared/settlement.js';
import { recordAudit } from '../audit.js';
import { cents, dec } from './plan.js';

export interface RefundInput { amount?: string | number; method?: string; reference?: string | null; date?: string }

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Records the refund of an ended lease's deposit. 422 naming the field when the amount is not
 * more than 0 or more than is refundable, the method unknown, the date missing or before the
 * move-out; 409 when already recorded. Amount defaults to everything refundable.
 */
export async function recordRefund(tx: Db, organizationId: string, userId: string | null, leaseId: string, input: RefundInput) {
  const [s] = rowsOf<{ id: string; refundable: string; move_out_date: string; refund_amount: string | null }>(await tx.execute(sql`
    select id, refundable::text as refundable, move_out_date::text as move_out_date, refund_amount::text as refund_amount
    from deposit_settlements where organization_id = ${organizationId} and lease_id = ${leaseId} for update`));
  if (!s) {
    const [lease] = rowsOf<{ id: string }>(await tx.execute(sql`select id from leases where organization_id = ${organizationId} and id = ${leaseId}`));
    if (!lease) throw notFound();
    throw conflict('The deposit is refunded after the move-out: end the lease first.');
  }
  if (s.refund_amount !== null) throw conflict(`The deposit refund is already recorded (${s.refund_amount}).`);
  const refundable = cents(s.refundable);
  const errors: Record<string, string[]> = {};
  const amount = input.amount === undefined || input.amount === '' ? refundable : parseMoney(input.amount);
  if (amount === null) errors['refund.amount'] = ['The amount must be a number with at most two decimals.'];
  else if (amount <= 0n) errors['refund.amount'] = [refundable > 0n ? 'A refund must be more than 0.' : 'Nothing is left to refund to the tenant.'];
  else if (amount > refundable) errors['refund.amount'] = [`At most ${dec(refundable)} is held for the tenant to refund.`];
  const method = String(input.method ?? '') as RefundMethod;
  if (!REFUND_METHODS.includes(method)) errors['refund.method'] = [`Paid by ${REFUND_METHODS.join(', ')}.`];
  const date = String(input.date ?? '');
  if (!DAY.test(date)) errors['refund.date'] = ['The day the refund was paid is required.'];
  else if (date < s.move_out_date) errors['refund.date'] = [`The refund cannot be paid before the move-out (${s.move_out_date}).`];
  const reference = input.reference ? String(input.reference).trim().slice(0, 100) || null : null;
  if (Object.keys(errors).length) throw invalid(errors);
  // money paid out on a day of a closed month would change a statement already printed
  await assertOpen(tx, organizationId, date, 'refund.date');
  await tx.execute(sql`
    update deposit_settlements set refund_amount = ${dec(amount!)}, refund_method = ${method}, refund_reference = ${reference},
      refund_date = ${date}::date, refunded_by = ${userId}, refunded_at = now()
    where organization_id = ${organizationId} and id = ${s.id}`);
  const refund = { amount: dec(amount!), method, reference, date, refunded_by: userId };
  await recordAudit(tx, { organizationId, userId, resource: 'leases', recordId: leaseId, action: 'refund_deposit', before: { refund: null }, after: { refund } });
  return refund;
}

/** The refund columns of a settlement row as the API shows them (null before it is paid). */
export function refundOf(row: Record<string, unknown>): DepositRefund | null {
  if (row.refund_amount === null || row.refund_amount === undefined) return null;
  return {
    amount: dec(cents(String(row.refund_amount))), method: row.refund_method as DepositRefund['method'], reference: (row.refund_reference as string | null) ?? null,
    date: String(row.refund_date), refunded_by: (row.refunded_by as string | null) ?? null, refunded_by_name: (row.refunded_by_name as string | null) ?? null,
  };
}

import { and, eq, sql } from 'drizzle-orm';
import { remittances } from '../../../resources/remittances.js';
import { formatCurrency } from '../../shared/format.js';
import type { RecordValues } from '../../shared/resource.js';
import { serializeRecord } from '../../shared/resource-validate.js';
import { rowsOf, type Db } from '../db/client.js';
import { resourceTables } from '../db/resource-tables.js';
import { conflict, invalid, notFound } from '../errors.js';
import { recordAudit } from './audit.js';
import { assertOpen } from './closed-months.js';
import { cents, dec } from './payments/allocation.js';
import { propertyStatement } from './reports/property-statement.js';

/** What the organisation holds for an owner at the end of `day`: their statement's closing due (approved payouts out). */
export async function dueToOwner(tx: Db, organizationId: string, ownerId: string, day: string): Promise<bigint> {
  const s = await propertyStatement(tx, organizationId, { owner_id: ownerId, from: day, to: day });
  return cents(s.amount_due_to_owner);
}

/** The 422 that asks for confirmation: it names overpayment_confirmed, so the form shows it by the box to tick. */
function overpayment(amount: bigint, due: bigint) {
  const owes = formatCurrency(dec(amount - due));
  return invalid({
    overpayment_confirmed: [
      `This payout of ${formatCurrency(dec(amount))} is more than the ${formatCurrency(dec(due))} due to the owner on its date: confirm it to record it, and the owner will owe the agency ${owes}.`,
    ],
  });
}

async function remittanceRecord(tx: Db, organizationId: string, id: string) {
  const t = resourceTables.remittances;
  const [r] = await tx.select().from(t).where(and(eq(t.organization_id, organizationId), eq(t.id, id)));
  return r ? serializeRecord(remittances, r) : null;
}

/**
 * Remittances: a draft is edited freely; once approved or void it is not (void an approved one and
 * record a new one). The property, when named, is the owner's. A payout above what is due to the
 * owner on its date needs overpayment_confirmed (422 naming it otherwise).
 */
export const remittanceHooks = {
  async beforeWrite(tx: Db, organizationId: string, values: RecordValues, existing: RecordValues | null, record: RecordValues) {
    if (existing && existing.status !== 'draft') {
      throw conflict(`A remittance that is ${String(existing.status)} is not edited; void it with a reason and record a new one.`);
    }
    const ownerId = String(record.owner_id);
    if (record.property_id) {
      const [p] = rowsOf<{ owner_id: string }>(await tx.execute(sql`
        select owner_id from properties where organization_id = ${organizationId} and id = ${String(record.property_id)}`));
      if (p && p.owner_id !== ownerId) throw invalid({ property_id: ['This property belongs to another owner.'] });
    }
    // the record holds clean values: money as cents already
    const amount = typeof record.amount === 'bigint' ? record.amount : cents(record.amount);
    if (record.overpayment_confirmed !== true) {
      const due = await dueToOwner(tx, organizationId, ownerId, String(record.date));
      if (amount > due) throw overpayment(amount, due);
    }
  },
};

/**
 * POST /remittances/:id/approve (approve.remittance): a draft counts on the owner's statement from
 * its date. What is due is checked again now (other payouts may have been approved since it was
 * saved): more than is due needs the draft's overpayment_confirmed or `confirm_overpayment`.
 */
export async function approveRemittance(tx: Db, organizationId: string, userId: string, id: string, confirm: boolean) {
  const [locked] = rowsOf<{ status: string; owner_id: string; date: string; amount: string; overpayment_confirmed: boolean }>(await tx.execute(sql`
    select status, owner_id, date::text as date, amount::text as amount, overpayment_confirmed
    from remittances where organization_id = ${organizationId} and id = ${id} for update`));
  if (!locked) throw notFound();
  if (locked.status !== 'draft') throw conflict(`Only a draft remittance can be approved; this one is ${locked.status}.`);
  // approved, it counts on the owner's statement from its date
  await assertOpen(tx, organizationId, locked.date, 'date');
  // two approvals for one owner at once would each see the other's payout as not yet made
  await tx.execute(sql`select id from property_owners where organization_id = ${organizationId} and id = ${locked.owner_id} for update`);
  const amount = cents(locked.amount);
  const due = await dueToOwner(tx, organizationId, locked.owner_id, locked.date);
  if (amount > due && !locked.overpayment_confirmed && !confirm) throw overpayment(amount, due);
  const before = await remittanceRecord(tx, organizationId, id);
  await tx.execute(sql`update remittances set status = 'approved', approved_by_id = ${userId}, approved_at = now(), updated_at = now(),
    overpayment_confirmed = overpayment_confirmed or ${amount > due}
    where organization_id = ${organizationId} and id = ${id}`);
  await recordAudit(tx, { organizationId, userId, resource: 'remittances', recordId: id, action: 'approve', before, after: await remittanceRecord(tx, organizationId, id) });
}

/**
 * POST /remittances/:id/void {reason} (approve.remittance): a draft or an approved payout is
 * voided. An approved one stops counting on `today` (its date if that is later), so a statement
 * printed before shows it still.
 */
export async function voidRemittance(tx: Db, organizationId: string, userId: string, id: string, reason: string, today: string) {
  const [locked] = rowsOf<{ status: string }>(await tx.execute(sql`
    select status from remittances where organization_id = ${organizationId} and id = ${id} for update`));
  if (!locked) throw notFound();
  if (locked.status === 'void') throw conflict('This remittance is already void.');
  const before = await remittanceRecord(tx, organizationId, id);
  await tx.execute(sql`update remittances set status = 'void', voided_on = ${today}::date, void_reason = ${reason.trim()}, updated_at = now()
    where organization_id = ${organizationId} and id = ${id}`);
  await recordAudit(tx, { organizationId, userId, resource: 'remittances', recordId: id, action: 'void', before, after: await remittanceRecord(tx, organizationId, id), reason: reason.trim() });
}

import { sql } from 'drizzle-orm';
import type { RecordValues } from '../../shared/resource.js';
import { rowsOf, type Db } from '../db/client.js';
import { conflict, invalid, notFound } from '../errors.js';
import { recordAudit } from './audit.js';
import { cents, currentUser } from './payments/allocation.js';

/** settings.expense_approval_threshold in cents, or null when every expense is approved as entered. */
export async function approvalThreshold(tx: Db, organizationId: string): Promise<bigint | null> {
  const [row] = rowsOf<{ t: string | null }>(await tx.execute(sql`select settings->>'expense_approval_threshold' as t from organizations where id = ${organizationId}`));
  return row?.t === null || row?.t === undefined || row.t === '' ? null : cents(row.t);
}

async function row(tx: Db, table: 'expenses' | 'incomes', organizationId: string, id: string) {
  const [r] = rowsOf<Record<string, unknown>>(await tx.execute(sql`select * from ${sql.identifier(table)} where organization_id = ${organizationId} and id = ${id}`));
  return r ?? null;
}

const audited = (table: 'expenses' | 'incomes') => ({
  async afterWrite(tx: Db, organizationId: string, id: string, existing: RecordValues | null) {
    await recordAudit(tx, {
      organizationId, userId: await currentUser(tx), resource: table, recordId: id,
      action: existing ? 'update' : 'create', before: existing, after: await row(tx, table, organizationId, id),
    });
  },
  async beforeDelete(tx: Db, organizationId: string, existing: RecordValues) {
    await recordAudit(tx, { organizationId, userId: await currentUser(tx), resource: table, recordId: String(existing.id), action: 'delete', before: existing });
  },
});

/**
 * Expenses: one above the organisation's approval threshold starts pending and only
 * POST /expenses/:id/approve (approve.expense) moves it on; below it (or with no threshold) it is
 * approved as entered. Paid follows approved. A paid expense is not edited. Every change audited.
 */
export const expenseHooks = {
  ...audited('expenses'),
  async beforeWrite(tx: Db, organizationId: string, values: RecordValues, existing: RecordValues | null) {
    if (existing?.status === 'paid') throw conflict('A paid expense is not edited; record a correcting expense or income instead.');
    const threshold = await approvalThreshold(tx, organizationId);
    const amount = (values.amount ?? cents(existing?.amount)) as bigint;
    const needsApproval = threshold !== null && amount > threshold;
    const wanted = String(values.status ?? existing?.status ?? 'pending');
    const wasApproved = existing?.status === 'approved' && (existing ? cents(existing.amount) : 0n) >= amount;
    if (needsApproval && !wasApproved) {
      if (wanted !== 'pending' && existing) {
        throw invalid({ status: ['This expense is above the approval threshold: it needs approval first (approve.expense).'] });
      }
      values.status = 'pending';
    } else if (wanted === 'pending') {
      values.status = needsApproval ? 'pending' : 'approved';
    }
  },
};

export const incomeHooks = audited('incomes');

/** POST /expenses/:id/approve. */
export async function approveExpense(tx: Db, organizationId: string, userId: string, id: string) {
  const [before] = rowsOf<Record<string, unknown> & { status: string }>(await tx.execute(sql`
    select * from expenses where organization_id = ${organizationId} and id = ${id} for update`));
  if (!before) throw notFound();
  if (before.status !== 'pending') throw conflict('Only a pending expense can be approved.');
  await tx.execute(sql`update expenses set status = 'approved', updated_at = now() where organization_id = ${organizationId} and id = ${id}`);
  await recordAudit(tx, { organizationId, userId, resource: 'expenses', recordId: id, action: 'approve', before, after: await row(tx, 'expenses', organizationId, id) });
}

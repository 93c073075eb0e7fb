import { and, eq, sql } from 'drizzle-orm';
import { expenses } from '../../../resources/expenses.js';
import type { RecordValues } from '../../shared/resource.js';
import { serializeRecord } from '../../shared/resource-validate.js';
import { rowsOf, type Db } from '../db/client.js';
import { resourceTables } from '../db/resource-tables.js';
import { conflict, invalid, notFound } from '../errors.js';
import { recordAudit } from './audit.js';
import { assertOpen } from './closed-months.js';
import { checkHouseInProperty } from './houses.js';
import { cents } from './payments/allocation.js';

/** settings.expense_approval_threshold in cents, or null when every expense is approved as entered. */
export async function approvalThreshold(tx: Db, organizationId: string): Promise<bigint | null> {
  const [row] = rowsOf<{ t: string | null }>(await tx.execute(sql`select settings->>'expense_approval_threshold' as t from organizations where id = ${organizationId}`));
  return row?.t === null || row?.t === undefined || row.t === '' ? null : cents(row.t);
}

/** An expense as the API serves it, for its audit rows. */
async function expenseRecord(tx: Db, organizationId: string, id: string) {
  const t = resourceTables.expenses;
  const [r] = await tx.select().from(t).where(and(eq(t.organization_id, organizationId), eq(t.id, id)));
  return r ? serializeRecord(expenses, r) : null;
}

/**
 * Expenses: one above the organisation's approval threshold starts pending (or goes back to
 * pending when its amount grows past what was approved) and only POST /expenses/:id/approve
 * (approve.expense) moves it on; below it (or with no threshold) it is
 * approved as entered. Paid follows approved. A paid expense is not edited. The generic write's
 * audit row is the repository's (crud/repository.ts auditWrite).
 */
export const expenseHooks = {
  async beforeWrite(tx: Db, organizationId: string, values: RecordValues, existing: RecordValues | null) {
    await checkHouseInProperty(tx, organizationId, values, existing);
    if (existing?.status === 'paid') throw conflict('A paid expense is not edited; record a correcting expense or income instead.');
    const threshold = await approvalThreshold(tx, organizationId);
    const amount = (values.amount ?? cents(existing?.amount)) as bigint;
    const needsApproval = threshold !== null && amount > threshold;
    const wanted = String(values.status ?? existing?.status ?? 'pending');
    const wasApproved = existing?.status === 'approved' && (existing ? cents(existing.amount) : 0n) >= amount;
    if (needsApproval && !wasApproved) {
      // an approved expense whose amount grows past what was approved goes back to pending (the
      // form sends its status back unchanged); asking for approved or paid outright is refused
      const statusKept = existing?.status === 'approved' && wanted === 'approved';
      if (wanted !== 'pending' && existing && !statusKept) {
        throw invalid({ status: ['This expense is above the approval threshold: save it as pending and approve it (approve.expense).'] });
      }
      values.status = 'pending';
    } else if (wanted === 'pending') {
      values.status = needsApproval ? 'pending' : 'approved';
    }
  },
};

/** Incomes have no rules beyond their declaration; their audit rows are the repository's. */
export const incomeHooks = {};

/** POST /expenses/:id/approve. */
export async function approveExpense(tx: Db, organizationId: string, userId: string, id: string) {
  const [locked] = rowsOf<{ status: string; date: string }>(await tx.execute(sql`
    select status, date::text as date from expenses where organization_id = ${organizationId} and id = ${id} for update`));
  if (!locked) throw notFound();
  if (locked.status !== 'pending') throw conflict('Only a pending expense can be approved.');
  // an approved owner's expense counts on the property statement of its date
  await assertOpen(tx, organizationId, locked.date, 'date');
  const before = await expenseRecord(tx, organizationId, id);
  await tx.execute(sql`update expenses set status = 'approved', updated_at = now() where organization_id = ${organizationId} and id = ${id}`);
  await recordAudit(tx, { organizationId, userId, resource: 'expenses', recordId: id, action: 'approve', before, after: await expenseRecord(tx, organizationId, id) });
}

import { sql } from 'drizzle-orm';
import { expenses } from '../../../resources/expenses.js';
import type { RecordValues } from '../../shared/resource.js';
import { validateRecord } from '../../shared/resource-validate.js';
import { centsToDecimal } from '../../shared/resource-values.js';
import { rowsOf, type Db } from '../db/client.js';
import { conflict, invalid } from '../errors.js';
import { createRecord, updateRecord } from '../crud/repository.js';
import { todayIn } from './billing/scheduler.js';
import { checkHouseInProperty } from './houses.js';
import { formatNumber, nextNumber } from './numbering.js';
import { cents } from './payments/allocation.js';

export const WORK_ORDER_PREFIX = 'WO-';

interface ExpenseRow { id: string; status: string; amount: string }

async function expenseOf(tx: Db, organizationId: string, workOrderId: string): Promise<ExpenseRow | null> {
  const [row] = rowsOf<ExpenseRow>(await tx.execute(sql`
    select id, status, amount::text as amount from expenses
    where organization_id = ${organizationId} and work_order_id = ${workOrderId}
    order by created_at, id limit 1 for update`));
  return row ?? null;
}

/** A money value as it is in `values` (bigint cents after validation) or a stored row ('3200.00'); null when empty. */
function costOf(v: unknown): bigint | null {
  if (v === null || v === undefined || v === '') return null;
  return typeof v === 'bigint' ? v : cents(v);
}

/** The expense a completed work order costs: its property, house, provider, who pays, dated today. */
async function createExpense(tx: Db, organizationId: string, order: Record<string, unknown>, cost: bigint) {
  const [context] = rowsOf<{ timezone: string | null; payee: string | null }>(await tx.execute(sql`
    select o.timezone, sp.name as payee from organizations o
    left join service_providers sp on sp.organization_id = o.id and sp.id = ${order.service_provider_id ?? null}
    where o.id = ${organizationId}`));
  const input = {
    property_id: order.property_id,
    house_id: order.house_id ?? null,
    category: 'repairs',
    service_provider_id: order.service_provider_id ?? null,
    payee: context?.payee ?? null,
    work_order_id: order.id,
    amount: centsToDecimal(cost),
    date: todayIn(context?.timezone || undefined),
    reference: order.number,
    borne_by: order.paid_by,
    // the organisation's approval threshold decides (expenses.ts): approved, or pending approval
    status: 'pending',
  };
  const { values, errors } = validateRecord(expenses, input, 'create');
  if (Object.keys(errors).length) throw invalid(errors);
  await createRecord(tx, expenses, organizationId, values);
}

/** A repair already on the tenant's invoice keeps its payer and cost (the invoice's lines are frozen). */
function refuseChargedChange(values: RecordValues, existing: RecordValues) {
  const message = 'This repair is already charged on the tenant’s invoice: correct it on the invoice (a credit) instead.';
  if ('paid_by' in values && values.paid_by !== existing.paid_by) throw invalid({ paid_by: [message] });
  if ('actual_cost' in values && costOf(values.actual_cost) !== costOf(existing.actual_cost)) throw invalid({ actual_cost: [message] });
  if ('status' in values && values.status !== 'completed') throw invalid({ status: [message] });
}

/**
 * Work orders: the number comes from the organisation's gapless 'work_order' series. Completing
 * one with an actual cost records its expense once, in the same transaction (a re-save, or a
 * second completion, finds it and makes no other). After that the cost may still change while
 * the expense waits for approval (the expense follows); once the expense is approved or paid
 * the cost is fixed here and corrections are made on the expense. A work order whose expense is
 * recorded stays completed.
 */
export const workOrderHooks = {
  async beforeWrite(tx: Db, organizationId: string, values: RecordValues, existing: RecordValues | null) {
    await checkHouseInProperty(tx, organizationId, values, existing);
    if (!existing) {
      values.number = formatNumber(WORK_ORDER_PREFIX, await nextNumber(tx, organizationId, 'work_order'));
      return;
    }
    if (existing.charged_invoice_id) refuseChargedChange(values, existing);
    if (existing.status !== 'completed') return;
    const expense = await expenseOf(tx, organizationId, String(existing.id));
    if (!expense) return;
    const status = values.status ?? existing.status;
    if (status !== 'completed') {
      throw conflict('This work order\'s expense is recorded, so it stays completed. Delete or correct the expense first.');
    }
    if (!('actual_cost' in values)) return;
    const before = costOf(existing.actual_cost);
    const after = costOf(values.actual_cost);
    if (before === after) return;
    if (!after) throw invalid({ actual_cost: ['A completed work order with an expense keeps its actual cost.'] });
    if (expense.status !== 'pending') {
      throw invalid({ actual_cost: [`Its expense is already ${expense.status}: correct the amount on the expense instead.`] });
    }
  },

  async afterWrite(tx: Db, organizationId: string, id: string, existing: RecordValues | null) {
    const [order] = rowsOf<Record<string, unknown>>(await tx.execute(sql`
      select id, number, status, actual_cost::text as actual_cost, property_id, house_id, service_provider_id, paid_by
      from work_orders where organization_id = ${organizationId} and id = ${id}`));
    const cost = costOf(order?.actual_cost);
    if (!order || order.status !== 'completed' || !cost) return;
    const expense = await expenseOf(tx, organizationId, id);
    if (expense) {
      // only a pending one gets here with another amount (beforeWrite refused the rest)
      if (cents(expense.amount) !== cost) await updateRecord(tx, expenses, organizationId, expense.id, { amount: cost });
      return;
    }
    // already completed with a cost before this save: its expense was made then (and someone removed it since)
    if (existing?.status === 'completed' && costOf(existing.actual_cost)) return;
    await createExpense(tx, organizationId, order, cost);
  },
};

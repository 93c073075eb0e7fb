// Move-out deductions: each item (repairs, cleaning, utilities…) becomes a 'deduction' line on the
// lease's move-out invoice, charged against the deposit held: the deposit pays them first (a
// negative 'deposit' line, as when it pays arrears), and what it does not cover stays open on the
// invoice, owed by the tenant.
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.js';
import { invalid } from '../../errors.js';
import { parseMoney } from '../../../shared/resource-values.js';
import { DEDUCTION_CATEGORIES, type Deduction, type DeductionCategory } from '../../../shared/settlement.js';
import { addAdjustment } from './adjust.js';
import { dec } from './plan.js';

export interface DeductionInput { category?: string; description?: string; amount?: string | number }

/** The deductions as typed, checked: each error names its row and field (deductions.1.amount). */
export function parseDeductions(input: DeductionInput[] | undefined): Array<{ category: DeductionCategory; description: string; amount: bigint }> {
  const errors: Record<string, string[]> = {};
  const out = (input ?? []).map((d, i) => {
    const category = (d.category ?? 'other') as DeductionCategory;
    if (!DEDUCTION_CATEGORIES.includes(category)) errors[`deductions.${i}.category`] = [`A deduction is for ${DEDUCTION_CATEGORIES.join(', ')}.`];
    const description = String(d.description ?? '').trim();
    if (!description) errors[`deductions.${i}.description`] = ['Say what the deduction is for.'];
    else if (description.length > 200) errors[`deductions.${i}.description`] = ['At most 200 characters.'];
    const amount = parseMoney(d.amount);
    if (amount === null) errors[`deductions.${i}.amount`] = ['The amount must be a number with at most two decimals.'];
    else if (amount <= 0n) errors[`deductions.${i}.amount`] = ['A deduction must be more than 0.'];
    else if (amount >= 10n ** 14n) errors[`deductions.${i}.amount`] = ['This amount is too large.'];
    return { category, description, amount: amount ?? 0n };
  });
  if (Object.keys(errors).length) throw invalid(errors);
  return out;
}

const LABEL: Record<DeductionCategory, string> = {
  repairs: 'Repairs', unpaid_rent: 'Unpaid rent', utilities: 'Utilities', cleaning: 'Cleaning', other: 'Other',
};

/**
 * Charges the deductions on the lease's last invoice up to the move-out (its move-out period's,
 * billed just before) and applies up to `available` of the deposit to them. Returns the invoice,
 * the deductions as stored and what the deposit paid of them.
 */
export async function chargeDeductions(
  tx: Db, organizationId: string, userId: string | null, leaseId: string, moveOut: string,
  items: Array<{ category: DeductionCategory; description: string; amount: bigint }>, available: bigint,
  /** the day the lines count on: the move-out, or the first open day when its month is closed */
  on: string = moveOut,
): Promise<{ invoice_id: string | null; deductions: Deduction[]; deducted: bigint }> {
  if (!items.length) return { invoice_id: null, deductions: [], deducted: 0n };
  const [inv] = rowsOf<{ id: string }>(await tx.execute(sql`
    select id from invoices
    where organization_id = ${organizationId} and lease_id = ${leaseId} and status not in ('void', 'draft')
    order by (period_start <= ${moveOut}::date) desc, period_start desc, id desc limit 1`));
  if (!inv) throw invalid({ deductions: ['This lease has no invoice to charge deductions on: bill it first.'] });
  let total = 0n;
  for (const d of items) {
    await addAdjustment(tx, organizationId, userId, inv.id, d.amount, `Move-out deduction (${LABEL[d.category]}): ${d.description}`.slice(0, 255), 'move_out_deduction', { kind: 'deduction', on });
    total += d.amount;
  }
  const take = total < available ? total : available > 0n ? available : 0n;
  if (take > 0n) await addAdjustment(tx, organizationId, userId, inv.id, -take, 'Deposit applied to move-out deductions', 'apply_deposit', { kind: 'deposit', on });
  return { invoice_id: inv.id, deductions: items.map((d) => ({ category: d.category, description: d.description, amount: dec(d.amount) })), deducted: take };
}

// Lease lifecycle: draft → active → notice → ended, each step one transaction with its billing
// consequences and its audit rows.
import { sql } from 'drizzle-orm';
import { ulid } from 'ulid';
import { rowsOf, type Db } from '../../db/client.js';
import { conflict, invalidField, notFound } from '../../errors.js';
import { recordAudit } from '../audit.js';
import { syncHouseStatus } from '../leases.js';
import { issueInvoices, type IssuedInvoice } from './issue.js';
import { cents, dec, loadLeaseTerms, planInvoice } from './plan.js';
import { monthStart, shortDate, type IsoDate } from './periods.js';
import { firstDueDate, graceDays } from './penalties.js';
import { addAdjustment, type AdjustmentOptions } from './adjust.js';
import { depositHeld, depositInvoices } from './deposits.js';
import { settlementFigures, type Deduction, type DepositRefund, type SettlementFigures } from '../../../shared/settlement.js';
import { chargeDeductions, parseDeductions, type DeductionInput } from './deductions.js';
import { recordRefund, refundOf, type RefundInput } from './refund.js';
import { postingDay, type Posting } from '../closed-months.js';
import { releaseBilledItems } from './release.js';

export interface EndBody { move_out_date?: string; apply_deposit_to_arrears?: boolean; deductions?: DeductionInput[]; refund?: RefundInput }

interface LeaseRow extends Record<string, unknown> {
  id: string; status: string; house_id: string; tenant_id: string; start_date: string; move_out_date: string | null; notice_date: string | null; deposit: string | null;
}

async function lockLease(tx: Db, organizationId: string, id: string): Promise<LeaseRow> {
  const [row] = rowsOf<LeaseRow>(await tx.execute(sql`
    select id, status, house_id, tenant_id, start_date::text as start_date, move_out_date::text as move_out_date,
      notice_date::text as notice_date, deposit::text as deposit, rent::text as rent
    from leases where organization_id = ${organizationId} and id = ${id} for update`));
  if (!row) throw notFound();
  return row;
}

async function setLease(tx: Db, organizationId: string, id: string, values: { status: string; notice_date?: string | null; move_out_date?: string | null; activated_on?: string }) {
  await tx.execute(sql`
    update leases set status = ${values.status},
      activated_on = ${values.activated_on === undefined ? sql`activated_on` : sql`${values.activated_on}::date`},
      notice_date = ${values.notice_date === undefined ? sql`notice_date` : sql`${values.notice_date}::date`},
      move_out_date = ${values.move_out_date === undefined ? sql`move_out_date` : sql`${values.move_out_date}::date`},
      updated_at = now()
    where organization_id = ${organizationId} and id = ${id}`);
}

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

/**
 * Activates a draft lease on `on` (today; the lease keeps it as activated_on) and bills its first
 * period at once (prorated from the move-in day), with the lease's deposit as its own line. A lease
 * entered after its start date is billed from the start, but its first invoice falls due no earlier
 * than `on` plus the grace days: the tenant cannot have paid late before the lease existed.
 * One active lease per house: 409 when the house is held (the partial unique index backs this
 * check against a concurrent activation).
 */
export async function activateLease(tx: Db, organizationId: string, userId: string | null, id: string, on: IsoDate): Promise<{ invoice: IssuedInvoice | null; period_note: string | null }> {
  const lease = await lockLease(tx, organizationId, id);
  if (lease.status !== 'draft') throw conflict(`Only a draft lease can be activated; this one is ${lease.status}.`);
  const [held] = rowsOf<{ id: string }>(await tx.execute(sql`
    select id from leases where organization_id = ${organizationId} and house_id = ${lease.house_id}
      and status in ('active', 'notice') and id <> ${id} limit 1`));
  if (held) throw conflict('This house already has an active lease.');
  try {
    await setLease(tx, organizationId, id, { status: 'active', activated_on: on });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('This house already has an active lease.');
    throw err;
  }
  await syncHouseStatus(tx, organizationId, [lease.house_id]);
  await recordAudit(tx, { organizationId, userId, resource: 'leases', recordId: id, action: 'activate', before: { status: 'draft' }, after: { status: 'active', activated_on: on } });
  const [terms] = await loadLeaseTerms(tx, organizationId, { ids: [id] });
  const plan = planInvoice(terms, monthStart(terms.start_date));
  // a start in a closed month: the first invoice is issued on the first open day instead
  const posting = typeof plan === 'string' ? null : await postingDay(tx, organizationId, plan.issue_date);
  if (typeof plan !== 'string') shiftPlan(plan, posting!);
  if (typeof plan !== 'string') plan.due_date = firstDueDate(plan.due_date, on, await graceDays(tx, organizationId, terms.property_id));
  if (typeof plan !== 'string' && terms.deposit > 0n) {
    // the deposit is billed with the first period and paid before the keys (deposits.ts): the
    // deposit held is what the tenant paid of this line, never the lease's figure alone
    plan.lines.unshift({ kind: 'deposit', charge_id: null, description: 'Deposit', amount: terms.deposit });
    plan.total += terms.deposit;
  }
  const [invoice] = typeof plan === 'string' ? [] : await issueInvoices(tx, organizationId, userId, [plan], { action: 'activate_lease' });
  if (invoice && posting?.note) await notePosting(tx, organizationId, userId, 'invoices', invoice.id, 'activate_lease', posting);
  return { invoice: invoice ?? null, period_note: posting?.note ?? null };
}

/** An invoice planned into a closed month is issued (and falls due no earlier) on the posting day. */
function shiftPlan(plan: { issue_date: string; due_date: string }, posting: Posting) {
  if (!posting.note) return;
  plan.issue_date = posting.day;
  if (plan.due_date < posting.day) plan.due_date = posting.day;
}

/** The record's history says where it was posted and why (closed-months.ts). */
async function notePosting(tx: Db, organizationId: string, userId: string | null, resource: string, recordId: string, action: string, posting: Posting) {
  await recordAudit(tx, { organizationId, userId, resource, recordId, action: 'posted_in_open_month', after: { posted_on: posting.day, for: action, note: posting.note } });
}

/** Notice: an active lease will end on move_out_date; billing of that month is prorated to it. */
export async function giveNotice(tx: Db, organizationId: string, userId: string | null, id: string, body: { notice_date: string; move_out_date: string }) {
  const lease = await lockLease(tx, organizationId, id);
  if (lease.status !== 'active') throw conflict(`Only an active lease can be put on notice; this one is ${lease.status}.`);
  if (body.notice_date < lease.start_date) throw invalidField('notice_date', 'The notice date cannot be before the lease start.');
  if (body.move_out_date < body.notice_date) throw invalidField('move_out_date', 'The move-out date cannot be before the notice date.');
  await setLease(tx, organizationId, id, { status: 'notice', notice_date: body.notice_date, move_out_date: body.move_out_date });
  await recordAudit(tx, {
    organizationId, userId, resource: 'leases', recordId: id, action: 'notice',
    before: { status: lease.status, notice_date: lease.notice_date, move_out_date: lease.move_out_date },
    after: { status: 'notice', notice_date: body.notice_date, move_out_date: body.move_out_date },
  });
}

export interface EndResult {
  voided: string[];
  /** future invoices kept because payments are allocated to them (move the allocations, then void) */
  kept: string[];
  last_period: { invoice_id: string; adjustment: string } | null;
  /** the day its lines and the settlement count on the statements: the move-out, or the first open day when that month is closed */
  posted_on: string;
  /** set when the move-out falls in a closed month: says where it was posted instead */
  period_note: string | null;
  /** its parts and how they add up: src/shared/settlement.ts */
  settlement: SettlementFigures & { applications: Array<{ invoice_id: string; amount: string }>; deduction_invoice_id: string | null; refund: DepositRefund | null };
}

/** The lease's invoices still owed, oldest due first. */
async function openInvoices(tx: Db, organizationId: string, leaseId: string) {
  return rowsOf<{ id: string; balance: string }>(await tx.execute(sql`
    select id, balance::text as balance from invoices
    where organization_id = ${organizationId} and lease_id = ${leaseId} and status in ('issued', 'partially_paid') and balance > 0
    order by due_date, id`));
}

/** Up to `amount` paid on these invoices in order, by a credit line on each (the deposit, unused days); what each took. */
async function creditOldestFirst(
  tx: Db, organizationId: string, userId: string | null, invoices: Array<{ id: string; balance: string }>, amount: bigint,
  description: string, action: string, opts: AdjustmentOptions,
): Promise<Array<{ invoice_id: string; amount: bigint }>> {
  const taken: Array<{ invoice_id: string; amount: bigint }> = [];
  let left = amount;
  for (const inv of invoices) {
    if (left <= 0n) break;
    const take = cents(inv.balance) < left ? cents(inv.balance) : left;
    const result = await addAdjustment(tx, organizationId, userId, inv.id, -take, description, action, opts);
    taken.push({ invoice_id: inv.id, amount: take - result.unapplied });
    left -= take;
  }
  return taken;
}

/**
 * Ends a lease on move_out_date: billing stops; its untouched invoices for periods after the
 * move-out are voided ('Lease ended'); the move-out period is billed if it was not, or credited
 * the unoccupied days with a negative adjustment line if it was billed whole (or charged the days
 * past an earlier notified move-out). Then the deposit is settled (deposits.ts): the part of the
 * deposit lines never paid is cancelled, what was paid is held; with apply_deposit_to_arrears, up
 * to the open balance of the held deposit pays the lease's open invoices (oldest due first, as
 * negative 'deposit' lines) and the rest, plus any payment the credited last period no longer
 * needs, is refundable — one deposit_settlements row the tenant statement shows. Every line
 * endLease adds counts on the ledger from the move-out date (never before its invoice).
 */
export async function endLease(tx: Db, organizationId: string, userId: string | null, id: string, body: EndBody): Promise<EndResult> {
  const items = parseDeductions(body.deductions);
  const lease = await lockLease(tx, organizationId, id);
  if (lease.status !== 'active' && lease.status !== 'notice') throw conflict(`Only an active lease or one on notice can be ended; this one is ${lease.status}.`);
  const moveOut = body.move_out_date ?? lease.move_out_date;
  if (!moveOut) throw invalidField('move_out_date', 'The move-out date is required.');
  if (moveOut < lease.start_date) throw invalidField('move_out_date', 'The move-out date cannot be before the lease start.');
  // a back-dated move-out into a closed month posts everything below on the first open day
  const posting = await postingDay(tx, organizationId, moveOut);
  const on = posting.day;

  await setLease(tx, organizationId, id, { status: 'ended', move_out_date: moveOut });
  await syncHouseStatus(tx, organizationId, [lease.house_id]);

  // invoices for periods after the move-out: void the untouched ones
  const future = rowsOf<{ id: string; status: string; paid: string; allocated: boolean }>(await tx.execute(sql`
    select i.id, i.status, i.paid::text as paid,
      exists (select 1 from payment_allocations a where a.organization_id = i.organization_id and a.invoice_id = i.id) as allocated
    from invoices i
    where i.organization_id = ${organizationId} and i.lease_id = ${id} and i.period_start > ${moveOut}::date and i.status <> 'void'
    order by i.id for update of i`));
  const voided: string[] = [];
  const kept: string[] = [];
  for (const inv of future) {
    if (inv.allocated || cents(inv.paid) > 0n || inv.status === 'draft') { kept.push(inv.id); continue; }
    await tx.execute(sql`
      update invoices set status = 'void', void_reason = 'Lease ended', voided_at = now(), balance = 0, updated_at = now()
      where organization_id = ${organizationId} and id = ${inv.id}`);
    await recordAudit(tx, { organizationId, userId, resource: 'invoices', recordId: inv.id, action: 'void', before: { status: inv.status }, after: { status: 'void' }, reason: 'Lease ended' });
    voided.push(inv.id);
  }
  await releaseBilledItems(tx, organizationId, userId, voided, 'Lease ended');

  // the move-out period: bill it prorated, or credit the days after the move-out
  const [terms] = await loadLeaseTerms(tx, organizationId, { ids: [id] });
  const plan = planInvoice(terms, monthStart(moveOut), { ignoreStatus: true });
  let lastPeriod: EndResult['last_period'] = null;
  let excess = 0n;
  if (typeof plan !== 'string') {
    const [existing] = rowsOf<{ id: string; status: string }>(await tx.execute(sql`
      select id, status from invoices where organization_id = ${organizationId} and lease_id = ${id} and period_start = ${plan.period_start}::date`));
    if (!existing) {
      shiftPlan(plan, posting);
      await issueInvoices(tx, organizationId, userId, [plan], { anyStatus: true, action: 'end_lease' });
    } else if (existing.status !== 'void' && existing.status !== 'draft') {
      const [billed] = rowsOf<{ amount: string }>(await tx.execute(sql`
        select coalesce(sum(amount), 0)::text as amount from invoice_lines
        where organization_id = ${organizationId} and invoice_id = ${existing.id} and kind in ('rent', 'charge', 'adjustment')`));
      const credit = cents(billed.amount) - plan.total;
      if (credit > 0n) {
        const result = await addAdjustment(tx, organizationId, userId, existing.id, -credit, `Move-out ${shortDate(moveOut)}: days not occupied`, 'end_lease', { on });
        excess += result.unapplied;
        lastPeriod = { invoice_id: existing.id, adjustment: dec(-(credit - result.unapplied)) };
      } else if (credit < 0n) {
        // billed to an earlier move-out (notice) than the real one: the extra days are owed
        await addAdjustment(tx, organizationId, userId, existing.id, -credit, `Move-out ${shortDate(moveOut)}: days occupied after the notice date`, 'end_lease', { on });
        lastPeriod = { invoice_id: existing.id, adjustment: dec(-credit) };
      }
    }
  }

  // the deposit: cancel what was never paid, then apply what is held
  let cancelled = 0n;
  for (const inv of await depositInvoices(tx, organizationId, [id])) {
    const unpaid = inv.deposit - (inv.paid < inv.deposit ? inv.paid : inv.deposit);
    if (unpaid <= 0n) continue;
    const result = await addAdjustment(tx, organizationId, userId, inv.id, -unpaid, 'Unpaid deposit cancelled at move-out', 'cancel_deposit', { kind: 'deposit', on });
    cancelled += unpaid - result.unapplied;
  }
  const deposit = (await depositHeld(tx, organizationId, [id])).get(id) ?? 0n;
  const open = await openInvoices(tx, organizationId, id);
  const arrears = open.reduce((s, r) => s + cents(r.balance), 0n);
  // the deductions are charged against the deposit first; the arrears get what is left of it
  const charged = await chargeDeductions(tx, organizationId, userId, id, moveOut, items, deposit, on);
  const available = body.apply_deposit_to_arrears ? deposit - charged.deducted : 0n;
  const stillOpen = items.length ? await openInvoices(tx, organizationId, id) : open;
  const applications = (await creditOldestFirst(tx, organizationId, userId, stillOpen, available, 'Deposit applied to arrears', 'apply_deposit', { kind: 'deposit', on }))
    .map((a) => ({ invoice_id: a.invoice_id, amount: dec(a.amount) }));
  const applied = applications.reduce((s, a) => s + cents(a.amount), 0n);
  // the rent paid for days not lived in pays what the tenant still owes on this lease (deductions
  // the deposit did not cover, arrears) before anything is refunded: one is not owed money and
  // owing money at once. A credit on each open invoice, oldest first, as the deposit's is.
  // (Not for a move-out back-dated into a closed month: what it did not pay is refunded.)
  const creditApplied = excess > 0n && !posting.note
    ? (await creditOldestFirst(tx, organizationId, userId, await openInvoices(tx, organizationId, id), excess, 'Unused days credit applied', 'apply_unused_credit', { on }))
      .reduce((s, a) => s + a.amount, 0n)
    : 0n;
  const settlement: EndResult['settlement'] = {
    ...settlementFigures({ deposit, unpaidCancelled: cancelled, arrears, applied, unusedDaysCredit: excess, creditApplied, deductions: charged.deductions, deducted: charged.deducted }),
    applications, deduction_invoice_id: charged.invoice_id, refund: null,
  };
  await tx.execute(sql`
    insert into deposit_settlements (organization_id, id, lease_id, tenant_id, move_out_date, deposit, unpaid_cancelled, arrears, applied,
      unused_days_credit, credit_applied, refundable, applications, deductions, deducted, deduction_invoice_id, created_by, posted_on)
    values (${organizationId}, ${ulid()}, ${id}, ${lease.tenant_id}, ${moveOut}::date, ${settlement.deposit}, ${settlement.unpaid_cancelled}, ${settlement.arrears},
      ${settlement.applied}, ${settlement.unused_days_credit}, ${settlement.credit_applied}, ${settlement.refundable}, ${JSON.stringify(applications)}::jsonb,
      ${JSON.stringify(settlement.deductions)}::jsonb, ${settlement.deducted}, ${charged.invoice_id}, ${userId}, ${on}::date)`);
  await recordAudit(tx, {
    organizationId, userId, resource: 'leases', recordId: id, action: 'end',
    before: { status: lease.status, move_out_date: lease.move_out_date },
    after: { status: 'ended', move_out_date: moveOut, voided, kept, deposit_settlement: settlement, posted_on: on, period_note: posting.note },
  });
  // the refund paid out with the move-out (its own permission, checked by the route)
  if (body.refund) settlement.refund = await recordRefund(tx, organizationId, userId, id, body.refund);
  return { voided, kept, last_period: lastPeriod, posted_on: on, period_note: posting.note, settlement };
}

const PREVIEW = Symbol('settlement preview');

/**
 * What ending the lease would do, without doing it: endLease itself in a savepoint that is rolled
 * back, so the dialog's preview and the move-out's result are the same computation.
 */
export async function previewEndLease(tx: Db, organizationId: string, userId: string | null, id: string, body: EndBody): Promise<EndResult> {
  let result: EndResult | null = null;
  try {
    await tx.transaction(async (sp) => {
      result = await endLease(sp as unknown as Db, organizationId, userId, id, body);
      throw PREVIEW;
    });
  } catch (err) {
    if (err !== PREVIEW) throw err;
  }
  return result!;
}

export type StoredSettlement = SettlementFigures & { move_out_date: string; deduction_invoice_id: string | null; refund: DepositRefund | null };

/** The settlement stored at a lease's move-out (null before it ended), with its refund once paid. */
export async function leaseSettlement(tx: Db, organizationId: string, id: string): Promise<StoredSettlement | null> {
  const [row] = rowsOf<Record<string, string | null> & { deductions: Deduction[] }>(await tx.execute(sql`
    select ds.move_out_date::text as move_out_date, ds.deposit::text as deposit, ds.unpaid_cancelled::text as unpaid_cancelled, ds.arrears::text as arrears,
      ds.applied::text as applied, ds.unused_days_credit::text as unused_days_credit, ds.credit_applied::text as credit_applied, ds.deductions, ds.deducted::text as deducted,
      ds.deduction_invoice_id, ds.refund_amount::text as refund_amount, ds.refund_method, ds.refund_reference, ds.refund_date::text as refund_date,
      ds.refunded_by, u.name as refunded_by_name
    from deposit_settlements ds left join users u on u.id = ds.refunded_by
    where ds.organization_id = ${organizationId} and ds.lease_id = ${id}`));
  if (!row) return null;
  return {
    move_out_date: String(row.move_out_date), deduction_invoice_id: row.deduction_invoice_id,
    ...settlementFigures({
      deposit: cents(row.deposit), unpaidCancelled: cents(row.unpaid_cancelled), arrears: cents(row.arrears), applied: cents(row.applied),
      unusedDaysCredit: cents(row.unused_days_credit), creditApplied: cents(row.credit_applied), deductions: row.deductions ?? [], deducted: cents(row.deducted),
    }),
    refund: refundOf(row),
  };
}

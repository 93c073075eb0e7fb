import { sql } from 'drizzle-orm';
import { ulid } from 'ulid';
import { parseMoney, centsToDecimal } from '../../../shared/resource-values.js';
import { rowsOf, type Db } from '../../db/client.js';
import { recordAudit, recordAudits } from '../audit.js';
import { TZ } from '../reports/common.js';
import { allocationOrder, planAllocation, type AllocationOrder, type Payable } from './allocation-order.js';

/** Database decimal text → cents (never a float). */
export const cents = (v: unknown): bigint => parseMoney(v ?? '0') ?? 0n;
export const dec = (c: bigint): string => centsToDecimal(c);

/** `(a, b, c)` for SQL `in`: one parameter per value. */
export const inList = (values: readonly string[]) => sql`(${sql.join(values.map((v) => sql`${v}`), sql`, `)})`;

/** The user the request runs as (inScope sets app.user), for the audit log. */
export async function currentUser(tx: Db): Promise<string | null> {
  const [row] = rowsOf<{ user: string | null }>(await tx.execute(sql`select nullif(current_setting('app.user', true), '') as "user"`));
  return row?.user ?? null;
}

/**
 * A per-tenant mutex: every money operation on a tenant's ledger (allocation, credit, reversal,
 * re-allocation, void) takes it first, so they run one after another. NO KEY UPDATE, not UPDATE:
 * inserting a payment takes a KEY SHARE lock on its tenant (the foreign key), which UPDATE would
 * conflict with and turn two concurrent payments into a deadlock.
 */
export async function lockTenant(tx: Db, organizationId: string, tenantId: string): Promise<boolean> {
  const rows = rowsOf<{ id: string }>(await tx.execute(sql`
    select id from tenants where organization_id = ${organizationId} and id = ${tenantId} for no key update`));
  return rows.length > 0;
}

export type OpenInvoice = Payable;

/**
 * A line's allocation priority: its charge's (lower is paid first); a line without a charge by its
 * kind: rent first (0), a penalty last (1000), anything else 100 (a charge's default).
 */
const linePriority = sql`coalesce(c.priority, case l.kind when 'rent' then 0 when 'penalty' then 1000 else 100 end)`;

/** The organisation's allocation order setting (settings.allocation_order), oldest due first by default. */
export async function orgAllocationOrder(tx: Db, organizationId: string): Promise<AllocationOrder> {
  const [row] = rowsOf<{ order: string | null }>(await tx.execute(sql`
    select settings->>'allocation_order' as "order" from organizations where id = ${organizationId}`));
  return row?.order === 'charge_priority_first' ? 'charge_priority_first' : 'oldest_due_first';
}

/**
 * Locks the tenant's open invoices (issued or partly paid, balance > 0) with SELECT … FOR UPDATE
 * in id order — one stable order everywhere, so two allocations queue instead of deadlocking —
 * and returns them in allocation order: the organisation's setting (allocation-order.ts), the
 * tenant's chosen invoice first when given. The balances are read after the lock, so a payment
 * that waited sees what the one before it left.
 */
export async function lockOpenInvoices(tx: Db, organizationId: string, tenantId: string, chosen?: string | null): Promise<OpenInvoice[]> {
  const locked = rowsOf<{ id: string; due_date: string; issue_date: string; balance: string }>(await tx.execute(sql`
    select id, due_date::text as due_date, issue_date::text as issue_date, balance::text as balance
    from invoices
    where organization_id = ${organizationId} and tenant_id = ${tenantId}
      and status in ('issued', 'partially_paid') and balance > 0
    order by id
    for update`));
  if (!locked.length) return [];
  const ids = locked.map((r) => r.id);
  const priorities = new Map(rowsOf<{ invoice_id: string; priority: number }>(await tx.execute(sql`
    select l.invoice_id, min(${linePriority})::int as priority
    from invoice_lines l
    left join charges c on c.organization_id = l.organization_id and c.id = l.charge_id
    where l.organization_id = ${organizationId} and l.invoice_id in ${inList(ids)} and l.amount > 0
    group by l.invoice_id`)).map((r) => [r.invoice_id, Number(r.priority)]));
  const open = locked.map((r) => ({ id: r.id, due_date: r.due_date, issue_date: r.issue_date, priority: priorities.get(r.id) ?? 100, balance: cents(r.balance) }));
  return allocationOrder(open, await orgAllocationOrder(tx, organizationId), chosen);
}

/** Why an invoice's paid amount moved: the payment and the action, for the invoice's audit row. */
export interface MoneyCause {
  action: 'allocate' | 'reallocate' | 'reverse';
  paymentId: string;
  userId?: string | null;
  reason?: string;
}

/**
 * paid = the sum of the invoice's allocations, balance = total − paid, and the status follows
 * (issued → partially_paid → paid, and back when allocations go). Refuses, rolling the whole
 * transaction back, if an invoice would be paid beyond its total. With a cause, each invoice whose
 * paid amount moved gets its audit row (before, after, the payment and the amount).
 */
export async function recomputeInvoices(tx: Db, organizationId: string, invoiceIds: string[], cause?: MoneyCause): Promise<void> {
  const ids = [...new Set(invoiceIds)];
  if (!ids.length) return;
  const rows = rowsOf<{ id: string; total: string; paid: string; balance: string; status: string; old_paid: string; old_balance: string; old_status: string }>(await tx.execute(sql`
    update invoices i set
      paid = coalesce(a.paid, 0),
      balance = i.total - coalesce(a.paid, 0),
      status = case
        when i.status in ('draft', 'void') then i.status
        when coalesce(a.paid, 0) >= i.total and i.total > 0 then 'paid'
        when coalesce(a.paid, 0) > 0 then 'partially_paid'
        else 'issued' end,
      updated_at = now()
    from (select x.id, x.paid as old_paid, x.balance as old_balance, x.status as old_status,
                 (select sum(pa.amount) from payment_allocations pa
                  where pa.organization_id = ${organizationId} and pa.invoice_id = x.id) as paid
          from invoices x where x.organization_id = ${organizationId} and x.id in ${inList(ids)}) a
    where i.organization_id = ${organizationId} and i.id = a.id
    returning i.id, i.total::text as total, i.paid::text as paid, i.balance::text as balance, i.status,
      a.old_paid::text as old_paid, a.old_balance::text as old_balance, a.old_status`));
  for (const r of rows) {
    if (cents(r.paid) > cents(r.total)) throw new Error(`invoice ${r.id} would be paid beyond its total`);
  }
  if (!cause) return;
  await recordAudits(tx, rows.filter((r) => cents(r.paid) !== cents(r.old_paid)).map((r) => ({
    organizationId, userId: cause.userId, resource: 'invoices', recordId: r.id, action: cause.action, reason: cause.reason,
    before: { paid: r.old_paid, balance: r.old_balance, status: r.old_status },
    after: { paid: r.paid, balance: r.balance, status: r.status, payment_id: cause.paymentId, amount: dec(cents(r.paid) - cents(r.old_paid)) },
  })));
}

/** The day money moved today counts from: today in Nairobi, never before the payment's own day. */
export const movedOn = (organizationId: string, paymentId: string) => sql`greatest((now() at time zone ${TZ})::date,
  (select (paid_at at time zone ${TZ})::date from payments where organization_id = ${organizationId} and id = ${paymentId}))`;

/**
 * Takes a payment's allocations back (a reversal or a re-allocation): they leave
 * payment_allocations and are kept, with the day they stop counting, in
 * payment_allocation_releases, so a report as of an earlier day still sees them (ledger.ts).
 * One that never counted (allocated on or after that day) is simply gone.
 */
export async function releaseAllocations(tx: Db, organizationId: string, paymentId: string, action: 'reverse' | 'reallocate'): Promise<void> {
  await tx.execute(sql`
    with gone as (
      delete from payment_allocations where organization_id = ${organizationId} and payment_id = ${paymentId}
      returning organization_id, id, payment_id, invoice_id, amount, allocated_on
    ), day as (select ${movedOn(organizationId, paymentId)} as released_on)
    insert into payment_allocation_releases (organization_id, id, payment_id, invoice_id, amount, allocated_on, released_on, action)
    select g.organization_id, g.id, g.payment_id, g.invoice_id, g.amount, g.allocated_on, d.released_on, ${action}
    from gone g cross join day d where g.allocated_on < d.released_on`);
}

export interface AllocationResult {
  allocations: Array<{ invoice_id: string; amount: bigint }>;
  remaining: bigint;
}

/**
 * Spends up to `amount` of a payment on the (already locked, ordered) open invoices, writing
 * payment_allocations rows; the invoices' balances in `open` are reduced in place.
 */
async function spend(tx: Db, organizationId: string, paymentId: string, amount: bigint, open: OpenInvoice[], notBefore = ''): Promise<AllocationResult> {
  if (amount <= 0n) return { allocations: [], remaining: amount };
  const [pos] = rowsOf<{ n: number; since: string }>(await tx.execute(sql`
    select coalesce((select max(position) + 1 from payment_allocations where organization_id = ${organizationId} and payment_id = ${paymentId}), 0)::int as n,
      greatest((select (paid_at at time zone ${TZ})::date from payments where organization_id = ${organizationId} and id = ${paymentId}),
               (select max(released_on) from payment_allocation_releases where organization_id = ${organizationId} and payment_id = ${paymentId}))::text as since`));
  let position = Number(pos?.n ?? 0);
  const plan = planAllocation(open, amount);
  for (const a of plan.allocations) {
    const inv = open.find((i) => i.id === a.invoice_id)!;
    // it pays the invoice from the later of the payment's day and the invoice's (credit paid
    // ahead pays an invoice from its issue date), never before money of it released by a
    // re-allocation was free (the payment pays at most its amount on any day)
    const on = [pos.since, inv.issue_date, notBefore].reduce((x, y) => (x > y ? x : y));
    await tx.execute(sql`
      insert into payment_allocations (organization_id, id, payment_id, position, invoice_id, amount, allocated_on)
      values (${organizationId}, ${ulid()}, ${paymentId}, ${position++}, ${inv.id}, ${dec(a.amount)}, ${on})`);
    inv.balance -= a.amount;
  }
  const { allocations, remaining } = plan;
  return { allocations, remaining };
}

/**
 * Allocates a (locked, matched) payment's unallocated amount to its tenant's open invoices and
 * keeps the rest as credit. Runs in the caller's transaction; audits what it did.
 */
export async function allocatePayment(tx: Db, organizationId: string, paymentId: string): Promise<AllocationResult> {
  const [who] = rowsOf<{ tenant_id: string | null }>(await tx.execute(sql`
    select tenant_id from payments where organization_id = ${organizationId} and id = ${paymentId}`));
  if (who?.tenant_id) await lockTenant(tx, organizationId, who.tenant_id);
  const [p] = rowsOf<{ tenant_id: string | null; unallocated: string; status: string; invoice_id: string | null }>(await tx.execute(sql`
    select tenant_id, unallocated::text as unallocated, status, invoice_id from payments
    where organization_id = ${organizationId} and id = ${paymentId} for update`));
  if (!p || !p.tenant_id || p.status === 'reversed') return { allocations: [], remaining: p ? cents(p.unallocated) : 0n };
  // the invoice the tenant chose is paid first (an invoice of another tenant is simply not among theirs)
  const open = await lockOpenInvoices(tx, organizationId, p.tenant_id, p.invoice_id);
  const result = await spend(tx, organizationId, paymentId, cents(p.unallocated), open);
  await finishPayment(tx, organizationId, paymentId, result);
  return result;
}

async function finishPayment(tx: Db, organizationId: string, paymentId: string, result: AllocationResult) {
  await tx.execute(sql`
    update payments set unallocated = ${dec(result.remaining)}, status = 'allocated', updated_at = now()
    where organization_id = ${organizationId} and id = ${paymentId}`);
  if (!result.allocations.length) return;
  await recomputeInvoices(tx, organizationId, result.allocations.map((a) => a.invoice_id), { action: 'allocate', paymentId });
  await recordAudit(tx, {
    organizationId,
    resource: 'payments',
    recordId: paymentId,
    action: 'allocate',
    after: { allocations: result.allocations.map((a) => ({ invoice_id: a.invoice_id, amount: dec(a.amount) })), unallocated: dec(result.remaining) },
  });
}

/**
 * Spends the tenant's credit on account (matched payments with unallocated > 0, oldest first) on
 * their open invoices. The billing run calls it right after issuing invoices, in its transaction.
 * Returns the amount applied.
 */
export async function applyCredits(tx: Db, organizationId: string, tenantId: string): Promise<bigint> {
  await lockTenant(tx, organizationId, tenantId);
  const open = await lockOpenInvoices(tx, organizationId, tenantId);
  if (!open.length) return 0n;
  const credits = rowsOf<{ id: string; unallocated: string }>(await tx.execute(sql`
    select id, unallocated::text as unallocated from payments
    where organization_id = ${organizationId} and tenant_id = ${tenantId} and status = 'allocated' and unallocated > 0
    order by id
    for update`));
  const ordered = await orderPayments(tx, organizationId, credits.map((c) => c.id));
  // credit is applied when an invoice is issued (the newest open one): it pays from that day, so an
  // older invoice it now pays (one a reversal reopened) was not paid on the days before
  const appliedOn = open.reduce((d, i) => (i.issue_date > d ? i.issue_date : d), '');
  let applied = 0n;
  for (const id of ordered) {
    if (!open.some((i) => i.balance > 0n)) break;
    const credit = cents(credits.find((c) => c.id === id)!.unallocated);
    const result = await spend(tx, organizationId, id, credit, open, appliedOn);
    if (!result.allocations.length) continue;
    applied += credit - result.remaining;
    await finishPayment(tx, organizationId, id, result);
  }
  return applied;
}

/** Oldest payment first (paid_at, then id). */
async function orderPayments(tx: Db, organizationId: string, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  return rowsOf<{ id: string }>(await tx.execute(sql`
    select id from payments where organization_id = ${organizationId} and id in ${inList(ids)} order by paid_at, id`)).map((r) => r.id);
}

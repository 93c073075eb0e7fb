// Late-payment penalties (product.md 4.3, domain C3): the organisation's rule, overridden field by
// field by the property's and then the lease's (most specific wins). A penalty starts the day after
// due date + grace days (due the 5th with 3 grace days: first penalty on the 9th), is a fixed
// amount or a % of the overdue rent (rounded to the shilling), posted once or every day up to the
// cap (the sum of the invoice's penalties, waived ones included: a waiver forgives a penalty, it
// does not make room for another one back-dated into a closed period). Each is its own line with
// its penalty_date, the day it is for, and its posted_on, the day of the run that posted it (the
// day it counts on the ledger): a day caught up later (the scheduler missed it, or a reversed
// payment left the invoice unpaid after the fact) lands on the day it was posted, never in a
// period already printed. The unique index (invoice, penalty_date) makes posting idempotent, so
// the scheduler may run it as often as it likes and catch up days it missed.
// No penalty is ever for a day before the lease was active: an invoice counts as due no earlier
// than the lease's activated_on plus the grace days (as its first invoice is, lifecycle.ts), so a
// lease entered late for a start date weeks back is not fined the minute it is activated.
import { sql } from 'drizzle-orm';
import { newId } from './ids.js';
import { percentOf, toShilling } from '../../../shared/money.js';
import { rowsOf, type Db } from '../../db/client.js';
import { addDays, shortDate, type IsoDate } from './periods.js';
import { cents, dec } from './plan.js';
import { assertOpen } from '../closed-months.js';

interface Candidate {
  id: string; due_date: string; balance: string; rent: string; penalties: string; dates: string[] | null; position: number;
  type: string | null; amount: string | null; rate: string | null; frequency: string | null; cap: string | null; grace: number;
  activated_on: string | null;
}

export interface PenaltyLine { invoice_id: string; penalty_date: IsoDate; amount: bigint }

/**
 * The day an invoice falls due for the penalty rule: its due date, but never before the lease's
 * activation day plus the grace days (pure). The first invoice is issued with it (lifecycle.ts).
 */
export function firstDueDate(dueDate: IsoDate, activatedOn: IsoDate | null, grace: number): IsoDate {
  if (!activatedOn) return dueDate;
  const floor = addDays(activatedOn, grace);
  return floor > dueDate ? floor : dueDate;
}

/** The grace days of a property's leases: the property's, else the organisation's, else 3. */
export async function graceDays(tx: Db, organizationId: string, propertyId: string | null): Promise<number> {
  const [row] = rowsOf<{ grace: number }>(await tx.execute(sql`
    select coalesce((select p.grace_days from properties p where p.organization_id = o.id and p.id = ${propertyId}),
      nullif(o.settings->>'grace_days', '')::int, 3) as grace
    from organizations o where o.id = ${organizationId}`));
  return Number(row?.grace ?? 3);
}

/** The penalty lines due on one invoice as of a date (pure). */
export function penaltiesDue(c: {
  id: string; due_date: IsoDate; balance: bigint; rent: bigint; posted: bigint; dates: Set<string>;
  type: string | null; amount: bigint; rate: string | null; frequency: string | null; cap: bigint | null; grace: number;
  /** the lease's activation day (null: activated before it was recorded) */
  activated_on?: IsoDate | null;
}, asOf: IsoDate): PenaltyLine[] {
  if (c.type !== 'fixed' && c.type !== 'percent') return [];
  if (c.balance <= 0n || c.rent <= 0n) return [];
  const overdueRent = c.balance < c.rent ? c.balance : c.rent;
  const each = c.type === 'fixed' ? c.amount : toShilling(percentOf(overdueRent, c.rate ?? '0'));
  if (each <= 0n) return [];
  const first = addDays(firstDueDate(c.due_date, c.activated_on ?? null, c.grace), c.grace + 1);
  if (first > asOf) return [];
  const out: PenaltyLine[] = [];
  let room = c.cap && c.cap > 0n ? c.cap - c.posted : null;
  const post = (date: IsoDate) => {
    if (c.dates.has(date)) return true;
    let value = each;
    if (room !== null) {
      if (room <= 0n) return false;
      if (value > room) value = room;
      room -= value;
    }
    out.push({ invoice_id: c.id, penalty_date: date, amount: value });
    return true;
  };
  if (c.frequency === 'daily') {
    for (let d = first; d <= asOf; d = addDays(d, 1)) if (!post(d)) break;
  } else if (c.dates.size === 0) {
    post(first);
  }
  return out;
}

/**
 * Posts the penalties due as of `asOf` on the organisation's overdue rent invoices, in the caller's
 * transaction (scoped to the organisation). Returns what it posted.
 */
export async function postPenalties(tx: Db, organizationId: string, asOf: IsoDate, userId: string | null = null): Promise<{ posted: number; invoices: number; amount: string }> {
  // the lines post on as_of: never into a closed month
  await assertOpen(tx, organizationId, asOf, 'as_of');
  // lock first, then read: the sums below must see what a concurrent posting committed
  const locked = rowsOf<{ id: string }>(await tx.execute(sql`
    select i.id from invoices i
    where i.organization_id = ${organizationId} and i.status in ('issued', 'partially_paid') and i.balance > 0 and i.due_date < ${asOf}::date
    order by i.id for update`));
  if (!locked.length) return { posted: 0, invoices: 0, amount: '0.00' };
  const setting = (key: string) => sql`nullif(o.settings->>${key}, '')`;
  const candidates = rowsOf<Candidate>(await tx.execute(sql`
    select i.id, i.due_date::text as due_date, i.balance::text as balance,
      coalesce(ln.rent, 0)::text as rent, coalesce(ln.penalties, 0)::text as penalties, ln.dates, coalesce(ln.position, 0)::int as position,
      coalesce(l.penalty_type, p.penalty_type, ${setting('penalty_type')}) as type,
      coalesce(l.penalty_amount, p.penalty_amount, ${setting('penalty_amount')}::numeric)::text as amount,
      coalesce(l.penalty_rate, p.penalty_rate, ${setting('penalty_rate')}::numeric)::text as rate,
      coalesce(l.penalty_frequency, p.penalty_frequency, ${setting('penalty_frequency')}, 'once') as frequency,
      coalesce(l.penalty_cap, p.penalty_cap, ${setting('penalty_cap')}::numeric)::text as cap,
      coalesce(p.grace_days, ${setting('grace_days')}::int, 3) as grace, l.activated_on::text as activated_on
    from invoices i
    join organizations o on o.id = i.organization_id
    join leases l on l.organization_id = i.organization_id and l.id = i.lease_id
    left join properties p on p.organization_id = i.organization_id and p.id = i.property_id
    left join lateral (
      select sum(amount) filter (where kind = 'rent') as rent,
        sum(case when waived then round(rate * quantity, 2) else amount end) filter (where kind = 'penalty') as penalties,
        array_agg(penalty_date::text) filter (where kind = 'penalty' and penalty_date is not null) as dates,
        max(position) + 1 as position
      from invoice_lines x where x.organization_id = i.organization_id and x.invoice_id = i.id
    ) ln on true
    where i.organization_id = ${organizationId} and i.id = any(${`{${locked.map((r) => r.id).join(',')}}`}::text[])
    order by i.id`));
  const lines: Array<PenaltyLine & { position: number }> = [];
  for (const c of candidates) {
    const due = penaltiesDue({
      id: c.id, due_date: c.due_date, balance: cents(c.balance), rent: cents(c.rent), posted: cents(c.penalties), dates: new Set(c.dates ?? []),
      type: c.type, amount: cents(c.amount), rate: c.rate, frequency: c.frequency, cap: c.cap === null ? null : cents(c.cap), grace: Number(c.grace),
      activated_on: c.activated_on,
    }, asOf);
    due.forEach((l, i) => lines.push({ ...l, position: c.position + i }));
  }
  if (!lines.length) return { posted: 0, invoices: 0, amount: '0.00' };
  const rows = lines.map((l) => ({
    id: newId(), invoice_id: l.invoice_id, position: l.position, penalty_date: l.penalty_date, amount: dec(l.amount),
    description: `Late payment penalty ${shortDate(l.penalty_date)}`,
  }));
  const inserted = rowsOf<{ invoice_id: string; amount: string; penalty_date: string }>(await tx.execute(sql`
    insert into invoice_lines (organization_id, id, invoice_id, position, kind, description, quantity, rate, amount, penalty_date, posted_on, waived)
    select ${organizationId}, x.id, x.invoice_id, x.position, 'penalty', x.description, 1, x.amount, x.amount, x.penalty_date, ${asOf}::date, false
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(id text, invoice_id text, position int, penalty_date date, amount numeric, description text)
    on conflict (organization_id, invoice_id, penalty_date) do nothing
    returning invoice_id, amount::text as amount, penalty_date::text as penalty_date`));
  const byInvoice = new Map<string, { delta: bigint; lines: Array<{ penalty_date: string; amount: string }> }>();
  for (const r of inserted) {
    const e = byInvoice.get(r.invoice_id) ?? { delta: 0n, lines: [] };
    e.delta += cents(r.amount);
    e.lines.push({ penalty_date: r.penalty_date, amount: r.amount });
    byInvoice.set(r.invoice_id, e);
  }
  const deltas = [...byInvoice].map(([id, e]) => ({ id, delta: dec(e.delta), audit_id: newId(), after: { penalties: e.lines, added: dec(e.delta) } }));
  if (deltas.length) {
    await tx.execute(sql`
      update invoices i set total = i.total + d.delta, balance = i.total + d.delta - i.paid,
        status = case when i.paid > 0 then 'partially_paid' else i.status end, updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(deltas)}::jsonb) as d(id text, delta numeric)
      where i.organization_id = ${organizationId} and i.id = d.id`);
    await tx.execute(sql`
      insert into audit_log (organization_id, id, user_id, resource, record_id, action, after)
      select ${organizationId}, d.audit_id, ${userId}, 'invoices', d.id, 'penalty', d.after
      from jsonb_to_recordset(${JSON.stringify(deltas)}::jsonb) as d(id text, audit_id text, after jsonb)`);
  }
  const total = inserted.reduce((s, r) => s + cents(r.amount), 0n);
  return { posted: inserted.length, invoices: byInvoice.size, amount: dec(total) };
}

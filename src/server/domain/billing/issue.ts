// Issuing planned invoices, set-based, in the caller's transaction.
//
// Idempotency: the unique index (organization_id, lease_id, period_start) on invoices decides.
// INSERT … ON CONFLICT DO NOTHING RETURNING tells which invoices this transaction made; a second
// writer for the same (lease, period) waits for the first to commit and then makes nothing, and a
// crashed writer's rows vanish with its transaction.
// Gapless numbers: the batch locks its number_series row first, numbers its rows from there, and
// moves the series on by the number of inserts that won (renumbering the winners if some lost),
// all in the same transaction; a rollback returns them.
import { sql } from 'drizzle-orm';
import { newId } from './ids.js';
import { rowsOf, type Db } from '../../db/client.js';
import { applyCredits } from '../payments/allocation.js';
import { formatNumber } from '../numbering.js';
import { invoicePrefix } from '../invoices.js';
import { dec, type PlannedInvoice } from './plan.js';
import { markReadingsBilled, withMeterCharges } from './meters.js';
import { markRepairsCharged, withRepairCharges } from './repairs.js';

export interface IssuedInvoice {
  id: string;
  lease_id: string;
  tenant_id: string;
  number: string;
  period_start: string;
  total: bigint;
}

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

/**
 * Issues the planned invoices that no one has issued yet for their (lease, period); returns the
 * ones this transaction made. Leases that are no longer active or on notice are left out unless
 * `anyStatus` (ending a lease bills its last period). Audits each invoice and spends the tenants'
 * credit on account on them.
 */
export async function issueInvoices(
  tx: Db, organizationId: string, userId: string | null, planned: PlannedInvoice[], opts: { anyStatus?: boolean; action?: string } = {},
): Promise<IssuedInvoice[]> {
  if (!planned.length) return [];
  // repairs the tenants pay for join their next invoice (their work orders stay locked till commit)
  const withRepairs = await withRepairCharges(tx, organizationId, planned);
  // and so do the meter readings taken since their last invoice (locked the same way)
  const withMeters = await withMeterCharges(tx, organizationId, withRepairs.plans);
  const plans = withMeters.plans;
  // numbers first, under the series' row lock, as every invoice writer does (the form's hook too):
  // writers queue here instead of deadlocking between the lock and each other's invoice rows
  const [series] = rowsOf<{ next: number }>(await tx.execute(sql`
    insert into number_series (organization_id, name, next_value) values (${organizationId}, 'invoice', 1)
    on conflict (organization_id, name) do update set next_value = number_series.next_value
    returning next_value as next`));
  const first = Number(series.next);
  const prefix = await invoicePrefix(tx, organizationId);
  const withIds = plans.map((p, i) => ({ ...p, id: newId(), number: formatNumber(prefix, first + i) }));
  const rows = withIds.map((p) => ({
    id: p.id, number: p.number, lease_id: p.lease_id, tenant_id: p.tenant_id, house_id: p.house_id, property_id: p.property_id,
    period_start: p.period_start, period_end: p.period_end, issue_date: p.issue_date, due_date: p.due_date, total: dec(p.total),
  }));
  const statusCheck = opts.anyStatus ? sql`true` : sql`l.status in ('active', 'notice')`;
  const won = rowsOf<{ id: string }>(await tx.execute(sql`
    insert into invoices (organization_id, id, number, lease_id, tenant_id, house_id, property_id, period_start, period_end,
      issue_date, due_date, total, paid, balance, status)
    select ${organizationId}, x.id, x.number, x.lease_id, x.tenant_id, x.house_id, x.property_id, x.period_start, x.period_end,
      x.issue_date, x.due_date, x.total, 0, x.total, 'issued'
    from jsonb_to_recordset(${json(rows)}) as x(id text, number text, lease_id text, tenant_id text, house_id text, property_id text,
      period_start date, period_end date, issue_date date, due_date date, total numeric)
    join leases l on l.organization_id = ${organizationId} and l.id = x.lease_id and ${statusCheck}
    order by x.lease_id
    on conflict (organization_id, lease_id, period_start) do nothing
    returning id`));
  const wonIds = new Set(won.map((r) => r.id));
  const made = withIds.filter((p) => wonIds.has(p.id));
  if (made.length) {
    await tx.execute(sql`
      update number_series set next_value = ${first + made.length}
      where organization_id = ${organizationId} and name = 'invoice'`);
  }
  if (!made.length) return [];
  // some lost to an invoice already there: close the gaps their numbers left (rare: concurrent runs)
  const renumber = made.map((p, i) => ({ ...p, final: formatNumber(prefix, first + i) })).filter((p) => p.final !== p.number);
  if (renumber.length) {
    const ids = `{${renumber.map((p) => p.id).join(',')}}`;
    await tx.execute(sql`update invoices set number = null where organization_id = ${organizationId} and id = any(${ids}::text[])`);
    await tx.execute(sql`
      update invoices i set number = x.number
      from jsonb_to_recordset(${json(renumber.map((p) => ({ id: p.id, number: p.final })))}) as x(id text, number text)
      where i.organization_id = ${organizationId} and i.id = x.id`);
  }
  const issued: IssuedInvoice[] = made.map((p, i) => ({
    id: p.id, lease_id: p.lease_id, tenant_id: p.tenant_id, number: formatNumber(prefix, first + i), period_start: p.period_start, total: p.total,
  }));

  const lines = made.flatMap((p) => p.lines.map((l, position) => ({
    id: newId(), invoice_id: p.id, position, kind: l.kind, charge_id: l.charge_id, description: l.description,
    quantity: l.quantity ?? '1', rate: dec(l.rate ?? l.amount), amount: dec(l.amount), meter_previous: l.meter_previous ?? null, meter_current: l.meter_current ?? null,
  })));
  await tx.execute(sql`
    insert into invoice_lines (organization_id, id, invoice_id, position, kind, charge_id, description, quantity, rate, amount, waived, meter_previous, meter_current)
    select ${organizationId}, x.id, x.invoice_id, x.position, x.kind, x.charge_id, x.description, x.quantity, x.rate, x.amount, false, x.meter_previous, x.meter_current
    from jsonb_to_recordset(${json(lines)}) as x(id text, invoice_id text, position int, kind text, charge_id text, description text,
      quantity numeric, rate numeric, amount numeric, meter_previous numeric, meter_current numeric)`);

  const audits = made.map((p, i) => ({
    id: newId(), record_id: p.id,
    after: {
      number: issued[i].number, status: 'issued', lease_id: p.lease_id, tenant_id: p.tenant_id, period_start: p.period_start, period_end: p.period_end,
      issue_date: p.issue_date, due_date: p.due_date, total: dec(p.total),
    },
  }));
  await tx.execute(sql`
    insert into audit_log (organization_id, id, user_id, resource, record_id, action, before, after)
    select ${organizationId}, x.id, ${userId}, 'invoices', x.record_id, ${opts.action ?? 'issue'}, null, x.after
    from jsonb_to_recordset(${json(audits)}) as x(id text, record_id text, after jsonb)`);

  await markRepairsCharged(tx, organizationId, withRepairs.repairs, issued);
  await markReadingsBilled(tx, organizationId, withMeters.readings, issued);

  // credit on account pays the new invoices (product.md 4.4): only tenants who have some
  const tenants = [...new Set(made.map((p) => p.tenant_id))];
  const withCredit = rowsOf<{ tenant_id: string }>(await tx.execute(sql`
    select distinct tenant_id from payments
    where organization_id = ${organizationId} and status = 'allocated' and unallocated > 0
      and tenant_id = any(${`{${tenants.join(',')}}`}::text[])
    order by tenant_id`));
  for (const t of withCredit) await applyCredits(tx, organizationId, t.tenant_id);
  return issued;
}

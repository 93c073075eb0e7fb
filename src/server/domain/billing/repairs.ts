// Repairs the tenant pays for (a completed work order with paid_by = tenant and an actual cost):
// the next invoice the server issues for the lease of that house carries the cost as a line, once.
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.js';
import { recordAudits } from '../audit.js';
import { TZ } from '../reports/common.js';
import { cents, dec, type PlannedInvoice } from './plan.js';

interface RepairRow { id: string; number: string; description: string; actual_cost: string; lease_id: string }

/**
 * The planned invoices with the repairs their tenants owe added as lines. The work orders are
 * locked (FOR UPDATE) until the transaction ends, so two writers cannot both charge one: the
 * second waits, then finds it charged (charged_invoice_id set by markRepairsCharged) and skips it.
 * A repair goes to the lease of its house that ran when the work order was opened (never to a
 * tenant who moved in after it).
 */
export async function withRepairCharges(tx: Db, organizationId: string, plans: PlannedInvoice[]): Promise<{ plans: PlannedInvoice[]; repairs: RepairRow[] }> {
  if (!plans.length) return { plans, repairs: [] };
  const leases = `{${plans.map((p) => p.lease_id).join(',')}}`;
  const repairs = rowsOf<RepairRow>(await tx.execute(sql`
    select w.id, w.number, w.description, w.actual_cost::text as actual_cost, l.id as lease_id
    from work_orders w
    join leases l on l.organization_id = w.organization_id and l.house_id = w.house_id and l.id = any(${leases}::text[])
    where w.organization_id = ${organizationId} and w.paid_by = 'tenant' and w.status = 'completed'
      and w.actual_cost > 0 and w.charged_invoice_id is null
      and (w.created_at at time zone ${TZ})::date >= l.start_date
      and (w.created_at at time zone ${TZ})::date <= coalesce(l.move_out_date, '9999-12-31')
    order by w.number, w.id
    for update of w`));
  if (!repairs.length) return { plans, repairs };
  const out = plans.map((p) => {
    const mine = repairs.filter((r) => r.lease_id === p.lease_id);
    if (!mine.length) return p;
    const lines = [...p.lines, ...mine.map((r) => ({
      kind: 'charge' as const, charge_id: null, description: `Repair ${r.number}: ${r.description}`.slice(0, 255), amount: cents(r.actual_cost),
    }))];
    return { ...p, lines, total: lines.reduce((s, l) => s + l.amount, 0n) };
  });
  return { plans: out, repairs };
}

/** After the insert: each repair whose lease got its invoice now names it (charged once); audited on the work order. */
export async function markRepairsCharged(tx: Db, organizationId: string, repairs: RepairRow[], made: Array<{ id: string; lease_id: string; number: string }>) {
  const byLease = new Map(made.map((m) => [m.lease_id, m]));
  const charged = repairs.filter((r) => byLease.has(r.lease_id)).map((r) => ({ id: r.id, invoice_id: byLease.get(r.lease_id)!.id, r }));
  if (!charged.length) return;
  await tx.execute(sql`
    update work_orders w set charged_invoice_id = x.invoice_id, updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(charged.map(({ id, invoice_id }) => ({ id, invoice_id })))}::jsonb) as x(id text, invoice_id text)
    where w.organization_id = ${organizationId} and w.id = x.id and w.charged_invoice_id is null`);
  await recordAudits(tx, charged.map((c) => ({
    organizationId, resource: 'work-orders', recordId: c.id, action: 'charge_tenant',
    before: { charged_invoice_id: null },
    after: { charged_invoice_id: c.invoice_id, invoice_id: c.invoice_id, amount: dec(cents(c.r.actual_cost)) },
  })));
}

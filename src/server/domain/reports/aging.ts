import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.js';
import { type ReportTable } from './common.js';
import { allocatedOn, allocationsOn, depositAsOf, invoiceAllocations, lateLines, openOn, paymentStandsOn } from './ledger.js';
import { BUCKETS, type AgingReport, type AgingRow, type Bucket } from '../../../shared/money-report-shapes.js';

export { BUCKETS, type AgingReport, type AgingRow };

const LABELS: Record<Bucket, string> = { current: 'Current', d1_30: '1–30', d31_60: '31–60', d61_90: '61–90', d90_plus: '90+' };

/**
 * Open invoice balances as of a date, aged by days past the due date (product.md 4.7), from the
 * ledger as it stood at the end of that day (ledger.ts): lines posted later (penalties, move-out
 * adjustments, deposits applied), waivers and voids made later and payments made later are not
 * in it, so a past report does not change. Deposits are excluded from the buckets: the unpaid part
 * of deposit lines (a deposit is paid first within its invoice) is shown apart, as is unapplied
 * credit; both are netted in the tenant's balance, which is their statement's closing balance on
 * the day, and the grand total is the sum of the tenants' balances. One SQL aggregate.
 */
export async function agingReport(tx: Db, organizationId: string, q: { as_of: string; property_id?: string; owner_id?: string }): Promise<AgingReport> {
  const prop = q.property_id ? sql`and i.property_id = ${q.property_id}` : sql``;
  const filtered = !!(q.property_id || q.owner_id);
  const owner = q.owner_id ? sql`and i.property_id in (select id from properties where organization_id = ${organizationId} and owner_id = ${q.owner_id})` : sql``;
  const leaseScope = filtered
    ? sql`and p.tenant_id in (select l.tenant_id from leases l join houses h on h.organization_id = l.organization_id and h.id = l.house_id
        join properties pr on pr.organization_id = h.organization_id and pr.id = h.property_id
        where l.organization_id = ${organizationId} ${q.property_id ? sql`and pr.id = ${q.property_id}` : sql``} ${q.owner_id ? sql`and pr.owner_id = ${q.owner_id}` : sql``})`
    : sql``;
  const DAYS = sql`(${q.as_of}::date - i.due_date)`;
  const X_DAYS = sql`(${q.as_of}::date - x.due_date)`;
  // the per-tenant grouping of a large organisation spills to disk with the default 4 MB; and the
  // planner's estimate for the full joins below is off by orders of magnitude, which turns JIT
  // compilation on: compiling cost five seconds on a 220,000-invoice organisation, running it one
  await tx.execute(sql`select set_config('work_mem', '64MB', true), set_config('jit', 'off', true)`);
  // The rows, their open/credit/balance and the totals all come from SQL (exact numeric, scale 2,
  // as text): shaping 20,000 tenants in JavaScript (parse to cents, add, format) cost a third as
  // much again as the query. The totals row comes last (kind 1); it is the sum of the rows above.
  const rows = rowsOf<AgingRow>(await tx.execute(sql`
    with base as (
      -- per tenant and bucket, total − paid of the invoices open on the day, without grouping the
      -- allocations by invoice first (a hash aggregate of every allocation of a large organisation,
      -- its size misjudged by the planner, cost a third of the report): each open invoice adds its
      -- total, each of its allocations standing on the day takes its amount off, in the invoice's bucket
      select x.tenant_id,
        sum(x.amount) filter (where ${X_DAYS} <= 0) as current,
        sum(x.amount) filter (where ${X_DAYS} between 1 and 30) as d1_30,
        sum(x.amount) filter (where ${X_DAYS} between 31 and 60) as d31_60,
        sum(x.amount) filter (where ${X_DAYS} between 61 and 90) as d61_90,
        sum(x.amount) filter (where ${X_DAYS} > 90) as d90_plus,
        sum(x.paid) as paid
      from (
        select i.tenant_id, i.due_date, i.total as amount, 0 as paid
        from invoices i
        where i.organization_id = ${organizationId} and ${openOn(q.as_of)} ${prop} ${owner}
        union all
        select i.tenant_id, i.due_date, -pa.amount, pa.amount
        from ${allocationsOn(organizationId, q.as_of)} pa
        join invoices i on i.organization_id = ${organizationId} and i.id = pa.invoice_id
        where ${openOn(q.as_of)} ${prop} ${owner}
      ) x(tenant_id, due_date, amount, paid)
      group by x.tenant_id
    ), fix as (
      -- the few invoices that need more, found from their lines (no second pass over the invoices):
      -- lines posted after the day come out, and the unpaid part of deposit lines moves from its
      -- bucket to the deposit column
      select i.tenant_id, ${DAYS} as days, -coalesce(ll.late, 0) - u.unpaid as amount, u.unpaid as deposit
      from (select invoice_id from ${lateLines(organizationId, q.as_of)} x union select invoice_id from ${depositAsOf(organizationId, q.as_of)} y) f
      join invoices i on i.organization_id = ${organizationId} and i.id = f.invoice_id
      left join ${lateLines(organizationId, q.as_of)} ll on ll.invoice_id = i.id
      left join ${depositAsOf(organizationId, q.as_of)} d on d.invoice_id = i.id
      left join lateral (
        select sum(pa.amount) as paid from ${invoiceAllocations(sql`i`)} pa where ${allocatedOn(q.as_of)}
      ) pb on true
      cross join lateral (select case when d.deposit is null then 0 else greatest(d.deposit - coalesce(pb.paid, 0), 0) end as unpaid) u
      where ${openOn(q.as_of)} ${prop} ${owner}
    ), fixed as (
      select tenant_id,
        sum(amount) filter (where days <= 0) as current,
        sum(amount) filter (where days between 1 and 30) as d1_30,
        sum(amount) filter (where days between 31 and 60) as d31_60,
        sum(amount) filter (where days between 61 and 90) as d61_90,
        sum(amount) filter (where days > 90) as d90_plus,
        sum(deposit) as deposit
      from fix group by tenant_id
    ), per_tenant as (
      select coalesce(b.tenant_id, f.tenant_id) as tenant_id,
        coalesce(b.current, 0) + coalesce(f.current, 0) as current, coalesce(b.d1_30, 0) + coalesce(f.d1_30, 0) as d1_30,
        coalesce(b.d31_60, 0) + coalesce(f.d31_60, 0) as d31_60, coalesce(b.d61_90, 0) + coalesce(f.d61_90, 0) as d61_90,
        coalesce(b.d90_plus, 0) + coalesce(f.d90_plus, 0) as d90_plus, coalesce(f.deposit, 0) as deposit
      from base b full join fixed f on f.tenant_id = b.tenant_id
    ), open_paid as (
      -- per tenant, what is paid of their invoices open on the day (every property: credit is the
      -- tenant's); without a property or owner, base has summed it already
      ${filtered ? sql`select i.tenant_id, sum(pa.amount) as paid
      from ${allocationsOn(organizationId, q.as_of)} pa
      join invoices i on i.organization_id = ${organizationId} and i.id = pa.invoice_id
      where ${openOn(q.as_of)}
      group by i.tenant_id` : sql`select tenant_id, paid from base`}
    ), credits as (
      -- the payments standing on the day less what they pay of the invoices open on it (a payment's
      -- allocations go to its own tenant's invoices; a reversed one has none)
      select s.tenant_id, s.amount - coalesce(op.paid, 0) as credit
      from (
        select p.tenant_id, sum(p.amount) as amount from payments p
        where p.organization_id = ${organizationId} and p.tenant_id is not null and ${paymentStandsOn(q.as_of)} ${leaseScope}
        group by p.tenant_id
      ) s left join open_paid op on op.tenant_id = s.tenant_id
    ), listed as (
      select t.id as tenant_id, t.name as tenant, t.phone,
        round(coalesce(pt.current, 0), 2) as current, round(coalesce(pt.d1_30, 0), 2) as d1_30,
        round(coalesce(pt.d31_60, 0), 2) as d31_60, round(coalesce(pt.d61_90, 0), 2) as d61_90,
        round(coalesce(pt.d90_plus, 0), 2) as d90_plus, round(coalesce(pt.deposit, 0), 2) as deposit, round(coalesce(c.credit, 0), 2) as credit
      from (select * from per_tenant where current <> 0 or d1_30 <> 0 or d31_60 <> 0 or d61_90 <> 0 or d90_plus <> 0 or deposit <> 0) pt
      full join (select * from credits where credit <> 0) c on c.tenant_id = pt.tenant_id
      join tenants t on t.organization_id = ${organizationId} and t.id = coalesce(pt.tenant_id, c.tenant_id)
    ), shaped as (
      select 0 as kind, tenant_id, tenant, phone, current, d1_30, d31_60, d61_90, d90_plus,
        current + d1_30 + d31_60 + d61_90 + d90_plus as open, deposit, credit
      from listed
      union all
      select 1, null, null, null, coalesce(sum(current), 0.00), coalesce(sum(d1_30), 0.00), coalesce(sum(d31_60), 0.00),
        coalesce(sum(d61_90), 0.00), coalesce(sum(d90_plus), 0.00),
        coalesce(sum(current + d1_30 + d31_60 + d61_90 + d90_plus), 0.00), coalesce(sum(deposit), 0.00), coalesce(sum(credit), 0.00)
      from listed
    )
    select tenant_id, tenant, phone, current::text as current, d1_30::text as d1_30, d31_60::text as d31_60,
      d61_90::text as d61_90, d90_plus::text as d90_plus, open::text as open, deposit::text as deposit, credit::text as credit,
      (open + deposit - credit)::text as balance
    from shaped
    order by kind, tenant, tenant_id`));
  const last = rows.pop()!;
  const totals = {
    current: last.current, d1_30: last.d1_30, d31_60: last.d31_60, d61_90: last.d61_90, d90_plus: last.d90_plus,
    open: last.open, deposit: last.deposit, credit: last.credit, balance: last.balance,
  };
  return { as_of: q.as_of, property_id: q.property_id ?? null, owner_id: q.owner_id ?? null, rows, totals };
}

export function agingTable(a: AgingReport): ReportTable {
  return {
    title: 'Aging balances',
    filename: `aging-${a.as_of}`,
    facts: [['As of', a.as_of]],
    columns: [
      { key: 'tenant', label: 'Tenant', width: 110 },
      ...BUCKETS.map((k) => ({ key: k, label: LABELS[k], money: true })),
      { key: 'deposit', label: 'Deposit due', money: true }, { key: 'credit', label: 'Credit', money: true }, { key: 'balance', label: 'Balance', money: true },
    ],
    rows: a.rows.map((r) => ({ ...r })),
    totals: { tenant: 'Totals', ...a.totals },
    summary: [
      ['Open invoices (deposits excluded)', a.totals.open], ['Deposits billed, not paid', a.totals.deposit],
      ['Credits on account', a.totals.credit], ['Grand total', a.totals.balance, true],
    ],
  };
}

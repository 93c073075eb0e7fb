// The single raw SQL aggregates bench/reports.ts measures the report services against: each reads
// the rows its report reads and computes the report's figures (bench/reports.ts checks a few agree)
// on a bare pool connection, with none of the service's transaction, row-level security, extra
// round trips or JavaScript shaping. Where the scale seed has no such rows (deposit lines,
// penalties, reversals, aggregators), a raw query leaves out the corrections for them; it says so.
import type pg from 'pg';
import { TZ } from '../src/server/domain/reports/common.js';

// The aging's figures per tenant: the buckets of the invoices open on the day less what is
// allocated to them by then, and the credit (payments standing on the day less what they pay of
// those invoices); the same rows the report reads, with none of its security, deposits or shaping.
const AGING = `
    with base as (
      select i.tenant_id,
        sum(i.total - coalesce(pb.paid, 0)) filter (where $2::date - i.due_date <= 0) as current,
        sum(i.total - coalesce(pb.paid, 0)) filter (where $2::date - i.due_date between 1 and 30) as d1_30,
        sum(i.total - coalesce(pb.paid, 0)) filter (where $2::date - i.due_date between 31 and 60) as d31_60,
        sum(i.total - coalesce(pb.paid, 0)) filter (where $2::date - i.due_date between 61 and 90) as d61_90,
        sum(i.total - coalesce(pb.paid, 0)) filter (where $2::date - i.due_date > 90) as d90_plus,
        sum(coalesce(pb.paid, 0)) as paid
      from invoices i
      left join (select pa.invoice_id, sum(pa.amount) as paid
                 from (select invoice_id, amount from payment_allocations where organization_id = $1 and allocated_on <= $2
                       union all
                       select invoice_id, amount from payment_allocation_releases where organization_id = $1 and allocated_on <= $2 and released_on > $2) pa
                 group by pa.invoice_id) pb on pb.invoice_id = i.id
      where i.organization_id = $1 and i.status <> 'draft' and i.issue_date <= $2
        and not (i.status = 'void' and (i.voided_at at time zone '${TZ}')::date <= $2)
      group by i.tenant_id
    ), paid_in as (
      select tenant_id, sum(amount) as amount from payments
      where organization_id = $1 and tenant_id is not null and (paid_at at time zone '${TZ}')::date <= $2
        and not (status = 'reversed' and (reversed_at at time zone '${TZ}')::date <= $2)
      group by tenant_id
    )
    select coalesce(b.tenant_id, p.tenant_id) as tenant_id, b.current, b.d1_30, b.d31_60, b.d61_90, b.d90_plus,
      coalesce(p.amount, 0) - coalesce(b.paid, 0) as credit
    from base b full join paid_in p on p.tenant_id = b.tenant_id
    where b.current <> 0 or b.d1_30 <> 0 or b.d31_60 <> 0 or b.d61_90 <> 0 or b.d90_plus <> 0 or coalesce(p.amount, 0) <> coalesce(b.paid, 0)`;

export const rawAging = (pool: pg.Pool, orgId: string, asOf: string) => pool.query(AGING, [orgId, asOf]);

// The statement's figures need the ledger at both ends of the period (opening = everything before
// it), so the raw aggregate reads what the service reads: the property's invoices up to the end,
// their lines (the deposit and agency-kept ones, and those posted later), the allocations standing at
// each end, and its incomes and expenses; it sums them per house at both ends,
// with none of the service's row-level security, transaction or shaping.
export const rawPropertyStatement = (pool: pg.Pool, orgId: string, propertyId: string, from: string, to: string) => pool.query(`
    with inv as (
      select i.house_id,
        (i.status <> 'void' or (i.voided_at at time zone '${TZ}')::date > $3::date - 1) and i.issue_date <= $3::date - 1 as open_b,
        (i.status <> 'void' or (i.voided_at at time zone '${TZ}')::date > $4::date) as open_t,
        i.total, coalesce(pa.paid_b, 0) as paid_b, coalesce(pa.paid_t, 0) as paid_t,
        coalesce(l.late_b, 0) as late_b, coalesce(l.late_t, 0) as late_t, coalesce(l.split_b, 0) + coalesce(l.agency_b, 0) as split_b, coalesce(l.split_t, 0) + coalesce(l.agency_t, 0) as split_t
      from invoices i
      left join lateral (select
                   sum(pa.amount) filter (where pa.allocated_on < $3::date and (pa.released_on is null or pa.released_on >= $3::date)) as paid_b,
                   sum(pa.amount) filter (where pa.allocated_on <= $4::date and (pa.released_on is null or pa.released_on > $4::date)) as paid_t
                 from (select amount, allocated_on, null::date as released_on from payment_allocations where organization_id = $1 and invoice_id = i.id
                       union all
                       select amount, allocated_on, released_on from payment_allocation_releases where organization_id = $1 and invoice_id = i.id) pa) pa on true
      left join lateral (select
                   sum(l.amount) filter (where l.posted_on >= $3::date and not l.waived)
                     - sum(round(l.rate * l.quantity, 2)) filter (where l.waived and l.waived_on >= $3::date and (l.posted_on is null or l.posted_on < $3::date)) as late_b,
                   sum(l.amount) filter (where l.posted_on > $4::date and not l.waived)
                     - sum(round(l.rate * l.quantity, 2)) filter (where l.waived and l.waived_on > $4::date and (l.posted_on is null or l.posted_on <= $4::date)) as late_t,
                   sum(l.amount) filter (where (l.kind = 'deposit' or dc.category = 'deposit') and coalesce(l.posted_on, i.issue_date) < $3::date) as split_b,
                   sum(l.amount) filter (where (l.kind = 'deposit' or dc.category = 'deposit') and coalesce(l.posted_on, i.issue_date) <= $4::date) as split_t,
                   sum(l.amount) filter (where dc.kept_by = 'agency' and coalesce(l.posted_on, i.issue_date) < $3::date) as agency_b,
                   sum(l.amount) filter (where dc.kept_by = 'agency' and coalesce(l.posted_on, i.issue_date) <= $4::date) as agency_t
                 from invoice_lines l left join charges dc on dc.organization_id = l.organization_id and dc.id = l.charge_id
                 where l.organization_id = $1 and l.invoice_id = i.id) l on true
      where i.organization_id = $1 and i.property_id = $2 and i.status <> 'draft' and i.issue_date <= $4::date
    )
    select h.id,
      sum(case when open_b then total - late_b - split_b else 0 end) as billed_b, sum(case when open_t then total - late_t - split_t else 0 end) as billed_t,
      sum(case when open_b then least(paid_b, total - late_b) else 0 end) as paid_b, sum(case when open_t then least(paid_t, total - late_t) else 0 end) as paid_t,
      (select sum(amount) filter (where date < $3) from incomes where organization_id = $1 and property_id = $2 and date <= $4) as income_b,
      (select sum(amount) filter (where date >= $3) from incomes where organization_id = $1 and property_id = $2 and date <= $4) as income_t,
      (select sum(amount) filter (where date < $3) from expenses where organization_id = $1 and property_id = $2 and date <= $4) as expenses_b,
      (select sum(amount) filter (where date >= $3) from expenses where organization_id = $1 and property_id = $2 and date <= $4) as expenses_t
    from houses h left join inv on inv.house_id = h.id
    where h.organization_id = $1 and h.property_id = $2
    group by h.id`, [orgId, propertyId, from, to]);

// The tenant statement's figures: every debit and credit on the tenant's ledger dated as the
// service dates it (lines on their posted day or the issue date, waivers, voids, payments,
// reversals), summed before the period (opening), in it (debits, credits) and to its end
// (closing); and the credit on account at its end (payments standing then, less what they pay of
// the invoices open then). The deposit figures need deposit lines and settlements, which the scale
// seed has none of: left out.
export const rawTenantStatement = (pool: pg.Pool, orgId: string, tenantId: string, from: string, to: string) => pool.query(`
    with e as (
      select coalesce(l.posted_on, i.issue_date) as d, case when l.waived then round(l.rate * l.quantity, 2) else l.amount end as amount
      from invoices i join invoice_lines l on l.organization_id = i.organization_id and l.invoice_id = i.id
      where i.organization_id = $1 and i.tenant_id = $2 and i.status <> 'draft'
      union all
      select l.waived_on, -round(l.rate * l.quantity, 2)
      from invoices i join invoice_lines l on l.organization_id = i.organization_id and l.invoice_id = i.id
      where i.organization_id = $1 and i.tenant_id = $2 and i.status <> 'draft' and l.waived and l.waived_on is not null
      union all
      select (voided_at at time zone '${TZ}')::date, -total from invoices
      where organization_id = $1 and tenant_id = $2 and status = 'void' and voided_at is not null
      union all
      select (paid_at at time zone '${TZ}')::date, -amount from payments where organization_id = $1 and tenant_id = $2
      union all
      select greatest((reversed_at at time zone '${TZ}')::date, (paid_at at time zone '${TZ}')::date), amount from payments
      where organization_id = $1 and tenant_id = $2 and status = 'reversed' and reversed_at is not null
    ), open_invoices as (
      select id from invoices where organization_id = $1 and tenant_id = $2 and status <> 'draft' and issue_date <= $4::date
        and not (status = 'void' and (voided_at at time zone '${TZ}')::date <= $4::date)
    ), allocated as (
      -- the allocations of the tenant's payments, through their payment index
      select pa.payment_id, sum(pa.amount) as amount
      from (select payment_id, invoice_id, amount from payment_allocations
            where organization_id = $1 and payment_id = any(array(select id from payments where organization_id = $1 and tenant_id = $2)) and allocated_on <= $4::date
            union all
            select payment_id, invoice_id, amount from payment_allocation_releases
            where organization_id = $1 and payment_id = any(array(select id from payments where organization_id = $1 and tenant_id = $2)) and allocated_on <= $4::date and released_on > $4::date) pa
      where pa.invoice_id in (select id from open_invoices)
      group by pa.payment_id
    )
    select coalesce(sum(amount) filter (where d < $3::date), 0) as opening,
      coalesce(sum(amount) filter (where d between $3::date and $4::date and amount > 0), 0) as debits,
      coalesce(-sum(amount) filter (where d between $3::date and $4::date and amount < 0), 0) as credits,
      coalesce(sum(amount) filter (where d <= $4::date), 0) as closing,
      (select coalesce(sum(p.amount - coalesce(a.amount, 0)), 0) from payments p left join allocated a on a.payment_id = p.id
       where p.organization_id = $1 and p.tenant_id = $2 and (p.paid_at at time zone '${TZ}')::date <= $4::date
         and not (p.status = 'reversed' and p.reversed_at is not null
                  and greatest((p.reversed_at at time zone '${TZ}')::date, (p.paid_at at time zone '${TZ}')::date) <= $4::date)) as credit
    from e`, [orgId, tenantId, from, to]);

// The rent roll's totals: the property's houses, those let (a lease active or on notice), the
// rents of those leases and the asking rent of the others, and per current lease what is owed
// (open balances less the credit on its payments), overdue as of the day, and the deposit held
// (the paid part of deposit-category lines); summed, with none of the per-house rows' names.
export const rawRentRoll = (pool: pg.Pool, orgId: string, propertyId: string, asOf: string) => pool.query(`
    with cur as (
      select l.id, l.house_id, l.rent from leases l join houses h on h.organization_id = l.organization_id and h.id = l.house_id
      where l.organization_id = $1 and h.property_id = $2 and l.status in ('active', 'notice')
    ), owed as (
      select sum(i.balance) as balance, sum(i.balance) filter (where i.due_date < $3::date) as arrears
      from invoices i join cur on cur.id = i.lease_id where i.organization_id = $1 and i.status not in ('draft', 'void')
    ), credit as (
      select sum(p.unallocated) as credit from payments p join cur on cur.id = p.lease_id where p.organization_id = $1 and p.status = 'allocated'
    ), held as (
      select sum(least(i.paid, d.deposit)) as held
      from invoices i join cur on cur.id = i.lease_id
      join (select l.invoice_id, sum(l.amount) as deposit from invoice_lines l
            join charges ch on ch.organization_id = l.organization_id and ch.id = l.charge_id
            where l.organization_id = $1 and ch.category = 'deposit' and not l.waived group by l.invoice_id) d on d.invoice_id = i.id
      where i.organization_id = $1 and i.status <> 'void'
    )
    select count(*)::int as houses, count(cur.id)::int as occupied,
      coalesce(sum(cur.rent), 0) as rent_roll, coalesce(sum(coalesce(cur.rent, h.rent)), 0) as potential_rent,
      (select coalesce(balance, 0) from owed) - (select coalesce(credit, 0) from credit) as balance,
      (select coalesce(arrears, 0) from owed) as arrears, (select coalesce(held, 0) from held) as deposit_held
    from houses h left join cur on cur.house_id = h.id
    where h.organization_id = $1 and h.property_id = $2`, [orgId, propertyId, asOf]);

/** The first day of the month `n` months before `day`'s (the dashboard's months: this one and the 12 before). */
const monthsBack = (day: string, n: number) => new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1 - n, 1)).toISOString().slice(0, 10);

// The dashboard's figures in one statement: houses by status, open and urgent tickets, SMS credits,
// the attention counts, billed (less deposits) and collected per month for 13 months, unmatched
// payments, this month's expenses and income, the aging's totals as of the day (the raw aging
// above, summed) and, for what is due to the owners, the ledger of every property at the day's two
// ends (billed and paid, set-based: the service's commission and aggregator split is not redone).
export const rawDashboard = (pool: pg.Pool, orgId: string, asOf: string) => pool.query(`
    with m as (select to_char(d, 'YYYY-MM') as month from generate_series($3::date, $4::date, interval '1 month') d),
    dep as (select l.invoice_id, sum(l.amount) as deposit from invoice_lines l
            where l.organization_id = $1 and (l.kind = 'deposit' or l.charge_id in (select id from charges where organization_id = $1 and category = 'deposit'))
            group by l.invoice_id),
    b as (select to_char(i.issue_date, 'YYYY-MM') as month, sum(i.total - coalesce(dep.deposit, 0)) as billed from invoices i
          left join dep on dep.invoice_id = i.id
          where i.organization_id = $1 and i.status not in ('draft', 'void') and i.issue_date >= $3::date group by 1),
    c as (select to_char(paid_at at time zone '${TZ}', 'YYYY-MM') as month, sum(amount) as collected from payments
          where organization_id = $1 and status <> 'reversed' and paid_at >= $3::date - 1 group by 1),
    months as (select m.month, b.billed, c.collected from m left join b using (month) left join c using (month)),
    aging as (${AGING}),
    paid as (select pa.invoice_id,
               sum(pa.amount) filter (where pa.allocated_on < $2::date and (pa.released_on is null or pa.released_on >= $2::date)) as paid_b,
               sum(pa.amount) filter (where pa.allocated_on <= $2::date and (pa.released_on is null or pa.released_on > $2::date)) as paid_t
             from (select invoice_id, amount, allocated_on, null::date as released_on from payment_allocations where organization_id = $1
                   union all
                   select invoice_id, amount, allocated_on, released_on from payment_allocation_releases where organization_id = $1) pa
             group by pa.invoice_id),
    owners as (select sum(i.total) filter (where i.issue_date < $2::date) as billed_b, sum(i.total) as billed_t,
                 sum(least(coalesce(p.paid_b, 0), i.total)) as paid_b, sum(least(coalesce(p.paid_t, 0), i.total)) as paid_t
               from invoices i left join paid p on p.invoice_id = i.id
               where i.organization_id = $1 and i.status not in ('draft', 'void') and i.issue_date <= $2::date)
    select
      (select count(*)::int from houses where organization_id = $1) as houses,
      (select count(*)::int from houses where organization_id = $1 and status = 'occupied') as occupied,
      (select count(*)::int from houses where organization_id = $1 and status = 'vacant') as vacant,
      (select count(*)::int from tickets where organization_id = $1 and status in ('open', 'in_progress', 'deferred')) as tickets,
      (select count(*)::int from tickets where organization_id = $1 and priority = 'urgent' and status in ('open', 'in_progress', 'deferred')) as urgent_tickets,
      (select coalesce(sum(case when kind = 'usage' then -credits else credits end), 0)::int from sms_credits where organization_id = $1) as sms,
      (select count(*)::int from leases where organization_id = $1 and status = 'draft') as draft_leases,
      (select count(*)::int from messages where organization_id = $1 and status = 'failed') as failed_messages,
      (select count(*)::int from messages where organization_id = $1 and status = 'insufficient_credits') as waiting_for_credits,
      (select coalesce(sum(billed), 0) from months) as billed_13_months,
      (select billed from months where month = to_char($4::date, 'YYYY-MM')) as billed_this_month,
      (select collected from months where month = to_char($4::date, 'YYYY-MM')) as collected_this_month,
      (select count(*)::int from payments where organization_id = $1 and status = 'unmatched') as unmatched,
      (select sum(amount) from payments where organization_id = $1 and status = 'unmatched') as unmatched_amount,
      (select sum(amount) from expenses where organization_id = $1 and status <> 'pending' and date >= $4::date) as expenses,
      (select sum(amount) from incomes where organization_id = $1 and date >= $4::date) as income,
      (select sum(coalesce(current, 0) + coalesce(d1_30, 0) + coalesce(d31_60, 0) + coalesce(d61_90, 0) + coalesce(d90_plus, 0) - coalesce(credit, 0)) from aging) as arrears_total,
      (select billed_t - paid_t from owners) as owners_open`,
  [orgId, asOf, monthsBack(asOf, 12), `${asOf.slice(0, 7)}-01`]);


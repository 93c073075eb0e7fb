import { sql } from 'drizzle-orm';
import { ALL_PERMISSIONS, VIEW_FINANCIALS } from '../../../shared/permissions.js';
import { OPEN_TICKET_STATUSES, attentionCounts, sqlList } from './attention.js';
import { rowsOf, type Db } from '../../db/client.js';
import { cents, dec } from '../payments/allocation.js';
import { agingReport } from './aging.js';
import { depositSums } from '../billing/deposits.js';
import { dueToOwners } from './property-statement.js';
import { today, TZ } from './common.js';

import type { Dashboard } from '../../../shared/money-report-shapes.js';

export type { Dashboard };

/** a / b as a percentage with one decimal, from cents (no float on money). */
const rate = (a: bigint, b: bigint) => (b === 0n ? '0.0' : (() => { const t = (a * 1000n + b / 2n) / b; return `${t / 10n}.${t % 10n}`; })());

/**
 * The dashboard's figures in one call: a handful of aggregate queries. Billed and collected leave
 * deposits out: a deposit is the tenant's money held, never rent billed or collected. Without view.financials
 * the money figures are neither computed nor sent (the caretaker sees houses and tickets).
 */
export async function dashboard(tx: Db, organizationId: string, permissions: readonly string[] = ALL_PERMISSIONS): Promise<Dashboard> {
  const asOf = today();
  const attention = await attentionCounts(tx, organizationId, permissions);
  const [occ0] = rowsOf<{ houses: number; occupied: number; vacant: number; tickets: number; sms: number }>(await tx.execute(sql`
    select
      (select count(*)::int from houses where organization_id = ${organizationId}) as houses,
      (select count(*)::int from houses where organization_id = ${organizationId} and status = 'occupied') as occupied,
      (select count(*)::int from houses where organization_id = ${organizationId} and status = 'vacant') as vacant,
      (select count(*)::int from tickets where organization_id = ${organizationId} and status in (${sqlList(OPEN_TICKET_STATUSES)})) as tickets,
      (select coalesce(sum(case when kind = 'usage' then -credits else credits end), 0)::int from sms_credits where organization_id = ${organizationId}) as sms`));
  const occupancy = {
    houses: occ0.houses, occupied: occ0.occupied, vacant: occ0.vacant, other: occ0.houses - occ0.occupied - occ0.vacant,
    rate: rate(BigInt(occ0.occupied), BigInt(occ0.houses)),
  };
  if (!permissions.includes(VIEW_FINANCIALS)) {
    return { as_of: asOf, occupancy, open_tickets: occ0.tickets, sms_credits: occ0.sms, attention };
  }
  const first = `${asOf.slice(0, 7)}-01`;
  const start = new Date(Date.UTC(Number(asOf.slice(0, 4)), Number(asOf.slice(5, 7)) - 13, 1)).toISOString().slice(0, 10);
  const months = rowsOf<{ month: string; billed: string | null; collected: string | null }>(await tx.execute(sql`
    with m as (select to_char(d, 'YYYY-MM') as month from generate_series(${start}::date, ${first}::date, interval '1 month') d),
    b as (select to_char(i.issue_date, 'YYYY-MM') as month, sum(i.total - coalesce(d.deposit, 0)) as billed from invoices i
          left join ${depositSums(organizationId)} d on d.invoice_id = i.id
          where i.organization_id = ${organizationId} and i.status not in ('draft', 'void') and i.issue_date >= ${start} group by 1),
    -- the part of each payment that paid a deposit (paid first within its invoice, in the order the
    -- payments were made): the tenant's money held, never collected (the few invoices with a deposit)
    dp as (select to_char(p.paid_at at time zone ${TZ}, 'YYYY-MM') as month,
             greatest(0, least(pa.amount, d.deposit - coalesce(sum(pa.amount) over (partition by pa.invoice_id order by p.paid_at, p.id
               rows between unbounded preceding and 1 preceding), 0))) as part
           from payment_allocations pa
           join payments p on p.organization_id = pa.organization_id and p.id = pa.payment_id and p.status <> 'reversed'
           join ${depositSums(organizationId, sql`l.amount > 0`)} d on d.invoice_id = pa.invoice_id
           where pa.organization_id = ${organizationId}),
    dm as (select month, sum(part) as deposit from dp group by 1),
    c as (select to_char(paid_at at time zone ${TZ}, 'YYYY-MM') as month, sum(amount) as collected from payments
          where organization_id = ${organizationId} and status <> 'reversed' and paid_at >= ${start}::date - 1 group by 1)
    select m.month, b.billed::text as billed, (c.collected - coalesce(dm.deposit, 0))::text as collected
    from m left join b using (month) left join c using (month) left join dm using (month) order by m.month`));
  const [misc] = rowsOf<{ unmatched: number; unmatched_amount: string | null; expenses: string | null; income: string | null }>(await tx.execute(sql`
    select
      (select count(*)::int from payments where organization_id = ${organizationId} and status = 'unmatched') as unmatched,
      (select sum(amount)::text from payments where organization_id = ${organizationId} and status = 'unmatched') as unmatched_amount,
      (select sum(amount)::text from expenses where organization_id = ${organizationId} and status <> 'pending' and date >= ${first}) as expenses,
      (select sum(amount)::text from incomes where organization_id = ${organizationId} and date >= ${first}) as income`));
  const aging = await agingReport(tx, organizationId, { as_of: asOf });
  // every owner's closing due today, summed: what the agency holds for the owners
  const owed = await dueToOwners(tx, organizationId, asOf);
  const monthRows = months.map((m) => ({ month: m.month, billed: dec(cents(m.billed)), collected: dec(cents(m.collected)) }));
  const current = monthRows[monthRows.length - 1] ?? { billed: '0.00', collected: '0.00' };
  return {
    as_of: asOf,
    occupancy,
    months: monthRows,
    this_month: {
      billed: current.billed, collected: current.collected, collection_rate: rate(cents(current.collected), cents(current.billed)),
      expenses: dec(cents(misc.expenses)), income: dec(cents(misc.income)),
    },
    arrears: {
      current: aging.totals.current, d1_30: aging.totals.d1_30, d31_60: aging.totals.d31_60, d61_90: aging.totals.d61_90, d90_plus: aging.totals.d90_plus,
      credit: aging.totals.credit, total: aging.totals.balance,
    },
    unmatched_payments: { count: misc.unmatched, amount: dec(cents(misc.unmatched_amount)) },
    due_to_owners: owed,
    open_tickets: occ0.tickets,
    sms_credits: occ0.sms,
    attention,
  };
}

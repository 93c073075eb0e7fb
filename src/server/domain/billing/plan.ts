// What a lease owes for a period: the invoice a billing run (or activation, or ending) would
// issue. Loading is set-based (one query for the leases, one for their charges); planning is pure.
import { sql } from 'drizzle-orm';
import { centsToDecimal, parseMoney } from '../../../shared/resource-values.js';
import { rowsOf, type Db } from '../../db/client.js';
import {
  addMonths, dayOfMonth, escalatedRent, maxDate, minDate, monthEnd, monthName, monthsBetween, monthStart,
  prorateMonth, shortDate, type IsoDate,
} from './periods.js';

export const cents = (v: unknown): bigint => parseMoney(v ?? '0') ?? 0n;
export const dec = (c: bigint): string => centsToDecimal(c);

export interface LeaseCharge {
  charge_id: string;
  name: string;
  amount: bigint;
  billing: 'monthly' | 'quarterly' | 'yearly' | 'one_off';
  metered: boolean;
}

export interface LeaseTerms {
  id: string;
  tenant_id: string;
  house_id: string;
  property_id: string | null;
  status: string;
  start_date: IsoDate;
  end_date: IsoDate | null;
  move_out_date: IsoDate | null;
  rent: bigint;
  deposit: bigint;
  billing_frequency: 'monthly' | 'quarterly' | 'yearly';
  /** lease → property → organisation → 5 */
  due_day: number;
  escalation_rate: string | null;
  escalation_months: number | null;
  charges: LeaseCharge[];
}

export interface PlannedLine {
  kind: 'rent' | 'charge' | 'deposit';
  charge_id: string | null;
  description: string;
  amount: bigint;
  /** A metered line: the consumption and the rate per unit (amount = rate × quantity); otherwise 1 and the amount. */
  quantity?: string;
  rate?: bigint;
  meter_previous?: string;
  meter_current?: string;
}

export interface PlannedInvoice {
  lease_id: string;
  tenant_id: string;
  house_id: string;
  property_id: string | null;
  period_start: IsoDate;
  period_end: IsoDate;
  issue_date: IsoDate;
  due_date: IsoDate;
  lines: PlannedLine[];
  total: bigint;
}

export type SkipReason = 'draft' | 'ended' | 'not_started' | 'not_due' | 'nothing_to_bill' | 'already_billed';

const FREQUENCY_MONTHS = { monthly: 1, quarterly: 3, yearly: 12, one_off: 0 } as const;

/**
 * The invoice of `lease` for the billing period that starts in `month` (its first day), or why
 * there is none. A lease is billed from its start date to its move-out date (both days counted);
 * the fixed term's end date does not stop billing while the lease stays active (a holdover is a
 * periodic tenancy, domain C9). Quarterly and yearly leases are billed in the months counted from
 * their start month, for 3 or 12 months at once. Metered charges are billed from readings, not here.
 */
export function planInvoice(lease: LeaseTerms, month: IsoDate, opts: { ignoreStatus?: boolean } = {}): PlannedInvoice | SkipReason {
  if (!opts.ignoreStatus) {
    if (lease.status === 'draft') return 'draft';
    if (lease.status === 'ended') return 'ended';
  }
  const start = monthStart(month);
  const months = FREQUENCY_MONTHS[lease.billing_frequency] || 1;
  const periodEnd = monthEnd(addMonths(start, months - 1));
  const from = lease.start_date;
  const to = lease.move_out_date ?? '9999-12-31';
  if (from > monthEnd(start)) return 'not_started';
  if (to < start) return 'ended';
  const sinceStart = monthsBetween(monthStart(from), start);
  if (sinceStart % months !== 0) return 'not_due';

  const lines: PlannedLine[] = [];
  // rent: each month of the period prorated by the days occupied, at the rent in force on the
  // first day occupied in that month
  let rent = 0n;
  const partial: string[] = [];
  for (let i = 0; i < months; i++) {
    const m = addMonths(start, i);
    const firstDay = maxDate(m, from);
    const share = prorateMonth(escalatedRent(lease.rent, from, firstDay, lease.escalation_rate, lease.escalation_months), m, from, to);
    rent += share.amount;
    if (share.days && share.days !== share.monthDays) {
      partial.push(`${shortDate(maxDate(m, from))} – ${shortDate(minDate(monthEnd(m), to))}, ${share.days}/${share.monthDays} days`);
    }
  }
  const span = months === 1 ? monthName(start) : `${monthName(start)} – ${monthName(periodEnd)}`;
  if (rent > 0n) lines.push({ kind: 'rent', charge_id: null, description: `Rent ${span}${partial.length ? ` (${partial.join('; ')})` : ''}`, amount: rent });

  for (const c of lease.charges) {
    if (c.metered || c.amount <= 0n) continue;
    let amount = 0n;
    if (c.billing === 'one_off') {
      if (sinceStart === 0) amount = c.amount;
    } else {
      const every = FREQUENCY_MONTHS[c.billing];
      for (let i = 0; i < months; i++) {
        const m = addMonths(start, i);
        if ((sinceStart + i) % every !== 0) continue;
        // monthly charges are prorated like rent; quarterly and yearly ones are billed whole
        amount += every === 1 ? prorateMonth(c.amount, m, from, to).amount : (m <= to ? c.amount : 0n);
      }
    }
    if (amount > 0n) lines.push({ kind: 'charge', charge_id: c.charge_id, description: `${c.name} ${span}`, amount });
  }
  if (!lines.length) return 'nothing_to_bill';

  const issue = maxDate(start, from);
  return {
    lease_id: lease.id,
    tenant_id: lease.tenant_id,
    house_id: lease.house_id,
    property_id: lease.property_id,
    period_start: start,
    period_end: periodEnd,
    issue_date: issue,
    due_date: maxDate(dayOfMonth(start, lease.due_day), issue),
    lines,
    total: lines.reduce((s, l) => s + l.amount, 0n),
  };
}

interface LeaseRow {
  id: string; tenant_id: string; house_id: string; property_id: string | null; status: string;
  start_date: string; end_date: string | null; move_out_date: string | null; rent: string; deposit: string | null;
  billing_frequency: LeaseTerms['billing_frequency']; due_day: number | null;
  escalation_rate: string | null; escalation_months: number | null;
}

/** The leases (`l`) that may be billed for the period starting `periodStart`: draft, active, on notice, or ended on or after it. */
export const billableFor = (periodStart: IsoDate) =>
  sql`(l.status in ('draft', 'active', 'notice') or coalesce(l.move_out_date, l.end_date) >= ${periodStart}::date)`;

/**
 * The billing terms of an organisation's leases: those named, or every lease that may be billed
 * for the period starting `periodStart` (billableFor).
 */
export async function loadLeaseTerms(tx: Db, organizationId: string, filter: { ids?: string[]; periodStart?: IsoDate }): Promise<LeaseTerms[]> {
  const period = filter.periodStart ?? '0001-01-01';
  const where = filter.ids
    ? sql`l.id = any(${`{${filter.ids.join(',')}}`}::text[])`
    : billableFor(period);
  // keyed sub-selects rather than joins: one index probe per lease whatever the planner believes
  // about a freshly loaded organisation (joins under row-level security were planned as nested
  // scans of every house per lease)
  const rows = rowsOf<LeaseRow>(await tx.execute(sql`
    select x.*, coalesce(x.lease_due_day, (select p.due_day from properties p where p.organization_id = ${organizationId} and p.id = x.property_id),
        (select nullif(o.settings->>'due_day', '')::int from organizations o where o.id = ${organizationId}), 5) as due_day
    from (
      select l.id, l.tenant_id, l.house_id,
        (select h.property_id from houses h where h.organization_id = l.organization_id and h.id = l.house_id) as property_id,
        l.status, l.start_date::text as start_date, l.end_date::text as end_date, l.move_out_date::text as move_out_date,
        l.rent::text as rent, l.deposit::text as deposit, l.billing_frequency, l.due_day as lease_due_day,
        l.escalation_rate::text as escalation_rate, l.escalation_months
      from leases l
      where l.organization_id = ${organizationId} and ${where}
    ) x
    order by x.id`));
  if (!rows.length) return [];
  const charges = rowsOf<{ lease_id: string; charge_id: string; name: string; amount: string; billing: LeaseCharge['billing']; metered: boolean }>(await tx.execute(sql`
    select lc.lease_id, lc.charge_id, c.name, coalesce(lc.amount, c.amount)::text as amount, c.billing, c.metered
    from lease_charges lc
    join charges c on c.organization_id = lc.organization_id and c.id = lc.charge_id
    where lc.organization_id = ${organizationId}
      and lc.lease_id = any(${`{${rows.map((r) => r.id).join(',')}}`}::text[])
    order by lc.lease_id, lc.position`));
  const byLease = new Map<string, LeaseCharge[]>();
  for (const c of charges) {
    const list = byLease.get(c.lease_id) ?? [];
    list.push({ charge_id: c.charge_id, name: c.name, amount: cents(c.amount), billing: c.billing, metered: c.metered });
    byLease.set(c.lease_id, list);
  }
  return rows.map((r) => ({
    id: r.id,
    tenant_id: r.tenant_id,
    house_id: r.house_id,
    property_id: r.property_id,
    status: r.status,
    start_date: r.start_date,
    end_date: r.end_date,
    move_out_date: r.move_out_date,
    rent: cents(r.rent),
    deposit: cents(r.deposit),
    billing_frequency: r.billing_frequency,
    due_day: Number(r.due_day ?? 5),
    escalation_rate: r.escalation_rate,
    escalation_months: r.escalation_months,
    charges: byLease.get(r.id) ?? [],
  }));
}

// Monthly Rental Income tax (Income Tax Act s.6A; domain.md C6): a resident owner pays a flat
// rate of the gross residential rent RECEIVED in a month, filed by the 20th of the next month. The
// rate is the one in force on the month's first day (tax_rates 'mri': 10 % from 2016, 7.5 % from
// 2024), so every month keeps its own rate.
import { sql } from 'drizzle-orm';
import { percentOf } from '../../../shared/money.js';
import type { RentalIncomeTax } from '../../../shared/money-report-shapes.js';
import { rowsOf, type Db } from '../../db/client.js';
import { invalid, notFound } from '../../errors.js';
import { depositLine } from '../billing/deposits.js';
import { addMonths, monthEnd } from '../billing/periods.js';
import { cents, dec } from '../payments/allocation.js';
import { addDays, type ReportTable } from './common.js';
import { allocatedOn, invoiceAllocations, openOn } from './ledger.js';
import { rateOn, ratesOf } from './tax-rates.js';

export type { RentalIncomeTax };

/**
 * A line that is rent for the tax (invoice_lines `l`, charges `dc` or null, properties `p`): the owner's
 * (not a deposit, not a charge the agency keeps), and either the rent of a property that is not
 * commercial (commercial rent is taxed as business income, with VAT) or a charge marked taxable.
 */
const TAXABLE = sql`(l.kind <> 'deposit' and coalesce(dc.category, '') <> 'deposit' and coalesce(dc.kept_by, 'owner') = 'owner'
  and ((l.kind = 'rent' or coalesce(dc.category, '') = 'rent') and p.kind <> 'commercial' or coalesce(dc.taxable, false)))`;

const MONTH = /^(19|20|21)\d\d-(0[1-9]|1[0-2])$/;

/** The last day of a month 'YYYY-MM', and the month after it. */
const lastDay = (month: string) => monthEnd(`${month}-01`);
const nextMonth = (month: string) => addMonths(`${month}-01`, 1).slice(0, 7);

export function monthOf(value: string | undefined, today: string): string {
  const month = value || today.slice(0, 7);
  if (!MONTH.test(month)) throw invalid({ month: ['A month, YYYY-MM.'] });
  return month;
}

/**
 * Per owner (one, or every owner who received any), the gross rent received in the month and the
 * tax on it. What an invoice has received of its rent to the end of a day: what is allocated to it
 * then, less its deposit (paid first, as on the statements), up to its taxable lines posted by
 * then (the rent is paid before the other charges); the month's receipts are that at the month's
 * end less the same at the end of the month before, so months add up exactly and a reversal
 * counts in the month it happens.
 */
export async function rentalIncomeTax(tx: Db, organizationId: string, q: { owner_id?: string; month: string }): Promise<RentalIncomeTax> {
  const end = lastDay(q.month);
  const prev = addDays(`${q.month}-01`, -1);
  const owned = q.owner_id ? sql`p.owner_id = ${q.owner_id}` : sql`true`;
  const rows = rowsOf<{ owner_id: string; owner: string; kra_pin: string | null; property_id: string; property: string; gross: string | null }>(await tx.execute(sql`
    with props as (
      select p.id, p.name, p.kind, p.owner_id from properties p where p.organization_id = ${organizationId} and ${owned}
    ), inv as (
      select i.property_id,
        case when ${openOn(prev)} then least(greatest(coalesce(pb.paid_b, 0) - coalesce(x.deposit_b, 0), 0), coalesce(x.rent_b, 0)) else 0 end as got_b,
        case when ${openOn(end)} then least(greatest(coalesce(pb.paid_t, 0) - coalesce(x.deposit_t, 0), 0), coalesce(x.rent_t, 0)) else 0 end as got_t
      from invoices i join props p on p.id = i.property_id
      left join lateral (
        select sum(pa.amount) filter (where ${allocatedOn(prev)}) as paid_b, sum(pa.amount) filter (where ${allocatedOn(end)}) as paid_t
        from ${invoiceAllocations(sql`i`)} pa
      ) pb on true
      left join lateral (
        select sum(l.amount) filter (where ${depositLine} and coalesce(l.posted_on, i.issue_date) <= ${prev}::date) as deposit_b,
               sum(l.amount) filter (where ${depositLine} and coalesce(l.posted_on, i.issue_date) <= ${end}::date) as deposit_t,
               sum(l.amount) filter (where ${TAXABLE} and coalesce(l.posted_on, i.issue_date) <= ${prev}::date) as rent_b,
               sum(l.amount) filter (where ${TAXABLE} and coalesce(l.posted_on, i.issue_date) <= ${end}::date) as rent_t
        from invoice_lines l
        left join charges dc on dc.organization_id = l.organization_id and dc.id = l.charge_id
        where l.organization_id = i.organization_id and l.invoice_id = i.id
      ) x on true
      where i.organization_id = ${organizationId} and i.status <> 'draft' and i.issue_date <= ${end}::date
    ), per_property as (
      select property_id, sum(got_t - got_b) as gross from inv group by property_id
    )
    select o.id as owner_id, o.name as owner, o.kra_pin, p.id as property_id, p.name as property, pp.gross::text as gross
    from props p join property_owners o on o.organization_id = ${organizationId} and o.id = p.owner_id
    left join per_property pp on pp.property_id = p.id
    order by o.name, o.id, p.name, p.id`));
  let ownerRow: { id: string; name: string; kra_pin: string | null } | undefined;
  if (q.owner_id) {
    [ownerRow] = rowsOf<{ id: string; name: string; kra_pin: string | null }>(await tx.execute(sql`
      select id, name, kra_pin from property_owners where organization_id = ${organizationId} and id = ${q.owner_id}`));
    if (!ownerRow) throw notFound();
  }
  const rate = rateOn(await ratesOf(tx, 'mri'), `${q.month}-01`);
  const owners = new Map<string, RentalIncomeTax['owners'][number] & { cents: bigint }>();
  if (ownerRow) owners.set(ownerRow.id, { owner_id: ownerRow.id, owner: ownerRow.name, kra_pin: ownerRow.kra_pin, properties: [], gross_rent: '0.00', tax_due: '0.00', cents: 0n });
  for (const r of rows) {
    const g = cents(r.gross);
    // every owner's report lists the owner's properties; the agency's lists those with rent received
    if (!q.owner_id && g === 0n) continue;
    const o = owners.get(r.owner_id) ?? { owner_id: r.owner_id, owner: r.owner, kra_pin: r.kra_pin, properties: [], gross_rent: '0.00', tax_due: '0.00', cents: 0n };
    o.properties.push({ property_id: r.property_id, property: r.property, gross_rent: dec(g) });
    o.cents += g;
    owners.set(r.owner_id, o);
  }
  let gross = 0n;
  let tax = 0n;
  const list = [...owners.values()].map(({ cents: g, ...o }) => {
    // the tax is on the owner's month, rounded once: a property's share is not taxed apart
    const t = rate ? percentOf(g, rate.rate) : 0n;
    gross += g;
    tax += t;
    return { ...o, gross_rent: dec(g), tax_due: dec(t) };
  });
  return {
    month: q.month, rate: rate?.rate ?? null, rate_valid_from: rate?.valid_from ?? null, rate_source: rate?.source ?? null,
    due_date: `${nextMonth(q.month)}-20`, owner_id: q.owner_id ?? null,
    owners: list, totals: { gross_rent: dec(gross), tax_due: dec(tax) },
  };
}

/** The CSV (and PDF): one row per owner and property, the owner's tax on the owner's first row. */
export function rentalIncomeTaxTable(r: RentalIncomeTax): ReportTable {
  const rows: ReportTable['rows'] = [];
  for (const o of r.owners) {
    rows.push({ owner: o.owner, kra_pin: o.kra_pin, property: '', gross_rent: o.gross_rent, tax_due: o.tax_due });
    for (const p of o.properties) rows.push({ owner: '', kra_pin: '', property: p.property, gross_rent: p.gross_rent, tax_due: '' });
  }
  const one = r.owner_id ? r.owners[0] : undefined;
  return {
    title: 'Monthly Rental Income tax',
    filename: `rental-income-tax-${one ? `${one.owner.replace(/[^A-Za-z0-9]+/g, '-')}-` : ''}${r.month}`,
    facts: [
      ...(one ? [['Owner', one.owner], ['KRA PIN', one.kra_pin ?? '']] as Array<[string, string]> : []),
      ['Month', r.month],
      ['Rate', r.rate === null ? 'no rate in force' : `${r.rate}% of gross rent received (from ${r.rate_valid_from}${r.rate_source ? `, ${r.rate_source}` : ''})`],
      ['File and pay by', r.due_date],
    ],
    columns: [
      { key: 'owner', label: 'Owner', width: 130 }, { key: 'kra_pin', label: 'KRA PIN', width: 80 }, { key: 'property', label: 'Property', width: 120 },
      { key: 'gross_rent', label: 'Gross rent received', money: true }, { key: 'tax_due', label: 'Tax due', money: true },
    ],
    rows,
    totals: { owner: 'Totals', kra_pin: '', property: '', gross_rent: r.totals.gross_rent, tax_due: r.totals.tax_due },
    summary: [['Gross rent received', r.totals.gross_rent], ['Tax due', r.totals.tax_due, true]],
  };
}

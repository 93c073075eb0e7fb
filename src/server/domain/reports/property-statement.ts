import { sql, type SQL } from 'drizzle-orm';
import { percentOf } from '../../../shared/money.js';
import { executePrepared, rowsOf, type Db } from '../../db/client.js';
import { notFound } from '../../errors.js';
import { cents, dec } from '../payments/allocation.js';
import { TZ, type ReportTable } from './common.js';

/** Income categories the agency keeps (not the owner's money). */
export const AGENCY_INCOME = ['commission', 'letting_fee'];

export interface PropertySection {
  property: { id: string; name: string; code: string | null; owner: string; aggregator: string | null };
  commission_rate: string;
  aggregator_share_rate: string;
  houses: Array<{ house_id: string; house: string; billed: string; collected: string; arrears: string }>;
  billed: string;
  collected: string;
  other_income: string;
  other_income_by_category: Record<string, string>;
  expenses: string;
  expenses_by_category: Record<string, string>;
  expenses_not_owner: string;
  unpaid_bills: string;
  commission: string;
  aggregator_share: string;
  agency_share: string;
  opening_balance: string;
  money_in: string;
  money_out: string;
  closing_balance: string;
}

export interface PropertyStatement {
  from: string;
  to: string;
  owner: { id: string; name: string } | null;
  properties: PropertySection[];
  totals: Omit<PropertySection, 'property' | 'commission_rate' | 'aggregator_share_rate' | 'houses' | 'other_income_by_category' | 'expenses_by_category'>;
  amount_due_to_owner: string;
}

type Money = Record<string, string | null>;

interface Prop { id: string; name: string; code: string | null; owner_id: string; owner: string; aggregator: string | null; rate: string; share: string | null }
interface HouseRow { property_id: string; house_id: string; house: string; billed: string | null; collected: string | null; collected_before: string | null; commission: string | null; commission_before: string | null }
interface Flow { source: 'income' | 'expense'; property_id: string; category: string; borne_by: string | null; status: string | null; before: string | null; during: string | null }

/**
 * The owner's account per property (product.md 4.6): money in = rent collected (allocations of
 * payments made in the period, not reversed) + the owner's other income; money out = owner-borne
 * expenses approved or paid + management commission (rate × collected, property rate, else the
 * owner's, else the organisation default; rounded per allocation so periods add up exactly). The
 * aggregator's share is its commission_share of that commission (the agency shares its fee; the
 * owner pays the fee once). Opening = the same sums before `from`; closing = opening + in − out =
 * the amount due to the owner (no remittances are recorded yet).
 */
export async function propertyStatement(tx: Db, organizationId: string, q: { property_id?: string; owner_id?: string; from: string; to: string }): Promise<PropertyStatement> {
  // One statement, one round trip: the properties, the owner, per house billed and collected
  // (with commission) before and in the period, and the incomes and expenses, each as JSON (money as
  // text inside it, never a JSON number). Four round trips before: most of a statement's time.
  const propFilter = sql`${q.property_id ? sql`and p.id = ${q.property_id}` : sql``} ${q.owner_id ? sql`and p.owner_id = ${q.owner_id}` : sql``}`;
  // the properties as the planner can see them (a CTE's ids would hide the index on property_id)
  const propertyIn = (column: SQL) => q.property_id ? sql`${column} = ${q.property_id}`
    : q.owner_id ? sql`${column} in (select id from properties where organization_id = ${organizationId} and owner_id = ${q.owner_id})`
    : sql`true`;
  const dflt = sql`(select coalesce(nullif(settings->>'default_commission_rate', ''), '0')::numeric from organizations where id = ${organizationId})`;
  const [found] = rowsOf<{ props: Prop[] | null; owner: { id: string; name: string } | null; houses: HouseRow[] | null; flows: Flow[] | null }>(await executePrepared(tx, sql`
    with props as (
      select p.id, p.name, p.code, p.owner_id, o.name as owner, a.name as aggregator,
             coalesce(p.commission_rate, o.commission_rate, ${dflt})::text as rate,
             a.commission_share::text as share
      from properties p join property_owners o on o.organization_id = p.organization_id and o.id = p.owner_id
      left join aggregators a on a.organization_id = p.organization_id and a.id = p.aggregator_id
      where p.organization_id = ${organizationId} ${propFilter}
    ), alloc as (
      select i.property_id, i.house_id, pa.amount, (p.paid_at at time zone ${TZ})::date as day,
             round(pa.amount * coalesce(pr.commission_rate, o.commission_rate, ${dflt}) / 100, 2) as commission
      from payment_allocations pa
      join payments p on p.organization_id = pa.organization_id and p.id = pa.payment_id
      join invoices i on i.organization_id = pa.organization_id and i.id = pa.invoice_id
      join properties pr on pr.organization_id = i.organization_id and pr.id = i.property_id
      join property_owners o on o.organization_id = pr.organization_id and o.id = pr.owner_id
      where pa.organization_id = ${organizationId} and ${propertyIn(sql`i.property_id`)} and p.status <> 'reversed'
        and (p.paid_at at time zone ${TZ})::date <= ${q.to}
    ), c as (
      select house_id,
        sum(amount) filter (where day >= ${q.from}) as collected, sum(amount) filter (where day < ${q.from}) as collected_before,
        sum(commission) filter (where day >= ${q.from}) as commission, sum(commission) filter (where day < ${q.from}) as commission_before
      from alloc group by house_id
    ), b as (
      select house_id, sum(total) as billed from invoices
      where organization_id = ${organizationId} and ${propertyIn(sql`property_id`)} and status not in ('draft', 'void')
        and issue_date between ${q.from} and ${q.to}
      group by house_id
    ), houses as (
      select h.property_id, h.id as house_id, h.number as house, b.billed::text as billed, c.collected::text as collected,
             c.collected_before::text as collected_before, c.commission::text as commission, c.commission_before::text as commission_before
      from houses h left join b on b.house_id = h.id left join c on c.house_id = h.id
      where h.organization_id = ${organizationId} and ${propertyIn(sql`h.property_id`)}
    ), flows as (
      select 'income' as source, property_id, category, null as borne_by, null as status,
             sum(amount) filter (where date < ${q.from})::text as before, sum(amount) filter (where date >= ${q.from})::text as during
      from incomes where organization_id = ${organizationId} and ${propertyIn(sql`property_id`)} and date <= ${q.to}
      group by property_id, category
      union all
      select 'expense', property_id, category, borne_by, status,
             sum(amount) filter (where date < ${q.from})::text, sum(amount) filter (where date >= ${q.from})::text
      from expenses where organization_id = ${organizationId} and ${propertyIn(sql`property_id`)} and date <= ${q.to}
      group by property_id, category, borne_by, status
    )
    select (select json_agg(p order by p.name, p.id) from props p) as props,
           ${q.owner_id ? sql`(select json_build_object('id', id, 'name', name) from property_owners where organization_id = ${organizationId} and id = ${q.owner_id})` : sql`null::json`} as owner,
           (select json_agg(h order by h.property_id, h.house, h.house_id) from houses h) as houses,
           (select json_agg(f) from flows f) as flows`));
  const props = found?.props ?? [];
  if (!props.length && (q.property_id || !q.owner_id)) throw notFound();
  let owner: PropertyStatement['owner'] = null;
  if (q.owner_id) {
    if (!found?.owner) throw notFound();
    owner = found.owner;
  }
  const rateOf = new Map(props.map((p) => [p.id, p.rate]));
  const houses = found?.houses ?? [];
  const flows = found?.flows ?? [];
  const incomes = flows.filter((f) => f.source === 'income');
  const expenses = flows.filter((f) => f.source === 'expense') as Array<typeof flows[number] & { borne_by: string; status: string }>;

  const sections: PropertySection[] = props.map((p) => {
    const hs = houses.filter((h) => h.property_id === p.id);
    const billed = hs.reduce((s, h) => s + cents(h.billed), 0n);
    const collected = hs.reduce((s, h) => s + cents(h.collected), 0n);
    const commission = hs.reduce((s, h) => s + cents(h.commission), 0n);
    const before = hs.reduce((s, h) => s + cents(h.collected_before) - cents(h.commission_before), 0n);
    const inc = incomes.filter((i) => i.property_id === p.id && !AGENCY_INCOME.includes(i.category));
    const otherIncome = inc.reduce((s, i) => s + cents(i.during), 0n);
    const exp = expenses.filter((e) => e.property_id === p.id);
    const counted = exp.filter((e) => e.borne_by === 'owner' && e.status !== 'pending');
    const expensesOut = counted.reduce((s, e) => s + cents(e.during), 0n);
    const opening = before + inc.reduce((s, i) => s + cents(i.before), 0n) - counted.reduce((s, e) => s + cents(e.before), 0n);
    const share = p.share ? percentOf(commission, p.share) : 0n;
    const moneyIn = collected + otherIncome;
    const moneyOut = expensesOut + commission;
    const byCat = (rows: Array<{ category: string; during: string | null }>) => {
      const m = new Map<string, bigint>();
      for (const r of rows) m.set(r.category, (m.get(r.category) ?? 0n) + cents(r.during));
      return Object.fromEntries([...m].filter(([, v]) => v !== 0n).map(([k, v]) => [k, dec(v)]));
    };
    return {
      property: { id: p.id, name: p.name, code: p.code, owner: p.owner, aggregator: p.aggregator },
      commission_rate: rateOf.get(p.id) ?? '0', aggregator_share_rate: p.share ?? '0',
      houses: hs.map((h) => ({ house_id: h.house_id, house: h.house, billed: dec(cents(h.billed)), collected: dec(cents(h.collected)), arrears: dec(cents(h.billed) - cents(h.collected)) })),
      billed: dec(billed), collected: dec(collected),
      other_income: dec(otherIncome), other_income_by_category: byCat(inc),
      expenses: dec(expensesOut), expenses_by_category: byCat(counted),
      expenses_not_owner: dec(exp.filter((e) => e.borne_by !== 'owner').reduce((s, e) => s + cents(e.during), 0n)),
      unpaid_bills: dec(counted.filter((e) => e.status === 'approved').reduce((s, e) => s + cents(e.during) + cents(e.before), 0n)),
      commission: dec(commission), aggregator_share: dec(share), agency_share: dec(commission - share),
      opening_balance: dec(opening), money_in: dec(moneyIn), money_out: dec(moneyOut), closing_balance: dec(opening + moneyIn - moneyOut),
    };
  });
  const keys = ['billed', 'collected', 'other_income', 'expenses', 'expenses_not_owner', 'unpaid_bills', 'commission', 'aggregator_share', 'agency_share', 'opening_balance', 'money_in', 'money_out', 'closing_balance'] as const;
  const totals = Object.fromEntries(keys.map((k) => [k, dec(sections.reduce((s, x) => s + cents(x[k]), 0n))])) as PropertyStatement['totals'];
  return { from: q.from, to: q.to, owner, properties: sections, totals, amount_due_to_owner: totals.closing_balance };
}

export function propertyStatementTable(s: PropertyStatement): ReportTable {
  const rows: Money[] = [];
  for (const p of s.properties) {
    for (const h of p.houses) rows.push({ property: p.property.name, house: h.house, billed: h.billed, collected: h.collected, arrears: h.arrears });
  }
  const name = s.owner?.name ?? s.properties[0]?.property.name ?? 'property';
  return {
    title: s.owner ? 'Owner statement' : 'Property statement',
    filename: `property-statement-${name.replace(/[^A-Za-z0-9]+/g, '-')}-${s.from}-${s.to}`,
    facts: [
      ...(s.owner ? [['Owner', s.owner.name]] as Array<[string, string]> : [['Property', name], ['Owner', s.properties[0]?.property.owner ?? '']] as Array<[string, string]>),
      ['Period', `${s.from} to ${s.to}`],
      ['Commission', s.properties.map((p) => `${p.property.name} ${p.commission_rate}%`).join(', ')],
    ],
    columns: [
      { key: 'property', label: 'Property', width: 120 }, { key: 'house', label: 'House', width: 70 },
      { key: 'billed', label: 'Billed', money: true }, { key: 'collected', label: 'Collected', money: true }, { key: 'arrears', label: 'Arrears', money: true },
    ],
    rows,
    totals: { property: 'Totals', house: '', billed: s.totals.billed, collected: s.totals.collected, arrears: dec(cents(s.totals.billed) - cents(s.totals.collected)) },
    summary: [
      ['Opening balance', s.totals.opening_balance],
      ['Rent collected', s.totals.collected],
      ['Other income', s.totals.other_income],
      ['Money in', s.totals.money_in],
      ['Expenses (owner)', `-${s.totals.expenses}`],
      ['Management commission', `-${s.totals.commission}`],
      ['Money out', s.totals.money_out],
      ['Closing balance: due to owner', s.amount_due_to_owner, true],
      ['Of the commission, aggregator’s share', s.totals.aggregator_share],
      ['Unpaid bills (approved, not paid)', s.totals.unpaid_bills],
    ],
  };
}

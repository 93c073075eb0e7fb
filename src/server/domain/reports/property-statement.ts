import { sql, type SQL } from 'drizzle-orm';
import { percentOf } from '../../../shared/money.js';
import { formatDay } from '../../../shared/format.js';
import { humanise } from '../../../shared/humanise.js';
import { executePrepared, rowsOf, type Db } from '../../db/client.js';
import { placeholder, rendered } from '../../db/statements.js';
import { notFound } from '../../errors.js';
import { cents, dec } from '../payments/allocation.js';
import { depositLineOf, depositOrChargeLine } from '../billing/deposits.js';
import { addDays, type ReportTable } from './common.js';
import { remittanceRows, remittanceTotals, vatRates, vatRegistered, vatTo, type RemittanceRow } from './owner-account.js';
import { rateOn } from './tax-rates.js';
import type { PropertySection, PropertyStatement } from '../../../shared/money-report-shapes.js';

export type { PropertySection, PropertyStatement };
import { allocatedOn, lateAmount, openOn, organizationAllocations } from './ledger.js';

/** Income categories the agency keeps (not the owner's money). */
export const AGENCY_INCOME = ['commission', 'letting_fee'];

type Money = Record<string, string | null>;

/** A line (invoice_lines `l`) that is not the owner's money: a deposit, or a charge the agency keeps. */
const ownersNot = (organizationId: string) => depositOrChargeLine(organizationId, sql`c.category = 'deposit' or c.kept_by = 'agency'`);

interface Prop { id: string; name: string; code: string | null; owner_id: string; owner: string; aggregator: string | null; rate: string; share: string | null }
/** Per house, each figure at the end of the day before the period (_b) and at its end (_t). */
interface HouseRow {
  property_id: string; house_id: string; house: string;
  billed_b: string | null; billed_t: string | null; owner_b: string | null; owner_t: string | null;
  agency_b: string | null; agency_t: string | null; held_b: string | null; held_t: string | null;
}
interface Flow { source: 'income' | 'expense'; property_id: string; category: string; borne_by: string | null; status: string | null; before: string | null; during: string | null }

const SPLIT = ['billed', 'owner', 'agency', 'held'] as const;

/**
 * The owner's account per property (product.md 4.6). Each invoice's money is split three ways:
 * its deposit lines (held for the tenant: not the owner's), the lines of charges the agency keeps
 * (the agency's income) and the rest — rent, the owner's charges, penalties, move-out
 * adjustments — the owner's. What is paid of an invoice pays its deposit first (deposits.ts),
 * then the owner's part, then the agency's; a deposit applied to arrears at move-out (a negative
 * deposit line) pays the owner's part from the deposit. Each figure is taken from the ledger as it
 * stood at the end of the day before the period and at its end (ledger.ts) and the period shows
 * the difference, so periods chain exactly and a closed period never changes.
 * Money in = the owner's part collected + the owner's other income; money out = owner-borne
 * expenses approved or paid + management commission (rate × collected: property rate, else the
 * owner's, else the organisation default; the rounded commission on everything collected to a day,
 * less the same before the period, so periods add up exactly). The aggregator's share is its
 * commission_share of that commission. Opening = the same sums before `from`; closing = opening +
 * in − out = the amount due to the owner (no remittances are recorded yet).
 */
/** One property, one owner's properties, or (all: the dashboard's due to owners) every one. */
type Query = { property_id?: string; owner_id?: string; all?: boolean; from: string; to: string };
interface Found {
  props: Prop[] | null; owner: { id: string; name: string } | null; houses: HouseRow[] | null; flows: Flow[] | null; applied: Array<{ property_id: string; applied: string }> | null;
  vat_registered: string | null; remittances: RemittanceRow[] | null;
}

/**
 * The ledger of the statement's properties at both ends of the period, in one round trip. With
 * `closingOnly` (every property: the dashboard's due to owners) the figures at the day before the
 * period are not computed (zero): only the closing is meant, and it needs the end alone.
 */
async function ledgerQuery(tx: Db, organizationId: string, q: Query, closingOnly = false): Promise<Found | undefined> {
  // a few hundred invoices a property: starting parallel workers, or compiling the plan (JIT: the
  // estimates for the lateral sums are far off), costs more than it saves; one property's or
  // owner's statement runs on its generic plan, made without them (executePrepared), and the app's
  // connections start with JIT off, so only the organisation's (every property) sets them here
  if (q.all) await tx.execute(sql`select set_config('max_parallel_workers_per_gather', '0', true), set_config('jit', 'off', true)`);
  // built and rendered once per shape, its values filled in per call (db/statements.ts): drizzle's
  // rendering of this statement was 0.2 ms of node CPU every call (--cpu-prof)
  const shape = `property-statement|${[q.property_id, q.owner_id, q.all, closingOnly].map((x) => (x ? 1 : 0)).join('')}`;
  const P = placeholder;
  const statement = rendered(shape, () => ledgerSql(P('org'), {
    property_id: q.property_id && P('property'), owner_id: q.owner_id && P('owner'), all: q.all, from: P('from'), to: P('to'),
  }, P('before'), closingOnly), {
    org: organizationId, property: q.property_id ?? null, owner: q.owner_id ?? null, from: q.from, to: q.to, before: addDays(q.from, -1),
  });
  // one property's: its invoices through the index on property_id, the rest by hash joins (an owner's: see executePrepared)
  const [found] = rowsOf<Found>(await executePrepared(tx, statement, { generic: !q.all, hashJoins: true, noNestedLoops: !!q.property_id }));
  return found;
}

/**
 * ledgerQuery's statement, over placeholders: one statement, one round trip: the properties, the
 * owner, per house the split of its invoices at both ends of the period (`before`: the day before
 * it), and the incomes and expenses, each as JSON (money as text inside it, never a JSON number).
 */
function ledgerSql(organizationId: string, q: Query, before: string, closingOnly: boolean): SQL {
  const propFilter = sql`${q.property_id ? sql`and p.id = ${q.property_id}` : sql``} ${q.owner_id ? sql`and p.owner_id = ${q.owner_id}` : sql``}`;
  // the properties as the planner can see them (a CTE's ids would hide the index on property_id)
  const propertyIn = (column: SQL) => q.property_id ? sql`${column} = ${q.property_id}`
    : q.owner_id ? sql`${column} in (select id from properties where organization_id = ${organizationId} and owner_id = ${q.owner_id})`
    : sql`true`;
  const dflt = sql`(select coalesce(nullif(settings->>'default_commission_rate', ''), '0')::numeric from organizations where id = ${organizationId})`;
  // Per invoice, in one pass, each figure at both ends (_b: the day before the period, _t: its
  // end); an invoice not yet issued or already void on a day counts nothing that day.
  // (the invoices carry whether they are open at each end, worked out once an invoice: eight times
  // an invoice cost a fifth of the statement)
  const skip = (day: string) => closingOnly && day === before;
  const at = (day: string, expr: SQL) => (skip(day) ? sql`0` : sql`case when ${sql.raw(day === before ? 'i.open_b' : 'i.open_t')} then ${expr} else 0 end`);
  /**
   * deposit first, then the owner's part, then the agency's (per invoice, summed per house); most
   * invoices are the owner's alone (not split): what is paid of them is collected (the cheap sums).
   */
  const shares = (e: 'b' | 't') => {
    if (closingOnly && e === 'b') return sql.raw(SPLIT.map((k) => `0 as ${k}_b`).join(', '));
    const [total, paid, deposit, agency] = ['total', 'paid', 'deposit', 'agency'].map((k) => sql.raw(`${k}_${e}`));
    const own = sql`(${total} - ${deposit} - ${agency})`;
    const afterDeposit = sql`(${paid} - least(${paid}, ${deposit}))`;
    return sql`sum(case when split then ${own} else ${total} end) as ${sql.raw(`billed_${e}`)},
      sum(case when split then least(${afterDeposit}, ${own}) else least(${paid}, ${total}) end) as ${sql.raw(`owner_${e}`)},
      sum(case when split then ${afterDeposit} - least(${afterDeposit}, ${own}) else ${paid} - least(${paid}, ${total}) end) as ${sql.raw(`agency_${e}`)},
      sum(case when split then least(${paid}, ${deposit}) else 0 end) as ${sql.raw(`held_${e}`)}`;
  };
  // Per invoice: what is allocated to it at each end, and of its lines those posted or waived after
  // each end (ledger.ts) and those that are not the owner's: deposits, and the charges the agency
  // keeps. A line counts from its posted_on, else its invoice's issue date: inside at(day, …) the
  // invoice is issued by that day, so a line without posted_on is there.
  const postedBy = (day: string) => sql`(l.posted_on is null or l.posted_on <= ${day}::date)`;
  const depositLine = depositLineOf(organizationId);
  const notOwners = ownersNot(organizationId);
  const lineSums = sql`${lateAmount(before)} as late_b, ${lateAmount(q.to)} as late_t,
          bool_or(${notOwners}) as split,
          sum(l.amount) filter (where ${depositLine} and ${postedBy(before)}) as deposit_b,
          sum(l.amount) filter (where ${depositLine} and ${postedBy(q.to)}) as deposit_t,
          sum(l.amount) filter (where ${notOwners} and not ${depositLine} and ${postedBy(before)}) as agency_b,
          sum(l.amount) filter (where ${notOwners} and not ${depositLine} and ${postedBy(q.to)}) as agency_t`;
  const paidSums = sql`${skip(before) ? sql`null::numeric` : sql`sum(pa.amount) filter (where ${allocatedOn(before)})`} as paid_b,
    sum(pa.amount) filter (where ${allocatedOn(q.to)}) as paid_t`;
  const perInvoice = q.all
    // every property (the dashboard's due to owners): each sum once over the organisation's rows,
    // grouped by invoice and hashed, not a lookup per invoice (hundreds of thousands of them); of
    // the lines only those that can count (posted or waived after the day before, or not the
    // owner's): any other line adds nothing to these sums
    ? sql`left join (select pa.invoice_id, ${paidSums} from ${organizationAllocations(organizationId)} pa group by pa.invoice_id) pb on pb.invoice_id = i.id
      left join (
        select l.invoice_id, ${lineSums}
        from invoice_lines l
        where l.organization_id = ${organizationId} and (l.posted_on > ${before}::date or l.waived_on > ${before}::date or ${notOwners})
        group by l.invoice_id
      ) x on x.invoice_id = i.id`
    // the statement's invoices' ids, and their allocations and lines through those ids (one index
    // scan keyed by the array each, never a pass over every allocation or line of a large
    // organisation, whatever plan a prepared statement keeps; nor a lookup node rescanned per invoice)
    : (() => {
      const ids = sql`any((select ids from inv_ids)::text[])`;
      return sql`left join (
        select pa.invoice_id, ${paidSums}
        from (select invoice_id, amount, allocated_on, null::date as released_on from payment_allocations
              where organization_id = ${organizationId} and invoice_id = ${ids}
              union all
              select invoice_id, amount, allocated_on, released_on from payment_allocation_releases
              where organization_id = ${organizationId} and invoice_id = ${ids}) pa
        group by pa.invoice_id
      ) pb on pb.invoice_id = i.id
      left join (
        select l.invoice_id, ${lineSums}
        from invoice_lines l
        where l.organization_id = ${organizationId} and l.invoice_id = ${ids}
        group by l.invoice_id
      ) x on x.invoice_id = i.id`;
    })();
  // every property: one pass over the invoices (a CTE read twice would be materialised: hundreds of
  // thousands of rows); one property: its few invoices, the split ones apart (17 ms against 29 in one pass: bench/reports.ts)
  const perHouse = q.all ? sql`select house_id, ${shares('b')}, ${shares('t')} from inv group by house_id`
    : sql`select house_id, sum(billed_b) as billed_b, sum(owner_b) as owner_b, sum(agency_b) as agency_b, sum(held_b) as held_b,
        sum(billed_t) as billed_t, sum(owner_t) as owner_t, sum(agency_t) as agency_t, sum(held_t) as held_t
      from (
        select house_id, sum(total_b) as billed_b, sum(least(paid_b, total_b)) as owner_b, sum(paid_b - least(paid_b, total_b)) as agency_b, 0 as held_b,
          sum(total_t) as billed_t, sum(least(paid_t, total_t)) as owner_t, sum(paid_t - least(paid_t, total_t)) as agency_t, 0 as held_t
        from inv where not split group by house_id
        union all
        select house_id, ${shares('b')}, ${shares('t')} from inv where split group by house_id
      ) u group by house_id`;
  return sql`
    with props as (
      select p.id, p.name, p.code, p.owner_id, o.name as owner, a.name as aggregator,
             coalesce(p.commission_rate, o.commission_rate, ${dflt})::text as rate,
             a.commission_share::text as share
      from properties p join property_owners o on o.organization_id = p.organization_id and o.id = p.owner_id
      left join aggregators a on a.organization_id = p.organization_id and a.id = p.aggregator_id
      where p.organization_id = ${organizationId} ${propFilter}
    ), ${q.all ? sql`` : sql`inv_rows as materialized (
      -- the statement's invoices, read once: for their ids and for the sums below
      select i.id, i.house_id, i.total, ${openOn(before)} as open_b, ${openOn(q.to)} as open_t from invoices i
      where i.organization_id = ${organizationId} and ${propertyIn(sql`i.property_id`)} and i.status <> 'draft' and i.issue_date <= ${q.to}::date
    ), inv_ids as (
      select array(select id from inv_rows) as ids
    ), `}inv as (
      select i.house_id,
        ${at(before, sql`i.total - coalesce(x.late_b, 0)`)} as total_b, ${at(q.to, sql`i.total - coalesce(x.late_t, 0)`)} as total_t,
        ${at(before, sql`coalesce(pb.paid_b, 0)`)} as paid_b, ${at(q.to, sql`coalesce(pb.paid_t, 0)`)} as paid_t,
        ${at(before, sql`coalesce(x.deposit_b, 0)`)} as deposit_b, ${at(q.to, sql`coalesce(x.deposit_t, 0)`)} as deposit_t,
        ${at(before, sql`coalesce(x.agency_b, 0)`)} as agency_b, ${at(q.to, sql`coalesce(x.agency_t, 0)`)} as agency_t,
        coalesce(x.split, false) as split
      ${q.all
        // offset 0: kept a subquery, so open_b and open_t are worked out once a row, not put back
        // into each use (a sixth of the statement's CPU over 220,000 invoices)
        ? sql`from (select i.id, i.house_id, i.total, ${openOn(before)} as open_b, ${openOn(q.to)} as open_t from invoices i
            where i.organization_id = ${organizationId} and i.status <> 'draft' and i.issue_date <= ${q.to}::date offset 0) i`
        : sql`from inv_rows i`}
      ${perInvoice}
    ), per_house as (
      ${perHouse}
    ),
    house_rows as (
      select h.property_id, h.id as house_id, h.number as house,
             x.billed_b::text as billed_b, x.billed_t::text as billed_t, x.owner_b::text as owner_b, x.owner_t::text as owner_t,
             x.agency_b::text as agency_b, x.agency_t::text as agency_t, x.held_b::text as held_b, x.held_t::text as held_t
      from houses h left join per_house x on x.house_id = h.id
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
    ), applied as (
      -- the deposit taken for the owner at a move-out: applied to arrears and to the deductions
      select h.property_id, sum(ds.applied + ds.deducted)::text as applied
      from deposit_settlements ds
      join leases l on l.organization_id = ds.organization_id and l.id = ds.lease_id
      join houses h on h.organization_id = l.organization_id and h.id = l.house_id
      where ds.organization_id = ${organizationId} and ${propertyIn(sql`h.property_id`)} and coalesce(ds.posted_on, ds.move_out_date) between ${q.from}::date and ${q.to}::date
      group by h.property_id
    )
    select (select json_agg(p order by p.name, p.id) from props p) as props,
           ${q.owner_id ? sql`(select json_build_object('id', id, 'name', name) from property_owners where organization_id = ${organizationId} and id = ${q.owner_id})` : sql`null::json`} as owner,
           (select json_agg(h order by h.property_id, h.house, h.house_id) from house_rows h) as houses,
           (select json_agg(f) from flows f) as flows,
           (select json_agg(a) from applied a) as applied,
           ${vatRegistered(organizationId)} as vat_registered,
           (select json_agg(r order by r.day, r.id, r.voided) from (${remittanceRows(organizationId, q, q.to)}) r) as remittances`;
}

/** What the owner's share of the collections came to by the end of a day, per property. */
async function collectedTo(tx: Db, organizationId: string, q: Query, day: string): Promise<Map<string, bigint>> {
  const found = await ledgerQuery(tx, organizationId, { ...q, from: addDays(day, 1), to: addDays(day, 1) });
  const out = new Map<string, bigint>();
  for (const h of found?.houses ?? []) out.set(h.property_id, (out.get(h.property_id) ?? 0n) + cents(h.owner_b));
  return out;
}

export function propertyStatement(tx: Db, organizationId: string, q: Query): Promise<PropertyStatement> {
  return statementOf(tx, organizationId, q, false);
}

/**
 * What the agency holds for the owners at the end of `day` (the dashboard): every property's
 * closing due, summed, as propertyStatement({ all }) has it. Only the closing is worked out: it
 * needs the ledger at the end alone (opening + in − out telescopes), so the figures at the day
 * before are left out: a fifth less of the pass over the organisation's invoices.
 */
export async function dueToOwners(tx: Db, organizationId: string, day: string): Promise<string> {
  return (await statementOf(tx, organizationId, { all: true, from: day, to: day }, true)).amount_due_to_owner;
}

/** The statement; with `closingOnly`, its figures at the day before the period are zero and only amount_due_to_owner holds. */
async function statementOf(tx: Db, organizationId: string, q: Query, closingOnly: boolean): Promise<PropertyStatement> {
  const before = addDays(q.from, -1);
  const found = await ledgerQuery(tx, organizationId, q, closingOnly);
  const props = found?.props ?? [];
  if (!props.length && !q.all && (q.property_id || !q.owner_id)) throw notFound();
  let owner: PropertyStatement['owner'] = null;
  if (q.owner_id) {
    if (!found?.owner) throw notFound();
    owner = found.owner;
  }
  const houses = found?.houses ?? [];
  const flows = found?.flows ?? [];
  const incomes = flows.filter((f) => f.source === 'income');
  const expenses = flows.filter((f) => f.source === 'expense') as Array<typeof flows[number] & { borne_by: string; status: string }>;
  const appliedOf = new Map((found?.applied ?? []).map((a) => [a.property_id, cents(a.applied)]));
  // the owner's share collected to the end of each day the figures need, per property (not the
  // day before when it was left out: VAT may need it, and then reads it)
  const ends: Array<[string, 'owner_b' | 'owner_t']> = closingOnly ? [[q.to, 'owner_t']] : [[before, 'owner_b'], [q.to, 'owner_t']];
  const collectedOn = new Map<string, Map<string, bigint>>(ends.map(([d]) => [d, new Map()]));
  for (const h of houses) {
    for (const [day, figure] of ends) {
      const m = collectedOn.get(day)!;
      m.set(h.property_id, (m.get(h.property_id) ?? 0n) + cents(h[figure]));
    }
  }
  let earliest: string | null | undefined;
  const collectedAt = async (day: string) => {
    if (!collectedOn.has(day)) {
      // a rate that began before the first invoice (VAT 16 % from 2013) needs no pass over the ledger
      if (earliest === undefined) {
        [{ earliest }] = rowsOf<{ earliest: string | null }>(await tx.execute(sql`select min(issue_date)::text as earliest from invoices where organization_id = ${organizationId}`));
      }
      collectedOn.set(day, earliest === null || day < earliest ? new Map() : await collectedTo(tx, organizationId, q, day));
    }
    return collectedOn.get(day)!;
  };
  // VAT on the commission (a VAT-registered organisation): to the end of the day before the
  // period and of its last day, so periods chain as the commission does
  const vat = await vatRates(tx, organizationId, found?.vat_registered ?? null);
  const vatOf = new Map<string, { before: bigint; to: bigint }>();
  if (vat) {
    for (const p of props) {
      const commissionTo = async (d: string) => percentOf((await collectedAt(d)).get(p.id) ?? 0n, p.rate);
      vatOf.set(p.id, { before: await vatTo(vat, before, commissionTo), to: await vatTo(vat, q.to, commissionTo) });
    }
  }
  const vatRate = vat ? rateOn(vat, q.to)?.rate ?? null : null;
  const remits = remittanceTotals(found?.remittances ?? [], q.from);

  const sections: PropertySection[] = props.map((p) => {
    const hs = houses.filter((h) => h.property_id === p.id).map((h) => {
      const v = Object.fromEntries(SPLIT.flatMap((k) => [[`${k}_b`, cents(h[`${k}_b`])], [`${k}_t`, cents(h[`${k}_t`])]])) as Record<`${typeof SPLIT[number]}_${'b' | 't'}`, bigint>;
      return { ...h, v };
    });
    const sum = (f: (v: (typeof hs)[number]['v']) => bigint) => hs.reduce((s, h) => s + f(h.v), 0n);
    const billed = sum((v) => v.billed_t - v.billed_b);
    const collected = sum((v) => v.owner_t - v.owner_b);
    // what is owed at the end, of every invoice to that day: a period's billed less collected
    // goes negative when older arrears are paid in it
    const arrears = sum((v) => v.billed_t - v.owner_t);
    const collectedBefore = sum((v) => v.owner_b);
    // rounded on everything collected to the day, so the periods' commissions add up exactly
    const commissionBefore = percentOf(collectedBefore, p.rate);
    const commission = percentOf(collectedBefore + collected, p.rate) - commissionBefore;
    const heldOpening = sum((v) => v.held_b);
    const heldClosing = sum((v) => v.held_t);
    const applied = appliedOf.get(p.id) ?? 0n;
    const inc = incomes.filter((i) => i.property_id === p.id && !AGENCY_INCOME.includes(i.category));
    const otherIncome = inc.reduce((s, i) => s + cents(i.during), 0n);
    const exp = expenses.filter((e) => e.property_id === p.id);
    const counted = exp.filter((e) => e.borne_by === 'owner' && e.status !== 'pending');
    const expensesOut = counted.reduce((s, e) => s + cents(e.during), 0n);
    const v = vatOf.get(p.id) ?? { before: 0n, to: 0n };
    const commissionVat = v.to - v.before;
    const paid = remits.byProperty.get(p.id) ?? { before: 0n, during: 0n };
    const opening = collectedBefore - commissionBefore - v.before - paid.before
      + inc.reduce((s, i) => s + cents(i.before), 0n) - counted.reduce((s, e) => s + cents(e.before), 0n);
    const share = p.share ? percentOf(commission, p.share) : 0n;
    const moneyIn = collected + otherIncome;
    const moneyOut = expensesOut + commission + commissionVat + paid.during;
    const byCat = (rows: Array<{ category: string; during: string | null }>) => {
      const m = new Map<string, bigint>();
      for (const r of rows) m.set(r.category, (m.get(r.category) ?? 0n) + cents(r.during));
      return Object.fromEntries([...m].filter(([, v]) => v !== 0n).map(([k, v]) => [k, dec(v)]));
    };
    return {
      property: { id: p.id, name: p.name, code: p.code, owner: p.owner, aggregator: p.aggregator },
      commission_rate: p.rate ?? '0', aggregator_share_rate: p.share ?? '0',
      houses: hs.map((h) => {
        const b = h.v.billed_t - h.v.billed_b;
        const c = h.v.owner_t - h.v.owner_b;
        return { house_id: h.house_id, house: h.house, billed: dec(b), collected: dec(c), arrears: dec(h.v.billed_t - h.v.owner_t) };
      }),
      billed: dec(billed), collected: dec(collected), arrears: dec(arrears),
      other_income: dec(otherIncome), other_income_by_category: byCat(inc),
      expenses: dec(expensesOut), expenses_by_category: byCat(counted),
      expenses_not_owner: dec(exp.filter((e) => e.borne_by !== 'owner').reduce((s, e) => s + cents(e.during), 0n)),
      unpaid_bills: dec(counted.filter((e) => e.status === 'approved').reduce((s, e) => s + cents(e.during) + cents(e.before), 0n)),
      commission: dec(commission), vat_rate: vatRate, commission_vat: dec(commissionVat), paid_out: dec(paid.during),
      aggregator_share: dec(share), agency_share: dec(commission - share),
      agency_charges: dec(sum((v) => v.agency_t - v.agency_b)),
      deposits_opening: dec(heldOpening), deposits_received: dec(heldClosing - heldOpening + applied),
      deposits_applied: dec(applied), deposits_closing: dec(heldClosing),
      opening_balance: dec(opening), money_in: dec(moneyIn), money_out: dec(moneyOut), closing_balance: dec(opening + moneyIn - moneyOut),
    };
  });
  const keys = [
    'billed', 'collected', 'arrears', 'other_income', 'expenses', 'expenses_not_owner', 'unpaid_bills', 'commission', 'commission_vat', 'paid_out',
    'aggregator_share', 'agency_share', 'agency_charges', 'deposits_opening', 'deposits_received', 'deposits_applied', 'deposits_closing',
    'opening_balance', 'money_in', 'money_out', 'closing_balance',
  ] as const;
  const total = (k: typeof keys[number]) => sections.reduce((s, x) => s + cents(x[k]), 0n);
  // an owner's statement also carries the payouts against their whole account (no property)
  const unassigned = q.owner_id || q.all ? remits.byProperty.get(null) ?? { before: 0n, during: 0n } : { before: 0n, during: 0n };
  const extra: Partial<Record<typeof keys[number], bigint>> = {
    paid_out: unassigned.during, money_out: unassigned.during,
    opening_balance: -unassigned.before, closing_balance: -unassigned.before - unassigned.during,
  };
  const totals = Object.fromEntries(keys.map((k) => [k, dec(total(k) + (extra[k] ?? 0n))])) as PropertyStatement['totals'];
  const remittances = remits.lines.filter((l) => l.property_id !== null || q.owner_id || q.all);
  return {
    from: q.from, to: q.to, owner, properties: sections, totals, vat_rate: vatRate,
    unassigned_paid_out: dec(unassigned.during), remittances, amount_due_to_owner: totals.closing_balance,
  };
}

/** A decimal's negative as text (a void can make a period's payouts negative). */
const minus = (v: string) => (cents(v) === 0n ? '0.00' : v.startsWith('-') ? v.slice(1) : `-${v}`);

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
      { key: 'billed', label: 'Billed', money: true }, { key: 'collected', label: 'Collected', money: true }, { key: 'arrears', label: 'Owed at the end', money: true },
    ],
    rows,
    totals: { property: 'Totals', house: '', billed: s.totals.billed, collected: s.totals.collected, arrears: s.totals.arrears },
    summary: [
      ['Opening balance', s.totals.opening_balance],
      ['Collected', s.totals.collected],
      ['Other income', s.totals.other_income],
      ['Money in', s.totals.money_in],
      ['Expenses (owner)', minus(s.totals.expenses)],
      ['Management commission', minus(s.totals.commission)],
      ...(s.vat_rate !== null ? [[`VAT ${s.vat_rate}% on commission`, minus(s.totals.commission_vat)]] as Array<[string, string]> : []),
      ['Paid out to the owner', minus(s.totals.paid_out)],
      // each payout of the period, as the screen lists them (a void takes one back on its day)
      ...s.remittances.map((r): [string, string] => [
        `of which ${formatDay(r.date)} · ${humanise(r.method)}${r.reference ? ` · ${r.reference}` : ''}${r.voided ? ' (voided)' : ''}`, minus(r.amount),
      ]),
      ['Money out', s.totals.money_out],
      ['Closing balance: due to owner', s.amount_due_to_owner, true],
      ['Of the commission, aggregator’s share', s.totals.aggregator_share],
      ['Unpaid bills (approved, not paid)', s.totals.unpaid_bills],
      ['Charges kept by the agency (not the owner’s)', s.totals.agency_charges],
      ['Deposits held for tenants at the start (not the owner’s)', s.totals.deposits_opening],
      ['Deposits received', s.totals.deposits_received],
      ['Deposits applied to arrears and deductions at move-out', s.totals.deposits_applied],
      ['Deposits held for tenants at the end', s.totals.deposits_closing],
    ],
  };
}

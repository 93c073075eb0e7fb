// A property's rent roll (product.md 3, properties: "rent roll; occupancy"): every house with its
// current tenant and lease, the rent it is let at, the deposit held, what is owed and how much of
// that is overdue, and the property's totals — houses, occupied, vacant, occupancy, the rent roll
// (rents of the current leases), the rent if every house were let, deposits, balances, arrears.
import { sql, type SQL } from 'drizzle-orm';
import { executePrepared, rowsOf, type Db } from '../../db/client.js';
import { placeholder, rendered } from '../../db/statements.js';
import { notFound } from '../../errors.js';
import { cents, dec } from '../payments/allocation.js';
import type { RentRoll, RentRollRow } from '../../../shared/report-shapes.js';
import { today, type ReportTable } from './common.js';

export type { RentRoll, RentRollRow, RentRollTotals } from '../../../shared/report-shapes.js';

/** occupied ÷ houses as a percentage with one decimal, rounded half up, in integers. */
export function occupancyOf(occupied: number, houses: number): string {
  if (!houses) return '0.0';
  const tenths = Math.floor((occupied * 2000 + houses) / (2 * houses));
  return `${Math.floor(tenths / 10)}.${tenths % 10}`;
}

const byNumber = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * The lease holding each house is its active one or the one on notice (at most one: leases.ts).
 * Balance: that lease's issued invoices not yet paid, less the credit on the payments recorded
 * against it; arrears: the part of those invoices past their due date as of today (Nairobi);
 * deposit held: the paid part of the lease's deposit lines (a deposit line is paid first).
 */
export async function rentRoll(tx: Db, organizationId: string, propertyId: string, opts: { money: boolean }): Promise<RentRoll> {
  const asOf = today();
  // One statement, one round trip (prepared, its generic plan from the first run), built and
  // rendered once (its values placeholders): the property and its houses' rows as JSON (money as
  // text inside it, never a JSON number).
  const [found] = rowsOf<{ property: RentRoll['property'] | null; houses: Array<Omit<RentRollRow, 'let'> & { house_rent: string }> | null }>(await executePrepared(tx,
    rendered('rent roll', () => rentRollSql(placeholder('org'), placeholder('property'), placeholder('as_of')), { org: organizationId, property: propertyId, as_of: asOf }),
    { generic: true }));
  const property = found?.property;
  if (!property) throw notFound();
  const raw = found.houses ?? [];

  const rows: RentRollRow[] = raw
    .map(({ house_rent, ...r }) => {
      const isLet = r.lease_id !== null;
      return {
        ...r,
        rent: dec(cents(isLet ? r.rent : house_rent)),
        let: isLet,
        deposit_held: opts.money && isLet ? dec(cents(r.deposit_held)) : null,
        balance: opts.money && isLet ? dec(cents(r.balance)) : null,
        arrears: opts.money && isLet ? dec(cents(r.arrears)) : null,
      };
    })
    .sort((a, b) => byNumber.compare(a.number, b.number) || a.house_id.localeCompare(b.house_id));

  const sum = (pick: (r: RentRollRow) => string | null, only = (_r: RentRollRow) => true) =>
    rows.filter(only).reduce((s, r) => s + cents(pick(r)), 0n);
  const occupied = rows.filter((r) => r.let).length;
  return {
    property, as_of: asOf, money: opts.money, rows,
    totals: {
      houses: rows.length,
      occupied,
      vacant: rows.length - occupied,
      reserved: rows.filter((r) => !r.let && r.status === 'reserved').length,
      unavailable: rows.filter((r) => !r.let && r.status === 'unavailable').length,
      occupancy: occupancyOf(occupied, rows.length),
      rent_roll: dec(sum((r) => r.rent, (r) => r.let)),
      potential_rent: dec(sum((r) => r.rent)),
      deposit_held: opts.money ? dec(sum((r) => r.deposit_held)) : null,
      balance: opts.money ? dec(sum((r) => r.balance)) : null,
      arrears: opts.money ? dec(sum((r) => r.arrears)) : null,
    },
  };
}

/**
 * rentRoll's one statement. The organisation as a constant on every table, and per house the
 * figures of its current lease through that lease's indexes (lateral): a property's few houses,
 * never a hash of every tenant or lease of a large organisation (the planner misjudges how many
 * houses a property has).
 */
function rentRollSql(org: string, propertyId: string, asOf: string): SQL {
  return sql`
    select (select row_to_json(p) from (
        select p.id, p.name, p.code, o.name as owner
        from properties p left join property_owners o on o.organization_id = p.organization_id and o.id = p.owner_id
        where p.organization_id = ${org} and p.id = ${propertyId}
    ) p) as property,
    (select json_agg(r) from (
        select h.id as house_id, h.number, h.account_code, ht.name as house_type, h.status, h.rent::text as house_rent,
               t.id as tenant_id, t.name as tenant, t.phone, c.id as lease_id, c.status as lease_status,
               c.start_date::text as start_date, c.end_date::text as end_date, c.rent::text as rent,
               coalesce(hd.held, 0)::text as deposit_held,
               (coalesce(o.balance, 0) - coalesce(cr.credit, 0))::text as balance,
               coalesce(o.arrears, 0)::text as arrears
        from houses h
        left join house_types ht on ht.organization_id = ${org} and ht.id = h.house_type_id
        -- at most one each (leases_house_id_unique, the tenant's key): the limit keeps the lookup per
        -- house through the index rather than a join the planner may hash
        left join lateral (
          select c.id, c.status, c.start_date, c.end_date, c.rent, c.tenant_id from leases c
          where c.organization_id = ${org} and c.house_id = h.id and c.status in ('active', 'notice') limit 1
        ) c on true
        left join lateral (select t.id, t.name, t.phone from tenants t where t.organization_id = ${org} and t.id = c.tenant_id limit 1) t on true
        left join lateral (
          select sum(i.balance) as balance, sum(i.balance) filter (where i.due_date < ${asOf}) as arrears
          from invoices i
          where i.organization_id = ${org} and i.lease_id = c.id and i.status not in ('draft', 'void')
        ) o on true
        left join lateral (
          select sum(p.unallocated) as credit from payments p
          where p.organization_id = ${org} and p.lease_id = c.id and p.status = 'allocated'
        ) cr on true
        left join lateral (
          select sum(least(i.paid, d.deposit)) as held
          from invoices i
          cross join lateral (
            select sum(l.amount) as deposit from invoice_lines l
            join charges ch on ch.organization_id = l.organization_id and ch.id = l.charge_id
            where l.organization_id = ${org} and l.invoice_id = i.id and ch.category = 'deposit' and not l.waived
          ) d
          -- the invoices with deposit lines
          where i.organization_id = ${org} and i.lease_id = c.id and i.status <> 'void' and d.deposit is not null
        ) hd on true
        where h.organization_id = ${org} and h.property_id = ${propertyId}
    ) r) as houses`;
}

const STATUS: Record<string, string> = { vacant: 'Vacant', occupied: 'Occupied', reserved: 'Reserved', unavailable: 'Unavailable' };

export function rentRollTable(r: RentRoll): ReportTable {
  const t = r.totals;
  const money = r.money
    ? [{ key: 'deposit_held', label: 'Deposit held', money: true }, { key: 'balance', label: 'Balance', money: true }, { key: 'arrears', label: 'Arrears', money: true }]
    : [];
  return {
    title: 'Rent roll',
    filename: `rent-roll-${(r.property.code || r.property.name).replace(/[^A-Za-z0-9]+/g, '-')}-${r.as_of}`,
    facts: [
      ['Property', [r.property.name, r.property.code && `(${r.property.code})`].filter(Boolean).join(' ')],
      ['Owner', r.property.owner ?? ''],
      ['As of', r.as_of],
      ['Houses', String(t.houses)],
      ['Occupied', `${t.occupied} (${t.occupancy}%)`],
      ['Vacant', `${t.vacant}${t.reserved || t.unavailable ? ` (reserved ${t.reserved}, unavailable ${t.unavailable})` : ''}`],
    ],
    columns: [
      { key: 'number', label: 'House', width: 44 }, { key: 'account_code', label: 'Account', width: 52 },
      { key: 'house_type', label: 'Type', width: 56 }, { key: 'status', label: 'Status', width: 48 },
      { key: 'tenant', label: 'Tenant', width: 84 }, { key: 'start_date', label: 'Start', width: 50 }, { key: 'end_date', label: 'End', width: 50 },
      { key: 'rent', label: 'Rent', money: true }, ...money,
    ],
    rows: r.rows.map((x) => ({
      number: x.number, account_code: x.account_code, house_type: x.house_type, status: STATUS[x.status] ?? x.status,
      tenant: x.tenant, start_date: x.start_date, end_date: x.end_date ?? (x.let ? 'Periodic' : null),
      rent: x.let ? x.rent : null, deposit_held: x.deposit_held, balance: x.balance, arrears: x.arrears,
    })),
    totals: { number: 'Totals', tenant: `${t.occupied} of ${t.houses} let`, rent: t.rent_roll, deposit_held: t.deposit_held, balance: t.balance, arrears: t.arrears },
    summary: [
      ['Rent roll (current leases)', t.rent_roll, true],
      ['Rent with every house let (vacant ones at their asking rent)', t.potential_rent],
      ...(r.money ? [['Deposits held', t.deposit_held!], ['Balance owed', t.balance!], ['Arrears (overdue)', t.arrears!, true]] as Array<[string, string, boolean?]> : []),
    ],
  };
}

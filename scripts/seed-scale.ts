// `npm run seed:scale`: a large organisation (≥ 200,000 invoices with their lines, payments and
// allocations, 20,000 tenants, 5,000 houses, with the owners, properties, house types and leases
// their foreign keys need) plus 200 small
// ones, on PostgreSQL (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/keja_scale; the
// database is created when missing and migrated). Set-based SQL (INSERT … SELECT generate_series)
// in one transaction as the owner (a superuser bypasses row-level security), then VACUUM ANALYZE.
// The list counters of migration 0003 are kept by their statement-level triggers: one ledger row
// per organisation and statement, so the bulk inserts stay cheap.
//
// Idempotent: when the large organisation already has its invoices it says so and stops; a run
// that failed half-way left nothing but the login and the empty organisation, which the next run
// reuses. Prints the login (email, password) and the organisation id for `npm run bench`.
//
// SCALE_FACTOR (bench/scale.ts, default 1) shrinks every count: the bench's short mode seeds 0.02
// into keja_scale_short (4,400 invoices in the large organisation, 4 small ones).

import pg from 'pg';
import { eq, sql } from 'drizzle-orm';
import { ulid } from 'ulid';
import { openDatabase, rowsOf } from '../src/server/db/client.js';
import { memberships, organizations, users } from '../src/server/db/schema.js';
import { createOrganization } from '../src/server/domain/organizations.js';
import { hashPassword } from '../src/server/auth/passwords.js';
import { SCALE, SCALE_DATABASE_URL, SCALE_EMAIL, SCALE_ORGANIZATION, SCALE_PASSWORD, SMALL } from '../bench/scale.js';

interface Sizes {
  owners: number;
  properties: number;
  houseTypes: number;
  houses: number;
  tenants: number;
  months: number;
}

const FIRST = ['Wanjiru', 'Achieng', 'Kamau', 'Otieno', 'Njeri', 'Mwangi', 'Akinyi', 'Kiprop', 'Chebet', 'Mutua', 'Wambui',
  'Odhiambo', 'Nafula', 'Barasa', 'Jeptoo', 'Kariuki', 'Atieno', 'Ochieng', 'Muthoni', 'Kipchoge', 'Halima', 'Abdi', 'Zawadi'];
const LAST = ['Kamau', 'Otieno', 'Mwangi', 'Njoroge', 'Wafula', 'Kiptoo', 'Omondi', 'Mutiso', 'Wekesa', 'Kilonzo', 'Cheruiyot',
  'Nyambura', 'Onyango', 'Maina', 'Rotich', 'Kimani', 'Hassan', 'Ruto', 'Ndungu'];
const PLACES = ['Kilimani', 'Kileleshwa', 'Westlands', 'South B', 'South C', 'Embakasi', 'Kasarani', 'Roysambu', 'Ruaka',
  'Kitengela', 'Rongai', 'Syokimau', 'Donholm', 'Buruburu', 'Lavington', 'Parklands', 'Ngong', 'Thika Road'];
const COUNTIES = ['nairobi', 'kiambu', 'machakos', 'kajiado', 'nakuru', 'mombasa', 'kisumu'];
const HOUSE_TYPES = ['Bedsitter', 'Single room', 'One bedroom', 'Two bedroom', 'Three bedroom', 'Shop', 'Studio', 'Maisonette'];

const arr = (xs: string[]) => `ARRAY[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(',')}]`;
const pick = (xs: string[], expr: string) => `(${arr(xs)})[1 + ((${expr}) % ${xs.length})]`;
/**
 * A 26-character id like a ulid: a two-letter kind, its organisation's mark (`org`, an SQL
 * expression; none for an organisation's own id) and a number; deterministic, so reruns never
 * collide. Unique across organisations, as ulids are: the same ids in every organisation made the
 * planner see each one fifty times over (one house's 44 invoices estimated at 2,135).
 */
const sid = (kind: string, expr: string, org: string | null = 'o.org') => (org === null
  ? `'${kind}' || lpad(upper(to_hex(${expr})), 24, '0')`
  : `'${kind}' || upper(substr(md5(${org}), 1, 8)) || lpad(upper(to_hex(${expr})), 16, '0')`);
const personName = (g: string) => `${pick(FIRST, g)} || ' ' || ${pick(LAST, `(${g}) / 7 + (${g})`)}`;
const phone = (g: string, lead = '7') => `'+254${lead}' || lpad((((${g}) * 7919) % 99999999)::text, 8, '0')`;

/**
 * The statements that fill every organisation of `orgs` (a query with one column, `org`) with
 * `s` rows. Foreign keys follow from arithmetic on the series number, so no statement reads
 * back what another wrote: property p belongs to owner 1 + (p-1) % owners, house h sits in
 * property 1 + (h-1) % properties, tenant g holds lease g on house 1 + (g-1) % houses (the first
 * `houses` leases active, the others ended), and lease g has `months` consecutive monthly invoices.
 */
function fill(orgs: string, s: Sizes): Array<[string, string]> {
  const from = (n: number) => `from (${orgs}) o cross join generate_series(1, ${n}) g`;
  const ownerOfProperty = (p: string) => `(1 + ((${p}) - 1) % ${s.owners})`;
  const propertyOfHouse = (h: string) => `(1 + ((${h}) - 1) % ${s.properties})`;
  const houseOfLease = (l: string) => `(1 + ((${l}) - 1) % ${s.houses})`;
  const rentOfHouse = (h: string) => `(6000 + ((${h}) % 12) * 2500)::numeric(14,2)`;
  const leaseStart = (l: string) => `(date '2023-01-01' + make_interval(months => ((${l}) % 13)::int))::date`;
  const idx = `((l.g - 1) * ${s.months} + k)`;
  return [
    ['owners', `
      insert into property_owners (organization_id, id, kind, name, id_number, phone, email, payout_method, payout_mpesa_phone, commission_rate)
      select o.org, ${sid('PO', 'g')}, ${pick(['individual', 'individual', 'company', 'chama', 'sacco'], 'g')}, ${personName('g')},
        lpad((20000000 + g * 37)::text, 8, '0'), ${phone('g')}, 'owner' || g || '@example.co.ke', 'mpesa', ${phone('g')}, 7.5
      ${from(s.owners)}`],
    ['properties', `
      insert into properties (organization_id, id, name, code, owner_id, kind, county, town, address, due_day, grace_days)
      select o.org, ${sid('PR', 'g')}, ${pick(PLACES, 'g')} || ' ' || ${pick(['Court', 'Apartments', 'Gardens', 'Heights', 'Plaza', 'Villas'], 'g / 3')} || ' ' || g,
        'P' || lpad(g::text, 4, '0'), ${sid('PO', ownerOfProperty('g'))}, ${pick(['residential', 'residential', 'mixed', 'commercial'], 'g')},
        ${pick(COUNTIES, 'g')}, ${pick(PLACES, 'g')}, 'Plot ' || g || ', ' || ${pick(PLACES, 'g')}, 5, 3
      ${from(s.properties)}`],
    ['house types', `
      insert into house_types (organization_id, id, name, default_rent, default_deposit)
      select o.org, ${sid('HT', 'g')}, ${pick(HOUSE_TYPES, 'g - 1')}, 6000 + g * 2500, 6000 + g * 2500
      ${from(s.houseTypes)}`],
    ['houses', `
      insert into houses (organization_id, id, property_id, owner_id, house_type_id, number, account_code, block, floor, rent, deposit, water_meter, status)
      select o.org, ${sid('HO', 'g')}, ${sid('PR', propertyOfHouse('g'))}, ${sid('PO', ownerOfProperty(propertyOfHouse('g')))},
        ${sid('HT', `1 + g % ${s.houseTypes}`)}, chr(65 + (g % 6)) || lpad((g / 6)::text, 3, '0'), 'H' || lpad(g::text, 6, '0'),
        chr(65 + (g % 6)), ((g / 6) % 8)::text, ${rentOfHouse('g')}, ${rentOfHouse('g')}, 'WM' || lpad(g::text, 7, '0'), 'occupied'
      ${from(s.houses)}`],
    ['tenants', `
      insert into tenants (organization_id, id, kind, name, id_number, phone, email, next_of_kin, next_of_kin_phone, employer, sms_opt_in)
      select o.org, ${sid('TE', 'g')}, case when g % 25 = 0 then 'company' else 'individual' end, ${personName('g * 3 + 1')},
        lpad((30000000 + g * 13)::text, 8, '0'), ${phone('g * 3 + 11')},
        lower(${pick(FIRST, 'g * 3 + 1')}) || '.' || g || '@example.co.ke', ${personName('g * 5 + 2')}, ${phone('g * 5 + 2', '1')},
        ${pick(['Safaricom', 'KCB', 'Equity Bank', 'Kenya Power', 'Self-employed', 'County Government', 'Twiga Foods'], 'g')}, g % 9 <> 0
      ${from(s.tenants)}`],
    ['leases', `
      insert into leases (organization_id, id, tenant_id, house_id, start_date, end_date, rent, deposit, billing_frequency, due_day, status, move_out_date)
      select o.org, ${sid('LE', 'g')}, ${sid('TE', 'g')}, ${sid('HO', houseOfLease('g'))}, ${leaseStart('g')},
        case when g > ${s.houses} then (${leaseStart('g')} + make_interval(months => ${s.months}))::date - 1 end,
        ${rentOfHouse(houseOfLease('g'))}, ${rentOfHouse(houseOfLease('g'))}, 'monthly', 5,
        case when g > ${s.houses} then 'ended' else 'active' end,
        case when g > ${s.houses} then (${leaseStart('g')} + make_interval(months => ${s.months}))::date - 1 end
      ${from(s.tenants)}`],
    ['invoices', `
      insert into invoices (organization_id, id, number, lease_id, tenant_id, house_id, property_id, period_start, period_end,
        issue_date, due_date, total, paid, balance, status, void_reason, voided_at)
      select l.org, ${sid('IN', idx, 'l.org')}, case when st = 'draft' then null else 'INV-' || lpad(${idx}::text, 7, '0') end,
        ${sid('LE', 'l.g', 'l.org')}, ${sid('TE', 'l.g', 'l.org')}, ${sid('HO', houseOfLease('l.g'), 'l.org')}, ${sid('PR', propertyOfHouse(houseOfLease('l.g')), 'l.org')},
        ps, (ps + interval '1 month' - interval '1 day')::date, ps, ps + 4, rent,
        case st when 'paid' then rent when 'partially_paid' then round(rent / 2, 2) else 0 end,
        case st when 'paid' then 0 when 'partially_paid' then rent - round(rent / 2, 2) when 'void' then 0 else rent end,
        st, case when st = 'void' then 'Billed in error' end, case when st = 'void' then ps + 10 end
      from (select o.org, g ${from(s.tenants)}) l
      cross join generate_series(1, ${s.months}) k
      cross join lateral (select (${leaseStart('l.g')} + make_interval(months => k - 1))::date as ps,
                                 ${rentOfHouse(houseOfLease('l.g'))} as rent,
                                 case when (l.g + k) % 53 = 0 then 'void'
                                      when k <= ${s.months} - 3 then 'paid'
                                      when k = ${s.months} - 2 then 'partially_paid'
                                      when k = ${s.months} - 1 then 'issued'
                                      when l.g % 5 = 0 then 'draft'
                                      else 'issued' end as st) x`],
    // the money behind the invoices, as the services would have written it: a rent line each, and
    // for what is paid one M-Pesa payment the day before the due date, allocated to it
    ['payment channels', `
      insert into payment_channels (organization_id, id, name, kind, number, is_default)
      select o.org, ${sid('CH', '1')}, 'M-Pesa paybill', 'mpesa_paybill', '4015532', true from (${orgs}) o`],
    ['invoice lines', `
      insert into invoice_lines (organization_id, id, invoice_id, position, kind, description, quantity, rate, amount)
      select i.organization_id, 'IL' || substr(i.id, 3), i.id, 0, 'rent', 'Rent ' || to_char(i.period_start, 'Mon YYYY'), 1, i.total, i.total
      from invoices i where i.organization_id in (select org from (${orgs}) o)`],
    ['payments', `
      insert into payments (organization_id, id, receipt_number, tenant_id, lease_id, channel_id, method, external_reference, amount, paid_at,
        account_reference, unallocated, status)
      select i.organization_id, 'PM' || substr(i.id, 3), 'RCT-' || substr(i.number, 5), i.tenant_id, i.lease_id, ${sid('CH', '1', 'i.organization_id')}, 'mpesa',
        'QK' || upper(right(i.id, 8)), i.paid, ((i.due_date - 1) + time '09:30') at time zone 'Africa/Nairobi', 'H' || right(i.house_id, 6), 0, 'allocated'
      from invoices i where i.organization_id in (select org from (${orgs}) o) and i.paid > 0`],
    ['allocations', `
      insert into payment_allocations (organization_id, id, payment_id, position, invoice_id, amount, allocated_on)
      select i.organization_id, 'PA' || substr(i.id, 3), 'PM' || substr(i.id, 3), 0, i.id, i.paid, greatest(i.due_date - 1, i.issue_date)
      from invoices i where i.organization_id in (select org from (${orgs}) o) and i.paid > 0`],
  ];
}

async function ensureDatabase(url: string) {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const c = new pg.Client({ connectionString: admin.toString() });
  await c.connect();
  try {
    const { rowCount } = await c.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) {
      await c.query(`create database "${name.replace(/"/g, '""')}"`);
      console.log(`created database ${name}`);
    }
  } finally {
    await c.end();
  }
}

const seconds = (t0: number) => `${((Date.now() - t0) / 1000).toFixed(1)} s`;

async function main() {
  const url = SCALE_DATABASE_URL;
  const started = Date.now();
  await ensureDatabase(url);
  const database = await openDatabase({ databaseUrl: url });
  const db = database.db;
  console.log(`migrated ${url.replace(/:[^:@/]*@/, ':***@')} (${seconds(started)})`);
  try {
    // the login: a user, then the organisation through the domain (roles, membership, Administrator)
    const passwordHash = await hashPassword(SCALE_PASSWORD);
    let [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, SCALE_EMAIL));
    if (user) await db.update(users).set({ password_hash: passwordHash, status: 'active' }).where(eq(users.id, user.id));
    else {
      user = { id: ulid() };
      await db.insert(users).values({ id: user.id, name: 'Scale Administrator', email: SCALE_EMAIL, phone: '+254700000001', password_hash: passwordHash });
    }
    const [existing] = rowsOf<{ id: string }>(await db.execute(sql`
      select o.id from ${organizations} o join ${memberships} m on m.organization_id = o.id
      where o.name = ${SCALE_ORGANIZATION} and m.user_id = ${user.id} order by o.created_at limit 1`));
    const orgId = existing?.id ?? (await createOrganization(db, user.id, { name: SCALE_ORGANIZATION, email: 'office@mega-estates.co.ke', phone: '+254720000000', address: 'Upper Hill, Nairobi' })).id;
    await db.update(users).set({ last_organization_id: orgId }).where(eq(users.id, user.id));

    const [{ n }] = rowsOf<{ n: string }>(await db.execute(sql`select count(*) as n from invoices where organization_id = ${orgId}`));
    if (Number(n) > 0) {
      console.log(`\n${SCALE_ORGANIZATION} already exists with ${Number(n).toLocaleString('en')} invoices: nothing to do.`);
    } else {
      await seed(url, orgId);
    }
    console.log(`\nLogin:        ${SCALE_EMAIL} / ${SCALE_PASSWORD}`);
    console.log(`Organisation: ${SCALE_ORGANIZATION} (${orgId})`);
    console.log(`Database:     ${url.replace(/:[^:@/]*@/, ':***@')}`);
    console.log(`Total time:   ${seconds(started)}`);
  } finally {
    await database.close();
  }
}

async function seed(url: string, orgId: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query('begin');
    await c.query(`set local synchronous_commit = off`);
    await c.query(`set local work_mem = '64MB'`);
    const run = async (label: string, text: string, params: unknown[] = []) => {
      const t0 = Date.now();
      const r = await c.query(text, params);
      console.log(`  ${label.padEnd(32)} ${String(r.rowCount ?? '').padStart(9)} rows  ${seconds(t0)}`);
    };
    console.log(`${SCALE_ORGANIZATION}:`);
    const big = `select '${orgId}'::text as org`;
    for (const [label, text] of fill(big, { ...SCALE })) await run(label, text);

    console.log(`${SMALL.organizations} small organisations:`);
    // deterministic ids: a rerun after a failure collides loudly instead of doubling them
    await run('organisations', `
      insert into organizations (id, name, email, phone)
      select ${sid('OS', 'g', null)}, ${pick(PLACES, 'g')} || ' Agencies ' || g, 'office' || g || '@agency.co.ke', ${phone('g', '2')}
      from generate_series(1, ${SMALL.organizations}) g`);
    const small = `select ${sid('OS', 'g', null)} as org from generate_series(1, ${SMALL.organizations}) g`;
    for (const [label, text] of fill(small, { ...SMALL, houseTypes: 3 })) await run(label, text);
    const t0 = Date.now();
    await c.query('commit');
    console.log(`  commit ${seconds(t0)}`);

    const t1 = Date.now();
    for (const table of ['organizations', 'property_owners', 'properties', 'house_types', 'houses', 'tenants', 'leases', 'invoices',
      'invoice_lines', 'payment_channels', 'payments', 'payment_allocations', 'list_counts']) {
      await c.query(`vacuum (analyze) ${table}`);
    }
    console.log(`  vacuum analyze ${seconds(t1)}`);
  } catch (err) {
    await c.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    await c.end();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

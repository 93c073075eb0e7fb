import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, getTableName, inArray, sql } from 'drizzle-orm';
import { pgTable, text } from 'drizzle-orm/pg-core';
import { ulid } from 'ulid';
import { resourceByName, storedResources } from '../../../resources/index.js';
import { inScope, rowsOf, type Database, type Db } from '../../../src/server/db/client.js';
import { properties, resourceTables, tenants, type ResourceTable } from '../../../src/server/db/resource-tables.js';
import { countTotal, exactAtAnySize } from '../../../src/server/crud/count.js';
import { listRecords } from '../../../src/server/crud/repository.js';
import { parseListQuery } from '../../../src/server/crud/query-parser.js';
import { moveTenantsBackAndForth } from './movers.js';
import { onPostgres, testDatabase } from '../helpers.js';

// Per-value totals of the filterable choice fields (src/server/crud/count.ts, migration
// 0023_list_choice_counts): a list filtered on one choice field (`{"kind": "company"}`, a one-of
// list, null included) reads its exact total from a ledger of deltas kept by statement-level
// triggers. These say it stays equal to count(*) through every kind of write, in every snapshot
// (PostgreSQL only: concurrent writers), and that one organisation never sees another's.

let database: Database;
let db: Db;

beforeAll(async () => {
  database = await testDatabase();
  db = database.db;
});
afterAll(() => database.close());

const tenantsResource = resourceByName('tenants')!;
const propertiesResource = resourceByName('properties')!;

const one = async <T>(q: ReturnType<typeof sql>, on: Db = db) => rowsOf<T>(await on.execute(q))[0];

/** The total a list filtered on `filter` reports in `org` (as keja_app, in scope; the page carries it). */
async function listed(org: string, filter: Record<string, unknown>, resource = tenantsResource): Promise<number> {
  return inScope(db, { tenant: org }, async (tx) => {
    const q = parseListQuery(resource, { filter: JSON.stringify(filter), range: '[0,0]' });
    return (await listRecords(tx, resource, org, q)).total;
  });
}

/** The real count(*) (as the owner: no row-level security). */
async function actual(org: string, column: string, values: Array<string | null>, table = 'tenants'): Promise<number> {
  const c = sql.identifier(column);
  const known = values.filter((v): v is string => v !== null);
  const parts = [...(known.length ? [sql`${c} in (${sql.join(known.map((v) => sql`${v}`), sql`, `)})`] : []), ...(values.includes(null) ? [sql`${c} is null`] : [])];
  return Number((await one<{ n: string }>(sql`select count(*) as n from ${sql.identifier(table)} where organization_id = ${org} and (${sql.join(parts, sql` or `)})`)).n);
}

/** Every value's ledger sum and count(*) of one field, side by side (as the owner; zero sums left out). */
async function perValue(org: string, field: string, table = 'tenants') {
  const ledger = rowsOf<{ value: string | null; n: string }>(await db.execute(sql`
    select value, sum(n) as n from list_choice_counts where organization_id = ${org} and table_name = ${table} and field = ${field}
    group by value having sum(n) <> 0 order by value`)).map((r) => [r.value, Number(r.n)]);
  const counted = rowsOf<{ value: string | null; n: string }>(await db.execute(sql`
    select ${sql.identifier(field)}::text as value, count(*) as n from ${sql.identifier(table)} where organization_id = ${org}
    group by 1 order by 1`)).map((r) => [r.value, Number(r.n)]);
  return { ledger, counted };
}

async function ledgerRows(org: string, table = 'tenants'): Promise<number> {
  return Number((await one<{ n: string }>(sql`select count(*) as n from list_choice_counts where organization_id = ${org} and table_name = ${table}`)).n);
}

const tenantRows = (org: string, n: number, kind = 'individual') =>
  Array.from({ length: n }, (_, i) => ({ organization_id: org, id: ulid(), name: `Tenant ${i}`, phone: '+254712345678', kind }));

function insertTenants(org: string, n: number, kind = 'individual') {
  return inScope(db, { tenant: org }, (tx) => tx.insert(tenants).values(tenantRows(org, n, kind)).returning({ id: tenants.id }));
}

const idList = (xs: Array<{ id: string }>) => sql.join(xs.map((r) => sql`${r.id}`), sql`, `);

describe('per-value counters', () => {
  it('are kept for every filterable choice, date and money field of every area, and not on the ledgers', async () => {
    const kept = rowsOf<{ relname: string; fields: string[] }>(await db.execute(sql`
      select c.relname, (string_to_array(encode(g.tgargs, 'escape'), '\\000'))[1:g.tgnargs] as fields
      from pg_trigger g join pg_class c on c.oid = g.tgrelid where g.tgname = 'list_choice_counts_update'`));
    const byTable = new Map(kept.map((r) => [r.relname, [...r.fields].sort()]));
    for (const r of storedResources) {
      // and the filterable dates' (per day, migration 0026) and amounts' (per bucket, migration 0027)
      const fields = r.fields.filter((f) => (f.kind === 'choice' || f.kind === 'date' || f.kind === 'money') && f.filter && !f.unique).map((f) => f.key).sort();
      const table = getTableName(resourceTables[r.name]);
      if (fields.length) expect(byTable.get(table), r.name).toEqual(fields);
      else expect(byTable.has(table), r.name).toBe(false);
      for (const child of r.children) expect(child.fields.some((f) => f.kind === 'choice' && f.filter), child.table).toBe(false);
    }
    const onLedgers = rowsOf<{ n: number }>(await db.execute(sql`
      select count(*)::int as n from pg_trigger where tgrelid in ('list_counts'::regclass, 'list_choice_counts'::regclass)`))[0].n;
    expect(onLedgers).toBe(0);
  });

  it('stay exact through inserts, deletes, value-changing updates and rollbacks by the app role', async () => {
    const a = ulid();
    const b = ulid();
    expect(await listed(a, { kind: 'company' })).toBe(0);
    const people = await insertTenants(a, 30);
    const firms = await insertTenants(a, 12, 'company');
    await insertTenants(b, 7, 'company');
    expect([await listed(a, { kind: 'individual' }), await listed(a, { kind: 'company' }), await listed(b, { kind: 'company' })]).toEqual([30, 12, 7]);
    expect(await listed(a, { kind: ['individual', 'company'] })).toBe(42);
    // deletes, one row and several
    await inScope(db, { tenant: a }, (tx) => tx.delete(tenants).where(inArray(tenants.id, [people[0].id, firms[0].id, firms[1].id])));
    expect([await listed(a, { kind: 'individual' }), await listed(a, { kind: 'company' })]).toEqual([29, 10]);
    // the app changes the value: individual → company, one statement for five rows
    await inScope(db, { tenant: a }, (tx) => tx.update(tenants).set({ kind: 'company' }).where(inArray(tenants.id, people.slice(1, 6).map((r) => r.id))));
    expect([await listed(a, { kind: 'individual' }), await listed(a, { kind: 'company' })]).toEqual([24, 15]);
    // an update that changes no value (another column, or the value to itself) writes no ledger row
    const before = await ledgerRows(a);
    await inScope(db, { tenant: a }, (tx) => tx.update(tenants).set({ name: 'Renamed' }).where(eq(tenants.organization_id, a)));
    await inScope(db, { tenant: a }, (tx) => tx.update(tenants).set({ kind: 'company' }).where(inArray(tenants.id, firms.slice(2).map((r) => r.id))));
    // a swap inside one statement moves nothing either
    await inScope(db, { tenant: a }, (tx) => tx.execute(sql`update tenants set kind = case kind when 'company' then 'individual' else 'company' end
      where organization_id = ${a} and id in (${idList([people[10], firms[5]])})`));
    expect(await ledgerRows(a)).toBe(before);
    // rolled back with the rows they count, inside the transaction already counted
    await expect(inScope(db, { tenant: a }, async (tx) => {
      await tx.insert(tenants).values(tenantRows(a, 4, 'company'));
      await tx.update(tenants).set({ kind: 'company' }).where(inArray(tenants.id, people.slice(20, 23).map((r) => r.id)));
      const q = parseListQuery(tenantsResource, { filter: '{"kind":"company"}', range: '[0,0]' });
      expect((await listRecords(tx, tenantsResource, a, q)).total).toBe(22);
      throw new Error('changed my mind');
    })).rejects.toThrow('changed my mind');
    expect([await listed(a, { kind: 'individual' }), await listed(a, { kind: 'company' })]).toEqual([24, 15]);
    expect([await actual(a, 'kind', ['individual']), await actual(a, 'kind', ['company'])]).toEqual([24, 15]);
    // a delete of everything
    await inScope(db, { tenant: b }, (tx) => tx.delete(tenants).where(eq(tenants.organization_id, b)));
    expect(await listed(b, { kind: 'company' })).toBe(0);
    expect(await listed(a, { kind: 'company' })).toBe(15);
  });

  it('count only the rows an INSERT … ON CONFLICT DO NOTHING really inserted', async () => {
    const a = ulid();
    const rows = tenantRows(a, 5, 'company');
    await inScope(db, { tenant: a }, (tx) => tx.insert(tenants).values(rows.slice(0, 3)));
    await inScope(db, { tenant: a }, (tx) => tx.insert(tenants).values(rows).onConflictDoNothing());
    expect(await listed(a, { kind: 'company' })).toBe(5);
    expect(await actual(a, 'kind', ['company'])).toBe(5);
  });

  it('stay exact under bulk set-based writes across many organisations (as the owner), one ledger row per organisation and value', async () => {
    const orgs = Array.from({ length: 20 }, () => ulid());
    const inOrgs = sql.join(orgs.map((o) => sql`${o}`), sql`, `);
    await db.execute(sql`
      insert into tenants (organization_id, id, name, phone, kind)
      select o, o || '-' || lpad(g::text, 6, '0'), 'Bulk ' || g, '+254712345678', case when g % 4 = 0 then 'company' else 'individual' end
      from unnest(${sql.raw(`ARRAY[${orgs.map((o) => `'${o}'`).join(',')}]::text[]`)}) o, generate_series(1, 60) g`);
    expect(await ledgerRows(orgs[0])).toBe(2);
    await db.execute(sql`update tenants set kind = 'company' where organization_id in (${inOrgs}) and name like 'Bulk 1%'`);
    await db.execute(sql`delete from tenants where organization_id in (${inOrgs}) and name like 'Bulk 2%'`);
    for (const o of [orgs[0], orgs[7], orgs[19]]) {
      const { ledger, counted } = await perValue(o, 'kind');
      expect(ledger).toEqual(counted);
    }
    // Bulk 1, 10-19 became companies (12, 16 already were); Bulk 2, 20-29 went (20, 24, 28 were companies)
    expect(await listed(orgs[0], { kind: 'company' })).toBe(15 + 9 - 3);
    expect(await listed(orgs[0], { kind: 'individual' })).toBe(60 - 11 - 15 - 9 + 3);
  });

  it('move with a row that changes organisation (as the owner), and the app cannot move one', async () => {
    const a = ulid();
    const b = ulid();
    const rows = await insertTenants(a, 8, 'company');
    await insertTenants(b, 2, 'company');
    await db.execute(sql`update tenants set organization_id = ${b} where organization_id = ${a} and id in (${idList(rows.slice(0, 3))})`);
    expect([await listed(a, { kind: 'company' }), await listed(b, { kind: 'company' })]).toEqual([5, 5]);
    // moving and changing the value in one statement
    await db.execute(sql`update tenants set organization_id = ${a}, kind = 'individual' where organization_id = ${b}`);
    expect([await listed(a, { kind: 'company' }), await listed(a, { kind: 'individual' }), await listed(b, { kind: ['company', 'individual'] })]).toEqual([5, 5, 0]);
    await expect(inScope(db, { tenant: a }, (tx) => tx.update(tenants).set({ organization_id: b }).where(eq(tenants.id, rows[7].id)))).rejects.toThrow();
    expect([await listed(a, { kind: 'company' }), await listed(b, { kind: 'company' })]).toEqual([5, 0]);
  });

  it('count the rows without a value under null, alone or in a one-of list', async () => {
    const a = ulid();
    await db.execute(sql`insert into property_owners (organization_id, id, name) values (${a}, 'PO1', 'Wanjiru Kamau')`);
    await inScope(db, { tenant: a }, (tx) => tx.insert(properties).values(Array.from({ length: 9 }, (_, i) => ({
      organization_id: a, id: `PR${i}`, name: `Court ${i}`, owner_id: 'PO1', county: i < 4 ? null : i < 7 ? 'nairobi' : 'mombasa',
    }))));
    const list = (filter: Record<string, unknown>) => listed(a, filter, propertiesResource);
    expect([await list({ county: null }), await list({ county: 'nairobi' }), await list({ county: ['nairobi', null] })]).toEqual([4, 3, 7]);
    await inScope(db, { tenant: a }, (tx) => tx.update(properties).set({ county: 'kiambu' }).where(and(eq(properties.organization_id, a), inArray(properties.id, ['PR0', 'PR5']))));
    expect([await list({ county: null }), await list({ county: ['nairobi', 'kiambu'] }), await list({ county: ['mombasa', null] })]).toEqual([3, 4, 5]);
    expect(await actual(a, 'county', ['mombasa', null], 'properties')).toBe(5);
    const { ledger, counted } = await perValue(a, 'county', 'properties');
    expect(ledger).toEqual(counted);
    // the empty page past the end answers from the same counters (countTotal)
    const empty = await inScope(db, { tenant: a }, (tx) => listRecords(tx, propertiesResource, a,
      parseListQuery(propertiesResource, { filter: '{"county":["mombasa",null]}', range: '[100,109]' })));
    expect(empty).toEqual({ rows: [], total: 5, estimated: false });
  });

  it('count days: a range of a date field (either bound alone) or one day is read from them, through inserts, date changes, deletes and rollbacks, whatever the DateStyle', async () => {
    const a = ulid();
    const b = ulid();
    const credits = resourceByName('sms-credits')!;
    const smsCredits = resourceTables['sms-credits'];
    const day = (i: number) => new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10);
    const add = (org: string, days: number[]) => inScope(db, { tenant: org }, (tx) => tx.insert(smsCredits).values(days.map((d) => ({
      organization_id: org, id: ulid(), kind: 'top_up', credits: 10, date: day(d),
    }))).returning({ id: smsCredits.id }));
    // 90 days of January to March, two on each tenth day; next door, the same days (never counted here)
    const mine = await add(a, [...Array.from({ length: 90 }, (_, i) => i), ...Array.from({ length: 9 }, (_, i) => i * 10)]);
    await add(b, Array.from({ length: 90 }, (_, i) => i));
    const list = (filter: Record<string, unknown>) => listed(a, filter, credits);
    const truth = async (from: string | null, to: string | null) => Number((await one<{ n: string }>(sql`
      select count(*) as n from sms_credits where organization_id = ${a} and (${from}::date is null or date >= ${from}::date) and (${to}::date is null or date <= ${to}::date)`)).n);
    const check = async () => {
      expect(await list({ date_gte: '2026-01-01', date_lte: '2026-01-31' })).toBe(await truth('2026-01-01', '2026-01-31'));
      expect(await list({ date_gte: '2026-02-15' })).toBe(await truth('2026-02-15', null));
      expect(await list({ date_lte: '2026-01-10' })).toBe(await truth(null, '2026-01-10'));
      expect(await list({ date: '2026-01-11' })).toBe(await truth('2026-01-11', '2026-01-11'));
    };
    expect([await list({ date_gte: '2026-01-01', date_lte: '2026-01-31' }), await list({ date: '2026-01-11' }), await list({ date_gte: '2026-03-31' })]).toEqual([31 + 4, 2, 1]);
    await check();
    // the ranges' totals are the counters': a delta written behind the table's back shows
    await db.execute(sql`insert into list_choice_counts values (${a}, 'sms_credits', 'date', '2026-01-15', 1000)`);
    expect(await list({ date_gte: '2026-01-15', date_lte: '2026-01-15' })).toBe(1001);
    await db.execute(sql`delete from list_choice_counts where organization_id = ${a} and n = 1000`);
    // a date moved by the app role moves its count between days, in another DateStyle too
    await inScope(db, { tenant: a }, async (tx) => {
      await tx.execute(sql`set local datestyle = 'SQL, DMY'`);
      await tx.update(smsCredits).set({ date: '2026-02-28' }).where(and(eq(smsCredits.organization_id, a), inArray(smsCredits.id, mine.slice(0, 5).map((r) => r.id))));
      await tx.insert(smsCredits).values({ organization_id: a, id: ulid(), kind: 'top_up', credits: 5, date: '2026-01-20' });
    });
    await check();
    expect(await list({ date: '2026-02-28' })).toBe(6);
    await inScope(db, { tenant: a }, (tx) => tx.delete(smsCredits).where(and(eq(smsCredits.organization_id, a), eq(smsCredits.date, '2026-01-11'))));
    await expect(inScope(db, { tenant: a }, async (tx) => {
      await tx.insert(smsCredits).values({ organization_id: a, id: ulid(), kind: 'top_up', credits: 5, date: '2026-01-25' });
      throw new Error('rolled back');
    })).rejects.toThrow('rolled back');
    await check();
    expect(await list({ date: '2026-01-11' })).toBe(0);
    const days = rowsOf<{ value: string }>(await db.execute(sql`
      select distinct value from list_choice_counts where organization_id = ${a} and table_name = 'sms_credits' and field = 'date' order by 1`)).map((r) => r.value);
    for (const v of days) expect(v).toMatch(/^2026-0[1-3]-\d\d$/);
    const { ledger, counted } = await perValue(a, 'date', 'sms_credits');
    expect(ledger).toEqual(counted);
    // an empty page past the end answers from the same counters
    const empty = await inScope(db, { tenant: a }, (tx) => listRecords(tx, credits, a, parseListQuery(credits, { filter: '{"date_gte":"2026-03-01"}', range: '[500,509]' })));
    expect(empty).toEqual({ rows: [], total: await truth('2026-03-01', null), estimated: false });
  });

  it('fold their ledger so a value\'s total reads a few rows, however many statements wrote it', async () => {
    const a = ulid();
    const made = [];
    for (let i = 0; i < 70; i++) made.push(...(await insertTenants(a, 1, 'company')));
    for (const { id } of made.slice(0, 20)) await inScope(db, { tenant: a }, (tx) => tx.update(tenants).set({ kind: 'individual' }).where(eq(tenants.id, id)));
    const rows = async (value: string) => Number((await one<{ n: string }>(sql`
      select count(*) as n from list_choice_counts where organization_id = ${a} and table_name = 'tenants' and field = 'kind' and value = ${value}`)).n);
    expect(await rows('company')).toBeLessThanOrEqual(33);
    expect(await rows('individual')).toBeLessThanOrEqual(33);
    expect([await listed(a, { kind: 'company' }), await listed(a, { kind: 'individual' })]).toEqual([50, 20]);
  });

  it('are tenant rows: the app role reads only its organisation\'s and can write no other\'s', async () => {
    const a = ulid();
    const b = ulid();
    await insertTenants(a, 2, 'company');
    await insertTenants(b, 3, 'company');
    const seen = await inScope(db, { tenant: a }, (tx) => tx.execute(sql`select distinct organization_id from list_choice_counts`));
    expect(rowsOf<{ organization_id: string }>(seen).map((r) => r.organization_id)).toEqual([a]);
    await expect(inScope(db, { tenant: a }, (tx) => tx.execute(sql`insert into list_choice_counts values (${b}, 'tenants', 'kind', 'company', 1000)`))).rejects.toThrow();
    await inScope(db, { tenant: a }, async (tx) => {
      await tx.execute(sql`update list_choice_counts set n = n + 1000 where organization_id = ${b}`);
      await tx.execute(sql`delete from list_choice_counts where organization_id = ${b}`);
    });
    expect(await listed(b, { kind: 'company' })).toBe(3);
    // even naming the other organisation explicitly reads nothing of it
    const named = await inScope(db, { tenant: a }, (tx) => countTotal(tx, tenants, eq(tenants.organization_id, b), false,
      { organizationId: b, exact: exactAtAnySize(tenantsResource, [{ kind: 'eq', field: 'kind', values: ['company'] }]) }));
    expect(named.total).toBe(0);
  });

  it('cover a table once installed, back-filled from its rows and read instead of count(*); TRUNCATE clears them', async () => {
    const name = `choice_scratch_${ulid().toLowerCase()}`;
    const scratch = pgTable(name, { organization_id: text('organization_id').notNull(), id: text('id').notNull(), kind: text('kind') }) as unknown as ResourceTable;
    const a = ulid();
    const ident = sql.identifier(name);
    await db.transaction(async (tx) => {
      await tx.execute(sql`create table ${ident} (organization_id text not null, id text not null, kind text, primary key (organization_id, id))`);
      await tx.execute(sql`alter table ${ident} enable row level security`);
      await tx.execute(sql`alter table ${ident} force row level security`);
      await tx.execute(sql`create policy tenant_isolation on ${ident} using (organization_id = nullif(current_setting('app.tenant', true), '')) with check (organization_id = nullif(current_setting('app.tenant', true), ''))`);
      await tx.execute(sql`grant select, insert, update, delete on ${ident} to keja_app`);
      await tx.execute(sql`insert into ${ident} select ${a}, g::text, case when g % 3 = 0 then 'b' when g % 3 = 1 then 'a' end from generate_series(1, 12) g`);
    });
    const total = (values: Array<string | null>) => inScope(db, { tenant: a }, async (tx) =>
      (await countTotal(tx, scratch, sql`organization_id = ${a} and kind is not distinct from ${values[0]}`, false, { exact: { field: 'kind', values } })).total);
    try {
      // not installed: count(*)
      expect(await total(['a'])).toBe(4);
      expect(await one<{ installed: boolean }>(sql`select list_choice_counts_install(${name}, array['kind']) as installed`)).toEqual({ installed: true });
      expect(await one<{ installed: boolean }>(sql`select list_choice_counts_install(${name}, array['kind']) as installed`)).toEqual({ installed: false });
      expect(await ledgerRows(a, name)).toBe(3);
      await inScope(db, { tenant: a }, (tx) => tx.execute(sql`insert into ${ident} values (${a}, 'x', null), (${a}, 'y', 'a')`));
      expect([await total(['a']), await total(['b']), await total([null])]).toEqual([5, 4, 5]);
      // the total is the ledger's: a delta written behind the table's back shows
      await db.execute(sql`insert into list_choice_counts values (${a}, ${name}, 'kind', 'b', 100)`);
      expect(await total(['b'])).toBe(104);
      await db.execute(sql`truncate ${ident}`);
      expect(await ledgerRows(a, name)).toBe(0);
      expect(await total(['a'])).toBe(0);
    } finally {
      await db.execute(sql`drop table if exists ${ident}`);
      await db.execute(sql`delete from list_choice_counts where table_name = ${name}`);
    }
  });

  it.runIf(onPostgres())('stay exact in every snapshot under concurrent inserts, deletes, value changes and organisation moves (PostgreSQL only)', async () => {
    const a = ulid();
    const b = ulid();
    await insertTenants(a, 80);
    await insertTenants(a, 40, 'company');
    await insertTenants(b, 60, 'company');
    /** Ledger sum and count(*) of each (organisation, kind) in one statement: one snapshot. */
    const snapshot = async () => rowsOf<Record<string, string>>(await db.execute(sql`
      select o.org, k.kind,
        (select coalesce(sum(n), 0) from list_choice_counts where organization_id = o.org and table_name = 'tenants' and field = 'kind' and value = k.kind) as ledger,
        (select count(*) from tenants where organization_id = o.org and kind = k.kind) as counted
      from (values (${a}), (${b})) o(org), (values ('individual'), ('company')) k(kind)`));
    let running = true;
    const mismatches: unknown[] = [];
    let checks = 0;
    const checker = (async () => {
      while (running) {
        for (const s of await snapshot()) if (s.ledger !== s.counted) mismatches.push(s);
        checks += 1;
      }
    })();
    const ROUNDS = 40;
    const inserter = async (org: string) => {
      for (let i = 0; i < ROUNDS; i++) await insertTenants(org, 1 + (i % 3), i % 2 ? 'company' : 'individual');
    };
    const deleter = async (org: string) => {
      for (let i = 0; i < ROUNDS; i++) {
        await inScope(db, { tenant: org }, async (tx) => {
          const [row] = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.organization_id, org)).limit(1).offset(i % 7);
          if (row) await tx.delete(tenants).where(and(eq(tenants.organization_id, org), eq(tenants.id, row.id)));
        });
      }
    };
    // the app flips a few rows' kind at a time (the way a status changes), some rolled back
    const flipper = async (org: string) => {
      for (let i = 0; i < ROUNDS; i++) {
        await inScope(db, { tenant: org }, async (tx) => {
          await tx.execute(sql`update tenants set kind = case kind when 'company' then 'individual' else 'company' end
            where organization_id = ${org} and id in (select id from tenants where organization_id = ${org} order by id desc limit ${1 + (i % 4)})`);
          if (i % 5 === 4) throw new Error('rolled back');
        }).catch((err: unknown) => {
          if (!(err instanceof Error) || err.message !== 'rolled back') throw err;
        });
      }
    };
    const mover = () => moveTenantsBackAndForth(db, a, b, ROUNDS);
    try {
      await Promise.all([inserter(a), inserter(b), deleter(a), deleter(b), flipper(a), flipper(b), mover()]);
    } finally {
      running = false;
      await checker;
    }
    expect(checks).toBeGreaterThan(0);
    expect(mismatches).toEqual([]);
    for (const o of [a, b]) {
      const { ledger, counted } = await perValue(o, 'kind');
      expect(ledger).toEqual(counted);
    }
  });
});

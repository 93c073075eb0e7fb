import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, getTableName, inArray, sql } from 'drizzle-orm';
import { ulid } from 'ulid';
import { resourceByName, storedResources } from '../../../resources/index.js';
import { inScope, rowsOf, type Db } from '../../../src/server/db/client.js';
import { resourceTables, tenants } from '../../../src/server/db/resource-tables.js';
import { EXACT_COUNT_LIMIT, counterTotal, countTotal } from '../../../src/server/crud/count.js';
import { DEFERRED_JOIN_FROM, listRecords } from '../../../src/server/crud/repository.js';
import { parseListQuery } from '../../../src/server/crud/query-parser.js';
import { moveTenantsBackAndForth } from './movers.js';
import { buildTestApp, onPostgres, registeredBrowser, type TestApp } from '../helpers.js';

/** The total alone (the list route also reads whether it is estimated). */
const countRecords = async (...args: Parameters<typeof countTotal>) => (await countTotal(...args)).total;

// List totals (src/server/crud/count.ts, migrations 0003_list_counts and 0021_list_counts_moves):
// unfiltered totals exact at any size from trigger-kept counters (inserts, deletes, organisation
// moves), filtered totals exact up to EXACT_COUNT_LIMIT (totals.test.ts: past it). Runs on PGlite
// and, with TEST_DATABASE_URL, on PostgreSQL (where it also checks concurrent writers and movers).

let t: TestApp;
let db: Db;

beforeAll(async () => {
  t = await buildTestApp();
  db = t.database.db;
});
afterAll(() => t.close());

const one = async <T>(q: ReturnType<typeof sql>, on: Db = db) => rowsOf<T>(await on.execute(q))[0];

/** The real count(*) (as the owner: no row-level security). */
async function actual(org: string, table = 'tenants'): Promise<number> {
  return Number((await one<{ n: string }>(sql`select count(*) as n from ${sql.identifier(table)} where organization_id = ${org}`)).n);
}

/** The unfiltered total as a list in that organisation computes it (as keja_app, in scope). */
function listed(org: string): Promise<number> {
  return inScope(db, { tenant: org }, (tx) => countRecords(tx, tenants, eq(tenants.organization_id, org), true));
}

async function ledgerRows(org: string, table = 'tenants'): Promise<number> {
  return Number((await one<{ n: string }>(sql`select count(*) as n from list_counts where organization_id = ${org} and table_name = ${table}`)).n);
}

const tenantRows = (org: string, n: number, extra: Record<string, unknown> = {}) =>
  Array.from({ length: n }, (_, i) => ({ organization_id: org, id: ulid(), name: `Tenant ${i}`, phone: '+254712345678', ...extra }));

function insertTenants(org: string, n: number, extra: Record<string, unknown> = {}) {
  return inScope(db, { tenant: org }, (tx) => tx.insert(tenants).values(tenantRows(org, n, extra)).returning({ id: tenants.id }));
}

/** Bulk insert as the owner, the way the scale seed does: one statement, many rows, any organisations. */
async function bulkInsert(orgs: string[], perOrg: number, kind = 'individual') {
  await db.execute(sql`
    insert into tenants (organization_id, id, name, phone, kind)
    select o, o || '-' || lpad(g::text, 6, '0') || '-' || ${ulid()}, 'Bulk ' || g, '+254712345678', ${kind}
    from unnest(${sql.raw(`ARRAY[${orgs.map((o) => `'${o}'`).join(',')}]::text[]`)}) o, generate_series(1, ${perOrg}) g`);
}

describe('counters', () => {
  it('track every table a list reads, and not memberships', async () => {
    const tracked = rowsOf<{ relname: string }>(await db.execute(sql`
      select c.relname from pg_trigger g join pg_class c on c.oid = g.tgrelid where g.tgname = 'list_counts_insert'`)).map((r) => r.relname);
    for (const r of storedResources) expect(tracked, r.name).toContain(getTableName(resourceTables[r.name]));
    expect(tracked).toContain('roles');
    // tables added by migrations after 0003 too: secure.ts runs list_counts_install() at every start
    for (const later of ['number_series', 'audit_log', 'billing_runs', 'deposit_settlements']) expect(tracked).toContain(later);
    // and every tracked table follows a row that changes organisation (migration 0021)
    const moving = rowsOf<{ relname: string }>(await db.execute(sql`
      select c.relname from pg_trigger g join pg_class c on c.oid = g.tgrelid where g.tgname = 'list_counts_move'`)).map((r) => r.relname);
    expect([...moving].sort()).toEqual([...tracked].sort());
    expect(tracked).not.toContain('memberships');
    expect(tracked).not.toContain('list_counts');
  });

  it('stay exact through single and multi-row inserts and deletes made by the app role', async () => {
    const a = ulid();
    const b = ulid();
    expect(await listed(a)).toBe(0);
    const first = await insertTenants(a, 1);
    const more = await insertTenants(a, 40);
    await insertTenants(b, 7);
    expect(await listed(a)).toBe(41);
    expect(await listed(b)).toBe(7);
    await inScope(db, { tenant: a }, (tx) => tx.delete(tenants).where(inArray(tenants.id, [first[0].id, ...more.slice(0, 9).map((r) => r.id)])));
    expect(await listed(a)).toBe(31);
    expect(await actual(a)).toBe(31);
    // a delete that matches nothing, and one that matches everything
    await inScope(db, { tenant: a }, (tx) => tx.delete(tenants).where(eq(tenants.id, 'nothing')));
    expect(await listed(a)).toBe(31);
    await inScope(db, { tenant: b }, (tx) => tx.delete(tenants).where(eq(tenants.organization_id, b)));
    expect(await listed(b)).toBe(0);
    expect(await listed(a)).toBe(31);
  });

  it('roll back with the rows they count', async () => {
    const a = ulid();
    await insertTenants(a, 3);
    await expect(inScope(db, { tenant: a }, async (tx) => {
      await tx.insert(tenants).values(tenantRows(a, 5));
      expect(await countRecords(tx, tenants, eq(tenants.organization_id, a), true)).toBe(8);
      throw new Error('changed my mind');
    })).rejects.toThrow('changed my mind');
    expect(await listed(a)).toBe(3);
  });

  it('count only the rows an INSERT … ON CONFLICT DO NOTHING really inserted', async () => {
    const a = ulid();
    const rows = tenantRows(a, 4);
    await inScope(db, { tenant: a }, (tx) => tx.insert(tenants).values(rows.slice(0, 2)));
    await inScope(db, { tenant: a }, (tx) => tx.insert(tenants).values(rows).onConflictDoNothing());
    expect(await listed(a)).toBe(4);
    expect(await actual(a)).toBe(4);
  });

  it('stay exact under bulk set-based writes across many organisations (as the owner)', async () => {
    const orgs = Array.from({ length: 30 }, () => ulid());
    await bulkInsert(orgs, 50);
    await db.execute(sql`delete from tenants where organization_id in (${sql.join(orgs.slice(0, 10).map((o) => sql`${o}`), sql`, `)}) and name like 'Bulk 1%'`);
    for (const o of [orgs[0], orgs[9], orgs[10], orgs[29]]) expect(await listed(o)).toBe(await actual(o));
    expect(await listed(orgs[0])).toBe(50 - 11); // Bulk 1, 10-19
    // one ledger row per organisation and statement, not per row
    expect(await ledgerRows(orgs[0])).toBe(2);
  });

  it('fold their ledger so a total reads a few rows, however many statements wrote it', async () => {
    const a = ulid();
    for (let i = 0; i < 80; i++) await insertTenants(a, 1);
    const ids = await inScope(db, { tenant: a }, (tx) => tx.select({ id: tenants.id }).from(tenants).limit(30));
    for (const { id } of ids) await inScope(db, { tenant: a }, (tx) => tx.delete(tenants).where(eq(tenants.id, id)));
    expect(await ledgerRows(a)).toBeLessThanOrEqual(33);
    expect(await listed(a)).toBe(50);
    expect(await actual(a)).toBe(50);
    // many statements inside one transaction fold too
    await inScope(db, { tenant: a }, async (tx) => {
      for (let i = 0; i < 40; i++) await tx.insert(tenants).values(tenantRows(a, 1));
    });
    expect(await ledgerRows(a)).toBeLessThanOrEqual(33);
    expect(await listed(a)).toBe(90);
  });

  it('are tenant rows: the app role reads only its organisation\'s and cannot write another\'s', async () => {
    const a = ulid();
    const b = ulid();
    await insertTenants(a, 2);
    await insertTenants(b, 3);
    const seen = await inScope(db, { tenant: a }, (tx) => tx.execute(sql`select distinct organization_id from list_counts`));
    expect(rowsOf<{ organization_id: string }>(seen).map((r) => r.organization_id)).toEqual([a]);
    await expect(inScope(db, { tenant: a }, (tx) => tx.execute(sql`insert into list_counts values (${b}, 'tenants', 1000)`))).rejects.toThrow();
    // even naming the other organisation explicitly reads nothing of it
    expect(await inScope(db, { tenant: a }, (tx) => countRecords(tx, tenants, eq(tenants.organization_id, b), true, { organizationId: b }))).toBe(0);
  });

  it('cover a table added later once installed, backfilled from its rows; TRUNCATE clears them', async () => {
    const table = `count_scratch_${ulid().toLowerCase()}`;
    const a = ulid();
    const ident = sql.identifier(table);
    // created with its row-level security in one transaction: other test files never see it bare
    await db.transaction(async (tx) => {
      await tx.execute(sql`create table ${ident} (organization_id text not null, id text not null, primary key (organization_id, id))`);
      await tx.execute(sql`alter table ${ident} enable row level security`);
      await tx.execute(sql`alter table ${ident} force row level security`);
      await tx.execute(sql`create policy tenant_isolation on ${ident} using (organization_id = nullif(current_setting('app.tenant', true), '')) with check (organization_id = nullif(current_setting('app.tenant', true), ''))`);
      await tx.execute(sql`grant select, insert, update, delete on ${ident} to keja_app`);
      await tx.execute(sql`insert into ${ident} select ${a}, g::text from generate_series(1, 12) g`);
    });
    try {
      const name = sql`${ident}`;
      const count = (tx: Db) => tx.execute(sql`select count(*)::int as n from ${name}`).then((r) => rowsOf<{ n: number }>(r)[0].n);
      expect(await inScope(db, { tenant: a }, count)).toBe(12);
      await db.execute(sql`select list_counts_install()`);
      expect(await ledgerRows(a, table)).toBe(1);
      await inScope(db, { tenant: a }, (tx) => tx.execute(sql`insert into ${name} values (${a}, 'x')`));
      expect(Number((await one<{ n: string }>(sql`select sum(n) as n from list_counts where organization_id = ${a} and table_name = ${table}`)).n)).toBe(13);
      await db.execute(sql`truncate ${name}`);
      expect(await ledgerRows(a, table)).toBe(0);
    } finally {
      await db.execute(sql`drop table if exists ${ident}`);
      await db.execute(sql`delete from list_counts where table_name = ${table}`);
    }
  });

  it('stay exact when rows move to another organisation (as the owner), one row or many; ordinary updates write nothing', async () => {
    const a = ulid();
    const b = ulid();
    const rows = await insertTenants(a, 10);
    await insertTenants(b, 3);
    const ids = (xs: Array<{ id: string }>) => sql.join(xs.map((r) => sql`${r.id}`), sql`, `);
    await db.execute(sql`update tenants set organization_id = ${b} where organization_id = ${a} and id in (${ids(rows.slice(0, 4))})`);
    expect([await listed(a), await listed(b)]).toEqual([6, 7]);
    // all of them, in one statement, and back
    await db.execute(sql`update tenants set organization_id = ${b} where organization_id = ${a}`);
    expect([await listed(a), await listed(b)]).toEqual([0, 13]);
    await db.execute(sql`update tenants set organization_id = ${a} where organization_id = ${b}`);
    expect([await listed(a), await listed(b)]).toEqual([13, 0]);
    expect([await actual(a), await actual(b)]).toEqual([13, 0]);
    // an update that leaves the organisation as it is (or sets it to itself) writes no ledger row
    const before = await ledgerRows(a);
    await db.execute(sql`update tenants set name = name || '.', organization_id = organization_id where organization_id = ${a}`);
    await inScope(db, { tenant: a }, (tx) => tx.update(tenants).set({ name: 'Renamed' }).where(eq(tenants.organization_id, a)));
    expect(await ledgerRows(a)).toBe(before);
    // the app cannot move a row out of its organisation
    await expect(inScope(db, { tenant: a }, (tx) => tx.update(tenants).set({ organization_id: b }).where(eq(tenants.id, rows[9].id)))).rejects.toThrow();
    expect([await listed(a), await listed(b)]).toEqual([13, 0]);
  });

  it.runIf(onPostgres())('stay exact in every snapshot under concurrent inserts, deletes and organisation moves (PostgreSQL only)', async () => {
    const a = ulid();
    const b = ulid();
    await insertTenants(a, 120);
    await insertTenants(b, 60);
    /** Ledger sum and count(*) of both organisations in one statement: one snapshot. */
    const snapshot = async () => rowsOf<{ la: string; ca: string; lb: string; cb: string }>(await db.execute(sql`
      select (select coalesce(sum(n), 0) from list_counts where organization_id = ${a} and table_name = 'tenants') as la,
             (select count(*) from tenants where organization_id = ${a}) as ca,
             (select coalesce(sum(n), 0) from list_counts where organization_id = ${b} and table_name = 'tenants') as lb,
             (select count(*) from tenants where organization_id = ${b}) as cb`))[0];
    let running = true;
    const mismatches: unknown[] = [];
    let checks = 0;
    const checker = (async () => {
      while (running) {
        const s = await snapshot();
        checks += 1;
        if (s.la !== s.ca || s.lb !== s.cb) mismatches.push(s);
      }
    })();
    const ROUNDS = 40;
    const inserter = async (org: string) => {
      for (let i = 0; i < ROUNDS; i++) await insertTenants(org, 1 + (i % 3));
    };
    // the app deletes one row at a time (a row the mover holds is waited for, then skipped if it left)
    const deleter = async (org: string) => {
      for (let i = 0; i < ROUNDS; i++) {
        await inScope(db, { tenant: org }, async (tx) => {
          const [one] = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.organization_id, org)).limit(1).offset(i % 7);
          if (one) await tx.delete(tenants).where(and(eq(tenants.organization_id, org), eq(tenants.id, one.id)));
        });
      }
    };
    const mover = () => moveTenantsBackAndForth(db, a, b, ROUNDS);
    try {
      await Promise.all([inserter(a), inserter(b), deleter(a), deleter(b), mover()]);
    } finally {
      running = false;
      await checker;
    }
    expect(checks).toBeGreaterThan(0);
    expect(mismatches).toEqual([]);
    expect(await listed(a)).toBe(await actual(a));
    expect(await listed(b)).toBe(await actual(b));
    expect((await actual(a)) + (await actual(b))).toBeGreaterThan(0);
    // and the ledger stayed folded
    expect(await ledgerRows(a)).toBeLessThanOrEqual(40);
  });

  it.runIf(onPostgres())('never make concurrent writers of one organisation wait on each other (PostgreSQL only)', async () => {
    const a = ulid();
    // enough ledger rows that the next writers fold (and lock) them
    for (let i = 0; i < 33; i++) await insertTenants(a, 1);
    let release!: () => void;
    const held = new Promise<void>((r) => { release = r; });
    let inserted!: () => void;
    const firstInserted = new Promise<void>((r) => { inserted = r; });
    const slow = inScope(db, { tenant: a }, async (tx) => {
      await tx.insert(tenants).values(tenantRows(a, 5)); // folds the ledger, keeps its rows locked
      inserted();
      await held;
    });
    await firstInserted;
    const started = Date.now();
    await inScope(db, { tenant: a }, async (tx) => {
      await tx.execute(sql`set local lock_timeout = '2s'`);
      await tx.insert(tenants).values(tenantRows(a, 2));
      // inside, it sees its own rows and the committed ones, not the other writer's
      expect(await countRecords(tx, tenants, eq(tenants.organization_id, a), true)).toBe(35);
    });
    expect(Date.now() - started).toBeLessThan(1500);
    expect(await listed(a)).toBe(35);
    release();
    await slow;
    expect(await listed(a)).toBe(40);
    expect(await actual(a)).toBe(40);
  });
});

describe('countRecords', () => {
  const big = ulid();

  beforeAll(async () => {
    await bulkInsert([big], EXACT_COUNT_LIMIT + 150, 'individual');
    await bulkInsert([big], 20, 'company');
    await db.execute(sql`analyze tenants`);
  });

  const inBig = <T>(fn: (tx: Db) => Promise<T>) => inScope(db, { tenant: big }, fn);
  const whereBig = (...more: ReturnType<typeof eq>[]) => and(eq(tenants.organization_id, big), ...more)!;

  it('answers an unfiltered total exactly past the limit, without counting rows', async () => {
    expect(await inBig((tx) => countRecords(tx, tenants, whereBig(), true))).toBe(EXACT_COUNT_LIMIT + 170);
    expect(await inBig((tx) => countRecords(tx, tenants, whereBig(), true, { organizationId: big }))).toBe(EXACT_COUNT_LIMIT + 170);
  });

  it('answers a filtered total exactly up to the limit', async () => {
    expect(await inBig((tx) => countRecords(tx, tenants, whereBig(eq(tenants.kind, 'company')), false))).toBe(20);
  });

  it('past the limit answers an estimate, never below limit + 1 nor below what the page proves', async () => {
    const n = await inBig((tx) => countRecords(tx, tenants, whereBig(eq(tenants.kind, 'individual')), false));
    expect(n).toBeGreaterThan(EXACT_COUNT_LIMIT);
    expect(n).toBeLessThan(5 * (EXACT_COUNT_LIMIT + 150));
    expect(await inBig((tx) => countRecords(tx, tenants, whereBig(eq(tenants.kind, 'individual')), false, { atLeast: 900_000 }))).toBe(900_000);
  });

  it('gives the unfiltered total as a column that rides along with the page query', async () => {
    const rows = await inBig(async (tx) => {
      const total = await counterTotal(tx, tenants, big);
      expect(total).not.toBeNull();
      return tx.select({ id: tenants.id, total: total! }).from(tenants).where(whereBig()).limit(3);
    });
    expect(rows).toHaveLength(3);
    expect(Number(rows[0].total)).toBe(EXACT_COUNT_LIMIT + 170);
  });

  it('listRecords: the page carries its total; deep pages (deferred join) and every total agree with plain SQL', async () => {
    const resource = resourceByName('tenants')!;
    const list = (query: Record<string, unknown>) => inBig((tx) => listRecords(tx, resource, big, parseListQuery(resource, Object.fromEntries(
      Object.entries(query).map(([k, v]) => [k, JSON.stringify(v)])))));
    const plain = async (where: ReturnType<typeof sql>, offset: number, limit: number) => rowsOf<{ id: string }>(await db.execute(sql`
      select id from tenants where organization_id = ${big} and ${where} order by name desc, id desc limit ${limit} offset ${offset}`)).map((r) => r.id);
    // unfiltered, deep (past DEFERRED_JOIN_FROM): the same rows as OFFSET on the table, the exact total
    const deep = await list({ range: [DEFERRED_JOIN_FROM + 777, DEFERRED_JOIN_FROM + 801], sort: ['name', 'DESC'] });
    expect(deep.rows.map((r) => r.id)).toEqual(await plain(sql`true`, DEFERRED_JOIN_FROM + 777, 25));
    expect(deep.total).toBe(EXACT_COUNT_LIMIT + 170);
    expect(deep.rows[0]).not.toHaveProperty('__total');
    // filtered, exact under the limit; a short page tells its own total
    const companies = await list({ filter: { kind: 'company' }, range: [5, 9], sort: ['name', 'DESC'] });
    expect(companies.total).toBe(20);
    expect(companies.rows.map((r) => r.id)).toEqual(await plain(sql`kind = 'company'`, 5, 5));
    expect((await list({ filter: { kind: 'company' }, range: [15, 39], sort: ['name', 'DESC'] })).total).toBe(20);
    // filtered past the limit, deep: an estimate above the limit
    const individuals = await list({ filter: { kind: 'individual' }, range: [DEFERRED_JOIN_FROM, DEFERRED_JOIN_FROM + 9], sort: ['name', 'DESC'] });
    expect(individuals.rows.map((r) => r.id)).toEqual(await plain(sql`kind = 'individual'`, DEFERRED_JOIN_FROM, 10));
    expect(individuals.total).toBeGreaterThan(EXACT_COUNT_LIMIT);
    // past the end: no rows, still the exact total
    expect(await list({ range: [50_000, 50_024] })).toEqual({ rows: [], total: EXACT_COUNT_LIMIT + 170, estimated: false });
    // q search under row-level security (trigram-indexed ILIKE, texticlike marked LEAKPROOF by secure.ts)
    const found = await list({ filter: { q: 'Bulk 1234' }, range: [0, 24], sort: ['name', 'DESC'] });
    expect(found.rows.map((r) => r.id)).toEqual(await plain(sql`name ilike '%Bulk 1234%'`, 0, 25));
    expect(found.total).toBe(Number((await one<{ n: string }>(sql`select count(*) as n from tenants where organization_id = ${big} and name ilike '%Bulk 1234%'`)).n));
    expect((await one<{ leakproof: boolean }>(sql`select proleakproof as leakproof from pg_proc where oid = 'pg_catalog.texticlike(text, text)'::regprocedure`)).leakproof).toBe(true);
  });

  it('falls back to count(*) when no tenant is set and none is named', async () => {
    expect(await countRecords(db, tenants, whereBig(), true)).toBe(EXACT_COUNT_LIMIT + 170);
  });
});

describe('through the API', () => {
  it('a list reports the exact total in Content-Range, unfiltered and filtered', async () => {
    const { browser, organization } = await registeredBrowser(t.app, { org: 'Counting Estates' });
    const org = organization!.id;
    await db.execute(sql`
      insert into tenants (organization_id, id, name, phone, kind)
      select ${org}, 'T' || lpad(g::text, 6, '0'), 'Tenant ' || g, '+254712345678', case when g % 10 = 0 then 'company' else 'individual' end
      from generate_series(1, 260) g`);
    const all = await browser.get('/api/v1/tenants?range=[0,24]');
    expect(all.statusCode).toBe(200);
    expect(all.headers['content-range']).toBe('tenants 0-24/260');
    expect((await browser.get('/api/v1/tenants?range=[250,274]')).headers['content-range']).toBe('tenants 250-259/260');
    expect((await browser.get('/api/v1/tenants?range=[500,524]')).headers['content-range']).toBe('tenants */260');
    const companies = await browser.get(`/api/v1/tenants?range=[0,9]&filter=${encodeURIComponent('{"kind":"company"}')}`);
    expect(companies.headers['content-range']).toBe('tenants 0-9/26');
    await inScope(db, { tenant: org }, (tx) => tx.delete(tenants).where(and(eq(tenants.organization_id, org), eq(tenants.kind, 'company'))));
    const after = await browser.get('/api/v1/tenants?range=[0,24]');
    expect(after.headers['content-range']).toBe('tenants 0-24/234');
  });
});

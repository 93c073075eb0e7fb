import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { resources, storedResources } from '../../../resources/index.js';
import { KRA_PIN_PATTERN } from '../../../src/shared/resource-fields.js';
import { validateRecord } from '../../../src/shared/resource-validate.js';
import { parsePhone } from '../../../src/shared/resource-values.js';
import { inScope, openDatabase, rowsOf, type Database } from '../../../src/server/db/client.js';
import { seedDemo, DEMO_ORGANIZATION } from '../../../src/server/db/demo.js';
import { organizations } from '../../../src/server/db/schema.js';
import { Browser, buildTestApp, testDatabase, type TestApp } from '../helpers.js';

describe('demo organisation', () => {
  it('on an empty database creates an administrator who can log in; never on a database with users', async () => {
    const database = await openDatabase({});
    const t = await buildTestApp({}, database);
    try {
      const login = await seedDemo(database.db, 'Demo@Keja.test', 'Demo-Password-2026');
      expect(login).toEqual({ email: 'demo@keja.test', password: 'Demo-Password-2026', organization: DEMO_ORGANIZATION });
      const b = new Browser(t.app);
      await b.csrfCookie();
      expect((await b.post('/api/v1/login', { email: 'demo@keja.test', password: 'Demo-Password-2026' })).statusCode).toBe(200);
      const me = (await b.get('/api/v1/user')).json();
      expect(me.organization.name).toBe(DEMO_ORGANIZATION);
      expect(me.roles[0].name).toBe('Administrator');
      expect(await seedDemo(database.db, 'other@keja.test')).toBeNull();
      const random = await seedDemo((await openDatabase({})).db, 'x@keja.test');
      expect(random!.password.length).toBeGreaterThanOrEqual(12);
    } finally {
      await t.close();
      await database.close();
    }
  }, 120_000);
});

/**
 * An empty, migrated database of its own: an embedded PGlite (migrated here, or copied from the
 * run's migrated template), or on a PostgreSQL run
 * (TEST_DATABASE_URL) a new database next to the run's, dropped afterwards (the run's database
 * already has other files' users, and the demo only seeds a database without users).
 */
async function emptyDatabase(options: { fromTemplate?: boolean } = {}): Promise<Database> {
  const url = inject('databaseUrl');
  if (!url) return options.fromTemplate ? testDatabase() : openDatabase({});
  const name = `keja_demo_${Date.now()}_${process.pid}_${Math.floor(performance.now())}`;
  const admin = async (statement: string) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      await c.query(statement);
    } finally {
      await c.end();
    }
  };
  await admin(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: target.toString() });
  return { ...database, close: async () => { await database.close(); await admin(`drop database if exists ${name} with (force)`); } };
}

type Row = Record<string, unknown>;

describe('demo data', () => {
  let database: Database;
  let t: TestApp;
  let organizationId: string;
  let seedMs: number;
  let browser: Browser;
  const query = <T = Row>(text: string) =>
    inScope(database.db, { tenant: organizationId }, async (tx) => rowsOf<T>(await tx.execute(sql.raw(text))));

  beforeAll(async () => {
    database = await emptyDatabase();
    const started = performance.now();
    await seedDemo(database.db, 'demo@keja.test', 'Demo-Password-2026');
    seedMs = performance.now() - started;
    [{ id: organizationId }] = await database.db.select({ id: organizations.id }).from(organizations);
    t = await buildTestApp({}, database);
    browser = new Browser(t.app);
    await browser.csrfCookie();
    const res = await browser.post('/api/v1/login', { email: 'demo@keja.test', password: 'Demo-Password-2026' });
    expect(res.statusCode).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await database?.close();
  });

  it('loads in seconds', () => {
    expect(seedMs).toBeLessThan(20_000);
  });

  it('fills every stored area', async () => {
    const counts: Record<string, number> = {};
    for (const r of storedResources) {
      const [{ n }] = await query<{ n: number }>(`select count(*)::int as n from ${r.table}`);
      counts[r.name] = n;
    }
    for (const r of resources.filter((x) => x.storage === 'table')) expect(counts[r.name], r.name).toBeGreaterThan(0);
    expect(counts.houses).toBeGreaterThanOrEqual(55);
    expect(counts.tenants).toBeGreaterThanOrEqual(45);
    expect(counts.properties).toBe(4);
    const [{ n: lines }] = await query<{ n: number }>('select count(*)::int as n from invoice_lines');
    expect(lines).toBeGreaterThan(counts.invoices);
  });

  it('has the records a Kenyan agency keeps', async () => {
    const kinds = (await query<{ kind: string }>('select distinct kind from property_owners')).map((r) => r.kind);
    expect(kinds).toEqual(expect.arrayContaining(['individual', 'company', 'chama']));
    for (const table of ['property_owners', 'aggregators', 'tenants', 'service_providers']) {
      for (const { kra_pin } of await query<{ kra_pin: string | null }>(`select kra_pin from ${table} where kra_pin is not null`)) {
        expect(kra_pin).toMatch(new RegExp(KRA_PIN_PATTERN));
      }
    }
    const towns = (await query<{ town: string }>('select town from properties order by town')).map((r) => r.town);
    expect(towns).toEqual(['Kasarani', 'Kilimani', 'Ruaka', 'Syokimau']);
    expect((await query('select 1 from payment_channels where kind = \'mpesa_paybill\'')).length).toBe(1);
    expect((await query('select 1 from payment_channels where kind = \'bank_account\'')).length).toBe(1);
    const purposes = (await query<{ purpose: string }>('select distinct purpose from templates')).map((r) => r.purpose);
    expect(purposes.sort()).toEqual(['invoice', 'notice', 'other', 'receipt', 'reminder', 'welcome']);
    const statuses = (await query<{ status: string }>('select distinct status from leases')).map((r) => r.status);
    expect(statuses.sort()).toEqual(['active', 'draft', 'ended', 'notice']);
    const messages = await query<{ status: string }>('select status from messages');
    expect(messages.filter((m) => m.status === 'queued')).toHaveLength(1);
    expect(messages.filter((m) => m.status === 'sent' || m.status === 'delivered').length).toBeGreaterThanOrEqual(3);
    const categories = (await query<{ name: string }>('select name from work_order_categories')).map((r) => r.name);
    expect(categories).toEqual(expect.arrayContaining(['Plumbing', 'Electrical', 'Carpentry', 'Painting']));
    const roles = (await query<{ name: string }>(`select r.name from user_roles ur join roles r on r.organization_id = ur.organization_id and r.id = ur.role_id order by r.name`)).map((r) => r.name);
    expect(roles).toEqual(['Accountant', 'Administrator', 'Caretaker', 'Manager']);
  });

  it('keeps house account codes unique and every phone number valid', async () => {
    const codes = (await query<{ account_code: string }>('select account_code from houses')).map((r) => r.account_code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^(KIL|RUA|KAS|SYO)[A-Z][0-9]+$/);
    let checked = 0;
    for (const r of storedResources) {
      for (const f of r.fields.filter((x) => x.kind === 'phone')) {
        for (const row of await query<Row>(`select "${f.key}" as v from ${r.table} where "${f.key}" is not null`)) {
          expect(parsePhone(row.v), `${r.name}.${f.key} ${row.v}`).toBe(row.v);
          expect(row.v).toMatch(/^\+254[17]\d{8}$/);
          checked++;
        }
      }
    }
    const sms = await query<{ to: string }>('select "to" from messages where channel = \'sms\'');
    for (const { to } of sms) expect(parsePhone(to)).toBe(to);
    const members = await query<{ phone: string }>('select u.phone from memberships m join users u on u.id = m.user_id');
    for (const { phone } of members) expect(parsePhone(phone)).toBe(phone);
    const tenantPhones = (await query<{ phone: string }>('select phone from tenants')).map((r) => r.phone);
    expect(new Set(tenantPhones).size).toBe(tenantPhones.length);
    expect(checked).toBeGreaterThan(100);
  });

  it('gives a house at most one active lease, and a house with one is occupied', async () => {
    const doubles = await query(`select house_id from leases where status in ('active', 'notice') group by house_id having count(*) > 1`);
    expect(doubles).toEqual([]);
    const notOccupied = await query(`select h.account_code, h.status from houses h
      where exists (select 1 from leases l where l.organization_id = h.organization_id and l.house_id = h.id and l.status in ('active', 'notice'))
        and h.status <> 'occupied'`);
    expect(notOccupied).toEqual([]);
    const occupiedWithout = await query(`select h.account_code from houses h where h.status = 'occupied'
      and not exists (select 1 from leases l where l.organization_id = h.organization_id and l.house_id = h.id and l.status in ('active', 'notice'))`);
    expect(occupiedWithout).toEqual([]);
    const [{ active, houses }] = await query<{ active: number; houses: number }>(`select
      (select count(*)::int from leases where status = 'active') as active, (select count(*)::int from houses) as houses`);
    expect(active / houses).toBeGreaterThan(0.6);
    // rents come from the house type; leases froze the house's rent
    expect(await query(`select h.account_code from houses h join house_types ht on ht.organization_id = h.organization_id and ht.id = h.house_type_id where h.rent <> ht.default_rent`)).toEqual([]);
    expect(await query(`select l.id from leases l join houses h on h.organization_id = l.organization_id and h.id = l.house_id where l.rent <> h.rent`)).toEqual([]);
  });

  it('keeps invoices consistent: lines add up to the total; the lease names the parties', async () => {
    const bad = await query(`select i.number from invoices i
      join leases l on l.organization_id = i.organization_id and l.id = i.lease_id
      where i.total <> (select coalesce(sum(x.amount), 0) from invoice_lines x where x.organization_id = i.organization_id and x.invoice_id = i.id)
         or i.tenant_id is distinct from l.tenant_id or i.house_id is distinct from l.house_id or i.total <= 0`);
    expect(bad).toEqual([]);
    expect(await query('select id from invoice_lines where amount <> round(quantity * rate, 2)')).toEqual([]);
  });

  it('lets the administrator log in and list the houses through the API', async () => {
    const res = await browser.get(`/api/v1/houses?range=${encodeURIComponent('[0,24]')}`);
    expect(res.statusCode).toBe(200);
    const total = Number(/\/(\d+)$/.exec(String(res.headers['content-range']))?.[1]);
    expect(total).toBeGreaterThanOrEqual(55);
    expect(res.json()).toHaveLength(25);
  });

  it('serves every area through the API with records that pass their own validation', async () => {
    for (const r of resources) {
      const res = await browser.get(`/api/v1/${r.name}?range=${encodeURIComponent('[0,999]')}`);
      expect(res.statusCode, r.name).toBe(200);
      const rows = res.json() as Row[];
      expect(rows.length, r.name).toBeGreaterThan(0);
      for (const row of rows) {
        const { errors } = validateRecord(r, row, 'update');
        expect(errors, `${r.name} ${row.id}`).toEqual({});
      }
    }
  });

  it('is the same data on every run', async () => {
    const other = await emptyDatabase({ fromTemplate: true });
    try {
      await seedDemo(other.db, 'demo@keja.test', 'Demo-Password-2026');
      const [{ id }] = await other.db.select({ id: organizations.id }).from(organizations);
      const snapshot = async (db: Database, tenant: string) => inScope(db.db, { tenant }, async (tx) => {
        const rows = async (text: string) => rowsOf<Row>(await tx.execute(sql.raw(text)));
        return {
          tenants: await rows('select name, phone, id_number, kra_pin, email from tenants order by name'),
          houses: await rows('select account_code, rent, status, water_meter from houses order by account_code'),
          leases: await rows(`select h.account_code, t.name, l.start_date, l.end_date, l.status from leases l
            join houses h on h.organization_id = l.organization_id and h.id = l.house_id
            join tenants t on t.organization_id = l.organization_id and t.id = l.tenant_id order by h.account_code, l.start_date`),
          invoices: await rows('select number, total from invoices order by number'),
          messages: await rows('select "to", body, status from messages order by "to", body'),
        };
      });
      expect(await snapshot(other, id)).toEqual(await snapshot(database, organizationId));
    } finally {
      await other.close();
    }
  }, 60_000);
});

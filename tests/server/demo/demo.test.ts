import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources, storedResources } from '../../../resources/index.js';
import { KRA_PIN_PATTERN } from '../../../src/shared/resource-fields.js';
import { validateRecord } from '../../../src/shared/resource-validate.js';
import { parsePhone } from '../../../src/shared/resource-values.js';
import { inScope, openDatabase, rowsOf, type Database } from '../../../src/server/db/client.js';
import { seedDemo, DEMO_HISTORY_MONTHS, DEMO_ORGANIZATION } from '../../../src/server/demo/index.js';
import { agingReport } from '../../../src/server/domain/reports/aging.js';
import { today } from '../../../src/server/domain/reports/common.js';
import { dashboard } from '../../../src/server/domain/reports/dashboard.js';
import { propertyStatement } from '../../../src/server/domain/reports/property-statement.js';
import { tenantStatement } from '../../../src/server/domain/reports/tenant-statement.js';
import { parseMoney } from '../../../src/shared/resource-values.js';
import { organizations } from '../../../src/server/db/schema.js';
import { listRecords } from '../../../src/server/crud/repository.js';
import { parseListQuery } from '../../../src/server/crud/query-parser.js';
import { renderedShapes } from '../../../src/server/db/statements.js';
import { Browser, buildTestApp, onPostgres, ownPostgresDatabase, testDatabase, type TestApp } from '../helpers.js';

describe('demo organisation', () => {
  it('on an empty database creates an administrator who can log in; never on a database with users', async () => {
    const database = await openDatabase({});
    const t = await buildTestApp({}, database);
    try {
      // the login is the point here: one month of history is enough
      const login = await seedDemo(database.db, 'Demo@Keja.test', 'Demo-Password-2026', { historyMonths: 1 });
      expect(login).toEqual({ email: 'demo@keja.test', password: 'Demo-Password-2026', organization: DEMO_ORGANIZATION });
      const b = new Browser(t.app);
      await b.csrfCookie();
      expect((await b.post('/api/v1/login', { email: 'demo@keja.test', password: 'Demo-Password-2026' })).statusCode).toBe(200);
      const me = (await b.get('/api/v1/user')).json();
      expect(me.organization.name).toBe(DEMO_ORGANIZATION);
      expect(me.roles[0].name).toBe('Administrator');
      expect(await seedDemo(database.db, 'other@keja.test')).toBeNull();
      const random = await seedDemo((await openDatabase({})).db, 'x@keja.test', undefined, { historyMonths: 1 });
      expect(random!.password.length).toBeGreaterThanOrEqual(12);
    } finally {
      await t.close();
      await database.close();
    }
  }, 600_000);
});

/**
 * An empty, migrated database of its own: an embedded PGlite (migrated here, or copied from the
 * run's migrated template), or on a PostgreSQL run
 * (TEST_DATABASE_URL) a new database next to the run's, dropped afterwards (the run's database
 * already has other files' users, and the demo only seeds a database without users).
 */
async function emptyDatabase(options: { fromTemplate?: boolean } = {}): Promise<Database> {
  if (!onPostgres()) return options.fromTemplate ? testDatabase() : openDatabase({});
  return ownPostgresDatabase('demo');
}

type Row = Record<string, unknown>;

describe('demo data', () => {
  let database: Database;
  let t: TestApp;
  let organizationId: string;
  let browser: Browser;
  const query = <T = Row>(text: string) =>
    inScope(database.db, { tenant: organizationId }, async (tx) => rowsOf<T>(await tx.execute(sql.raw(text))));

  beforeAll(async () => {
    database = await emptyDatabase();
    await seedDemo(database.db, 'demo@keja.test', 'Demo-Password-2026');
    [{ id: organizationId }] = await database.db.select({ id: organizations.id }).from(organizations);
    t = await buildTestApp({}, database);
    browser = new Browser(t.app);
    await browser.csrfCookie();
    const res = await browser.post('/api/v1/login', { email: 'demo@keja.test', password: 'Demo-Password-2026' });
    expect(res.statusCode).toBe(200);
  }, 600_000);
  afterAll(async () => {
    await t?.close();
    await database?.close();
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
    // payouts to the owners: approved ones, one voided and paid again, this month's cheque a draft
    const remitted = (await query<{ status: string }>('select distinct status from remittances')).map((r) => r.status);
    expect(remitted.sort()).toEqual(['approved', 'draft', 'void']);
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
    // a total may fall to 0 when the deposit paid the last invoice of a lease that ended
    const bad = await query(`select i.number from invoices i
      join leases l on l.organization_id = i.organization_id and l.id = i.lease_id
      where i.total <> (select coalesce(sum(x.amount), 0) from invoice_lines x where x.organization_id = i.organization_id and x.invoice_id = i.id)
         or i.tenant_id is distinct from l.tenant_id or i.house_id is distinct from l.house_id or i.total < 0
         or i.balance <> i.total - i.paid or i.paid <> (select coalesce(sum(a.amount), 0) from payment_allocations a where a.organization_id = i.organization_id and a.invoice_id = i.id)`);
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

  it('numbers tickets and work orders from their series, so the next one added follows on; completed work orders have one expense each', async () => {
    const tickets = (await query<{ number: string }>('select number from tickets order by number')).map((r) => r.number);
    expect(tickets).toEqual(tickets.map((_, i) => `TKT-${String(i + 1).padStart(6, '0')}`));
    const orders = (await query<{ number: string }>('select number from work_orders order by number')).map((r) => r.number);
    expect(orders).toEqual(orders.map((_, i) => `WO-${String(i + 1).padStart(6, '0')}`));
    const [ticket] = (await browser.get(`/api/v1/tickets?range=${encodeURIComponent('[0,0]')}`)).json() as Row[];
    const next = await browser.post('/api/v1/tickets', { property_id: ticket.property_id, subject: 'Gate motor stuck', priority: 'high', source: 'call' });
    expect(next.statusCode, next.body).toBe(201);
    expect(next.json().number).toBe(`TKT-${String(tickets.length + 1).padStart(6, '0')}`);
    const completed = await query<{ n: number }>(`
      select count(e.id)::int as n from work_orders w left join expenses e on e.organization_id = w.organization_id and e.work_order_id = w.id
      where w.status = 'completed' group by w.id`);
    expect(completed.length).toBeGreaterThan(0);
    expect(completed.every((r) => r.n === 1)).toBe(true);
    const [paybill] = await query<{ callback_secret: string | null }>('select callback_secret from payment_channels where kind = \'mpesa_paybill\'');
    expect(paybill.callback_secret).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    expect(await browser.delete(`/api/v1/tickets/${next.json().id}`).then((r) => r.statusCode)).toBe(200);
  });

  it('serves every area through the API with records that pass their own validation', async () => {
    const page = (r: (typeof resources)[number]) => browser.get(`/api/v1/${r.name}?range=${encodeURIComponent('[0,999]')}`);
    for (const r of resources) {
      const res = await page(r);
      expect(res.statusCode, r.name).toBe(200);
      const rows = res.json() as Row[];
      expect(rows.length, r.name).toBeGreaterThan(0);
      for (const row of rows) {
        const { errors } = validateRecord(r, row, 'update');
        expect(errors, `${r.name} ${row.id}`).toEqual({});
      }
      if (r.storage !== 'table') continue;
      // a stored area's page is byte for byte serializeRecord's records, the second time too: by
      // then its counters are known and on PostgreSQL it comes in one round trip, written as JSON
      // from its rows (crud/page-json.ts)
      const want = await inScope(database.db, { tenant: organizationId }, (tx) => listRecords(tx, r, organizationId, parseListQuery(r, { range: '[0,999]' })));
      expect(res.body, r.name).toBe(JSON.stringify(want.rows));
      expect((await page(r)).body, r.name).toBe(JSON.stringify(want.rows));
    }
    if (onPostgres()) {
      const shapes = new Set(renderedShapes().map((shape) => shape.split('|')[0]));
      expect(resources.filter((r) => r.storage === 'table' && !shapes.has(r.name)).map((r) => r.name)).toEqual([]);
    }
  });

  // ---- the year of history: what a landlord checks ---------------------------------------------

  const c = (v: unknown) => parseMoney(v ?? '0') ?? 0n;
  const reports = <T>(fn: (tx: Parameters<Parameters<typeof inScope>[2]>[0]) => Promise<T>) => inScope(database.db, { tenant: organizationId }, (tx) => fn(tx));
  const monthsOfHistory = () => {
    const now = today();
    return Array.from({ length: DEMO_HISTORY_MONTHS }, (_, i) => {
      const d = new Date(Date.UTC(Number(now.slice(0, 4)), Number(now.slice(5, 7)) - DEMO_HISTORY_MONTHS + i, 1));
      return d.toISOString().slice(0, 10);
    });
  };
  /** One query at a time: a transaction is one connection. */
  const sequence = async <T>(fns: Array<() => Promise<T>>) => {
    const out: T[] = [];
    for (const fn of fns) out.push(await fn());
    return out;
  };
  const lastDay = (m: string) => new Date(Date.UTC(Number(m.slice(0, 4)), Number(m.slice(5, 7)), 0)).toISOString().slice(0, 10);

  it('bills every lease once a month for the year, numbered without gaps', async () => {
    const months = monthsOfHistory();
    const first = months[0];
    // each lease that held its house during the history: one invoice per month from its start (or the
    // history's) to its move-out (or this month)
    const leases = await query<{ id: string; account_code: string; start_date: string; move_out_date: string | null; status: string }>(`
      select l.id, h.account_code, l.start_date::text as start_date, l.move_out_date::text as move_out_date, l.status
      from leases l join houses h on h.organization_id = l.organization_id and h.id = l.house_id
      where l.status in ('active', 'notice') or (l.status = 'ended' and l.move_out_date >= '${first}')`);
    const invoices = await query<{ lease_id: string; period: string; n: number }>(`
      select lease_id, period_start::text as period, count(*)::int as n from invoices where status <> 'void' and period_start >= '${first}' group by 1, 2`);
    // before the history: only the deposits of the leases taken over, paid at signing
    const before = await query<{ kind: string; paid: boolean }>(`select l.kind, i.balance = 0 as paid from invoices i
      join invoice_lines l on l.organization_id = i.organization_id and l.invoice_id = i.id where i.period_start < '${first}'`);
    expect(before.length).toBeGreaterThan(20);
    expect(new Set(before.map((b) => `${b.kind} ${b.paid}`))).toEqual(new Set(['deposit true']));
    const billed = new Map<string, string[]>();
    for (const i of invoices) {
      expect(i.n, `${i.lease_id} ${i.period}`).toBe(1);
      billed.set(i.lease_id, [...(billed.get(i.lease_id) ?? []), i.period]);
    }
    let checked = 0;
    for (const l of leases) {
      const expected = months.filter((m) => lastDay(m) >= l.start_date && (!l.move_out_date || m <= l.move_out_date));
      expect((billed.get(l.id) ?? []).sort(), `${l.account_code} (${l.status}, from ${l.start_date})`).toEqual(expected);
      checked += expected.length;
    }
    expect(checked).toBeGreaterThan(40 * 10);
    expect(leases.filter((l) => l.status === 'ended').length).toBeGreaterThanOrEqual(2);
    // gapless series: INV-000001 … INV-n, RCT-000001 … RCT-m
    for (const [table, column, prefix] of [['invoices', 'number', 'INV-'], ['payments', 'receipt_number', 'RCT-']]) {
      const numbers = (await query<{ v: string }>(`select ${column} as v from ${table} where ${column} is not null order by 1`)).map((r) => r.v);
      expect(numbers, table).toEqual(numbers.map((_, i) => `${prefix}${String(i + 1).padStart(6, '0')}`));
    }
    // the scheduled runs, one a month, done
    const runs = await query<{ period: string; status: string; trigger: string }>(`select to_char(period_start, 'YYYY-MM-DD') as period, status, trigger from billing_runs order by 1`);
    expect(runs.map((r) => r.period)).toEqual(months);
    expect(new Set(runs.map((r) => `${r.status}/${r.trigger}`))).toEqual(new Set(['done/schedule']));
  });

  it('has tenants in arrears, one with credit on account, one unmatched payment, penalties, a reversal and a deposit settled', async () => {
    const balances = await query<{ tenant_id: string; open: string; credit: string; overdue: string }>(`
      select t.id as tenant_id,
        coalesce((select sum(balance) from invoices i where i.organization_id = t.organization_id and i.tenant_id = t.id and i.status in ('issued', 'partially_paid')), 0)::text as open,
        coalesce((select sum(unallocated) from payments p where p.organization_id = t.organization_id and p.tenant_id = t.id and p.status = 'allocated'), 0)::text as credit,
        coalesce((select sum(balance) from invoices i where i.organization_id = t.organization_id and i.tenant_id = t.id and i.status in ('issued', 'partially_paid') and i.due_date < '${today()}'), 0)::text as overdue
      from tenants t`);
    expect(balances.filter((b) => c(b.overdue) > 0n).length).toBeGreaterThanOrEqual(4);
    expect(balances.filter((b) => c(b.credit) > 0n && c(b.open) === 0n).length).toBeGreaterThanOrEqual(1);
    const unmatched = await query<{ tenant_id: string | null; amount: string }>(`select tenant_id, amount::text as amount from payments where status = 'unmatched'`);
    expect(unmatched).toEqual([{ tenant_id: null, amount: '18000.00' }]);
    expect((await query(`select 1 from invoice_lines where kind = 'penalty'`)).length).toBeGreaterThanOrEqual(3);
    expect((await query(`select 1 from payments where status = 'reversed' and reversal_reason is not null`)).length).toBe(1);
    const settlements = await query<{ deposit: string; applied: string; refundable: string }>(`select deposit::text as deposit, applied::text as applied, refundable::text as refundable from deposit_settlements`);
    expect(settlements.length).toBeGreaterThanOrEqual(2);
    for (const d of settlements) expect(c(d.applied) + c(d.refundable)).toBeGreaterThanOrEqual(c(d.deposit));
    expect(settlements.some((d) => c(d.applied) > 0n)).toBe(true);
    // M-Pesa references look like Safaricom's; the paybill's payments name the house
    const mpesa = await query<{ external_reference: string; account_reference: string | null }>(`select external_reference, account_reference from payments where method = 'mpesa'`);
    expect(mpesa.length).toBeGreaterThan(100);
    for (const p of mpesa) expect(p.external_reference).toMatch(/^[A-Z]{2}[0-9][A-Z0-9]{7}$/);
  });

  it('gives every tenant a statement whose closing balance is their open invoices less their credit; the aging adds up to them', async () => {
    const to = today();
    const tenants = await query<{ id: string; name: string; open: string; credit: string }>(`
      select t.id, t.name,
        coalesce((select sum(balance) from invoices i where i.organization_id = t.organization_id and i.tenant_id = t.id and i.status in ('issued', 'partially_paid')), 0)::text as open,
        coalesce((select sum(unallocated) from payments p where p.organization_id = t.organization_id and p.tenant_id = t.id and p.status = 'allocated'), 0)::text as credit
      from tenants t order by t.name`);
    const { statements, aging, board } = await reports(async (tx) => ({
      statements: await sequence(tenants.map((t) => () => tenantStatement(tx, organizationId, t.id, { from: '2000-01-01', to }))),
      aging: await agingReport(tx, organizationId, { as_of: to }),
      board: await dashboard(tx, organizationId),
    }));
    let sum = 0n;
    let withEntries = 0;
    for (const [i, t] of tenants.entries()) {
      const s = statements[i];
      expect(c(s.closing_balance), t.name).toBe(c(t.open) - c(t.credit));
      expect(c(s.credit_on_account), t.name).toBe(c(t.credit));
      const row = aging.rows.find((r) => r.tenant_id === t.id);
      expect(c(row?.balance ?? '0'), `aging ${t.name}`).toBe(c(s.closing_balance));
      sum += c(s.closing_balance);
      if (s.entries.length) withEntries++;
    }
    expect(withEntries).toBeGreaterThan(40);
    expect(c(aging.totals.balance)).toBe(sum);
    expect(sum).toBeGreaterThan(0n);
    // arrears reach the older buckets
    expect(c(aging.totals.d1_30)).toBeGreaterThan(0n);
    expect(c(aging.totals.d31_60) + c(aging.totals.d61_90) + c(aging.totals.d90_plus)).toBeGreaterThan(0n);
    expect(c(board.arrears!.total)).toBe(sum);
    expect(board.unmatched_payments).toEqual({ count: 1, amount: '18000.00' });
    // the chart has a year of billing and collection
    const chart = board.months!.slice(-DEMO_HISTORY_MONTHS);
    for (const m of chart) expect(c(m.billed), m.month).toBeGreaterThan(0n);
    for (const m of chart.slice(0, -1)) expect(c(m.collected), m.month).toBeGreaterThan(0n);
  });

  it('chains each month of a tenant statement: one closing is the next opening', async () => {
    const months = monthsOfHistory();
    const to = today();
    const [arrears] = await query<{ id: string }>(`select tenant_id as id from invoices where status in ('issued', 'partially_paid') and due_date < '${to}'
      group by tenant_id order by sum(balance) desc limit 1`);
    const statements = await reports((tx) => sequence(months.map((m) => () => tenantStatement(tx, organizationId, arrears.id, { from: m, to: m === months.at(-1) ? to : lastDay(m) }))));
    for (let i = 1; i < statements.length; i++) expect(statements[i].opening_balance).toBe(statements[i - 1].closing_balance);
    for (const s of statements) {
      expect(c(s.opening_balance) + c(s.total_debits) - c(s.total_credits)).toBe(c(s.closing_balance));
      if (s.entries.length) expect(s.entries.at(-1)!.balance).toBe(s.closing_balance);
    }
  });

  it('gives every property a statement where opening + in − out = closing, month after month', async () => {
    const months = monthsOfHistory();
    const to = today();
    const props = await query<{ id: string; name: string }>('select id, name from properties order by name');
    for (const p of props) {
      const statements = await reports((tx) => sequence(months.map((m) => () => propertyStatement(tx, organizationId, { property_id: p.id, from: m, to: m === months.at(-1) ? to : lastDay(m) }))));
      const year = await reports((tx) => propertyStatement(tx, organizationId, { property_id: p.id, from: months[0], to }));
      for (const [i, s] of statements.entries()) {
        expect(c(s.totals.opening_balance) + c(s.totals.money_in) - c(s.totals.money_out), `${p.name} ${months[i]}`).toBe(c(s.totals.closing_balance));
        if (i > 0) expect(s.totals.opening_balance, `${p.name} ${months[i]}`).toBe(statements[i - 1].totals.closing_balance);
        expect(c(s.totals.billed), `${p.name} ${months[i]} billed`).toBeGreaterThan(0n);
      }
      expect(year.totals.closing_balance).toBe(statements.at(-1)!.totals.closing_balance);
      expect(c(year.totals.opening_balance) + c(year.totals.money_in) - c(year.totals.money_out)).toBe(c(year.totals.closing_balance));
      expect(c(year.totals.collected), p.name).toBeGreaterThan(0n);
      expect(c(year.totals.expenses) + c(year.totals.commission), p.name).toBeGreaterThan(0n);
    }
    // every allocation of a payment that stands is the owner's (collected), the agency's (its
    // charges) or a deposit still held; a deposit applied at move-out is the owner's collection
    const [all] = await query<{ allocated: string }>(`select coalesce(sum(a.amount), 0)::text as allocated from payment_allocations a
      join payments p on p.organization_id = a.organization_id and p.id = a.payment_id where p.status <> 'reversed'`);
    const whole = await reports((tx) => propertyStatement(tx, organizationId, { from: '2000-01-01', to }));
    expect(c(whole.totals.collected) + c(whole.totals.agency_charges) + c(whole.totals.deposits_closing)).toBe(c(all.allocated));
    expect(c(whole.totals.deposits_applied)).toBeGreaterThan(0n);
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
          invoices: await rows(`select h.account_code, i.period_start::text as period, i.total, i.paid, i.status from invoices i
            join houses h on h.organization_id = i.organization_id and h.id = i.house_id order by h.account_code, i.period_start`),
          payments: await rows(`select t.name, p.method, p.external_reference, p.amount, p.unallocated, p.status from payments p
            left join tenants t on t.organization_id = p.organization_id and t.id = p.tenant_id order by t.name nulls first, p.paid_at, p.amount`),
          messages: await rows('select "to", body, status from messages order by "to", body'),
        };
      });
      expect(await snapshot(other, id)).toEqual(await snapshot(database, organizationId));
    } finally {
      await other.close();
    }
  }, 600_000);
});

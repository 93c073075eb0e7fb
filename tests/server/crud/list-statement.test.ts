import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ulid } from 'ulid';
import { resourceByName } from '../../../resources/index.js';
import { inScope, readOnce } from '../../../src/server/db/client.js';
import { resourceTables, tenants } from '../../../src/server/db/resource-tables.js';
import { rendered, renderedShapes } from '../../../src/server/db/statements.js';
import { gathers, probes } from '../../../src/server/crud/list-statement.js';
import { listRecords, pageTotal } from '../../../src/server/crud/repository.js';
import { parseListQuery } from '../../../src/server/crud/query-parser.js';
import { PERMITTED } from '../../../src/server/tenancy.js';
import { memberWith } from '../members.js';
import { listPlan } from './list-plan.js';
import { premises } from './premises.js';
import { buildTestApp, onPostgres, registeredBrowser, type TestApp } from '../helpers.js';

// A list request on PostgreSQL is one round trip (crud/list-statement.ts, tenancy.ts
// readInTenant): the page statement, built once per shape and filled with each request's values,
// travels with the membership check and reads nothing unless the caller may list. Whatever way it
// goes, the answer is listRecords' own; on PGlite the route reads in an ordinary scope.

let t: TestApp;
let a: Awaited<ReturnType<typeof registeredBrowser>>;
let b: Awaited<ReturnType<typeof registeredBrowser>>;
const resource = resourceByName('tenants')!;

async function seed(org: string, n: number, prefix: string) {
  const rows = Array.from({ length: n }, (_, i) => ({
    organization_id: org, id: ulid(), name: `${prefix} ${String(i).padStart(2, '0')}`, phone: '+254712345678',
    kind: i % 3 === 0 ? 'company' : 'individual', sms_opt_in: i % 4 !== 0,
  }));
  await inScope(t.database.db, { tenant: org }, (tx) => tx.insert(tenants).values(rows));
  return rows.map((r) => r.id);
}

let idsA: string[];

beforeAll(async () => {
  t = await buildTestApp();
  a = await registeredBrowser(t.app, { org: 'List Statement A' });
  b = await registeredBrowser(t.app, { org: 'List Statement B' });
  idsA = await seed(a.organization!.id, 40, 'Wanjiru');
  await seed(b.organization!.id, 25, 'Wanjiru');
});
afterAll(() => t.close());

const QUERIES: Array<Record<string, string>> = [
  {},
  { range: '[5,9]' },
  { range: '[1000,1009]' },
  { range: '[40,49]' },
  { filter: '{"kind":"company"}' },
  { filter: '{"kind":["company",null]}' },
  { filter: '{"kind":[]}' },
  { filter: JSON.stringify({ kind: 'individual', q: 'Wanjiru 0' }), range: '[0,2]' },
  { filter: '{"sms_opt_in":false}', sort: '["name","DESC"]' },
  { filter: '{"q":"Wanjiru 1"}' },
  { filter: '{"q":"it\'s 100%_\\\\"}' },
  { filter: '{"kind":"company","sms_opt_in":true}', sort: '["name","ASC"]', range: '[2,4]' },
];

const url = (q: Record<string, string>) => `/api/v1/tenants?${new URLSearchParams(q)}`;

/** What listRecords answers for the same query in the same organisation. */
async function expected(org: string, q: Record<string, string>, of = resource) {
  const parsed = parseListQuery(of, q);
  const { rows, total } = await inScope(t.database.db, { tenant: org }, (tx) => listRecords(tx, of, org, parsed));
  const [start] = parsed.range;
  return { rows, range: rows.length ? `tenants ${start}-${start + rows.length - 1}/${total}` : `tenants */${total}` };
}

/** Whether the list statement's gathered branch ran (its matches m read), from EXPLAIN ANALYZE with the gate open; null when it has none. */
async function gathered(org: string, q: Record<string, string>, of: typeof resource): Promise<boolean | null> {
  const plan = await listPlan(t.app.db, org, of, parseListQuery(of, q));
  if (!plan) return null;
  const at = plan.findIndex((line) => /^(->\s+)?Subquery Scan on m /.test(line.trim()));
  // the CTE's nodes down to its scan of the table: under a false one-time filter the scan never runs
  const scan = plan.slice(at + 1).find((line) => /(Seq|Index|Index Only|Bitmap Heap) Scan /.test(line));
  return at < 0 || !scan ? null : !scan.includes('never executed');
}

describe('a list in one round trip', () => {
  it('answers what listRecords answers, for every shape, in each organisation, the same shapes filled with each one\'s values', async () => {
    for (const [who, org] of [[a, a.organization!.id], [b, b.organization!.id]] as const) {
      for (const q of QUERIES) {
        const res = await who.browser.get(url(q));
        expect(res.statusCode, JSON.stringify(q)).toBe(200);
        const want = await expected(org, q);
        expect(res.headers['content-range'], JSON.stringify(q)).toBe(want.range);
        expect(res.json(), JSON.stringify(q)).toEqual(want.rows);
        expect(res.json().every((r: { id: string }) => (org === a.organization!.id) === idsA.includes(r.id))).toBe(true);
      }
    }
    // on PostgreSQL these went as built statements (a search through references would not: tenants have none)
    if (onPostgres()) expect(renderedShapes()).toEqual(expect.arrayContaining(['tenants||name ASC|top', 'tenants|kind=1+null|name ASC|top', 'tenants||name ASC|deep']));
  });

  it('a range of days sorted by another column is the same whether its matches are gathered or the sort order walked', async () => {
    // credits rise with the date, so a range of days bunches along the credits order
    const credits = resourceByName('sms-credits')!;
    const add = (org: string, n: number) => inScope(t.database.db, { tenant: org }, (tx) => tx.insert(resourceTables['sms-credits']).values(Array.from({ length: n }, (_, i) => ({
      organization_id: org, id: ulid(), kind: i % 5 ? 'top_up' : 'usage', credits: 100 + i, date: `2026-0${1 + Math.floor(i / 20)}-${String(1 + (i % 20)).padStart(2, '0')}`,
    }))));
    await add(a.organization!.id, 60);
    await add(b.organization!.id, 30);
    const regimes = new Set<string>();
    for (const [who, org, rows] of [[a, a.organization!.id, 60], [b, b.organization!.id, 30]] as const) {
      for (const filter of [{ date_gte: '2026-01-05', date_lte: '2026-01-08' }, { date_gte: '2026-02-01' }, { date_lte: '2026-02-10' }, { date_gte: '2026-03-01', date_lte: '2026-03-31' }]) {
        for (const sort of [['credits', 'ASC'], ['credits', 'DESC'], ['id', 'DESC'], ['date', 'ASC']]) {
          for (const range of [[0, 0], [0, 4], [3, 7], [0, 24], [50, 60]]) {
            const q = { filter: JSON.stringify(filter), sort: JSON.stringify(sort), range: JSON.stringify(range) };
            const res = await who.browser.get(`/api/v1/sms-credits?${new URLSearchParams(q)}`);
            const want = await expected(org, q, credits);
            expect(res.headers['content-range'], JSON.stringify(q)).toBe(want.range.replace(/^tenants/, 'sms-credits'));
            expect(res.json(), JSON.stringify(q)).toEqual(want.rows);
            const total = Number(want.range.split('/')[1]);
            const rule = gathers(total, range[0], range[1] - range[0] + 1, rows);
            // on PostgreSQL, the branch the statement took: the rule's
            if (onPostgres() && sort[0] !== 'date') expect(await gathered(org, q, credits), JSON.stringify(q)).toBe(rule);
            regimes.add(sort[0] === 'date' ? 'walked: sorted by the filtered field' : rule ? 'gathered' : 'walked');
          }
        }
      }
    }
    expect([...regimes].sort()).toEqual(['gathered', 'walked', 'walked: sorted by the filtered field']);
    if (onPostgres()) expect(renderedShapes()).toEqual(expect.arrayContaining(['sms-credits|dategte&datelte|credits ASC|top|gather', 'sms-credits|dategte&datelte|date ASC|top']));
  });

  it('getMany with only show permission lists the ids asked for; without list permission a list is 403 and shows nothing', async () => {
    const member = await memberWith(t.app, a.browser, a.organization!.id, ['show.tenant']);
    const many = await member.browser.get(url({ filter: JSON.stringify({ id: idsA.slice(0, 3) }) }));
    expect(many.statusCode).toBe(200);
    expect(many.json().map((r: { id: string }) => r.id).sort()).toEqual(idsA.slice(0, 3).sort());
    const list = await member.browser.get(url({}));
    expect(list.statusCode).toBe(403);
    expect(list.body).not.toContain('Wanjiru');
  });

  it('another organisation\'s id in X-Tenant-Id is 404, a signed-out session 401, with nothing of its rows', async () => {
    const forged = await a.browser.get(url({}), { 'x-tenant-id': b.organization!.id });
    expect(forged.statusCode).toBe(404);
    expect(forged.body).not.toContain('Wanjiru');
    const other = await registeredBrowser(t.app, { org: 'List Statement C' });
    expect((await other.browser.get(url({}))).statusCode).toBe(200);
    const cookies = new Map(other.browser.cookies);
    expect((await other.browser.post('/api/v1/logout')).statusCode).toBeLessThan(300);
    other.browser.cookies = cookies;
    const after = await other.browser.get(url({}));
    expect(after.statusCode).toBe(401);
  });

  it('a full page reads nothing more: its carried total is the answer, the estimate past 10,000 included', async () => {
    const org = a.organization!.id;
    const never = () => { throw new Error('read again'); };
    const full = (query: Record<string, string>, carried: string) => pageTotal(never, resource, org, parseListQuery(resource, query), 5, carried);
    expect(await full({ range: '[0,4]' }, '40')).toEqual({ total: 40, estimated: false });
    expect(await full({ range: '[0,4]', filter: '{"kind":"company"}' }, '12000')).toEqual({ total: 12000, estimated: false });
    expect(await full({ range: '[0,4]', filter: '{"sms_opt_in":true}' }, '12345')).toEqual({ total: 12345, estimated: true });
    // a deep page never claims fewer than it proves
    const deep = await full({ range: '[20000,20004]', filter: '{"sms_opt_in":true}' }, '12345');
    expect([deep.total, deep.estimated]).toEqual([20005, true]);
  });

  it.runIf(onPostgres())('the page statement reads nothing unless the membership check opened the gate (PostgreSQL)', async () => {
    const org = a.organization!.id;
    const page = rendered('test|gated tenants', () => sql`select ${tenants.id} from ${tenants} where ${tenants.organization_id} = ${sql.placeholder('org')} and ${PERMITTED}`, { org });
    const gate = (open: boolean) => sql`select set_config('app.permitted', ${open ? 'on' : 'nope'}, true) as gate`;
    const shut = await readOnce(t.app.db, { tenant: org, first: gate(false) }, page);
    expect(shut!.then).toEqual([]);
    const open = await readOnce(t.app.db, { tenant: org, first: gate(true) }, page);
    expect(open!.then.length).toBe(40);
    // the gate lasts only for its batch: the same connection's next batch starts shut
    const none = await readOnce(t.app.db, { tenant: org, first: sql`select 1 as one` }, page);
    expect(none!.then).toEqual([]);
    // another organisation's tenant setting reads none of these rows even with the gate open
    const elsewhere = await readOnce(t.app.db, { tenant: b.organization!.id, first: gate(true) }, page);
    expect(elsewhere!.then).toEqual([]);
  });

  it('a range of days in the default order is the same whether each day\'s first page is read or the sort order walked', async () => {
    // a billing run issues a month's invoices on one day: 30 of January's and 30 of February's tie
    // on their issue date (ordered by their ids), a few issued late, after the next month's; then a
    // day each through March
    const invoices = resourceByName('invoices')!;
    const bill = async (org: string, n: number) => {
      await premises(t.database.db, org);
      const leases = Array.from({ length: n }, (_, i) => `LE${i + 2}`);
      await t.database.db.execute(sql`insert into leases (organization_id, id, tenant_id, house_id, start_date, rent, deposit, billing_frequency, due_day, status)
        select ${org}, 'LE' || g, 'T1', 'HO1', '2000-01-01', 10000, 10000, 'monthly', 5, 'draft' from generate_series(2, ${n + 1}::int) g`);
      const day = (d: Date) => d.toISOString().slice(0, 10);
      const rows = leases.map((lease, i) => {
        const period = i < 30 ? new Date(Date.UTC(2026, 0, 1)) : i < 60 ? new Date(Date.UTC(2026, 1, 1)) : new Date(Date.UTC(2026, 2, i - 59));
        const issued = i % 13 === 5 ? new Date(period.getTime() + 40 * 86_400_000) : period;
        return {
          organization_id: org, id: ulid(), number: `INV-${i}`, lease_id: lease, tenant_id: 'T1', house_id: 'HO1', property_id: 'PR1',
          period_start: day(period), period_end: day(period), issue_date: day(issued), due_date: day(new Date(issued.getTime() + 4 * 86_400_000)),
          total: '10000.00', paid: '0.00', balance: '10000.00', status: 'issued',
        };
      });
      await inScope(t.database.db, { tenant: org }, (tx) => tx.insert(resourceTables.invoices).values(rows));
      return rows;
    };
    const billed = { [a.organization!.id]: await bill(a.organization!.id, 80), [b.organization!.id]: await bill(b.organization!.id, 70) };
    const regimes = new Set<string>();
    for (const [who, org] of [[a, a.organization!.id], [b, b.organization!.id]] as const) {
      const mine = billed[org];
      for (const filter of [
        { period_start_gte: '2026-01-01', period_start_lte: '2026-01-31' }, { period_start_gte: '2026-01-01', period_start_lte: '2026-02-28' },
        { period_start_gte: '2026-02-01' }, { period_start_lte: '2026-12-31' }, { due_date_gte: '2026-01-05', due_date_lte: '2026-03-10' },
        { period_start_gte: '2027-01-01' },
      ]) {
        const [field, from, to] = 'due_date_gte' in filter ? ['due_date', filter.due_date_gte, filter.due_date_lte]
          : ['period_start', 'period_start_gte' in filter ? filter.period_start_gte : undefined, 'period_start_lte' in filter ? filter.period_start_lte : undefined];
        const days = new Set(mine.map((r) => r[field as 'due_date']).filter((d) => (!from || d >= from) && (!to || d <= to))).size;
        for (const sort of [['issue_date', 'DESC'], ['issue_date', 'ASC']]) {
          for (const range of [[0, 0], [0, 4], [3, 7], [0, 24], [50, 60]]) {
            const q = { filter: JSON.stringify(filter), sort: JSON.stringify(sort), range: JSON.stringify(range) };
            const res = await who.browser.get(`/api/v1/invoices?${new URLSearchParams(q)}`);
            const want = await expected(org, q, invoices);
            expect(res.headers['content-range'], JSON.stringify(q)).toBe(want.range.replace(/^tenants/, 'invoices'));
            expect(res.json(), JSON.stringify(q)).toEqual(want.rows);
            // nothing of the other organisation's
            expect(res.json().every((r: { id: string }) => mine.some((m) => m.id === r.id)), JSON.stringify(q)).toBe(true);
            const total = Number(want.range.split('/')[1]);
            const rule = probes(total, days, range[0], range[1] - range[0] + 1, mine.length);
            if (onPostgres()) {
              // the branch the statement took, the rule's: each day's first page read (its days
              // scanned for the probe, not just counted), or the walk
              const plan = (await listPlan(t.app.db, org, invoices, parseListQuery(invoices, q)))!;
              const probe = plan.find((line) => /CTE Scan on days \(/.test(line));
              expect(probe, `${JSON.stringify(q)}\n${plan.join('\n')}`).toBeDefined();
              expect(!probe!.includes('never executed'), JSON.stringify(q)).toBe(rule);
            }
            regimes.add(rule ? 'probed' : 'walked');
          }
        }
      }
    }
    expect([...regimes].sort()).toEqual(['probed', 'walked']);
    if (onPostgres()) expect(renderedShapes()).toEqual(expect.arrayContaining(['invoices|period_startgte&period_startlte|issue_date DESC|top|probe']));
  });
});

// `npx tsx bench/reports.ts`: the reports of issue 14 for the `npm run seed:scale` organisation —
// aging (all tenants), a tenant statement and a property statement (one year), a property's rent
// roll, the dashboard — each through its service (a read-only transaction as keja_app, as its
// route runs it, with row-level security, the report's queries, the cents arithmetic and JSON
// shaping) next to the single raw SQL aggregate over the same rows (bench/raw-reports.ts: a bare
// pool connection, no transaction, no shaping), measured alternately in the same run. Target:
// service ≤ 1.2 × raw (bench/targets.ts).
// Prints medians and ratios, and checks a few figures of each pair agree (a raw query that
// computed less would flatter the service); no timing asserts.
//
// Environment: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/keja_scale), BENCH_REPEAT (15:
// each report's least pairs), BENCH_REPORT_SECONDS (2: pairs are measured until that much time is
// spent too, so a report of a few milliseconds takes hundreds, not 15: at 15 a 3 ms report's ratio
// moved 0.83-1.24 between runs on this 2-core machine; 0 in short mode).
// Also run by `npm run bench` (bench/run.ts), which prints these figures with the others.
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { inScope, openDatabase } from '../src/server/db/client.js';
import { agingReport } from '../src/server/domain/reports/aging.js';
import { today } from '../src/server/domain/reports/common.js';
import { dashboard } from '../src/server/domain/reports/dashboard.js';
import { propertyStatement } from '../src/server/domain/reports/property-statement.js';
import { rentRoll } from '../src/server/domain/reports/rent-roll.js';
import { tenantStatement } from '../src/server/domain/reports/tenant-statement.js';
import { rawAging, rawDashboard, rawPropertyStatement, rawRentRoll, rawTenantStatement } from './raw-reports.js';
import { SCALE_DATABASE_URL, SCALE_ORGANIZATION } from './scale.js';
import { TARGETS } from './targets.js';

const REPEAT = Number(process.env.BENCH_REPEAT || 15);
const SECONDS = Number(process.env.BENCH_REPORT_SECONDS ?? (process.env.BENCH_SHORT ? 0 : 2));

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
async function time(fn: () => Promise<unknown>) {
  const t0 = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - t0) / 1e6;
}

export interface ReportFigure {
  name: string; service: number; raw: number; ratio: number;
  /** The figures compared between the service and the raw SQL ("label service = raw"), and whether all agree. */
  checks: string[]; agree: boolean;
}

type Figures = Record<string, unknown>;
interface Report { name: string; service: () => Promise<unknown>; raw: () => Promise<pg.QueryResult>; figures: (service: never, raw: pg.QueryResult) => Array<[string, unknown, unknown]> }

/** Money and counts compared as numbers to the cent (the service sends text, the raw SQL numeric). */
const same = (a: unknown, b: unknown) => Math.round(Number(a ?? 0) * 100) === Math.round(Number(b ?? 0) * 100);
const sum = (rows: Figures[], key: string) => rows.reduce((t, r) => t + Number(r[key] ?? 0), 0);

/** Measures each report against its raw SQL; prints as it goes and returns the medians. */
export async function benchReports(log: (line: string) => void = console.log): Promise<ReportFigure[]> {
  const database = await openDatabase({ databaseUrl: SCALE_DATABASE_URL });
  const pool = new pg.Pool({ connectionString: SCALE_DATABASE_URL, max: 2 });
  const { rows: [org] } = await pool.query('select id from organizations where name = $1', [SCALE_ORGANIZATION]);
  if (!org) throw new Error('Run `npm run seed:scale` first.');
  const orgId: string = org.id;
  const { rows: [meta] } = await pool.query(`
    select (select count(*) from invoices where organization_id = $1)::int as invoices,
           (select max(issue_date)::text from invoices where organization_id = $1) as last,
           (select property_id from invoices where organization_id = $1 group by property_id order by count(*) desc limit 1) as property,
           (select tenant_id from invoices where organization_id = $1 order by id offset (select count(*) / 3 from invoices where organization_id = $1) limit 1) as tenant`, [orgId]);
  const asOf: string = meta.last;
  const to: string = meta.last;
  const from = `${Number(to.slice(0, 4)) - 1}${to.slice(4, 8)}01`;
  const now = today();
  log(`${SCALE_ORGANIZATION}: ${meta.invoices.toLocaleString('en')} invoices; aging as of ${asOf}; statements from ${from} to ${to} (property ${meta.property}, tenant ${meta.tenant}); rent roll and dashboard as of today, ${now}`);

  const scoped = <T>(fn: (tx: Parameters<Parameters<typeof inScope>[2]>[0]) => Promise<T>) => () => inScope(database.app, { tenant: orgId, readOnly: true }, fn);
  const reports: Report[] = [
    {
      name: 'aging report (all tenants)',
      service: scoped((tx) => agingReport(tx, orgId, { as_of: asOf })),
      raw: () => rawAging(pool, orgId, asOf),
      figures: (s: Awaited<ReturnType<typeof agingReport>>, r) => [
        ['tenants', s.rows.length, r.rowCount],
        ...(['current', 'd1_30', 'd31_60', 'd61_90', 'd90_plus', 'credit'] as const).map((k): [string, unknown, unknown] => [k, s.totals[k], sum(r.rows, k)]),
      ],
    },
    {
      name: 'tenant statement (one year)',
      service: scoped((tx) => tenantStatement(tx, orgId, meta.tenant, { from, to })),
      raw: () => rawTenantStatement(pool, orgId, meta.tenant, from, to),
      figures: (s: Awaited<ReturnType<typeof tenantStatement>>, { rows: [r] }) => [
        ['opening', s.opening_balance, r.opening], ['debits', s.total_debits, r.debits], ['credits', s.total_credits, r.credits],
        ['closing', s.closing_balance, r.closing], ['credit on account', s.credit_on_account, r.credit],
      ],
    },
    {
      name: 'property statement (one year)',
      service: scoped((tx) => propertyStatement(tx, orgId, { property_id: meta.property, from, to })),
      raw: () => rawPropertyStatement(pool, orgId, meta.property, from, to),
      figures: (s: Awaited<ReturnType<typeof propertyStatement>>, r) => [
        ['houses', s.properties[0]?.houses.length, r.rowCount],
        ['billed', s.totals.billed, sum(r.rows, 'billed_t') - sum(r.rows, 'billed_b')],
        ['collected', s.totals.collected, sum(r.rows, 'paid_t') - sum(r.rows, 'paid_b')],
      ],
    },
    {
      name: 'rent roll (one property)',
      service: scoped((tx) => rentRoll(tx, orgId, meta.property, { money: true })),
      raw: () => rawRentRoll(pool, orgId, meta.property, now),
      figures: (s: Awaited<ReturnType<typeof rentRoll>>, { rows: [r] }) => (['houses', 'occupied', 'rent_roll', 'potential_rent', 'balance', 'arrears', 'deposit_held'] as const)
        .map((k): [string, unknown, unknown] => [k, s.totals[k], r[k]]),
    },
    {
      name: 'dashboard',
      service: scoped((tx) => dashboard(tx, orgId)),
      raw: () => rawDashboard(pool, orgId, now),
      figures: (s: Awaited<ReturnType<typeof dashboard>>, { rows: [r] }) => [
        ['houses', s.occupancy.houses, r.houses], ['occupied', s.occupancy.occupied, r.occupied], ['open tickets', s.open_tickets, r.tickets],
        ['draft leases', s.attention?.draft_leases, r.draft_leases], ['unmatched payments', s.unmatched_payments?.count, r.unmatched],
        ['billed, 13 months', s.months?.reduce((t, m) => t + Number(m.billed), 0), r.billed_13_months],
        ['collected this month', s.this_month?.collected, r.collected_this_month], ['arrears total', s.arrears?.total, r.arrears_total],
      ],
    },
  ];
  const only = process.env.BENCH_REPORTS?.split(',').map((x) => x.trim()).filter(Boolean);
  const figures: ReportFigure[] = [];
  for (const { name, service, raw, figures: compare } of reports.filter((x) => !only?.length || only.some((o) => x.name.startsWith(o)))) {
    const [s0, r0] = [await service(), await raw()]; // also warms the caches and plans
    const checks = compare(s0 as never, r0).map(([label, a, b]) => `${label} ${String(a)} ${same(a, b) ? '=' : '≠'} ${String(b)}`);
    const agree = checks.every((c) => !c.includes('≠'));
    const s: number[] = [];
    const r: number[] = [];
    const until = performance.now() + SECONDS * 1000;
    for (let i = 0; i < REPEAT || performance.now() < until; i++) {
      r.push(await time(raw));
      s.push(await time(service));
    }
    const ms = median(s);
    const mr = median(r);
    log(`${name.padEnd(32)} service ${ms.toFixed(1).padStart(8)} ms   raw SQL ${mr.toFixed(1).padStart(8)} ms   ratio ${(ms / mr).toFixed(2)} (target ≤ ${TARGETS.reportRatio})`);
    log(`  ${s.length} pairs; ${agree ? 'figures agree' : 'FIGURES DIFFER'}: ${checks.join('; ')}`);
    figures.push({ name, service: ms, raw: mr, ratio: ms / mr, checks, agree });
  }
  await pool.end();
  await database.close();
  return figures;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  benchReports().catch((err) => { console.error(err); process.exit(1); });
}

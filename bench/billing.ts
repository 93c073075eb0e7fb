// Billing run benchmark (issue 4): a fresh organisation with 10,000 active leases (set-based SQL),
// a billing run for one month through the real service (transactions as keja_app with row-level
// security, batches of 2,000, numbers, lines, audit rows, progress), then a re-run with nothing to
// do. The baseline, measured in the same run, is the bare work: one INSERT … SELECT of the same
// invoices and one of their lines, as the owner, for another month. A small organisation is billed
// first to warm the process up. Wall time and CPU (this process and the backends) are reported;
// on a shared machine the CPU ratio is the steadier one.
//
// `npx tsx bench/billing.ts`. Environment: BENCH_BILLING_DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/keja_bench_billing, created and migrated if missing),
// BENCH_LEASES (10000). Targets (bench/targets.ts): run ≤ 1.5 × the baseline, re-run ≤ 1 s. Also run
// by `npm run bench` (bench/run.ts).
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { ensureDatabase } from './ensure-database.js';
import { openDatabase, type Database } from '../src/server/db/client.js';
import { runBilling } from '../src/server/domain/billing/runs.js';
import { seedOrganization } from '../tests/server/domain/billing/seed.js';
import pg from 'pg';
import { TARGETS } from './targets.js';
import { backendCpu } from './measure.js';

const url = process.env.BENCH_BILLING_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/keja_bench_billing';
const LEASES = Number(process.env.BENCH_LEASES || 10_000);
const WARMUP_LEASES = Math.min(LEASES, 1_000);

const time = async <T>(fn: () => Promise<T>): Promise<[T, number]> => {
  const t0 = performance.now();
  const value = await fn();
  return [value, (performance.now() - t0) / 1000];
};

/**
 * The CPU seconds `fn` cost: this process and the bench database's backends (from /proc). On a
 * shared machine wall time swings with the neighbours' load; the CPU a piece of work costs barely
 * moves, so its ratio is the steadier figure (and what the wall ratio tends to on an idle machine).
 */
async function cpuOf<T>(monitor: pg.Pool, fn: () => Promise<T>): Promise<[T, number]> {
  const pgBefore = await backendCpu(monitor);
  const nodeBefore = process.cpuUsage();
  const value = await fn();
  const node = process.cpuUsage(nodeBefore);
  const pgAfter = await backendCpu(monitor);
  let pgMs = 0;
  for (const [pid, ms] of pgAfter) pgMs += ms - (pgBefore.get(pid) ?? 0);
  if (process.env.BENCH_CPU_SPLIT) console.log(`  cpu split: node ${((node.user + node.system) / 1e6).toFixed(2)} s, backends ${(pgMs / 1000).toFixed(2)} s`);
  return [value, ((node.user + node.system) / 1000 + pgMs) / 1000];
}
const s = (x: number) => `${x.toFixed(2)} s`;

export interface BillingFigures { leases: number; baseline: number; run: number; rerun: number; baselineCpu: number; runCpu: number }

/** Prints the run's progress as the API shows it (its row's processed of total) every few seconds while `work` runs. */
async function withProgress<T>(db: Database['db'], org: string, log: (line: string) => void, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const timer = setInterval(() => {
    db.execute(sql`select processed, total, made from billing_runs where organization_id = ${org} order by created_at desc limit 1`)
      .then((r) => {
        const [row] = (r as unknown as { rows: Array<{ processed: number; total: number; made: number }> }).rows;
        if (row) log(`  progress at ${((performance.now() - started) / 1000).toFixed(0)} s: ${row.processed} of ${row.total} leases, ${row.made} invoices`);
      }, () => undefined);
  }, PROGRESS_EVERY_MS);
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}
const PROGRESS_EVERY_MS = 5000;

/** Seeds a fresh organisation, bills it, bills it again; prints as it goes and returns the seconds. */
export async function benchBilling(log: (line: string) => void = console.log): Promise<BillingFigures> {
  let figures: BillingFigures | undefined;
  await ensureDatabase(url);
  const database = await openDatabase({ databaseUrl: url });
  const db = database.db;
  const monitor = new pg.Pool({ connectionString: url, max: 1 });
  try {
    // a server bills many organisations in one process: warm its code paths and connections on a
    // small one first, as the list benchmark warms up before it measures
    const warm = await seedOrganization(db, WARMUP_LEASES, { start: '2026-01-01', charge: 500 });
    await runBilling(db, warm, '2026-03');
    const [org, seeding] = await time(() => seedOrganization(db, LEASES, { start: '2026-01-01', charge: 500 }));
    await db.execute(sql`analyze`);
    log(`seeded ${LEASES} active leases in ${s(seeding)} (organisation ${org})`);

    // baseline: the same invoices and lines (the charge line naming its charge, as the run's does),
    // one statement each, no rules, numbers or audit
    const [[, baseline], baselineCpu] = await cpuOf(monitor, () => time(async () => {
      await db.transaction(async (tx) => {
        await tx.execute(sql`
          insert into invoices (organization_id, id, number, lease_id, tenant_id, house_id, property_id, period_start, period_end, issue_date, due_date, total, paid, balance, status)
          select l.organization_id, 'BX' || l.id, 'BASE-' || row_number() over (order by l.id), l.id, l.tenant_id, l.house_id, h.property_id,
            date '2026-12-01', date '2026-12-31', date '2026-12-01', date '2026-12-05', l.rent + 500, 0, l.rent + 500, 'issued'
          from leases l join houses h on h.organization_id = l.organization_id and h.id = l.house_id
          where l.organization_id = ${org} and l.status in ('active', 'notice')`);
        await tx.execute(sql`
          insert into invoice_lines (organization_id, id, invoice_id, position, kind, charge_id, description, quantity, rate, amount, waived)
          select i.organization_id, i.id || '-' || k, i.id, k, case k when 0 then 'rent' else 'charge' end,
            case k when 0 then null else (select c.id from charges c where c.organization_id = ${org}) end,
            case k when 0 then 'Rent Dec 2026' else 'Service charge Dec 2026' end, 1,
            case k when 0 then i.total - 500 else 500 end, case k when 0 then i.total - 500 else 500 end, false
          from invoices i cross join generate_series(0, 1) k
          where i.organization_id = ${org} and i.period_start = date '2026-12-01'`);
      });
    }));

    const [[run, first], runCpu] = await cpuOf(monitor, () => time(() => withProgress(db, org, log, () => runBilling(db, org, '2026-03'))));
    const [rerun, second] = await time(() => runBilling(db, org, '2026-03'));
    if (run.made !== LEASES || rerun.made !== 0) throw new Error(`unexpected: made ${run.made}, re-run made ${rerun.made}`);

    log('');
    log(`billing run, ${LEASES} leases (${run.made} invoices, ${2 * run.made} lines)`);
    log(`  baseline INSERT … SELECT   ${s(baseline)}`);
    log(`  billing run                ${s(first)}  (${(first / baseline).toFixed(2)} × baseline; target ≤ ${TARGETS.billingRatio} ×: ${first / baseline <= TARGETS.billingRatio ? 'met' : 'NOT met'})`);
    log(`  CPU (this process and the database's backends): baseline ${s(baselineCpu)}, run ${s(runCpu)} (${(runCpu / baselineCpu).toFixed(2)} ×)`);
    log(`  re-run, nothing to do      ${s(second)}  (${rerun.skipped} skipped; target ≤ ${TARGETS.billingRerunSeconds} s: ${second <= TARGETS.billingRerunSeconds ? 'met' : 'NOT met'})`);
    figures = { leases: LEASES, baseline, run: first, rerun: second, baselineCpu, runCpu };
  } finally {
    await monitor.end();
    await database.close();
  }
  return figures!;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  benchBilling().catch((err) => { console.error(err); process.exit(1); });
}

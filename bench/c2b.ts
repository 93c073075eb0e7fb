// Daraja C2B confirmations through the full stack (issue 10): the real app on a loopback port,
// callbacks POSTed as Safaricom would (a unique TransID each, the account code of a random house
// of an organisation with BENCH_LEASES active leases and an issued invoice each), by 10 concurrent
// callers for BENCH_SECONDS: each one finds the channel by its secret, stores the raw callback,
// records the payment (match, allocation, audit) in two transactions, then its receipt number in a
// short third one (domain/payments/receipt-numbers.ts), under
// row-level security. Beside it, in the same run, the bare insert rate: one INSERT of a payment
// row per statement by 10 concurrent pool clients, no rules. Daraja's callback timeout is about
// 8 s (reference/integrations.md A2); p99 must stay far below it.
//
// `npx tsx bench/c2b.ts` or `npm run bench -- c2b`. Environment: BENCH_C2B_DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/keja_bench_c2b, created and migrated if missing),
// BENCH_LEASES (10000), BENCH_SECONDS (10), BENCH_WARMUP (2 s), BENCH_CONNECTIONS (10).
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { ensureDatabase } from './ensure-database.js';
import { ulid } from 'ulid';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/client.js';
import { runBilling } from '../src/server/domain/billing/runs.js';
import { newCallbackSecret } from '../src/server/domain/daraja/url-rules.js';
import { seedOrganization } from '../tests/server/domain/billing/seed.js';

const url = process.env.BENCH_C2B_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/keja_bench_c2b';
const LEASES = Number(process.env.BENCH_LEASES || 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const CALLERS = Number(process.env.BENCH_CONNECTIONS || 10);

export interface Rate { count: number; rps: number; p50: number; p99: number; failures: number }

/** `callers` loops calling `once` until the time is up; latencies in ms. */
async function load(callers: number, seconds: number, once: (i: number) => Promise<boolean>): Promise<Rate> {
  const latencies: number[] = [];
  let failures = 0;
  let n = 0;
  const end = performance.now() + seconds * 1000;
  const t0 = performance.now();
  await Promise.all(Array.from({ length: callers }, async () => {
    while (performance.now() < end) {
      const start = performance.now();
      const ok = await once(n++);
      latencies.push(performance.now() - start);
      if (!ok) failures++;
    }
  }));
  const elapsed = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { count: latencies.length, rps: latencies.length / elapsed, p50: at(0.5), p99: at(0.99), failures };
}

const nairobiNow = () => new Date(Date.now() + 3 * 3600_000).toISOString().replace(/[-:T]/g, '').slice(0, 14);
const fmt = (r: Rate) => `${r.rps.toFixed(0)} /s (${r.count} in ${SECONDS} s), p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms${r.failures ? `, ${r.failures} FAILED` : ''}`;

export interface C2bFigures { full: Rate; bare: Rate; cpuMs: number }

export async function benchC2b(log: (line: string) => void = console.log): Promise<C2bFigures> {
  await ensureDatabase(url);
  const database = await openDatabase({ databaseUrl: url });
  const db = database.db;
  const org = await seedOrganization(db, LEASES, { start: '2026-01-01', charge: 500 });
  await runBilling(db, org, '2026-03');
  const channel = ulid();
  const secret = newCallbackSecret();
  await db.execute(sql`insert into payment_channels (organization_id, id, name, kind, number, callback_secret) values (${org}, ${channel}, 'Paybill 600000', 'mpesa_paybill', '600000', ${secret})`);
  await db.execute(sql`analyze`);
  log(`seeded ${LEASES} active leases with an issued invoice each (organisation ${org})`);
  await database.close();

  const config = loadConfig({ DATABASE_URL: url, DEMO: '0' }, { logLevel: 'warn', appKey: 'bench-c2b-app-key-0123456789', webDir: '/nonexistent' });
  const app = await buildApp({ config });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const confirmation = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/v1/webhooks/c2b/${secret}/confirmation`;
  const run = `${Date.now().toString(36).toUpperCase()}`.slice(-5);
  const body = (i: number) => JSON.stringify({
    TransactionType: 'Pay Bill', TransID: `B${run}${String(i).padStart(8, '0')}`.slice(0, 20), TransTime: nairobiNow(), TransAmount: '2500.00',
    BusinessShortCode: '600000', BillRefNumber: `h-${1 + Math.floor(Math.random() * LEASES)}`, InvoiceNumber: '', OrgAccountBalance: '',
    ThirdPartyTransID: '', MSISDN: '2547 ***** 126', FirstName: 'JOHN', MiddleName: '', LastName: 'DOE',
  });
  const post = async (i: number) => {
    const res = await fetch(confirmation, { method: 'POST', headers: { 'content-type': 'application/json' }, body: body(i) });
    const answer = await res.json() as { ResultCode?: unknown };
    return res.status === 200 && answer.ResultCode === 0;
  };
  await load(CALLERS, Number(process.env.BENCH_WARMUP ?? 2), (i) => post(1_000_000 + i)); // warm-up
  // the server and the callers share this process: its CPU per confirmation says whether the
  // rate is bound by JavaScript work (a loaded machine) rather than by a lock in the database
  const cpu0 = process.cpuUsage();
  const full = await load(CALLERS, SECONDS, post);
  const cpu = process.cpuUsage(cpu0);
  const cpuMs = (cpu.user + cpu.system) / 1000 / Math.max(1, full.count);
  await app.close();

  const pool = new pg.Pool({ connectionString: url, max: CALLERS });
  const bare = await load(CALLERS, SECONDS, async (i) => {
    await pool.query(
      `insert into payments (organization_id, id, receipt_number, channel_id, method, external_reference, amount, paid_at, unallocated, status)
       values ($1, $2, $3, $4, 'mpesa', $5, 2500, now(), 2500, 'unmatched')`,
      [org, ulid(), `BARE-${run}-${i}`, channel, `X${run}${i}`],
    );
    return true;
  });
  const [{ matched, total }] = (await pool.query(
    `select count(*) filter (where status = 'allocated')::int as matched, count(*)::int as total from payments where organization_id = $1 and channel_id = $2 and external_reference like 'B%'`,
    [org, channel],
  )).rows;
  await pool.end();

  log('');
  log(`C2B confirmations, ${CALLERS} concurrent callers, ${SECONDS} s each`);
  log(`  full stack (raw stored, matched, allocated)  ${fmt(full)}`);
  log(`  bare INSERT of a payment row                 ${fmt(bare)}`);
  log(`  this process's CPU: ${cpuMs.toFixed(1)} ms per confirmation (server and callers); ${(1000 / cpuMs).toFixed(0)} /s if it had a core to itself`);
  log(`  ratio ${(full.rps / bare.rps).toFixed(3)} × bare; ${matched} of ${total} recorded payments matched and allocated; p99 ${full.p99.toFixed(0)} ms against Daraja's ~8000 ms timeout`);
  return { full, bare, cpuMs };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  benchC2b().catch((err) => { console.error(err); process.exit(1); });
}

// `npm run bench`: every performance figure of issues 3, 4, 10 and 14 in one run, as ratios against a
// baseline measured in the same run (the machine is shared: absolute figures swing, ratios less).
//
//   npm run bench                      every part (lists, reports, billing, c2b, bulk-send)
//   npm run bench -- lists             only the list benchmark (any subset of the parts)
//   npm run bench -- --short           every part on a small database of its own, in about a
//                                      minute: proves the bench works (CI; bench/short-mode.ts)
//
// The figures go to the console and to BENCH_OUT (default bench/results/latest.json; the markdown
// summary beside it as latest.md), each marked against issue 14's targets (bench/results.ts).
//
// 1. Lists (issues 3, 14): the invoice list of the scale organisation (`npm run seed:scale` first)
// through the full stack (the real app on a loopback port, a logged-in session, a transaction as keja_app
// with row-level security, the membership and permission check, the page, the total) next to a
// bare route (node http + a pg Pool, the same page SQL, no session, no transaction, no count; pageSql),
// measured in the same run with autocannon, as ratios. The cases come from the invoices declaration
// (bench/list-cases.ts): first page, deep page, each filter, search, each sortable column.
// Targets: full ÷ bare ≥ 0.5, node CPU ≤ 1 ms per request. Then a profile of one request's time.
//
// 2. Reports (issues 4, 14; bench/reports.ts): aging, tenant statement, property statement, rent roll
//    and dashboard through the service next to the single raw SQL aggregate over the same rows;
//    target ≤ 1.2 ×.
// 3. Billing (issue 4, bench/billing.ts): a run for 10,000 active leases (≤ 1.5 × the baseline) and
//    its re-run with nothing to do (≤ 1 s), next to a bare INSERT … SELECT of the same invoices and lines.
// 4. C2B (issue 10, bench/c2b.ts): Daraja confirmations through the full stack at 10 concurrent
//    callers, rate and p99, next to the bare insert rate of a payment row.
//
// 5. Bulk send (issue 10, bench/bulk-send.ts): 10,000 SMS through the job queue to the fake
//    Africa's Talking, messages per second end to end and the share of time outside the provider
//    call.
//
// Environment: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/keja_scale),
// BENCH_SECONDS (5 per measurement; 0 skips the load and only profiles), BENCH_CONNECTIONS (10), BENCH_WARMUP (2 s),
// BENCH_ROUNDS (3: every list case measured once a round, interleaved, each figure the median of its rounds),
// BENCH_CASES (comma-separated case names), BENCH_PROFILE (requests per case, 0 to skip; 200),
// BENCH_OUT (the results file), BENCH_SHORT=1 (as --short).
//
// Besides requests/s and latency, each measurement charges CPU time to each request: this
// process (the server under test; the load generator runs in a child) and the database backends
// (from /proc). On a shared 2-core machine throughput swings with the neighbours' load; the CPU
// per request barely moves, and full ÷ bare in CPU is what the throughput ratio tends to when the
// machine is ours.
import './short-mode.js'; // first: the short mode sets the environment the modules below read
import { spawnSync } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { resourceByName } from '../resources/index.js';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { parseListQuery } from '../src/server/crud/query-parser.js';
import { gathersDays, listStatement } from '../src/server/crud/list-statement.js';
import { pageQuery, resolveSearch } from '../src/server/crud/repository.js';
import type { Db } from '../src/server/db/client.js';
import { SCALE_DATABASE_URL, SCALE_EMAIL, SCALE_ORGANIZATION, SCALE_PASSWORD } from './scale.js';
import { SHORT } from './short-mode.js';
import { listCases, type Case } from './list-cases.js';
import { measure, stopLoadGenerator } from './measure.js';
import { instrumentPg, recordRequests, summarise } from './profile.js';
import { listFigure, listRound, listTable, summary, TARGETS, writeResults, type ListFigure, type ListRound, type Results } from './results.js';
import { benchReports } from './reports.js';
import { benchBilling } from './billing.js';
import { benchC2b } from './c2b.js';
import { benchBulkSend } from './bulk-send.js';
import { settleSessionCache } from '../src/server/auth/sessions.js';

const SECONDS = Number(process.env.BENCH_SECONDS || 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS || 3));
const PROFILE = Number(process.env.BENCH_PROFILE ?? 200);
const OUT = process.env.BENCH_OUT || 'bench/results/latest.json';
const url = SCALE_DATABASE_URL;

const qs = (c: Case) => {
  const p = new URLSearchParams();
  if (c.query.filter) p.set('filter', JSON.stringify(c.query.filter));
  p.set('range', JSON.stringify(c.query.range));
  if (c.query.sort) p.set('sort', JSON.stringify(c.query.sort));
  return p.toString();
};

/**
 * The page query exactly as repository.listRecords sends it (repository.pageQuery), without the
 * total; a search's referenced matches resolved once beforehand (resolveSearch), so the bare
 * route sends one statement (the full stack matches them inside its own statement on PostgreSQL,
 * crud/list-statement.ts; on PGlite, and past 10,000 matches, in small queries of its own first).
 * A range of days sorted by another column is the exception: written so, the planner walks the
 * sort order and filters (197,000 invoices read for 25 of a month's: 190 ms, some 10 requests a
 * second), so the bare route sends the full stack's own statement (probedPage, gatheredPage) with its gate
 * open, total (read from the day counters) included: the best this query is known to go.
 */
async function pageSql(pool: pg.Pool, orgId: string, c: Case) {
  const resource = resourceByName('invoices')!;
  const parsed = parseListQuery(resource, Object.fromEntries(new URLSearchParams(qs(c))));
  if (gathersDays(resource, parsed)) {
    const statement = listStatement(resource, orgId, parsed, sql`true`);
    if (!statement) throw new Error(`${c.name}: the day counters are not known yet (the full stack reads them on its first request)`);
    return { sql: statement.sql, params: statement.params };
  }
  const q = await resolveSearch(drizzle(pool) as unknown as Db, resource, orgId, parsed);
  return pageQuery(drizzle.mock() as unknown as Db, resource, orgId, q).toSQL();
}

/** The bare route: node http + pg, one query, no session, no transaction, no count. */
async function bareServer(pool: pg.Pool, queries: Map<string, { sql: string; params: unknown[] }>) {
  const server = http.createServer(async (req, res) => {
    const q = queries.get((req.url ?? '').split('?')[0]);
    if (!q) {
      res.writeHead(404).end();
      return;
    }
    try {
      const { rows } = await pool.query({ text: q.sql, values: q.params });
      const body = JSON.stringify(rows);
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    } catch (err) {
      res.writeHead(500).end(String(err));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

/** Logs in like the web app: CSRF cookie, then POST /login with X-XSRF-TOKEN. */
async function login(base: string): Promise<string> {
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      jar.set(pair.slice(0, i), pair.slice(i + 1));
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  keep(await fetch(`${base}/sanctum/csrf-cookie`));
  const res = await fetch(`${base}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', cookie: cookie(), 'x-xsrf-token': decodeURIComponent(jar.get('XSRF-TOKEN') ?? '') },
    body: JSON.stringify({ email: SCALE_EMAIL, password: SCALE_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  keep(res);
  return cookie();
}

const pad = (s: string, n: number) => s.padEnd(n);

const PARTS = ['lists', 'reports', 'billing', 'c2b', 'bulk-send'] as const;
type Part = (typeof PARTS)[number];

function parts(): Part[] {
  const asked = [...process.argv.slice(2), ...(process.env.BENCH_PARTS?.split(',') ?? [])]
    .filter((a) => a !== '--short').map((s) => s.trim().replace(/^--/, '')).filter(Boolean);
  const unknown = asked.filter((a) => !PARTS.includes(a as Part));
  if (unknown.length) throw new Error(`unknown part ${unknown.join(', ')}: choose from ${PARTS.join(', ')}`);
  return asked.length ? PARTS.filter((p) => asked.includes(p)) : [...PARTS];
}

const num = (n: number, d = 0) => n.toLocaleString('en', { minimumFractionDigits: d, maximumFractionDigits: d });

async function benchLists(problems: string[]): Promise<ListFigure[]> {
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.PG_POOL_MAX || 10) });
  const { rows: [org] } = await pool.query<{ id: string }>('select id from organizations where name = $1 order by created_at limit 1', [SCALE_ORGANIZATION]);
  if (!org) throw new Error(`no "${SCALE_ORGANIZATION}" in ${url}: run npm run seed:scale first`);
  const { rows: [{ n }] } = await pool.query<{ n: string }>('select count(*) as n from invoices where organization_id = $1', [org.id]);

  instrumentPg();
  const config = loadConfig({ DATABASE_URL: url }, { memory: true, appKey: 'bench-app-key-0123456789abcdef', logLevel: 'silent', webDir: '/nonexistent', demo: false });
  const app = await buildApp({ config }, { logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const appBase = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const cookie = await login(appBase);
  // a long-running server is past the session cache's quiet period that follows any login
  settleSessionCache();
  const headers = { cookie, accept: 'application/json', 'x-tenant-id': org.id };

  const list = await listCases(pool, org.id);
  // each case once through the full stack first: the counters its total reads become known (count.ts)
  for (const c of list) await (await fetch(`${appBase}/api/v1/invoices?${qs(c)}`, { headers })).arrayBuffer();
  const queries = new Map(await Promise.all(list.map(async (c) => [`/${c.name}`, await pageSql(pool, org.id, c)] as const)));
  const bare = await bareServer(pool, queries);
  const bareBase = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;
  const width = Math.max(...list.map((c) => c.name.length)) + 1;

  console.log('## Lists (issues 3, 14): the full stack ÷ the bare route, same run\n');
  console.log(`Keja list benchmark: ${SCALE_ORGANIZATION}, ${num(Number(n))} invoices; ${CONNECTIONS} connections, ${SECONDS} s a measurement after ${WARMUP} s warm-up\n`);
  console.log('Check: same rows from both routes, and the full stack\'s Content-Range');
  for (const c of list) {
    const full = await fetch(`${appBase}/api/v1/invoices?${qs(c)}`, { headers });
    const fullRows = (await full.json()) as Array<{ id: string }>;
    const bareRows = (await (await fetch(`${bareBase}/${c.name}`)).json()) as Array<{ id: string }>;
    const same = full.status === 200 && Array.isArray(fullRows) && JSON.stringify(fullRows.map((r) => r.id)) === JSON.stringify(bareRows.map((r) => r.id));
    console.log(`  ${pad(c.name, width)} ${full.status} ${pad(full.headers.get('content-range') ?? '-', 32)} ${pad(`${bareRows.length} rows`, 8)} ${same ? 'same rows' : 'ROWS DIFFER'}  ${c.what}`);
    if (!same) throw new Error(`${c.name}: the full stack and the bare route disagree`);
  }

  // interleaved rounds: a slow minute of the shared machine lands in one round of a few cases, and
  // each case's median leaves it out
  const opts = { connections: CONNECTIONS, seconds: SECONDS, warmup: WARMUP };
  const rounds = new Map<string, ListRound[]>(list.map((c) => [c.name, []]));
  for (let round = 1; round <= (SECONDS > 0 ? ROUNDS : 0); round++) {
    if (ROUNDS > 1) console.log(`  round ${round} of ${ROUNDS}`);
    for (const c of list) {
      const b = await measure(pool, `${bareBase}/${c.name}`, {}, opts);
      const f = await measure(pool, `${appBase}/api/v1/invoices?${qs(c)}`, headers, opts);
      if (f.non2xx || f.errors || b.non2xx || b.errors) problems.push(`list ${c.name}: non-2xx ${f.non2xx} full / ${b.non2xx} bare, errors ${f.errors} / ${b.errors}`);
      const r = listRound(b, f);
      rounds.get(c.name)!.push(r);
      console.log(`  measured ${pad(c.name, width)} ${num(r.ratio, 2)} × bare, node CPU ${num(r.full.nodeCpuMs, 2)} ms/request (bare ${num(r.bare.nodeCpuMs, 2)})`);
    }
  }
  const results = SECONDS > 0 ? list.map((c) => listFigure(c.name, c.what, rounds.get(c.name)!)) : [];

  stopLoadGenerator();
  if (results.length) console.log(`\n${listTable(results).join('\n')}`);

  if (PROFILE > 0) {
    console.log(`\nProfile: mean ms per step over ${PROFILE} sequential requests (slowest 5 % left out); "js before X" is JavaScript work before query X`);
    for (const c of list) {
      for (const [label, target] of [['full', `${appBase}/api/v1/invoices?${qs(c)}`], ['bare', `${bareBase}/${c.name}`]] as const) {
        const h = label === 'full' ? headers : {};
        for (let i = 0; i < Math.min(30, PROFILE); i++) await (await fetch(target, { headers: h })).arrayBuffer();
        const server = label === 'full' ? app.server : bare;
        const timelines = await recordRequests(server, async () => {
          for (let i = 0; i < PROFILE; i++) await (await fetch(target, { headers: h })).arrayBuffer();
        });
        const s = summarise(timelines);
        console.log(`\n  ${c.name} (${label}): mean ${num(s.total, 2)} ms, median ${num(s.median, 2)} ms`);
        for (const [step, ms] of s.steps) console.log(`    ${pad(step, 52)} ${num(ms, 3).padStart(8)}`);
      }
    }
  }

  await new Promise<void>((resolve) => bare.close(() => resolve()));
  await app.close();
  await pool.end();
  return results;
}

/** The short mode's small database: seeded once (seed:scale stops when it finds the data there). */
function seedShort() {
  console.log(`## Short mode: seeding ${url.replace(/:[^:@/]*@/, ':***@')} at SCALE_FACTOR ${process.env.SCALE_FACTOR}\n`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/seed-scale.ts'], { stdio: 'inherit', env: process.env });
  if (r.status !== 0) throw new Error(`seed-scale exited ${r.status ?? r.signal}`);
}

const loads = () => loadavg().map((x) => Number(x.toFixed(2)));

async function main() {
  const chosen = parts();
  const env = ['DATABASE_URL', 'BENCH_SECONDS', 'BENCH_ROUNDS', 'BENCH_CONNECTIONS', 'BENCH_CASES', 'BENCH_PROFILE', 'BENCH_REPEAT', 'BENCH_REPORT_SECONDS', 'BENCH_LEASES']
    .filter((k) => process.env[k] !== undefined).map((k) => `${k}=${process.env[k]} `).join('');
  const asked = chosen.length < PARTS.length ? [...chosen] : [];
  const command = `${env}npm run bench${asked.length || SHORT ? ` -- ${[...(SHORT ? ['--short'] : []), ...asked].join(' ')}` : ''}`;
  const started = new Date().toISOString();
  const start = loads();
  console.log(`Command: ${command}`);
  console.log(`Started ${started}; load average ${start.join(' ')}\n`);
  const t0 = Date.now();
  if (SHORT) seedShort();
  const results: Results = {
    command, started, seconds: 0, short: SHORT, database: url.replace(/:[^:@/]*@/, ':***@'), loadAverage: { start, end: [] },
    targets: TARGETS, lists: [], reports: [], problems: [],
  };
  if (chosen.includes('lists')) results.lists = await benchLists(results.problems);
  if (chosen.includes('reports')) {
    console.log('\n## Reports (issues 4, 14): service ÷ the single raw SQL aggregate, medians, alternated\n');
    results.reports = (await benchReports()).map((r) => ({ ...r, met: r.ratio <= TARGETS.reportRatio }));
    for (const r of results.reports.filter((x) => !x.agree)) results.problems.push(`${r.name}: the service and the raw SQL disagree (${r.checks.join('; ')})`);
  }
  if (chosen.includes('billing')) {
    console.log('\n## Billing run (issues 4, 14)\n');
    const b = await benchBilling();
    results.billing = { ...b, met: { ratio: b.ratio <= TARGETS.billingRatio, rerun: b.rerun <= TARGETS.billingRerunSeconds } };
  }
  if (chosen.includes('bulk-send')) {
    results.bulkSend = await benchBulkSend();
    if (results.bulkSend.failed) results.problems.push(`bulk send: ${results.bulkSend.failed} of ${results.bulkSend.messages} messages not sent`);
  }
  if (chosen.includes('c2b')) {
    console.log('\n## Daraja C2B confirmations (issue 10)\n');
    results.c2b = await benchC2b();
    const failed = results.c2b.full.failures + results.c2b.bare.failures;
    if (failed) results.problems.push(`C2B: ${failed} confirmations failed`);
  }
  results.seconds = (Date.now() - t0) / 1000;
  results.loadAverage.end = loads();

  console.log(`\n${summary(results).join('\n')}`);
  const files = writeResults(OUT, results);
  console.log(`\nTotal ${results.seconds.toFixed(0)} s; load average at the end ${results.loadAverage.end.join(' ')}; results in ${files.join(' and ')}`);
  if (results.problems.length) throw new Error(`${results.problems.length} problem(s): ${results.problems.join('; ')}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

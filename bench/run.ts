// `npm run bench`: every performance figure of issues 3 and 4 in one run, as ratios against a
// baseline measured in the same run (the machine is shared: absolute figures swing, ratios less).
//
//   npm run bench                      lists, reports and billing (about 6 minutes)
//   npm run bench -- lists             only the list benchmark (also: reports, billing; any subset)
//
// 1. Lists (issue 3): the invoice list of the scale organisation (`npm run seed:scale` first) through
// the full stack (the real app on a loopback port, a logged-in session, a transaction as keja_app
// with row-level security, the membership and permission check, the page, the total) next to a
// bare route (node http + a pg Pool, the same page SQL, no session, no transaction, no count),
// measured in the same run with autocannon, as ratios. Then a profile of one request's time.
//
// 2. Reports (issue 4, bench/reports.ts): aging and a one-year property statement through the
//    service next to the single raw SQL aggregate over the same rows; target ≤ 1.5 ×.
// 3. Billing (issue 4, bench/billing.ts): a run for 10,000 active leases (≤ 5 s) and its re-run with
//    nothing to do (≤ 1 s), next to a bare INSERT … SELECT of the same invoices and lines.
// 4. C2B (issue 10, bench/c2b.ts): Daraja confirmations through the full stack at 10 concurrent
//    callers, rate and p99, next to the bare insert rate of a payment row.
//
// 5. Bulk send (issue 10, bench/bulk-send.ts): 10,000 SMS through the job queue to the fake
//    Africa's Talking, messages per second end to end and the share of time outside the provider
//    call (BENCH_SHORT=1: 1,000).
//
// Environment: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/keja_scale),
// BENCH_SECONDS (10 per measurement; 0 skips the load and only profiles), BENCH_CONNECTIONS (10), BENCH_WARMUP (2 s),
// BENCH_CASES (comma-separated case names), BENCH_PROFILE (requests per case, 0 to skip; 200).
//
// Besides requests/s and latency, each measurement charges CPU time to each request: this
// process (the server under test; the load generator runs in a child) and the database backends
// (from /proc). On a shared 2-core machine throughput swings with the neighbours' load; the CPU
// per request barely moves, and full ÷ bare in CPU is what the throughput ratio tends to when the
// machine is ours.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { resourceByName } from '../resources/index.js';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { parseListQuery } from '../src/server/crud/query-parser.js';
import { pageQuery, resolveSearch } from '../src/server/crud/repository.js';
import type { Db } from '../src/server/db/client.js';
import { SCALE_DATABASE_URL, SCALE_EMAIL, SCALE_ORGANIZATION, SCALE_PASSWORD } from './scale.js';
import { instrumentPg, recordRequests, summarise } from './profile.js';
import { benchReports, type ReportFigure } from './reports.js';
import { benchBilling, type BillingFigures } from './billing.js';
import { benchC2b, type C2bFigures } from './c2b.js';
import { benchBulkSend, type BulkSendFigures } from './bulk-send.js';
import { settleSessionCache } from '../src/server/auth/sessions.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const PROFILE = Number(process.env.BENCH_PROFILE ?? 200);
const url = SCALE_DATABASE_URL;

interface Case {
  name: string;
  what: string;
  query: { filter?: Record<string, unknown>; range: [number, number]; sort?: [string, 'ASC' | 'DESC'] };
}

/** A tenant with invoices, and a number prefix that matches a few hundred of them. */
async function cases(pool: pg.Pool, orgId: string): Promise<Case[]> {
  const { rows: [t] } = await pool.query('select tenant_id from invoices where organization_id = $1 and tenant_id is not null order by id limit 1 offset 5000', [orgId]);
  const sort: [string, 'ASC' | 'DESC'] = ['issue_date', 'DESC'];
  const all: Case[] = [
    { name: 'first', what: 'first page, default sort', query: { range: [0, 24], sort } },
    { name: 'deep', what: 'deep page (offset 10,000)', query: { range: [10000, 10024], sort } },
    { name: 'status', what: 'filter status=issued (35k match)', query: { filter: { status: 'issued' }, range: [0, 24], sort } },
    { name: 'tenant', what: 'filter one tenant_id', query: { filter: { tenant_id: t.tenant_id }, range: [0, 24], sort } },
    { name: 'search', what: 'q search "INV-00123"', query: { filter: { q: 'INV-00123' }, range: [0, 24], sort } },
  ];
  const only = process.env.BENCH_CASES?.split(',').map((s) => s.trim()).filter(Boolean);
  return only?.length ? all.filter((c) => only.includes(c.name)) : all;
}

const qs = (c: Case) => {
  const p = new URLSearchParams();
  if (c.query.filter) p.set('filter', JSON.stringify(c.query.filter));
  p.set('range', JSON.stringify(c.query.range));
  if (c.query.sort) p.set('sort', JSON.stringify(c.query.sort));
  return p.toString();
};

/**
 * The page query exactly as repository.listRecords sends it (repository.pageQuery), without the
 * total; a search's referenced matches resolved once beforehand (resolveSearch), as the full
 * stack does on every request (its extra small queries are the full side's cost).
 */
async function pageSql(pool: pg.Pool, orgId: string, c: Case) {
  const resource = resourceByName('invoices')!;
  const parsed = parseListQuery(resource, Object.fromEntries(new URLSearchParams(qs(c))));
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

interface Load {
  rps: number; total: number; sent: number; p50: number; p99: number; mean: number; non2xx: number; errors: number; timeouts: number;
  /** CPU milliseconds per request: this process (the server under test) and the database's backends. */
  nodeCpu?: number; pgCpu?: number;
}

const TICK_MS = 10; // /proc/<pid>/stat counts clock ticks of 1/100 s on Linux

/** CPU milliseconds used so far by the backends connected to the bench database. */
async function backendCpu(pool: pg.Pool): Promise<Map<number, number>> {
  const { rows } = await pool.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database()');
  const out = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(pid, (Number(fields[11]) + Number(fields[12])) * TICK_MS);
    } catch {
      // not on Linux, or the backend has gone
    }
  }
  return out;
}

/** Runs a load and charges the CPU this process and the database spent to each request. */
async function measure(pool: pg.Pool, target: string, headers: Record<string, string>): Promise<Load> {
  const pgBefore = await backendCpu(pool);
  const nodeBefore = process.cpuUsage();
  const result = await load(target, headers);
  const node = process.cpuUsage(nodeBefore);
  const pgAfter = await backendCpu(pool);
  let pgMs = 0;
  for (const [pid, ms] of pgAfter) pgMs += ms - (pgBefore.get(pid) ?? 0);
  const sent = Math.max(1, result.sent);
  return { ...result, nodeCpu: (node.user + node.system) / 1000 / sent, pgCpu: pgMs / sent };
}

function load(target: string, headers: Record<string, string>): Promise<Load> {
  const opts = JSON.stringify({ url: target, headers, connections: CONNECTIONS, duration: SECONDS, warmup: WARMUP });
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'load.ts'), opts], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => { out += d; });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`autocannon exited ${code}`))));
  });
}

const pad = (s: string, n: number) => s.padEnd(n);

const PARTS = ['lists', 'reports', 'billing', 'c2b', 'bulk-send'] as const;
type Part = (typeof PARTS)[number];

function parts(): Part[] {
  const asked = [...process.argv.slice(2), ...(process.env.BENCH_PARTS?.split(',') ?? [])].map((s) => s.trim().replace(/^--/, '')).filter(Boolean);
  const unknown = asked.filter((a) => !PARTS.includes(a as Part));
  if (unknown.length) throw new Error(`unknown part ${unknown.join(', ')}: choose from ${PARTS.join(', ')}`);
  return asked.length ? PARTS.filter((p) => asked.includes(p)) : [...PARTS];
}

function printTable(results: Array<{ c: Case; bare: Load; full: Load }>) {
  console.log('\n| case | what | bare req/s | bare p50 / p99 ms | full req/s | full p50 / p99 ms | full ÷ bare | CPU ms/req bare (node + pg) | CPU ms/req full (node + pg) |');
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|');
  const cpu = (l: Load) => `${num(l.nodeCpu ?? 0, 2)} + ${num(l.pgCpu ?? 0, 2)}`;
  for (const { c, bare: b, full: f } of results) {
    console.log(`| ${c.name} | ${c.what} | ${num(b.rps)} | ${b.p50} / ${b.p99} | ${num(f.rps)} | ${f.p50} / ${f.p99} | **${num(f.rps / b.rps, 2)}** | ${cpu(b)} | ${cpu(f)} |`);
  }
  const first = results.find((r) => r.c.name === 'first');
  if (first) {
    const ratio = first.full.rps / first.bare.rps;
    console.log(`\nFirst page: ${num(ratio, 2)} × the bare route (target ≥ 0.35): ${ratio >= 0.35 ? 'met' : 'NOT met'}`);
  }
}
const num = (n: number, d = 0) => n.toLocaleString('en', { minimumFractionDigits: d, maximumFractionDigits: d });

async function benchLists(): Promise<Array<{ c: Case; bare: Load; full: Load }>> {
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

  const list = await cases(pool, org.id);
  const queries = new Map(await Promise.all(list.map(async (c) => [`/${c.name}`, await pageSql(pool, org.id, c)] as const)));
  const bare = await bareServer(pool, queries);
  const bareBase = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;

  console.log('## Lists (issue 3): the full stack ÷ the bare route, same run\n');
  console.log(`Keja list benchmark: ${SCALE_ORGANIZATION}, ${num(Number(n))} invoices; ${CONNECTIONS} connections, ${SECONDS} s a measurement after ${WARMUP} s warm-up\n`);
  console.log('Check: same rows from both routes, and the full stack\'s Content-Range');
  for (const c of list) {
    const full = await fetch(`${appBase}/api/v1/invoices?${qs(c)}`, { headers });
    const fullRows = (await full.json()) as Array<{ id: string }>;
    const bareRows = (await (await fetch(`${bareBase}/${c.name}`)).json()) as Array<{ id: string }>;
    const same = full.status === 200 && JSON.stringify(fullRows.map((r) => r.id)) === JSON.stringify(bareRows.map((r) => r.id));
    console.log(`  ${pad(c.name, 8)} ${full.status} ${pad(full.headers.get('content-range') ?? '-', 32)} ${same ? 'same rows' : 'ROWS DIFFER'}`);
    if (!same) throw new Error(`${c.name}: the full stack and the bare route disagree`);
  }

  const results: Array<{ c: Case; bare: Load; full: Load }> = [];
  for (const c of SECONDS > 0 ? list : []) {
    const b = await measure(pool, `${bareBase}/${c.name}`, {});
    const f = await measure(pool, `${appBase}/api/v1/invoices?${qs(c)}`, headers);
    if (f.non2xx || f.errors || b.non2xx || b.errors) console.warn(`  ${c.name}: non-2xx ${f.non2xx}/${b.non2xx}, errors ${f.errors}/${b.errors}`);
    results.push({ c, bare: b, full: f });
    console.log(`  measured ${c.name}`);
  }

  if (results.length) printTable(results);

  if (PROFILE > 0) {
    console.log(`\nProfile: mean ms per step over ${PROFILE} sequential requests (slowest 5 % left out); "js before X" is JavaScript work before query X`);
    for (const c of list) {
      for (const [label, target] of [['full', `${appBase}/api/v1/invoices?${qs(c)}`], ['bare', `${bareBase}/${c.name}`]] as const) {
        const h = label === 'full' ? headers : {};
        for (let i = 0; i < 30; i++) await (await fetch(target, { headers: h })).arrayBuffer();
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

async function main() {
  const chosen = parts();
  const env = ['DATABASE_URL', 'BENCH_SECONDS', 'BENCH_CONNECTIONS', 'BENCH_CASES', 'BENCH_PROFILE', 'BENCH_REPEAT', 'BENCH_LEASES']
    .filter((k) => process.env[k] !== undefined).map((k) => `${k}=${process.env[k]} `).join('');
  console.log(`Command: ${env}npm run bench${chosen.length < PARTS.length ? ` -- ${chosen.join(' ')}` : ''}`);
  console.log(`Started ${new Date().toISOString()}; load average ${(await import('node:os')).loadavg().map((x) => x.toFixed(2)).join(' ')}\n`);
  const t0 = Date.now();
  let lists: Array<{ c: Case; bare: Load; full: Load }> = [];
  let reports: ReportFigure[] = [];
  let billing: BillingFigures | undefined;
  if (chosen.includes('lists')) lists = await benchLists();
  if (chosen.includes('reports')) {
    console.log('\n## Reports (issue 4): service ÷ the single raw SQL aggregate, medians, alternated\n');
    reports = await benchReports();
  }
  if (chosen.includes('billing')) {
    console.log('\n## Billing run (issue 4)\n');
    billing = await benchBilling();
  }
  let bulkSend: BulkSendFigures | undefined;
  if (chosen.includes('bulk-send')) bulkSend = await benchBulkSend();
  let c2b: C2bFigures | undefined;
  if (chosen.includes('c2b')) {
    console.log('\n## Daraja C2B confirmations (issue 10)\n');
    c2b = await benchC2b();
  }

  console.log('\n## Summary\n');
  console.log('| figure | measured | baseline (same run) | ratio / target |');
  console.log('|---|---:|---:|---|');
  for (const { c, bare: b, full: f } of lists) {
    const target = c.name === 'first' ? ' (target ≥ 0.35)' : '';
    console.log(`| list ${c.name}: ${c.what} | ${num(f.rps)} req/s, p50 ${f.p50} / p99 ${f.p99} ms | ${num(b.rps)} req/s, p50 ${b.p50} / p99 ${b.p99} ms | ${num(f.rps / b.rps, 2)} × bare${target} |`);
  }
  for (const r of reports) {
    console.log(`| ${r.name} | ${r.service.toFixed(1)} ms | raw SQL ${r.raw.toFixed(1)} ms | ${r.ratio.toFixed(2)} × raw (target ≤ 1.50: ${r.ratio <= 1.5 ? 'met' : 'NOT met'}) |`);
  }
  if (billing) {
    console.log(`| billing run, ${num(billing.leases)} leases | ${billing.run.toFixed(2)} s | INSERT … SELECT ${billing.baseline.toFixed(2)} s | ${(billing.run / billing.baseline).toFixed(1)} × baseline (target ≤ 5 s: ${billing.run <= 5 ? 'met' : 'NOT met'}) |`);
    console.log(`| billing re-run, nothing to do | ${billing.rerun.toFixed(2)} s | | target ≤ 1 s: ${billing.rerun <= 1 ? 'met' : 'NOT met'} |`);
  }
  if (bulkSend) {
    console.log(`| Bulk send, ${bulkSend.messages} SMS to the fake AT | ${num(bulkSend.perSecond)} messages/s end to end | ${(bulkSend.outsideShare * 100).toFixed(0)} % of worker time outside the provider call | ${bulkSend.requests} provider requests |`);
  }
  if (c2b) {
    const r = (x: C2bFigures['full']) => `${num(x.rps)} /s, p50 ${x.p50.toFixed(0)} / p99 ${x.p99.toFixed(0)} ms`;
    console.log(`| C2B confirmation, full stack, ${CONNECTIONS} callers | ${r(c2b.full)} | bare INSERT ${r(c2b.bare)} | ${(c2b.full.rps / c2b.bare.rps).toFixed(3)} × bare; p99 vs Daraja's ~8 s timeout: ${c2b.full.p99 < 1000 ? 'far below' : 'TOO CLOSE'} |`);
  }
  console.log(`\nTotal ${((Date.now() - t0) / 1000).toFixed(0)} s; load average at the end ${(await import('node:os')).loadavg().map((x) => x.toFixed(2)).join(' ')}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

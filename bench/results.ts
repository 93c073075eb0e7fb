// The benchmark's figures as data: each marked met or NOT met against the targets, the
// markdown summary, and the results file (BENCH_OUT, default bench/results/latest.json, with the
// summary beside it as .md) that a later run, or a reviewer, compares against.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Load } from './measure.js';
import type { ReportFigure } from './reports.js';
import type { BillingFigures } from './billing.js';
import type { C2bFigures } from './c2b.js';
import type { BulkSendFigures } from './bulk-send.js';
import { TARGETS } from './targets.js';

export { TARGETS };


export interface Side { rps: number; p50: number; p99: number; nodeCpuMs: number; pgCpuMs: number; requests: number; non2xx: number; errors: number; timeouts: number }
/** One round's measurement of a case: the bare route, then the full stack, back to back. */
export interface ListRound { bare: Side; full: Side; ratio: number }
/**
 * A list case over its rounds (BENCH_ROUNDS, interleaved: every case once a round): each figure the
 * median of its rounds, the ratio the median of each round's own full ÷ bare. `rounds` keeps them all.
 */
export interface ListFigure { name: string; what: string; bare: Side; full: Side; ratio: number; met: { ratio: boolean; nodeCpu: boolean }; rounds: ListRound[] }
export interface Results {
  command: string;
  started: string;
  seconds: number;
  short: boolean;
  database: string;
  loadAverage: { start: number[]; end: number[] };
  targets: typeof TARGETS;
  lists: ListFigure[];
  reports: Array<ReportFigure & { met: boolean }>;
  billing?: BillingFigures & { met: { ratio: boolean; rerun: boolean } };
  c2b?: C2bFigures;
  bulkSend?: BulkSendFigures;
  /** What broke (rows differ, a non-2xx, a failed call): a non-empty list fails the run. */
  problems: string[];
}

const side = (l: Load): Side => ({
  rps: l.rps, p50: l.p50, p99: l.p99, nodeCpuMs: l.nodeCpu ?? 0, pgCpuMs: l.pgCpu ?? 0, requests: l.total, non2xx: l.non2xx, errors: l.errors, timeouts: l.timeouts,
});

/** The middle value (the mean of the middle two of an even count). */
export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** A round: one measurement of each route, its ratio from requests per second. */
export const listRound = (bare: Load, full: Load): ListRound => ({ bare: side(bare), full: side(full), ratio: full.rps / Math.max(bare.rps, Number.EPSILON) });

/** Each side's medians over the rounds; counts (requests, failures) summed. */
function medianSide(sides: Side[]): Side {
  const m = (k: 'rps' | 'p50' | 'p99' | 'nodeCpuMs' | 'pgCpuMs') => median(sides.map((x) => x[k]));
  const sum = (k: 'requests' | 'non2xx' | 'errors' | 'timeouts') => sides.reduce((a, x) => a + x[k], 0);
  return { rps: m('rps'), p50: m('p50'), p99: m('p99'), nodeCpuMs: m('nodeCpuMs'), pgCpuMs: m('pgCpuMs'), requests: sum('requests'), non2xx: sum('non2xx'), errors: sum('errors'), timeouts: sum('timeouts') };
}

export function listFigure(name: string, what: string, rounds: ListRound[]): ListFigure {
  const bare = medianSide(rounds.map((r) => r.bare));
  const full = medianSide(rounds.map((r) => r.full));
  const ratio = median(rounds.map((r) => r.ratio));
  return { name, what, bare, full, ratio, met: { ratio: ratio >= TARGETS.listRatio, nodeCpu: full.nodeCpuMs <= TARGETS.listNodeCpuMs }, rounds };
}

const num = (n: number, d = 0) => n.toLocaleString('en', { minimumFractionDigits: d, maximumFractionDigits: d });
const met = (ok: boolean) => (ok ? 'met' : '**NOT met**');
/** A ratio shown rounded down, so 0.497 reads 0.49 beside its NOT met, never 0.50. */
const down = (x: number) => Math.floor(x * 100) / 100;

/** The list cases as a markdown table, each with its ratio and CPU against the targets. */
export function listTable(lists: ListFigure[]): string[] {
  const rounds = Math.max(0, ...lists.map((f) => f.rounds.length));
  const spread = (xs: number[]) => (xs.length > 1 ? ` (${num(Math.min(...xs), 2)}–${num(Math.max(...xs), 2)})` : '');
  const out = [
    ...(rounds > 1 ? [`Medians of ${rounds} interleaved rounds (every case once a round); the lowest and highest round in brackets.`, ''] : []),
    `| case | what | bare req/s | full req/s | full p50 / p99 ms | full ÷ bare (≥ ${TARGETS.listRatio}) | node CPU ms/req full (≤ ${TARGETS.listNodeCpuMs}) | node CPU ms/req bare | node CPU full ÷ bare | pg CPU ms/req full / bare |`,
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const f of lists) {
    const cpuRatio = f.bare.nodeCpuMs > 0 ? num(f.full.nodeCpuMs / f.bare.nodeCpuMs, 2) : '-';
    const ratios = spread(f.rounds.map((r) => down(r.ratio)));
    const cpu = spread(f.rounds.map((r) => r.full.nodeCpuMs));
    out.push(`| ${f.name} | ${f.what} | ${num(f.bare.rps)} | ${num(f.full.rps)} | ${f.full.p50} / ${f.full.p99} | ${num(down(f.ratio), 2)}${ratios} ${met(f.met.ratio)} | ${num(f.full.nodeCpuMs, 2)}${cpu} ${met(f.met.nodeCpu)} | ${num(f.bare.nodeCpuMs, 2)} | ${cpuRatio} | ${num(f.full.pgCpuMs, 2)} / ${num(f.bare.pgCpuMs, 2)} |`);
  }
  const ratios = lists.filter((f) => f.met.ratio).length;
  const cpu = lists.filter((f) => f.met.nodeCpu).length;
  // the bare route's own CPU against the same figure: how far this machine lets any server go
  const bareCpu = lists.filter((f) => f.bare.nodeCpuMs <= TARGETS.listNodeCpuMs).length;
  if (lists.length) out.push('', `Ratio target met by ${ratios} of ${lists.length} cases; node CPU target by ${cpu} of ${lists.length} (the bare route's own CPU is within it in ${bareCpu} of ${lists.length}).`);
  return out;
}

/** Every part's figures as one markdown summary. */
export function summary(r: Results): string[] {
  const out = [`## Summary${r.short ? ' (short mode: the figures prove the run works, they measure nothing)' : ''}`, ''];
  if (r.lists.length) out.push('### Lists: the full stack ÷ the bare route, same run', '', ...listTable(r.lists), '');
  if (r.reports.length || r.billing || r.c2b || r.bulkSend) {
    out.push('| figure | measured | baseline (same run) | ratio / target |', '|---|---:|---:|---|');
  }
  for (const x of r.reports) {
    out.push(`| ${x.name} | ${x.service.toFixed(1)} ms | raw SQL ${x.raw.toFixed(1)} ms | ${x.ratio.toFixed(2)} × raw (target ≤ ${TARGETS.reportRatio}: ${met(x.met)}) |`);
  }
  const b = r.billing;
  if (b) {
    out.push(`| billing run, ${num(b.leases)} leases | ${b.run.toFixed(2)} s | INSERT … SELECT ${b.baseline.toFixed(2)} s | ${b.ratio.toFixed(2)} × baseline (target ≤ ${TARGETS.billingRatio}: ${met(b.met.ratio)}) |`);
    out.push(`| billing run, CPU (node and backends) | ${b.runCpu.toFixed(2)} s | ${b.baselineCpu.toFixed(2)} s | ${(b.runCpu / b.baselineCpu).toFixed(2)} × |`);
    out.push(`| billing re-run, nothing to do | ${b.rerun.toFixed(2)} s | | target ≤ ${TARGETS.billingRerunSeconds} s: ${met(b.met.rerun)} |`);
  }
  const s = r.bulkSend;
  if (s) out.push(`| bulk send, ${s.messages} SMS to the fake AT | ${num(s.perSecond)} messages/s end to end | ${(s.outsideShare * 100).toFixed(0)} % of worker time outside the provider call | ${s.requests} provider requests |`);
  const c = r.c2b;
  if (c) {
    const rate = (x: C2bFigures['full']) => `${num(x.rps)} /s, p50 ${x.p50.toFixed(0)} / p99 ${x.p99.toFixed(0)} ms`;
    out.push(`| C2B confirmation, full stack | ${rate(c.full)} | bare INSERT ${rate(c.bare)} | ${(c.full.rps / c.bare.rps).toFixed(3)} × bare; p99 vs Daraja's ~8 s timeout: ${c.full.p99 < 1000 ? 'far below' : 'TOO CLOSE'} |`);
  }
  if (r.problems.length) out.push('', '### Problems', '', ...r.problems.map((p) => `- ${p}`));
  return out;
}

/** Writes the figures as JSON to `file` and the summary as markdown beside it (same name, .md). */
export function writeResults(file: string, r: Results): string[] {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(r, null, 2)}\n`);
  const md = file.replace(/\.json$/, '') + '.md';
  writeFileSync(md, `# Benchmark ${r.started}\n\n\`${r.command}\`; ${r.seconds.toFixed(0)} s; load average ${r.loadAverage.start.join(' ')} → ${r.loadAverage.end.join(' ')}\n\n${summary(r).join('\n')}\n`);
  return [file, md];
}

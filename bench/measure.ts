// One load measurement (autocannon in a child process kept for the run, bench/load.ts) with the CPU time it cost
// charged to each request: this process (the server under test) and the database's backends.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';

const here = path.dirname(fileURLToPath(import.meta.url));

export interface Load {
  rps: number; total: number; sent: number; p50: number; p99: number; mean: number; non2xx: number; errors: number; timeouts: number;
  /** CPU milliseconds per request: this process (the server under test) and the database's backends. */
  nodeCpu?: number; pgCpu?: number;
}

export interface LoadOptions { connections: number; seconds: number; warmup: number }

const TICK_MS = 10; // /proc/<pid>/stat counts clock ticks of 1/100 s on Linux

/** CPU milliseconds used so far by the backends connected to the bench database. */
export async function backendCpu(pool: pg.Pool): Promise<Map<number, number>> {
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
export async function measure(pool: pg.Pool, target: string, headers: Record<string, string>, opts: LoadOptions): Promise<Load> {
  const pgBefore = await backendCpu(pool);
  const nodeBefore = process.cpuUsage();
  const result = await load(target, headers, opts);
  const node = process.cpuUsage(nodeBefore);
  const pgAfter = await backendCpu(pool);
  let pgMs = 0;
  for (const [pid, ms] of pgAfter) pgMs += ms - (pgBefore.get(pid) ?? 0);
  const sent = Math.max(1, result.sent);
  return { ...result, nodeCpu: (node.user + node.system) / 1000 / sent, pgCpu: pgMs / sent };
}

interface Generator { child: ChildProcess; waiting: Array<{ resolve: (l: Load) => void; reject: (e: Error) => void }>; buffer: string }
let generator: Generator | null = null;

/** The load generator's process, started on first use and kept for the run (bench/load.ts). */
function loadGenerator(): Generator {
  if (generator) return generator;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'load.ts')], { stdio: ['pipe', 'pipe', 'inherit'] });
  const g: Generator = { child, waiting: [], buffer: '' };
  child.stdout!.on('data', (d) => {
    g.buffer += d;
    for (let i = g.buffer.indexOf('\n'); i >= 0; i = g.buffer.indexOf('\n')) {
      const line = g.buffer.slice(0, i);
      g.buffer = g.buffer.slice(i + 1);
      g.waiting.shift()?.resolve(JSON.parse(line));
    }
  });
  const fail = (err: Error) => {
    for (const w of g.waiting.splice(0)) w.reject(err);
    generator = null;
  };
  child.on('error', fail);
  child.on('close', (code) => fail(new Error(`the load generator exited ${code}`)));
  generator = g;
  return g;
}

/** Ends the load generator's process (it ends with its stdin). */
export function stopLoadGenerator() {
  generator?.child.stdin!.end();
  generator = null;
}

function load(target: string, headers: Record<string, string>, o: LoadOptions): Promise<Load> {
  const g = loadGenerator();
  return new Promise((resolve, reject) => {
    g.waiting.push({ resolve, reject });
    g.child.stdin!.write(`${JSON.stringify({ url: target, headers, connections: o.connections, duration: o.seconds, warmup: o.warmup })}\n`);
  });
}

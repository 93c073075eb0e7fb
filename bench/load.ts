// The autocannon measurements, run in their own process so the load generator never shares an
// event loop with the servers it measures. One process serves a whole run (starting one under tsx
// costs about a second): it reads one job a line on stdin (the options as JSON) and writes one
// summary a line, as JSON, on stdout; it ends with its stdin.
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';

interface Options {
  url: string;
  headers?: Record<string, string>;
  connections: number;
  duration: number;
  warmup: number;
}

async function once(opts: Options) {
  const base = { url: opts.url, headers: opts.headers, connections: opts.connections, pipelining: 1 };
  const warm = opts.warmup > 0 ? (await autocannon({ ...base, duration: opts.warmup })).requests.total : 0;
  const r = await autocannon({ ...base, duration: opts.duration });
  return {
    rps: r.requests.average,
    total: r.requests.total,
    /** All requests sent, warm-up included (what the servers' CPU time was spent on). */
    sent: warm + r.requests.total,
    p50: r.latency.p50,
    p99: r.latency.p99,
    mean: r.latency.mean,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
  };
}

for await (const line of createInterface({ input: process.stdin })) {
  if (line.trim()) process.stdout.write(`${JSON.stringify(await once(JSON.parse(line) as Options))}\n`);
}

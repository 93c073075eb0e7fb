// One autocannon measurement, run in its own process so the load generator never shares an event
// loop with the servers it measures. Argument: the options as JSON; prints a summary as JSON.
import autocannon from 'autocannon';

interface Options {
  url: string;
  headers?: Record<string, string>;
  connections: number;
  duration: number;
  warmup: number;
}

const opts = JSON.parse(process.argv[2]) as Options;
const base = { url: opts.url, headers: opts.headers, connections: opts.connections, pipelining: 1 };
const warm = opts.warmup > 0 ? (await autocannon({ ...base, duration: opts.warmup })).requests.total : 0;
const r = await autocannon({ ...base, duration: opts.duration });
process.stdout.write(JSON.stringify({
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
}));

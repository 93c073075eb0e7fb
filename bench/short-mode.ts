// `npm run bench -- --short` (or BENCH_SHORT=1): proves the benchmark works end to end in about a
// minute, on a small database of its own; its figures mean nothing. Imported first by bench/run.ts,
// before any module reads its environment, it fills in what was not set: a database whose name
// ends in _short (keja_scale_short; never the real scale database), seeded at SCALE_FACTOR 0.02
// (4,400 invoices in the large organisation), 1 s loads without warm-up in one round, a few profiled requests
// and report repeats, 200 leases for billing and C2B, 200 SMS, each part's database beside it
// (keja_scale_short_billing …), and the results in bench/results/short.json.
// It fails only when something breaks (rows differ, a non-2xx, an exception), never on a figure.

export const SHORT = process.argv.includes('--short') || process.env.BENCH_SHORT === '1';
const SHORT_FACTOR = '0.02';

if (SHORT) {
  const url = new URL(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/keja_scale_short');
  const name = decodeURIComponent(url.pathname.slice(1));
  // the short mode seeds what it finds empty and writes billing runs: never into a real database
  if (!name.endsWith('_short')) throw new Error(`short mode: DATABASE_URL names ${name}; it seeds its own, whose name ends in _short (e.g. keja_scale_short)`);
  const beside = (part: string) => {
    const u = new URL(url);
    u.pathname = `/${name}_${part}`;
    return u.toString();
  };
  const defaults: Record<string, string> = {
    DATABASE_URL: url.toString(),
    SCALE_FACTOR: SHORT_FACTOR,
    BENCH_SHORT: '1',
    BENCH_SECONDS: '1',
    BENCH_WARMUP: '0',
    BENCH_ROUNDS: '1',
    BENCH_PROFILE: '5',
    BENCH_REPEAT: '3',
    BENCH_LEASES: '200',
    BENCH_BULK_MESSAGES: '200',
    BENCH_BILLING_DATABASE_URL: beside('billing'),
    BENCH_C2B_DATABASE_URL: beside('c2b'),
    BENCH_BULK_DATABASE_URL: beside('bulk'),
    BENCH_OUT: 'bench/results/short.json',
  };
  for (const [k, v] of Object.entries(defaults)) process.env[k] ??= v;
}

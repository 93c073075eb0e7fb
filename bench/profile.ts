// Where a list request's time goes: every query the pg driver sends is timed and labelled, and
// placed on the timeline of the one request in flight (requests are sent one at a time), between
// its arrival at the HTTP server and the end of its response. The gaps between queries are the
// JavaScript work (routing, cookie and query parsing, drizzle building and mapping rows,
// serialising records, JSON), attributed to the step they precede.
import type { Server } from 'node:http';
import { performance } from 'node:perf_hooks';
import pg from 'pg';

export interface Span { label: string; start: number; end: number }

/** What a statement is, by its text. */
export function labelOf(text: string): string {
  const t = text.trim().toLowerCase();
  // a batch (begin; set_config…; membership) sent as one simple query
  if (t.startsWith('begin') && t.includes(';')) return t.includes('memberships') ? 'BEGIN + set_config + membership (one batch)' : 'BEGIN + set_config (one batch)';
  if (t === 'begin' || t.startsWith('begin')) return 'BEGIN';
  if (t === 'commit' || t.startsWith('commit')) return 'COMMIT';
  if (t.startsWith('rollback')) return 'ROLLBACK';
  if (t.includes('"sessions"')) return t.startsWith('update') ? 'session touch' : 'session lookup';
  if (t.includes("set_config('role'")) return 'set_config (role, tenant)';
  if (t.includes('from memberships m')) return 'membership + permissions';
  const counters = /list_(choice_)?counts/.test(t);
  if (counters && t.includes(' order by ')) return 'page query + total';
  if (counters || t.includes('count(*)')) return 'count';
  if (t.includes('explain')) return 'count estimate';
  return 'page query';
}

interface Recorder { spans: Span[] | null }
const recorder: Recorder = { spans: null };
let installed = false;

/** Times every pg query while a request is being recorded (a no-op otherwise). */
export function instrumentPg() {
  if (installed) return;
  installed = true;
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function query(this: unknown, ...args: unknown[]) {
    const spans = recorder.spans;
    if (!spans) return original.apply(this, args);
    const first = args[0] as string | { text?: string };
    const label = labelOf(typeof first === 'string' ? first : first?.text ?? '');
    const start = performance.now();
    const done = (failed: boolean) => spans.push({ label: failed ? `${label} (failed)` : label, start, end: performance.now() });
    // pg.Pool#query calls client.query with a callback; drizzle's transactions use the promise
    const last = args.length - 1;
    if (typeof args[last] === 'function') {
      const callback = args[last] as (err: unknown, res: unknown) => void;
      args[last] = (err: unknown, res: unknown) => {
        done(!!err);
        callback(err, res);
      };
      return original.apply(this, args);
    }
    const result = original.apply(this, args);
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      (result as Promise<unknown>).then(() => done(false), () => done(true));
    }
    return result;
  };
}

export interface RequestTimeline { arrival: number; finish: number; spans: Span[] }

/** Records the timeline of each request the server answers while `fn` runs, one at a time. */
export async function recordRequests(server: Server, fn: () => Promise<void>): Promise<RequestTimeline[]> {
  const timelines: RequestTimeline[] = [];
  const onRequest = (_req: unknown, res: { once(e: string, f: () => void): void }) => {
    const spans: Span[] = [];
    const timeline: RequestTimeline = { arrival: performance.now(), finish: 0, spans };
    recorder.spans = spans;
    res.once('finish', () => {
      timeline.finish = performance.now();
      recorder.spans = null;
      timelines.push(timeline);
    });
  };
  server.prependListener('request', onRequest);
  try {
    await fn();
  } finally {
    server.removeListener('request', onRequest);
    recorder.spans = null;
  }
  return timelines;
}

/** Mean milliseconds per step (queries and the JavaScript gaps before them), the slowest 5 % left out. */
export function summarise(timelines: RequestTimeline[]): { steps: Array<[string, number]>; total: number; median: number } {
  const sorted = [...timelines].sort((a, b) => (a.finish - a.arrival) - (b.finish - b.arrival));
  const kept = sorted.slice(0, Math.max(1, Math.floor(sorted.length * 0.95)));
  const sums = new Map<string, number>();
  const add = (k: string, v: number) => sums.set(k, (sums.get(k) ?? 0) + v);
  for (const t of kept) {
    const spans = [...t.spans].sort((a, b) => a.start - b.start);
    let cursor = t.arrival;
    for (const s of spans) {
      add(`  js before ${s.label}`, Math.max(0, s.start - cursor));
      add(`${s.label}`, s.end - s.start);
      cursor = Math.max(cursor, s.end);
    }
    add('  js after the last query (serialise, reply)', Math.max(0, t.finish - cursor));
  }
  const steps = [...sums].map(([k, v]) => [k, v / kept.length] as [string, number]);
  const totals = kept.map((t) => t.finish - t.arrival);
  return {
    steps,
    total: totals.reduce((a, b) => a + b, 0) / kept.length,
    median: sorted[Math.floor(sorted.length / 2)] ? sorted[Math.floor(sorted.length / 2)].finish - sorted[Math.floor(sorted.length / 2)].arrival : 0,
  };
}

// The fake contract of tests/web/fake-api.ts plus in-memory resources in the simple-rest dialect
// (docs/api.md): list with filter/range/sort and Content-Range, many, one, create, update. Every
// resource call is recorded with its query and body so tests can say what was sent.
import { vi } from 'vitest';
import { fakeApi, loggedIn } from '../fake-api';

type Row = Record<string, unknown> & { id: string };
export interface ResourceCall { method: string; resource: string; id?: string; filter?: Record<string, unknown>; body?: Record<string, unknown> }

const matches = (row: Row, filter: Record<string, unknown>) => Object.entries(filter).every(([k, v]) => {
  if (k === 'q') return Object.values(row).some((x) => typeof x === 'string' && x.toLowerCase().includes(String(v).toLowerCase()));
  const value = row[k];
  if (Array.isArray(v)) return Array.isArray(value) ? value.some((x) => v.includes(x)) : v.includes(value);
  return value === v;
});

export function screensApi(permissions: string[], data: Record<string, Row[]> = {}) {
  const api = fakeApi(loggedIn({ permissions }));
  const inner = api.fetch;
  const calls: ResourceCall[] = [];
  const overrides: Array<{ method: string; path: string | RegExp; reply: (body: Record<string, unknown> | undefined) => { status: number; body?: unknown } }> = [];
  let seq = 0;
  const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
  const mock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const bodyOf = () => (typeof init.body === 'string' && init.body ? (JSON.parse(init.body) as Record<string, unknown>) : undefined);
    for (const o of overrides) {
      if (o.method === method && (typeof o.path === 'string' ? o.path === path : o.path.test(path))) {
        const body = bodyOf();
        calls.push({ method, resource: path, body });
        const r = o.reply(body);
        return json(r.status, r.body ?? null);
      }
    }
    const m = /^\/api\/v1\/([a-z-]+)(?:\/([^/]+))?$/.exec(url.pathname);
    if (m && data[m[1]]) {
      const [, resource, rawId] = m;
      const id = rawId ? decodeURIComponent(rawId) : undefined;
      const rows = data[resource];
      const body = bodyOf();
      if (method === 'GET' && !id) {
        const filter = JSON.parse(url.searchParams.get('filter') ?? '{}') as Record<string, unknown>;
        const [start, end] = JSON.parse(url.searchParams.get('range') ?? '[0,999]') as [number, number];
        calls.push({ method, resource, filter });
        const found = rows.filter((r) => matches(r, filter));
        const page = found.slice(start, end + 1);
        return json(200, page, { 'Content-Range': `${resource} ${start}-${start + Math.max(0, page.length - 1)}/${found.length}` });
      }
      if (method === 'GET') {
        calls.push({ method, resource, id });
        const row = rows.find((r) => r.id === id);
        return row ? json(200, row) : json(404, { message: 'Not Found' });
      }
      if (method === 'POST' && !id) {
        calls.push({ method, resource, body });
        const row = { ...body, id: `${resource}-new-${++seq}` } as Row;
        rows.push(row);
        return json(201, row);
      }
      if (method === 'PUT' && id) {
        calls.push({ method, resource, id, body });
        const i = rows.findIndex((r) => r.id === id);
        rows[i] = { ...rows[i], ...body, id };
        return json(200, rows[i]);
      }
    }
    return inner(input, init);
  });
  vi.stubGlobal('fetch', mock);
  return {
    api,
    data,
    calls,
    /** Answers `METHOD /path` (without /api/v1) before anything else; the call is recorded under the path. */
    on(method: string, path: string | RegExp, reply: (body: Record<string, unknown> | undefined) => { status: number; body?: unknown }) {
      overrides.unshift({ method, path, reply });
    },
    sent: (method: string, resource: string) => calls.filter((c) => c.method === method && c.resource === resource).map((c) => c.body),
  };
}

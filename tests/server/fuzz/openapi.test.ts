// The API walked from its own OpenAPI document: every operation, sent malformed, oversized,
// NUL-laden and wrongly typed path parameters, query parameters and bodies, as an administrator
// with a valid session and CSRF token (so requests get past the session layer to validation).
// Nothing may answer 5xx, every refusal is the contract's {message} shape, and a refused request
// changes nothing in the database (every table's checksum, bar the session and sign-in logs that
// a refused login or a request's session touch legitimately write).
//
// FC_RUNS (generated requests per operation, default 4) and FC_SEED (replay) as the other
// property tests. The database is its own (PGlite per file; on PostgreSQL a fresh migrated
// database), so other test files writing at the same time cannot move the checksums.
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../../resources/index.js';
import { rowsOf, type Database } from '../../../src/server/db/client.js';
import { buildTestApp, ownDatabase, registeredBrowser, type Browser, type TestApp } from '../helpers.js';
import { createSample } from '../crud/samples.js';

const RUNS = Number(process.env.FC_RUNS || 4);
const SEED = process.env.FC_SEED ? Number(process.env.FC_SEED) : undefined;
/** Tables a refused request may legitimately write: its session's row, the sign-in log (the login limiter's store). */
const WRITTEN_BY_REFUSALS = new Set(['sessions', 'auth_events']);
/** Operations that would end the fuzzing session itself. */
const SKIP = new Set(['POST /api/v1/logout']);

let t: TestApp;
let database: Database;
let admin: Browser;
let organizationId: string;
const ids = new Map<string, string>();
/** Requests sent by the walk (the closing note reports it). */
let requests = 0;

let checksumSql: string;
async function checksums(): Promise<Record<string, string>> {
  return rowsOf<Record<string, string>>(await database.db.execute(sql.raw(checksumSql)))[0];
}

beforeAll(async () => {
  database = await ownDatabase('fuzz');
  t = await buildTestApp({}, database);
  const owner = await registeredBrowser(t.app, { org: 'Fuzz Estates' });
  admin = owner.browser;
  organizationId = owner.organization!.id;
  admin.tenant = organizationId;
  // one real record of every area, so ids that exist reach validation rather than a 404
  const cache = new Map<string, string>();
  for (const r of resources) {
    if (r.storage !== 'table' || ['users', 'messages'].includes(r.name)) continue;
    try {
      const rec = await createSample(admin, r, owner.user.id, cache);
      ids.set(r.name, String(rec.id));
    } catch {
      // an area whose samples need more than the generic chain: its ids stay random
    }
  }
  ids.set('users', owner.user.id);
  ids.set('organisations', organizationId);
  const tables = rowsOf<{ name: string }>(await database.db.execute(sql`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`)).map((r) => r.name).filter((n) => !WRITTEN_BY_REFUSALS.has(n));
  checksumSql = `select ${tables.map((n) => `(select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) from public."${n}" x) as "${n}"`).join(', ')}`;
}, 120_000);

afterAll(async () => {
  await t?.close();
  await database?.close();
});

// ---- what is sent ---------------------------------------------------------------------------------

const NASTY = [
  '', ' ', '\u0000', 'a\u0000b', '\ud800', 'x\udc00y', '\u200b', '\uFEFF', '0000-01-01', '0001-01-01', '2026-02-30',
  '9999-12-31', '2026-13', '0000-01', '-1', '1e400', 'NaN', 'Infinity', '-0', '99999999999999999999.99', '1.234',
  "'; drop table users; --", '../../etc/passwd', '%00', '{}', '[]', 'null', 'true', '=1+1', 'T'.repeat(70),
  '2026-01-01T25:61:00Z', '0000-01-01T00:00:00Z', '+254', '01ARZ3NDEKTSV4RRFFQ69G5FAV', '\\', '"', '%',
];
const text = fc.oneof(
  fc.constantFrom(...NASTY),
  fc.string({ maxLength: 12, unit: 'binary' }),
  fc.string({ maxLength: 8 }).map((s) => `${s}\u0000${s}`),
  fc.constant('x'.repeat(70_000)),
);
const scalar = fc.oneof(text, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constant(1e308), fc.constant(-(2 ** 53)));
const value: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(text, scalar, { maxKeys: 2 }) },
);

/** Every field key an area declares (and its children's), so bodies and filters name real fields. */
const KEYS = [...new Set(resources.flatMap((r) => [...r.fields.map((f) => f.key), ...r.children.flatMap((c) => [c.key, ...c.fields.map((f) => f.key)])]))];
const childRow = fc.dictionary(fc.constantFrom(...KEYS), value, { maxKeys: 6 });

function bodyArb(props: string[]): fc.Arbitrary<{ raw?: string; json?: unknown }> {
  const keys = [...new Set([...props, 'lines', 'id', 'organization_id'])];
  const object = fc.record(Object.fromEntries(keys.map((k) => [k, k === 'lines' ? fc.oneof(value, fc.array(childRow, { maxLength: 3 })) : value])), { requiredKeys: [] });
  return fc.oneof(
    { weight: 6, arbitrary: object.map((json) => ({ json })) },
    { weight: 1, arbitrary: fc.dictionary(fc.constantFrom(...KEYS), value, { maxKeys: 5 }).map((json) => ({ json })) },
    { weight: 1, arbitrary: fc.oneof(scalar, fc.array(value, { maxLength: 2 })).map((json) => ({ json })) },
    { weight: 1, arbitrary: fc.constantFrom('{"name": ', '{"a":1}{', 'not json', '{"a":"\\u0000"}', '{"a":"\\ud800"}', `${'['.repeat(5000)}${']'.repeat(5000)}`).map((raw) => ({ raw })) },
  );
}

/** Percent-encoding that survives lone surrogates (they go as bytes no UTF-8 decoder accepts). */
function enc(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return [...s].map((ch) => {
      try { return encodeURIComponent(ch); } catch { return '%ED%A0%80'; }
    }).join('');
  }
}

/** A path parameter: the area's real record now and then (reaches validation), else junk. */
function paramArb(path: string, name: string, method: string): fc.Arbitrary<string> {
  const area = name === 'tenant_id' ? 'tenants' : name === 'owner_id' ? 'property-owners'
    : path.includes('/statements/property/') ? 'properties' : /\/api\/v1\/([^/]+)\//.exec(path)?.[1] ?? '';
  const real = ids.get(area);
  const junk = fc.oneof(text, fc.integer().map(String));
  return real && method !== 'DELETE' ? fc.oneof({ weight: 2, arbitrary: fc.constant(real) }, { weight: 3, arbitrary: junk }) : junk;
}

const filterKeys = [...KEYS, ...KEYS.map((k) => `${k}_gte`), ...KEYS.map((k) => `${k}_lte`), 'q', 'id', 'nope'];
const filterArb = fc.oneof(
  { weight: 5, arbitrary: fc.dictionary(fc.constantFrom(...filterKeys), fc.oneof(value, fc.constant([])), { maxKeys: 3 }).map((o) => JSON.stringify(o)) },
  { weight: 1, arbitrary: text },
);
const queryValue = (name: string): fc.Arbitrary<string> => {
  if (name === 'filter') return filterArb;
  if (name === 'range' || name === 'sort') return fc.oneof(value.map((v) => JSON.stringify(v) ?? ''), text);
  return fc.oneof(text, value.map((v) => JSON.stringify(v) ?? ''));
};

interface Operation { method: string; path: string; pathParams: string[]; queryParams: string[]; bodyProps: string[] | null }

function operations(doc: { paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string }>; requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> } }>> }): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [m, op] of Object.entries(item)) {
      const method = m.toUpperCase();
      const params = op.parameters ?? [];
      const schema = op.requestBody?.content?.['application/json']?.schema;
      out.push({
        method, path,
        pathParams: [...path.matchAll(/\{([^}]+)\}/g)].map((x) => x[1]),
        queryParams: params.filter((p) => p.in === 'query').map((p) => p.name),
        bodyProps: method === 'GET' || method === 'DELETE' ? null : Object.keys(schema?.properties ?? {}),
      });
    }
  }
  return out;
}

function requestArb(op: Operation) {
  return fc.record({
    params: fc.tuple(...op.pathParams.map((n) => paramArb(op.path, n, op.method)), fc.constant('')),
    query: fc.record(Object.fromEntries([...op.queryParams, 'unknown'].map((q) => [q, queryValue(q)])), { requiredKeys: [] }),
    body: op.bodyProps ? bodyArb(op.bodyProps) : fc.constant(null),
  });
}

/** One request as the admin's browser would send it (cookies, CSRF, tenant), with a raw body. */
async function send(method: string, url: string, payload: string | undefined) {
  const headers: Record<string, string> = { accept: 'application/json', 'x-tenant-id': organizationId };
  headers.cookie = [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const xsrf = admin.cookies.get('XSRF-TOKEN');
  if (method !== 'GET' && xsrf) headers['x-xsrf-token'] = decodeURIComponent(xsrf);
  if (payload !== undefined) headers['content-type'] = 'application/json';
  requests++;
  return t.app.inject({ method: method as 'GET', url, headers, remoteAddress: admin.ip, ...(payload !== undefined ? { payload } : {}) });
}

describe('the API from its OpenAPI document, fed malformed input', () => {
  it('answers no 5xx, refuses in the contract shape, and a refusal changes nothing', async () => {
    const doc = (await admin.get('/api/docs/json')).json();
    const ops = operations(doc).filter((op) => !SKIP.has(`${op.method} ${op.path}`));
    expect(ops.length).toBeGreaterThan(150);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    for (const op of ops) {
      const result = await fc.check(fc.asyncProperty(requestArb(op), async ({ params, query, body }) => {
        let url = op.path;
        op.pathParams.forEach((n, i) => { url = url.replace(`{${n}}`, enc(params[i]) || '%20'); });
        const qs = Object.entries(query).map(([k, v]) => `${enc(k)}=${enc(String(v))}`).join('&');
        if (qs) url += `?${qs}`;
        const payload = body ? body.raw ?? JSON.stringify(body.json) : undefined;
        const before = await checksums();
        const res = await send(op.method, url, payload);
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        const what = `${op.method} ${url.slice(0, 300)} ${payload?.slice(0, 300) ?? ''} → ${res.statusCode} ${res.body.slice(0, 300)}`;
        if (res.statusCode >= 500) throw new Error(`5xx: ${what}`);
        if (res.statusCode >= 400) {
          const json = res.headers['content-type']?.toString().includes('json') ? res.json() : null;
          // Safaricom's callbacks answer in Daraja's own shape ({ResultCode, ResultDesc}), the rest in
          // ours; a path too long for any route (414), or one that is no valid URL (a lone surrogate
          // escaped: the router's FST_ERR_BAD_URL), is refused before a route, so in ours
          const beforeRoute = res.statusCode === 414 || json?.code === 'FST_ERR_BAD_URL';
          const daraja = /\/webhooks\/(c2b|stk)\//.test(op.path) && !beforeRoute;
          const shaped = daraja ? typeof json?.ResultCode === 'string' && typeof json?.ResultDesc === 'string' : typeof json?.message === 'string';
          if (!shaped) throw new Error(`not the contract's shape: ${what}`);
          const after = await checksums();
          const changed = Object.keys(after).filter((k) => after[k] !== before[k]);
          if (changed.length) throw new Error(`a refusal changed ${changed.join(', ')}: ${what}`);
        }
      }), { numRuns: RUNS, ...(SEED !== undefined ? { seed: SEED } : {}), endOnFailure: true });
      if (result.failed) failures.push(`${op.method} ${op.path} (seed ${result.seed}): ${String((result.errorInstance as Error)?.message ?? result.errorInstance)}`);
    }
    console.log(`API fuzz: ${requests} requests over ${ops.length} operations (${RUNS} runs each); answers ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}`);
    expect(failures).toEqual([]);
  }, 600_000);
});

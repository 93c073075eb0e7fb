import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { resources } from '../../../resources/index.js';
import type { RecordValues, Resource } from '../../../src/shared/resource.js';
import { inScope } from '../../../src/server/db/client.js';
import { memberships, roles, userRoles } from '../../../src/server/db/schema.js';
import { Browser, buildTestApp, registeredBrowser, type TestApp } from '../helpers.js';
import { createSample, sampleBody } from './samples.js';

// One contract, every stored area, straight from the declarations: CRUD, the simple-rest
// dialect, 403 without permission, 404 from another organisation (forged X-Tenant-Id included).

let t: TestApp;
let owner: Awaited<ReturnType<typeof registeredBrowser>>;
let stranger: Awaited<ReturnType<typeof registeredBrowser>>;
let viewer: Browser;
let nobody: Browser;

/** A second member of the owner's organisation with one built-in role (or none). */
async function member(roleName: string | null): Promise<Browser> {
  const m = await registeredBrowser(t.app);
  const orgId = owner.organization!.id;
  await inScope(t.database.db, { tenant: orgId }, async (tx) => {
    await tx.insert(memberships).values({ organization_id: orgId, user_id: m.user.id });
    if (roleName) {
      const [role] = await tx.select({ id: roles.id }).from(roles).where(and(eq(roles.organization_id, orgId), eq(roles.name, roleName)));
      await tx.insert(userRoles).values({ organization_id: orgId, user_id: m.user.id, role_id: role.id });
    }
  });
  await m.browser.post(`/api/v1/organisations/${orgId}/switch`);
  return m.browser;
}

beforeAll(async () => {
  t = await buildTestApp();
  owner = await registeredBrowser(t.app, { org: 'Contract Owner Ltd' });
  stranger = await registeredBrowser(t.app, { org: 'Stranger Estates' });
  viewer = await member('Viewer');
  nobody = await member(null);
});
afterAll(() => t.close());

// roles are custom storage on the foundation's table, served by the same generic API
const stored = resources.filter((r) => r.storage === 'table' || r.name === 'roles');
// (a message's `to` is an address its channel checks: not free text to append to)
const firstTextField = (r: Resource) => r.fields.find((f) => f.kind === 'text' && !f.readOnly && !f.unique && !f.pattern && !f.normalize && !(r.name === 'messages' && f.key === 'to'));

describe.each(stored.map((r) => [r.name, r] as const))('%s', (name, resource) => {
  let record: RecordValues;
  const cache = new Map<string, string>();

  beforeAll(async () => {
    record = await createSample(owner.browser, resource, owner.user.id, cache);
  });

  it('creates (201) and reads back the same record', async () => {
    expect(record.id).toEqual(expect.any(String));
    expect(record).not.toHaveProperty('organization_id');
    const one = await owner.browser.get(`/api/v1/${name}/${record.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(record);
    for (const f of resource.fields.filter((x) => x.writeOnly)) expect(one.json()).not.toHaveProperty(f.key);
  });

  it('lists with Content-Range, ranges, sorts on every declared field, filters by id', async () => {
    const list = await owner.browser.get(`/api/v1/${name}`);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((x: RecordValues) => x.id)).toContain(record.id);
    expect(list.headers['content-range']).toMatch(new RegExp(`^${name} 0-\\d+/\\d+$`));
    const first = await owner.browser.get(`/api/v1/${name}?range=${encodeURIComponent('[0,0]')}`);
    expect(first.json()).toHaveLength(1);
    expect(first.headers['content-range']).toMatch(new RegExp(`^${name} 0-0/\\d+$`));
    for (const field of [...resource.sortFields, 'id']) {
      for (const order of ['ASC', 'DESC']) {
        const res = await owner.browser.get(`/api/v1/${name}?sort=${encodeURIComponent(JSON.stringify([field, order]))}`);
        expect(res.statusCode, `${field} ${order}`).toBe(200);
      }
    }
    const many = await owner.browser.get(`/api/v1/${name}?filter=${encodeURIComponent(JSON.stringify({ id: [record.id, '01ARZ3NDEKTSV4RRFFQ69G5FAV'] }))}`);
    expect(many.statusCode).toBe(200);
    expect(many.json().map((x: RecordValues) => x.id)).toEqual([record.id]);
    for (const key of resource.filterFields) {
      const value = record[key];
      if (value === null || value === undefined || Array.isArray(value)) continue;
      const res = await owner.browser.get(`/api/v1/${name}?filter=${encodeURIComponent(JSON.stringify({ [key]: value }))}`);
      expect(res.statusCode, key).toBe(200);
      expect(res.json().map((x: RecordValues) => x.id), key).toContain(record.id);
    }
    if (resource.searchFields.length) {
      const searched = resource.searchFields.find((f) => typeof record[f] === 'string' && record[f]);
      const term = searched ? String(record[searched]).slice(0, 6) : 'anything';
      const res = await owner.browser.get(`/api/v1/${name}?filter=${encodeURIComponent(JSON.stringify({ q: term }))}`);
      expect(res.statusCode).toBe(200);
      if (searched) expect(res.json().map((x: RecordValues) => x.id)).toContain(record.id);
    }
  });

  it('sorts in the order asked, then by id; ranges (_gte/_lte) on every sortable or filterable amount and date', async () => {
    // its own references (a second invoice of the same lease and period would be refused)
    const second = await createSample(owner.browser, resource, owner.user.id, new Map());
    const key = (v: unknown) => (v === null || v === undefined ? null : typeof v === 'number' ? v : /^-?\d+(\.\d+)?$/.test(String(v)) ? Number(v) : String(v));
    const ordered = (values: Array<number | string | null>, order: 'ASC' | 'DESC') => values.every((v, i) => {
      if (i === 0 || v === null || values[i - 1] === null) return true;
      const prev = values[i - 1] as number | string;
      return order === 'ASC' ? prev <= v : prev >= v;
    });
    const ranged = resource.fields.filter((f) => ['money', 'number', 'percent', 'date', 'datetime'].includes(f.kind) && (f.sort || f.filter));
    for (const f of resource.fields.filter((x) => x.sort && ['money', 'number', 'percent', 'date', 'datetime'].includes(x.kind))) {
      for (const order of ['ASC', 'DESC'] as const) {
        const res = await owner.browser.get(`/api/v1/${name}?sort=${encodeURIComponent(JSON.stringify([f.key, order]))}&range=${encodeURIComponent('[0,999]')}`);
        const values = res.json().map((x: RecordValues) => key(x[f.key]));
        expect(ordered(values, order), `${f.key} ${order}: ${JSON.stringify(values)}`).toBe(true);
      }
    }
    const ids = (await owner.browser.get(`/api/v1/${name}?sort=${encodeURIComponent('["id","ASC"]')}&range=${encodeURIComponent('[0,999]')}`)).json().map((x: RecordValues) => String(x.id));
    expect(ids).toEqual([...ids].sort());
    for (const f of ranged) {
      const value = second[f.key];
      if (value === null || value === undefined) continue;
      const both = await owner.browser.get(`/api/v1/${name}?filter=${encodeURIComponent(JSON.stringify({ [`${f.key}_gte`]: value, [`${f.key}_lte`]: value }))}&range=${encodeURIComponent('[0,999]')}`);
      expect(both.statusCode, `${f.key} range: ${both.body}`).toBe(200);
      expect(both.json().map((x: RecordValues) => x.id), f.key).toContain(second.id);
      for (const x of both.json() as RecordValues[]) expect(key(x[f.key]), f.key).toEqual(key(value));
    }
  });

  it('answers 400 naming the bad key for undeclared sort, filter or an oversized range', async () => {
    const badSort = await owner.browser.get(`/api/v1/${name}?sort=${encodeURIComponent('["no_such_field","ASC"]')}`);
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json().message).toContain('no_such_field');
    const badFilter = await owner.browser.get(`/api/v1/${name}?filter=${encodeURIComponent('{"no_such_filter":1}')}`);
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.json().message).toContain('no_such_filter');
    expect((await owner.browser.get(`/api/v1/${name}?range=${encodeURIComponent('[0,1000]')}`)).statusCode).toBe(400);
    expect((await owner.browser.get(`/api/v1/${name}?filter=%7Bbroken`)).statusCode).toBe(400);
  });

  it('updates with PUT of the whole record; read-only and unknown keys are ignored', async () => {
    const field = firstTextField(resource);
    const body: RecordValues = { ...record, organization_id: stranger.organization!.id, no_such_key: 'x' };
    if (field) body[field.key] = `${String(record[field.key] ?? '').slice(0, 20)} edited`;
    const res = await owner.browser.put(`/api/v1/${name}/${record.id}`, body);
    expect(res.statusCode, res.body).toBe(200);
    if (field) expect(res.json()[field.key]).toBe(body[field.key]);
    expect(res.json().id).toBe(record.id);
    expect(res.json()).not.toHaveProperty('no_such_key');
    record = res.json();
  });

  it('validates with 422 and per-field errors', async () => {
    const required = resource.fields.find((f) => f.required && !f.readOnly && f.default === undefined);
    if (!required) return;
    const res = await owner.browser.post(`/api/v1/${name}`, {});
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[required.key]).toEqual([expect.any(String)]);
  });

  it('answers 403 without the permission', async () => {
    expect((await nobody.get(`/api/v1/${name}`)).statusCode).toBe(403);
    expect((await nobody.get(`/api/v1/${name}/${record.id}`)).statusCode).toBe(403);
    expect((await viewer.post(`/api/v1/${name}`, {})).statusCode).toBe(403);
    expect((await viewer.put(`/api/v1/${name}/${record.id}`, record)).statusCode).toBe(403);
    expect((await viewer.delete(`/api/v1/${name}/${record.id}`)).statusCode).toBe(403);
  });

  it('is invisible to another organisation: 404 for every verb, forged X-Tenant-Id included', async () => {
    const b = stranger.browser;
    expect((await b.get(`/api/v1/${name}/${record.id}`)).statusCode).toBe(404);
    expect((await b.put(`/api/v1/${name}/${record.id}`, record)).statusCode).toBe(404);
    expect((await b.delete(`/api/v1/${name}/${record.id}`)).statusCode).toBe(404);
    const many = await b.get(`/api/v1/${name}?filter=${encodeURIComponent(JSON.stringify({ id: [record.id] }))}`);
    expect(many.json()).toEqual([]);
    const list = await b.get(`/api/v1/${name}?range=${encodeURIComponent('[0,999]')}`);
    expect(list.json().map((x: RecordValues) => x.id)).not.toContain(record.id);
    for (const verb of ['GET', 'PUT', 'DELETE'] as const) {
      const forged = await b.request(verb, `/api/v1/${name}/${record.id}`, verb === 'PUT' ? record : undefined, { 'x-tenant-id': owner.organization!.id });
      expect(forged.statusCode, verb).toBe(404);
      expect(forged.body).not.toContain(String(record.id));
    }
    const forgedList = await b.request('GET', `/api/v1/${name}`, undefined, { 'x-tenant-id': owner.organization!.id });
    expect(forgedList.statusCode).toBe(404);
  });

  it('refuses references to another organisation\'s records with 422', async () => {
    const ref = resource.fields.find((f) => f.kind === 'reference' && f.required && f.reference !== 'users');
    if (!ref) return;
    const body = await sampleBody(stranger.browser, resource, stranger.user.id, new Map());
    const mine = await sampleBody(owner.browser, resource, owner.user.id, cache);
    const res = await owner.browser.post(`/api/v1/${name}`, { ...mine, [ref.key]: body[ref.key] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[ref.key]).toBeTruthy();
  });

  it('deletes (200, the deleted record) or explains with 409 why not', async () => {
    const res = await owner.browser.delete(`/api/v1/${name}/${record.id}`);
    if (resource.delete.allowed === false) {
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toEqual(expect.any(String));
      return;
    }
    if (res.statusCode === 409) {
      expect(res.json().message).toEqual(expect.any(String));
      return;
    }
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().id).toBe(record.id);
    expect((await owner.browser.get(`/api/v1/${name}/${record.id}`)).statusCode).toBe(404);
  });
});

describe('delete rules', () => {
  it('a referenced record answers 409 with the declared reason and stays', async () => {
    // rules a client can set up through the generic API (server-written links are the domain's tests)
    const settable = (b: { resource: string; field: string; child?: string }) => !b.child
      && stored.some((s) => s.name === b.resource && s.fields.some((f) => f.key === b.field && !f.readOnly));
    const blocked = stored.filter((r) => r.delete.blockedBy?.some(settable));
    expect(blocked.length).toBeGreaterThan(3);
    for (const resource of blocked) {
      const rule = resource.delete.blockedBy!.find(settable)!;
      const target = stored.find((s) => s.name === rule.resource)!;
      const field = target.fields.find((f) => f.key === rule.field)!;
      const cache = new Map<string, string>();
      const parent = await createSample(owner.browser, resource, owner.user.id, cache);
      cache.set(resource.name, String(parent.id));
      await createSample(owner.browser, target, owner.user.id, cache, { [rule.field]: field.kind === 'multi_reference' ? [parent.id] : parent.id });
      const res = await owner.browser.delete(`/api/v1/${resource.name}/${parent.id}`);
      expect(res.statusCode, `${resource.name} referenced by ${target.name}`).toBe(409);
      expect(res.json()).toEqual({ message: rule.message });
      expect((await owner.browser.get(`/api/v1/${resource.name}/${parent.id}`)).statusCode).toBe(200);
    }
  });
});

// Input PostgreSQL would refuse is refused at the edge, in the contract's shape, and changes
// nothing: a NUL (or broken Unicode) anywhere, an empty "one of", dates that are not real days of
// the supported calendar, periods that are not sane months, billing and penalties far ahead.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceByName } from '../../../resources/index.js';
import { buildTestApp, registeredBrowser, type Browser, type TestApp } from '../helpers.js';
import { createSample } from '../crud/samples.js';

let t: TestApp;
let admin: Browser;
let stranger: Browser;
let ownerId: string;
let tenantId: string;
const q = (o: unknown) => encodeURIComponent(JSON.stringify(o));

beforeAll(async () => {
  t = await buildTestApp();
  const o = await registeredBrowser(t.app, { org: 'Guarded Estates' });
  admin = o.browser;
  admin.tenant = o.organization!.id;
  const cache = new Map<string, string>();
  const tenant = await createSample(admin, resourceByName('tenants')!, o.user.id, cache, { name: 'Wanjiru Kamau' });
  tenantId = String(tenant.id);
  const owner = await createSample(admin, resourceByName('property-owners')!, o.user.id, cache);
  ownerId = String(owner.id);
  stranger = (await registeredBrowser(t.app, { org: 'Stranger Lettings' })).browser;
});
afterAll(async () => t?.close());

describe('a NUL character or broken Unicode', () => {
  it('in a path id, q, a filter value or a text field: 400 (query, path) or 422 naming the field, never 500', async () => {
    const cases: Array<[string, string, unknown, number, RegExp]> = [
      ['GET', '/api/v1/tenants/a%00b', undefined, 400, /path parameter id/],
      ['PUT', '/api/v1/tenants/%00', { name: 'x' }, 400, /path parameter id/],
      ['DELETE', '/api/v1/tenants/%00', undefined, 400, /path parameter id/],
      ['GET', '/api/v1/invoices/%00/history', undefined, 400, /path parameter id/],
      ['GET', `/api/v1/tenants?filter=${q({ q: 'Wan\u0000jiru' })}`, undefined, 400, /filter parameter \(q\)/],
      ['GET', `/api/v1/tenants?filter=${q({ id: ['a\u0000'] })}`, undefined, 400, /filter parameter \(id\.0\)/],
      ['GET', `/api/v1/invoices?filter=${q({ status: 'draft\u0000' })}`, undefined, 400, /filter parameter \(status\)/],
      ['GET', `/api/v1/tenants/export.csv?filter=${q({ q: '\ud800' })}`, undefined, 400, /filter parameter \(q\)/],
      ['GET', '/api/v1/reports/aging-balances?as_of=2026%00', undefined, 400, /query parameter as_of/],
      ['POST', '/api/v1/property-owners', { name: 'Otieno\u0000', phone: '+254712345678' }, 422, /NUL/],
      ['POST', '/api/v1/billing-runs', { period: '2026-01\u0000' }, 422, /NUL/],
      ['POST', '/api/v1/tickets', { subject: 'Leak', notes: { nested: ['fine', 'bad\u0000'] } }, 422, /NUL/],
    ];
    for (const [method, url, body, status, message] of cases) {
      const res = await admin.request(method as 'GET', url, body);
      expect(res.statusCode, `${method} ${url} ${res.body}`).toBe(status);
      expect(res.json().message, url).toMatch(message);
    }
    const body = await admin.post('/api/v1/property-owners', { name: 'Otieno\u0000', phone: '+254712345678' });
    expect(body.json().errors).toEqual({ name: ['Must not contain a NUL character or broken Unicode.'] });
    const nested = await admin.put(`/api/v1/tenants/${tenantId}`, { name: 'Wanjiru', emergency: { contacts: ['\udc00'] } });
    expect(nested.statusCode).toBe(422);
    expect(Object.keys(nested.json().errors)).toEqual(['emergency.contacts.0']);
    // nothing was written: the tenant is as it was, no owner named Otieno exists
    expect((await admin.get(`/api/v1/tenants/${tenantId}`)).json().name).toBe('Wanjiru Kamau');
    expect((await admin.get(`/api/v1/property-owners?filter=${q({ q: 'Otieno' })}`)).json()).toEqual([]);
  });
});

describe('filters', () => {
  it('"one of nothing" answers an empty list on every area, members included', async () => {
    for (const area of ['users', 'tenants', 'roles', 'invoices']) {
      const res = await admin.get(`/api/v1/${area}?filter=${q({ id: [] })}`);
      expect(res.statusCode, `${area} ${res.body}`).toBe(200);
      expect(res.json()).toEqual([]);
    }
    const roles = await admin.get(`/api/v1/users?filter=${q({ role_ids: [] })}`);
    expect(roles.statusCode, roles.body).toBe(200);
  });
});

describe('dates and periods', () => {
  it('a date field takes only real days from 1900-01-01 to 2199-12-31', async () => {
    for (const d of ['2026-02-30', '0000-01-01', '0001-01-01', '1899-12-31', '2200-01-01', '2026-13-01']) {
      const res = await admin.post('/api/v1/leases', { tenant_id: tenantId, house_id: 'H1', rent: '1000', start_date: d });
      expect(res.statusCode, d).toBe(422);
      expect(res.json().errors.start_date, d).toEqual(['Must be a real date (YYYY-MM-DD) between 1900-01-01 and 2199-12-31.']);
    }
    const filter = await admin.get(`/api/v1/invoices?filter=${q({ issue_date_gte: '0000-01-01' })}`);
    expect(filter.statusCode).toBe(400);
    expect(filter.json().message).toMatch(/issue_date_gte/);
  });

  it('statements and the aging refuse impossible and out-of-range days with 422 naming the parameter', async () => {
    const urls: Array<[string, string]> = [
      [`/api/v1/statements/user/${tenantId}?from=0001-01-01`, 'from'],
      [`/api/v1/statements/user/${tenantId}?to=2026-02-30`, 'to'],
      [`/api/v1/statements/property/${ownerId}?from=0000-01-01`, 'from'],
      [`/api/v1/statements/owner/${ownerId}?to=9999-12-31`, 'to'],
      ['/api/v1/reports/aging-balances?as_of=0000-01-01', 'as_of'],
      ['/api/v1/reports/aging-balances?as_of=2026-02-29', 'as_of'],
    ];
    for (const [url, field] of urls) {
      const res = await admin.get(url);
      expect(res.statusCode, `${url} ${res.body}`).toBe(422);
      expect(Object.keys(res.json().errors), url).toEqual([field]);
    }
    expect((await admin.get('/api/v1/reports/aging-balances?as_of=2028-02-29')).statusCode).toBe(200);
  });

  it('billing runs take a sane month at most a year ahead; penalties a real day at most a year ahead', async () => {
    for (const period of ['0000-01', '2026-00', '2026-13', '1899-12', 'soon']) {
      const res = await admin.post('/api/v1/billing-runs', { period });
      expect(res.statusCode, period).toBe(422);
      expect(Object.keys(res.json().errors), period).toEqual(['period']);
    }
    const far = await admin.post('/api/v1/billing-runs', { period: '2199-12' });
    expect(far.statusCode).toBe(422);
    expect(far.json().errors.period[0]).toMatch(/at most a year ahead: choose a month up to \d{4}-\d{2}/);
    for (const as_of of ['2026-02-30', '0000-01-01', '9999-01-01']) {
      const res = await admin.post('/api/v1/penalties/run', { as_of });
      expect(res.statusCode, as_of).toBe(422);
      expect(res.json().errors.as_of[0], as_of).toMatch(/real date/);
    }
    const ahead = await admin.post('/api/v1/penalties/run', { as_of: '2190-01-01' });
    expect(ahead.statusCode).toBe(422);
    expect(ahead.json().errors.as_of[0]).toMatch(/at most a year ahead/);
    const notice = await admin.post(`/api/v1/leases/${tenantId}/notice`, { notice_date: '0000-01-01', move_out_date: '2026-02-30' });
    expect(notice.statusCode).toBe(422);
    expect(Object.keys(notice.json().errors).sort()).toEqual(['move_out_date', 'notice_date']);
    expect((await admin.get('/api/v1/billing-runs')).json()).toEqual([]);
  });
});

describe('headers', () => {
  it('API answers are never cached; framing is refused by both headers', async () => {
    const me = await admin.get('/api/v1/user');
    expect(me.headers['cache-control']).toBe('no-store');
    expect((await admin.get('/api/v1/tenants')).headers['cache-control']).toBe('no-store');
    expect(me.headers['x-frame-options']).toBe('DENY');
    expect(String(me.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });

  it('another organisation reads nothing of this one through any of it', async () => {
    expect((await stranger.get(`/api/v1/tenants/${tenantId}`)).statusCode).toBe(404);
    expect((await stranger.get(`/api/v1/statements/user/${tenantId}`)).statusCode).toBe(404);
  });
});

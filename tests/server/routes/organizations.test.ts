import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ALL_PERMISSIONS, BUILT_IN_ROLES } from '../../../src/shared/permissions.js';
import { buildTestApp, registeredBrowser, type TestApp } from '../helpers.js';

let t: TestApp;
beforeAll(async () => { t = await buildTestApp(); });
afterAll(() => t.close());

describe('organisations', () => {
  it('POST /organisations creates it with the five roles, makes the creator Administrator and the organisation active', async () => {
    const { browser } = await registeredBrowser(t.app);
    const res = await browser.post('/api/v1/organisations', { name: 'Westlands Lettings', email: 'info@westlands.co.ke', phone: '+254722111222', kra_pin: 'P051111111A' });
    expect(res.statusCode).toBe(201);
    const { organization } = res.json();
    expect(organization).toMatchObject({ name: 'Westlands Lettings', email: 'info@westlands.co.ke', currency: 'KES' });
    expect(organization).not.toHaveProperty('settings');
    const me = (await browser.get('/api/v1/user')).json();
    expect(me.organization.id).toBe(organization.id);
    expect(me.roles.map((r: { name: string }) => r.name)).toEqual(['Administrator']);
    expect([...me.permissions].sort()).toEqual([...ALL_PERMISSIONS].sort());
    const roles = (await t.database.db.execute(sql`select name from roles where organization_id = ${organization.id} order by name`) as unknown as { rows: { name: string }[] }).rows;
    expect(roles.map((r) => r.name)).toEqual(BUILT_IN_ROLES.map((r) => r.name).sort());
  });

  it('refuses a missing name with 422, and ignores organization_id or id in the body', async () => {
    const { browser, organization: other } = await registeredBrowser(t.app, { org: 'Someone Else' });
    const { browser: b } = await registeredBrowser(t.app);
    const bad = await b.post('/api/v1/organisations', { name: '' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.name).toBeTruthy();
    const res = await b.post('/api/v1/organisations', { name: 'Mine', id: other!.id, organization_id: other!.id });
    expect(res.statusCode).toBe(201);
    expect(res.json().organization.id).not.toBe(other!.id);
    expect((await browser.get('/api/v1/organisations')).json().map((o: { name: string }) => o.name)).toEqual(['Someone Else']);
  });

  it('GET /organisations lists only the user\'s organisations; switch makes another active', async () => {
    const { browser, organization: first } = await registeredBrowser(t.app, { org: 'Alpha Agencies' });
    const second = (await browser.post('/api/v1/organisations', { name: 'Beta Brokers' })).json().organization;
    await registeredBrowser(t.app, { org: 'Gamma Not Mine' });
    const list = (await browser.get('/api/v1/organisations')).json();
    expect(list.map((o: { name: string }) => o.name)).toEqual(['Alpha Agencies', 'Beta Brokers']);
    expect((await browser.get('/api/v1/user')).json().organization.id).toBe(second.id);
    const switched = await browser.post(`/api/v1/organisations/${first!.id}/switch`);
    expect(switched.statusCode).toBe(200);
    expect(switched.json().organization.id).toBe(first!.id);
    expect((await browser.get('/api/v1/user')).json().organization.id).toBe(first!.id);
  });

  it('switching to an organisation one is not a member of answers 404, unknown ids too', async () => {
    const { organization: theirs } = await registeredBrowser(t.app, { org: 'Private Estates' });
    const { browser } = await registeredBrowser(t.app, { org: 'My Estates' });
    expect((await browser.post(`/api/v1/organisations/${theirs!.id}/switch`)).statusCode).toBe(404);
    expect((await browser.post('/api/v1/organisations/01ARZ3NDEKTSV4RRFFQ69G5FAV/switch')).statusCode).toBe(404);
  });

  it('a forged X-Tenant-Id never shows another organisation through GET /user', async () => {
    const { organization: theirs } = await registeredBrowser(t.app, { org: 'Their Org' });
    const { browser, organization: mine } = await registeredBrowser(t.app, { org: 'My Org' });
    browser.tenant = theirs!.id;
    const me = (await browser.get('/api/v1/user')).json();
    expect(me.organization.id).toBe(mine!.id);
    expect(JSON.stringify(me)).not.toContain('Their Org');
  });

  it('the next login starts in the last organisation used', async () => {
    const { browser, email, organization: first } = await registeredBrowser(t.app, { org: 'First Org' });
    await browser.post('/api/v1/organisations', { name: 'Second Org' });
    await browser.post(`/api/v1/organisations/${first!.id}/switch`);
    await browser.post('/api/v1/logout');
    await browser.post('/api/v1/login', { email, password: 'Nyumba-ya-Kwanza-2026' });
    expect((await browser.get('/api/v1/user')).json().organization.id).toBe(first!.id);
  });

  it('needs a logged-in user', async () => {
    expect((await t.app.inject({ url: '/api/v1/organisations' })).statusCode).toBe(401);
  });
});

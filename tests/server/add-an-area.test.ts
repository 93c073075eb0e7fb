import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { inScope, rowsOf, type Database } from '../../src/server/db/client.js';
import { memberships } from '../../src/server/db/schema.js';
import { resourceTables } from '../../src/server/db/resource-tables.js';
import { createAreaTables } from './area-tables.js';
import { buildTestApp, ownDatabase, registeredBrowser, type TestApp } from './helpers.js';

// The drill of the README's "Add an area": a new declaration is the only edit. Here the file is
// added to the list resources/index.ts exports (what `resources/parking-bays.ts` plus its line
// would do), its table is made the way `npm run db:generate` makes the migration, and the API
// serves it with validation, references, search, permissions and tenancy, with nothing else.
vi.mock('../../resources/index.js', async (importOriginal) => {
  const { withParkingBays } = await import('../fixtures/parking-bays.js');
  return withParkingBays(await importOriginal<typeof import('../../resources/index.js')>());
});

let t: TestApp;
let database: Database;

beforeAll(async () => {
  // a database of its own: the new table must not appear in the run's shared one
  database = await ownDatabase('area');
  await createAreaTables(database, { parkingBays: resourceTables['parking-bays'] });
  t = await buildTestApp({}, database);
}, 120_000);

afterAll(async () => {
  await t?.close();
  await database?.close();
});

describe('adding an area is one declaration', () => {
  it('makes a tenant table with row-level security forced, like every other area', async () => {
    const [row] = rowsOf<{ relrowsecurity: boolean; relforcerowsecurity: boolean }>(await database.db.execute(
      `select relrowsecurity, relforcerowsecurity from pg_class where relname = 'parking_bays'`));
    expect(row).toEqual({ relrowsecurity: true, relforcerowsecurity: true });
  });

  it('is served by the generic API: create, validate, list, search, update, delete, tenancy', async () => {
    const owner = await registeredBrowser(t.app, { org: 'Parking Owners Ltd' });
    const stranger = await registeredBrowser(t.app, { org: 'Somebody Else' });
    const b = owner.browser;
    const ownerRecord = (await b.post('/api/v1/property-owners', { name: 'Wanjiru Mwangi', kind: 'individual', phone: '+254712345678' })).json();
    const property = await b.post('/api/v1/properties', { name: 'Kilimani Heights', owner_id: ownerRecord.id, location: 'Kilimani, Nairobi' });
    expect(property.statusCode).toBe(201);
    const propertyId = property.json().id as string;

    const bad = await b.post('/api/v1/parking-bays', { property_id: propertyId, code: '', monthly_fee: -5, kind: 'roof' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['code', 'kind', 'monthly_fee']);
    const missing = await b.post('/api/v1/parking-bays', { property_id: '01ARZ3NDEKTSV4RRFFQ69G5FAV', code: 'A1', monthly_fee: '10' });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toEqual(['property_id']);
    expect((await b.get('/api/v1/parking-bays')).headers['content-range']).toBe('parking-bays */0');

    const created = await b.post('/api/v1/parking-bays', { property_id: propertyId, code: 'p-01', monthly_fee: '1500.50', organization_id: stranger.organization!.id });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ code: 'P01', monthly_fee: '1500.50', kind: 'open', property_id: propertyId });
    const id = created.json().id as string;

    const duplicate = await b.post('/api/v1/parking-bays', { property_id: propertyId, code: 'P01', monthly_fee: '1000' });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json().errors).toHaveProperty('code');

    await b.post('/api/v1/parking-bays', { property_id: propertyId, code: 'C07', monthly_fee: '3000', kind: 'covered' });
    const list = await b.get(`/api/v1/parking-bays?sort=${encodeURIComponent('["monthly_fee","DESC"]')}`);
    expect(list.headers['content-range']).toBe('parking-bays 0-1/2');
    expect(list.json().map((r: { code: string }) => r.code)).toEqual(['C07', 'P01']);
    const search = await b.get(`/api/v1/parking-bays?filter=${encodeURIComponent('{"q":"p01"}')}`);
    expect(search.json().map((r: { code: string }) => r.code)).toEqual(['P01']);
    const covered = await b.get(`/api/v1/parking-bays?filter=${encodeURIComponent('{"kind":"covered","monthly_fee_gte":"2000"}')}`);
    expect(covered.json().map((r: { code: string }) => r.code)).toEqual(['C07']);

    expect((await b.put(`/api/v1/parking-bays/${id}`, { monthly_fee: '1750' })).json().monthly_fee).toBe('1750.00');

    // the declared check sees the record as it will be stored: a partial PUT of one of its two
    // fields is judged with the other's stored value, and changes nothing when refused
    const c07 = list.json().find((r: { code: string }) => r.code === 'C07').id as string;
    const cheaper = await b.put(`/api/v1/parking-bays/${c07}`, { monthly_fee: '1000' });
    expect(cheaper.statusCode).toBe(422);
    expect(cheaper.json().errors).toEqual({ monthly_fee: ['A covered bay costs at least 2000.'] });
    const roofed = await b.put(`/api/v1/parking-bays/${id}`, { kind: 'covered' });
    expect(roofed.statusCode).toBe(422);
    expect(roofed.json().errors).toHaveProperty('monthly_fee');
    expect((await b.get(`/api/v1/parking-bays/${c07}`)).json().monthly_fee).toBe('3000.00');
    expect((await b.get(`/api/v1/parking-bays/${id}`)).json().kind).toBe('open');
    expect((await b.put(`/api/v1/parking-bays/${c07}`, { monthly_fee: '2500' })).statusCode).toBe(200);

    // another organisation: cannot read, change, delete, or reference it
    const s = stranger.browser;
    expect((await s.get(`/api/v1/parking-bays/${id}`)).statusCode).toBe(404);
    expect((await s.put(`/api/v1/parking-bays/${id}`, { monthly_fee: '1' })).statusCode).toBe(404);
    expect((await s.delete(`/api/v1/parking-bays/${id}`)).statusCode).toBe(404);
    expect((await s.get('/api/v1/parking-bays')).headers['content-range']).toBe('parking-bays */0');
    expect((await s.get(`/api/v1/parking-bays/${id}`, { 'X-Tenant-Id': owner.organization!.id })).statusCode).toBe(404);
    const foreign = await s.post('/api/v1/parking-bays', { property_id: propertyId, code: 'X1', monthly_fee: '10' });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors).toHaveProperty('property_id');

    // a member of the organisation without property permissions
    const member = await registeredBrowser(t.app);
    const orgId = owner.organization!.id;
    await inScope(database.db, { tenant: orgId }, (tx) => tx.insert(memberships).values({ organization_id: orgId, user_id: member.user.id }));
    await member.browser.post(`/api/v1/organisations/${orgId}/switch`);
    expect((await member.browser.get('/api/v1/parking-bays')).statusCode).toBe(403);
    expect((await member.browser.delete(`/api/v1/parking-bays/${id}`)).statusCode).toBe(403);

    expect((await b.delete(`/api/v1/parking-bays/${id}`)).statusCode).toBe(200);
    expect((await b.get(`/api/v1/parking-bays/${id}`)).statusCode).toBe(404);
  });

  it('is guarded by its module\'s permissions and documented in the OpenAPI', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/v1/parking-bays', '/api/v1/parking-bays/{id}']));
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/parking-bays' });
    expect(anonymous.statusCode).toBe(401);
  });
});

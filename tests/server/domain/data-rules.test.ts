import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceByName } from '../../../resources/index.js';
import type { RecordValues } from '../../../src/shared/resource.js';
import { buildTestApp, registeredBrowser, type TestApp } from '../helpers.js';
import { createSample } from '../crud/samples.js';

// Data that should not be accepted (issue 15): a house number twice in one property, a ticket
// or work order whose house is in another property, a lease for a house another lease holds.
// Each is refused with a 422 naming the field, on create and on a partial PUT, and changes nothing.

let t: TestApp;
beforeAll(async () => { t = await buildTestApp(); });
afterAll(() => t.close());

const r = (name: string) => resourceByName(name)!;

async function org(name: string) {
  const { browser, user } = await registeredBrowser(t.app, { org: name });
  const cache = new Map<string, string>();
  const property = async () => createSample(browser, r('properties'), user.id, new Map(cache), {});
  const first = await property();
  cache.set('property-owners', String(first.owner_id));
  const house = async (p: RecordValues, values: RecordValues = {}) =>
    createSample(browser, r('houses'), user.id, cache, { property_id: p.id, owner_id: p.owner_id, ...values });
  return { browser, user, cache, property, first, house };
}

describe('house numbers', () => {
  it('are unique in a property whatever their case and spaces; another property or organisation may reuse them', async () => {
    const a = await org('Numbers A');
    const second = await a.property();
    const a1 = await a.house(a.first, { number: 'A1', account_code: 'NUMA1' });
    const dup = await a.browser.post('/api/v1/houses', { ...a1, id: undefined, number: ' a1 ', account_code: 'NUMA2' });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.number[0]).toBe(`${a.first.name} already has a house A1.`);
    expect((await a.browser.get(`/api/v1/houses?filter=${encodeURIComponent(JSON.stringify({ property_id: a.first.id }))}`)).json()).toHaveLength(1);
    // the same number in the other property is another house
    const other = await a.house(second, { number: 'A1', account_code: 'NUMA3' });
    expect(other.number).toBe('A1');
    // a partial PUT is judged with the stored record: moving it into the first property, or renaming into a taken number
    const moved = await a.browser.put(`/api/v1/houses/${other.id}`, { property_id: a.first.id });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().errors).toHaveProperty('number');
    const b2 = await a.house(a.first, { number: 'B2', account_code: 'NUMB2' });
    const renamed = await a.browser.put(`/api/v1/houses/${b2.id}`, { number: 'A1' });
    expect(renamed.statusCode).toBe(422);
    expect((await a.browser.get(`/api/v1/houses/${b2.id}`)).json().number).toBe('B2');
    // its own number, saved again, is not a clash
    expect((await a.browser.put(`/api/v1/houses/${b2.id}`, { number: 'b2' })).statusCode).toBe(200);

    const b = await org('Numbers B');
    expect((await b.house(b.first, { number: 'A1', account_code: 'NUMA1' })).number).toBe('A1');
  });
});

describe('a house in another property', () => {
  it('is refused on a ticket and a work order, naming the house field; a house alone fills in its property', async () => {
    const a = await org('Tickets A');
    const second = await a.property();
    const here = await a.house(a.first, { number: 'H1' });
    const there = await a.house(second, { number: 'T1' });
    const ticket = { property_id: a.first.id, house_id: there.id, subject: 'Leaking tap', priority: 'normal', source: 'call', status: 'open' };
    const refused = await a.browser.post('/api/v1/tickets', ticket);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.house_id[0]).toBe(`House T1 is in ${second.name}, not in ${a.first.name}: choose one of ${a.first.name}'s houses.`);
    expect((await a.browser.get('/api/v1/tickets')).json()).toHaveLength(0);

    const made = await a.browser.post('/api/v1/tickets', { ...ticket, house_id: here.id });
    expect(made.statusCode, made.body).toBe(201);
    // partial PUTs: another property alone, or another house alone
    const id = made.json().id;
    expect((await a.browser.put(`/api/v1/tickets/${id}`, { property_id: second.id })).statusCode).toBe(422);
    expect((await a.browser.put(`/api/v1/tickets/${id}`, { house_id: there.id })).statusCode).toBe(422);
    expect((await a.browser.get(`/api/v1/tickets/${id}`)).json()).toMatchObject({ property_id: a.first.id, house_id: here.id });
    // both together is a move
    expect((await a.browser.put(`/api/v1/tickets/${id}`, { property_id: second.id, house_id: there.id })).statusCode).toBe(200);

    const alone = await a.browser.post('/api/v1/tickets', { ...ticket, property_id: null, house_id: there.id });
    expect(alone.statusCode, alone.body).toBe(201);
    expect(alone.json().property_id).toBe(second.id);

    const order = await a.browser.post('/api/v1/work-orders', {
      property_id: a.first.id, house_id: there.id, description: 'Fix the tap',
    });
    expect(order.statusCode).toBe(422);
    expect(order.json().errors).toHaveProperty('house_id');

    // another organisation's house is not referenced at all
    const b = await org('Tickets B');
    const foreign = await b.browser.post('/api/v1/tickets', { ...ticket, property_id: b.first.id, house_id: here.id });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors).toHaveProperty('house_id');
  });
});

describe('a lease for a held house', () => {
  it('is refused when saved unless the current lease ends before it starts; a partial PUT is judged whole', async () => {
    const a = await org('Leases A');
    const house = await a.house(a.first, { number: 'L1' });
    const tenant = await createSample(a.browser, r('tenants'), a.user.id, new Map(), { name: 'Wanjiru Kamau' });
    const cache = new Map(a.cache);
    cache.set('houses', String(house.id));
    cache.set('tenants', String(tenant.id));
    const current = await createSample(a.browser, r('leases'), a.user.id, cache, {
      house_id: house.id, tenant_id: tenant.id, status: 'draft', start_date: '2026-01-01', end_date: null,
    });
    expect((await a.browser.post(`/api/v1/leases/${current.id}/activate`, {})).statusCode).toBe(200);

    const lease = { ...current, id: undefined, status: 'draft', start_date: '2026-06-01', end_date: null, notice_date: null, move_out_date: null };
    const refused = await a.browser.post('/api/v1/leases', lease);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.house_id[0]).toBe(
      `${a.first.name} · L1 is let to Wanjiru Kamau (lease from 2026-01-01, until 2026-12-31): a new lease must start after that one ends.`,
    );
    // notice with a move-out day: the next tenant's lease may start after it, not before
    expect((await a.browser.post(`/api/v1/leases/${current.id}/notice`, { notice_date: '2026-05-01', move_out_date: '2026-06-30' })).statusCode).toBe(200);
    expect((await a.browser.post('/api/v1/leases', lease)).statusCode).toBe(422);
    const next = await a.browser.post('/api/v1/leases', { ...lease, start_date: '2026-07-01' });
    expect(next.statusCode, next.body).toBe(201);
    const moved = await a.browser.put(`/api/v1/leases/${next.json().id}`, { start_date: '2026-06-15' });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().errors).toHaveProperty('house_id');
    expect((await a.browser.get(`/api/v1/leases/${next.json().id}`)).json().start_date).toBe('2026-07-01');
  });
});

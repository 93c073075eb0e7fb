import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceByName } from '../../../resources/index.js';
import type { RecordValues } from '../../../src/shared/resource.js';
import { buildTestApp, registeredBrowser, type TestApp } from '../helpers.js';
import { createSample } from '../crud/samples.js';

// A house's status follows its leases: occupied only through an active lease or one on notice.

let t: TestApp;
beforeAll(async () => { t = await buildTestApp(); });
afterAll(() => t.close());

async function portfolio(name: string) {
  const { browser, user } = await registeredBrowser(t.app, { org: name });
  const cache = new Map<string, string>();
  const property = await createSample(browser, resourceByName('properties')!, user.id, cache);
  cache.set('properties', String(property.id));
  cache.set('property-owners', String(property.owner_id));
  const house = async () => createSample(browser, resourceByName('houses')!, user.id, cache, { property_id: property.id, owner_id: property.owner_id });
  const lease = async (houseId: string) => {
    const c = new Map(cache);
    c.set('houses', houseId);
    return createSample(browser, resourceByName('leases')!, user.id, c, { house_id: houseId, status: 'draft', start_date: '2026-01-01' });
  };
  return { browser, house, lease };
}

describe('house status', () => {
  it('is free among vacant, reserved and unavailable while no lease holds the house; never occupied by hand', async () => {
    const p = await portfolio('Status Free Estates');
    let house = await p.house();
    expect(house.status).toBe('vacant');
    for (const status of ['reserved', 'unavailable', 'vacant']) {
      const res = await p.browser.put(`/api/v1/houses/${house.id}`, { ...house, status });
      expect(res.statusCode, res.body).toBe(200);
      house = res.json();
      expect(house.status).toBe(status);
    }
    const occupied = await p.browser.put(`/api/v1/houses/${house.id}`, { ...house, status: 'occupied' });
    expect(occupied.statusCode).toBe(422);
    expect(occupied.json().errors.status[0]).toContain('lease');
    expect((await p.browser.get(`/api/v1/houses/${house.id}`)).json().status).toBe('vacant');
    const created = await p.browser.post('/api/v1/houses', { ...house, id: undefined, number: 'NEWOCC1', account_code: 'NEWOCC1', status: 'occupied' });
    expect(created.statusCode).toBe(422);
    expect(created.json().errors).toHaveProperty('status');
    // a draft lease does not hold the house
    await p.lease(String(house.id));
    expect((await p.browser.put(`/api/v1/houses/${house.id}`, { ...house, status: 'occupied' })).statusCode).toBe(422);
  });

  it('stays occupied while an active lease or one on notice holds it, and follows the lease when it ends', async () => {
    const p = await portfolio('Status Held Estates');
    const house = await p.house();
    const lease = await p.lease(String(house.id));
    expect((await p.browser.post(`/api/v1/leases/${lease.id}/activate`, {})).statusCode).toBe(200);
    let held = (await p.browser.get(`/api/v1/houses/${house.id}`)).json() as RecordValues;
    expect(held.status).toBe('occupied');
    for (const status of ['vacant', 'reserved', 'unavailable']) {
      const res = await p.browser.put(`/api/v1/houses/${house.id}`, { ...held, status });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.status[0]).toContain('active lease');
    }
    // other edits of a held house are fine
    const renamed = await p.browser.put(`/api/v1/houses/${house.id}`, { ...held, block: 'B' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ status: 'occupied', block: 'B' });
    const notice = await p.browser.post(`/api/v1/leases/${lease.id}/notice`, { notice_date: '2026-02-01', move_out_date: '2026-02-28' });
    expect(notice.statusCode, notice.body).toBe(200);
    held = (await p.browser.get(`/api/v1/houses/${house.id}`)).json();
    expect((await p.browser.put(`/api/v1/houses/${house.id}`, { ...held, status: 'unavailable' })).statusCode).toBe(422);
    const ended = await p.browser.post(`/api/v1/leases/${lease.id}/end`, { move_out_date: '2026-02-28' });
    expect(ended.statusCode, ended.body).toBe(200);
    const after = (await p.browser.get(`/api/v1/houses/${house.id}`)).json() as RecordValues;
    expect(after.status).toBe('vacant');
    // once the lease has ended, the manager chooses again
    expect((await p.browser.put(`/api/v1/houses/${house.id}`, { ...after, status: 'unavailable' })).json().status).toBe('unavailable');
  });

  it('of another organisation can be neither read nor changed', async () => {
    const p = await portfolio('Status Owner Estates');
    const stranger = await portfolio('Status Stranger Estates');
    const house = await p.house();
    expect((await stranger.browser.get(`/api/v1/houses/${house.id}`)).statusCode).toBe(404);
    expect((await stranger.browser.put(`/api/v1/houses/${house.id}`, { ...house, status: 'unavailable' })).statusCode).toBe(404);
    // nor referenced: a lease of theirs on this house is refused
    const theirs = await stranger.house();
    const lease = await stranger.lease(String(theirs.id));
    const forged = await stranger.browser.put(`/api/v1/leases/${lease.id}`, { ...lease, house_id: house.id });
    expect(forged.statusCode).toBe(422);
    expect((await p.browser.get(`/api/v1/houses/${house.id}`)).json().status).toBe('vacant');
  });
});

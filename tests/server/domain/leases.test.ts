import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceByName } from '../../../resources/index.js';
import { buildTestApp, registeredBrowser, type TestApp } from '../helpers.js';
import { createSample } from '../crud/samples.js';

let t: TestApp;
beforeAll(async () => { t = await buildTestApp(); });
afterAll(() => t.close());

const houses = resourceByName('houses')!;
const leases = resourceByName('leases')!;

describe('the record\'s own business rules', () => {
  it('a house follows its lease: occupied while active or on notice, vacant after; one active lease per house', async () => {
    const { browser, user } = await registeredBrowser(t.app, { org: 'Rules Ltd' });
    const cache = new Map<string, string>();
    const house = await createSample(browser, houses, user.id, cache, { status: 'vacant' });
    cache.set('houses', String(house.id));
    const lease = await createSample(browser, leases, user.id, cache, { house_id: house.id, status: 'active' });
    expect((await browser.get(`/api/v1/houses/${house.id}`)).json().status).toBe('occupied');

    const second = await browser.post('/api/v1/leases', { ...lease, id: undefined, status: 'active' });
    expect(second.statusCode).toBe(422);
    expect(second.json().errors.house_id[0]).toMatch(/is let to .* \(lease from 2026-01-01, until 2026-12-31\)/);
    // a draft for a held house is refused when saved, not only at activation
    const draft = await browser.post('/api/v1/leases', { ...lease, id: undefined, status: 'draft' });
    expect(draft.statusCode).toBe(422);
    expect(draft.json().errors.house_id[0]).toContain(String(house.number));
    // the next tenant's lease, starting after the current one ends, is drafted
    const next = await browser.post('/api/v1/leases', { ...lease, id: undefined, status: 'draft', start_date: '2027-01-01', end_date: null, notice_date: null, move_out_date: null });
    expect(next.statusCode, next.body).toBe(201);

    // the status changes through the lifecycle actions, never the form
    expect((await browser.put(`/api/v1/leases/${lease.id}`, { ...lease, status: 'notice' })).statusCode).toBe(409);
    expect((await browser.post(`/api/v1/leases/${lease.id}/notice`, { notice_date: '2026-02-01', move_out_date: '2026-03-31' })).statusCode).toBe(200);
    expect((await browser.get(`/api/v1/houses/${house.id}`)).json().status).toBe('occupied');
    expect((await browser.put(`/api/v1/leases/${lease.id}`, { ...lease, status: 'ended' })).statusCode).toBe(409);
    expect((await browser.post(`/api/v1/leases/${lease.id}/end`, {})).statusCode).toBe(200);
    expect((await browser.get(`/api/v1/houses/${house.id}`)).json().status).toBe('vacant');
    expect((await browser.get(`/api/v1/leases/${lease.id}`)).json()).toMatchObject({ status: 'ended', move_out_date: '2026-03-31' });
    const del = await browser.delete(`/api/v1/leases/${lease.id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toMatch(/draft/);
  });

  it('house account codes are unique in the organisation (normalised), not across organisations', async () => {
    const a = await registeredBrowser(t.app, { org: 'Codes A' });
    const b = await registeredBrowser(t.app, { org: 'Codes B' });
    await createSample(a.browser, houses, a.user.id, new Map(), { account_code: 'KIL-A1' });
    const dup = await a.browser.post('/api/v1/houses', { ...(await createSample(a.browser, houses, a.user.id, new Map())), id: undefined, account_code: 'kil a1' });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.account_code).toBeTruthy();
    const other = await createSample(b.browser, houses, b.user.id, new Map(), { account_code: 'KIL-A1' });
    expect(other.account_code).toBe((await a.browser.get(`/api/v1/houses?filter=${encodeURIComponent('{"q":"KIL"}')}`)).json()[0].account_code);
  });
});

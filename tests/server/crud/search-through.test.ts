import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceByName } from '../../../resources/index.js';
import type { RecordValues } from '../../../src/shared/resource.js';
import { buildTestApp, registeredBrowser, type Browser, type TestApp } from '../helpers.js';
import { createSample } from './samples.js';

// `q` finds records through what they reference (resource.searchThrough): houses by their
// property's name, invoices and payments by tenant, house and property names, leases likewise;
// never another organisation's records, even with the same names.

let t: TestApp;
beforeAll(async () => { t = await buildTestApp(); });
afterAll(() => t.close());

const r = (name: string) => resourceByName(name)!;

async function lettings(org: string, property: string, tenant: string, number: string) {
  const { browser, user } = await registeredBrowser(t.app, { org });
  const cache = new Map<string, string>();
  const p = await createSample(browser, r('properties'), user.id, cache, { name: property });
  cache.set('properties', String(p.id));
  cache.set('property-owners', String(p.owner_id));
  const house = await createSample(browser, r('houses'), user.id, cache, { property_id: p.id, owner_id: p.owner_id, number });
  cache.set('houses', String(house.id));
  const tn = await createSample(browser, r('tenants'), user.id, cache, { name: tenant });
  cache.set('tenants', String(tn.id));
  const lease = await createSample(browser, r('leases'), user.id, cache, { house_id: house.id, tenant_id: tn.id, status: 'draft' });
  expect((await browser.post(`/api/v1/leases/${lease.id}/activate`, {})).statusCode).toBe(200);
  const channel = await createSample(browser, r('payment-channels'), user.id, cache, { kind: 'cash' });
  const pay = await browser.post('/api/v1/payments', { tenant_id: tn.id, lease_id: lease.id, channel_id: channel.id, method: 'cash', amount: '700.00', paid_at: '2026-11-20T08:00:00.000Z' });
  expect(pay.statusCode, pay.body).toBe(201);
  return { browser, property: p, house, tenant: tn, lease };
}

const search = async (b: Browser, area: string, q: string) =>
  (await b.get(`/api/v1/${area}?filter=${encodeURIComponent(JSON.stringify({ q }))}&range=${encodeURIComponent('[0,99]')}`)).json() as RecordValues[];

describe('q through references', () => {
  it('finds houses, leases, invoices and payments by property, house and tenant names, in this organisation only', async () => {
    const a = await lettings('Search A', 'Jirani Heights', 'Wanjiru Kamau', 'Q7');
    const b = await lettings('Search B', 'Jirani Heights', 'Wanjiru Kamau', 'Q7');

    const houses = await search(a.browser, 'houses', 'jirani');
    expect(houses.map((h) => h.id)).toEqual([a.house.id]);

    for (const q of ['wanjiru', 'Jirani Hei', 'Q7']) {
      const invoices = await search(a.browser, 'invoices', q);
      expect(invoices.length, q).toBeGreaterThan(0);
      expect(invoices.every((i) => i.lease_id === a.lease.id), q).toBe(true);
      const payments = await search(a.browser, 'payments', q);
      expect(payments.map((p) => p.tenant_id), q).toEqual([a.tenant.id]);
      expect((await search(a.browser, 'leases', q)).map((l) => l.id), q).toEqual([a.lease.id]);
    }
    // the other organisation's twin is found only there
    expect((await search(b.browser, 'invoices', 'wanjiru')).every((i) => i.lease_id === b.lease.id)).toBe(true);
    expect(await search(a.browser, 'invoices', 'nobody-by-this-name')).toEqual([]);
    // a LIKE wildcard is a plain character
    expect(await search(a.browser, 'payments', '%')).toEqual([]);
  });
});

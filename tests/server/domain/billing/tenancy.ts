// What the billing suites (meters, repairs, credit notes) each set up the same way, through the
// API: an organisation with one house let on an activated lease, a billing run waited for, the
// invoice of a lease and period.
import { expect } from 'vitest';
import { resourceByName } from '../../../../resources/index.js';
import { registeredBrowser, type Browser, type TestApp } from '../../helpers.js';
import { createSample } from '../../crud/samples.js';

/** A draft lease with no escalation, penalty or charges of its own (rent and start given per suite). */
export const PLAIN_LEASE = {
  end_date: null, deposit: '0.00', billing_frequency: 'monthly', due_day: 5,
  escalation_rate: null, escalation_months: null, notice_date: null, move_out_date: null, status: 'draft',
  penalty_type: null, penalty_amount: null, penalty_rate: null, penalty_frequency: null, penalty_cap: null, charges: [],
};

/** A new organisation with one house let on a lease from `start` (rent as given), activated on its start day. */
export async function letHouse(t: TestApp, name: string, lease: { start_date: string; rent: string }) {
  const o = await registeredBrowser(t.app, { org: name });
  const cache = new Map<string, string>();
  const property = await createSample(o.browser, resourceByName('properties')!, o.user.id, cache);
  cache.set('properties', String(property.id));
  cache.set('property-owners', String(property.owner_id));
  const house = await createSample(o.browser, resourceByName('houses')!, o.user.id, cache, { status: 'vacant', property_id: property.id, owner_id: property.owner_id });
  cache.set('houses', String(house.id));
  const made = await createSample(o.browser, resourceByName('leases')!, o.user.id, cache, { ...PLAIN_LEASE, ...lease, house_id: house.id });
  t.clock.today = lease.start_date;
  try {
    const res = await o.browser.post(`/api/v1/leases/${made.id}/activate`);
    expect(res.statusCode, res.body).toBe(200);
  } finally {
    t.clock.today = null;
  }
  return { ...o, cache, property, house, lease: made };
}

/** Starts a billing run for `period` (YYYY-MM) and waits for it to end. */
export async function runAndWait(browser: Browser, period: string) {
  const res = await browser.post('/api/v1/billing-runs', { period });
  expect(res.statusCode, res.body).toBe(202);
  for (let i = 0; i < 400; i++) {
    const run = (await browser.get(`/api/v1/billing-runs/${res.json().id}`)).json();
    if (run.status === 'done' || run.status === 'failed') return run;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('billing run did not finish');
}

/** The one invoice of a lease for the period starting on `periodStart`, with its lines. */
export async function invoiceFor(browser: Browser, leaseId: string, periodStart: string) {
  const list = (await browser.get(`/api/v1/invoices?filter=${encodeURIComponent(JSON.stringify({ lease_id: leaseId, period_start: periodStart }))}`)).json();
  expect(list).toHaveLength(1);
  return (await browser.get(`/api/v1/invoices/${list[0].id}`)).json();
}

/** The month `offset` months from this one, YYYY-MM. */
export const month = (offset: number) => {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + offset, 1)).toISOString().slice(0, 7);
};

// An agency driven through the real services: leases created through the API and activated
// (first period billed, with the deposit), billing runs, payments allocated by the server,
// penalties, waivers dated when they happen, and move-outs with the deposit settled.
import { expect } from 'vitest';
import { resourceByName } from '../../../../resources/index.js';
import type { RecordValues } from '../../../../src/shared/resource.js';
import { inScope } from '../../../../src/server/db/client.js';
import { waivePenalty } from '../../../../src/server/domain/billing/adjust.js';
import { runBilling } from '../../../../src/server/domain/billing/runs.js';
import { registeredBrowser, type Browser, type TestApp } from '../../helpers.js';
import { createSample } from '../../crud/samples.js';

export interface Agency {
  t: TestApp;
  browser: Browser;
  userId: string;
  orgId: string;
  cache: Map<string, string>;
  propertyId: string;
  ownerId: string;
  channelId: string;
}

/** A lease's terms with nothing the sample would add (escalation, penalties, ending). */
const PLAIN = {
  end_date: null, billing_frequency: 'monthly', due_day: 5, escalation_rate: null, escalation_months: null,
  notice_date: null, move_out_date: null, status: 'draft',
  penalty_type: null, penalty_amount: null, penalty_rate: null, penalty_frequency: null, penalty_cap: null, charges: [],
};

export async function agency(t: TestApp, name: string, settings: Record<string, unknown> = {}): Promise<Agency> {
  const { browser, user, organization } = await registeredBrowser(t.app, { org: name });
  const cache = new Map<string, string>();
  if (Object.keys(settings).length) {
    const put = await browser.put('/api/v1/settings', { ...((await browser.get('/api/v1/settings')).json() as object), ...settings });
    expect(put.statusCode, put.body).toBe(200);
  }
  const property = await createSample(browser, resourceByName('properties')!, user.id, cache, { commission_rate: null, grace_days: 3, due_day: null });
  cache.set('properties', String(property.id));
  cache.set('property-owners', String(property.owner_id));
  const channel = await createSample(browser, resourceByName('payment-channels')!, user.id, cache);
  return {
    t, browser, userId: user.id, orgId: organization!.id, cache,
    propertyId: String(property.id), ownerId: String(property.owner_id), channelId: String(channel.id),
  };
}

/** A draft lease of a new tenant on a new house of the agency's property. */
export async function draftLease(a: Agency, terms: RecordValues): Promise<RecordValues & { id: string; tenant_id: string }> {
  const cache = new Map(a.cache);
  const tenant = await createSample(a.browser, resourceByName('tenants')!, a.userId, cache);
  const house = await createSample(a.browser, resourceByName('houses')!, a.userId, cache, { property_id: a.propertyId, owner_id: a.ownerId, status: 'vacant' });
  const lease = await createSample(a.browser, resourceByName('leases')!, a.userId, cache, { ...PLAIN, ...terms, tenant_id: tenant.id, house_id: house.id });
  return lease as RecordValues & { id: string; tenant_id: string };
}

/** Activates a lease on a day (the server's today for this request). */
export async function activate(a: Agency, leaseId: string, on: string) {
  a.t.clock.today = on;
  const res = await a.browser.post(`/api/v1/leases/${leaseId}/activate`);
  a.t.clock.today = null;
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A billing run for a month ('2026-04'), run to the end in this process. */
export async function bill(a: Agency, period: string) {
  const run = await runBilling(a.t.app.db, a.orgId, period, { userId: a.userId });
  expect(run.status, run.error ?? '').toBe('done');
  return run;
}

export async function pay(a: Agency, tenantId: string, amount: string, paidOn: string) {
  const res = await a.browser.post('/api/v1/payments', {
    tenant_id: tenantId, channel_id: a.channelId, method: 'cash', amount, paid_at: `${paidOn}T09:00:00+03:00`,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as RecordValues & { id: string };
}

export async function reverse(a: Agency, paymentId: string) {
  return a.browser.post(`/api/v1/payments/${paymentId}/reverse`, { reason: 'Cheque returned unpaid' });
}

export async function postPenalties(a: Agency, asOf: string) {
  const res = await a.browser.post('/api/v1/penalties/run', { as_of: asOf });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { posted: number };
}

/** Waives a penalty line on a given day (the API waives it today). */
export async function waive(a: Agency, invoiceId: string, lineId: string, on: string) {
  return inScope(a.t.app.db, { tenant: a.orgId, user: a.userId }, (tx) => waivePenalty(tx, a.orgId, a.userId, invoiceId, lineId, 'Paid at the bank before the due date', on));
}

export async function endLease(a: Agency, leaseId: string, body: { move_out_date: string; apply_deposit_to_arrears?: boolean } & Record<string, unknown>) {
  const res = await a.browser.post(`/api/v1/leases/${leaseId}/end`, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

export async function invoicesOf(a: Agency, leaseId: string) {
  const res = await a.browser.get(`/api/v1/invoices?filter=${encodeURIComponent(JSON.stringify({ lease_id: leaseId }))}&sort=${encodeURIComponent('["period_start","ASC"]')}`);
  const list = res.json() as Array<{ id: string }>;
  return Promise.all(list.map(async (i) => (await a.browser.get(`/api/v1/invoices/${i.id}`)).json()));
}

export async function statement(a: Agency, tenantId: string, from: string, to: string, leaseId?: string) {
  const res = await a.browser.get(`/api/v1/statements/user/${tenantId}?from=${from}&to=${to}${leaseId ? `&lease_id=${leaseId}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

export async function aging(a: Agency, asOf: string) {
  const res = await a.browser.get(`/api/v1/reports/aging-balances?as_of=${asOf}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

export async function propertyStatement(a: Agency, from: string, to: string) {
  const res = await a.browser.get(`/api/v1/statements/property/${a.propertyId}?from=${from}&to=${to}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Decimal text → cents. */
export const c = (s: string | null | undefined) => BigInt(String(s ?? '0').replace('.', ''));

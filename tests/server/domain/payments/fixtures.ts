import type { FastifyInstance } from 'fastify';
import { resourceByName } from '../../../../resources/index.js';
import type { RecordValues } from '../../../../src/shared/resource.js';
import { registeredBrowser, type Browser } from '../../helpers.js';
import { createSample } from '../../crud/samples.js';

export interface Ledger {
  browser: Browser;
  userId: string;
  orgId: string;
  cache: Map<string, string>;
  lease: RecordValues;
  channelId: string;
}

/** An organisation with one lease (tenant, house, property) and a payment channel. */
export async function ledger(app: FastifyInstance, org = 'Money Co'): Promise<Ledger> {
  const { browser, user, organization } = await registeredBrowser(app, { org });
  const cache = new Map<string, string>();
  const property = await createSample(browser, resourceByName('properties')!, user.id, cache);
  cache.set('properties', String(property.id));
  cache.set('property-owners', String(property.owner_id));
  const house = await createSample(browser, resourceByName('houses')!, user.id, cache, { property_id: property.id, owner_id: property.owner_id });
  cache.set('houses', String(house.id));
  const lease = await createSample(browser, resourceByName('leases')!, user.id, cache);
  const channel = await createSample(browser, resourceByName('payment-channels')!, user.id, cache);
  return { browser, userId: user.id, orgId: organization!.id, cache, lease, channelId: String(channel.id) };
}

/** Another lease for a tenant (a new house of the same property). */
export async function anotherLease(l: Ledger, tenantId = String(l.lease.tenant_id)): Promise<RecordValues> {
  const house = await createSample(l.browser, resourceByName('houses')!, l.userId, new Map(l.cache), { property_id: l.cache.get('properties'), owner_id: l.cache.get('property-owners') });
  return createSample(l.browser, resourceByName('leases')!, l.userId, new Map(l.cache), { tenant_id: tenantId, house_id: house.id, status: 'draft' });
}

let period = 0;
/** An issued invoice on a lease, with one line per amount (KES text) and optional charge ids. */
export async function issue(l: Ledger, opts: { lease?: RecordValues; due: string; issue?: string; amounts: string[]; chargeIds?: (string | undefined)[] }) {
  const n = period++;
  const y = 2000 + Math.floor(n / 12);
  const m = String((n % 12) + 1).padStart(2, '0');
  const lines = opts.amounts.map((a, i) => ({ kind: 'charge', description: `Line ${i + 1}`, quantity: '1', rate: a, charge_id: opts.chargeIds?.[i] }));
  const res = await l.browser.post('/api/v1/invoices', {
    lease_id: (opts.lease ?? l.lease).id, period_start: `${y}-${m}-01`, period_end: `${y}-${m}-28`,
    issue_date: opts.issue ?? opts.due, due_date: opts.due, status: 'issued', lines,
  });
  if (res.statusCode !== 201) throw new Error(`issue: ${res.statusCode} ${res.body}`);
  return res.json() as RecordValues & { id: string; total: string; balance: string; status: string };
}

export async function pay(l: Ledger, amount: string, extra: RecordValues = {}) {
  const res = await l.browser.post('/api/v1/payments', {
    tenant_id: l.lease.tenant_id, channel_id: l.channelId, method: 'cash', amount, paid_at: '2026-01-10T08:00:00.000Z', ...extra,
  });
  if (res.statusCode !== 201) throw new Error(`pay: ${res.statusCode} ${res.body}`);
  return res.json() as RecordValues & { id: string; unallocated: string; status: string; allocations: Array<{ invoice_id: string; amount: string }> };
}

export async function invoice(l: Ledger, id: string) {
  return (await l.browser.get(`/api/v1/invoices/${id}`)).json() as { total: string; paid: string; balance: string; status: string };
}

export async function charge(l: Ledger, priority: number, category = 'other') {
  const res = await l.browser.post('/api/v1/charges', { name: `Charge p${priority} ${category} ${Math.random()}`, category, amount: '100', billing: 'monthly', metered: false, taxable: false, refundable: false, kept_by: 'owner', priority });
  if (res.statusCode !== 201) throw new Error(`charge: ${res.statusCode} ${res.body}`);
  return String(res.json().id);
}

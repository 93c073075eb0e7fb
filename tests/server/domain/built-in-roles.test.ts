import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceByName } from '../../../resources/index.js';
import type { RecordValues } from '../../../src/shared/resource.js';
import { inScope } from '../../../src/server/db/client.js';
import { memberships, userRoles } from '../../../src/server/db/schema.js';
import { buildTestApp, registeredBrowser, type Browser, type TestApp } from '../helpers.js';
import { createSample } from '../crud/samples.js';

// Each built-in role walks its day through the API (product.md 2 and 7, issue 15): what that
// person must do succeeds, what they must not do is refused (403), and the dashboard sends money
// figures only to roles with view.financials. Members are added straight to the organisation (the
// invitation flow is not what this tests).

let t: TestApp;
let admin: Browser;
let orgId: string;
const made: Record<string, RecordValues> = {};
const roleIds: Record<string, string> = {};

const r = (name: string) => resourceByName(name)!;
const filter = (f: object) => `filter=${encodeURIComponent(JSON.stringify(f))}`;

beforeAll(async () => {
  t = await buildTestApp();
  const a = await registeredBrowser(t.app, { org: 'Daily Round Lettings' });
  admin = a.browser;
  orgId = a.organization!.id;
  for (const role of (await admin.get('/api/v1/roles')).json() as RecordValues[]) roleIds[String(role.name)] = String(role.id);
  const cache = new Map<string, string>();
  made.property = await createSample(admin, r('properties'), a.user.id, cache);
  cache.set('properties', String(made.property.id));
  cache.set('property-owners', String(made.property.owner_id));
  made.house = await createSample(admin, r('houses'), a.user.id, cache, { property_id: made.property.id, owner_id: made.property.owner_id });
  cache.set('houses', String(made.house.id));
  made.tenant = await createSample(admin, r('tenants'), a.user.id, cache, { name: 'Mary Atieno' });
  cache.set('tenants', String(made.tenant.id));
  made.lease = await createSample(admin, r('leases'), a.user.id, cache, { house_id: made.house.id, tenant_id: made.tenant.id, status: 'draft' });
  made.channel = await createSample(admin, r('payment-channels'), a.user.id, cache, { kind: 'cash', name: 'Office cash' });
  made.payment = (await admin.post('/api/v1/payments', {
    tenant_id: made.tenant.id, channel_id: made.channel.id, method: 'cash', amount: '500.00', paid_at: '2026-11-20T08:00:00.000Z',
  })).json();
  made.ticket = (await admin.post('/api/v1/tickets', {
    property_id: made.property.id, house_id: made.house.id, subject: 'No water', priority: 'urgent', source: 'call', status: 'open',
  })).json();
});
afterAll(() => t.close());

/** A member of the organisation holding one built-in role. */
async function member(role: string): Promise<Browser> {
  const m = await registeredBrowser(t.app);
  await inScope(t.database.db, { tenant: orgId }, async (tx) => {
    await tx.insert(memberships).values({ organization_id: orgId, user_id: m.user.id });
    await tx.insert(userRoles).values({ organization_id: orgId, user_id: m.user.id, role_id: roleIds[role] });
  });
  expect((await m.browser.post(`/api/v1/organisations/${orgId}/switch`)).statusCode).toBe(200);
  return m.browser;
}

const cashReceipt = () => ({
  tenant_id: made.tenant.id, channel_id: made.channel.id, method: 'cash', amount: '1500.00', paid_at: '2026-11-24T09:30:00.000Z', payer_name: 'Mary Atieno',
});
const newTicket = () => ({ property_id: made.property.id, house_id: made.house.id, subject: 'Leaking tap', priority: 'normal', source: 'visit', status: 'open' });

async function expectStatus(res: Promise<{ statusCode: number; body: string }>, status: number, what: string) {
  const done = await res;
  expect(done.statusCode, `${what}: ${done.body.slice(0, 200)}`).toBe(status);
}

describe('Caretaker', () => {
  it('takes a cash receipt, logs and works tickets and work orders; sees no money figures and exports nothing', async () => {
    const b = await member('Caretaker');
    const board = (await b.get('/api/v1/dashboard')).json();
    expect(board.occupancy.houses).toBe(1);
    for (const key of ['this_month', 'months', 'arrears', 'unmatched_payments']) expect(board, key).not.toHaveProperty(key);
    expect(board.attention).toEqual({ urgent_tickets: 1, draft_leases: 1, unmatched_payments: expect.any(Number) });
    // the payment form's pickers: channels, tenants, leases
    await expectStatus(b.get('/api/v1/payment-channels'), 200, 'channel picker');
    await expectStatus(b.get('/api/v1/tenants'), 200, 'tenant picker');
    await expectStatus(b.get(`/api/v1/leases?${filter({ tenant_id: made.tenant.id })}`), 200, 'lease picker');
    const receipt = await b.post('/api/v1/payments', cashReceipt());
    expect(receipt.statusCode, receipt.body).toBe(201);
    // after saving, the receipt and the invoices it paid can be shown
    await expectStatus(b.get(`/api/v1/payments/${receipt.json().id}`), 200, 'receipt');
    await expectStatus(b.get('/api/v1/invoices'), 200, 'invoices the receipt paid');
    // tickets and work orders, end to end
    const ticket = await b.post('/api/v1/tickets', newTicket());
    expect(ticket.statusCode, ticket.body).toBe(201);
    await expectStatus(b.put(`/api/v1/tickets/${ticket.json().id}`, { status: 'in_progress' }), 200, 'ticket in progress');
    await expectStatus(b.get('/api/v1/work-order-categories'), 200, 'category picker');
    await expectStatus(b.get('/api/v1/service-providers'), 200, 'provider picker');
    await expectStatus(b.post('/api/v1/work-orders', { property_id: made.property.id, house_id: made.house.id, ticket_id: ticket.json().id, description: 'Replace the washer' }), 201, 'work order');
    // the meter walk: a property's meters with their last readings, and each new reading typed
    const meter = (await admin.post('/api/v1/meters', { house_id: made.house.id, number: 'WM-CT1' })).json();
    await expectStatus(b.get(`/api/v1/readings/walk?property_id=${made.property.id}`), 200, 'meter walk');
    const reading = await b.post('/api/v1/readings', { meter_id: meter.id, date: '2026-11-01', value: '12.5' });
    expect(reading.statusCode, reading.body).toBe(201);
    await expectStatus(b.put(`/api/v1/readings/${reading.json().id}`, { value: '12.75' }), 200, 'a reading corrected');
    await expectStatus(b.delete(`/api/v1/readings/${reading.json().id}`), 403, 'a reading deleted');
    await expectStatus(b.post('/api/v1/meters', { house_id: made.house.id, number: 'WM-CT2' }), 403, 'a meter added');

    // not the caretaker's: money decisions, tenancies, people, settings, mass export
    await expectStatus(b.get('/api/v1/tenants/export.csv'), 403, 'tenant export');
    await expectStatus(b.get('/api/v1/payments/export.csv'), 403, 'payment export');
    await expectStatus(b.post(`/api/v1/payments/${made.payment.id}/reverse`, { reason: 'Mistake' }), 403, 'reverse');
    await expectStatus(b.put(`/api/v1/payments/${made.payment.id}`, { notes: 'x' }), 403, 'edit payment');
    await expectStatus(b.post('/api/v1/leases', { tenant_id: made.tenant.id, house_id: made.house.id, start_date: '2027-01-01', rent: '1000.00', billing_frequency: 'monthly' }), 403, 'new lease');
    await expectStatus(b.post(`/api/v1/leases/${made.lease.id}/activate`, {}), 403, 'activate');
    await expectStatus(b.put(`/api/v1/houses/${made.house.id}`, { rent: '1.00' }), 403, 'house rent');
    await expectStatus(b.post('/api/v1/billing-runs', { period: '2026-12' }), 403, 'billing run');
    await expectStatus(b.get('/api/v1/reports/aging-balances'), 403, 'aging');
    await expectStatus(b.get('/api/v1/users'), 403, 'users');
    await expectStatus(b.get('/api/v1/roles'), 403, 'roles');
    await expectStatus(b.post('/api/v1/messages', { tenant_id: made.tenant.id, channel: 'sms', to: '+254712345678', body: 'Hi' }), 403, 'write messages');
  });
});

describe('Manager', () => {
  it('runs the portfolio and tenancies, answers tickets, sees the money and exports; voids, reverses and administers nothing', async () => {
    const b = await member('Manager');
    const board = (await b.get('/api/v1/dashboard')).json();
    expect(board).toHaveProperty('this_month');
    expect(board).toHaveProperty('arrears');
    expect(Object.keys(board.attention).sort()).toEqual(['draft_leases', 'failed_messages', 'unmatched_payments', 'urgent_tickets', 'waiting_for_credits']);
    const house = await b.post('/api/v1/houses', { ...made.house, id: undefined, number: 'M2', account_code: 'MGRM2', status: 'vacant' });
    expect(house.statusCode, house.body).toBe(201);
    const tenant = await b.post('/api/v1/tenants', { ...made.tenant, id: undefined, name: 'Brian Kiprop', id_number: '30111222' });
    expect(tenant.statusCode, tenant.body).toBe(201);
    const { id: _id, status: _s, ...terms } = made.lease;
    const lease = await b.post('/api/v1/leases', { ...terms, house_id: house.json().id, tenant_id: tenant.json().id, status: 'draft' });
    expect(lease.statusCode, lease.body).toBe(201);
    await expectStatus(b.post('/api/v1/tickets', newTicket()), 201, 'ticket');
    await expectStatus(b.post('/api/v1/payments', cashReceipt()), 201, 'receipt');
    await expectStatus(b.get('/api/v1/reports/aging-balances'), 200, 'aging');
    await expectStatus(b.get('/api/v1/tenants/export.csv'), 200, 'tenant export');

    await expectStatus(b.post(`/api/v1/payments/${made.payment.id}/reverse`, { reason: 'Mistake' }), 403, 'reverse');
    await expectStatus(b.post('/api/v1/roles', { name: 'Mine', permissions: ['list.house'] }), 403, 'new role');
    await expectStatus(b.post('/api/v1/users', { name: 'X', email: 'x@example.co.ke', role_ids: [] }), 403, 'invite');
    await expectStatus(b.put('/api/v1/settings', { currency: 'KES' }), 403, 'settings');
    await expectStatus(b.post('/api/v1/payment-channels', { name: 'Mine', kind: 'cash' }), 403, 'new channel');
  });
});

describe('Accountant', () => {
  it('takes and reverses receipts, runs reports and exports; touches no tenancy, ticket or member', async () => {
    const b = await member('Accountant');
    const board = (await b.get('/api/v1/dashboard')).json();
    expect(board).toHaveProperty('arrears');
    expect(Object.keys(board.attention).sort()).toEqual(['draft_leases', 'failed_messages', 'unmatched_payments', 'waiting_for_credits']);
    const receipt = await b.post('/api/v1/payments', cashReceipt());
    expect(receipt.statusCode, receipt.body).toBe(201);
    await expectStatus(b.post(`/api/v1/payments/${receipt.json().id}/reverse`, { reason: 'Counted twice' }), 200, 'reverse');
    await expectStatus(b.get('/api/v1/reports/aging-balances'), 200, 'aging');
    await expectStatus(b.get(`/api/v1/statements/user/${made.tenant.id}`), 200, 'tenant statement');
    await expectStatus(b.get('/api/v1/payments/export.csv'), 200, 'payment export');

    await expectStatus(b.post('/api/v1/tickets', newTicket()), 403, 'ticket');
    await expectStatus(b.post(`/api/v1/leases/${made.lease.id}/activate`, {}), 403, 'activate');
    await expectStatus(b.put(`/api/v1/tenants/${made.tenant.id}`, { name: 'Changed' }), 403, 'edit tenant');
    await expectStatus(b.get('/api/v1/users'), 403, 'users');
  });
});

describe('Viewer', () => {
  it('reads every area and the money figures; changes nothing and exports nothing', async () => {
    const b = await member('Viewer');
    expect((await b.get('/api/v1/dashboard')).json()).toHaveProperty('this_month');
    for (const area of ['properties', 'houses', 'tenants', 'leases', 'invoices', 'payments', 'tickets', 'work-orders', 'messages']) {
      await expectStatus(b.get(`/api/v1/${area}`), 200, area);
    }
    await expectStatus(b.get('/api/v1/tenants/export.csv'), 403, 'tenant export');
    await expectStatus(b.post('/api/v1/payments', cashReceipt()), 403, 'receipt');
    await expectStatus(b.post('/api/v1/tickets', newTicket()), 403, 'ticket');
    await expectStatus(b.put(`/api/v1/houses/${made.house.id}`, { rent: '1.00' }), 403, 'house');
    await expectStatus(b.delete(`/api/v1/tickets/${made.ticket.id}`), 403, 'delete ticket');
  });
});

describe('another organisation', () => {
  it('cannot read this one’s dashboard, even as its own Administrator', async () => {
    const other = await registeredBrowser(t.app, { org: 'Elsewhere Ltd' });
    await expectStatus(other.browser.get('/api/v1/dashboard', { 'x-tenant-id': orgId }), 404, 'foreign dashboard');
    const own = (await other.browser.get('/api/v1/dashboard')).json();
    expect(own.occupancy.houses).toBe(0);
    expect(own.attention).toEqual({ urgent_tickets: 0, draft_leases: 0, failed_messages: 0, waiting_for_credits: 0, unmatched_payments: 0 });
  });
});

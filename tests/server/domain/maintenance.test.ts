import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceByName } from '../../../resources/index.js';
import type { RecordValues } from '../../../src/shared/resource.js';
import { and, eq } from 'drizzle-orm';
import { inScope } from '../../../src/server/db/client.js';
import { memberships, roles, userRoles } from '../../../src/server/db/schema.js';
import { buildTestApp, registeredBrowser, type Browser, type TestApp } from '../helpers.js';
import { createSample } from '../crud/samples.js';

// Tickets and work orders: numbers from the organisation's gapless series, reopening counted,
// and a completed work order's expense made once, in the same transaction.

let t: TestApp;
beforeAll(async () => { t = await buildTestApp(); });
afterAll(() => t.close());

interface Org { browser: Browser; userId: string; cache: Map<string, string>; property: RecordValues; house: RecordValues; provider: RecordValues }

async function organization(name: string, threshold?: string): Promise<Org> {
  const { browser, user } = await registeredBrowser(t.app, { org: name });
  const cache = new Map<string, string>();
  const property = await createSample(browser, resourceByName('properties')!, user.id, cache);
  cache.set('properties', String(property.id));
  cache.set('property-owners', String(property.owner_id));
  const house = await createSample(browser, resourceByName('houses')!, user.id, cache, { property_id: property.id, owner_id: property.owner_id });
  const provider = await createSample(browser, resourceByName('service-providers')!, user.id, cache, { name: 'Maji Safi Plumbers' });
  if (threshold) {
    const settings = (await browser.get('/api/v1/settings')).json() as RecordValues;
    expect((await browser.put('/api/v1/settings', { ...settings, expense_approval_threshold: threshold })).statusCode).toBe(200);
  }
  return { browser, userId: user.id, cache, property, house, provider };
}

const ticketBody = (o: Org, extra: RecordValues = {}) => ({ property_id: o.property.id, house_id: o.house.id, subject: 'Leaking kitchen tap', priority: 'normal', source: 'call', ...extra });
const orderBody = (o: Org, extra: RecordValues = {}) => ({
  property_id: o.property.id, house_id: o.house.id, service_provider_id: o.provider.id, description: 'Replace the mixer cartridge.', estimate: '1800.00', paid_by: 'owner', ...extra,
});
const expensesOf = async (o: Org, workOrderId: string) =>
  (await o.browser.get(`/api/v1/expenses?filter=${encodeURIComponent(JSON.stringify({ work_order_id: workOrderId }))}`)).json() as RecordValues[];

describe('tickets', () => {
  it('are numbered by the server from a gapless series per organisation, whatever the body says', async () => {
    const a = await organization('Ticket Numbers A');
    const b = await organization('Ticket Numbers B');
    const first = await a.browser.post('/api/v1/tickets', ticketBody(a, { number: 'FORGED-1', reopen_count: 9 }));
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ number: 'TKT-000001', reopen_count: 0 });
    // a refused create does not burn a number
    expect((await a.browser.post('/api/v1/tickets', ticketBody(a, { subject: '' }))).statusCode).toBe(422);
    const second = await a.browser.post('/api/v1/tickets', ticketBody(a));
    expect(second.json().number).toBe('TKT-000002');
    // the number is read-only on update too
    const edited = await a.browser.put(`/api/v1/tickets/${first.json().id}`, { ...(first.json() as RecordValues), number: 'TKT-999999' });
    expect(edited.json().number).toBe('TKT-000001');
    expect((await b.browser.post('/api/v1/tickets', ticketBody(b))).json().number).toBe('TKT-000001');
  });

  it('count each reopening (resolved, closed or declined back to open or in progress)', async () => {
    const o = await organization('Reopen Estates');
    let ticket = (await o.browser.post('/api/v1/tickets', ticketBody(o))).json() as RecordValues;
    const put = async (status: string) => {
      const res = await o.browser.put(`/api/v1/tickets/${ticket.id}`, { ...ticket, status });
      expect(res.statusCode, res.body).toBe(200);
      ticket = res.json();
      return ticket.reopen_count;
    };
    expect(await put('in_progress')).toBe(0);
    expect(await put('resolved')).toBe(0);
    expect(await put('open')).toBe(1);
    expect(await put('closed')).toBe(1);
    expect(await put('in_progress')).toBe(2);
    expect(await put('deferred')).toBe(2);
    expect(await put('open')).toBe(2);
    expect(await put('declined')).toBe(2);
    expect(await put('open')).toBe(3);
    // a re-save of an open ticket is not a reopening; the count is not the client's to set
    const again = await o.browser.put(`/api/v1/tickets/${ticket.id}`, { ...ticket, reopen_count: 0 });
    expect(again.json().reopen_count).toBe(3);
  });

  it('spawn work orders, and another organisation can neither see, change nor reference them', async () => {
    const o = await organization('Spawning Estates');
    const stranger = await organization('Stranger Maintenance');
    const ticket = (await o.browser.post('/api/v1/tickets', ticketBody(o))).json() as RecordValues;
    const order = await o.browser.post('/api/v1/work-orders', orderBody(o, { ticket_id: ticket.id }));
    expect(order.statusCode, order.body).toBe(201);
    const list = await o.browser.get(`/api/v1/work-orders?filter=${encodeURIComponent(JSON.stringify({ ticket_id: ticket.id }))}`);
    expect(list.json().map((w: RecordValues) => w.id)).toEqual([order.json().id]);
    // the ticket with work orders is kept
    expect((await o.browser.delete(`/api/v1/tickets/${ticket.id}`)).statusCode).toBe(409);

    const targets = [[`/api/v1/tickets/${ticket.id}`, { ...ticket, status: 'closed' }], [`/api/v1/work-orders/${order.json().id}`, { ...order.json(), status: 'cancelled' }]] as const;
    for (const [path, body] of targets) {
      expect((await stranger.browser.get(path)).statusCode).toBe(404);
      const put = await stranger.browser.put(path, body);
      expect(put.statusCode, put.body).toBe(404);
      expect((await stranger.browser.delete(path)).statusCode).toBe(404);
    }
    const forged = await stranger.browser.post('/api/v1/work-orders', orderBody(stranger, { ticket_id: ticket.id }));
    expect(forged.statusCode).toBe(422);
    expect(forged.json().errors).toHaveProperty('ticket_id');
    const theirs = await stranger.browser.get(`/api/v1/work-orders?filter=${encodeURIComponent(JSON.stringify({ ticket_id: ticket.id }))}`);
    expect(theirs.json()).toEqual([]);
    expect((await o.browser.get(`/api/v1/tickets/${ticket.id}`)).json()).toMatchObject({ status: 'open', subject: 'Leaking kitchen tap' });
  });
});

describe('work orders', () => {
  it('are numbered from their own series', async () => {
    const o = await organization('Work Order Numbers');
    await o.browser.post('/api/v1/tickets', ticketBody(o));
    const first = await o.browser.post('/api/v1/work-orders', orderBody(o, { number: 'X' }));
    const second = await o.browser.post('/api/v1/work-orders', orderBody(o));
    expect([first.json().number, second.json().number]).toEqual(['WO-000001', 'WO-000002']);
  });

  it('completed with an actual cost make their expense once; a re-save makes no second one', async () => {
    const o = await organization('Completion Estates');
    let order = (await o.browser.post('/api/v1/work-orders', orderBody(o, { paid_by: 'tenant' }))).json() as RecordValues;
    // in progress with a cost: nothing yet
    order = (await o.browser.put(`/api/v1/work-orders/${order.id}`, { ...order, status: 'in_progress', actual_cost: '3200.00' })).json();
    expect(await expensesOf(o, String(order.id))).toEqual([]);
    const done = await o.browser.put(`/api/v1/work-orders/${order.id}`, { ...order, status: 'completed' });
    expect(done.statusCode, done.body).toBe(200);
    order = done.json();
    const [expense, ...more] = await expensesOf(o, String(order.id));
    expect(more).toEqual([]);
    expect(expense).toMatchObject({
      property_id: o.property.id, house_id: o.house.id, category: 'repairs', service_provider_id: o.provider.id, payee: 'Maji Safi Plumbers',
      work_order_id: order.id, amount: '3200.00', borne_by: 'tenant', reference: order.number, status: 'approved',
    });
    expect(expense.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // saved again, even completed again from the same state: still one
    expect((await o.browser.put(`/api/v1/work-orders/${order.id}`, { ...order, description: 'Replaced the cartridge and washers.' })).statusCode).toBe(200);
    expect(await expensesOf(o, String(order.id))).toHaveLength(1);
    // a completed order is kept
    expect((await o.browser.delete(`/api/v1/work-orders/${order.id}`)).statusCode).toBe(409);
  });

  it('completed without a cost make none until the cost is entered; a zero cost makes none', async () => {
    const o = await organization('Later Cost Estates');
    let order = (await o.browser.post('/api/v1/work-orders', orderBody(o, { status: 'completed' }))).json() as RecordValues;
    expect(order.status).toBe('completed');
    expect(await expensesOf(o, String(order.id))).toEqual([]);
    order = (await o.browser.put(`/api/v1/work-orders/${order.id}`, { ...order, actual_cost: '0.00' })).json();
    expect(await expensesOf(o, String(order.id))).toEqual([]);
    order = (await o.browser.put(`/api/v1/work-orders/${order.id}`, { ...order, actual_cost: '950.50' })).json();
    expect((await expensesOf(o, String(order.id))).map((e) => e.amount)).toEqual(['950.50']);
    // created completed with a cost: at once
    const direct = (await o.browser.post('/api/v1/work-orders', orderBody(o, { status: 'completed', actual_cost: '400.00' }))).json() as RecordValues;
    expect((await expensesOf(o, String(direct.id))).map((e) => e.amount)).toEqual(['400.00']);
  });

  it('above the approval threshold make a pending expense, which follows a changed cost until it is approved', async () => {
    const o = await organization('Threshold Estates', '10000.00');
    let order = (await o.browser.post('/api/v1/work-orders', orderBody(o, { status: 'completed', actual_cost: '25000.00', paid_by: 'agency' }))).json() as RecordValues;
    let [expense] = await expensesOf(o, String(order.id));
    expect(expense).toMatchObject({ amount: '25000.00', status: 'pending', borne_by: 'agency' });
    // the cost corrected while the expense waits: the expense follows (still above: still pending)
    const corrected = await o.browser.put(`/api/v1/work-orders/${order.id}`, { ...order, actual_cost: '24000.00' });
    expect(corrected.statusCode, corrected.body).toBe(200);
    order = corrected.json();
    [expense] = await expensesOf(o, String(order.id));
    expect(expense).toMatchObject({ amount: '24000.00', status: 'pending' });
    // a completed order with its expense keeps a cost and stays completed
    const cleared = await o.browser.put(`/api/v1/work-orders/${order.id}`, { ...order, actual_cost: null });
    expect(cleared.statusCode).toBe(422);
    expect(cleared.json().errors).toHaveProperty('actual_cost');
    expect((await o.browser.put(`/api/v1/work-orders/${order.id}`, { ...order, status: 'in_progress' })).statusCode).toBe(409);
    // approved: the cost is fixed on the work order; the expense is where it is corrected
    expect((await o.browser.post(`/api/v1/expenses/${expense.id}/approve`)).statusCode).toBe(200);
    const late = await o.browser.put(`/api/v1/work-orders/${order.id}`, { ...order, actual_cost: '26000.00' });
    expect(late.statusCode).toBe(422);
    expect(late.json().errors.actual_cost[0]).toContain('approved');
    expect((await o.browser.get(`/api/v1/work-orders/${order.id}`)).json().actual_cost).toBe('24000.00');
    expect((await expensesOf(o, String(order.id))).map((e) => [e.amount, e.status])).toEqual([['24000.00', 'approved']]);
  });

  it('completed by a caretaker (no expense permission) still record their expense', async () => {
    const o = await organization('Caretaker Estates');
    const orgId = (await o.browser.get('/api/v1/user')).json().organization.id as string;
    const caretaker = await registeredBrowser(t.app);
    await inScope(t.database.db, { tenant: orgId }, async (tx) => {
      await tx.insert(memberships).values({ organization_id: orgId, user_id: caretaker.user.id });
      const [role] = await tx.select({ id: roles.id }).from(roles).where(and(eq(roles.organization_id, orgId), eq(roles.name, 'Caretaker')));
      await tx.insert(userRoles).values({ organization_id: orgId, user_id: caretaker.user.id, role_id: role.id });
    });
    await caretaker.browser.post(`/api/v1/organisations/${orgId}/switch`);
    expect((await caretaker.browser.get('/api/v1/expenses')).statusCode).toBe(403);
    const order = (await o.browser.post('/api/v1/work-orders', orderBody(o, { status: 'assigned' }))).json() as RecordValues;
    const done = await caretaker.browser.put(`/api/v1/work-orders/${order.id}`, { ...order, status: 'completed', actual_cost: '1750.00' });
    expect(done.statusCode, done.body).toBe(200);
    expect((await expensesOf(o, String(order.id))).map((e) => e.amount)).toEqual(['1750.00']);
  });
});

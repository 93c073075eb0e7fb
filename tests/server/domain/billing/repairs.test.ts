import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, type Database } from '../../../../src/server/db/client.js';
import { runBilling } from '../../../../src/server/domain/billing/runs.js';
import { buildTestApp, onPostgres, registeredBrowser, testDatabase, type Browser, type TestApp } from '../../helpers.js';
import { seedOrganization } from './seed.js';
import { invoiceFor, letHouse, month, runAndWait } from './tenancy.js';

// A repair the tenant pays for (a completed work order, paid_by tenant, with an actual cost) is a
// line on the tenant's next invoice the billing run makes, and only on that one.

let t: TestApp;
beforeAll(async () => { t = await buildTestApp(); });
afterAll(() => t.close());

// the lease began before today (the work order is opened today, during this tenancy)
const tenancy = (name: string) => letHouse(t, name, { start_date: new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 8) + '01', rent: '25000.00' });

async function completedOrder(browser: Browser, house: Record<string, unknown>, paidBy: string, cost: string) {
  const created = await browser.post('/api/v1/work-orders', { property_id: house.property_id, house_id: house.id, description: 'Replace the broken window pane', paid_by: paidBy });
  expect(created.statusCode, created.body).toBe(201);
  const done = await browser.put(`/api/v1/work-orders/${created.json().id}`, { ...(created.json() as Record<string, unknown>), status: 'completed', actual_cost: cost });
  expect(done.statusCode, done.body).toBe(200);
  return done.json();
}

describe('repairs the tenant pays for', () => {
  it('go on the next invoice of the billing run once; the owner’s repairs never; another organisation sees nothing', async () => {
    const o = await tenancy('Repair Charges Co');
    const tenantPays = await completedOrder(o.browser, o.house, 'tenant', '3450.50');
    const ownerPays = await completedOrder(o.browser, o.house, 'owner', '9000.00');
    expect(tenantPays.charged_invoice_id).toBeNull();

    const next = month(1);
    expect((await runAndWait(o.browser, next)).status).toBe('done');
    const inv = await invoiceFor(o.browser, String(o.lease.id), `${next}-01`);
    const repairLines = inv.lines.filter((l: { description: string }) => l.description.startsWith('Repair '));
    expect(repairLines).toEqual([expect.objectContaining({ description: `Repair ${tenantPays.number}: Replace the broken window pane`, amount: '3450.50' })]);
    expect(inv.total).toBe('28450.50');
    const charged = (await o.browser.get(`/api/v1/work-orders/${tenantPays.id}`)).json();
    expect(charged.charged_invoice_id).toBe(inv.id);
    expect((await o.browser.get(`/api/v1/work-orders/${ownerPays.id}`)).json().charged_invoice_id).toBeNull();

    // the same period again, and the month after: no second charge
    await runAndWait(o.browser, next);
    expect((await invoiceFor(o.browser, String(o.lease.id), `${next}-01`)).total).toBe('28450.50');
    const after = month(2);
    await runAndWait(o.browser, after);
    const later = await invoiceFor(o.browser, String(o.lease.id), `${after}-01`);
    expect(later.lines.some((l: { description: string }) => l.description.startsWith('Repair '))).toBe(false);
    expect(later.total).toBe('25000.00');

    // the work order's history says it was charged, and on which invoice
    const history = (await o.browser.get(`/api/v1/work-orders/${tenantPays.id}/history`)).json();
    expect(history.entries[0]).toMatchObject({ action: 'charge_tenant', details: expect.objectContaining({ invoice_id: inv.id, amount: '3450.50' }) });

    const other = await registeredBrowser(t.app, { org: 'Nosy Repairs' });
    expect((await other.browser.get(`/api/v1/work-orders/${tenantPays.id}`)).statusCode).toBe(404);
    expect((await other.browser.get(`/api/v1/work-orders/${tenantPays.id}/history`)).statusCode).toBe(404);
  });

  it('a voided invoice gives its repair back: charged again on the next invoice, once', async () => {
    const o = await tenancy('Repair Void Co');
    const order = await completedOrder(o.browser, o.house, 'tenant', '1200.00');
    await runAndWait(o.browser, month(1));
    const wrong = await invoiceFor(o.browser, String(o.lease.id), `${month(1)}-01`);
    expect((await o.browser.post(`/api/v1/invoices/${wrong.id}/void`, { reason: 'Billed twice by hand' })).statusCode).toBe(200);
    expect((await o.browser.get(`/api/v1/work-orders/${order.id}`)).json().charged_invoice_id).toBeNull();
    await runAndWait(o.browser, month(2));
    const next = await invoiceFor(o.browser, String(o.lease.id), `${month(2)}-01`);
    expect(next.lines.filter((l: { description: string }) => l.description.startsWith('Repair '))).toEqual([expect.objectContaining({ amount: '1200.00' })]);
    expect((await o.browser.get(`/api/v1/work-orders/${order.id}`)).json().charged_invoice_id).toBe(next.id);
    const history = (await o.browser.get(`/api/v1/work-orders/${order.id}/history`)).json();
    expect(history.entries.map((e: { action: string }) => e.action).slice(0, 3)).toEqual(['charge_tenant', 'release', 'charge_tenant']);
  });

  it('a repair charged once keeps its cost and payer: changing them is refused', async () => {
    const o = await tenancy('Charged Repair Locks');
    const order = await completedOrder(o.browser, o.house, 'tenant', '1200.00');
    await runAndWait(o.browser, month(1));
    const charged = (await o.browser.get(`/api/v1/work-orders/${order.id}`)).json();
    expect(charged.charged_invoice_id).toBeTruthy();
    const res = await o.browser.put(`/api/v1/work-orders/${order.id}`, { ...charged, paid_by: 'owner' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty('paid_by');
  });
});

// Two billing runs for different months at once, on separate connections: each repair lands on one
// invoice only (its work order is locked while the first run's batch commits).
const pgOnly = describe.skipIf(!onPostgres());
pgOnly('repairs under concurrent billing runs (PostgreSQL only: separate connections)', () => {
  let a: Database;
  let b: Database;
  beforeAll(async () => { a = await testDatabase(); b = await testDatabase(); });
  afterAll(async () => { await a?.close(); await b?.close(); });

  it('two runs for two months at once charge each repair exactly once', async () => {
    const org = await seedOrganization(a.db, 30, { start: '2026-01-01' });
    const p = org.slice(-8);
    await a.db.execute(sql`
      insert into work_orders (organization_id, id, number, property_id, house_id, description, paid_by, status, actual_cost)
      select ${org}, 'WO' || ${p} || lpad(g::text, 8, '0'), 'WO-' || lpad(g::text, 6, '0'), ${`PR${p}`}, 'HO' || ${p} || lpad(g::text, 8, '0'),
        'Broken door lock', 'tenant', 'completed', 750
      from generate_series(1, 30) g`);
    const [r1, r2] = await Promise.all([
      runBilling(a.db, org, '2026-03', { batchSize: 4 }),
      runBilling(b.db, org, '2026-04', { batchSize: 5 }),
    ]);
    expect([r1.status, r2.status]).toEqual(['done', 'done']);
    const lines = rowsOf<{ n: number; orders: number }>(await a.db.execute(sql`
      select count(*)::int as n, count(distinct description)::int as orders from invoice_lines
      where organization_id = ${org} and description like 'Repair WO-%'`));
    expect(lines[0]).toEqual({ n: 30, orders: 30 });
    const charged = rowsOf<{ n: number }>(await a.db.execute(sql`
      select count(*)::int as n from work_orders w join invoices i on i.organization_id = w.organization_id and i.id = w.charged_invoice_id
      where w.organization_id = ${org} and i.house_id = w.house_id`));
    expect(charged[0].n).toBe(30);
  });
});

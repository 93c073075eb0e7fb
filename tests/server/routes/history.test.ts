// GET /api/v1/{resource}/{id}/history: a money record's audit trail as a client reads it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceByName } from '../../../resources/index.js';
import { buildTestApp, registeredBrowser, type Browser, type TestApp } from '../helpers.js';
import { memberWith } from '../members.js';
import { createSample } from '../crud/samples.js';
import { issue, ledger, pay } from '../domain/payments/fixtures.js';

let t: TestApp;
beforeAll(async () => { t = await buildTestApp(); });
afterAll(() => t.close());

interface Entry { action: string; at: string; reason: string | null; user: { id: string; name: string } | null; changes: Array<{ field: string; old: unknown; new: unknown }>; details: Record<string, unknown> | null }
interface History { entries: Entry[]; references: Record<string, string> }

async function history(browser: Browser, resource: string, id: string): Promise<History> {
  const res = await browser.get(`/api/v1/${resource}/${id}/history`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A member of the organisation with a role of just these permissions. */
describe('a record\'s history', () => {
  it('says who changed a lease, when, and each field from what to what, newest first', async () => {
    const { browser, user } = await registeredBrowser(t.app, { org: 'History Leases Co' });
    const lease = await createSample(browser, resourceByName('leases')!, user.id, new Map(), { status: 'draft', rent: '15000.00', deposit: null, charges: [] });
    expect((await browser.put(`/api/v1/leases/${lease.id}`, { ...lease, rent: '16500.00', deposit: '33000.00' })).statusCode).toBe(200);
    const h = await history(browser, 'leases', String(lease.id));
    expect(h.entries.map((e) => e.action)).toEqual(['update', 'create']);
    const [update, create] = h.entries;
    expect(update.user).toEqual({ id: user.id, name: 'Achieng Otieno' });
    expect(Date.parse(update.at)).toBeGreaterThanOrEqual(Date.parse(create.at));
    expect(update.changes).toEqual([
      { field: 'rent', old: '15000.00', new: '16500.00' },
      { field: 'deposit', old: null, new: '33000.00' },
    ]);
    // a create lists what the record was given; references come with their titles
    expect(create.changes).toEqual(expect.arrayContaining([{ field: 'rent', old: null, new: '15000.00' }, { field: 'tenant_id', old: null, new: lease.tenant_id }]));
    expect(create.changes.some((c) => c.field === 'deposit')).toBe(false);
    expect(h.references[String(lease.tenant_id)]).toBeTruthy();

    // lifecycle actions: who activated it and how its status moved
    t.clock.today = '2026-01-10';
    expect((await browser.post(`/api/v1/leases/${lease.id}/activate`)).statusCode).toBe(200);
    t.clock.today = null;
    const after = await history(browser, 'leases', String(lease.id));
    expect(after.entries[0]).toMatchObject({
      action: 'activate', user: { name: 'Achieng Otieno' },
      changes: [{ field: 'status', old: 'draft', new: 'active' }, { field: 'activated_on', old: null, new: '2026-01-10' }],
    });
    // an action reports the fields it is about, a kept move-out date included
    expect((await browser.post(`/api/v1/leases/${lease.id}/notice`, { notice_date: '2026-02-01', move_out_date: '2026-03-31' })).statusCode).toBe(200);
    expect((await browser.post(`/api/v1/leases/${lease.id}/end`, {})).statusCode).toBe(200);
    const ended = await history(browser, 'leases', String(lease.id));
    expect(ended.entries.map((e) => e.action).slice(0, 2)).toEqual(['end', 'notice']);
    expect(ended.entries[0].changes).toEqual([{ field: 'status', old: 'notice', new: 'ended' }, { field: 'move_out_date', old: '2026-03-31', new: '2026-03-31' }]);
    expect(ended.entries[0].details).toMatchObject({ deposit_settlement: { refundable: expect.any(String) } });
  });

  it('shows on an invoice the payment that paid it, with the receipt number, and on the payment the invoices it paid', async () => {
    const l = await ledger(t.app, 'History Invoices Co');
    const a = await issue(l, { due: '2026-01-05', amounts: ['5000.00'] });
    const p = await pay(l, '3000.00');
    const inv = await history(l.browser, 'invoices', a.id);
    expect(inv.entries.map((e) => e.action)).toEqual(['allocate', 'issue']);
    expect(inv.entries[0]).toMatchObject({
      changes: [{ field: 'paid', old: '0.00', new: '3000.00' }, { field: 'balance', old: '5000.00', new: '2000.00' }, { field: 'status', old: 'issued', new: 'partially_paid' }],
      details: { payment_id: p.id, amount: '3000.00' },
    });
    expect(inv.references[p.id]).toBe('RCT-000001');
    expect(inv.entries[1].changes).toEqual(expect.arrayContaining([{ field: 'number', old: null, new: a.number }, { field: 'total', old: null, new: '5000.00' }]));
    expect(inv.references[String(l.lease.id)]).toMatch(/·/);

    const pmt = await history(l.browser, 'payments', p.id);
    expect(pmt.entries.map((e) => e.action)).toEqual(['allocate', 'create']);
    expect(pmt.entries[0].changes).toEqual(expect.arrayContaining([{ field: 'allocations', old: null, new: [{ invoice_id: a.id, amount: '3000.00' }] }]));
    expect(pmt.references[a.id]).toBe(a.number);

    expect((await l.browser.post(`/api/v1/payments/${p.id}/reverse`, { reason: 'Bounced' })).statusCode).toBe(200);
    const reversed = await history(l.browser, 'invoices', a.id);
    expect(reversed.entries[0]).toMatchObject({ action: 'reverse', reason: 'Bounced', details: { payment_id: p.id, amount: '-3000.00' } });
  });

  it('answers for expenses and incomes: created, edited, approved', async () => {
    const { browser, user } = await registeredBrowser(t.app, { org: 'History Expenses Co' });
    const settings = (await browser.get('/api/v1/settings')).json() as object;
    await browser.put('/api/v1/settings', { ...settings, expense_approval_threshold: '10000.00' });
    const cache = new Map<string, string>();
    const expense = await createSample(browser, resourceByName('expenses')!, user.id, cache, { amount: '12000.00' });
    await browser.put(`/api/v1/expenses/${expense.id}`, { ...expense, amount: '12500.00' });
    await browser.post(`/api/v1/expenses/${expense.id}/approve`);
    const h = await history(browser, 'expenses', String(expense.id));
    expect(h.entries.map((e) => e.action)).toEqual(['approve', 'update', 'create']);
    expect(h.entries[0].changes).toEqual([{ field: 'status', old: 'pending', new: 'approved' }]);
    expect(h.entries[1].changes).toEqual([{ field: 'amount', old: '12000.00', new: '12500.00' }]);
    expect(h.references[String(expense.property_id)]).toBeTruthy();

    const income = await createSample(browser, resourceByName('incomes')!, user.id, cache, { amount: '800.00' });
    expect((await history(browser, 'incomes', String(income.id))).entries.map((e) => e.action)).toEqual(['create']);
  });

  it('is another organisation\'s 404, forged X-Tenant-Id included; 403 without a permission on the record', async () => {
    const l = await ledger(t.app, 'History Victim Co');
    const a = await issue(l, { due: '2026-01-05', amounts: ['100.00'] });
    const p = await pay(l, '50.00');
    const intruder = await registeredBrowser(t.app, { org: 'History Intruder Co' });
    const urls = [`/api/v1/leases/${l.lease.id}/history`, `/api/v1/invoices/${a.id}/history`, `/api/v1/payments/${p.id}/history`];
    for (const url of urls) {
      expect((await intruder.browser.get(url)).statusCode, url).toBe(404);
      expect((await intruder.browser.get(url, { 'x-tenant-id': l.orgId })).statusCode, url).toBe(404);
    }
    expect((await l.browser.get('/api/v1/invoices/01NOSUCHINVOICE00000000000/history')).statusCode).toBe(404);
    // every area has a history now: a tenant of another organisation is still 404
    expect((await intruder.browser.get(`/api/v1/tenants/${l.lease.tenant_id}/history`)).statusCode).toBe(404);

    const clerk = (await memberWith(t.app, l.browser, l.orgId, ['list.tenant'])).browser;
    expect((await clerk.get(`/api/v1/invoices/${a.id}/history`)).statusCode).toBe(403);
    const viewer = (await memberWith(t.app, l.browser, l.orgId, ['show.invoice'])).browser;
    expect((await viewer.get(`/api/v1/invoices/${a.id}/history`)).statusCode).toBe(200);
    expect((await viewer.get(`/api/v1/payments/${p.id}/history`)).statusCode).toBe(403);
  });

  it('is described in the API reference', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const r of ['leases', 'invoices', 'payments', 'expenses', 'incomes']) {
      const op = doc.paths[`/api/v1/${r}/{id}/history`]?.get;
      expect(op, r).toBeTruthy();
      expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '404']));
    }
  });
});

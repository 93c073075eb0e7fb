// product.md 4.9: every change to leases, invoices, payments, allocations, expenses and incomes is
// in the audit log (who, when, before, after), written in the same transaction as the change.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceByName } from '../../../resources/index.js';
import { rowsOf } from '../../../src/server/db/client.js';
import { buildTestApp, registeredBrowser, type TestApp } from '../helpers.js';
import { createSample } from '../crud/samples.js';
import { invoice, issue, ledger, pay } from './payments/fixtures.js';

let t: TestApp;
beforeAll(async () => { t = await buildTestApp(); });
afterAll(() => t.close());

type Row = { action: string; user_id: string | null; before: Record<string, unknown> | null; after: Record<string, unknown> | null; reason: string | null; at: Date | string };

async function audit(resource: string, recordId: string): Promise<Row[]> {
  return rowsOf<Row>(await t.database.db.execute(sql`
    select action, user_id, before, after, reason, at from audit_log where resource = ${resource} and record_id = ${recordId} order by at, id`));
}

async function countFor(orgId: string): Promise<number> {
  const [r] = rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from audit_log where organization_id = ${orgId}`));
  return Number(r.n);
}

const LINE = (rate: string, description = 'Rent') => ({ kind: 'rent', description, quantity: '1', rate });

describe('the audit log', () => {
  it('records a lease created and edited through the form: who, before and after', async () => {
    const { browser, user } = await registeredBrowser(t.app, { org: 'Audit Leases Co' });
    const lease = await createSample(browser, resourceByName('leases')!, user.id, new Map(), { status: 'draft', rent: '15000.00', charges: [] });
    const edited = await browser.put(`/api/v1/leases/${lease.id}`, { ...lease, rent: '16500.00', deposit: '33000.00' });
    expect(edited.statusCode, edited.body).toBe(200);
    // saving it unchanged writes nothing
    expect((await browser.put(`/api/v1/leases/${lease.id}`, edited.json())).statusCode).toBe(200);

    const rows = await audit('leases', String(lease.id));
    expect(rows.map((r) => r.action)).toEqual(['create', 'update']);
    expect(rows[0]).toMatchObject({ user_id: user.id, before: null, after: { rent: '15000.00', status: 'draft', tenant_id: lease.tenant_id } });
    expect(rows[1]).toMatchObject({ user_id: user.id, before: { rent: '15000.00' }, after: { rent: '16500.00', deposit: '33000.00' } });
    // when: the database's clock, in order
    const when = rows.map((r) => new Date(r.at).getTime());
    expect(when.every((w) => Number.isFinite(w))).toBe(true);
    expect(when[1]).toBeGreaterThanOrEqual(when[0]);

    // a draft lease deleted: its last row keeps what it was
    expect((await browser.delete(`/api/v1/leases/${lease.id}`)).statusCode).toBe(200);
    const last = (await audit('leases', String(lease.id))).at(-1)!;
    expect(last).toMatchObject({ action: 'delete', user_id: user.id, before: { rent: '16500.00' }, after: null });
  });

  it('records a draft invoice, its edit, and issuing it by hand: the number taken, then the credit it spent, on the invoice and the payment', async () => {
    const l = await ledger(t.app, 'Audit Invoices Co');
    const credit = await pay(l, '3000.00');
    const created = await l.browser.post('/api/v1/invoices', {
      lease_id: l.lease.id, period_start: '2026-03-01', period_end: '2026-03-31', issue_date: '2026-03-01', due_date: '2026-03-05', status: 'draft', lines: [LINE('2500.00')],
    });
    expect(created.statusCode, created.body).toBe(201);
    const draft = created.json();
    const edited = await l.browser.put(`/api/v1/invoices/${draft.id}`, { ...draft, lines: [LINE('2000.00'), LINE('500.50', 'Water')] });
    expect(edited.statusCode, edited.body).toBe(200);
    const issued = await l.browser.put(`/api/v1/invoices/${draft.id}`, { ...(edited.json() as object), status: 'issued' });
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.json()).toMatchObject({ number: 'INV-000001', status: 'paid', paid: '2500.50' });

    const rows = await audit('invoices', draft.id);
    expect(rows.map((r) => r.action)).toEqual(['create', 'update', 'issue', 'allocate']);
    expect(rows.every((r) => r.user_id === l.userId)).toBe(true);
    expect(rows[0].after).toMatchObject({ status: 'draft', number: null, total: '2500.00' });
    expect(rows[1].before).toMatchObject({ total: '2500.00' });
    expect(rows[1].after).toMatchObject({ total: '2500.50', lines: [expect.objectContaining({ rate: '2000.00' }), expect.objectContaining({ description: 'Water', amount: '500.50' })] });
    expect(rows[2]).toMatchObject({ before: { status: 'draft', number: null }, after: { status: 'issued', number: 'INV-000001', paid: '0.00', balance: '2500.50' } });
    expect(rows[3]).toMatchObject({
      before: { paid: '0.00', balance: '2500.50', status: 'issued' },
      after: { paid: '2500.50', balance: '0.00', status: 'paid', payment_id: credit.id, amount: '2500.50' },
    });
    const paymentRows = await audit('payments', credit.id);
    expect(paymentRows.map((r) => r.action)).toEqual(['create', 'allocate']);
    expect(paymentRows[1].after).toMatchObject({ allocations: [{ invoice_id: draft.id, amount: '2500.50' }], unallocated: '499.50' });

    // a draft deleted is audited too
    const other = (await l.browser.post('/api/v1/invoices', {
      lease_id: l.lease.id, period_start: '2026-04-01', period_end: '2026-04-30', issue_date: '2026-04-01', due_date: '2026-04-05', status: 'draft', lines: [LINE('100.00')],
    })).json();
    expect((await l.browser.delete(`/api/v1/invoices/${other.id}`)).statusCode).toBe(200);
    expect((await audit('invoices', other.id)).map((r) => r.action)).toEqual(['create', 'delete']);
  });

  it('writes a row on every invoice an allocation pays, and on every invoice a reversal restores', async () => {
    const l = await ledger(t.app, 'Audit Allocation Co');
    const a = await issue(l, { due: '2026-01-05', amounts: ['5000.00'] });
    const b = await issue(l, { due: '2026-02-05', amounts: ['5000.00'] });
    const p = await pay(l, '7000.00');
    const onA = (await audit('invoices', a.id)).filter((r) => r.action === 'allocate');
    const onB = (await audit('invoices', b.id)).filter((r) => r.action === 'allocate');
    expect(onA).toEqual([expect.objectContaining({ user_id: l.userId, before: { paid: '0.00', balance: '5000.00', status: 'issued' }, after: expect.objectContaining({ paid: '5000.00', status: 'paid', payment_id: p.id, amount: '5000.00' }) })]);
    expect(onB[0].after).toMatchObject({ paid: '2000.00', balance: '3000.00', status: 'partially_paid', amount: '2000.00' });

    expect((await l.browser.post(`/api/v1/payments/${p.id}/reverse`, { reason: 'Cheque bounced' })).statusCode).toBe(200);
    const back = (await audit('invoices', b.id)).at(-1)!;
    expect(back).toMatchObject({ action: 'reverse', reason: 'Cheque bounced', user_id: l.userId, after: { paid: '0.00', status: 'issued', payment_id: p.id, amount: '-2000.00' } });

    // moving money by hand: the invoice it leaves and the one it reaches each get their row
    const q = await pay(l, '5000.00');
    expect(q.allocations).toEqual([expect.objectContaining({ invoice_id: a.id === q.allocations[0].invoice_id ? a.id : b.id })]);
    const moved = await l.browser.post(`/api/v1/payments/${q.id}/allocate`, { allocations: [{ invoice_id: b.id, amount: '1000.00' }] });
    expect(moved.statusCode, moved.body).toBe(200);
    const left = (await audit('invoices', q.allocations[0].invoice_id)).at(-1)!;
    expect(left).toMatchObject({ action: 'reallocate', after: { payment_id: q.id, amount: '-5000.00' } });
    expect((await audit('invoices', b.id)).at(-1)).toMatchObject({ action: 'reallocate', after: { payment_id: q.id, amount: '1000.00', paid: '1000.00' } });
  });

  it('records expenses and incomes created, edited and approved, with the user', async () => {
    const { browser, user } = await registeredBrowser(t.app, { org: 'Audit Expenses Co' });
    const settings = (await browser.get('/api/v1/settings')).json() as object;
    expect((await browser.put('/api/v1/settings', { ...settings, expense_approval_threshold: '10000.00' })).statusCode).toBe(200);
    const cache = new Map<string, string>();
    // above the threshold: saved as pending whatever the form asked
    const expense = await createSample(browser, resourceByName('expenses')!, user.id, cache, { amount: '15000.00', status: 'approved' });
    expect(expense.status).toBe('pending');
    const edited = await browser.put(`/api/v1/expenses/${expense.id}`, { ...expense, amount: '14000.00', payee: 'Maji Plumbers' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await browser.post(`/api/v1/expenses/${expense.id}/approve`)).statusCode).toBe(200);
    const rows = await audit('expenses', String(expense.id));
    expect(rows.map((r) => [r.action, r.user_id])).toEqual([['create', user.id], ['update', user.id], ['approve', user.id]]);
    expect(rows[0].after).toMatchObject({ amount: '15000.00', status: 'pending' });
    expect(rows[1]).toMatchObject({ before: { amount: '15000.00' }, after: { amount: '14000.00', payee: 'Maji Plumbers' } });
    expect(rows[2]).toMatchObject({ before: { status: 'pending', amount: '14000.00', date: expense.date }, after: { status: 'approved' } });

    // approved for 14,000: raised to 16,000 it needs approving again; asking for paid meanwhile is refused
    const approved = (await browser.get(`/api/v1/expenses/${expense.id}`)).json() as Record<string, unknown>;
    const raised = await browser.put(`/api/v1/expenses/${expense.id}`, { ...approved, amount: '16000.00' });
    expect(raised.statusCode, raised.body).toBe(200);
    expect(raised.json()).toMatchObject({ amount: '16000.00', status: 'pending' });
    const paid = await browser.put(`/api/v1/expenses/${expense.id}`, { ...(raised.json() as object), status: 'paid' });
    expect(paid.statusCode).toBe(422);
    expect(paid.json().errors.status[0]).toMatch(/approve/);
    expect((await audit('expenses', String(expense.id))).at(-1)).toMatchObject({ action: 'update', before: { status: 'approved', amount: '14000.00' }, after: { status: 'pending', amount: '16000.00' } });

    const income = await createSample(browser, resourceByName('incomes')!, user.id, cache, { amount: '2500.00' });
    expect((await browser.put(`/api/v1/incomes/${income.id}`, { ...income, amount: '2750.25' })).statusCode).toBe(200);
    const incomeRows = await audit('incomes', String(income.id));
    expect(incomeRows.map((r) => r.action)).toEqual(['create', 'update']);
    expect(incomeRows[1]).toMatchObject({ user_id: user.id, before: { amount: '2500.00' }, after: { amount: '2750.25' } });
  });

  it('a refused request leaves no audit row, even one it had written before it failed', async () => {
    const l = await ledger(t.app, 'Audit Rollback Co');
    const a = await issue(l, { due: '2026-01-05', amounts: ['5000.00'] });
    const b = await issue(l, { due: '2026-02-05', amounts: ['5000.00'] });
    const p = await pay(l, '7000.00');
    const before = await countFor(l.orgId);
    // undoing p's allocations writes invoice rows; then 6,000 on b is more than its balance: 422
    const refused = await l.browser.post(`/api/v1/payments/${p.id}/allocate`, { allocations: [{ invoice_id: b.id, amount: '6000.00' }] });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(await countFor(l.orgId)).toBe(before);
    expect(await invoice(l, a.id)).toMatchObject({ paid: '5000.00', status: 'paid' });
    expect(await invoice(l, b.id)).toMatchObject({ paid: '2000.00', status: 'partially_paid' });
    // the status of a lease changes only through its actions: 409, nothing written
    expect((await l.browser.put(`/api/v1/leases/${l.lease.id}`, { ...l.lease, status: 'ended' })).statusCode).toBe(409);
    expect(await countFor(l.orgId)).toBe(before);
  });
});

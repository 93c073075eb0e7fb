import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceByName } from '../../../resources/index.js';
import { buildTestApp, registeredBrowser, type TestApp } from '../helpers.js';
import { createSample } from '../crud/samples.js';
import { invoice, issue, ledger, pay } from './payments/fixtures.js';

let t: TestApp;
beforeAll(async () => { t = await buildTestApp(); });
afterAll(() => t.close());

describe('invoices through the form', () => {
  it('follow their lease, total their lines, take a gapless number when issued, and are frozen after', async () => {
    const { browser, user } = await registeredBrowser(t.app, { org: 'Invoice Co' });
    const cache = new Map<string, string>();
    const lease = await createSample(browser, resourceByName('leases')!, user.id, cache);
    const base = { lease_id: lease.id, period_start: '2026-11-01', period_end: '2026-11-30', issue_date: '2026-11-01', due_date: '2026-11-05' };
    const lines = [
      { kind: 'rent', description: 'Rent November', quantity: '1', rate: '25000.00' },
      { kind: 'charge', description: 'Water 12.5 units', quantity: '12.5', rate: '120.33' },
    ];
    const draft = await browser.post('/api/v1/invoices', { ...base, lines, total: '1.00', number: 'FORGED' });
    expect(draft.statusCode, draft.body).toBe(201);
    expect(draft.json()).toMatchObject({ status: 'draft', number: null, tenant_id: lease.tenant_id, house_id: lease.house_id, total: '26504.13', balance: '26504.13' });
    expect(draft.json().lines.map((l: { amount: string }) => l.amount)).toEqual(['25000.00', '1504.13']);

    const issued = await browser.put(`/api/v1/invoices/${draft.json().id}`, { ...(draft.json() as object), status: 'issued' });
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.json().number).toBe('INV-000001');
    const second = await browser.post('/api/v1/invoices', { ...base, period_start: '2026-12-01', period_end: '2026-12-31', status: 'issued', lines });
    expect(second.json().number).toBe('INV-000002');
    // a failed issue does not burn a number
    const empty = await browser.post('/api/v1/invoices', { ...base, period_start: '2027-01-01', period_end: '2027-01-31', status: 'issued', lines: [] });
    expect(empty.statusCode).toBe(422);
    const third = await browser.post('/api/v1/invoices', { ...base, period_start: '2027-02-01', period_end: '2027-02-28', status: 'issued', lines });
    expect(third.json().number).toBe('INV-000003');

    const edit = await browser.put(`/api/v1/invoices/${issued.json().id}`, { ...(issued.json() as object), due_date: '2026-11-10' });
    expect(edit.statusCode).toBe(409);
    expect((await browser.delete(`/api/v1/invoices/${issued.json().id}`)).statusCode).toBe(409);
    const paid = await browser.post('/api/v1/invoices', { ...base, period_start: '2027-03-01', period_end: '2027-03-31', status: 'paid', lines });
    expect(paid.statusCode).toBe(422);
    const dup = await browser.post('/api/v1/invoices', { ...base, lines });
    expect(dup.statusCode).toBe(422);
    expect(JSON.stringify(dup.json().errors)).toContain('already billed for this period');
  });

  it('numbers are per organisation', async () => {
    const { browser, user } = await registeredBrowser(t.app, { org: 'Other Invoice Co' });
    const lease = await createSample(browser, resourceByName('leases')!, user.id, new Map());
    const res = await browser.post('/api/v1/invoices', { lease_id: lease.id, period_start: '2026-11-01', period_end: '2026-11-30', issue_date: '2026-11-01', due_date: '2026-11-05', status: 'issued', lines: [{ description: 'Rent', quantity: '1', rate: '100' }] });
    expect(res.json().number).toBe('INV-000001');
  });
});

describe('a line that would lower what the tenant owes', () => {
  it('is refused on the line (422), issued or draft, and the tenant\'s balance does not move', async () => {
    const { browser, user } = await registeredBrowser(t.app, { org: 'Negative Line Co' });
    const lease = await createSample(browser, resourceByName('leases')!, user.id, new Map());
    const balance = async () => (await browser.get(`/api/v1/tenants/${lease.tenant_id}/balance`)).json();
    const before = await balance();
    const base = { lease_id: lease.id, period_start: '2026-11-01', period_end: '2026-11-30', issue_date: '2026-11-01', due_date: '2026-11-05' };
    const lines = [
      { kind: 'rent', description: 'Rent November', quantity: '1', rate: '25000.00' },
      { kind: 'adjustment', description: 'Goodwill', quantity: '1', rate: '-30000.00' },
    ];
    for (const status of ['issued', 'draft']) {
      const res = await browser.post('/api/v1/invoices', { ...base, status, lines });
      expect(res.statusCode, res.body).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['lines.1.rate']);
      expect(res.json().errors['lines.1.rate'][0]).toMatch(/cannot be negative/);
    }
    // a negative quantity is refused too (quantity is at least 0)
    const qty = await browser.post('/api/v1/invoices', { ...base, status: 'issued', lines: [{ ...lines[0], quantity: '-1' }] });
    expect(qty.statusCode).toBe(422);
    expect((await browser.get(`/api/v1/invoices?filter=${encodeURIComponent(JSON.stringify({ lease_id: lease.id }))}`)).json()).toEqual([]);
    expect(await balance()).toEqual(before);
    // a zero-rate line (a free month written down) is still fine
    const free = await browser.post('/api/v1/invoices', { ...base, status: 'issued', lines: [{ ...lines[0], rate: '0' }] });
    expect(free.statusCode, free.body).toBe(201);
  });
});

describe('an invoice issued by hand (POST /invoices)', () => {
  it('is paid from the tenant\'s credit on account in the same request, as billing-run invoices are', async () => {
    const l = await ledger(t.app, 'Hand Credit Co');
    const p = await pay(l, '3000.00');
    expect(p).toMatchObject({ unallocated: '3000.00', allocations: [] });
    // issued on create: the credit pays it whole, the rest stays on account
    const first = await issue(l, { due: '2026-04-05', amounts: ['2500.00'] });
    expect(first).toMatchObject({ status: 'paid', paid: '2500.00', balance: '0.00' });
    expect((await l.browser.get(`/api/v1/payments/${p.id}`)).json()).toMatchObject({ unallocated: '500.00' });
    // the rest pays part of the next one
    const second = await issue(l, { due: '2026-05-05', amounts: ['2000.00'] });
    expect(second).toMatchObject({ status: 'partially_paid', paid: '500.00', balance: '1500.00' });
    expect((await l.browser.get(`/api/v1/payments/${p.id}`)).json()).toMatchObject({ unallocated: '0.00' });
    const allocations = (await l.browser.get(`/api/v1/payments/${p.id}`)).json().allocations as Array<{ invoice_id: string; amount: string }>;
    expect(allocations.map((a) => [a.invoice_id, a.amount])).toEqual([[first.id, '2500.00'], [second.id, '500.00']]);
  });

  it('a draft takes no credit; issuing it (PUT) does', async () => {
    const l = await ledger(t.app, 'Draft Credit Co');
    await pay(l, '1000.00');
    const base = { lease_id: l.lease.id, period_start: '2026-06-01', period_end: '2026-06-30', issue_date: '2026-06-01', due_date: '2026-06-05' };
    const draft = await l.browser.post('/api/v1/invoices', { ...base, lines: [{ kind: 'rent', description: 'Rent June', quantity: '1', rate: '4000.00' }] });
    expect(draft.statusCode, draft.body).toBe(201);
    expect(draft.json()).toMatchObject({ status: 'draft', paid: '0.00', balance: '4000.00' });
    const issued = await l.browser.put(`/api/v1/invoices/${draft.json().id}`, { ...(draft.json() as object), status: 'issued' });
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.json()).toMatchObject({ status: 'partially_paid', paid: '1000.00', balance: '3000.00' });
    expect(await invoice(l, draft.json().id)).toMatchObject({ status: 'partially_paid', balance: '3000.00' });
  });
});

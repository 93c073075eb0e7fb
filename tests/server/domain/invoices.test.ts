import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceByName } from '../../../resources/index.js';
import { buildTestApp, registeredBrowser, type TestApp } from '../helpers.js';
import { createSample } from '../crud/samples.js';

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

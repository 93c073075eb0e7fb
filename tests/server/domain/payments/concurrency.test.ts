import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, onPostgres, type TestApp } from '../../helpers.js';
import { issue, ledger } from './fixtures.js';

let t: TestApp;
beforeAll(async () => { t = await buildTestApp(); });
afterAll(() => t.close());

// PGlite is one connection: requests queue in one process, so nothing would race. The lock
// order (tenant, then invoices in id order) is proved where transactions really overlap.
describe.skipIf(!onPostgres())('concurrent payments (PostgreSQL only: needs separate connections)', () => {
  it('50 payments for one tenant at once leave exactly the right allocations', async () => {
    const l = await ledger(t.app, 'Race Co');
    const invoices = [];
    for (let i = 0; i < 10; i++) invoices.push(await issue(l, { due: `2026-01-${String(i + 1).padStart(2, '0')}`, amounts: ['1000.00'] }));
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => l.browser.post('/api/v1/payments', {
      tenant_id: l.lease.tenant_id, channel_id: l.channelId, method: 'mpesa', external_reference: `RACE${i}`,
      amount: '250.00', paid_at: '2026-01-15T09:00:00.000Z',
    })));
    expect(results.map((r) => r.statusCode)).toEqual(Array(50).fill(201));
    const receipts = results.map((r) => r.json().receipt_number as string).sort();
    expect(receipts).toEqual(Array.from({ length: 50 }, (_, i) => `RCT-${String(i + 1).padStart(6, '0')}`));
    const byInvoice = new Map<string, bigint>();
    let unallocated = 0n;
    for (const r of results) {
      const p = (await l.browser.get(`/api/v1/payments/${r.json().id}`)).json();
      let allocated = 0n;
      for (const a of p.allocations as Array<{ invoice_id: string; amount: string }>) {
        const c = BigInt(a.amount.replace('.', ''));
        allocated += c;
        byInvoice.set(a.invoice_id, (byInvoice.get(a.invoice_id) ?? 0n) + c);
      }
      unallocated += BigInt(String(p.unallocated).replace('.', ''));
      expect(allocated + BigInt(String(p.unallocated).replace('.', ''))).toBe(25000n);
    }
    for (const inv of invoices) {
      expect(byInvoice.get(inv.id)).toBe(100000n);
      expect((await l.browser.get(`/api/v1/invoices/${inv.id}`)).json()).toMatchObject({ paid: '1000.00', balance: '0.00', status: 'paid' });
    }
    expect(unallocated).toBe(250000n);
  }, 120_000);

  // Recording takes a receipt number (a row lock that queues writers of one organisation), so
  // this one races the allocation itself: 50 unmatched payments assigned to one tenant at once.
  it('50 assignments at once never pay an invoice beyond its total', async () => {
    const l = await ledger(t.app, 'Assign Race Co');
    const invoices = [];
    for (let i = 0; i < 7; i++) invoices.push(await issue(l, { due: `2026-02-${String(i + 1).padStart(2, '0')}`, amounts: ['333.33'] }));
    const ids: string[] = [];
    for (let i = 0; i < 50; i++) {
      const r = await l.browser.post('/api/v1/payments', { channel_id: l.channelId, method: 'mpesa', external_reference: `ARACE${i}`, amount: '47.11', paid_at: '2026-02-15T09:00:00.000Z' });
      ids.push(r.json().id);
    }
    const results = await Promise.all(ids.map((id) => l.browser.post(`/api/v1/payments/${id}/assign`, { tenant_id: l.lease.tenant_id })));
    expect(results.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    let allocated = 0n;
    for (const inv of invoices) {
      const got = (await l.browser.get(`/api/v1/invoices/${inv.id}`)).json();
      expect(got).toMatchObject({ paid: '333.33', status: 'paid' });
      allocated += 33333n;
    }
    let credit = 0n;
    for (const r of results) credit += BigInt(String(r.json().unallocated).replace('.', ''));
    expect(allocated + credit).toBe(50n * 4711n);
  }, 120_000);
});

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allocationOrder, planAllocation, type AllocationOrder, type Payable } from '../../../../src/server/domain/payments/allocation-order.js';
import { buildTestApp, registeredBrowser, type TestApp } from '../../helpers.js';
import { charge, invoice, issue, ledger, pay } from './fixtures.js';

const day = fc.integer({ min: 0, max: 60 }).map((n) => new Date(Date.UTC(2026, 0, 1 + n)).toISOString().slice(0, 10));
const invoiceArb = fc.record({
  due_date: day, issue_date: day, priority: fc.constantFrom(0, 10, 50, 100, 1000),
  balance: fc.bigInt({ min: 0n, max: 5_000_000n }),
});
const openArb = fc.array(invoiceArb, { maxLength: 12 }).map((list) => list.map((x, i): Payable => ({ ...x, id: `inv-${String(i).padStart(2, '0')}` })));
const orderArb = fc.constantFrom<AllocationOrder>('oldest_due_first', 'charge_priority_first');

describe('allocation order (pure, property-based)', () => {
  it('each order sorts as documented; the chosen invoice comes first; nothing is paid beyond the payment or an invoice', () => {
    fc.assert(fc.property(openArb, orderArb, fc.bigInt({ min: 0n, max: 30_000_000n }), fc.option(fc.nat(14)), (open, order, amount, pick) => {
      const chosen = pick === null ? null : `inv-${String(pick).padStart(2, '0')}`;
      const ordered = allocationOrder(open, order, chosen);
      expect(ordered.map((x) => x.id).sort()).toEqual(open.map((x) => x.id).sort());
      const present = open.some((x) => x.id === chosen);
      if (present) expect(ordered[0].id).toBe(chosen);
      const rest = present ? ordered.slice(1) : ordered;
      for (let i = 1; i < rest.length; i++) {
        const [a, b] = [rest[i - 1], rest[i]];
        const key = (x: Payable) => (order === 'oldest_due_first' ? [x.due_date, x.priority] : [x.priority, x.due_date]);
        const [a1, a2] = key(a);
        const [b1, b2] = key(b);
        // never out of order on the first key, nor on the second among equals on the first
        expect(a1 <= b1).toBe(true);
        if (a1 === b1) expect(a2 <= b2).toBe(true);
      }

      const plan = planAllocation(ordered, amount);
      const paid = plan.allocations.reduce((s, x) => s + x.amount, 0n);
      const owed = open.reduce((s, x) => s + x.balance, 0n);
      expect(paid + plan.remaining).toBe(amount);
      expect(paid <= amount).toBe(true);
      expect(paid).toBe(amount < owed ? amount : owed);
      for (const a of plan.allocations) {
        expect(a.amount > 0n).toBe(true);
        expect(a.amount <= open.find((x) => x.id === a.invoice_id)!.balance).toBe(true);
      }
      // it pays in order: every invoice before the last one it touched is paid in full
      const touched = plan.allocations.map((x) => x.invoice_id);
      const payable = ordered.filter((x) => x.balance > 0n).map((x) => x.id);
      expect(touched).toEqual(payable.slice(0, touched.length));
      plan.allocations.slice(0, -1).forEach((a) => expect(a.amount).toBe(open.find((x) => x.id === a.invoice_id)!.balance));
    }), { numRuns: 400 });
  });
});

let t: TestApp;
beforeAll(async () => { t = await buildTestApp(); });
afterAll(() => t.close());

async function setOrder(l: Awaited<ReturnType<typeof ledger>>, order: AllocationOrder) {
  const settings = (await l.browser.get('/api/v1/settings')).json();
  const res = await l.browser.put('/api/v1/settings', { ...settings, allocation_order: order });
  expect(res.statusCode, res.body).toBe(200);
}

describe('the allocation order setting and the tenant\'s chosen invoice, through the API', () => {
  it('oldest_due_first pays the older water invoice before the newer rent one; charge_priority_first pays rent first', async () => {
    for (const [order, first] of [['oldest_due_first', 'water'], ['charge_priority_first', 'rent']] as const) {
      const l = await ledger(t.app, `Order ${order}`);
      await setOrder(l, order);
      const rentCharge = await charge(l, 0, 'rent');
      const waterCharge = await charge(l, 200, 'utility');
      const water = await issue(l, { due: '2026-01-05', amounts: ['1500.00'], chargeIds: [waterCharge] });
      const rent = await issue(l, { due: '2026-02-05', amounts: ['20000.00'], chargeIds: [rentCharge] });
      const p = await pay(l, '20000.00');
      const expected = first === 'water'
        ? [[water.id, '1500.00'], [rent.id, '18500.00']]
        : [[rent.id, '20000.00']];
      expect(p.allocations.map((a) => [a.invoice_id, a.amount]), order).toEqual(expected);
      expect(await invoice(l, first === 'water' ? water.id : rent.id)).toMatchObject({ status: 'paid' });
    }
  });

  it('a payment that names an invoice pays it first; the rest follows the order; a wrong invoice is 422', async () => {
    const l = await ledger(t.app, 'Chosen Invoice Co');
    const old = await issue(l, { due: '2026-01-05', amounts: ['5000.00'] });
    const chosen = await issue(l, { due: '2026-03-05', amounts: ['3000.00'] });
    const mid = await issue(l, { due: '2026-02-05', amounts: ['4000.00'] });
    const p = await pay(l, '9000.00', { invoice_id: chosen.id });
    expect(p.invoice_id).toBe(chosen.id);
    expect(p.allocations.map((a) => [a.invoice_id, a.amount])).toEqual([[chosen.id, '3000.00'], [old.id, '5000.00'], [mid.id, '1000.00']]);

    // without a tenant, the chosen invoice names one
    const q = await l.browser.post('/api/v1/payments', { channel_id: l.channelId, method: 'cash', amount: '100.00', paid_at: '2026-01-10T08:00:00.000Z', invoice_id: mid.id });
    expect(q.statusCode, q.body).toBe(201);
    expect(q.json()).toMatchObject({ tenant_id: l.lease.tenant_id, status: 'allocated', allocations: [expect.objectContaining({ invoice_id: mid.id, amount: '100.00' })] });

    // another tenant's invoice (same organisation) and another organisation's are refused, nothing recorded
    const other = await ledger(t.app, 'Other Tenant Co');
    const theirs = await issue(other, { due: '2026-01-05', amounts: ['100.00'] });
    const before = (await l.browser.get('/api/v1/payments')).json().length;
    const wrong = await l.browser.post('/api/v1/payments', { tenant_id: l.lease.tenant_id, channel_id: l.channelId, method: 'cash', amount: '50.00', paid_at: '2026-01-10T08:00:00.000Z', invoice_id: theirs.id });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toHaveProperty('invoice_id');
    expect((await l.browser.get('/api/v1/payments')).json().length).toBe(before);
    const stranger = await registeredBrowser(t.app, { org: 'Stranger Co' });
    expect((await stranger.browser.get(`/api/v1/payments/${p.id}`)).statusCode).toBe(404);
  });
});

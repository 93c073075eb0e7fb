// product.md 4.4: deposits are never used for rent unless the lease ends. A payment pays the
// deposit of its invoice first; allocation and re-allocation never move deposit money to rent
// while the lease runs; ending the lease applies only what was paid.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inScope } from '../../../../src/server/db/client.js';
import { depositHeld } from '../../../../src/server/domain/billing/deposits.js';
import { buildTestApp, type TestApp } from '../../helpers.js';
import {
  activate, agency, bill, draftLease, endLease, invoicesOf, pay, reverse, statement, type Agency,
} from '../reports/money-fixtures.js';

let t: TestApp;
beforeAll(async () => { t = await buildTestApp(); });
afterAll(() => t.close());

const held = (a: Agency, leaseId: string) => inScope(t.app.db, { tenant: a.orgId }, async (tx) => (await depositHeld(tx, a.orgId, [leaseId])).get(leaseId) ?? 0n);

describe('deposits and allocation', () => {
  it('a payment pays the deposit first; re-allocating deposit money to rent is refused while the lease runs and allowed once it ended', async () => {
    const a = await agency(t, 'Deposit Guard Ltd');
    const lease = await draftLease(a, { start_date: '2026-03-01', rent: '15000.00', deposit: '15000.00' });
    await activate(a, lease.id, String(lease.start_date));
    // 20,000 of March's 30,000: the whole deposit and 5,000 of the rent
    const p = await pay(a, lease.tenant_id, '20000.00', '2026-03-01');
    expect(await held(a, lease.id)).toBe(1500000n);
    await bill(a, '2026-04');
    const [march, april] = await invoicesOf(a, lease.id);
    expect(march).toMatchObject({ total: '30000.00', paid: '20000.00' });
    // the April invoice is not paid from the deposit by the run's credit spending either
    expect(april).toMatchObject({ total: '15000.00', paid: '0.00' });

    // moving 10,000 of it to April would leave the deposit 5,000 short: refused, nothing changed
    const move = await a.browser.post(`/api/v1/payments/${p.id}/allocate`, { allocations: [{ invoice_id: march.id, amount: '10000.00' }, { invoice_id: april.id, amount: '10000.00' }] });
    expect(move.statusCode, move.body).toBe(409);
    expect(move.json().message).toMatch(/deposit/i);
    expect((await invoicesOf(a, lease.id)).map((i) => i.paid)).toEqual(['20000.00', '0.00']);
    // moving only rent money is fine: the deposit stays whole
    const rentOnly = await a.browser.post(`/api/v1/payments/${p.id}/allocate`, { allocations: [{ invoice_id: march.id, amount: '15000.00' }, { invoice_id: april.id, amount: '5000.00' }] });
    expect(rentOnly.statusCode, rentOnly.body).toBe(200);
    expect(await held(a, lease.id)).toBe(1500000n);

    // a reversal takes the deposit back down: the payment is gone, not moved to rent
    const second = await pay(a, lease.tenant_id, '1000.00', '2026-04-02');
    expect((await reverse(a, second.id)).statusCode).toBe(200);
    expect(await held(a, lease.id)).toBe(1500000n);

    // ended without applying it: the deposit is refundable and may now be moved
    const end = await endLease(a, lease.id, { move_out_date: '2026-04-30' });
    expect(end.settlement).toMatchObject({ deposit: '15000.00', applied: '0.00', refundable: '15000.00' });
    const after = await a.browser.post(`/api/v1/payments/${p.id}/allocate`, { allocations: [{ invoice_id: march.id, amount: '10000.00' }, { invoice_id: april.id, amount: '10000.00' }] });
    expect(after.statusCode, after.body).toBe(200);
    expect(await held(a, lease.id)).toBe(1000000n);
  });

  it('ends with the deposit actually held, never the lease’s figure: the statement and the settlement agree', async () => {
    const a = await agency(t, 'Deposit Agree Ltd');
    const lease = await draftLease(a, { start_date: '2026-03-01', rent: '10000.00', deposit: '25000.00' });
    await activate(a, lease.id, String(lease.start_date));
    await pay(a, lease.tenant_id, '12000.00', '2026-03-03');
    const before = await statement(a, lease.tenant_id, '2026-03-01', '2026-03-31');
    expect(before).toMatchObject({ deposit_held: '12000.00', deposit_unpaid: '13000.00', closing_balance: '23000.00' });
    const end = await endLease(a, lease.id, { move_out_date: '2026-03-31', apply_deposit_to_arrears: true });
    // held 12,000 (not 25,000): 13,000 unpaid is cancelled, 10,000 rent paid from the held deposit
    expect(end.settlement).toMatchObject({ deposit: before.deposit_held, unpaid_cancelled: '13000.00', arrears: '10000.00', applied: '10000.00', refundable: '2000.00' });
    const after = await statement(a, lease.tenant_id, '2026-03-01', '2026-03-31');
    expect(after).toMatchObject({ deposit_held: '2000.00', deposit_unpaid: '0.00', closing_balance: '0.00' });
    expect(after.entries.filter((e: { type: string }) => e.type === 'deposit').map((e: { credit: string; description: string }) => [e.description, e.credit]))
      .toEqual([['Unpaid deposit cancelled at move-out', '13000.00'], ['Deposit applied to arrears', '10000.00']]);
    expect(after.deposit_settlements).toEqual([expect.objectContaining({ deposit: '12000.00', unpaid_cancelled: '13000.00', applied: '10000.00', refundable: '2000.00' })]);

    // another organisation cannot end it or read the deposit
    const other = await agency(t, 'Deposit Intruder Ltd');
    expect((await other.browser.post(`/api/v1/leases/${lease.id}/end`, { move_out_date: '2026-03-31' })).statusCode).toBe(404);
    expect(await inScope(t.app.db, { tenant: other.orgId }, async (tx) => (await depositHeld(tx, other.orgId, [lease.id])).size)).toBe(0);
  });
});

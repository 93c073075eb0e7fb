// The move-out settlement as parts that add up, to the cent: deposit paid − applied to arrears +
// unused days credit = refund, the same in the preview (nothing changed), the result, the lease's
// stored settlement and the tenant statement (issue 15: "figures that do not add up").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMoney } from '../../../../src/shared/resource-values.js';
import { buildTestApp, registeredBrowser, type TestApp } from '../../helpers.js';
import { activate, agency, bill, draftLease, invoicesOf, pay, statement, type Agency } from '../reports/money-fixtures.js';

let t: TestApp;
beforeAll(async () => { t = await buildTestApp(); });
afterAll(() => t.close());

const c = (v: unknown) => parseMoney(String(v)) ?? 0n;
type Figures = Record<'deposit' | 'applied' | 'unused_days_credit' | 'refundable' | 'arrears', string>;
const addsUp = (s: Figures) => expect(c(s.deposit) - c(s.applied) + c(s.unused_days_credit)).toBe(c(s.refundable));

async function moveOut(a: Agency, leaseId: string, tenantId: string, body: { move_out_date: string; apply_deposit_to_arrears: boolean }) {
  const before = await invoicesOf(a, leaseId);
  const preview = await a.browser.post(`/api/v1/leases/${leaseId}/end-preview`, body);
  expect(preview.statusCode, preview.body).toBe(200);
  // the preview changed nothing
  expect(await invoicesOf(a, leaseId)).toEqual(before);
  expect((await a.browser.get(`/api/v1/leases/${leaseId}`)).json().status).toBe('active');
  const end = await a.browser.post(`/api/v1/leases/${leaseId}/end`, body);
  expect(end.statusCode, end.body).toBe(200);
  const { applications: _, ...result } = end.json().settlement;
  const { applications: __, ...previewed } = preview.json().settlement;
  expect(previewed).toEqual(result);
  addsUp(result);
  const stored = (await a.browser.get(`/api/v1/leases/${leaseId}/settlement`)).json();
  expect(stored).toMatchObject({ ...result, move_out_date: body.move_out_date });
  const s = await statement(a, tenantId, '2026-03-01', '2026-04-30', leaseId);
  expect(s.deposit_settlements[0]).toMatchObject(result);
  return result as Figures & { unpaid_cancelled: string };
}

describe('move-out settlement', () => {
  it('with arrears: the deposit pays them, the rest is refunded', async () => {
    const a = await agency(t, 'Settle Arrears Ltd');
    const lease = await draftLease(a, { start_date: '2026-03-01', rent: '31000.00', deposit: '32000.00' });
    await activate(a, lease.id, '2026-03-01');
    await pay(a, lease.tenant_id, '63000.00', '2026-03-01');
    await bill(a, '2026-04');
    const s = await moveOut(a, lease.id, lease.tenant_id, { move_out_date: '2026-04-30', apply_deposit_to_arrears: true });
    expect(s).toMatchObject({ deposit: '32000.00', arrears: '31000.00', applied: '31000.00', unused_days_credit: '0.00', refundable: '1000.00' });
  });

  it('with unused days: April paid whole, moved out on the 10th: 20 days come back with the deposit', async () => {
    const a = await agency(t, 'Settle Unused Ltd');
    const lease = await draftLease(a, { start_date: '2026-03-01', rent: '31000.00', deposit: '32000.00' });
    await activate(a, lease.id, '2026-03-01');
    await pay(a, lease.tenant_id, '63000.00', '2026-03-01');
    await bill(a, '2026-04');
    await pay(a, lease.tenant_id, '31000.00', '2026-04-01');
    const s = await moveOut(a, lease.id, lease.tenant_id, { move_out_date: '2026-04-10', apply_deposit_to_arrears: true });
    // 31,000 × 20/30 = 20,666.67 → 20,667
    expect(s).toMatchObject({ deposit: '32000.00', arrears: '0.00', applied: '0.00', unused_days_credit: '20667.00', refundable: '52667.00' });
  });

  it('with both: March owed, April paid whole and left on the 10th', async () => {
    const a = await agency(t, 'Settle Both Ltd');
    const lease = await draftLease(a, { start_date: '2026-03-01', rent: '31000.00', deposit: '32000.00' });
    await activate(a, lease.id, '2026-03-01');
    await pay(a, lease.tenant_id, '42000.00', '2026-03-01');
    await bill(a, '2026-04');
    const april = (await invoicesOf(a, lease.id))[1];
    const p = await pay(a, lease.tenant_id, '31000.00', '2026-04-01');
    const moved = await a.browser.post(`/api/v1/payments/${p.id}/allocate`, { allocations: [{ invoice_id: april.id, amount: '31000.00' }] });
    expect(moved.statusCode, moved.body).toBe(200);
    const s = await moveOut(a, lease.id, lease.tenant_id, { move_out_date: '2026-04-10', apply_deposit_to_arrears: true });
    expect(s).toMatchObject({ deposit: '32000.00', arrears: '21000.00', applied: '21000.00', unused_days_credit: '20667.00', refundable: '31667.00' });

    // another organisation neither previews, ends nor reads it
    const other = await registeredBrowser(t.app, { org: 'Settle Elsewhere Ltd' });
    expect((await other.browser.post(`/api/v1/leases/${lease.id}/end-preview`, { move_out_date: '2026-04-10' })).statusCode).toBe(404);
    expect((await other.browser.get(`/api/v1/leases/${lease.id}/settlement`)).statusCode).toBe(404);
  });
});

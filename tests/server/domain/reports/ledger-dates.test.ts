// Statements and the aging read the ledger by the day each debit and credit was posted: a
// penalty on its date, a waiver on its own, a move-out credit and the deposit applied to arrears on
// the move-out date; money re-allocated or reversed on the day that happens. A statement or an
// aging printed for a closed period never changes later.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers.js';
import {
  activate, agency, aging, bill, c, draftLease, endLease, invoicesOf, pay, postPenalties, propertyStatement, reverse, statement, waive,
} from './money-fixtures.js';

let t: TestApp;
beforeAll(async () => { t = await buildTestApp(); });
afterAll(() => t.close());

type Entry = { date: string; type: string; description: string; debit: string; credit: string; balance: string };
const rows = (s: { entries: Entry[] }) => s.entries.map((e) => [e.date, e.type, e.debit, e.credit, e.balance]);

describe('the tenant statement dates each debit and credit the day it was posted', () => {
  it('penalties on their date, a waiver, the move-out credit and the deposit applied on theirs; March printed in March is March forever', async () => {
    const a = await agency(t, 'Dated Ledger Ltd');
    const lease = await draftLease(a, {
      start_date: '2026-03-01', rent: '20000.00', deposit: '20000.00',
      penalty_type: 'fixed', penalty_amount: '500.00', penalty_frequency: 'daily', penalty_cap: '1500.00',
    });
    const tenant = lease.tenant_id;
    await activate(a, lease.id, String(lease.start_date));
    await pay(a, tenant, '30000.00', '2026-03-02');
    // the scheduler posts each day's penalty on that day: due 5 March, 3 grace days
    for (const d of ['2026-03-09', '2026-03-10', '2026-03-11', '2026-03-31']) await postPenalties(a, d);

    const march = await statement(a, tenant, '2026-03-01', '2026-03-31');
    expect(rows(march)).toEqual([
      ['2026-03-01', 'invoice', '20000.00', '0.00', '20000.00'],
      ['2026-03-01', 'invoice', '20000.00', '0.00', '40000.00'],
      ['2026-03-02', 'payment', '0.00', '30000.00', '10000.00'],
      ['2026-03-09', 'penalty', '500.00', '0.00', '10500.00'],
      ['2026-03-10', 'penalty', '500.00', '0.00', '11000.00'],
      ['2026-03-11', 'penalty', '500.00', '0.00', '11500.00'],
    ]);
    expect(march).toMatchObject({ closing_balance: '11500.00', deposit_held: '20000.00', deposit_unpaid: '0.00', credit_on_account: '0.00', deposit_settlements: [] });
    const agingMarch = await aging(a, '2026-03-31');

    // April: the run bills April, a payment, the 10 March penalty waived on 15 April, the tenant
    // leaves on 15 April and the deposit pays what is owed
    await bill(a, '2026-04');
    const [first] = await invoicesOf(a, lease.id);
    const penalty = first.lines.find((l: { penalty_date: string | null }) => l.penalty_date === '2026-03-10');
    await waive(a, first.id, penalty.id, '2026-04-15');
    await pay(a, tenant, '5000.00', '2026-04-12');
    const end = await endLease(a, lease.id, { move_out_date: '2026-04-15', apply_deposit_to_arrears: true });
    // March 41,500 − 500 waived − 35,000 paid = 6,000; April 20,000 − 10,000 (15 of 30 days) = 10,000
    expect(end.settlement).toMatchObject({ deposit: '20000.00', unpaid_cancelled: '0.00', arrears: '16000.00', applied: '16000.00', refundable: '4000.00' });

    // March, printed again: the same, to the cent; so is the aging as of 31 March
    expect(await statement(a, tenant, '2026-03-01', '2026-03-31')).toEqual(march);
    expect(await aging(a, '2026-03-31')).toEqual(agingMarch);
    const row = agingMarch.rows.find((r: { tenant_id: string }) => r.tenant_id === tenant);
    expect(row).toMatchObject({ d1_30: '11500.00', deposit: '0.00', credit: '0.00', balance: march.closing_balance });

    const april = await statement(a, tenant, '2026-04-01', '2026-04-30');
    expect(april.opening_balance).toBe(march.closing_balance);
    // the deposit applied is a dated credit (it pays the arrears), never a negative debit
    expect(april.entries.map((e: Entry) => [e.date, e.type, e.debit, e.credit])).toEqual([
      ['2026-04-01', 'invoice', '20000.00', '0.00'],
      ['2026-04-12', 'payment', '0.00', '5000.00'],
      ['2026-04-15', 'adjustment', '0.00', '10000.00'],
      ['2026-04-15', 'deposit', '0.00', '6000.00'],
      ['2026-04-15', 'deposit', '0.00', '10000.00'],
      ['2026-04-15', 'waiver', '0.00', '500.00'],
    ]);
    expect(april.entries.find((e: Entry) => e.type === 'waiver').description).toBe('Waived: Late payment penalty 10 Mar 2026 (Paid at the bank before the due date)');
    expect(april.entries.every((e: Entry) => c(e.debit) >= 0n && c(e.credit) >= 0n)).toBe(true);
    expect(april).toMatchObject({ closing_balance: '0.00', deposit_held: '4000.00', deposit_unpaid: '0.00' });
    expect(april.deposit_settlements).toEqual([{
      lease_id: lease.id, house: expect.any(String), move_out_date: '2026-04-15', deposit: '20000.00', unpaid_cancelled: '0.00',
      arrears: '16000.00', applied: '16000.00', unused_days_credit: '0.00', credit_applied: '0.00', refundable: '4000.00',
      deductions: [], deductions_total: '0.00', deducted: '0.00', owed: '0.00', deduction_invoice_id: null, refund: null,
    }]);

    // the day before the move-out: everything posted by then, nothing after; aging = statement
    const before = await statement(a, tenant, '2026-03-01', '2026-04-14');
    expect(before.closing_balance).toBe('26500.00');
    const agingBefore = await aging(a, '2026-04-14');
    expect(agingBefore.rows.find((r: { tenant_id: string }) => r.tenant_id === tenant)).toMatchObject({ d31_60: '6500.00', d1_30: '20000.00', balance: '26500.00' });

    // the settlement is on the downloads too
    const csv = await a.browser.get(`/api/v1/statements/user/${tenant}?from=2026-04-01&to=2026-04-30&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Move-out 2026-04-15');
    expect(csv.body).toMatch(/refundable to the tenant",?4000\.00|refundable to the tenant,4000\.00/);
    expect(csv.body).toMatch(/Deposit applied to arrears/);
    const pdf = await a.browser.get(`/api/v1/statements/user/${tenant}?from=2026-04-01&to=2026-04-30&format=pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // another organisation reads none of it and cannot waive or end anything of it
    const other = await agency(t, 'Dated Intruder Ltd');
    expect((await other.browser.get(`/api/v1/statements/user/${tenant}?from=2026-03-01&to=2026-04-30`)).statusCode).toBe(404);
    expect((await other.browser.get(`/api/v1/statements/user/${tenant}?from=2026-03-01&to=2026-04-30`, { 'x-tenant-id': a.orgId })).statusCode).toBe(404);
    expect((await aging(other, '2026-03-31')).rows).toEqual([]);
    await expect(waive({ ...other }, first.id, first.lines[0].id, '2026-04-20')).rejects.toMatchObject({ statusCode: 404 });
    expect((await other.browser.post(`/api/v1/leases/${lease.id}/end`, { move_out_date: '2026-04-30' })).statusCode).toBe(404);
  });
});

describe('the property statement', () => {
  it('keeps deposits and the agency’s charges out of the owner’s money; a deposit applied to arrears is rent collected', async () => {
    const a = await agency(t, 'Owner Split Ltd', { default_commission_rate: '10' });
    const admin = await a.browser.post('/api/v1/charges', { name: 'Admin fee', category: 'service', amount: '1000.00', billing: 'monthly', metered: false, taxable: false, refundable: false, kept_by: 'agency', priority: 60 });
    expect(admin.statusCode, admin.body).toBe(201);
    const lease = await draftLease(a, { start_date: '2026-03-01', rent: '20000.00', deposit: '20000.00', charges: [{ charge_id: admin.json().id }] });
    await activate(a, lease.id, String(lease.start_date));
    await pay(a, lease.tenant_id, '41000.00', '2026-03-02');

    const march = await propertyStatement(a, '2026-03-01', '2026-03-31');
    expect(march.totals).toMatchObject({
      billed: '20000.00', collected: '20000.00', commission: '2000.00', agency_charges: '1000.00',
      deposits_opening: '0.00', deposits_received: '20000.00', deposits_applied: '0.00', deposits_closing: '20000.00',
      opening_balance: '0.00', money_in: '20000.00', money_out: '2000.00', closing_balance: '18000.00',
    });

    // April is billed and not paid; the tenant leaves at its end and the deposit pays it
    await bill(a, '2026-04');
    await endLease(a, lease.id, { move_out_date: '2026-04-30', apply_deposit_to_arrears: true });
    const april = await propertyStatement(a, '2026-04-01', '2026-04-30');
    expect(april.totals).toMatchObject({
      billed: '20000.00', collected: '20000.00', commission: '2000.00', agency_charges: '0.00',
      deposits_opening: '20000.00', deposits_received: '0.00', deposits_applied: '20000.00', deposits_closing: '0.00',
      opening_balance: '18000.00', closing_balance: '36000.00',
    });
    expect(april.properties[0].houses.find((h: { billed: string }) => h.billed !== '0.00')).toMatchObject({ billed: '20000.00', collected: '20000.00', arrears: '0.00' });
    // the agency's fee of April (1,000) is still owed by the tenant: the deposit paid the owner's rent first
    const s = await statement(a, lease.tenant_id, '2026-04-01', '2026-04-30');
    expect(s).toMatchObject({ closing_balance: '1000.00', deposit_held: '0.00' });
    expect(s.deposit_settlements[0]).toMatchObject({ deposit: '20000.00', arrears: '21000.00', applied: '20000.00', refundable: '0.00' });
    // the year at once is the two months
    const both = await propertyStatement(a, '2026-03-01', '2026-04-30');
    expect(both.totals).toMatchObject({ collected: '40000.00', commission: '4000.00', agency_charges: '1000.00', closing_balance: april.totals.closing_balance });
  });
});

describe('money moved later moves on the day it is moved', () => {
  it('a re-allocation and a reversal made today leave May and June as printed, and show in the period that holds today', async () => {
    const a = await agency(t, 'Moved Money Ltd', { default_commission_rate: '10' });
    const lease = await draftLease(a, { start_date: '2026-05-01', rent: '20000.00', deposit: '0.00' });
    const tenant = lease.tenant_id;
    await activate(a, lease.id, String(lease.start_date));
    await bill(a, '2026-06');
    const may = await pay(a, tenant, '20000.00', '2026-05-03');
    const june = await pay(a, tenant, '20000.00', '2026-06-03');
    const printed = async () => ({
      agingMay: await aging(a, '2026-05-31'), agingJune: await aging(a, '2026-06-30'),
      statementMay: await statement(a, tenant, '2026-05-01', '2026-05-31'), statementJune: await statement(a, tenant, '2026-06-01', '2026-06-30'),
      ownerMay: await propertyStatement(a, '2026-05-01', '2026-05-31'), ownerJune: await propertyStatement(a, '2026-06-01', '2026-06-30'),
    });
    const then = await printed();
    expect(then.agingJune.rows).toEqual([]);
    expect(then.ownerJune.totals).toMatchObject({ collected: '20000.00', commission: '2000.00', closing_balance: '36000.00' });

    // today: June's payment is taken off its invoice (credit on account), May's is reversed
    const moved = await a.browser.post(`/api/v1/payments/${june.id}/allocate`, { allocations: [] });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ unallocated: '20000.00', allocations: [] });
    expect((await reverse(a, String(may.id))).statusCode).toBe(200);

    // what was printed for May and June is what they print now, to the cent
    expect(await printed()).toEqual(then);

    // today both invoices are open again; June's money is credit; the owner gives back in the
    // period that holds today what was collected in May and June
    const now = await aging(a, '2030-12-31');
    expect(now.rows).toEqual([expect.objectContaining({ tenant_id: tenant, d90_plus: '40000.00', credit: '20000.00', balance: '20000.00' })]);
    const later = await propertyStatement(a, '2026-07-01', '2030-12-31');
    expect(later.totals).toMatchObject({ opening_balance: '36000.00', collected: '-40000.00', commission: '-4000.00', closing_balance: '0.00' });
    const s = await statement(a, tenant, '2026-07-01', '2030-12-31');
    expect(s).toMatchObject({ opening_balance: '0.00', closing_balance: '20000.00', credit_on_account: '20000.00' });
    expect(s.entries.map((e: Entry) => [e.type, e.debit, e.credit])).toEqual([['reversal', '20000.00', '0.00']]);

    // and another organisation sees none of it
    const other = await agency(t, 'Moved Money Rival Ltd');
    expect((await other.browser.post(`/api/v1/payments/${june.id}/allocate`, { allocations: [] })).statusCode).toBe(404);
    expect((await aging(other, '2026-06-30')).rows).toEqual([]);
  });
});

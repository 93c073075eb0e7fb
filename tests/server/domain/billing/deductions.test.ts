// Issue 13, deposits: a move-out with itemised deductions charged against the deposit, the rest
// refunded as a recorded payout (refund.lease), the deposit's own ledger on the tenant statement.
// Bad input is a 422 naming the field and changes nothing; another organisation can neither see
// nor act on the move-out or its refund.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inScope } from '../../../../src/server/db/client.js';
import { memberships, userRoles } from '../../../../src/server/db/schema.js';
import { settlementLines, lineValue } from '../../../../src/shared/settlement.js';
import { buildTestApp, registeredBrowser, type Browser, type TestApp } from '../../helpers.js';
import { activate, agency, c, draftLease, endLease, invoicesOf, pay, statement, type Agency } from '../reports/money-fixtures.js';

let t: TestApp;
beforeAll(async () => { t = await buildTestApp(); });
afterAll(() => t.close());

async function member(a: Agency, role: string): Promise<Browser> {
  const roles = (await a.browser.get('/api/v1/roles')).json() as Array<{ id: string; name: string }>;
  const m = await registeredBrowser(t.app);
  await inScope(t.database.db, { tenant: a.orgId }, async (tx) => {
    await tx.insert(memberships).values({ organization_id: a.orgId, user_id: m.user.id });
    await tx.insert(userRoles).values({ organization_id: a.orgId, user_id: m.user.id, role_id: roles.find((r) => r.name === role)!.id });
  });
  expect((await m.browser.post(`/api/v1/organisations/${a.orgId}/switch`)).statusCode).toBe(200);
  return m.browser;
}

/** A lease from March with rent 10,000 and a deposit of 20,000, paid in full (30,000 on 1 March). */
async function paidUp(a: Agency) {
  const lease = await draftLease(a, { start_date: '2026-03-01', rent: '10000.00', deposit: '20000.00' });
  await activate(a, lease.id, '2026-03-01');
  await pay(a, lease.tenant_id, '30000.00', '2026-03-01');
  return lease;
}

/** The settlement's lines add up to its refund (the sum every screen shows). */
const addsUp = (s: Parameters<typeof settlementLines>[0]) => {
  const lines = settlementLines(s);
  const terms = lines.filter((l) => l.sign !== '=').reduce((t, l) => t + lineValue(l), 0n);
  expect(terms).toBe(c(lines.at(-1)!.amount));
};

describe('move-out deductions and the deposit refund', () => {
  it('charges each deduction against the deposit, refunds the rest as a recorded payout and shows the deposit ledger', async () => {
    const a = await agency(t, 'Deduct Ltd');
    const lease = await paidUp(a);
    const body = {
      move_out_date: '2026-03-31', apply_deposit_to_arrears: true,
      deductions: [
        { category: 'repairs', description: 'Broken kitchen window', amount: '3500.00' },
        { category: 'cleaning', description: 'Deep clean', amount: '1500' },
      ],
    };
    // the preview is the same computation and changes nothing
    const preview = await a.browser.post(`/api/v1/leases/${lease.id}/end-preview`, body);
    expect(preview.statusCode, preview.body).toBe(200);
    expect((await invoicesOf(a, lease.id))[0]).toMatchObject({ total: '30000.00', paid: '30000.00', status: 'paid' });

    const end = await endLease(a, lease.id, { ...body, refund: { method: 'mpesa', reference: 'QK12AB34', date: '2026-04-02' } });
    const figures = { deposit: '20000.00', applied: '0.00', deductions_total: '5000.00', deducted: '5000.00', owed: '0.00', refundable: '15000.00' };
    expect(preview.json().settlement).toMatchObject({ ...figures, refund: null });
    expect(end.settlement).toMatchObject(figures);
    expect(end.settlement.deductions).toEqual([
      { category: 'repairs', description: 'Broken kitchen window', amount: '3500.00' },
      { category: 'cleaning', description: 'Deep clean', amount: '1500.00' },
    ]);
    expect(end.settlement.refund).toMatchObject({ amount: '15000.00', method: 'mpesa', reference: 'QK12AB34', date: '2026-04-02', refunded_by: a.userId });
    addsUp(end.settlement);

    // each deduction is a charge (an invoice line) on the move-out invoice, paid from the deposit
    const [march] = await invoicesOf(a, lease.id);
    expect(march.lines.filter((l: { kind: string }) => l.kind === 'deduction').map((l: { description: string; amount: string }) => [l.description, l.amount])).toEqual([
      ['Move-out deduction (Repairs): Broken kitchen window', '3500.00'], ['Move-out deduction (Cleaning): Deep clean', '1500.00'],
    ]);
    expect(march).toMatchObject({ total: '30000.00', paid: '30000.00', balance: '0.00', status: 'paid' });

    // the stored settlement, the statement and its deposit ledger say the same
    const stored = (await a.browser.get(`/api/v1/leases/${lease.id}/settlement`)).json();
    expect(stored).toMatchObject({ refundable: '15000.00', deducted: '5000.00', refund: { amount: '15000.00', method: 'mpesa' } });
    addsUp(stored);
    const s = await statement(a, lease.tenant_id, '2026-03-01', '2026-04-30');
    expect(s.closing_balance).toBe('0.00');
    expect(s.entries.filter((e: { description: string }) => /deduction/i.test(e.description)).map((e: { debit: string; credit: string }) => [e.debit, e.credit]))
      .toEqual([['3500.00', '0.00'], ['1500.00', '0.00'], ['0.00', '5000.00']]);
    expect(s.deposit_ledger).toEqual({ received: '20000.00', applied: '0.00', deducted: '5000.00', unused_days_credit: '0.00', refunded: '15000.00', balance_held: '0.00' });
    // before the payout day the refund is not there yet: still held
    const march31 = await statement(a, lease.tenant_id, '2026-03-01', '2026-03-31');
    expect(march31.deposit_ledger).toMatchObject({ refunded: '0.00', balance_held: '15000.00' });
    expect(march31.deposit_settlements[0].refund).toBeNull();
    // a second refund is refused
    expect((await a.browser.post(`/api/v1/leases/${lease.id}/refund`, { method: 'cash', date: '2026-04-03' })).statusCode).toBe(409);
  });

  it('a deduction larger than the deposit leaves the tenant owing it; nothing is refundable', async () => {
    const a = await agency(t, 'Owing Ltd');
    const lease = await paidUp(a);
    const end = await endLease(a, lease.id, {
      move_out_date: '2026-03-31', deductions: [{ category: 'repairs', description: 'New door and frame', amount: '26000.00' }],
    });
    expect(end.settlement).toMatchObject({ deposit: '20000.00', deducted: '20000.00', deductions_total: '26000.00', owed: '6000.00', refundable: '0.00' });
    addsUp(end.settlement);
    expect(settlementLines(end.settlement).map((l) => l.part)).toEqual(['deposit', 'applied', 'deduction', 'owed', 'refundable']);
    const s = await statement(a, lease.tenant_id, '2026-03-01', '2026-03-31');
    expect(s.closing_balance).toBe('6000.00');
    expect(s.deposit_ledger).toMatchObject({ received: '20000.00', deducted: '20000.00', balance_held: '0.00' });
    // nothing to refund: 422 naming the amount
    const none = await a.browser.post(`/api/v1/leases/${lease.id}/refund`, { method: 'cash', date: '2026-04-01' });
    expect(none.statusCode).toBe(422);
    expect(Object.keys(none.json().errors)).toEqual(['refund.amount']);
  });

  it('mid-month, the rent paid for days not lived in pays what the deposit did not cover before any refund', async () => {
    const a = await agency(t, 'Unused Days Ltd');
    const lease = await paidUp(a);
    // out on 16 March: 15 of March's 31 days paid and not lived in (10,000 × 15/31, to the shilling)
    const end = await endLease(a, lease.id, {
      move_out_date: '2026-03-16', deductions: [{ category: 'repairs', description: 'New door and frame', amount: '23000.00' }],
    });
    // the deposit pays 20,000 of the deductions, the unused days the other 3,000; the rest is refunded
    expect(end.settlement).toMatchObject({
      deposit: '20000.00', deductions_total: '23000.00', deducted: '20000.00', owed: '3000.00',
      unused_days_credit: '4839.00', credit_applied: '3000.00', refundable: '1839.00',
    });
    addsUp(end.settlement);
    expect(settlementLines(end.settlement).map((l) => l.part)).toEqual(['deposit', 'applied', 'deduction', 'unused_days_credit', 'owed', 'credit_applied', 'refundable']);
    // the tenant owes nothing and is owed 1,839: the statement, the invoices and the deposit ledger agree
    const s = await statement(a, lease.tenant_id, '2026-03-01', '2026-03-31');
    expect(s.closing_balance).toBe('0.00');
    expect(s.deposit_ledger).toMatchObject({ received: '20000.00', deducted: '20000.00', unused_days_credit: '1839.00', balance_held: '1839.00' });
    expect(s.deposit_settlements[0]).toMatchObject({ credit_applied: '3000.00', refundable: '1839.00' });
    for (const inv of await invoicesOf(a, lease.id)) expect(inv.balance).toBe('0.00');
    // the stored settlement says the same, and its refund is what is left
    const refund = await a.browser.post(`/api/v1/leases/${lease.id}/refund`, { method: 'cash', date: '2026-03-20' });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refund.json()).toMatchObject({ credit_applied: '3000.00', refundable: '1839.00', refund: { amount: '1839.00' } });
    const after = await statement(a, lease.tenant_id, '2026-03-01', '2026-03-31');
    expect(after.deposit_ledger).toMatchObject({ refunded: '1839.00', balance_held: '0.00' });
    expect(after.deposit_held).toBe('0.00');
  });

  it('refuses a negative deduction, a refund more than is held or before the move-out with a 422 naming the field, changing nothing', async () => {
    const a = await agency(t, 'Refuse Ltd');
    const lease = await paidUp(a);
    const bad = async (body: Record<string, unknown>, field: string) => {
      const res = await a.browser.post(`/api/v1/leases/${lease.id}/end`, { move_out_date: '2026-03-31', ...body });
      expect(res.statusCode, res.body).toBe(422);
      expect(Object.keys(res.json().errors)).toContain(field);
    };
    await bad({ deductions: [{ category: 'repairs', description: 'ok', amount: '100' }, { category: 'repairs', description: 'Paint', amount: '-500.00' }] }, 'deductions.1.amount');
    await bad({ deductions: [{ category: 'repairs', description: ' ', amount: '500.00' }] }, 'deductions.0.description');
    await bad({ deductions: [{ category: 'parties', description: 'x', amount: '500.00' }] }, 'deductions.0.category');
    await bad({ deductions: [{ category: 'other', description: 'x', amount: '1.005' }] }, 'deductions.0.amount');
    await bad({ refund: { amount: '20000.01', method: 'bank', date: '2026-04-01' } }, 'refund.amount');
    await bad({ refund: { amount: '-1', method: 'bank', date: '2026-04-01' } }, 'refund.amount');
    await bad({ refund: { method: 'bank', date: '2026-03-30' } }, 'refund.date');
    await bad({ refund: { method: 'barter', date: '2026-04-01' } }, 'refund.method');
    // nothing changed: the lease runs, the invoice and the statement are as they were
    expect((await a.browser.get(`/api/v1/leases/${lease.id}`)).json()).toMatchObject({ status: 'active' });
    expect((await invoicesOf(a, lease.id)).map((i) => [i.total, i.lines.length])).toEqual([['30000.00', 2]]);
    expect((await a.browser.get(`/api/v1/leases/${lease.id}/settlement`)).statusCode).toBe(404);

    // ended, then a refund more than held on its own endpoint: 422, nothing recorded
    await endLease(a, lease.id, { move_out_date: '2026-03-31', deductions: [{ category: 'utilities', description: 'Water', amount: '800.00' }] });
    const over = await a.browser.post(`/api/v1/leases/${lease.id}/refund`, { amount: '19200.01', method: 'bank', date: '2026-04-01' });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors['refund.amount'][0]).toMatch(/19200\.00/);
    expect((await a.browser.get(`/api/v1/leases/${lease.id}/settlement`)).json().refund).toBeNull();
    // a refund dated in a closed month is refused on its date (April closed), paid in May it is taken
    expect((await a.browser.post('/api/v1/periods/close', { month: '2026-04' })).statusCode).toBe(200);
    const closed = await a.browser.post(`/api/v1/leases/${lease.id}/refund`, { amount: '19200.00', method: 'bank', date: '2026-04-01' });
    expect(closed.statusCode).toBe(422);
    expect(Object.keys(closed.json().errors)).toEqual(['refund.date']);
    const ok = await a.browser.post(`/api/v1/leases/${lease.id}/refund`, { amount: '19200.00', method: 'bank', reference: 'EFT 0091', date: '2026-05-04' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ refundable: '19200.00', refund: { amount: '19200.00', method: 'bank', reference: 'EFT 0091' } });
  });

  it('paying a refund needs refund.lease: a Manager ends the lease but cannot pay out; an Accountant can', async () => {
    const a = await agency(t, 'Approve Refund Ltd');
    const lease = await paidUp(a);
    const manager = await member(a, 'Manager');
    const withRefund = await manager.post(`/api/v1/leases/${lease.id}/end`, { move_out_date: '2026-03-31', refund: { method: 'cash', date: '2026-04-01' } });
    expect(withRefund.statusCode).toBe(403);
    expect((await a.browser.get(`/api/v1/leases/${lease.id}`)).json()).toMatchObject({ status: 'active' });
    expect((await manager.post(`/api/v1/leases/${lease.id}/end`, { move_out_date: '2026-03-31' })).statusCode).toBe(200);
    expect((await manager.post(`/api/v1/leases/${lease.id}/refund`, { method: 'cash', date: '2026-04-01' })).statusCode).toBe(403);
    const accountant = await member(a, 'Accountant');
    const paid = await accountant.post(`/api/v1/leases/${lease.id}/refund`, { method: 'cash', date: '2026-04-01' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().refund).toMatchObject({ amount: '20000.00', method: 'cash' });
  });

  it('another organisation can neither see nor act on the move-out or its refund', async () => {
    const a = await agency(t, 'Keep Out Ltd');
    const lease = await paidUp(a);
    const other = await agency(t, 'Prying Ltd');
    const deductions = [{ category: 'repairs', description: 'Window', amount: '1000.00' }];
    expect((await other.browser.post(`/api/v1/leases/${lease.id}/end-preview`, { move_out_date: '2026-03-31', deductions })).statusCode).toBe(404);
    expect((await other.browser.post(`/api/v1/leases/${lease.id}/end`, { move_out_date: '2026-03-31', deductions })).statusCode).toBe(404);
    await endLease(a, lease.id, { move_out_date: '2026-03-31', deductions });
    expect((await other.browser.get(`/api/v1/leases/${lease.id}/settlement`)).statusCode).toBe(404);
    expect((await other.browser.post(`/api/v1/leases/${lease.id}/refund`, { method: 'cash', date: '2026-04-01' })).statusCode).toBe(404);
    expect((await other.browser.get(`/api/v1/statements/user/${lease.tenant_id}?from=2026-03-01&to=2026-04-30`)).statusCode).toBe(404);
    // the owner's refund was not touched by the attempt
    expect((await a.browser.get(`/api/v1/leases/${lease.id}/settlement`)).json()).toMatchObject({ refundable: '19000.00', refund: null });
  });

  it('a deposit is never rent collected: not on the dashboard, the property statement nor the rental income tax, before or after the refund', async () => {
    const a = await agency(t, 'Never Rent Ltd');
    // this month (the dashboard's), by the server's clock
    const now = (await a.browser.get('/api/v1/dashboard')).json().as_of as string;
    const first = `${now.slice(0, 7)}-01`;
    const lease = await draftLease(a, { start_date: first, rent: '10000.00', deposit: '20000.00' });
    await activate(a, lease.id, first);
    await pay(a, lease.tenant_id, '30000.00', first);
    const figures = async () => {
      const dash = (await a.browser.get('/api/v1/dashboard')).json();
      const owner = (await a.browser.get(`/api/v1/statements/property/${a.propertyId}?from=${first}&to=${now}`)).json();
      const tax = (await a.browser.get(`/api/v1/reports/rental-income-tax?month=${now.slice(0, 7)}`)).json();
      return { billed: dash.this_month.billed, collected: dash.this_month.collected, owner: owner.totals.collected, tax: tax.totals.gross_rent, held: owner.totals.deposits_closing };
    };
    // 30,000 paid: 20,000 of it is the deposit, held; 10,000 is the rent collected
    const paid = await figures();
    expect(paid).toMatchObject({ billed: '10000.00', collected: '10000.00', owner: '10000.00', held: '20000.00' });
    expect(['10000.00', '0.00']).toContain(paid.tax);
    // moved out today with a repair deducted and the rest refunded: the refund is no rent either
    await endLease(a, lease.id, { move_out_date: now, deductions: [{ category: 'repairs', description: 'Tap', amount: '2000.00' }], refund: { method: 'bank', date: now } });
    const after = await figures();
    expect(after.collected).toBe('10000.00');
    expect(after.tax).toBe(paid.tax);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { resourceByName } from '../../../../resources/index.js';
import { inScope } from '../../../../src/server/db/client.js';
import { applyCredits } from '../../../../src/server/domain/payments/allocation.js';
import { buildTestApp, type TestApp } from '../../helpers.js';
import { createSample } from '../../crud/samples.js';
import { ledger, type Ledger } from '../payments/fixtures.js';

let t: TestApp;
let l: Ledger;
beforeAll(async () => {
  t = await buildTestApp();
  l = await ledger(t.app, 'Property Based Co');
});
afterAll(() => t.close());

const c = (s: string) => BigInt(String(s).replace('.', ''));
const kes = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
const day = (n: number) => new Date(Date.UTC(2025, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);

type Op =
  | { kind: 'invoice'; due: number; amounts: number[] }
  | { kind: 'pay'; at: number; amount: number }
  | { kind: 'reverse'; which: number }
  | { kind: 'void'; which: number }
  | { kind: 'credits' }
  | { kind: 'expense'; at: number; amount: number; owner: boolean }
  | { kind: 'income'; at: number; amount: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('invoice' as const), due: fc.integer({ min: 0, max: 360 }), amounts: fc.array(fc.integer({ min: 1, max: 5_000_000 }), { minLength: 1, maxLength: 3 }) }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('pay' as const), at: fc.integer({ min: 0, max: 400 }), amount: fc.integer({ min: 1, max: 6_000_000 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reverse' as const), which: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('void' as const), which: fc.nat() }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'credits' as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('expense' as const), at: fc.integer({ min: 0, max: 400 }), amount: fc.integer({ min: 1, max: 500_000 }), owner: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('income' as const), at: fc.integer({ min: 0, max: 400 }), amount: fc.integer({ min: 1, max: 500_000 }) }) },
);

let periodSeq = 0;

/** A fresh tenant, house and lease on the shared property, then the operations in order. */
async function play(ops: Op[]) {
  const tenant = await createSample(l.browser, resourceByName('tenants')!, l.userId, new Map());
  const house = await createSample(l.browser, resourceByName('houses')!, l.userId, new Map(l.cache), { property_id: l.cache.get('properties'), owner_id: l.cache.get('property-owners') });
  const lease = await createSample(l.browser, resourceByName('leases')!, l.userId, new Map(l.cache), { tenant_id: tenant.id, house_id: house.id });
  const invoices: string[] = [];
  const payments: string[] = [];
  for (const o of ops) {
    if (o.kind === 'invoice') {
      const n = periodSeq++;
      const ps = new Date(Date.UTC(1900 + Math.floor(n / 12), n % 12, 1)).toISOString().slice(0, 10);
      const res = await l.browser.post('/api/v1/invoices', {
        lease_id: lease.id, period_start: ps, period_end: ps, issue_date: day(Math.max(0, o.due - 5)), due_date: day(o.due), status: 'issued',
        lines: o.amounts.map((a, i) => ({ kind: i ? 'charge' : 'rent', description: `Line ${i}`, quantity: '1', rate: kes(a) })),
      });
      expect(res.statusCode, res.body).toBe(201);
      invoices.push(res.json().id);
    } else if (o.kind === 'pay') {
      const res = await l.browser.post('/api/v1/payments', { tenant_id: tenant.id, channel_id: l.channelId, method: 'cash', amount: kes(o.amount), paid_at: `${day(o.at)}T09:00:00.000Z` });
      expect(res.statusCode, res.body).toBe(201);
      payments.push(res.json().id);
    } else if (o.kind === 'reverse' && payments.length) {
      const res = await l.browser.post(`/api/v1/payments/${payments[o.which % payments.length]}/reverse`, { reason: 'test' });
      expect([200, 409]).toContain(res.statusCode);
    } else if (o.kind === 'void' && invoices.length) {
      const res = await l.browser.post(`/api/v1/invoices/${invoices[o.which % invoices.length]}/void`, { reason: 'test' });
      expect([200, 409]).toContain(res.statusCode);
    } else if (o.kind === 'credits') {
      await inScope(t.app.db, { tenant: l.orgId }, (tx) => applyCredits(tx, l.orgId, String(tenant.id)));
    } else if (o.kind === 'expense') {
      const res = await l.browser.post('/api/v1/expenses', { property_id: l.cache.get('properties'), category: 'repairs', amount: kes(o.amount), date: day(o.at), borne_by: o.owner ? 'owner' : 'agency' });
      expect(res.statusCode, res.body).toBe(201);
    } else if (o.kind === 'income') {
      const res = await l.browser.post('/api/v1/incomes', { property_id: l.cache.get('properties'), category: 'parking', amount: kes(o.amount), date: day(o.at) });
      expect(res.statusCode, res.body).toBe(201);
    }
  }
  return { tenantId: String(tenant.id), invoices, payments };
}

const runs = Number(process.env.FC_RUNS || 12);

describe('money invariants over random ledgers (fast-check)', () => {
  it('no invoice beyond its total; statements chain; aging = balances; property identity; exact cents', async () => {
    await fc.assert(fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 14 }), fc.integer({ min: 0, max: 420 }), async (ops, split) => {
      const { tenantId, invoices, payments } = await play(ops);
      // invoices: paid = Σ allocations ≤ total, balance = total − paid (0 once void)
      const allocatedTo = new Map<string, bigint>();
      for (const id of payments) {
        const p = (await l.browser.get(`/api/v1/payments/${id}`)).json();
        let sum = 0n;
        for (const a of p.allocations as Array<{ invoice_id: string; amount: string }>) {
          sum += c(a.amount);
          allocatedTo.set(a.invoice_id, (allocatedTo.get(a.invoice_id) ?? 0n) + c(a.amount));
        }
        if (p.status === 'reversed') expect(sum).toBe(0n);
        else expect(sum + c(p.unallocated)).toBe(c(p.amount));
      }
      for (const id of invoices) {
        const inv = (await l.browser.get(`/api/v1/invoices/${id}`)).json();
        const paid = allocatedTo.get(id) ?? 0n;
        expect(c(inv.paid)).toBe(paid);
        expect(paid <= c(inv.total)).toBe(true);
        expect(c(inv.balance)).toBe(inv.status === 'void' ? 0n : c(inv.total) - paid);
        const want = inv.status === 'void' ? 'void' : paid === 0n ? 'issued' : paid === c(inv.total) ? 'paid' : 'partially_paid';
        expect(inv.status).toBe(want);
      }
      // statements: closing of one period = opening of the next; closing = opening + debits − credits
      const cut = day(split);
      const first = (await l.browser.get(`/api/v1/statements/user/${tenantId}?from=2024-01-01&to=${cut}`)).json();
      const second = (await l.browser.get(`/api/v1/statements/user/${tenantId}?from=${day(split + 1)}&to=2030-12-31`)).json();
      const whole = (await l.browser.get(`/api/v1/statements/user/${tenantId}?from=2024-01-01&to=2030-12-31`)).json();
      expect(second.opening_balance).toBe(first.closing_balance);
      expect(second.closing_balance).toBe(whole.closing_balance);
      for (const s of [first, second]) {
        const debits = (s.entries as Array<{ debit: string }>).reduce((a, e) => a + c(e.debit), 0n);
        const credits = (s.entries as Array<{ credit: string }>).reduce((a, e) => a + c(e.credit), 0n);
        expect(c(s.closing_balance)).toBe(c(s.opening_balance) + debits - credits);
        const last = (s.entries as Array<{ balance: string }>).at(-1);
        if (last) expect(last.balance).toBe(s.closing_balance);
      }
      // aging as of the cut and after everything: the tenant's balance is the statement's closing
      for (const [asOf, statement] of [[cut, first], ['2030-12-31', whole]] as const) {
        const aging = (await l.browser.get(`/api/v1/reports/aging-balances?as_of=${asOf}`)).json();
        const row = (aging.rows as Array<{ tenant_id: string; balance: string }>).find((r) => r.tenant_id === tenantId);
        expect(row?.balance ?? '0.00').toBe(statement.closing_balance);
        const sum = (aging.rows as Array<{ balance: string }>).reduce((a, r) => a + c(r.balance), 0n);
        expect(c(aging.totals.balance)).toBe(sum);
      }
      // property statement: opening + in − out = closing, and periods chain
      const pid = l.cache.get('properties');
      const p1 = (await l.browser.get(`/api/v1/statements/property/${pid}?from=2024-01-01&to=${cut}`)).json();
      const p2 = (await l.browser.get(`/api/v1/statements/property/${pid}?from=${day(split + 1)}&to=2030-12-31`)).json();
      for (const s of [p1, p2]) {
        expect(c(s.totals.closing_balance)).toBe(c(s.totals.opening_balance) + c(s.totals.money_in) - c(s.totals.money_out));
        expect(c(s.totals.money_in)).toBe(c(s.totals.collected) + c(s.totals.other_income));
        expect(c(s.totals.money_out)).toBe(c(s.totals.expenses) + c(s.totals.commission));
      }
      expect(p2.totals.opening_balance).toBe(p1.totals.closing_balance);
    }), { numRuns: runs, endOnFailure: true });
  }, 600_000);
});

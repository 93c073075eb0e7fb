import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { percentOf } from '../../../../src/shared/money.js';
import { inScope } from '../../../../src/server/db/client.js';
import { dueToOwners } from '../../../../src/server/domain/reports/property-statement.js';
import { buildTestApp, type TestApp } from '../../helpers.js';
import { ledger } from '../payments/fixtures.js';
import { c } from './money-fixtures.js';

// The owner's account over random histories (issue 13): rent invoices and payments, owner and
// agency expenses, other income, and payouts approved, left as drafts or voided later, in an
// organisation that is VAT-registered or not. Cut anywhere into three periods, each statement
// holds opening + in − out = closing, each opens where the one before closed, and what the
// three show adds up to the whole: the payouts that still stand, the commission at the owner's
// rate and VAT at 16 % on it, and a closing due worked out here from the inputs alone.

let t: TestApp;
beforeAll(async () => { t = await buildTestApp(); });
afterAll(() => t.close());

const kes = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
const day = (n: number) => new Date(Date.UTC(2025, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);

type Op =
  | { kind: 'invoice'; at: number; amount: number }
  | { kind: 'pay'; at: number; amount: number }
  | { kind: 'expense'; at: number; amount: number; owner: boolean }
  | { kind: 'income'; at: number; amount: number }
  | { kind: 'remit'; at: number; amount: number; approve: boolean; voidAfter: number | null; property: boolean };

const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('invoice' as const), at: fc.integer({ min: 0, max: 300 }), amount: fc.integer({ min: 1, max: 5_000_000 }) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('pay' as const), at: fc.integer({ min: 0, max: 300 }), amount: fc.integer({ min: 1, max: 6_000_000 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('expense' as const), at: fc.integer({ min: 0, max: 300 }), amount: fc.integer({ min: 1, max: 500_000 }), owner: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('income' as const), at: fc.integer({ min: 0, max: 300 }), amount: fc.integer({ min: 1, max: 500_000 }) }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('remit' as const), at: fc.integer({ min: 0, max: 300 }), amount: fc.integer({ min: 1, max: 4_000_000 }),
      approve: fc.boolean(), voidAfter: fc.option(fc.integer({ min: -20, max: 100 })), property: fc.boolean(),
    }),
  },
);

const runs = Number(process.env.FC_RUNS || 10);
const replay = process.env.FC_SEED ? { seed: Number(process.env.FC_SEED), path: process.env.FC_PATH } : {};

describe('owner statements over random histories (fast-check)', () => {
  it('opening + in − out = closing; periods chain; payouts, commission, VAT and the due add up to the whole', async () => {
    let n = 0;
    await fc.assert(fc.asyncProperty(
      fc.array(op, { minLength: 1, maxLength: 12 }), fc.integer({ min: 0, max: 320 }), fc.integer({ min: 0, max: 320 }),
      fc.boolean(), fc.constantFrom('10', '8.5', '7.25'),
      async (ops, cutA, cutB, vatRegistered, rate) => {
        const l = await ledger(t.app, `Owner Account ${n++}`);
        const settings = (await l.browser.get('/api/v1/settings')).json() as object;
        expect((await l.browser.put('/api/v1/settings', { ...settings, default_commission_rate: rate, vat_registered: vatRegistered })).statusCode).toBe(200);
        const ownerId = String(l.cache.get('property-owners'));
        const propertyId = String(l.cache.get('properties'));
        const property = (await l.browser.get(`/api/v1/properties/${propertyId}`)).json() as object;
        expect((await l.browser.put(`/api/v1/properties/${propertyId}`, { ...property, commission_rate: rate })).statusCode).toBe(200);
        let billed = 0n;
        let paid = 0n;
        let net = 0n; // income − owner expenses
        let standing = 0n; // approved payouts not voided
        let seq = 0;
        for (const o of ops) {
          if (o.kind === 'invoice') {
            const ps = new Date(Date.UTC(1950 + Math.floor(seq / 12), seq % 12, 1)).toISOString().slice(0, 10);
            seq++;
            const res = await l.browser.post('/api/v1/invoices', {
              lease_id: l.lease.id, period_start: ps, period_end: ps, issue_date: day(o.at), due_date: day(o.at + 5), status: 'issued',
              lines: [{ kind: 'rent', description: 'Rent', quantity: '1', rate: kes(o.amount) }],
            });
            expect(res.statusCode, res.body).toBe(201);
            billed += BigInt(o.amount);
          } else if (o.kind === 'pay') {
            const res = await l.browser.post('/api/v1/payments', { tenant_id: l.lease.tenant_id, channel_id: l.channelId, method: 'cash', amount: kes(o.amount), paid_at: `${day(o.at)}T09:00:00.000Z` });
            expect(res.statusCode, res.body).toBe(201);
            paid += BigInt(o.amount);
          } else if (o.kind === 'expense') {
            const res = await l.browser.post('/api/v1/expenses', { property_id: propertyId, category: 'repairs', amount: kes(o.amount), date: day(o.at), borne_by: o.owner ? 'owner' : 'agency' });
            expect(res.statusCode, res.body).toBe(201);
            if (o.owner) net -= BigInt(o.amount);
          } else if (o.kind === 'income') {
            const res = await l.browser.post('/api/v1/incomes', { property_id: propertyId, category: 'parking', amount: kes(o.amount), date: day(o.at) });
            expect(res.statusCode, res.body).toBe(201);
            net += BigInt(o.amount);
          } else {
            const res = await l.browser.post('/api/v1/remittances', {
              owner_id: ownerId, property_id: o.property ? propertyId : null, method: 'bank', reference: `EFT${seq}`, date: day(o.at), amount: kes(o.amount),
              period_start: day(o.at), period_end: day(o.at), overpayment_confirmed: true,
            });
            expect(res.statusCode, res.body).toBe(201);
            const id = String(res.json().id);
            if (o.approve) expect((await l.browser.post(`/api/v1/remittances/${id}/approve`)).statusCode).toBe(200);
            if (o.voidAfter !== null) {
              t.clock.today = day(Math.max(0, o.at + o.voidAfter));
              const v = await l.browser.post(`/api/v1/remittances/${id}/void`, { reason: 'Bounced' });
              t.clock.today = null;
              expect(v.statusCode, v.body).toBe(200);
            } else if (o.approve) standing += BigInt(o.amount);
          }
        }
        const [a, b] = cutA <= cutB ? [cutA, cutB] : [cutB, cutA];
        const periods = [['2024-06-01', day(a)], [day(a + 1), day(b + 1)], [day(b + 2), '2026-12-31']] as const;
        const parts = [];
        for (const [from, to] of periods) {
          const res = await l.browser.get(`/api/v1/statements/owner/${ownerId}?from=${from}&to=${to}`);
          expect(res.statusCode, res.body).toBe(200);
          parts.push(res.json());
        }
        const whole = (await l.browser.get(`/api/v1/statements/owner/${ownerId}?from=2024-06-01&to=2026-12-31`)).json();
        for (const s of [...parts, whole]) {
          const x = s.totals;
          expect(c(x.money_in)).toBe(c(x.collected) + c(x.other_income));
          expect(c(x.money_out)).toBe(c(x.expenses) + c(x.commission) + c(x.commission_vat) + c(x.paid_out));
          expect(c(x.closing_balance)).toBe(c(x.opening_balance) + c(x.money_in) - c(x.money_out));
          expect(s.amount_due_to_owner).toBe(x.closing_balance);
          expect(s.vat_rate).toBe(vatRegistered ? '16' : null);
          if (!vatRegistered) expect(x.commission_vat).toBe('0.00');
        }
        expect(parts[0].totals.opening_balance).toBe('0.00');
        expect(parts[1].totals.opening_balance).toBe(parts[0].totals.closing_balance);
        expect(parts[2].totals.opening_balance).toBe(parts[1].totals.closing_balance);
        expect(parts[2].totals.closing_balance).toBe(whole.totals.closing_balance);
        for (const k of ['paid_out', 'commission', 'commission_vat', 'collected'] as const) {
          expect(parts.reduce((s, p) => s + c(p.totals[k]), 0n), k).toBe(c(whole.totals[k]));
        }
        // from the inputs alone: every invoice is issued by the end, so what was collected is
        // the lesser of what was billed and what was paid
        const collected = paid < billed ? paid : billed;
        const commission = percentOf(collected, rate);
        const vat = vatRegistered ? percentOf(commission, '16') : 0n;
        expect(c(whole.totals.collected)).toBe(collected);
        expect(c(whole.totals.commission)).toBe(commission);
        expect(c(whole.totals.commission_vat)).toBe(vat);
        expect(c(whole.totals.paid_out)).toBe(standing);
        expect(c(whole.amount_due_to_owner)).toBe(collected - commission - vat + net - standing);
        // the dashboard's due to owners (the organisation has this owner alone) at each period's end
        // is that period's closing, VAT and payouts with no property included
        for (const [i, [, to]] of periods.entries()) {
          expect(await inScope(t.app.db, { tenant: l.orgId }, (tx) => dueToOwners(tx, l.orgId, to))).toBe(parts[i].amount_due_to_owner);
        }
        // the payout lines listed add up to the paid out of each period
        for (const p of parts) expect((p.remittances as Array<{ amount: string }>).reduce((s, r) => s + c(r.amount), 0n)).toBe(c(p.totals.paid_out));
      },
    ), { numRuns: runs, ...replay });
  }, 600_000);
});

// Property-based (fast-check): statements chain across closed months. Random payments, incomes,
// expenses and billing before a close, then random writes after it (refused ones into the closed
// months, accepted ones after, a back-dated move-out or not): every statement of the closed
// months reads as it did, and each month's closing is the next one's opening, for the tenant
// statement and the property statement (whose identity opening + in − out = closing holds).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildTestApp, type TestApp } from '../../helpers.js';
import { activate, agency, bill, c, draftLease } from './money-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
}, 180_000);
afterAll(() => t.close());

const MONTHS = ['2026-05', '2026-06', '2026-07', '2026-08', '2026-09', '2026-10'];
const last = (m: string) => new Date(Date.UTC(Number(m.slice(0, 4)), Number(m.slice(5, 7)), 0)).toISOString().slice(0, 10);
const kes = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

type Op = { kind: 'pay' | 'income' | 'expense'; month: number; day: number; amount: number };
const op: fc.Arbitrary<Op> = fc.record({
  kind: fc.constantFrom('pay' as const, 'income' as const, 'expense' as const),
  month: fc.integer({ min: 0, max: MONTHS.length - 1 }), day: fc.integer({ min: 1, max: 28 }), amount: fc.integer({ min: 100, max: 3_000_000 }),
});

const runs = Number(process.env.FC_RUNS || 4);
const replay = process.env.FC_SEED ? { seed: Number(process.env.FC_SEED), path: process.env.FC_PATH } : {};
let seq = 0;

describe('statements chain across closed months (fast-check)', () => {
  it('closed months read the same after any later writes; every month\'s closing is the next one\'s opening', async () => {
    await fc.assert(fc.asyncProperty(
      fc.array(op, { minLength: 1, maxLength: 8 }), fc.array(op, { minLength: 1, maxLength: 6 }),
      fc.integer({ min: 0, max: 3 }), fc.option(fc.integer({ min: 0, max: 5 }), { nil: null }),
      async (before, after, closeAt, moveOutMonth) => {
        const a = await agency(t, `Chain ${seq++}`);
        const lease = await draftLease(a, { start_date: '2026-05-01', rent: '12000.00', deposit: '12000.00', due_day: 5 });
        await activate(a, lease.id, '2026-05-01');
        for (const m of MONTHS.slice(1)) await bill(a, m);
        const write = async (o: Op) => {
          const date = `${MONTHS[o.month]}-${String(o.day).padStart(2, '0')}`;
          if (o.kind === 'pay') {
            return a.browser.post('/api/v1/payments', { tenant_id: lease.tenant_id, channel_id: a.channelId, method: 'cash', amount: kes(o.amount), paid_at: `${date}T09:00:00+03:00` });
          }
          const body = { property_id: a.propertyId, category: o.kind === 'income' ? 'parking' : 'repairs', amount: kes(o.amount), date, ...(o.kind === 'expense' ? { borne_by: 'owner' } : {}) };
          return a.browser.post(`/api/v1/${o.kind === 'income' ? 'incomes' : 'expenses'}`, body);
        };
        for (const o of before) expect((await write(o)).statusCode).toBe(201);

        const statements = async () => {
          const out: Array<{ month: string; tenant: string; property: string }> = [];
          for (const m of MONTHS) {
            const q = `from=${m}-01&to=${last(m)}`;
            out.push({
              month: m,
              tenant: (await a.browser.get(`/api/v1/statements/user/${lease.tenant_id}?${q}`)).body,
              property: (await a.browser.get(`/api/v1/statements/property/${a.propertyId}?${q}`)).body,
            });
          }
          return out;
        };
        const printed = await statements();
        const closed = MONTHS[closeAt];
        t.clock.today = '2026-11-20';
        const res = await a.browser.post('/api/v1/periods/close', { month: closed });
        t.clock.today = null;
        expect(res.statusCode, res.body).toBe(200);

        for (const o of after) {
          const r = await write(o);
          expect(r.statusCode, r.body).toBe(o.month <= closeAt ? 422 : 201);
        }
        if (moveOutMonth !== null) {
          const moveOut = `${MONTHS[moveOutMonth]}-15`;
          const ended = await a.browser.post(`/api/v1/leases/${lease.id}/end`, { move_out_date: moveOut, apply_deposit_to_arrears: true });
          expect(ended.statusCode, ended.body).toBe(200);
          expect(ended.json().posted_on).toBe(moveOutMonth <= closeAt ? `${MONTHS[closeAt + 1]}-01` : moveOut);
        }

        const now = await statements();
        // the closed months, byte for byte
        expect(now.slice(0, closeAt + 1)).toEqual(printed.slice(0, closeAt + 1));
        // every month chains to the next, closed or open
        for (let i = 0; i + 1 < now.length; i++) {
          const [tp, tn] = [JSON.parse(now[i].tenant), JSON.parse(now[i + 1].tenant)];
          expect(tn.opening_balance).toBe(tp.closing_balance);
          const [pp, pn] = [JSON.parse(now[i].property), JSON.parse(now[i + 1].property)];
          expect(pn.totals.opening_balance).toBe(pp.totals.closing_balance);
        }
        for (const s of now) {
          const p = JSON.parse(s.property);
          expect(c(p.totals.closing_balance)).toBe(c(p.totals.opening_balance) + c(p.totals.money_in) - c(p.totals.money_out));
          const ts = JSON.parse(s.tenant);
          expect(c(ts.closing_balance)).toBe(c(ts.opening_balance) + c(ts.total_debits) - c(ts.total_credits));
        }
      },
    ), { numRuns: runs, endOnFailure: true, ...replay });
  }, 900_000);
});

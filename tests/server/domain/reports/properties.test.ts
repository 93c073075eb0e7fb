import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { resourceByName } from '../../../../resources/index.js';
import { inScope, rowsOf } from '../../../../src/server/db/client.js';
import { applyCredits } from '../../../../src/server/domain/payments/allocation.js';
import { dueToOwners, propertyStatement as everyProperty } from '../../../../src/server/domain/reports/property-statement.js';
import { lineValue, settlementLines } from '../../../../src/shared/settlement.js';
import { buildTestApp, type TestApp } from '../../helpers.js';
import { createSample } from '../../crud/samples.js';
import { ledger, type Ledger } from '../payments/fixtures.js';
import {
  activate, agency, aging, bill, c, draftLease, endLease, invoicesOf, pay, postPenalties, propertyStatement, reverse, statement, waive,
} from './money-fixtures.js';

let t: TestApp;
let l: Ledger;
beforeAll(async () => {
  t = await buildTestApp();
  l = await ledger(t.app, 'Property Based Co');
});
afterAll(() => t.close());

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
const serviceRuns = Number(process.env.FC_RUNS || 6);
/** FC_SEED (and FC_PATH) replay a counterexample fast-check printed. */
const replay = process.env.FC_SEED ? { seed: Number(process.env.FC_SEED), path: process.env.FC_PATH } : {};

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
      // what is owed at each end chains too, and is never negative (a period's billed less
      // collected is, when older arrears are paid in it)
      expect(c(p2.totals.arrears)).toBe(c(p1.totals.arrears) + c(p2.totals.billed) - c(p2.totals.collected));
      for (const s of [p1, p2]) {
        const houses = (s.properties as Array<{ houses: Array<{ arrears: string }> }>).flatMap((p) => p.houses);
        for (const h of houses) expect(c(h.arrears)).toBeGreaterThanOrEqual(0n);
        expect(houses.reduce((a, h) => a + c(h.arrears), 0n)).toBe(c(s.totals.arrears));
      }
    }), { numRuns: runs, endOnFailure: true, ...replay });
  }, 600_000);
});

// ---- through the real services ------------------------------------------------------------------
// Two leases in a fresh agency per run: activated on a random day (the first period prorated, the
// deposit billed with it), billed by the monthly runs, paid (partly, late, ahead), penalties posted
// by the scheduler's rule, some waived, payments reversed or re-allocated, and maybe a lease ended with its deposit
// settled. Everything happens in date order, as it would; after each month the month's statements
// and aging are printed, and at the end printed again: a closed month never changes.

const MONTHS = ['2025-01', '2025-02', '2025-03', '2025-04', '2025-05'];
const monthEnd = (m: string) => new Date(Date.UTC(Number(m.slice(0, 4)), Number(m.slice(5, 7)), 0)).toISOString().slice(0, 10);
const addDays = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const dayOf = (m: string, d: number) => `${m}-${String(d).padStart(2, '0')}`;
const MONEY = /^-?\d+\.\d{2}$/;

interface Terms { month: number; day: number; rent: number; deposit: number; penalty: 0 | 1 | 2 }
type Step =
  | { kind: 'pay'; lease: number; month: number; day: number; amount: number }
  | { kind: 'penalties'; month: number; day: number }
  | { kind: 'reverse'; which: number; month: number; day: number }
  | { kind: 'reallocate'; which: number; month: number; day: number }
  | { kind: 'waive'; which: number; month: number; day: number };
interface Script { terms: Terms[]; months: number; steps: Step[]; end: { lease: number; apply: boolean; day: number; deductions: number[]; refund: boolean } | null }

const cents = (min: number, max: number) => fc.integer({ min, max });
const when = { month: fc.integer({ min: 0, max: MONTHS.length - 1 }), day: fc.integer({ min: 1, max: 28 }) };
const terms: fc.Arbitrary<Terms> = fc.record({
  month: fc.integer({ min: 0, max: 1 }), day: fc.integer({ min: 1, max: 28 }), rent: cents(500_000, 6_000_000),
  deposit: fc.oneof(fc.constant(0), cents(100_000, 8_000_000)), penalty: fc.constantFrom(0 as const, 1 as const, 2 as const),
});
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 8, arbitrary: fc.record({ kind: fc.constant('pay' as const), lease: fc.integer({ min: 0, max: 1 }), ...when, amount: cents(100, 12_000_000) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('penalties' as const), ...when }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reverse' as const), which: fc.nat(), ...when }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reallocate' as const), which: fc.nat(), ...when }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('waive' as const), which: fc.nat(), ...when }) },
);
const script: fc.Arbitrary<Script> = fc.record({
  terms: fc.tuple(terms, terms).map((x) => [...x]),
  months: fc.integer({ min: 3, max: MONTHS.length }),
  steps: fc.array(step, { minLength: 2, maxLength: 20 }),
  // the move-out: deductions charged against the deposit (some larger than it), and the refund paid out
  end: fc.option(fc.record({
    lease: fc.integer({ min: 0, max: 1 }), apply: fc.boolean(), day: fc.integer({ min: 1, max: 28 }),
    deductions: fc.array(fc.integer({ min: 1, max: 3_000_000 }), { maxLength: 2 }), refund: fc.boolean(),
  }), { nil: null }),
});
const PENALTY = [
  {},
  { penalty_type: 'fixed', penalty_amount: '300.00', penalty_frequency: 'daily', penalty_cap: '1500.00' },
  { penalty_type: 'percent', penalty_rate: '10', penalty_frequency: 'once' },
];

let agencies = 0;

/** What a statement is on the ledger, and what it shows apart (as of its last day). */
const ledgerOf = (s: Record<string, unknown>) => ({
  opening: s.opening_balance, entries: s.entries, debits: s.total_debits, credits: s.total_credits, closing: s.closing_balance,
  held: s.deposit_held, unpaid: s.deposit_unpaid, credit: s.credit_on_account,
});

async function live(sc: Script) {
  const a = await agency(t, `Services Property Co ${++agencies}`, { default_commission_rate: '8.5' });
  const months = MONTHS.slice(0, sc.months);
  const leases = await Promise.all(sc.terms.map((x) => draftLease(a, {
    start_date: dayOf(MONTHS[x.month], x.day), rent: kes(x.rent), deposit: kes(x.deposit), ...PENALTY[x.penalty],
  })));
  const tenants = leases.map((x) => x.tenant_id);
  const payments: string[] = [];
  const reversed = new Set<string>();
  const ended = new Map<number, { move_out_date: string; settlement: Record<string, string> & Parameters<typeof settlementLines>[0]; refunded: string | null }>();
  const snapshots: Array<{ month: string; statements: unknown[]; aging: Map<string, string>; agingRows: unknown; owner: unknown }> = [];
  const endMonth = months.length - 1;
  for (const [k, m] of months.entries()) {
    if (k > 0) await bill(a, m);
    const today: Array<{ day: number; order: number; act: () => Promise<unknown> }> = [];
    sc.terms.forEach((x, i) => { if (x.month === k) today.push({ day: x.day, order: 0, act: () => activate(a, leases[i].id, dayOf(m, x.day)) }); });
    for (const s of sc.steps.filter((x) => x.month === k)) {
      const on = dayOf(m, s.day);
      if (s.kind === 'pay') today.push({ day: s.day, order: 1, act: async () => payments.push(String((await pay(a, tenants[s.lease], kes(s.amount), on)).id)) });
      else if (s.kind === 'penalties') today.push({ day: s.day, order: 2, act: () => postPenalties(a, on) });
      else if (s.kind === 'reverse') {
        // a reversal is dated the day it is made (today, after every day of this history)
        today.push({ day: s.day, order: 3, act: async () => {
          if (!payments.length) return;
          const id = payments[s.which % payments.length];
          const res = await reverse(a, id);
          expect([200, 409]).toContain(res.statusCode);
          if (res.statusCode === 200) reversed.add(id);
        } });
      } else if (s.kind === 'reallocate') {
        // by hand, today too: the payment's last allocation goes back to credit
        today.push({ day: s.day, order: 3, act: async () => {
          if (!payments.length) return;
          const id = payments[s.which % payments.length];
          const p = (await a.browser.get(`/api/v1/payments/${id}`)).json();
          const kept = (p.allocations as Array<{ invoice_id: string; amount: string }>).slice(0, -1).map((x) => ({ invoice_id: x.invoice_id, amount: x.amount }));
          const res = await a.browser.post(`/api/v1/payments/${id}/allocate`, { allocations: kept });
          expect([200, 409]).toContain(res.statusCode);
        } });
      } else {
        today.push({ day: s.day, order: 4, act: async () => {
          const lines = (await Promise.all(leases.map((x) => invoicesOf(a, x.id)))).flat()
            .flatMap((inv) => (inv.lines as Array<{ id: string; kind: string; waived: boolean; penalty_date: string }>)
              .filter((l) => l.kind === 'penalty' && !l.waived && l.penalty_date <= on).map((l) => ({ inv: inv.id as string, line: l.id })));
          if (!lines.length) return;
          const pick = lines[s.which % lines.length];
          await waive(a, pick.inv, pick.line, on).catch((err: { statusCode?: number }) => expect(err.statusCode).toBe(409));
        } });
      }
    }
    if (sc.end && k === endMonth) {
      const e = sc.end;
      const last = Math.max(e.day, ...today.map((x) => x.day));
      const start = leases[e.lease].start_date as string;
      const moveOut = dayOf(m, last) < start ? start : dayOf(m, last);
      today.push({ day: 29, order: 5, act: async () => {
        const res = await endLease(a, leases[e.lease].id, {
          move_out_date: moveOut, apply_deposit_to_arrears: e.apply,
          deductions: e.deductions.map((x, i) => ({ category: i ? 'cleaning' : 'repairs', description: `Item ${i + 1}`, amount: kes(x) })),
        });
        let refunded: string | null = null;
        if (e.refund && c(res.settlement.refundable) > 0n) {
          // money leaving to the tenant is never the owner's: their statement is the same before and after
          const owner = (await propertyStatement(a, `${m}-01`, monthEnd(m))).totals;
          const paid = await a.browser.post(`/api/v1/leases/${leases[e.lease].id}/refund`, { method: 'bank', reference: 'EFT', date: moveOut, amount: res.settlement.refundable });
          expect(paid.statusCode, paid.body).toBe(200);
          refunded = res.settlement.refundable;
          expect((await propertyStatement(a, `${m}-01`, monthEnd(m))).totals).toEqual(owner);
        }
        ended.set(e.lease, { move_out_date: moveOut, settlement: res.settlement, refunded });
      } });
    }
    today.sort((x, y) => x.day - y.day || x.order - y.order);
    for (const x of today) await x.act();
    // the scheduler has posted every day's penalties by the month's end
    await postPenalties(a, monthEnd(m));
    const agingThen = await aging(a, monthEnd(m));
    const owner = (await propertyStatement(a, `${m}-01`, monthEnd(m))).totals;
    // every property's at once (the dashboard's due to owners: one set-based pass over the
    // organisation, not the per-invoice lookups of one property's) comes to the same figures
    const all = await inScope(a.t.app.db, { tenant: a.orgId }, (tx) => everyProperty(tx, a.orgId, { all: true, from: `${m}-01`, to: monthEnd(m) }));
    expect(all.totals).toEqual(owner);
    // and the dashboard's due to owners, worked out from the month's end alone, is its closing
    expect(await inScope(a.t.app.db, { tenant: a.orgId }, (tx) => dueToOwners(tx, a.orgId, monthEnd(m)))).toBe(all.amount_due_to_owner);
    snapshots.push({
      month: m,
      statements: await Promise.all(tenants.map((id) => statement(a, id, `${m}-01`, monthEnd(m)))),
      aging: new Map((agingThen.rows as Array<{ tenant_id: string; balance: string }>).map((r) => [r.tenant_id, r.balance])),
      agingRows: agingThen,
      owner,
    });
  }
  return { a, leases, tenants, months, payments, reversed, ended, snapshots };
}

describe('money invariants through the real services (fast-check)', () => {
  it('activation, runs, payments, reversals, penalties and waivers, move-outs: statements chain and never change, aging = balances, no invoice beyond its total, owner identity, exact cents', async () => {
    await fc.assert(fc.asyncProperty(script, async (sc) => {
      const { a, leases, tenants, months, payments, reversed, ended, snapshots } = await live(sc);
      const final = '2030-12-31';
      const after = addDays(monthEnd(months.at(-1)!), 1);
      const money: string[] = [];

      // no invoice is ever paid beyond its total; paid = Σ allocations; balance and status follow
      const allocatedTo = new Map<string, bigint>();
      for (const id of payments) {
        const p = (await a.browser.get(`/api/v1/payments/${id}`)).json();
        let sum = 0n;
        for (const x of p.allocations as Array<{ invoice_id: string; amount: string }>) {
          sum += c(x.amount);
          allocatedTo.set(x.invoice_id, (allocatedTo.get(x.invoice_id) ?? 0n) + c(x.amount));
        }
        expect(p.status).toBe(reversed.has(id) ? 'reversed' : 'allocated');
        if (reversed.has(id)) expect(sum).toBe(0n);
        else expect(sum + c(p.unallocated)).toBe(c(p.amount));
      }
      for (const lease of leases) {
        for (const inv of await invoicesOf(a, lease.id)) {
          const paid = allocatedTo.get(inv.id) ?? 0n;
          expect(c(inv.paid)).toBe(paid);
          expect(paid <= c(inv.total)).toBe(true);
          expect(c(inv.total) >= 0n).toBe(true);
          expect(c(inv.balance)).toBe(inv.status === 'void' ? 0n : c(inv.total) - paid);
          money.push(inv.total, inv.paid, inv.balance, ...inv.lines.map((l: { amount: string }) => l.amount));
        }
      }

      for (const [i, tenant] of tenants.entries()) {
        // month after month the closing is the next opening, and the last period runs to today
        const periods = [...months.map((m) => [`${m}-01`, monthEnd(m)]), [after, final]];
        const chain = [];
        for (const [from, to] of periods) chain.push(await statement(a, tenant, from, to));
        let opening = 0n;
        for (const s of chain) {
          expect(c(s.opening_balance)).toBe(opening);
          const debits = (s.entries as Array<{ debit: string }>).reduce((x, e) => x + c(e.debit), 0n);
          const credits = (s.entries as Array<{ credit: string }>).reduce((x, e) => x + c(e.credit), 0n);
          expect(debits).toBe(c(s.total_debits));
          expect(credits).toBe(c(s.total_credits));
          expect(c(s.closing_balance)).toBe(c(s.opening_balance) + debits - credits);
          for (const e of s.entries as Array<{ debit: string; credit: string; balance: string }>) {
            expect(c(e.debit) >= 0n && c(e.credit) >= 0n).toBe(true);
            money.push(e.debit, e.credit, e.balance);
          }
          if (s.entries.length) expect(s.entries.at(-1).balance).toBe(s.closing_balance);
          money.push(s.opening_balance, s.closing_balance, s.deposit_held, s.deposit_unpaid, s.credit_on_account);
          opening = c(s.closing_balance);
        }
        const whole = await statement(a, tenant, '2000-01-01', final);
        expect(whole.closing_balance).toBe(chain.at(-1).closing_balance);

        // printed after its month and now: the same ledger
        for (const [k, snap] of snapshots.entries()) expect(ledgerOf(chain[k]), `${tenant} ${snap.month}`).toEqual(ledgerOf(snap.statements[i] as Record<string, unknown>));

        // the deposit settled at a move-out: what was paid of it, applied up to the arrears
        const end = ended.get(i);
        if (end) {
          const s = end.settlement;
          // the deductions first (up to the deposit), then the arrears from what is left of it
          const asked = sc.end!.deductions.reduce((x, v) => x + BigInt(v), 0n);
          expect(c(s.deductions_total)).toBe(asked);
          expect(c(s.deducted)).toBe(asked < c(s.deposit) ? asked : c(s.deposit));
          expect(c(s.owed)).toBe(asked - c(s.deducted));
          const left = c(s.deposit) - c(s.deducted);
          expect(c(s.applied) <= left && c(s.applied) <= c(s.arrears)).toBe(true);
          if (sc.end?.apply) expect(c(s.applied)).toBe(left < c(s.arrears) ? left : c(s.arrears));
          else expect(c(s.applied)).toBe(0n);
          // the lines every screen shows add up to the refund
          const lines = settlementLines(s);
          expect(lines.filter((x) => x.sign !== '=').reduce((x, y) => x + lineValue(y), 0n)).toBe(c(s.refundable));
          // the deposit's own ledger: received − applied − deducted + unused − refunded = held
          const dl = whole.deposit_ledger;
          expect(dl).toMatchObject({ applied: s.applied, deducted: s.deducted, refunded: end.refunded ?? '0.00' });
          expect(c(dl.balance_held)).toBe(c(dl.received) - c(dl.applied) - c(dl.deducted) + c(dl.unused_days_credit) - c(dl.refunded));
          if (!reversed.size) expect(c(dl.balance_held)).toBe(end.refunded ? 0n : c(s.refundable));
          expect(whole.deposit_settlements).toEqual([expect.objectContaining({ move_out_date: end.move_out_date, deposit: s.deposit, applied: s.applied, refundable: s.refundable })]);
          expect(whole.deposit_unpaid).toBe('0.00');
          if (!reversed.size) expect(c(whole.deposit_held)).toBe(end.refunded ? 0n : c(s.deposit) - c(s.applied) - c(s.deducted));
        }
      }

      // aging as of each month's end and today: each tenant's balance is their statement's closing
      // then (unpaid deposit and credit apart), the grand total the sum of the balances; a month's
      // aging printed again gives every tenant the same balance
      for (const [k, asOf] of [...months.map(monthEnd), final].entries()) {
        const report = await aging(a, asOf);
        let sum = 0n;
        for (const r of report.rows as Array<Record<string, string>>) {
          expect(c(r.open)).toBe(c(r.current) + c(r.d1_30) + c(r.d31_60) + c(r.d61_90) + c(r.d90_plus));
          expect(c(r.balance)).toBe(c(r.open) + c(r.deposit) - c(r.credit));
          // no payment pays more than its amount on any day
          expect(c(r.credit) >= 0n, `${r.tenant_id} credit ${asOf}`).toBe(true);
          sum += c(r.balance);
          money.push(r.open, r.deposit, r.credit, r.balance);
        }
        expect(c(report.totals.balance)).toBe(sum);
        for (const tenant of tenants) {
          const s = await statement(a, tenant, '2000-01-01', asOf);
          const row = (report.rows as Array<Record<string, string>>).find((r) => r.tenant_id === tenant);
          expect(row?.balance ?? '0.00', `${tenant} ${asOf}`).toBe(s.closing_balance);
          expect(row?.deposit ?? '0.00').toBe(s.deposit_unpaid);
          expect(row?.credit ?? '0.00').toBe(s.credit_on_account);
          if (k < snapshots.length) expect(snapshots[k].aging.get(tenant) ?? '0.00').toBe(s.closing_balance);
        }
        // printed after its month and now, after the reversals made since: every bucket, deposit
        // and credit the same
        if (k < snapshots.length) expect(report, `aging ${asOf}`).toEqual(snapshots[k].agingRows);
      }

      // the owner's account: opening + in − out = closing, month after month; every shilling
      // allocated is the owner's, the agency's or a deposit still held
      let closing = 0n;
      for (const [from, to] of [...months.map((m) => [`${m}-01`, monthEnd(m)]), [after, final]]) {
        const s = await propertyStatement(a, from, to);
        const x = s.totals;
        const printed = snapshots.find((snap) => `${snap.month}-01` === from);
        if (printed) expect(x, `owner ${from}`).toEqual(printed.owner);
        expect(c(x.opening_balance)).toBe(closing);
        expect(c(x.closing_balance)).toBe(c(x.opening_balance) + c(x.money_in) - c(x.money_out));
        expect(c(x.money_in)).toBe(c(x.collected) + c(x.other_income));
        expect(c(x.money_out)).toBe(c(x.expenses) + c(x.commission));
        expect(c(x.deposits_closing)).toBe(c(x.deposits_opening) + c(x.deposits_received) - c(x.deposits_applied));
        money.push(...Object.values(x as Record<string, string>));
        closing = c(x.closing_balance);
      }
      const all = (await propertyStatement(a, '2000-01-01', final)).totals;
      expect(c(all.closing_balance)).toBe(closing);
      const [row] = rowsOf<{ allocated: string }>(await t.database.db.execute(sql`
        select coalesce(sum(pa.amount), 0)::text as allocated from payment_allocations pa
        join payments p on p.organization_id = pa.organization_id and p.id = pa.payment_id
        where pa.organization_id = ${a.orgId} and p.status <> 'reversed'`));
      expect(c(all.collected) + c(all.agency_charges) + c(all.deposits_closing)).toBe(c(row.allocated));
      for (const v of money) expect(String(v)).toMatch(MONEY);
    }), { numRuns: serviceRuns, endOnFailure: true, ...replay });
  }, 600_000);
});

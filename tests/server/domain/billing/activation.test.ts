// A lease entered after its start date: billed from the start, but never due before the day it
// was activated plus the grace days, and never fined for a day before it was active (issue 15:
// "a penalty six minutes after activation").
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstDueDate, penaltiesDue } from '../../../../src/server/domain/billing/penalties.js';
import { addDays, daysInMonth, monthStart } from '../../../../src/server/domain/billing/periods.js';
import { planInvoice, type LeaseTerms } from '../../../../src/server/domain/billing/plan.js';
import { buildTestApp, onPostgres, registeredBrowser, type TestApp } from '../../helpers.js';
import { activate, agency, bill, draftLease, invoicesOf, postPenalties, type Agency } from '../reports/money-fixtures.js';

let t: TestApp;
beforeAll(async () => { t = await buildTestApp(); });
afterAll(() => t.close());

type Line = { kind: string; penalty_date: string | null };
const penaltyDates = (invoices: Array<{ lines: Line[] }>) =>
  invoices.flatMap((i) => i.lines.filter((l) => l.kind === 'penalty').map((l) => String(l.penalty_date)));

/** The agency's property with its own due day and grace days. */
async function terms(a: Agency, dueDay: number, grace: number) {
  const property = (await a.browser.get(`/api/v1/properties/${a.propertyId}`)).json();
  const put = await a.browser.put(`/api/v1/properties/${a.propertyId}`, { ...property, due_day: dueDay, grace_days: grace });
  expect(put.statusCode, put.body).toBe(200);
}

const DAILY = { penalty_type: 'fixed', penalty_amount: '500.00', penalty_frequency: 'daily', penalty_cap: null };

describe('activating a lease late', () => {
  it('the reported case: started 1 October, activated 25 November: first invoice due the 28th, no penalty before 2 December', async () => {
    const a = await agency(t, 'Late Entry Ltd');
    await terms(a, 5, 3);
    const lease = await draftLease(a, { start_date: '2026-10-01', rent: '20000.00', deposit: '0.00', ...DAILY });
    const res = await activate(a, lease.id, '2026-11-25');
    expect(res.lease).toMatchObject({ status: 'active', activated_on: '2026-11-25' });
    // November's run, made again after the activation (the scheduled one ran before the lease existed)
    await bill(a, '2026-11');
    const [october, november] = await invoicesOf(a, lease.id);
    // billed from the start date, but due no earlier than 25 November + 3 grace days
    expect(october).toMatchObject({ period_start: '2026-10-01', issue_date: '2026-10-01', due_date: '2026-11-28', total: '20000.00' });
    expect(november).toMatchObject({ period_start: '2026-11-01', due_date: '2026-11-05' });
    // the day of the activation and the days after: nothing, though November fell due on the 5th
    for (const day of ['2026-11-25', '2026-11-28', '2026-12-01']) expect((await postPenalties(a, day)).posted).toBe(0);
    // from the day after due + grace, counted from the activation: both invoices, 2 December on
    expect(await postPenalties(a, '2026-12-02')).toMatchObject({ posted: 2 });
    expect(penaltyDates(await invoicesOf(a, lease.id))).toEqual(['2026-12-02', '2026-12-02']);

    // another organisation neither sees the lease nor moves its penalties
    const other = await registeredBrowser(t.app, { org: 'Elsewhere Ltd' });
    expect((await other.browser.get(`/api/v1/leases/${lease.id}`)).statusCode).toBe(404);
    expect((await other.browser.post(`/api/v1/leases/${lease.id}/activate`)).statusCode).toBe(404);
    expect((await other.browser.post('/api/v1/penalties/run', { as_of: '2026-12-20' })).json()).toMatchObject({ posted: 0 });
    expect(penaltyDates(await invoicesOf(a, lease.id))).toEqual(['2026-12-02', '2026-12-02']);
  });

  it('a lease activated before its start date is due as before: the 5th, or the move-in day', async () => {
    const a = await agency(t, 'Early Entry Ltd');
    await terms(a, 5, 3);
    const lease = await draftLease(a, { start_date: '2026-07-01', rent: '20000.00', deposit: '0.00' });
    await activate(a, lease.id, '2026-06-20');
    const [july] = await invoicesOf(a, lease.id);
    expect(july).toMatchObject({ issue_date: '2026-07-01', due_date: '2026-07-05' });
  });
});

// ---- the rule over activation dates ---------------------------------------------------------------

const date = fc.record({ month: fc.integer({ min: 1, max: 12 }), day: fc.integer({ min: 1, max: 31 }) })
  .map(({ month, day }) => {
    const m = `2026-${String(month).padStart(2, '0')}`;
    return `${m}-${String(Math.min(day, daysInMonth(2026, month))).padStart(2, '0')}`;
  });
// activations from two weeks before the move-in to three months after it, month ends included
const scenario = fc.record({
  start: date, offset: fc.oneof(fc.integer({ min: -14, max: 95 }), fc.constantFrom(0, 27, 28, 29, 30, 31, 59, 60)),
  dueDay: fc.integer({ min: 1, max: 28 }), grace: fc.integer({ min: 0, max: 10 }),
});

const lease = (start: string, dueDay: number): LeaseTerms => ({
  id: 'L', tenant_id: 'T', house_id: 'H', property_id: 'P', status: 'active', start_date: start, end_date: null, move_out_date: null,
  rent: 2_000_000n, deposit: 0n, billing_frequency: 'monthly', due_day: dueDay, escalation_rate: null, escalation_months: null, charges: [],
});

describe('property: no penalty before the activation, first invoice due no earlier than activation + grace', () => {
  it('holds for the pure rule, every month of the first three, daily penalties up to four months on', () => {
    fc.assert(fc.property(scenario, ({ start, offset, dueDay, grace }) => {
      const activatedOn = addDays(start, offset);
      const terms = lease(start, dueDay);
      const first = planInvoice(terms, monthStart(start));
      if (typeof first === 'string') throw new Error(first);
      const due = firstDueDate(first.due_date, activatedOn, grace);
      expect(due >= addDays(activatedOn, grace)).toBe(true);
      expect(due >= first.issue_date).toBe(true);
      // the first invoice as issued, and the runs' invoices of the next months with their own due dates
      const invoices = [{ ...first, due_date: due }];
      for (let k = 1; k <= 3; k++) {
        const p = planInvoice(terms, addDays(monthStart(start), 31 * k).slice(0, 7) + '-01');
        if (typeof p !== 'string') invoices.push(p);
      }
      for (const inv of invoices) {
        const lines = penaltiesDue({
          id: inv.period_start, due_date: inv.due_date, balance: inv.total, rent: inv.total, posted: 0n, dates: new Set(),
          type: 'fixed', amount: 50_000n, rate: null, frequency: 'daily', cap: null, grace, activated_on: activatedOn,
        }, addDays(activatedOn, 120));
        for (const l of lines) expect(l.penalty_date > activatedOn).toBe(true);
      }
    }), { numRuns: 300 });
  });

  it('holds through the real services: activation, the month runs and the penalty runs', async () => {
    let n = 0;
    await fc.assert(fc.asyncProperty(scenario, async ({ start, offset, dueDay, grace }) => {
      const activatedOn = addDays(start, offset);
      const a = await agency(t, `Activation Property ${++n}`);
      await terms(a, dueDay, grace);
      const l = await draftLease(a, { start_date: start, rent: '20000.00', deposit: '0.00', ...DAILY });
      await activate(a, l.id, activatedOn);
      // the runs of the activation's month and the next, made after it (they skip what is billed)
      await bill(a, activatedOn.slice(0, 7));
      await bill(a, addDays(monthStart(activatedOn), 31).slice(0, 7));
      // penalties posted on the activation day, then caught up weeks later
      expect((await postPenalties(a, activatedOn)).posted).toBe(0);
      await postPenalties(a, addDays(activatedOn, 2 * grace + 40));
      const invoices = await invoicesOf(a, l.id);
      expect(invoices[0].due_date >= addDays(activatedOn, grace)).toBe(true);
      for (const d of penaltyDates(invoices)) expect(d > activatedOn).toBe(true);
      // the penalty rule did run: an unpaid invoice is fined from its day after due + grace
      expect(penaltyDates(invoices).length).toBeGreaterThan(0);
    }), { numRuns: onPostgres() ? 6 : 8 });
  }, 300_000);
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, daysInMonth, escalatedRent, prorateMonth } from '../../../../src/server/domain/billing/periods.js';
import { planInvoice, type LeaseTerms } from '../../../../src/server/domain/billing/plan.js';
import { penaltiesDue } from '../../../../src/server/domain/billing/penalties.js';
import { scheduledPeriod, todayIn } from '../../../../src/server/domain/billing/scheduler.js';

const KES = (shillings: number) => BigInt(Math.round(shillings * 100));

describe('proration: rent ÷ days in the month × days occupied, both ends counted, to the shilling', () => {
  it('move-in on 5 June (30 days) pays 26/30 of the rent', () => {
    expect(prorateMonth(KES(30000), '2026-06-01', '2026-06-05', '9999-12-31')).toEqual({ amount: KES(26000), days: 26, monthDays: 30 });
    // 25,000 × 26 / 30 = 21,666.67 → 21,667
    expect(prorateMonth(KES(25000), '2026-06-01', '2026-06-05', '9999-12-31').amount).toBe(KES(21667));
  });
  it('the move-out day is counted, and a move-in and move-out in one month count both', () => {
    expect(prorateMonth(KES(31000), '2026-07-01', '2026-01-01', '2026-07-15').amount).toBe(KES(15000));
    expect(prorateMonth(KES(28000), '2027-02-01', '2027-02-10', '2027-02-10').amount).toBe(KES(1000));
    expect(prorateMonth(KES(29000), '2028-02-01', '2028-02-01', '2028-02-29').amount).toBe(KES(29000));
  });
  it('rounds half up to the shilling: 10,000 for 22 of 31 days is 7,097', () => {
    expect(prorateMonth(KES(10000), '2026-01-01', '2026-01-10', '9999-12-31').amount).toBe(KES(7097));
    // 1,000 × 1/8... 1,000.50 × 15/30 = 500.25 → 500
    expect(prorateMonth(KES(1000.5), '2026-06-01', '2026-06-16', '9999-12-31').amount).toBe(KES(500));
  });
  it('a month outside the lease is nothing', () => {
    expect(prorateMonth(KES(10000), '2026-05-01', '2026-06-05', '9999-12-31').amount).toBe(0n);
    expect(prorateMonth(KES(10000), '2026-08-01', '2026-06-05', '2026-07-31').amount).toBe(0n);
  });

  it('property: a rent in shillings is never exceeded, a full month is the rent, parts are whole shillings, two halves make the rent within a shilling', () => {
    fc.assert(fc.property(
      fc.integer({ min: 2000, max: 2100 }), fc.integer({ min: 1, max: 12 }), fc.bigInt({ min: 0n, max: 1_000_000n }),
      fc.integer({ min: 1, max: 31 }), fc.integer({ min: 1, max: 31 }),
      (year, month, shillings, a, b) => {
        const rent = shillings * 100n;
        const dim = daysInMonth(year, month);
        const first = `${year}-${String(month).padStart(2, '0')}-01`;
        const from = addDays(first, Math.min(a, b, dim) - 1);
        const to = addDays(first, Math.min(Math.max(a, b), dim) - 1);
        const part = prorateMonth(rent, first, from, to);
        expect(part.amount <= rent).toBe(true);
        expect(part.amount >= 0n).toBe(true);
        expect(part.amount % 100n).toBe(0n);
        expect(prorateMonth(rent, first, first, addDays(first, dim - 1)).amount).toBe(rent);
        expect(prorateMonth(rent, first, '1999-01-01', '2999-12-31').amount).toBe(rent);
        const split = Math.min(a, dim);
        if (split < dim) {
          const left = prorateMonth(rent, first, first, addDays(first, split - 1)).amount;
          const right = prorateMonth(rent, first, addDays(first, split), addDays(first, dim - 1)).amount;
          const diff = left + right - rent;
          expect(diff >= -100n && diff <= 100n).toBe(true);
        }
      },
    ), { numRuns: 500 });
  });

});

describe('escalation: % every N months from the start, compounded, each step to the shilling', () => {
  it('applies from its date', () => {
    expect(escalatedRent(KES(10000), '2026-01-01', '2026-12-31', '10', 12)).toBe(KES(10000));
    expect(escalatedRent(KES(10000), '2026-01-01', '2027-01-01', '10', 12)).toBe(KES(11000));
    expect(escalatedRent(KES(10000), '2026-01-01', '2028-01-01', '10', 12)).toBe(KES(12100));
    expect(escalatedRent(KES(10000), '2026-01-15', '2027-01-01', '10', 12)).toBe(KES(10000));
    expect(escalatedRent(KES(9999), '2026-01-01', '2026-07-01', '7.5', 6)).toBe(KES(10749));
    expect(escalatedRent(KES(10000), '2026-01-01', '2030-01-01', null, null)).toBe(KES(10000));
  });
});

const lease = (over: Partial<LeaseTerms> = {}): LeaseTerms => ({
  id: 'L1', tenant_id: 'T1', house_id: 'H1', property_id: 'P1', status: 'active', start_date: '2026-06-05', end_date: null, move_out_date: null,
  rent: KES(25000), deposit: KES(50000), billing_frequency: 'monthly', due_day: 5, escalation_rate: null, escalation_months: null,
  charges: [
    { charge_id: 'C1', name: 'Garbage', amount: KES(300), billing: 'monthly', metered: false },
    { charge_id: 'C2', name: 'Water', amount: KES(120), billing: 'monthly', metered: true },
    { charge_id: 'C3', name: 'Key card', amount: KES(1000), billing: 'one_off', metered: false },
  ],
  ...over,
});

describe('the invoice a lease owes for a period', () => {
  it('first period: prorated rent and monthly charges, one-off charges once, metered charges left to readings', () => {
    const plan = planInvoice(lease(), '2026-06-01');
    expect(typeof plan).toBe('object');
    if (typeof plan === 'string') return;
    expect(plan).toMatchObject({ period_start: '2026-06-01', period_end: '2026-06-30', issue_date: '2026-06-05', due_date: '2026-06-05', total: KES(21667 + 260 + 1000) });
    expect(plan.lines.map((l) => [l.kind, l.amount])).toEqual([['rent', KES(21667)], ['charge', KES(260)], ['charge', KES(1000)]]);
    expect(plan.lines[0].description).toContain('26/30 days');
    const july = planInvoice(lease(), '2026-07-01');
    if (typeof july === 'string') throw new Error(july);
    expect(july.lines.map((l) => l.amount)).toEqual([KES(25000), KES(300)]);
    expect(july.due_date).toBe('2026-07-05');
  });
  it('skips with a reason', () => {
    expect(planInvoice(lease({ status: 'draft' }), '2026-07-01')).toBe('draft');
    expect(planInvoice(lease({ status: 'ended' }), '2026-07-01')).toBe('ended');
    expect(planInvoice(lease(), '2026-05-01')).toBe('not_started');
    expect(planInvoice(lease({ move_out_date: '2026-06-30' }), '2026-07-01')).toBe('ended');
    expect(planInvoice(lease({ billing_frequency: 'quarterly' }), '2026-07-01')).toBe('not_due');
    expect(planInvoice(lease({ rent: 0n, charges: [] }), '2026-07-01')).toBe('nothing_to_bill');
  });
  it('quarterly: three months at once from the start month; move-out prorates the last month', () => {
    const q = planInvoice(lease({ billing_frequency: 'quarterly', start_date: '2026-06-01', charges: [] }), '2026-09-01');
    if (typeof q === 'string') throw new Error(q);
    expect(q).toMatchObject({ period_start: '2026-09-01', period_end: '2026-11-30', total: KES(75000) });
    const last = planInvoice(lease({ start_date: '2026-01-01', move_out_date: '2026-07-15', charges: [] }), '2026-07-01');
    if (typeof last === 'string') throw new Error(last);
    expect(last.total).toBe(KES(12097));
  });
  it('escalation changes new periods only from its date', () => {
    const l = lease({ start_date: '2026-01-01', escalation_rate: '10', escalation_months: 12, charges: [] });
    const dec = planInvoice(l, '2026-12-01');
    const jan = planInvoice(l, '2027-01-01');
    if (typeof dec === 'string' || typeof jan === 'string') throw new Error('skipped');
    expect([dec.total, jan.total]).toEqual([KES(25000), KES(27500)]);
  });
});

describe('penalties due on an invoice', () => {
  const base = {
    id: 'I1', due_date: '2026-07-05', balance: KES(25000), rent: KES(25000), posted: 0n, dates: new Set<string>(),
    type: 'fixed', amount: KES(500), rate: null, frequency: 'daily', cap: KES(1500), grace: 3,
  };
  it('start the day after due date + grace, daily up to the cap', () => {
    expect(penaltiesDue(base, '2026-07-08')).toEqual([]);
    expect(penaltiesDue(base, '2026-07-09').map((l) => l.penalty_date)).toEqual(['2026-07-09']);
    const all = penaltiesDue(base, '2026-07-30');
    expect(all.map((l) => [l.penalty_date, l.amount])).toEqual([['2026-07-09', KES(500)], ['2026-07-10', KES(500)], ['2026-07-11', KES(500)]]);
    expect(penaltiesDue({ ...base, posted: KES(1200), dates: new Set(['2026-07-09', '2026-07-10']) }, '2026-07-30').map((l) => l.amount)).toEqual([KES(300)]);
  });
  it('once, or a % of the overdue rent (not the whole balance), rounded to the shilling; nothing when paid', () => {
    expect(penaltiesDue({ ...base, frequency: 'once' }, '2026-07-30')).toHaveLength(1);
    expect(penaltiesDue({ ...base, frequency: 'once', dates: new Set(['2026-07-09']) }, '2026-07-30')).toHaveLength(0);
    expect(penaltiesDue({ ...base, type: 'percent', rate: '7.5', frequency: 'once', balance: KES(30000), rent: KES(10001) }, '2026-07-30')[0].amount).toBe(KES(750));
    expect(penaltiesDue({ ...base, balance: 0n }, '2026-07-30')).toEqual([]);
    expect(penaltiesDue({ ...base, type: 'none' }, '2026-07-30')).toEqual([]);
  });
});

describe('the scheduler\'s period', () => {
  it('bills this month when the billing day is on or before the due day, else next month; before the billing day, the last one\'s period (catching up)', () => {
    expect(scheduledPeriod('2026-07-01', 1, 5)).toBe('2026-07');
    expect(scheduledPeriod('2026-07-03', 1, 5)).toBe('2026-07');
    expect(scheduledPeriod('2026-12-25', 25, 5)).toBe('2027-01');
    // down from the 25th of June to the 3rd of July: July (billed on 25 June) is still billed
    expect(scheduledPeriod('2026-07-03', 25, 5)).toBe('2026-07');
    expect(scheduledPeriod('2026-07-24', 25, 5)).toBe('2026-07');
    expect(scheduledPeriod('2026-07-02', 3, 5)).toBe('2026-06');
    expect(scheduledPeriod('2027-01-10', 25, 5)).toBe('2027-01');
    // a billing day past the month's end is its last day
    expect(scheduledPeriod('2026-02-28', 31, 31)).toBe('2026-02');
    expect(scheduledPeriod('2026-02-27', 31, 31)).toBe('2026-01');
    expect(todayIn('Africa/Nairobi', new Date('2026-06-30T21:30:00Z'))).toBe('2026-07-01');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { percentOf } from '../../../../src/shared/money.js';
import { buildTestApp, registeredBrowser, type TestApp } from '../../helpers.js';
import { issue, ledger, pay } from '../payments/fixtures.js';
import { c } from './money-fixtures.js';

// Monthly Rental Income tax (issue 13): per owner and month, the gross rent received (what was
// allocated in the month to the rent of residential properties and to charges marked taxable),
// the rate in force that month from the dated rate table (10 % until 2023, 7.5 % from 2024), the
// tax to the cent and the owner's KRA PIN, as JSON and as CSV; kept to its organisation.

let t: TestApp;
beforeAll(async () => { t = await buildTestApp(); });
afterAll(() => t.close());

const kes = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
/** Days from 2023-10-01 to 2024-03-31: months under both rates. */
const day = (n: number) => new Date(Date.UTC(2023, 9, 1) + n * 86_400_000).toISOString().slice(0, 10);
const MONTHS = ['2023-10', '2023-11', '2023-12', '2024-01', '2024-02', '2024-03'];

type Op = { kind: 'invoice'; at: number; rent: number; other: number | null } | { kind: 'pay'; at: number; amount: number };
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('invoice' as const), at: fc.integer({ min: 0, max: 180 }), rent: fc.integer({ min: 1, max: 5_000_000 }), other: fc.option(fc.integer({ min: 1, max: 500_000 })) }),
  fc.record({ kind: fc.constant('pay' as const), at: fc.integer({ min: 0, max: 182 }), amount: fc.integer({ min: 1, max: 6_000_000 }) }),
);

const runs = Number(process.env.FC_RUNS || 10);
const replay = process.env.FC_SEED ? { seed: Number(process.env.FC_SEED), path: process.env.FC_PATH } : {};

describe('Monthly Rental Income tax', () => {
  it('every month: tax = the rate in force × the taxable rent received, to the cent (10 % in 2023, 7.5 % in 2024) (fast-check)', async () => {
    let n = 0;
    await fc.assert(fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 10 }), async (ops) => {
      const l = await ledger(t.app, `Tax Co ${n++}`);
      const ownerId = String(l.cache.get('property-owners'));
      // per invoice: its rent (taxable) and the days its allocations count from
      const invoices = new Map<string, bigint>();
      for (const o of ops) {
        if (o.kind === 'invoice') {
          const lines = [{ kind: 'rent', description: 'Rent', quantity: '1', rate: kes(o.rent) }];
          if (o.other !== null) lines.push({ kind: 'charge', description: 'Garbage', quantity: '1', rate: kes(o.other) });
          const res = await l.browser.post('/api/v1/invoices', {
            lease_id: l.lease.id, period_start: `${1950 + invoices.size}-01-01`, period_end: `${1950 + invoices.size}-01-28`,
            issue_date: day(o.at), due_date: day(o.at + 5), status: 'issued', lines,
          });
          expect(res.statusCode, res.body).toBe(201);
          invoices.set(String(res.json().id), BigInt(o.rent));
        } else {
          await pay(l, kes(o.amount), { paid_at: `${day(o.at)}T09:00:00.000Z` });
        }
      }
      // what each invoice had been paid by each month's end, from the payments' allocations
      const payments = (await l.browser.get('/api/v1/payments?range=[0,999]')).json() as Array<{ id: string }>;
      const allocations: Array<{ invoice_id: string; amount: string; allocated_on: string }> = [];
      for (const p of payments) allocations.push(...(await l.browser.get(`/api/v1/payments/${p.id}`)).json().allocations);
      const rentPaidBy = (end: string) => {
        let total = 0n;
        for (const [id, rent] of invoices) {
          const paid = allocations.filter((a) => a.invoice_id === id && a.allocated_on <= end).reduce((s, a) => s + c(a.amount), 0n);
          total += paid < rent ? paid : rent; // the rent is paid before the other charges
        }
        return total;
      };
      let previous = 0n;
      for (const month of MONTHS) {
        const res = await l.browser.get(`/api/v1/reports/rental-income-tax?owner_id=${ownerId}&month=${month}`);
        expect(res.statusCode, res.body).toBe(200);
        const r = res.json();
        const end = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5)), 0)).toISOString().slice(0, 10);
        const upTo = rentPaidBy(end);
        const gross = upTo - previous;
        previous = upTo;
        const rate = month < '2024-01' ? '10' : '7.5';
        expect(r.rate).toBe(rate);
        expect(r.owners).toHaveLength(1);
        expect(c(r.owners[0].gross_rent), month).toBe(gross);
        expect(c(r.owners[0].tax_due), month).toBe(percentOf(gross, rate));
        expect(r.totals).toEqual({ gross_rent: r.owners[0].gross_rent, tax_due: r.owners[0].tax_due });
      }
    }), { numRuns: runs, ...replay });
  }, 600_000);

  it('names the owner’s KRA PIN and the filing date, leaves out deposits, commercial rent and charges not marked taxable, and downloads as CSV', async () => {
    const l = await ledger(t.app, 'Tax Shape Co');
    const ownerId = String(l.cache.get('property-owners'));
    const owner = (await l.browser.get(`/api/v1/property-owners/${ownerId}`)).json() as { name: string; kra_pin: string };
    const taxable = (await l.browser.post('/api/v1/charges', { name: 'Service charge', category: 'service', amount: '1000', billing: 'monthly', metered: false, taxable: true, refundable: false, kept_by: 'owner', priority: 50 })).json();
    const deposit = (await l.browser.post('/api/v1/charges', { name: 'Deposit', category: 'deposit', amount: '1000', billing: 'one_off', metered: false, taxable: true, refundable: true, kept_by: 'owner', priority: 1 })).json();
    const res = await l.browser.post('/api/v1/invoices', {
      lease_id: l.lease.id, period_start: '2024-02-01', period_end: '2024-02-29', issue_date: '2024-02-01', due_date: '2024-02-05', status: 'issued',
      lines: [
        { kind: 'charge', charge_id: deposit.id, description: 'Deposit', quantity: '1', rate: '20000' },
        { kind: 'rent', description: 'Rent', quantity: '1', rate: '20000' },
        { kind: 'charge', charge_id: taxable.id, description: 'Service charge', quantity: '1', rate: '1000' },
        { kind: 'charge', description: 'Garbage', quantity: '1', rate: '300' },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    await pay(l, '41300.00', { paid_at: '2024-02-03T09:00:00.000Z' });
    const r = (await l.browser.get(`/api/v1/reports/rental-income-tax?owner_id=${ownerId}&month=2024-02`)).json();
    expect(r).toMatchObject({
      month: '2024-02', rate: '7.5', rate_valid_from: '2024-01-01', due_date: '2024-03-20', owner_id: ownerId,
      owners: [{ owner_id: ownerId, owner: owner.name, kra_pin: owner.kra_pin, gross_rent: '21000.00', tax_due: '1575.00' }],
      totals: { gross_rent: '21000.00', tax_due: '1575.00' },
    });
    // every owner (the agent's filing list): the same owner, no one with nothing received
    const all = (await l.browser.get('/api/v1/reports/rental-income-tax?month=2024-02')).json();
    expect(all.owners.map((o: { owner_id: string }) => o.owner_id)).toEqual([ownerId]);
    expect((await l.browser.get('/api/v1/reports/rental-income-tax?month=2024-03')).json().owners).toEqual([]);
    // a commercial property's rent is not residential rental income
    const property = (await l.browser.get(`/api/v1/properties/${l.cache.get('properties')}`)).json() as object;
    expect((await l.browser.put(`/api/v1/properties/${l.cache.get('properties')}`, { ...property, kind: 'commercial' })).statusCode).toBe(200);
    expect((await l.browser.get(`/api/v1/reports/rental-income-tax?owner_id=${ownerId}&month=2024-02`)).json().totals).toEqual({ gross_rent: '1000.00', tax_due: '75.00' });

    const csv = await l.browser.get(`/api/v1/reports/rental-income-tax?owner_id=${ownerId}&month=2024-02&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain(owner.kra_pin);
    expect(csv.body).toContain('Gross rent received');
    expect(csv.body).toMatch(/Tax due,75\.00/);
    expect((await l.browser.get('/api/v1/reports/rental-income-tax?month=2024-13')).statusCode).toBe(422);
    expect((await l.browser.get('/api/v1/reports/rental-income-tax?month=2024-2')).statusCode).toBe(422);

    // another organisation: A's owner is a 404, and A's rent is nowhere in B's report
    const b = await registeredBrowser(t.app, { org: 'Tax Other Co' });
    expect((await b.browser.get(`/api/v1/reports/rental-income-tax?owner_id=${ownerId}&month=2024-02`)).statusCode).toBe(404);
    expect((await b.browser.get('/api/v1/reports/rental-income-tax?month=2024-02')).json()).toMatchObject({ owners: [], totals: { gross_rent: '0.00', tax_due: '0.00' } });
  });

  it('2023 months keep 10 %: one month under each rate', async () => {
    const l = await ledger(t.app, 'Tax Rates Co');
    await issue(l, { due: '2023-12-05', issue: '2023-12-01', amounts: ['33333.33'] });
    await pay(l, '33333.33', { paid_at: '2023-12-20T09:00:00.000Z' });
    await issue(l, { due: '2024-01-05', issue: '2024-01-01', amounts: ['33333.33'] });
    await pay(l, '33333.33', { paid_at: '2024-01-20T09:00:00.000Z' });
    // the sample lines are charges not marked taxable: mark theirs so
    const dec = (await l.browser.get('/api/v1/reports/rental-income-tax?month=2023-12')).json();
    expect(dec.totals.gross_rent).toBe('0.00');
    const charge = (await l.browser.post('/api/v1/charges', { name: 'Rent (taxable)', category: 'rent', amount: '1', billing: 'monthly', metered: false, taxable: true, refundable: false, kept_by: 'owner', priority: 1 })).json();
    await issue(l, { due: '2023-11-05', issue: '2023-11-01', amounts: ['10000.05'], chargeIds: [charge.id] });
    await pay(l, '10000.05', { paid_at: '2023-11-10T09:00:00.000Z' });
    await issue(l, { due: '2024-02-05', issue: '2024-02-01', amounts: ['10000.05'], chargeIds: [charge.id] });
    await pay(l, '10000.05', { paid_at: '2024-02-10T09:00:00.000Z' });
    expect((await l.browser.get('/api/v1/reports/rental-income-tax?month=2023-11')).json()).toMatchObject({ rate: '10', totals: { gross_rent: '10000.05', tax_due: '1000.01' } });
    expect((await l.browser.get('/api/v1/reports/rental-income-tax?month=2024-02')).json()).toMatchObject({ rate: '7.5', totals: { gross_rent: '10000.05', tax_due: '750.00' } });
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, type Database } from '../../../../src/server/db/client.js';
import { runBilling } from '../../../../src/server/domain/billing/runs.js';
import { buildTestApp, onPostgres, registeredBrowser, testDatabase, type Browser, type TestApp } from '../../helpers.js';
import { invoiceFor, letHouse, month, runAndWait } from './tenancy.js';
import { seedOrganization } from './seed.js';
import { formatDay } from '../../../../src/shared/format.js';

// Metered water on the rent invoice: consumption = this reading − the previous one, billed once per
// pair of readings, a replacement restarting the count, a lower reading refused with a clear error.

let t: TestApp;
beforeAll(async () => { t = await buildTestApp(); });
afterAll(() => t.close());

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const daysAgo = (n: number) => isoDay(new Date(Date.now() + 3 * 3600_000 - n * 86_400_000));

/** An organisation with one active lease (rent 25,000) in a house with a water meter at KES 150/m³, minimum 500, standing 100. */
async function meteredTenancy(name: string) {
  const start = daysAgo(40).slice(0, 8) + '01';
  const o = await letHouse(t, name, { start_date: start, rent: '25000.00' });
  const charge = await o.browser.post('/api/v1/charges', {
    name: 'Water', category: 'utility', amount: '150.00', billing: 'monthly', metered: true, minimum_charge: '500.00', standing_charge: '100.00',
  });
  expect(charge.statusCode, charge.body).toBe(201);
  const meter = await o.browser.post('/api/v1/meters', { house_id: o.house.id, number: 'WM-0042', utility: 'water', unit: 'm3', charge_id: charge.json().id });
  expect(meter.statusCode, meter.body).toBe(201);
  expect(meter.json()).toMatchObject({ property_id: o.property.id, active: true });
  return { ...o, start, charge: charge.json(), meter: meter.json() };
}

async function read(browser: Browser, meterId: string, date: string, value: string, extra: Record<string, unknown> = {}) {
  return browser.post('/api/v1/readings', { meter_id: meterId, date, value, ...extra });
}

type Line = { description: string; quantity: string; rate: string; amount: string; meter_previous: string | null; meter_current: string | null; charge_id: string | null };
const waterLines = (inv: { lines: Line[] }) => inv.lines.filter((l) => l.description.startsWith('Water'));

describe('metered water on the rent invoice', () => {
  it('bills each pair of readings once; a replacement restarts the count; a lower reading is refused with a clear error', async () => {
    const o = await meteredTenancy('Maji Safi Lettings');
    const first = await read(o.browser, String(o.meter.id), o.start, '100');
    expect(first.statusCode, first.body).toBe(201);
    // the meter's first reading counts from nothing: the baseline
    expect(first.json()).toMatchObject({ value: '100', previous_value: null, consumption: null, taken_by_id: o.user.id, house_id: o.house.id, invoice_id: null });
    const second = await read(o.browser, String(o.meter.id), daysAgo(20), '112.5');
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json()).toMatchObject({ previous_value: '100', consumption: '12.5', previous_id: first.json().id });

    const next = month(1);
    expect((await runAndWait(o.browser, next)).status).toBe('done');
    const inv = await invoiceFor(o.browser, String(o.lease.id), `${next}-01`);
    expect(waterLines(inv)).toEqual([
      expect.objectContaining({ quantity: '12.5', rate: '150.00', amount: '1875.00', meter_previous: '100', meter_current: '112.5', charge_id: o.charge.id }),
      expect.objectContaining({ description: expect.stringContaining('standing charge'), quantity: '1', rate: '100.00', amount: '100.00' }),
    ]);
    expect(waterLines(inv)[0].description).toContain('12.5 m³');
    expect(inv.total).toBe('26975.00');
    expect((await o.browser.get(`/api/v1/readings/${second.json().id}`)).json().invoice_id).toBe(inv.id);

    // the same period again: nothing more; the billed reading no longer changes
    await runAndWait(o.browser, next);
    expect((await invoiceFor(o.browser, String(o.lease.id), `${next}-01`)).total).toBe('26975.00');
    const edit = await o.browser.put(`/api/v1/readings/${second.json().id}`, { value: '113' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toContain(inv.number);

    // lower than the last: refused on `value`, saying what to do, and nothing is written
    const lower = await read(o.browser, String(o.meter.id), daysAgo(10), '110');
    expect(lower.statusCode).toBe(422);
    expect(lower.json().errors.value[0]).toBe(`This reading (110 m³) is lower than meter WM-0042's last one (112.5 m³ on ${formatDay(daysAgo(20))}). A meter only counts up: check the figure, or mark the reading as a meter replacement if the meter was changed.`);
    // dated before the last one: refused on `date`
    expect((await read(o.browser, String(o.meter.id), daysAgo(30), '120')).json().errors).toHaveProperty('date');
    const before = (await o.browser.get(`/api/v1/readings?filter=${encodeURIComponent(JSON.stringify({ meter_id: o.meter.id }))}`)).json();
    expect(before).toHaveLength(2);

    // a new meter: the replacement reading starts the count again and bills nothing itself
    const replaced = await read(o.browser, String(o.meter.id), daysAgo(10), '5', { replacement: true, note: 'New meter fitted' });
    expect(replaced.statusCode, replaced.body).toBe(201);
    expect(replaced.json()).toMatchObject({ previous_value: '112.5', consumption: null, replacement: true });
    // only the latest reading changes: the one before it is held by the chain
    expect((await o.browser.delete(`/api/v1/readings/${first.json().id}`)).statusCode).toBe(409);
    const after = await read(o.browser, String(o.meter.id), daysAgo(0), '7.25');
    expect(after.statusCode, after.body).toBe(201);
    expect(after.json()).toMatchObject({ previous_value: '5', consumption: '2.25' });

    const later = month(2);
    await runAndWait(o.browser, later);
    const inv2 = await invoiceFor(o.browser, String(o.lease.id), `${later}-01`);
    // 2.25 m³ × 150 = 337.50, below the minimum: the minimum is billed
    expect(waterLines(inv2)).toEqual([
      expect.objectContaining({ quantity: '1', rate: '500.00', amount: '500.00', meter_previous: '5', meter_current: '7.25' }),
      expect.objectContaining({ amount: '100.00' }),
    ]);
    expect(waterLines(inv2)[0].description).toContain('minimum charge');
    expect(inv2.total).toBe('25600.00');
    expect((await o.browser.get(`/api/v1/readings/${replaced.json().id}`)).json().invoice_id).toBeNull();

    // and never again
    const third = month(3);
    await runAndWait(o.browser, third);
    expect(waterLines(await invoiceFor(o.browser, String(o.lease.id), `${third}-01`))).toEqual([]);

    // the reading's history says where it was billed
    const history = (await o.browser.get(`/api/v1/readings/${after.json().id}/history`)).json();
    expect(history.entries[0]).toMatchObject({ action: 'bill', details: expect.objectContaining({ amount: '600.00' }) });
  });

  it('voiding the invoice gives its readings back: the next invoice bills them, once', async () => {
    const o = await meteredTenancy('Maji Tena Lettings');
    expect((await read(o.browser, String(o.meter.id), o.start, '100')).statusCode).toBe(201);
    const second = await read(o.browser, String(o.meter.id), daysAgo(20), '112.5');
    expect(second.statusCode, second.body).toBe(201);
    const next = month(1);
    await runAndWait(o.browser, next);
    const wrong = await invoiceFor(o.browser, String(o.lease.id), `${next}-01`);
    expect(waterLines(wrong)).toHaveLength(2);

    const voided = await o.browser.post(`/api/v1/invoices/${wrong.id}/void`, { reason: 'Wrong rent on it' });
    expect(voided.statusCode, voided.body).toBe(200);
    // the reading is unbilled again (and may be corrected), its history saying why
    expect((await o.browser.get(`/api/v1/readings/${second.json().id}`)).json().invoice_id).toBeNull();
    const history = (await o.browser.get(`/api/v1/readings/${second.json().id}/history`)).json();
    expect(history.entries[0]).toMatchObject({ action: 'release', reason: 'Wrong rent on it' });

    const later = month(2);
    await runAndWait(o.browser, later);
    const rebilled = await invoiceFor(o.browser, String(o.lease.id), `${later}-01`);
    expect(waterLines(rebilled)).toEqual([
      expect.objectContaining({ quantity: '12.5', amount: '1875.00', meter_previous: '100', meter_current: '112.5' }),
      expect.objectContaining({ amount: '100.00' }),
    ]);
    expect((await o.browser.get(`/api/v1/readings/${second.json().id}`)).json().invoice_id).toBe(rebilled.id);
    // and only there
    const third = month(3);
    await runAndWait(o.browser, third);
    expect(waterLines(await invoiceFor(o.browser, String(o.lease.id), `${third}-01`))).toEqual([]);
  });

  it('a meter takes only a metered charge; an inactive meter takes no readings; a future date is refused', async () => {
    const o = await meteredTenancy('Mita Rules');
    const flat = await o.browser.post('/api/v1/charges', { name: 'Garbage', category: 'service', amount: '300.00', billing: 'monthly', metered: false });
    expect(flat.statusCode, flat.body).toBe(201);
    const wrong = await o.browser.put(`/api/v1/meters/${o.meter.id}`, { charge_id: flat.json().id });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.charge_id[0]).toContain('not a metered charge');
    const standing = await o.browser.post('/api/v1/charges', { name: 'Security', category: 'service', amount: '300.00', billing: 'monthly', metered: false, standing_charge: '50.00' });
    expect(standing.statusCode).toBe(422);
    expect(standing.json().errors).toHaveProperty('standing_charge');
    const future = await read(o.browser, String(o.meter.id), isoDay(new Date(Date.now() + 5 * 86_400_000)), '1');
    expect(future.json().errors).toHaveProperty('date');
    expect((await o.browser.put(`/api/v1/meters/${o.meter.id}`, { active: false })).statusCode).toBe(200);
    const inactive = await read(o.browser, String(o.meter.id), daysAgo(1), '1');
    expect(inactive.statusCode).toBe(422);
    expect(inactive.json().errors.meter_id[0]).toContain('inactive');
  });

  it('another organisation cannot read, change or reference the meters and readings', async () => {
    const o = await meteredTenancy('Private Meters Ltd');
    const reading = (await read(o.browser, String(o.meter.id), daysAgo(5), '40')).json();
    const other = await registeredBrowser(t.app, { org: 'Nosy Meters' });
    const b = other.browser;
    for (const path of [`/api/v1/meters/${o.meter.id}`, `/api/v1/readings/${reading.id}`]) {
      expect((await b.get(path)).statusCode).toBe(404);
      expect((await b.put(path, { notes: 'x', note: 'x' })).statusCode).toBe(404);
      expect((await b.delete(path)).statusCode).toBe(404);
    }
    expect((await b.get('/api/v1/meters')).json()).toEqual([]);
    expect((await b.get(`/api/v1/readings?filter=${encodeURIComponent(JSON.stringify({ meter_id: o.meter.id }))}`)).json()).toEqual([]);
    // a reading cannot name another organisation's meter; a meter cannot name its house or charge
    const foreign = await read(b, String(o.meter.id), daysAgo(1), '50');
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors).toHaveProperty('meter_id');
    const meter = await b.post('/api/v1/meters', { house_id: o.house.id, number: 'X1', charge_id: o.charge.id });
    expect(meter.statusCode).toBe(422);
    expect(meter.json().errors).toHaveProperty('house_id');
    expect(meter.json().errors).toHaveProperty('charge_id');
    // the walk shows nothing of it either
    expect((await b.get(`/api/v1/readings/walk?property_id=${o.house.property_id}`)).statusCode).toBe(404);
    // and the owner's records are as they were
    expect((await o.browser.get(`/api/v1/readings/${reading.id}`)).json()).toMatchObject({ value: '40', note: null });
  });
});

// Two billing runs for different months at once, on separate connections: each reading lands on
// one invoice only (it is locked while the first run's batch commits).
const pgOnly = describe.skipIf(!onPostgres());
pgOnly('readings under concurrent billing runs (PostgreSQL only: separate connections)', () => {
  let a: Database;
  let b: Database;
  beforeAll(async () => { a = await testDatabase(); b = await testDatabase(); });
  afterAll(async () => { await a?.close(); await b?.close(); });

  it('two runs for two months at once bill each reading exactly once', async () => {
    const org = await seedOrganization(a.db, 30, { start: '2026-01-01' });
    const p = org.slice(-8);
    await a.db.execute(sql`insert into charges (organization_id, id, name, category, amount, billing, metered) values (${org}, ${`CW${p}`}, 'Water', 'utility', 150, 'monthly', true)`);
    await a.db.execute(sql`
      insert into meters (organization_id, id, house_id, property_id, number, charge_id)
      select ${org}, 'ME' || ${p} || lpad(g::text, 8, '0'), 'HO' || ${p} || lpad(g::text, 8, '0'), ${`PR${p}`}, 'WM-' || g, ${`CW${p}`}
      from generate_series(1, 30) g`);
    await a.db.execute(sql`
      insert into readings (organization_id, id, meter_id, house_id, date, value, previous_value, consumption)
      select ${org}, 'RE' || ${p} || lpad(g::text, 8, '0'), 'ME' || ${p} || lpad(g::text, 8, '0'), 'HO' || ${p} || lpad(g::text, 8, '0'), '2026-02-27', 110, 100, 10
      from generate_series(1, 30) g`);
    const [r1, r2] = await Promise.all([
      runBilling(a.db, org, '2026-03', { batchSize: 4 }),
      runBilling(b.db, org, '2026-04', { batchSize: 5 }),
    ]);
    expect([r1.status, r2.status]).toEqual(['done', 'done']);
    const lines = rowsOf<{ n: number; total: string }>(await a.db.execute(sql`
      select count(*)::int as n, sum(amount)::text as total from invoice_lines where organization_id = ${org} and meter_current is not null`));
    expect(lines[0]).toEqual({ n: 30, total: '45000.00' });
    const billed = rowsOf<{ n: number }>(await a.db.execute(sql`
      select count(*)::int as n from readings r join invoices i on i.organization_id = r.organization_id and i.id = r.invoice_id
      where r.organization_id = ${org} and i.house_id = r.house_id`));
    expect(billed[0].n).toBe(30);
  });
});

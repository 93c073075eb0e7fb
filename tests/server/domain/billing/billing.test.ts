import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceByName } from '../../../../resources/index.js';
import { rowsOf } from '../../../../src/server/db/client.js';
import { buildTestApp, registeredBrowser, type Browser, type TestApp } from '../../helpers.js';
import { createSample } from '../../crud/samples.js';
import { schedulerEnabled, schedulerTick } from '../../../../src/server/domain/billing/scheduler.js';

let t: TestApp;
beforeAll(async () => { t = await buildTestApp(); });
afterAll(() => t.close());

const houses = resourceByName('houses')!;
const leases = resourceByName('leases')!;
const charges = resourceByName('charges')!;

/** A lease with plain terms (no escalation, penalty or ending fields from the sample). */
const CLEAN = {
  start_date: '2026-06-05', end_date: null, rent: '25000.00', deposit: '0.00', billing_frequency: 'monthly', due_day: 5,
  escalation_rate: null, escalation_months: null, notice_date: null, move_out_date: null, status: 'draft',
  penalty_type: null, penalty_amount: null, penalty_rate: null, penalty_frequency: null, penalty_cap: null, charges: [],
};

async function org(name: string) {
  const r = await registeredBrowser(t.app, { org: name });
  return { ...r, cache: new Map<string, string>() };
}
type Org = Awaited<ReturnType<typeof org>>;

async function newLease(o: Org, over: Record<string, unknown> = {}) {
  o.cache.delete('houses');
  const house = await createSample(o.browser, houses, o.user.id, o.cache, { status: 'vacant' });
  o.cache.set('houses', String(house.id));
  return createSample(o.browser, leases, o.user.id, o.cache, { ...CLEAN, house_id: house.id, ...over });
}

/** Activates a lease on its start date (the server's today for the request), as the tenant moves in. */
async function activateOn(o: Org, lease: Record<string, unknown>) {
  t.clock.today = String(lease.start_date);
  try {
    return await o.browser.post(`/api/v1/leases/${lease.id}/activate`);
  } finally {
    t.clock.today = null;
  }
}

async function invoicesOf(browser: Browser, leaseId: string) {
  const res = await browser.get(`/api/v1/invoices?filter=${encodeURIComponent(JSON.stringify({ lease_id: leaseId }))}&sort=${encodeURIComponent('["period_start","ASC"]')}`);
  const list = res.json() as Array<{ id: string }>;
  return Promise.all(list.map(async (i) => (await browser.get(`/api/v1/invoices/${i.id}`)).json()));
}

/** A cash payment for the lease's tenant, allocated by the server (oldest due first). */
async function payCash(o: Org, lease: Record<string, unknown>, amount: string, paidAt: string) {
  const channel = o.cache.get('payment-channels') ?? String((await createSample(o.browser, resourceByName('payment-channels')!, o.user.id, o.cache)).id);
  o.cache.set('payment-channels', channel);
  const res = await o.browser.post('/api/v1/payments', { tenant_id: lease.tenant_id, channel_id: channel, method: 'cash', amount, paid_at: paidAt });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function runAndWait(browser: Browser, period: string) {
  const res = await browser.post('/api/v1/billing-runs', { period });
  expect(res.statusCode, res.body).toBe(202);
  for (let i = 0; i < 200; i++) {
    const run = (await browser.get(`/api/v1/billing-runs/${res.json().id}`)).json();
    if (run.status === 'done' || run.status === 'failed') return run;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('billing run did not finish');
}

async function audit(recordId: string) {
  return rowsOf<{ action: string; user_id: string | null; before: unknown; after: unknown; reason: string | null }>(
    await t.database.db.execute(sql`select action, user_id, before, after, reason from audit_log where record_id = ${recordId} order by at, id`));
}

describe('lease lifecycle', () => {
  it('activating bills the first prorated period at once, holds the house, and is audited', async () => {
    const o = await org('Activation Ltd');
    const garbage = await createSample(o.browser, charges, o.user.id, o.cache, { name: 'Garbage', category: 'service', amount: '300.00', billing: 'monthly', metered: false });
    const lease = await newLease(o, { deposit: '50000.00', charges: [{ charge_id: garbage.id }] });
    // a second draft for the same house, saved while the house is still free (two drafts may compete)
    const other = await createSample(o.browser, leases, o.user.id, o.cache, { ...CLEAN, house_id: lease.house_id });
    const res = await activateOn(o, lease);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().lease).toMatchObject({ status: 'active', activated_on: '2026-06-05' });
    expect(res.json().invoice.number).toBe('INV-000001');
    const [invoice] = await invoicesOf(o.browser, String(lease.id));
    // due on the 5th, but never before the activation day plus the grace days (3)
    expect(invoice).toMatchObject({ status: 'issued', period_start: '2026-06-01', period_end: '2026-06-30', issue_date: '2026-06-05', due_date: '2026-06-08', total: '71927.00', paid: '0.00', balance: '71927.00' });
    // the lease's deposit is billed with the first period (the tenant pays it before the keys);
    // 25,000 × 26/30 = 21,666.67 → 21,667; 300 × 26/30 = 260
    expect(invoice.lines.map((l: { kind: string; amount: string }) => [l.kind, l.amount])).toEqual([['deposit', '50000.00'], ['rent', '21667.00'], ['charge', '260.00']]);
    expect((await o.browser.get(`/api/v1/houses/${lease.house_id}`)).json().status).toBe('occupied');
    expect((await audit(String(lease.id))).map((a) => a.action)).toContain('activate');
    expect((await audit(invoice.id))[0]).toMatchObject({ action: 'activate_lease', user_id: o.user.id });

    // again: 409; another lease on the same house: 409, and the form cannot skip the actions
    expect((await activateOn(o, lease)).statusCode).toBe(409);
    // a new lease for the now held house is refused when saved, naming the house (issue 15)
    const third = await o.browser.post('/api/v1/leases', { ...other, id: undefined });
    expect(third.statusCode).toBe(422);
    expect(third.json().errors.house_id[0]).toMatch(/is let to/);
    const clash = await activateOn(o, other);
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe('This house already has an active lease.');
    const put = await o.browser.put(`/api/v1/leases/${other.id}`, { ...other, status: 'active' });
    expect(put.statusCode).toBe(409);
    expect(put.json().message).toMatch(/activate/);
    expect((await o.browser.put(`/api/v1/leases/${other.id}`, { ...other, rent: '26000.00' })).statusCode).toBe(200);
  });

  it('notice, then end: untouched future invoices are voided, the last period credited, the deposit paid applied and the rest refundable', async () => {
    const o = await org('Ending Ltd');
    const lease = await newLease(o, { start_date: '2026-06-01', rent: '31000.00', deposit: '40000.00' });
    await activateOn(o, lease);
    // the deposit is paid (a payment pays the deposit of its invoice first); June's rent is not
    await payCash(o, lease, '40000.00', '2026-06-01T08:00:00.000Z');
    await runAndWait(o.browser, '2026-07');
    await runAndWait(o.browser, '2026-08');
    const notice = await o.browser.post(`/api/v1/leases/${lease.id}/notice`, { notice_date: '2026-06-20', move_out_date: '2026-07-15' });
    expect(notice.statusCode, notice.body).toBe(200);
    expect(notice.json().lease).toMatchObject({ status: 'notice', move_out_date: '2026-07-15' });
    expect((await o.browser.get(`/api/v1/houses/${lease.house_id}`)).json().status).toBe('occupied');

    const end = await o.browser.post(`/api/v1/leases/${lease.id}/end`, { apply_deposit_to_arrears: true });
    expect(end.statusCode, end.body).toBe(200);
    const [june, july, august] = await invoicesOf(o.browser, String(lease.id));
    expect(august).toMatchObject({ status: 'void', void_reason: 'Lease ended', balance: '0.00' });
    // July billed whole (31,000), credited 16 of 31 days: 15,000 due; June's rent 31,000 → arrears 46,000
    expect(end.json().last_period).toEqual({ invoice_id: july.id, adjustment: '-16000.00' });
    expect(end.json().settlement).toMatchObject({ deposit: '40000.00', unpaid_cancelled: '0.00', arrears: '46000.00', applied: '40000.00', refundable: '0.00' });
    // June: deposit 40,000 + rent 31,000, the deposit applied to its rent: 40,000 paid by the deposit payment
    expect(june).toMatchObject({ total: '40000.00', paid: '40000.00', balance: '0.00', status: 'paid' });
    expect(july).toMatchObject({ total: '6000.00', balance: '6000.00' });
    expect(july.lines.map((l: { kind: string; amount: string; posted_on: string | null }) => [l.kind, l.amount, l.posted_on]))
      .toEqual([['rent', '31000.00', null], ['adjustment', '-16000.00', '2026-07-15'], ['deposit', '-9000.00', '2026-07-15']]);
    expect((await o.browser.get(`/api/v1/houses/${lease.house_id}`)).json().status).toBe('vacant');
    expect((await o.browser.get(`/api/v1/leases/${lease.id}`)).json().status).toBe('ended');
    expect((await audit(august.id)).map((a) => [a.action, a.reason])).toContainEqual(['void', 'Lease ended']);
    const [settlement] = rowsOf<{ applied: string; refundable: string }>(await t.database.db.execute(sql`select applied::text, refundable::text from deposit_settlements where lease_id = ${lease.id}`));
    expect(settlement).toEqual({ applied: '40000.00', refundable: '0.00' });
    // ended: no more billing, no second ending
    const after = await runAndWait(o.browser, '2026-09');
    expect(after.made).toBe(0);
    expect((await o.browser.post(`/api/v1/leases/${lease.id}/end`, {})).statusCode).toBe(409);
  });

  it('a deposit billed but never paid is not held: nothing of it pays the arrears, and the unpaid deposit is cancelled at the move-out', async () => {
    const o = await org('Unpaid Deposit Ltd');
    const lease = await newLease(o, { start_date: '2026-06-01', rent: '30000.00', deposit: '30000.00' });
    await activateOn(o, lease);
    // 10,000 paid: all of it the deposit's (paid first); 20,000 of the deposit and the rent unpaid
    await payCash(o, lease, '10000.00', '2026-06-02T08:00:00.000Z');
    const end = await o.browser.post(`/api/v1/leases/${lease.id}/end`, { move_out_date: '2026-06-30', apply_deposit_to_arrears: true });
    expect(end.statusCode, end.body).toBe(200);
    expect(end.json().settlement).toMatchObject({ deposit: '10000.00', unpaid_cancelled: '20000.00', arrears: '30000.00', applied: '10000.00', refundable: '0.00' });
    const [june] = await invoicesOf(o.browser, String(lease.id));
    // 30,000 + 30,000 − 20,000 cancelled − 10,000 applied = 30,000, of which 10,000 paid: 20,000 of the rent still owed
    expect(june).toMatchObject({ total: '30000.00', paid: '10000.00', balance: '20000.00' });
    expect(june.lines.map((l: { kind: string; amount: string; description: string }) => [l.kind, l.amount, l.description])).toEqual([
      ['deposit', '30000.00', 'Deposit'], ['rent', '30000.00', 'Rent Jun 2026'],
      ['deposit', '-20000.00', 'Unpaid deposit cancelled at move-out'], ['deposit', '-10000.00', 'Deposit applied to arrears'],
    ]);
  });

  it('ending without applying the deposit leaves it all refundable and bills a missing last period prorated', async () => {
    const o = await org('Refund Ltd');
    const lease = await newLease(o, { start_date: '2026-06-01', rent: '30000.00', deposit: '30000.00' });
    await activateOn(o, lease);
    await payCash(o, lease, '30000.00', '2026-06-01T08:00:00.000Z');
    const end = await o.browser.post(`/api/v1/leases/${lease.id}/end`, { move_out_date: '2026-07-10' });
    expect(end.statusCode, end.body).toBe(200);
    expect(end.json().settlement).toMatchObject({ deposit: '30000.00', arrears: '39677.00', applied: '0.00', refundable: '30000.00' });
    const [, july] = await invoicesOf(o.browser, String(lease.id));
    // 30,000 × 10/31 = 9,677.42 → 9,677
    expect(july).toMatchObject({ period_start: '2026-07-01', total: '9677.00' });
  });
});

describe('billing runs', () => {
  it('one invoice per lease and period with its lines frozen, gapless numbers, and a re-run makes nothing', async () => {
    const o = await org('Runs Ltd');
    const water = await createSample(o.browser, charges, o.user.id, o.cache, { name: 'Service', category: 'service', amount: '1000.00', billing: 'monthly', metered: false });
    const a = await newLease(o, { start_date: '2026-06-01', charges: [{ charge_id: water.id, amount: '800.00' }] });
    const b = await newLease(o, { start_date: '2026-07-20', rent: '31000.00' });
    const draft = await newLease(o, { start_date: '2026-06-01' });
    const later = await newLease(o, { start_date: '2026-06-01' });
    for (const l of [a, b, later]) expect((await activateOn(o, l)).statusCode).toBe(200);
    await o.browser.post(`/api/v1/leases/${later.id}/notice`, { notice_date: '2026-06-10', move_out_date: '2026-06-30' });
    // b's activation billed July already (its first period)

    const run = await runAndWait(o.browser, '2026-07');
    expect(run).toMatchObject({ status: 'done', period: '2026-07', period_start: '2026-07-01', made: 1, total: 4, processed: 4, skipped: 3 });
    expect(run.skipped_by_reason).toEqual({ already_billed: 1, draft: 1, ended: 1 });
    expect(run.skipped_reasons).toContainEqual({ lease_id: draft.id, reason: 'draft' });
    const [, julyA] = await invoicesOf(o.browser, String(a.id));
    expect(julyA).toMatchObject({ number: 'INV-000004', status: 'issued', total: '25800.00', balance: '25800.00', due_date: '2026-07-05' });
    expect(julyA.lines.map((l: { kind: string; rate: string; amount: string }) => [l.kind, l.amount])).toEqual([['rent', '25000.00'], ['charge', '800.00']]);
    const [julyB] = await invoicesOf(o.browser, String(b.id));
    expect(julyB).toMatchObject({ number: 'INV-000002', total: '12000.00' }); // 31,000 × 12/31

    // a price change later does not touch the issued lines
    await o.browser.put(`/api/v1/charges/${water.id}`, { ...water, amount: '2000.00' });
    const again = await runAndWait(o.browser, '2026-07');
    expect(again).toMatchObject({ made: 0, skipped: 4 });
    expect(again.skipped_by_reason).toEqual({ already_billed: 2, draft: 1, ended: 1 });
    // the billed ones are counted, not listed (a re-run of a large organisation would list them all)
    expect(again.already_billed).toBe(2);
    expect(again.skipped_reasons).toEqual(expect.arrayContaining([{ lease_id: draft.id, reason: 'draft' }]));
    expect(again.skipped_reasons).toHaveLength(2);
    expect((await invoicesOf(o.browser, String(a.id)))[1].total).toBe('25800.00');

    const aug = await runAndWait(o.browser, '2026-08');
    expect(aug.made).toBe(2);
    const numbers = rowsOf<{ number: string }>(await t.database.db.execute(sql`
      select i.number from invoices i join leases l on l.organization_id = i.organization_id and l.id = i.lease_id
      where l.tenant_id = ${String(a.tenant_id)} or i.organization_id = ${o.organization!.id} order by i.number`)).map((r) => r.number);
    expect(numbers).toEqual(['INV-000001', 'INV-000002', 'INV-000003', 'INV-000004', 'INV-000005', 'INV-000006']);

    const list = (await o.browser.get('/api/v1/billing-runs')).json();
    expect(list.map((r: { id: string }) => r.id)).toEqual([aug.id, again.id, run.id]);
    expect((await o.browser.post('/api/v1/billing-runs', { period: '2026-13' })).statusCode).toBe(422);
  });

  it('another organisation cannot read, run or affect them (404)', async () => {
    const o = await org('Owner Org');
    const lease = await newLease(o, { start_date: '2026-06-01' });
    const run = await runAndWait(o.browser, '2026-06');
    const other = await org('Other Org');
    other.browser.tenant = o.organization!.id;
    expect((await other.browser.get(`/api/v1/billing-runs/${run.id}`)).statusCode).toBe(404);
    expect((await other.browser.post('/api/v1/billing-runs', { period: '2026-06' })).statusCode).toBe(404);
    expect((await other.browser.post(`/api/v1/leases/${lease.id}/activate`)).statusCode).toBe(404);
    other.browser.tenant = null;
    expect((await other.browser.get(`/api/v1/billing-runs/${run.id}`)).statusCode).toBe(404);
    expect((await other.browser.post(`/api/v1/leases/${lease.id}/activate`)).statusCode).toBe(404);
    expect((await other.browser.get('/api/v1/billing-runs')).json()).toEqual([]);
  });
});

describe('penalties', () => {
  it('posted once per invoice and date, daily up to the cap, waivable with a reason', async () => {
    const o = await org('Penalty Ltd');
    const lease = await newLease(o, { start_date: '2026-07-01', penalty_type: 'fixed', penalty_amount: '500.00', penalty_frequency: 'daily', penalty_cap: '1500.00' });
    await activateOn(o, lease);
    // due 5 July, 3 grace days (organisation default): the first penalty is on the 9th
    expect((await o.browser.post('/api/v1/penalties/run', { as_of: '2026-07-08' })).json().posted).toBe(0);
    const first = await o.browser.post('/api/v1/penalties/run', { as_of: '2026-07-10' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ posted: 2, invoices: 1, amount: '1000.00' });
    expect((await o.browser.post('/api/v1/penalties/run', { as_of: '2026-07-10' })).json().posted).toBe(0);
    expect((await o.browser.post('/api/v1/penalties/run', { as_of: '2026-07-30' })).json()).toMatchObject({ posted: 1, amount: '500.00' });
    expect((await o.browser.post('/api/v1/penalties/run', { as_of: '2026-07-31' })).json().posted).toBe(0);
    let [invoice] = await invoicesOf(o.browser, String(lease.id));
    const penalties = invoice.lines.filter((l: { kind: string }) => l.kind === 'penalty');
    expect(penalties.map((l: { penalty_date: string }) => l.penalty_date)).toEqual(['2026-07-09', '2026-07-10', '2026-07-11']);
    expect(invoice).toMatchObject({ total: '26500.00', balance: '26500.00' });

    const rent = invoice.lines.find((l: { kind: string }) => l.kind === 'rent');
    expect((await o.browser.post(`/api/v1/invoices/${invoice.id}/lines/${rent.id}/waive`, { reason: 'x' })).statusCode).toBe(409);
    expect((await o.browser.post(`/api/v1/invoices/${invoice.id}/lines/${penalties[1].id}/waive`, {})).statusCode).toBe(422);
    const waive = await o.browser.post(`/api/v1/invoices/${invoice.id}/lines/${penalties[1].id}/waive`, { reason: 'Paid at the bank on the 8th' });
    expect(waive.statusCode, waive.body).toBe(200);
    expect((await o.browser.post(`/api/v1/invoices/${invoice.id}/lines/${penalties[1].id}/waive`, { reason: 'again' })).statusCode).toBe(409);
    [invoice] = await invoicesOf(o.browser, String(lease.id));
    expect(invoice).toMatchObject({ total: '26000.00', balance: '26000.00' });
    const waived = invoice.lines.find((l: { id: string }) => l.id === penalties[1].id);
    expect(waived).toMatchObject({ waived: true, amount: '0.00' });
    expect((await audit(invoice.id)).map((a) => [a.action, a.reason])).toContainEqual(['waive_penalty', 'Paid at the bank on the 8th']);
    // the waived day is never posted again, and the waiver does not make room under the cap: a
    // penalty for 12 July posted in August would change a July statement already printed
    expect((await o.browser.post('/api/v1/penalties/run', { as_of: '2026-08-01' })).json()).toMatchObject({ posted: 0 });
    [invoice] = await invoicesOf(o.browser, String(lease.id));
    expect(invoice.lines.filter((l: { kind: string }) => l.kind === 'penalty').map((l: { penalty_date: string }) => l.penalty_date))
      .toEqual(['2026-07-09', '2026-07-10', '2026-07-11']);
    // waived today through the API (the statements credit it on that day)
    expect(waived.waived_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(waived.waived_on >= '2026-07-10').toBe(true);
  });

  it('the organisation rule applies when the lease and property say nothing; % of the overdue rent, once', async () => {
    const o = await org('Rule Ltd');
    const settings = (await o.browser.get('/api/v1/settings')).json();
    const put = await o.browser.put('/api/v1/settings', { ...settings, penalty_type: 'percent', penalty_rate: '10', penalty_frequency: 'once', grace_days: 0 });
    expect(put.statusCode, put.body).toBe(200);
    const lease = await newLease(o, { start_date: '2026-07-01', rent: '12345.00' });
    await activateOn(o, lease);
    expect((await o.browser.post('/api/v1/penalties/run', { as_of: '2026-09-01' })).json()).toEqual({ posted: 1, invoices: 1, amount: '1235.00' });
    const [invoice] = await invoicesOf(o.browser, String(lease.id));
    expect(invoice.lines.find((l: { kind: string }) => l.kind === 'penalty')).toMatchObject({ penalty_date: '2026-07-06', amount: '1235.00' });
  });
});

describe('the scheduler', () => {
  it('is off under tests; on its billing day an organisation gets one scheduled run however many ticks, and its penalties', async () => {
    expect(schedulerEnabled({ VITEST: 'true' })).toBe(false);
    expect(schedulerEnabled({ NODE_ENV: 'test' })).toBe(false);
    expect(schedulerEnabled({ BILLING_SCHEDULER: '0' })).toBe(false);
    expect(schedulerEnabled({})).toBe(true);
    const o = await org('Scheduled Ltd');
    const lease = await newLease(o, { start_date: '2026-07-01', penalty_type: 'fixed', penalty_amount: '200.00', penalty_frequency: 'once' });
    await activateOn(o, lease);
    const only = [o.organization!.id];
    // 31 July 21:30 UTC is 1 August in Nairobi: the billing day (1) of August
    const now = new Date('2026-07-31T21:30:00Z');
    const ticks = await Promise.all([schedulerTick(t.database.db, now, undefined, only), schedulerTick(t.database.db, now, undefined, only)]);
    expect(ticks.flat()).toHaveLength(1);
    expect(await schedulerTick(t.database.db, new Date('2026-08-02T08:00:00Z'), undefined, only)).toEqual([]);
    const runs = (await o.browser.get('/api/v1/billing-runs')).json();
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ trigger: 'schedule', period: '2026-08', made: 1, status: 'done' });
    const [july, august] = await invoicesOf(o.browser, String(lease.id));
    expect(august.period_start).toBe('2026-08-01');
    expect(july.lines.filter((l: { kind: string }) => l.kind === 'penalty')).toHaveLength(1);
  });
});

describe('a move-out later than the notice said', () => {
  it('charges the extra days on the last period, billed prorated to the notified date', async () => {
    const o = await org('Late Leaver Ltd');
    const lease = await newLease(o, { start_date: '2026-06-01', rent: '31000.00', deposit: '0' });
    await activateOn(o, lease);
    await o.browser.post(`/api/v1/leases/${lease.id}/notice`, { notice_date: '2026-06-15', move_out_date: '2026-07-10' });
    const run = await runAndWait(o.browser, '2026-07');
    expect(run.made).toBe(1);
    expect((await invoicesOf(o.browser, String(lease.id)))[1].total).toBe('10000.00');
    const end = await o.browser.post(`/api/v1/leases/${lease.id}/end`, { move_out_date: '2026-07-20' });
    expect(end.statusCode, end.body).toBe(200);
    expect(end.json().last_period.adjustment).toBe('10000.00');
    expect((await invoicesOf(o.browser, String(lease.id)))[1]).toMatchObject({ total: '20000.00', balance: '20000.00' });
  });
});

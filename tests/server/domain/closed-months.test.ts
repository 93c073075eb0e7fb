// Month close (issue 13): a closed month's statements never change. A back-dated move-out into a
// closed month posts in the first open one and says so; every write dated in a closed month is
// refused with a 422 naming its date field; reopening takes its own permission and is audited;
// one organisation's closed months are its own.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceByName } from '../../../resources/index.js';
import { inScope, rowsOf } from '../../../src/server/db/client.js';
import { BUILT_IN_ROLES } from '../../../src/shared/permissions.js';
import { buildTestApp, registeredBrowser, type Browser, type TestApp } from '../helpers.js';
import { createSample } from '../crud/samples.js';
import { pdfPages } from '../pdf-text.js';
import { activate, agency, bill, draftLease, endLease, pay, type Agency } from './reports/money-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** The server's today for the close: November 2026, so September and October have ended. */
const TODAY = '2026-11-20';

async function close(b: Browser, month: string) {
  t.clock.today = TODAY;
  try {
    return await b.post('/api/v1/periods/close', { month });
  } finally {
    t.clock.today = null;
  }
}
async function reopen(b: Browser, month: string, reason = 'A cheque entered in the wrong month') {
  t.clock.today = TODAY;
  try {
    return await b.post('/api/v1/periods/reopen', { month, reason });
  } finally {
    t.clock.today = null;
  }
}

async function memberWith(admin: Browser, orgId: string, permissions: string[]) {
  const role = await admin.post('/api/v1/roles', { name: `Role ${Math.random()}`, permissions });
  expect(role.statusCode, role.body).toBe(201);
  const member = await registeredBrowser(t.app);
  const invited = await admin.post('/api/v1/users', { name: 'Member', email: member.email, role_ids: [role.json().id] });
  expect(invited.statusCode, invited.body).toBe(201);
  expect((await member.browser.post(`/api/v1/user/invitations/${invited.json().id}/accept`)).statusCode).toBe(200);
  member.browser.tenant = orgId;
  return member.browser;
}

/** Everything a closed month shows, as the API answers it (raw bytes of the JSON and CSV; the PDF's pages). */
async function printed(a: Agency, tenantId: string, leaseId: string, from: string, to: string) {
  const q = `from=${from}&to=${to}`;
  const get = async (url: string) => {
    const res = await a.browser.get(url);
    expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
    return res;
  };
  const pdf = (await get(`/api/v1/statements/user/${tenantId}?${q}&lease_id=${leaseId}&format=pdf`)).rawPayload;
  return {
    tenant: (await get(`/api/v1/statements/user/${tenantId}?${q}`)).body,
    tenantLease: (await get(`/api/v1/statements/user/${tenantId}?${q}&lease_id=${leaseId}`)).body,
    tenantCsv: (await get(`/api/v1/statements/user/${tenantId}?${q}&format=csv`)).body,
    property: (await get(`/api/v1/statements/property/${a.propertyId}?${q}`)).body,
    owner: (await get(`/api/v1/statements/owner/${a.ownerId}?${q}`)).body,
    ownerCsv: (await get(`/api/v1/statements/owner/${a.ownerId}?${q}&format=csv`)).body,
    aging: (await get(`/api/v1/reports/aging-balances?as_of=${to}`)).body,
    // a PDF is stamped with the moment it was made (its info and its footer, inside a compressed
    // stream), so its bytes differ every time: its pages' text without the stamp is compared
    pdfPages: (await pdfPages(pdf)).map((page) => page.replace(/Generated [^\n]*/g, '')),
  };
}

describe('a back-dated move-out into a closed month', () => {
  it('leaves the closed months\' statements byte for byte as they were and posts in the first open month, saying so', async () => {
    const a = await agency(t, 'Closed Books Agency');
    const lease = await draftLease(a, { start_date: '2026-06-01', rent: '20000.00', deposit: '20000.00', due_day: 5 });
    await activate(a, lease.id, '2026-06-01');
    for (const m of ['2026-07', '2026-08', '2026-09', '2026-10']) await bill(a, m);
    await pay(a, lease.tenant_id, '40000.00', '2026-06-03');
    await pay(a, lease.tenant_id, '20000.00', '2026-07-04');
    await pay(a, lease.tenant_id, '15000.00', '2026-09-06');
    const expense = await a.browser.post('/api/v1/expenses', { property_id: a.propertyId, category: 'repairs', amount: '3500.00', date: '2026-09-10', borne_by: 'owner' });
    expect(expense.statusCode, expense.body).toBe(201);

    const september = await printed(a, lease.tenant_id, lease.id, '2026-09-01', '2026-09-30');
    const summer = await printed(a, lease.tenant_id, lease.id, '2026-06-01', '2026-09-30');
    expect(september.pdfPages.join('\n')).toMatch(/Opening balance/);

    const closed = await close(a.browser, '2026-09');
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().closed_through).toBe('2026-09');

    // the tenant left on 15 September: told only in November, after September was closed
    const ended = await endLease(a, lease.id, { move_out_date: '2026-09-15', apply_deposit_to_arrears: true });
    expect(ended.posted_on).toBe('2026-10-01');
    expect(ended.period_note).toMatch(/September 2026 is closed: this is posted on 2026-10-01/);
    expect(ended.lease.move_out_date).toBe('2026-09-15');

    expect(await printed(a, lease.tenant_id, lease.id, '2026-09-01', '2026-09-30')).toEqual(september);
    expect(await printed(a, lease.tenant_id, lease.id, '2026-06-01', '2026-09-30')).toEqual(summer);

    // October carries the move-out: the days credited, the deposit applied, the settlement
    const october = (await a.browser.get(`/api/v1/statements/user/${lease.tenant_id}?from=2026-10-01&to=2026-10-31`)).json();
    const posted = october.entries.filter((e: { date: string; description: string }) => e.date === '2026-10-01' && /Move-out|Deposit/.test(e.description));
    expect(posted.length).toBeGreaterThan(0);
    expect(october.opening_balance).toBe(JSON.parse(september.tenant).closing_balance);
    expect(october.deposit_settlements.map((d: { move_out_date: string }) => d.move_out_date)).toEqual(['2026-09-15']);
    const ownerOctober = (await a.browser.get(`/api/v1/statements/owner/${a.ownerId}?from=2026-10-01&to=2026-10-31`)).json();
    expect(ownerOctober.totals.opening_balance).toBe(JSON.parse(september.owner).totals.closing_balance);

    // the lease's history says where it was posted
    const history = (await a.browser.get(`/api/v1/leases/${lease.id}/history`)).json();
    const end = history.entries.find((e: { action: string }) => e.action === 'end');
    expect(JSON.stringify(end)).toMatch(/September 2026 is closed/);
  });
});

describe('writes dated in a closed month', () => {
  it('are refused with a 422 naming the date field, and change nothing; voids, reversals and credits count today and say so', async () => {
    const a = await agency(t, 'Refusing Agency');
    const lease = await draftLease(a, { start_date: '2026-08-01', rent: '10000.00', deposit: null, due_day: 5 });
    await activate(a, lease.id, '2026-08-01');
    await bill(a, '2026-09');
    const paid = await pay(a, lease.tenant_id, '4000.00', '2026-09-03');
    const draft: { statusCode: number; body: string; json: () => Record<string, unknown> } = await a.browser.post('/api/v1/invoices', {
      lease_id: lease.id, period_start: '2026-09-16', period_end: '2026-09-30', issue_date: '2026-09-02', due_date: '2026-09-05', status: 'draft',
      lines: [{ kind: 'charge', description: 'Water', quantity: '1', rate: '800.00' }],
    });
    expect(draft.statusCode, draft.body).toBe(201);
    const income = (await a.browser.post('/api/v1/incomes', { property_id: a.propertyId, category: 'parking', amount: '500.00', date: '2026-09-09' })).json();
    const expense = (await a.browser.post('/api/v1/expenses', { property_id: a.propertyId, category: 'repairs', amount: '700.00', date: '2026-09-09', borne_by: 'owner' })).json();
    const remittance = await a.browser.post('/api/v1/remittances', { owner_id: a.ownerId, property_id: a.propertyId, method: 'cash', amount: '100.00', date: '2026-09-20', period_start: '2026-09-01', period_end: '2026-09-30' });
    expect(remittance.statusCode, remittance.body).toBe(201);
    const invoices = (await a.browser.get(`/api/v1/invoices?filter=${encodeURIComponent(JSON.stringify({ lease_id: lease.id, status: ['issued', 'partially_paid'] }))}&sort=${encodeURIComponent('["issue_date","ASC"]')}`)).json() as Array<{ id: string; issue_date: string }>;
    const [august, september] = invoices;
    expect(august.issue_date).toBe('2026-08-01');
    expect((await close(a.browser, '2026-09')).statusCode).toBe(200);
    const openIncome = (await a.browser.post('/api/v1/incomes', { property_id: a.propertyId, category: 'parking', amount: '500.00', date: '2026-10-09' })).json();

    const refused = async (res: { statusCode: number; body: string }, field: string) => {
      expect(res.statusCode, res.body).toBe(422);
      expect(Object.keys(JSON.parse(res.body).errors)).toEqual([field]);
      expect(JSON.parse(res.body).errors[field][0]).toMatch(/^(August|September) 2026 is closed: nothing dated in it can change/);
    };
    const before = rowsOf<{ n: number }>(await inScope(t.app.db, { tenant: a.orgId }, (tx) => tx.execute(sql`select (select count(*) from invoices where organization_id = ${a.orgId}) + (select count(*) from payments where organization_id = ${a.orgId})
      + (select count(*) from incomes where organization_id = ${a.orgId}) + (select count(*) from expenses where organization_id = ${a.orgId}) as n`)))[0].n;

    expect(Number(before)).toBeGreaterThan(0);
    // invoices: created, edited, deleted
    await refused(await a.browser.post('/api/v1/invoices', {
      lease_id: lease.id, period_start: '2026-09-01', period_end: '2026-09-30', issue_date: '2026-09-12', due_date: '2026-09-15', status: 'issued',
      lines: [{ kind: 'charge', description: 'Water', quantity: '1', rate: '800.00' }],
    }), 'issue_date');
    await refused(await a.browser.put(`/api/v1/invoices/${draft.json().id}`, { ...draft.json(), due_date: '2026-09-30' }), 'issue_date');
    await refused(await a.browser.put(`/api/v1/invoices/${draft.json().id}`, { ...draft.json(), issue_date: '2026-10-02', due_date: '2026-10-05' }), 'issue_date');
    await refused(await a.browser.delete(`/api/v1/invoices/${draft.json().id}`), 'issue_date');
    // payments
    await refused(await a.browser.post('/api/v1/payments', { tenant_id: lease.tenant_id, channel_id: a.channelId, method: 'cash', amount: '100.00', paid_at: '2026-09-30T20:00:00+03:00' }), 'paid_at');
    await refused(await a.browser.put(`/api/v1/payments/${paid.id}`, { ...paid, payer_name: 'Someone else' }), 'paid_at');
    // incomes and expenses: changed, deleted, and moved into a closed month
    await refused(await a.browser.post('/api/v1/incomes', { property_id: a.propertyId, category: 'parking', amount: '500.00', date: '2026-08-31' }), 'date');
    await refused(await a.browser.put(`/api/v1/incomes/${income.id}`, { ...income, amount: '600.00' }), 'date');
    await refused(await a.browser.delete(`/api/v1/incomes/${income.id}`), 'date');
    await refused(await a.browser.put(`/api/v1/incomes/${openIncome.id}`, { ...openIncome, date: '2026-09-30' }), 'date');
    await refused(await a.browser.post('/api/v1/expenses', { property_id: a.propertyId, category: 'repairs', amount: '700.00', date: '2026-09-09', borne_by: 'owner' }), 'date');
    await refused(await a.browser.put(`/api/v1/expenses/${expense.id}`, { ...expense, amount: '900.00' }), 'date');
    await refused(await a.browser.delete(`/api/v1/expenses/${expense.id}`), 'date');
    // remittances: recorded, or approved so that it would count in September
    await refused(await a.browser.post('/api/v1/remittances', { owner_id: a.ownerId, property_id: a.propertyId, method: 'cash', amount: '100.00', date: '2026-09-21', period_start: '2026-09-01', period_end: '2026-09-30' }), 'date');
    await refused(await a.browser.post(`/api/v1/remittances/${remittance.json().id}/approve`, {}), 'date');
    // billing runs and penalties for a closed period
    await refused(await a.browser.post('/api/v1/billing-runs', { period: '2026-09' }), 'period');
    await refused(await a.browser.post('/api/v1/penalties/run', { as_of: '2026-09-20' }), 'as_of');
    const after = rowsOf<{ n: number }>(await inScope(t.app.db, { tenant: a.orgId }, (tx) => tx.execute(sql`select (select count(*) from invoices where organization_id = ${a.orgId}) + (select count(*) from payments where organization_id = ${a.orgId})
      + (select count(*) from incomes where organization_id = ${a.orgId}) + (select count(*) from expenses where organization_id = ${a.orgId}) as n`)))[0].n;
    expect(after).toBe(before);
    // an open month still takes writes
    expect((await a.browser.post('/api/v1/billing-runs', { period: '2026-10' })).statusCode).toBe(202);

    // a void, a reversal and a credit note of September's records count today, in an open month
    const today = t.app.today();
    const credit = await a.browser.post(`/api/v1/invoices/${september.id}/credit`, { amount: '500.00', reason: 'Water leak' });
    expect(credit.statusCode, credit.body).toBe(200);
    expect(credit.json().period_note).toBe(`September 2026 is closed: the credit counts on ${today}, in an open month, so the statements already printed stay as they were.`);
    const reversed = await a.browser.post(`/api/v1/payments/${paid.id}/reverse`, { reason: 'Cheque returned unpaid' });
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect(reversed.json().period_note).toMatch(/^September 2026 is closed: the reversal counts on/);
    const voided = await a.browser.post(`/api/v1/invoices/${august.id}/void`, { reason: 'Billed twice' });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json().period_note).toMatch(/^August 2026 is closed: the void counts on/);
    const history = (await a.browser.get(`/api/v1/invoices/${august.id}/history`)).json();
    expect(JSON.stringify(history.entries.find((e: { action: string }) => e.action === 'void'))).toMatch(/August 2026 is closed/);
  });
});

describe('closing and reopening', () => {
  it('closes in order, only months that have ended; reopens the latest only, with its own permission and a reason; both audited', async () => {
    const a = await agency(t, 'Closing Order Agency');
    expect((await close(a.browser, '2026-11')).statusCode).toBe(422);
    expect((await close(a.browser, '2026-13')).statusCode).toBe(422);
    expect((await close(a.browser, '2026-08')).statusCode).toBe(200);
    expect((await close(a.browser, '2026-08')).statusCode).toBe(409);
    const skipped = await close(a.browser, '2026-10');
    expect(skipped.statusCode).toBe(422);
    expect(skipped.json().errors.month[0]).toBe('Months are closed in order: close September 2026 first.');
    expect((await close(a.browser, '2026-09')).statusCode).toBe(200);

    t.clock.today = TODAY;
    const view = (await a.browser.get('/api/v1/periods')).json();
    t.clock.today = null;
    expect(view.closed_through).toBe('2026-09');
    expect(view.next_to_close).toBe('2026-10');
    expect(view.months.slice(0, 4).map((m: { month: string; status: string }) => `${m.month} ${m.status}`))
      .toEqual(['2026-11 open', '2026-10 open', '2026-09 closed', '2026-08 closed']);
    // the first close closed the books up to its end
    expect(view.months.find((m: { month: string }) => m.month === '2026-07').status).toBe('closed');

    // close.period alone (an accountant) closes but does not reopen
    const closer = await memberWith(a.browser, a.orgId, ['close.period', 'list.invoice']);
    expect((await close(closer, '2026-10')).statusCode).toBe(200);
    expect((await reopen(closer, '2026-10')).statusCode).toBe(403);
    const reader = await memberWith(a.browser, a.orgId, ['list.invoice']);
    expect((await close(reader, '2026-11')).statusCode).toBe(403);
    expect((await reader.get('/api/v1/periods')).statusCode).toBe(200);

    const earlier = await reopen(a.browser, '2026-09');
    expect(earlier.statusCode).toBe(422);
    expect(earlier.json().errors.month[0]).toBe('Only the latest closed month can be reopened: reopen October 2026 first.');
    expect((await a.browser.post('/api/v1/periods/reopen', { month: '2026-10' })).statusCode).toBe(422);
    const reopened = await reopen(a.browser, '2026-10', 'Rent of house A4 banked late');
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json().closed_through).toBe('2026-09');
    expect((await reopen(a.browser, '2026-10')).statusCode).toBe(409);
    // October takes writes again
    expect((await a.browser.post('/api/v1/incomes', { property_id: a.propertyId, category: 'parking', amount: '500.00', date: '2026-10-09' })).statusCode).toBe(201);

    const audit = rowsOf<{ action: string; record_id: string; reason: string | null; user_id: string }>(await inScope(t.app.db, { tenant: a.orgId }, (tx) => tx.execute(sql`
      select action, record_id, reason, user_id from audit_log where organization_id = ${a.orgId} and resource = 'periods' order by at, id`)));
    expect(audit.map((r) => `${r.action} ${r.record_id}`)).toEqual(['close 2026-08', 'close 2026-09', 'close 2026-10', 'reopen 2026-10']);
    expect(audit[3]).toMatchObject({ reason: 'Rent of house A4 banked late', user_id: a.userId });
  });

  it('the built-in roles: Accountant and Administrator close, only Administrator reopens', () => {
    const perms = (name: string) => BUILT_IN_ROLES.find((r) => r.name === name)!.permissions;
    expect(perms('Administrator')).toEqual(expect.arrayContaining(['close.period', 'reopen.period']));
    expect(perms('Accountant')).toContain('close.period');
    expect(perms('Accountant')).not.toContain('reopen.period');
    for (const r of ['Manager', 'Caretaker', 'Viewer']) expect(perms(r).filter((p) => p.endsWith('.period'))).toEqual([]);
  });
});

describe('organisations never see each other', () => {
  it('A closing a month leaves B\'s open; B cannot close or reopen A\'s', async () => {
    const a = await agency(t, 'Isolation Agency A');
    const b = await agency(t, 'Isolation Agency B');
    expect((await close(a.browser, '2026-09')).statusCode).toBe(200);
    const bView = (await b.browser.get('/api/v1/periods')).json();
    expect(bView.closed_through).toBeNull();
    expect((await b.browser.post('/api/v1/incomes', { property_id: b.propertyId, category: 'parking', amount: '500.00', date: '2026-09-09' })).statusCode).toBe(201);
    const asA = { 'x-tenant-id': a.orgId };
    t.clock.today = TODAY;
    expect((await b.browser.post('/api/v1/periods/close', { month: '2026-10' }, asA)).statusCode).toBe(404);
    expect((await b.browser.post('/api/v1/periods/reopen', { month: '2026-09', reason: 'x' }, asA)).statusCode).toBe(404);
    expect((await b.browser.get('/api/v1/periods', asA)).statusCode).toBe(404);
    t.clock.today = null;
    expect((await a.browser.get('/api/v1/periods')).json().closed_through).toBe('2026-09');
    // B's own close and reopen touch only B
    expect((await close(b.browser, '2026-10')).statusCode).toBe(200);
    expect((await reopen(b.browser, '2026-10')).statusCode).toBe(200);
    expect((await a.browser.get('/api/v1/periods')).json().closed_through).toBe('2026-09');
    // a sample record of B may still be dated in A's closed month
    const tenant = await createSample(b.browser, resourceByName('tenants')!, b.userId, new Map(b.cache));
    expect(tenant.id).toBeTruthy();
  });
});

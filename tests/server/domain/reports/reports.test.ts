import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, registeredBrowser, type TestApp } from '../../helpers.js';
import { charge, issue, ledger, pay } from '../payments/fixtures.js';

/** RFC 4180: quoted fields, doubled quotes, CRLF or LF. */
function parse(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') { field += '"'; i++; } else if (ch === '"') quoted = false; else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') { row.push(field); field = ''; } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field); rows.push(row); row = []; field = '';
    } else field += ch;
  }
  if (field || row.length) { row.push(field); rows.push(row); }
  return rows;
}

let t: TestApp;
beforeAll(async () => { t = await buildTestApp(); });
afterAll(() => t.close());

describe('tenant statement', () => {
  it('opens with everything before the period, lists debits and credits with a running balance, and chains', async () => {
    const l = await ledger(t.app, 'Statement Co');
    const tenant = String(l.lease.tenant_id);
    await issue(l, { due: '2026-01-05', issue: '2026-01-01', amounts: ['10000.00'] });
    await pay(l, '4000.00', { paid_at: '2026-01-20T09:00:00.000Z' });
    const feb = await issue(l, { due: '2026-02-05', issue: '2026-02-01', amounts: ['10000.00', '250.00'] });
    const p = await pay(l, '9000.00', { paid_at: '2026-02-10T09:00:00.000Z' });
    await l.browser.post(`/api/v1/payments/${p.id}/reverse`, { reason: 'Bounced' });
    await l.browser.post('/api/v1/invoices', { lease_id: l.lease.id, period_start: '2026-03-01', period_end: '2026-03-31', issue_date: '2026-03-01', due_date: '2026-03-05', status: 'issued', lines: [{ description: 'Rent', quantity: '1', rate: '100' }] });
    const jan = (await l.browser.get(`/api/v1/statements/user/${tenant}?from=2026-01-01&to=2026-01-31`)).json();
    expect(jan).toMatchObject({ opening_balance: '0.00', total_debits: '10000.00', total_credits: '4000.00', closing_balance: '6000.00' });
    expect(jan.entries.map((e: { type: string; balance: string }) => [e.type, e.balance])).toEqual([['invoice', '10000.00'], ['payment', '6000.00']]);
    const rest = (await l.browser.get(`/api/v1/statements/user/${tenant}?from=2026-02-01&to=2026-12-31`)).json();
    expect(rest.opening_balance).toBe(jan.closing_balance);
    expect(rest.entries.map((e: { type: string }) => e.type)).toEqual(['invoice', 'invoice', 'payment', 'invoice', 'reversal']);
    expect(rest.closing_balance).toBe('16350.00');
    const all = (await l.browser.get(`/api/v1/statements/user/${tenant}?from=2000-01-01&to=2026-12-31`)).json();
    expect(all.closing_balance).toBe(rest.closing_balance);
    const lease = (await l.browser.get(`/api/v1/statements/user/${tenant}?lease_id=${l.lease.id}&from=2026-01-01&to=2026-12-31`)).json();
    expect(lease).toMatchObject({ closing_balance: '16350.00', lease: { id: l.lease.id } });
    expect(feb.total).toBe('10250.00');
    expect((await l.browser.get(`/api/v1/statements/user/${tenant}?from=2026-02-01&to=2026-01-01`)).statusCode).toBe(422);
  });

  it('shows the deposit held and credit on account apart, and the aging leaves deposits out', async () => {
    const l = await ledger(t.app, 'Deposit Co');
    const deposit = await charge(l, 1, 'deposit');
    await issue(l, { due: '2026-01-05', issue: '2026-01-01', amounts: ['20000.00', '20000.00'], chargeIds: [deposit, undefined] });
    await pay(l, '25000.00', { paid_at: '2026-01-02T09:00:00.000Z' });
    const s = (await l.browser.get(`/api/v1/statements/user/${l.lease.tenant_id}?from=2026-01-01&to=2026-01-31`)).json();
    expect(s).toMatchObject({ deposit_held: '20000.00', credit_on_account: '0.00', closing_balance: '15000.00' });
    const aging = (await l.browser.get('/api/v1/reports/aging-balances?as_of=2026-03-01')).json();
    expect(aging.totals).toMatchObject({ d31_60: '15000.00', balance: '15000.00' });
    // The rule between the two: an unpaid deposit is owed but is not arrears. The statement debits
    // the deposit line like any other (its closing balance is what the tenant owes, deposit
    // included, shown as deposit_unpaid); the aging leaves it out of the buckets and shows it apart
    // as `deposit`, so its row's balance = buckets + deposit − credit = the statement's closing.
    const l2 = await ledger(t.app, 'Deposit Two Co');
    const dep2 = await charge(l2, 1, 'deposit');
    await issue(l2, { due: '2026-01-05', amounts: ['20000.00', '1000.00'], chargeIds: [dep2, undefined] });
    await pay(l2, '5000.00', { paid_at: '2026-01-06T09:00:00.000Z' });
    const a2 = (await l2.browser.get('/api/v1/reports/aging-balances?as_of=2026-01-10')).json();
    expect(a2.totals).toMatchObject({ d1_30: '1000.00', open: '1000.00', deposit: '15000.00', credit: '0.00', balance: '16000.00' });
    const s2 = (await l2.browser.get(`/api/v1/statements/user/${l2.lease.tenant_id}?from=2026-01-01&to=2026-01-10`)).json();
    expect(s2).toMatchObject({ closing_balance: '16000.00', deposit_unpaid: '15000.00', deposit_held: '5000.00' });
  });
});

describe('aging balances', () => {
  it('buckets open balances by days past due as of a date, credits apart, grand total = sum of balances', async () => {
    const l = await ledger(t.app, 'Aging Co');
    await issue(l, { due: '2026-01-01', amounts: ['100.00'] });
    await issue(l, { due: '2026-02-15', amounts: ['200.00'] });
    await issue(l, { due: '2026-03-20', amounts: ['300.00'] });
    await issue(l, { due: '2026-04-25', amounts: ['400.00'], issue: '2026-04-01' });
    await pay(l, '50.00', { paid_at: '2026-04-02T09:00:00.000Z' });
    const a = (await l.browser.get('/api/v1/reports/aging-balances?as_of=2026-04-10')).json();
    expect(a.rows).toHaveLength(1);
    expect(a.rows[0]).toMatchObject({ current: '400.00', d1_30: '300.00', d31_60: '200.00', d61_90: '0.00', d90_plus: '50.00', credit: '0.00', balance: '950.00' });
    // as of before the payment, the payment is not there
    const before = (await l.browser.get('/api/v1/reports/aging-balances?as_of=2026-04-01')).json();
    expect(before.totals.balance).toBe('1000.00');
    const later = (await l.browser.get('/api/v1/reports/aging-balances?as_of=2026-07-10')).json();
    expect(later.totals).toMatchObject({ d61_90: '400.00', d90_plus: '550.00' });
    const other = (await l.browser.get(`/api/v1/reports/aging-balances?as_of=2026-04-10&property_id=${l.cache.get('properties')}`)).json();
    expect(other.totals.balance).toBe('950.00');
  });
});

describe('property statement', () => {
  it('per house billed and collected, income, owner expenses, commission with the aggregator share; opening + in − out = closing', async () => {
    const l = await ledger(t.app, 'Owner Co');
    const propertyId = String(l.cache.get('properties'));
    await l.browser.put('/api/v1/settings', { ...((await l.browser.get('/api/v1/settings')).json() as object), default_commission_rate: '10', statement_footer: 'Asante. Paybill 123456.' });
    await issue(l, { due: '2026-01-05', issue: '2026-01-01', amounts: ['30000.00'] });
    await pay(l, '20000.00', { paid_at: '2026-01-10T09:00:00.000Z' });
    await issue(l, { due: '2026-02-05', issue: '2026-02-01', amounts: ['30000.00'] });
    await pay(l, '30000.00', { paid_at: '2026-02-10T09:00:00.000Z' });
    const exp = await l.browser.post('/api/v1/expenses', { property_id: propertyId, category: 'repairs', amount: '1500.00', date: '2026-02-12', borne_by: 'owner', status: 'pending' });
    expect(exp.json().status).toBe('approved');
    await l.browser.post('/api/v1/expenses', { property_id: propertyId, category: 'cleaning', amount: '999.00', date: '2026-02-12', borne_by: 'agency' });
    await l.browser.post('/api/v1/incomes', { property_id: propertyId, category: 'parking', amount: '700.00', date: '2026-02-03' });
    await l.browser.post('/api/v1/incomes', { property_id: propertyId, category: 'letting_fee', amount: '5000.00', date: '2026-02-03' });
    const feb = (await l.browser.get(`/api/v1/statements/property/${propertyId}?from=2026-02-01&to=2026-02-28`)).json();
    expect(feb.totals).toMatchObject({
      billed: '30000.00', collected: '30000.00', other_income: '700.00', expenses: '1500.00', commission: '3000.00',
      opening_balance: '18000.00', money_in: '30700.00', money_out: '4500.00', closing_balance: '44200.00',
    });
    expect(feb.properties[0].houses[0]).toMatchObject({ billed: '30000.00', collected: '30000.00' });
    const jan = (await l.browser.get(`/api/v1/statements/property/${propertyId}?from=2026-01-01&to=2026-01-31`)).json();
    expect(jan.totals.closing_balance).toBe(feb.totals.opening_balance);
    const byOwner = (await l.browser.get(`/api/v1/statements/property/${propertyId}?owner_id=${l.cache.get('property-owners')}&from=2026-02-01&to=2026-02-28`)).json();
    expect(byOwner.amount_due_to_owner).toBe('44200.00');
  });

  it('expenses above the threshold start pending and need approve.expense', async () => {
    const l = await ledger(t.app, 'Approval Co');
    const propertyId = String(l.cache.get('properties'));
    await l.browser.put('/api/v1/settings', { ...((await l.browser.get('/api/v1/settings')).json() as object), expense_approval_threshold: '10000.00' });
    const big = await l.browser.post('/api/v1/expenses', { property_id: propertyId, category: 'repairs', amount: '10000.01', date: '2026-02-12', borne_by: 'owner', status: 'paid' });
    expect(big.json().status).toBe('pending');
    const pay = await l.browser.put(`/api/v1/expenses/${big.json().id}`, { ...(big.json() as object), status: 'paid' });
    expect(pay.statusCode).toBe(422);
    const ok = await l.browser.post(`/api/v1/expenses/${big.json().id}/approve`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().status).toBe('approved');
    expect((await l.browser.post(`/api/v1/expenses/${big.json().id}/approve`)).statusCode).toBe(409);
    const paid = await l.browser.put(`/api/v1/expenses/${big.json().id}`, { ...(ok.json() as object), status: 'paid' });
    expect(paid.json().status).toBe('paid');
    expect((await l.browser.put(`/api/v1/expenses/${big.json().id}`, { ...(paid.json() as object), amount: '1.00' })).statusCode).toBe(409);
    const small = await l.browser.post('/api/v1/expenses', { property_id: propertyId, category: 'repairs', amount: '10000.00', date: '2026-02-12', borne_by: 'owner' });
    expect(small.json().status).toBe('approved');
  });
});

describe('downloads, dashboard and tenancy', () => {
  it('CSV and PDF downloads with their content type and file name', async () => {
    const l = await ledger(t.app, 'Download Co');
    await l.browser.put('/api/v1/settings', { ...((await l.browser.get('/api/v1/settings')).json() as object), statement_footer: 'Karibu. Pay via M-Pesa Paybill 400200.' });
    await issue(l, { due: '2026-01-05', issue: '2026-01-01', amounts: ['12345.67'] });
    await pay(l, '2345.67', { paid_at: '2026-01-10T09:00:00.000Z' });
    const urls = [
      `/api/v1/statements/user/${l.lease.tenant_id}?from=2026-01-01&to=2026-01-31`,
      `/api/v1/statements/property/${l.cache.get('properties')}?from=2026-01-01&to=2026-01-31`,
      '/api/v1/reports/aging-balances?as_of=2026-02-01',
    ];
    for (const url of urls) {
      const csv = await l.browser.get(`${url}&format=csv`);
      expect(csv.statusCode, csv.body).toBe(200);
      expect(csv.headers['content-type']).toMatch(/^text\/csv/);
      expect(csv.headers['content-disposition']).toMatch(/^attachment; filename=".+\.csv"$/);
      const rows = parse(csv.body.replace(/^\uFEFF/, ''));
      expect(rows.length).toBeGreaterThan(3);
      const pdf = await l.browser.get(`${url}&format=pdf`);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.headers['content-disposition']).toMatch(/\.pdf"$/);
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    const csv = await l.browser.get(`${urls[0]}&format=csv`);
    const rows = parse(csv.body.replace(/^\uFEFF/, ''));
    expect(rows).toContainEqual(['Closing balance', '10000.00']);
    expect((await l.browser.get(`${urls[0]}&format=xml`)).statusCode).toBe(400);
  });

  it('the dashboard in one call', async () => {
    const l = await ledger(t.app, 'Dashboard Co');
    await pay(l, '10.00', { tenant_id: null, method: 'mpesa', external_reference: 'ABC', account_reference: 'NOPE', paid_at: new Date().toISOString() });
    const d = await l.browser.get('/api/v1/dashboard');
    expect(d.statusCode, d.body).toBe(200);
    expect(d.json()).toMatchObject({ unmatched_payments: { count: 1, amount: '10.00' }, occupancy: { houses: 1 } });
    expect(d.json().months).toHaveLength(13);
  });

  it('another organisation gets 404 on every report, forged X-Tenant-Id included; a viewer without export gets 403 on files', async () => {
    const l = await ledger(t.app, 'Report Victim Co');
    const { browser: intruder } = await registeredBrowser(t.app, { org: 'Report Intruder Co' });
    const urls = [
      `/api/v1/statements/user/${l.lease.tenant_id}`, `/api/v1/statements/property/${l.cache.get('properties')}`,
      `/api/v1/statements/owner/${l.cache.get('property-owners')}`,
    ];
    for (const url of urls) {
      expect((await intruder.get(url)).statusCode, url).toBe(404);
      expect((await intruder.get(url, { 'x-tenant-id': l.orgId })).statusCode, url).toBe(404);
    }
    expect((await intruder.get('/api/v1/reports/aging-balances', { 'x-tenant-id': l.orgId })).statusCode).toBe(404);
    expect((await intruder.get('/api/v1/dashboard', { 'x-tenant-id': l.orgId })).statusCode).toBe(404);
    const own = (await intruder.get('/api/v1/reports/aging-balances')).json();
    expect(own.rows).toEqual([]);
  });
});

import { createServer } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordValues } from '../../../../src/shared/resource.js';
import { inScope, rowsOf } from '../../../../src/server/db/client.js';
import { queryOverdueRequests } from '../../../../src/server/domain/daraja/stk-query.js';
import { applyEarlyCallback } from '../../../../src/server/domain/daraja/stk-callback.js';
import { FAKE_PASSKEY, startFakeDaraja, type FakeDaraja, type FakeDarajaOptions } from '../../../../src/dev/fake-daraja.js';
import { Browser, buildTestApp, onPostgres, registeredBrowser, type TestApp } from '../../helpers.js';
import { issue, ledger, type Ledger } from '../payments/fixtures.js';

// "Request payment" end to end over real HTTP: Keja listens on a port and sends STK pushes to the
// fake Daraja, which checks them as Safaricom does and calls Keja's STK callback URL back (and,
// for a paybill with registered URLs, its C2B confirmation URL too, for the same receipt).

let t: TestApp;
let fake: FakeDaraja;
const fakeOptions: FakeDarajaOptions = { stkDelayMs: 50, stkC2b: 'after' };

const freePort = () => new Promise<number>((resolve) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const { port } = s.address() as { port: number };
    s.close(() => resolve(port));
  });
});

beforeAll(async () => {
  fake = await startFakeDaraja(fakeOptions);
  const port = await freePort();
  t = await buildTestApp({ appUrl: `http://127.0.0.1:${port}`, darajaUrl: fake.url, demo: false });
  await t.app.listen({ host: '127.0.0.1', port });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

let shortCodes = 610100;
interface Setup extends Ledger { paybill: string; shortCode: string; accountCode: string; confirmation: string; stkUrl: string }

/** An organisation with a lease and an M-Pesa paybill holding Daraja keys and a passkey, its C2B URLs registered with the fake. */
async function setup(org: string, channel: RecordValues = {}): Promise<Setup> {
  const l = await ledger(t.app, org);
  const shortCode = String(shortCodes++);
  const created = await l.browser.post('/api/v1/payment-channels', {
    name: `Paybill ${shortCode}`, kind: 'mpesa_paybill', number: shortCode, daraja_environment: 'sandbox',
    daraja_consumer_key: 'key', daraja_consumer_secret: 'secret', daraja_passkey: FAKE_PASSKEY, ...channel,
  });
  expect(created.statusCode, created.body).toBe(201);
  const paybill = String(created.json().id);
  const house = (await l.browser.get(`/api/v1/houses/${l.lease.house_id}`)).json();
  const urls = (await l.browser.get(`/api/v1/payment-channels/${paybill}/callback-urls`)).json();
  expect((await l.browser.post(`/api/v1/payment-channels/${paybill}/register-urls`)).json().outcome).toBe('ok');
  return { ...l, paybill, shortCode, accountCode: String(house.account_code), confirmation: urls.confirmation_url, stkUrl: urls.confirmation_url.replace('/c2b/', '/stk/').replace(/\/confirmation$/, '') };
}

const post = async (url: string, body: unknown) => {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) });
  return { status: res.status, json: await res.json() as Record<string, unknown> };
};
const count = (orgId: string, table: string, where = sql``) => inScope(t.database.db, { tenant: orgId }, async (tx) =>
  Number(rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from ${sql.raw(table)} where organization_id = ${orgId} ${where}`))[0].n));

/** POST /payment-requests and its answer. */
async function request(s: Setup, body: RecordValues) {
  const res = await s.browser.post('/api/v1/payment-requests', { tenant_id: s.lease.tenant_id, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as RecordValues & { id: string; state: string; checkout_request_id: string };
}

/** Reads the request until it is no longer pending (the fake calls back after a short delay). */
async function settled(b: Browser, id: string) {
  for (let i = 0; i < 200; i++) {
    const r = (await b.get(`/api/v1/payment-requests/${id}`)).json();
    if (!['requesting', 'sent'].includes(r.state)) return r;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the request never settled');
}

let n = 0;
const receipt = () => `SRC${String(++n).padStart(7, '0')}`;
const stkBody = (checkout: string, extra: Record<string, unknown> = {}, items?: unknown[]) => ({
  Body: {
    stkCallback: {
      MerchantRequestID: '12345-67890-1', CheckoutRequestID: checkout, ResultCode: 0, ResultDesc: 'The service request is processed successfully.',
      CallbackMetadata: { Item: items ?? [{ Name: 'Amount', Value: 1000 }, { Name: 'MpesaReceiptNumber', Value: 'RCPT000001' }, { Name: 'Balance' }, { Name: 'TransactionDate', Value: 20260115093000 }, { Name: 'PhoneNumber', Value: 254708374149 }] },
      ...extra,
    },
  },
});
const paidItems = (rcpt: string, amount = 1000) => [{ Name: 'Amount', Value: amount }, { Name: 'MpesaReceiptNumber', Value: rcpt }, { Name: 'Balance' }, { Name: 'TransactionDate', Value: 20260115093000 }, { Name: 'PhoneNumber', Value: 254708374149 }];
const c2bBody = (s: Setup, transId: string, amount = '1000.00') => ({
  TransactionType: 'Pay Bill', TransID: transId, TransTime: '20260115093000', TransAmount: amount, BusinessShortCode: s.shortCode,
  BillRefNumber: s.accountCode, InvoiceNumber: '', OrgAccountBalance: '', ThirdPartyTransID: '', MSISDN: '2547 ***** 126', FirstName: 'JOHN', MiddleName: '', LastName: 'DOE',
});
const TIMEOUT_PHONE = '254700001037';

describe('Request payment (STK push)', () => {
  it('an invoice’s balance: pushed as Daraja requires, paid, recorded once though the C2B confirmation of the same money follows', async () => {
    const s = await setup('STK Pay Co');
    await s.browser.put(`/api/v1/tenants/${s.lease.tenant_id}`, { ...((await s.browser.get(`/api/v1/tenants/${s.lease.tenant_id}`)).json() as RecordValues), phone: '+254 712 345 678' });
    const inv = await issue(s, { due: '2026-01-05', amounts: ['1000.00', '499.50'] });
    const draft = (await s.browser.get(`/api/v1/payment-requests/draft?tenant_id=${s.lease.tenant_id}&invoice_id=${inv.id}`)).json();
    expect(draft).toMatchObject({ balance: '1499.50', amount: '1500.00', phone: '254712345678', channel_id: s.paybill, account_reference: s.accountCode, invoice_id: inv.id });
    const r = await request(s, { invoice_id: inv.id });
    expect(r).toMatchObject({ state: 'sent', amount: '1500.00', phone: '254712345678', account_reference: s.accountCode, checkout_request_id: expect.stringMatching(/^ws_CO_/) });
    const push = fake.stkPushes.find((p) => p.checkoutRequestId === r.checkout_request_id)!;
    expect(push.body).toMatchObject({ BusinessShortCode: s.shortCode, PartyB: s.shortCode, Amount: 1500, PhoneNumber: '254712345678', AccountReference: s.accountCode, TransactionType: 'CustomerPayBillOnline' });
    expect(String(push.body.CallBackURL)).toBe(s.stkUrl);
    const done = await settled(s.browser, r.id);
    expect(done).toMatchObject({ state: 'paid', result_code: '0', receipt: push.receipt, payment_id: expect.any(String) });
    const payment = (await s.browser.get(`/api/v1/payments/${done.payment_id}`)).json();
    expect(payment).toMatchObject({ tenant_id: s.lease.tenant_id, lease_id: s.lease.id, amount: '1500.00', external_reference: push.receipt, status: 'allocated', unallocated: '0.50' });
    expect((await s.browser.get(`/api/v1/invoices/${inv.id}`)).json()).toMatchObject({ status: 'paid', balance: '0.00' });
    // the C2B confirmation for the same receipt (sent after the callback) found the payment
    // (waited for as the payment's own callbacks: a callback's row is stored before it is matched, and
    // counting rows saw it before it named the payment, under CI's load)
    const callbacksOf = async () => (await s.browser.get(`/api/v1/payments/${done.payment_id}/callbacks`)).json().data as RecordValues[];
    let callbacks = await callbacksOf();
    for (let i = 0; i < 300 && callbacks.filter((c) => c.status === 'recorded').length < 2; i++) {
      await new Promise((x) => setTimeout(x, 50));
      callbacks = await callbacksOf();
    }
    expect(callbacks.map((c: RecordValues) => [c.kind, c.status]).sort()).toEqual([['c2b_confirmation', 'recorded'], ['stk_callback', 'recorded']]);
    expect(await count(s.orgId, 'payments', sql`and channel_id = ${s.paybill}`)).toBe(1);
    const listed = (await s.browser.get(`/api/v1/payment-requests?invoice_id=${inv.id}`)).json().data;
    expect(listed.map((x: RecordValues) => x.id)).toEqual([r.id]);
  });

  it('cancelled, wrong PIN, insufficient funds and other failures end in their states with Safaricom’s words, and record no payment', async () => {
    const s = await setup('STK Refused Co');
    await issue(s, { due: '2026-01-05', amounts: ['800.00'] });
    const cases: Array<[string, string, string]> = [
      ['254700001032', 'cancelled', 'Request cancelled by user'],
      ['254700002001', 'wrong_pin', 'The initiator information is invalid.'],
      ['254700000001', 'insufficient_funds', 'The balance is insufficient for the transaction.'],
      ['254700002028', 'failed', 'Failure 2028'],
    ];
    for (const [phone, state, desc] of cases) {
      const r = await request(s, { phone, amount: '800' });
      expect(await settled(s.browser, r.id), phone).toMatchObject({ state, result_desc: desc, payment_id: null, receipt: null });
    }
    expect(await count(s.orgId, 'payments', sql`and channel_id = ${s.paybill}`)).toBe(0);
  });

  it('no callback: after the timeout Keja asks Daraja once and records the answer', async () => {
    const s = await setup('STK Timeout Co');
    await issue(s, { due: '2026-01-05', amounts: ['800.00'] });
    const r = await request(s, { phone: TIMEOUT_PHONE });
    const opts = { appUrl: t.app.config.appUrl, darajaUrl: fake.url, demoFake: false, afterSeconds: 90 };
    // not yet overdue: nothing asked
    await queryOverdueRequests(t.database.db, t.database.app, opts, new Date());
    expect((await s.browser.get(`/api/v1/payment-requests/${r.id}`)).json()).toMatchObject({ state: 'sent', queried_at: null });
    await queryOverdueRequests(t.database.db, t.database.app, opts, new Date(Date.now() + 91_000));
    const push = fake.stkPushes.find((p) => p.checkoutRequestId === r.checkout_request_id)!;
    expect(push.queries).toBe(1);
    expect((await s.browser.get(`/api/v1/payment-requests/${r.id}`)).json()).toMatchObject({ state: 'timed_out', result_code: '1037', result_desc: 'DS timeout user cannot be reached', queried_at: expect.any(String) });
    // once only
    await queryOverdueRequests(t.database.db, t.database.app, opts, new Date(Date.now() + 200_000));
    expect(push.queries).toBe(1);
    // a success callback that comes late still wins: the money was taken
    const late = await post(s.stkUrl, stkBody(r.checkout_request_id, {}, paidItems(receipt(), 800)));
    expect(late.json).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    expect((await s.browser.get(`/api/v1/payment-requests/${r.id}`)).json()).toMatchObject({ state: 'paid', payment_id: expect.any(String) });
  });

  it('a pass with nothing overdue anywhere opens no organisation\'s transaction', async () => {
    const opts = { appUrl: t.app.config.appUrl, darajaUrl: fake.url, demoFake: false, afterSeconds: 90 };
    // the scoped handle must not be touched: before, each pass opened one transaction per organisation
    const untouchable = new Proxy({}, { get: (_, key) => { throw new Error(`the scoped handle was used (${String(key)})`); } }) as typeof t.database.app;
    // at the epoch nothing, in this file or any other sharing the database, is past its timeout
    expect(await queryOverdueRequests(t.database.db, untouchable, opts, new Date(0))).toBe(0);
  });

  it('STK callback and C2B confirmation for one receipt make one payment, in either order and at once', async () => {
    const s = await setup('STK Dedup Co');
    await issue(s, { due: '2026-01-05', amounts: ['5000.00'] });
    const payments = () => count(s.orgId, 'payments', sql`and channel_id = ${s.paybill}`);
    // C2B first, then the STK callback
    const a = await request(s, { phone: TIMEOUT_PHONE, amount: '1000' });
    const ra = receipt();
    expect((await post(s.confirmation, c2bBody(s, ra))).json.ResultCode).toBe(0);
    expect((await post(s.stkUrl, stkBody(a.checkout_request_id, {}, paidItems(ra)))).json.ResultCode).toBe(0);
    expect(await payments()).toBe(1);
    const paidA = (await s.browser.get(`/api/v1/payment-requests/${a.id}`)).json();
    expect(paidA).toMatchObject({ state: 'paid', receipt: ra });
    expect((await s.browser.get(`/api/v1/payments/${paidA.payment_id}`)).json()).toMatchObject({ external_reference: ra, amount: '1000.00', tenant_id: s.lease.tenant_id });
    // the STK callback first, then C2B
    const b = await request(s, { phone: TIMEOUT_PHONE, amount: '1000' });
    const rb = receipt();
    expect((await post(s.stkUrl, stkBody(b.checkout_request_id, {}, paidItems(rb)))).json.ResultCode).toBe(0);
    expect((await post(s.confirmation, c2bBody(s, rb))).json.ResultCode).toBe(0);
    expect(await payments()).toBe(2);
    // at once, many times over
    const c = await request(s, { phone: TIMEOUT_PHONE, amount: '1000' });
    const rc = receipt();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2
      ? post(s.stkUrl, stkBody(c.checkout_request_id, {}, paidItems(rc)))
      : post(s.confirmation, c2bBody(s, rc)))));
    expect(answers.map((x) => [x.status, x.json.ResultCode])).toEqual(Array(20).fill([200, 0]));
    expect(await payments()).toBe(3);
    const paidC = (await s.browser.get(`/api/v1/payment-requests/${c.id}`)).json();
    expect(paidC).toMatchObject({ state: 'paid', receipt: rc, payment_id: expect.any(String) });
    expect((await s.browser.get(`/api/v1/invoices?filter=${encodeURIComponent(JSON.stringify({ tenant_id: s.lease.tenant_id }))}`)).json()[0]).toMatchObject({ paid: '3000.00', balance: '2000.00' });
  }, onPostgres() ? 60_000 : 120_000);

  it('a C2B confirmation left unmatched (the tenant typed a wrong account) is assigned by the STK callback of the same receipt: one payment, one receipt', async () => {
    const s = await setup('STK Unmatched Co');
    await issue(s, { due: '2026-01-05', amounts: ['5000.00'] });
    const r = await request(s, { phone: TIMEOUT_PHONE, amount: '1000' });
    const rcpt = receipt();
    expect((await post(s.confirmation, { ...c2bBody(s, rcpt), BillRefNumber: 'NO-SUCH-HOUSE' })).json.ResultCode).toBe(0);
    const [unmatched] = (await s.browser.get(`/api/v1/payments?filter=${encodeURIComponent(JSON.stringify({ status: ['unmatched'] }))}`)).json() as RecordValues[];
    expect(unmatched).toMatchObject({ external_reference: rcpt, tenant_id: null, receipt_number: expect.stringMatching(/^RCT-/) });
    expect((await post(s.stkUrl, stkBody(r.checkout_request_id, {}, paidItems(rcpt)))).json.ResultCode).toBe(0);
    expect(await count(s.orgId, 'payments', sql`and channel_id = ${s.paybill}`)).toBe(1);
    const paid = (await s.browser.get(`/api/v1/payment-requests/${r.id}`)).json();
    expect(paid).toMatchObject({ state: 'paid', payment_id: unmatched.id });
    // the same payment, its number kept, now the tenant's and allocated; its SMS receipt queued once
    expect((await s.browser.get(`/api/v1/payments/${String(unmatched.id)}`)).json()).toMatchObject({
      status: 'allocated', tenant_id: s.lease.tenant_id, lease_id: s.lease.id, receipt_number: unmatched.receipt_number, unallocated: '0.00',
    });
    expect((await s.browser.get(`/api/v1/invoices?filter=${encodeURIComponent(JSON.stringify({ tenant_id: s.lease.tenant_id }))}`)).json()[0]).toMatchObject({ paid: '1000.00', balance: '4000.00' });
    expect(await count(s.orgId, 'messages', sql`and dedup_key = ${`receipt:${String(unmatched.id)}`}`)).toBe(1);
    // a replay of either changes nothing
    expect((await post(s.stkUrl, stkBody(r.checkout_request_id, {}, paidItems(rcpt)))).json.ResultCode).toBe(0);
    expect((await post(s.confirmation, { ...c2bBody(s, rcpt), BillRefNumber: 'NO-SUCH-HOUSE' })).json.ResultCode).toBe(0);
    expect(await count(s.orgId, 'payments', sql`and channel_id = ${s.paybill}`)).toBe(1);
    expect(await count(s.orgId, 'messages', sql`and dedup_key = ${`receipt:${String(unmatched.id)}`}`)).toBe(1);
  }, onPostgres() ? 60_000 : 120_000);

  it('a callback that overtakes the push’s own answer is kept, then applied once the answer is recorded', async () => {
    const s = await setup('STK Early Co');
    await issue(s, { due: '2026-01-05', amounts: ['700.00'] });
    const r = await request(s, { phone: TIMEOUT_PHONE, amount: '700' });
    // as if Daraja's reply to the push had not been recorded yet: the request knows no CheckoutRequestID
    const early = `ws_CO_EARLY${Date.now()}`;
    await inScope(t.database.db, { tenant: s.orgId }, (tx) => tx.execute(sql`update payment_requests set checkout_request_id = null where organization_id = ${s.orgId} and id = ${r.id}`));
    const rc = receipt();
    expect((await post(s.stkUrl, stkBody(early, {}, paidItems(rc, 700)))).json).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    expect(await count(s.orgId, 'payments', sql`and channel_id = ${s.paybill}`)).toBe(0);
    // the answer arrives: the stored callback is applied
    await inScope(t.database.db, { tenant: s.orgId }, (tx) => tx.execute(sql`update payment_requests set checkout_request_id = ${early} where organization_id = ${s.orgId} and id = ${r.id}`));
    await applyEarlyCallback(t.database.db, s.orgId, r.id);
    expect((await s.browser.get(`/api/v1/payment-requests/${r.id}`)).json()).toMatchObject({ state: 'paid', receipt: rc, payment_id: expect.any(String) });
    expect(await count(s.orgId, 'payments', sql`and channel_id = ${s.paybill}`)).toBe(1);
    // and a replay of it changes nothing
    expect((await post(s.stkUrl, stkBody(early, {}, paidItems(rc, 700)))).json.ResultCode).toBe(0);
    expect(await count(s.orgId, 'payments', sql`and channel_id = ${s.paybill}`)).toBe(1);
  });

  it('bad bodies: 4xx in Daraja’s shape, never a 500, nothing stored; a wrong secret is 404', async () => {
    const s = await setup('STK Bad Input Co');
    const r = await request(s, { phone: TIMEOUT_PHONE, amount: '10' });
    const good = JSON.stringify(stkBody(r.checkout_request_id, {}, paidItems(receipt(), 10)));
    const bodies: Array<[string, unknown]> = [
      ['truncated', good.slice(0, -9)],
      ['not json', 'Body=1'],
      ['empty', ''],
      ['null', 'null'],
      ['no stkCallback', { Body: {} }],
      ['ResultCode object', stkBody(r.checkout_request_id, { ResultCode: { a: 1 } })],
      ['CheckoutRequestID missing', { Body: { stkCallback: { MerchantRequestID: 'x', ResultCode: 0, ResultDesc: 'ok' } } }],
      ['paid without metadata', stkBody(r.checkout_request_id, { CallbackMetadata: undefined })],
      ['receipt missing', stkBody(r.checkout_request_id, {}, [{ Name: 'Amount', Value: 10 }, { Name: 'TransactionDate', Value: 20260115093000 }])],
      ['amount negative', stkBody(r.checkout_request_id, {}, paidItems('NEG0000001', -10))],
      ['amount a word', stkBody(r.checkout_request_id, {}, [{ Name: 'Amount', Value: 'ten' }, { Name: 'MpesaReceiptNumber', Value: 'WRD0000001' }, { Name: 'TransactionDate', Value: 20260115093000 }])],
      ['date impossible', stkBody(r.checkout_request_id, {}, [{ Name: 'Amount', Value: 10 }, { Name: 'MpesaReceiptNumber', Value: 'DAT0000001' }, { Name: 'TransactionDate', Value: 20261345250000 }])],
      ['items not an array', stkBody(r.checkout_request_id, { CallbackMetadata: { Item: 'x' } })],
      ['NUL in id', stkBody('ws_CO_\u0000x')],
    ];
    for (const [name, body] of bodies) {
      const res = await post(s.stkUrl, body);
      expect(res.status, name).toBeGreaterThanOrEqual(400);
      expect(res.status, name).toBeLessThan(500);
      expect(res.json, name).toEqual({ ResultCode: expect.stringMatching(/^C2B000\d\d$/), ResultDesc: expect.any(String) });
    }
    const huge = await post(s.stkUrl, JSON.stringify({ ...stkBody(r.checkout_request_id), pad: 'x'.repeat(40_000) }));
    expect(huge.status).toBe(413);
    const secret = s.stkUrl.split('/').at(-1)!;
    for (const url of [s.stkUrl.replace(secret, `${secret.slice(0, -1)}${secret.at(-1) === 'a' ? 'b' : 'a'}`), s.stkUrl.replace(secret, 'short')]) {
      expect((await post(url, good)).status).toBe(404);
    }
    expect(await count(s.orgId, 'payment_callbacks', sql`and kind = 'stk_callback'`)).toBe(0);
    expect(await count(s.orgId, 'payments', sql`and channel_id = ${s.paybill}`)).toBe(0);
    expect((await s.browser.get(`/api/v1/payment-requests/${r.id}`)).json().state).toBe('sent');
  });

  it('checks what it asks for: whole shillings, a Kenyan mobile, a channel that can push, the tenant’s own invoice; Safaricom’s refusal is shown', async () => {
    const s = await setup('STK Checks Co');
    const inv = await issue(s, { due: '2026-01-05', amounts: ['800.00'] });
    const refused = async (body: RecordValues, field: string) => {
      const res = await s.browser.post('/api/v1/payment-requests', { tenant_id: s.lease.tenant_id, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.json().errors), JSON.stringify(body)).toContain(field);
    };
    await refused({ amount: '100.50' }, 'amount');
    await refused({ amount: '0' }, 'amount');
    await refused({ amount: '250001' }, 'amount');
    await refused({ phone: '0201234567' }, 'phone');
    await refused({ phone: '+255712345678' }, 'phone');
    const other = await ledger(t.app, 'STK Other Co');
    const otherInvoice = await issue(other, { due: '2026-01-05', amounts: ['100.00'] });
    await refused({ invoice_id: otherInvoice.id }, 'invoice_id');
    const keyless = (await s.browser.post('/api/v1/payment-channels', { name: 'No passkey', kind: 'mpesa_paybill', number: '610999', daraja_consumer_key: 'k', daraja_consumer_secret: 's' })).json();
    await refused({ channel_id: keyless.id, amount: '10' }, 'channel_id');
    expect(await count(s.orgId, 'payment_requests')).toBe(0);
    // a wrong passkey: Safaricom refuses, the request says so
    const wrong = (await s.browser.post('/api/v1/payment-channels', { name: 'Wrong passkey', kind: 'mpesa_paybill', number: '610998', daraja_consumer_key: 'k', daraja_consumer_secret: 's', daraja_passkey: 'not-it' })).json();
    const r = await request(s, { channel_id: wrong.id, invoice_id: inv.id });
    expect(r).toMatchObject({ state: 'failed', result_code: '500.001.1001', result_desc: 'Wrong credentials', checkout_request_id: null });
  });

  it('a till pushes Buy Goods with its store number', async () => {
    const s = await setup('STK Till Co', { kind: 'mpesa_till', number: '610555', daraja_store_number: '610556' });
    await issue(s, { due: '2026-01-05', amounts: ['300.00'] });
    const r = await request(s, { phone: '0712345678' });
    const push = fake.stkPushes.find((p) => p.checkoutRequestId === r.checkout_request_id)!;
    expect(push.body).toMatchObject({ BusinessShortCode: '610556', PartyB: '610555', TransactionType: 'CustomerBuyGoodsOnline', Amount: 300, PhoneNumber: '254712345678' });
    expect((await settled(s.browser, r.id)).state).toBe('paid');
  });

  it('needs create.payment to ask; another organisation can neither read the request nor be touched by a callback, even with equal account codes', async () => {
    const a = await setup('STK Isolation A');
    const b = await setup('STK Isolation B');
    const bHouse = (await b.browser.get(`/api/v1/houses/${b.lease.house_id}`)).json();
    expect((await b.browser.put(`/api/v1/houses/${bHouse.id}`, { ...bHouse, account_code: a.accountCode })).statusCode).toBe(200);
    const bInvoice = await issue(b, { due: '2026-01-05', amounts: ['800.00'] });
    await issue(a, { due: '2026-01-05', amounts: ['800.00'] });
    const ra = await request(a, { phone: TIMEOUT_PHONE });
    const rb = await request(b, { phone: TIMEOUT_PHONE });
    // B's request named on A's callback URL: A's channel knows no such request; B's stays as it was
    expect((await post(a.stkUrl, stkBody(rb.checkout_request_id, {}, paidItems(receipt(), 800)))).json.ResultCode).toBe(0);
    expect((await b.browser.get(`/api/v1/payment-requests/${rb.id}`)).json()).toMatchObject({ state: 'sent', payment_id: null });
    expect((await b.browser.get(`/api/v1/invoices/${bInvoice.id}`)).json()).toMatchObject({ status: 'issued', balance: '800.00' });
    expect(await count(b.orgId, 'payments', sql`and channel_id = ${b.paybill}`)).toBe(0);
    expect(await count(b.orgId, 'payment_callbacks')).toBe(0);
    // A's own callback pays A's tenant
    expect((await post(a.stkUrl, stkBody(ra.checkout_request_id, {}, paidItems(receipt(), 800)))).json.ResultCode).toBe(0);
    expect((await a.browser.get(`/api/v1/payment-requests/${ra.id}`)).json()).toMatchObject({ state: 'paid' });
    // B cannot read A's request, list it, or ask for A's tenant
    expect((await b.browser.get(`/api/v1/payment-requests/${ra.id}`)).statusCode).toBe(404);
    expect((await b.browser.get(`/api/v1/payment-requests?tenant_id=${a.lease.tenant_id}`)).json().data).toEqual([]);
    const cross = await b.browser.post('/api/v1/payment-requests', { tenant_id: a.lease.tenant_id, amount: '10' });
    expect(cross.statusCode).toBe(422);
    expect((await b.browser.get(`/api/v1/payment-requests/draft?tenant_id=${a.lease.tenant_id}`)).statusCode).toBe(422);
    // a member without create.payment may read but not ask
    const role = await a.browser.post('/api/v1/roles', { name: `Payments reader ${Math.random()}`, permissions: ['list.payment', 'show.payment'] });
    expect(role.statusCode, role.body).toBe(201);
    const member = await registeredBrowser(t.app);
    const invited = await a.browser.post('/api/v1/users', { name: 'Reader', email: member.email, role_ids: [role.json().id] });
    expect(invited.statusCode, invited.body).toBe(201);
    expect((await member.browser.post(`/api/v1/user/invitations/${invited.json().id}/accept`)).statusCode).toBe(200);
    member.browser.tenant = a.orgId;
    expect((await member.browser.post('/api/v1/payment-requests', { tenant_id: a.lease.tenant_id, amount: '10' })).statusCode).toBe(403);
    expect((await member.browser.get(`/api/v1/payment-requests/draft?tenant_id=${a.lease.tenant_id}`)).statusCode).toBe(403);
    expect((await member.browser.get(`/api/v1/payment-requests/${ra.id}`)).statusCode).toBe(200);
  });

  it('in demo mode against the local fake, a channel without keys still asks (the fake’s sandbox passkey), and is paid', async () => {
    const port = await freePort();
    const demo = await buildTestApp({ appUrl: `http://127.0.0.1:${port}`, darajaUrl: fake.url, demo: true }, t.database);
    try {
      await demo.app.listen({ host: '127.0.0.1', port });
      const l = await ledger(demo.app, 'STK Demo Co');
      const ch = (await l.browser.post('/api/v1/payment-channels', { name: 'Demo paybill', kind: 'mpesa_paybill', number: '610777', is_default: true })).json();
      await issue(l, { due: '2026-01-05', amounts: ['1200.00'] });
      const res = await l.browser.post('/api/v1/payment-requests', { tenant_id: l.lease.tenant_id, channel_id: ch.id, phone: '0712345678' });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ state: 'sent', amount: '1200.00' });
      expect(await settled(l.browser, res.json().id)).toMatchObject({ state: 'paid', payment_id: expect.any(String) });
      // outside demo mode the same channel cannot push
      const plain = new Browser(t.app);
      plain.cookies = l.browser.cookies;
      plain.tenant = l.browser.tenant;
      const refused = await plain.post('/api/v1/payment-requests', { tenant_id: l.lease.tenant_id, channel_id: ch.id, phone: '0712345678' });
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json().errors).toHaveProperty('channel_id');
    } finally {
      await demo.app.close();
    }
  });
});

import { createServer } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordValues } from '../../../../src/shared/resource.js';
import { inScope, rowsOf } from '../../../../src/server/db/client.js';
import { startFakeDaraja, type FakeDaraja } from '../../../../src/dev/fake-daraja.js';
import { buildTestApp, type TestApp } from '../../helpers.js';
import { issue, ledger, type Ledger } from '../payments/fixtures.js';

// Daraja C2B end to end over real HTTP: Keja listens on a port, the fake Daraja calls its
// registered URLs the way Safaricom does, and what arrives is matched, allocated, de-duplicated.

let t: TestApp;
let fake: FakeDaraja;
let base: string;

const freePort = () => new Promise<number>((resolve) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const { port } = s.address() as { port: number };
    s.close(() => resolve(port));
  });
});

beforeAll(async () => {
  fake = await startFakeDaraja({ registerOnce: true, refusedKeys: ['wrong-key'] });
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  t = await buildTestApp({ appUrl: base, darajaUrl: fake.url, demo: true });
  await t.app.listen({ host: '127.0.0.1', port });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

let shortCodes = 600100;
interface Setup extends Ledger { paybill: string; shortCode: string; accountCode: string; confirmation: string; validation: string }

/** An organisation with a lease, an issued invoice and an M-Pesa paybill with Daraja keys. */
async function setup(org: string, channel: RecordValues = {}): Promise<Setup> {
  const l = await ledger(t.app, org);
  const shortCode = String(shortCodes++);
  const created = await l.browser.post('/api/v1/payment-channels', {
    name: `Paybill ${shortCode}`, kind: 'mpesa_paybill', number: shortCode, daraja_environment: 'sandbox',
    daraja_consumer_key: 'key', daraja_consumer_secret: 'secret', ...channel,
  });
  expect(created.statusCode, created.body).toBe(201);
  const house = (await l.browser.get(`/api/v1/houses/${l.lease.house_id}`)).json();
  const urls = (await l.browser.get(`/api/v1/payment-channels/${created.json().id}/callback-urls`)).json();
  return { ...l, paybill: String(created.json().id), shortCode, accountCode: String(house.account_code), confirmation: urls.confirmation_url, validation: urls.validation_url };
}

let n = 0;
const transId = () => `TST${String(++n).padStart(7, '0')}`;
const payload = (s: Setup, extra: Record<string, unknown> = {}) => ({
  TransactionType: 'Pay Bill', TransID: transId(), TransTime: '20260115093000', TransAmount: '1500.00',
  BusinessShortCode: s.shortCode, BillRefNumber: s.accountCode, InvoiceNumber: '', OrgAccountBalance: '', ThirdPartyTransID: '',
  MSISDN: '2547 ***** 126', FirstName: 'JOHN', MiddleName: '', LastName: 'DOE', ...extra,
});
const post = async (url: string, body: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }) => {
  const res = await fetch(url, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });
  return { status: res.status, json: await res.json() as Record<string, unknown> };
};
const count = (orgId: string, table: 'payments' | 'payment_callbacks') => inScope(t.database.db, { tenant: orgId }, async (tx) =>
  Number(rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from ${sql.raw(table)} where organization_id = ${orgId}`))[0].n));
const paymentsOf = async (s: Setup) => (await s.browser.get('/api/v1/payments?sort=["paid_at","DESC"]&range=[0,99]')).json() as RecordValues[];

describe('Daraja C2B', () => {
  it('registers the URLs with the fake (and says plainly when they are already registered, or the keys are wrong)', async () => {
    const s = await setup('Register Co');
    const first = await s.browser.post(`/api/v1/payment-channels/${s.paybill}/register-urls`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ outcome: 'ok', code: '0', confirmation_url: s.confirmation, validation_url: s.validation });
    expect(fake.registrations.get(s.shortCode)).toMatchObject({ ConfirmationURL: s.confirmation, ValidationURL: s.validation, ResponseType: 'Completed' });
    const again = await s.browser.post(`/api/v1/payment-channels/${s.paybill}/register-urls`);
    expect(again.json()).toMatchObject({ outcome: 'already_registered', code: '500.003.1001', description: 'Urls are already registered' });

    const wrong = await s.browser.post('/api/v1/payment-channels', { name: 'Wrong keys', kind: 'mpesa_paybill', number: '600999', daraja_consumer_key: 'wrong-key', daraja_consumer_secret: 'x' });
    expect((await s.browser.post(`/api/v1/payment-channels/${wrong.json().id}/register-urls`)).json()).toMatchObject({ outcome: 'bad_keys' });
    const keyless = await s.browser.post('/api/v1/payment-channels', { name: 'No keys', kind: 'mpesa_paybill', number: '600998' });
    const refused = await s.browser.post(`/api/v1/payment-channels/${keyless.json().id}/register-urls`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toHaveProperty('daraja_consumer_key');
    expect(fake.registrations.has('600998')).toBe(false);
  });

  it('a simulated payment goes fake → confirmation URL → matched, allocated payment, its raw callback readable', async () => {
    const s = await setup('Simulate Co');
    const inv = await issue(s, { due: '2026-01-05', amounts: ['1000.00'] });
    const res = await s.browser.post(`/api/v1/payment-channels/${s.paybill}/simulate`, { amount: '1500', account: ` ${s.accountCode.toLowerCase()} ` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ outcome: 'ok', payment_id: expect.any(String) });
    const delivered = fake.deliveries.filter((d) => d.payload.BusinessShortCode === s.shortCode);
    expect(delivered.map((d) => [d.kind, d.status, d.answer])).toEqual([
      ['validation', 200, { ResultCode: '0', ResultDesc: 'Accepted' }],
      ['confirmation', 200, { ResultCode: 0, ResultDesc: 'Accepted' }],
    ]);
    const payment = (await s.browser.get(`/api/v1/payments/${res.json().payment_id}`)).json();
    expect(payment).toMatchObject({
      status: 'allocated', tenant_id: s.lease.tenant_id, lease_id: s.lease.id, amount: '1500.00', unallocated: '500.00',
      method: 'mpesa', external_reference: delivered[1].payload.TransID, payer_name: 'John Doe', payer_phone: '2547 ***** 126',
    });
    expect(payment.allocations).toEqual([expect.objectContaining({ invoice_id: inv.id, amount: '1000.00' })]);
    expect((await s.browser.get(`/api/v1/invoices/${inv.id}`)).json()).toMatchObject({ status: 'paid', balance: '0.00' });
    const callbacks = (await s.browser.get(`/api/v1/payments/${payment.id}/callbacks`)).json().data;
    expect(callbacks).toHaveLength(1);
    expect(JSON.parse(callbacks[0].body)).toEqual(delivered[1].payload);
    expect(callbacks[0]).toMatchObject({ status: 'recorded', trans_id: delivered[1].payload.TransID, kind: 'c2b_confirmation' });
  });

  it('reads TransTime in Nairobi time and the amount exactly', async () => {
    const s = await setup('Time Co');
    const body = payload(s, { TransTime: '20260115093000', TransAmount: '1234.56' });
    expect((await post(s.confirmation, body)).json).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    const [p] = await paymentsOf(s);
    expect(p).toMatchObject({ paid_at: '2026-01-15T06:30:00.000Z', amount: '1234.56', external_reference: body.TransID });
  });

  it('50 concurrent replays of one confirmation record one payment and all answer 0', async () => {
    const s = await setup('Replay Co');
    await issue(s, { due: '2026-01-05', amounts: ['5000.00'] });
    const body = payload(s, { TransAmount: '700.00' });
    const answers = await Promise.all(Array.from({ length: 50 }, () => post(s.confirmation, body)));
    expect(answers.map((a) => [a.status, a.json.ResultCode])).toEqual(Array(50).fill([200, 0]));
    expect(await count(s.orgId, 'payments')).toBe(1);
    expect(await count(s.orgId, 'payment_callbacks')).toBe(1);
    const [p] = await paymentsOf(s);
    expect(p).toMatchObject({ amount: '700.00', status: 'allocated' });
    // and later, once more: nothing changes
    expect((await post(s.confirmation, body)).json.ResultCode).toBe(0);
    expect(await count(s.orgId, 'payments')).toBe(1);
  }, 120_000);

  it('20 different confirmations at once and payments recorded by hand: receipt numbers unique and gapless, each with one SMS receipt naming it', async () => {
    const s = await setup('Numbering Co');
    await issue(s, { due: '2026-01-05', amounts: ['50000.00'] });
    await t.database.db.execute(sql`update tenants set phone = '+254712300001', sms_opt_in = true where organization_id = ${s.orgId} and id = ${String(s.lease.tenant_id)}`);
    const bodies = Array.from({ length: 20 }, () => payload(s, { TransAmount: '100.00' }));
    const byHand = (i: number) => s.browser.post('/api/v1/payments', {
      channel_id: s.channelId, method: 'cash', amount: '50.00', paid_at: '2026-01-15T08:00:00.000Z', tenant_id: s.lease.tenant_id, external_reference: `CASH${i}`,
    });
    const [answers, hand] = await Promise.all([
      Promise.all(bodies.map((b) => post(s.confirmation, b))),
      Promise.all([1, 2, 3].map(byHand)),
    ]);
    expect(answers.map((a) => a.json.ResultCode)).toEqual(Array(20).fill(0));
    expect(hand.map((h) => h.statusCode)).toEqual([201, 201, 201]);
    await t.app.jobs.drain();
    const payments = await paymentsOf(s);
    expect(payments).toHaveLength(23);
    const numbers = payments.map((p) => Number(String(p.receipt_number).replace(/^RCT-/, ''))).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 23 }, (_, i) => numbers[0] + i));
    const receipts = await inScope(t.database.db, { tenant: s.orgId }, async (tx) => rowsOf<{ dedup_key: string; body: string }>(await tx.execute(sql`
      select dedup_key, body from messages where organization_id = ${s.orgId} and dedup_key like 'receipt:%'`)));
    expect(receipts).toHaveLength(23);
    for (const p of payments) {
      const mine = receipts.filter((r) => r.dedup_key === `receipt:${String(p.id)}`);
      expect(mine, String(p.receipt_number)).toHaveLength(1);
      expect(mine[0].body).toContain(String(p.receipt_number));
    }
  }, 120_000);

  it('matches the account however it was typed', async () => {
    const s = await setup('Variants Co');
    const code = s.accountCode;
    const spaced = code.split('').join(' ');
    const hyphened = `${code.slice(0, 1)}-${code.slice(1)}`;
    for (const typed of [code.toLowerCase(), ` ${code} `, spaced, hyphened, `${code}.`, `#${code.toLowerCase()}`]) {
      expect((await post(s.confirmation, payload(s, { BillRefNumber: typed, TransAmount: '10' }))).json.ResultCode).toBe(0);
    }
    const all = await paymentsOf(s);
    expect(all).toHaveLength(6);
    for (const p of all) expect(p).toMatchObject({ tenant_id: s.lease.tenant_id, status: 'allocated' });
  });

  it('an unknown account leaves one unmatched payment with a suggested tenant, then someone assigns it', async () => {
    const s = await setup('Unmatched Co');
    const inv = await issue(s, { due: '2026-01-05', amounts: ['300.00'] });
    const typo = `${s.accountCode}X`;
    const body = payload(s, { BillRefNumber: typo, TransAmount: '300' });
    expect((await post(s.confirmation, body)).json.ResultCode).toBe(0);
    expect((await post(s.confirmation, body)).json.ResultCode).toBe(0);
    const [p, ...rest] = await paymentsOf(s);
    expect(rest).toEqual([]);
    expect(p).toMatchObject({ status: 'unmatched', tenant_id: null, account_reference: typo });
    const suggestion = (await s.browser.get(`/api/v1/payments/${p.id}/suggestion`)).json().suggestion;
    expect(suggestion).toMatchObject({ tenant_id: s.lease.tenant_id, lease_id: s.lease.id, account_code: s.accountCode, distance: 1 });
    const far = payload(s, { BillRefNumber: 'ZZZZZZZZZZ', TransAmount: '1' });
    await post(s.confirmation, far);
    const farPayment = (await paymentsOf(s)).find((x) => x.external_reference === far.TransID)!;
    expect((await s.browser.get(`/api/v1/payments/${farPayment.id}/suggestion`)).json()).toEqual({ suggestion: null });
    const assigned = await s.browser.post(`/api/v1/payments/${p.id}/assign`, { tenant_id: suggestion.tenant_id, lease_id: suggestion.lease_id });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json()).toMatchObject({ status: 'allocated', allocations: [expect.objectContaining({ invoice_id: inv.id, amount: '300.00' })] });
  });

  it('validation accepts known accounts; unknown ones per the channel setting', async () => {
    const open = await setup('Open Co');
    const strict = await setup('Strict Co', { daraja_refuse_unknown_accounts: true });
    for (const s of [open, strict]) {
      expect((await post(s.validation, payload(s, { BillRefNumber: ` ${s.accountCode.toLowerCase()}` }))).json).toEqual({ ResultCode: '0', ResultDesc: 'Accepted' });
    }
    expect((await post(open.validation, payload(open, { BillRefNumber: 'NOPE404' }))).json).toEqual({ ResultCode: '0', ResultDesc: 'Accepted' });
    const refused = await post(strict.validation, payload(strict, { BillRefNumber: 'NOPE404' }));
    expect(refused).toEqual({ status: 200, json: { ResultCode: 'C2B00012', ResultDesc: expect.stringMatching(/unknown account/i) } });
    expect((await post(strict.validation, payload(strict, { TransAmount: '0' }))).json.ResultCode).toBe('C2B00013');
    // validation records nothing
    expect(await count(strict.orgId, 'payments')).toBe(0);
    expect(await count(strict.orgId, 'payment_callbacks')).toBe(0);
  });

  it('bad input: 4xx in Daraja’s shape, never a 500, nothing stored', async () => {
    const s = await setup('Bad Input Co');
    const good = JSON.stringify(payload(s));
    const bodies: Array<[string, string | Record<string, unknown>, Record<string, string>?]> = [
      ['truncated', good.slice(0, good.length - 7)],
      ['not json', 'TransID=ABC&TransAmount=5'],
      ['empty', ''],
      ['array', '[]'],
      ['null', 'null'],
      ['amount a word', payload(s, { TransAmount: 'ten' })],
      ['amount negative', payload(s, { TransAmount: '-10.00' })],
      ['amount zero', payload(s, { TransAmount: '0.00' })],
      ['amount 3 decimals', payload(s, { TransAmount: '10.005' })],
      ['amount object', payload(s, { TransAmount: { value: 10 } })],
      ['TransID number', payload(s, { TransID: 12345678 })],
      ['TransID missing', (() => { const b: Record<string, unknown> = payload(s); delete b.TransID; return b; })()],
      ['TransID with NUL', payload(s, { TransID: 'ABC\u0000DEF12' })],
      ['TransTime impossible', payload(s, { TransTime: '20261345250000' })],
      ['BillRef array', payload(s, { BillRefNumber: ['A'] })],
      ['wrong shortcode', payload(s, { BusinessShortCode: '999999' })],
      ['raw NUL byte', good.replace('Pay Bill', 'Pay\u0000Bill')],
      ['form encoded', 'a=b', { 'content-type': 'application/x-www-form-urlencoded' }],
    ];
    for (const [name, body, headers] of bodies) {
      for (const url of [s.confirmation, s.validation]) {
        const r = await post(url, body, headers);
        // a 4xx, or (validation) Daraja's own refusal with 200: either way a C2B000xx code
        expect(r.status === 200 ? url : r.status, `${name} ${url}`).toSatisfy((x: unknown) => x === s.validation || (typeof x === 'number' && x >= 400 && x < 500));
        expect(r.json, name).toEqual({ ResultCode: expect.stringMatching(/^C2B000\d\d$/), ResultDesc: expect.any(String) });
      }
    }
    const huge = await post(s.confirmation, JSON.stringify({ ...payload(s), FirstName: 'x'.repeat(40_000) }));
    expect(huge.status).toBe(413);
    expect(huge.json.ResultCode).toBe('C2B00016');
    // a NUL escaped inside a free-text field is cleaned, not refused, and never reaches PostgreSQL raw
    const nul = payload(s, { FirstName: 'JO\u0000HN' });
    expect((await post(s.confirmation, nul)).status).toBe(200);
    expect(await count(s.orgId, 'payments')).toBe(1);
    expect(await count(s.orgId, 'payment_callbacks')).toBe(1);
  });

  it('a wrong, unknown or rotated secret is 404 and stores nothing', async () => {
    const s = await setup('Secret Co');
    const secret = s.confirmation.split('/').at(-2)!;
    const wrong = [
      s.confirmation.replace(secret, `${secret.slice(0, -1)}${secret.at(-1) === 'a' ? 'b' : 'a'}`),
      s.confirmation.replace(secret, 'short'),
      s.confirmation.replace(secret, '%00%00'),
      `${base}/api/v1/webhooks/c2b/${'x'.repeat(300)}/confirmation`,
      `${base}/api/v1/webhooks/c2b/${secret}/other`,
    ];
    for (const url of wrong) {
      const r = await post(url, payload(s));
      // 414: a path longer than any secret is refused before routing; 400: a NUL is refused by the
      // input guard before the secret is looked up (in Daraja's answer shape, like every refusal here)
      expect([400, 404, 414], url).toContain(r.status);
    }
    const rotated = await s.browser.post(`/api/v1/payment-channels/${s.paybill}/rotate-secret`);
    expect((await post(s.confirmation, payload(s))).status).toBe(404);
    expect((await post(s.validation, payload(s))).status).toBe(404);
    expect(await count(s.orgId, 'payments')).toBe(0);
    expect(await count(s.orgId, 'payment_callbacks')).toBe(0);
    expect((await post(rotated.json().confirmation_url, payload(s))).json.ResultCode).toBe(0);
    expect(await count(s.orgId, 'payments')).toBe(1);
  });

  it('a callback to organisation A’s channel never touches organisation B, even with equal account codes', async () => {
    const a = await setup('Isolation A');
    const b = await setup('Isolation B');
    // B's house gets A's account code
    const bHouse = (await b.browser.get(`/api/v1/houses/${b.lease.house_id}`)).json();
    expect((await b.browser.put(`/api/v1/houses/${bHouse.id}`, { ...bHouse, account_code: a.accountCode })).statusCode).toBe(200);
    const bInvoice = await issue(b, { due: '2026-01-05', amounts: ['800.00'] });
    const aInvoice = await issue(a, { due: '2026-01-05', amounts: ['800.00'] });
    // A's channel, A's shortcode; and a body naming B's shortcode on A's URL is refused
    expect((await post(a.confirmation, payload(a, { TransAmount: '800' }))).json.ResultCode).toBe(0);
    expect((await post(a.confirmation, payload(b, { TransAmount: '800' }))).status).toBe(400);
    const [p] = await paymentsOf(a);
    expect(p).toMatchObject({ tenant_id: a.lease.tenant_id, status: 'allocated' });
    expect((await a.browser.get(`/api/v1/invoices/${aInvoice.id}`)).json()).toMatchObject({ status: 'paid' });
    expect((await b.browser.get(`/api/v1/invoices/${bInvoice.id}`)).json()).toMatchObject({ status: 'issued', balance: '800.00' });
    expect(await count(b.orgId, 'payments')).toBe(0);
    expect(await count(b.orgId, 'payment_callbacks')).toBe(0);
    // B cannot read A's payment, its callbacks or its suggestion
    for (const path of [`/api/v1/payments/${p.id}`, `/api/v1/payments/${p.id}/callbacks`, `/api/v1/payments/${p.id}/suggestion`]) {
      const r = await b.browser.get(path);
      expect(r.statusCode === 404 || (r.statusCode === 200 && JSON.stringify(r.json()) === '{"data":[]}'), `${path} ${r.body}`).toBe(true);
    }
    // the same TransID on B's own channel is B's own payment (one per channel)
    const same = payload(b, { TransID: String(p.external_reference), TransAmount: '800', BillRefNumber: a.accountCode });
    expect((await post(b.confirmation, same)).json.ResultCode).toBe(0);
    expect((await paymentsOf(b))[0]).toMatchObject({ tenant_id: b.lease.tenant_id });
    expect(await count(a.orgId, 'payments')).toBe(1);
  });

  it('an APP_URL holding a refused word is said plainly before Safaricom is asked; an old secret is replaced when shown', async () => {
    const other = await buildTestApp({ appUrl: 'https://mpesa.keja.test', darajaUrl: fake.url }, t.database);
    try {
      const l = await ledger(other.app, 'Refused Word Co');
      const ch = (await l.browser.post('/api/v1/payment-channels', { name: 'P', kind: 'mpesa_paybill', number: '600777', daraja_consumer_key: 'k', daraja_consumer_secret: 's' })).json();
      const r = await l.browser.post(`/api/v1/payment-channels/${ch.id}/register-urls`);
      expect(r.statusCode).toBe(409);
      expect(r.json().message).toContain('“mpesa”');
      expect(fake.registrations.has('600777')).toBe(false);
      // a secret made before the URL-word rule (base64url, may spell EXEC) never worked: it is replaced
      await inScope(t.database.db, { tenant: l.orgId }, (tx) => tx.execute(sql`update payment_channels set callback_secret = 'old-EXEC_secret-0123456789abcdefgh' where organization_id = ${l.orgId} and id = ${ch.id}`));
      const urls = (await l.browser.get(`/api/v1/payment-channels/${ch.id}/callback-urls`)).json();
      expect(urls.confirmation_url).toMatch(/^https:\/\/mpesa\.keja\.test\/api\/v1\/webhooks\/c2b\/[0-9a-df-lnoprstuvwxyzA-DF-LNOPRSTUVWXYZ]{32}\/confirmation$/);
    } finally {
      await other.app.close();
    }
  });

  it('simulating is refused outside demo mode', async () => {
    const other = await buildTestApp({ darajaUrl: fake.url, demo: false }, t.database);
    try {
      const l = await ledger(other.app, 'No Demo Co');
      const ch = await l.browser.post('/api/v1/payment-channels', { name: 'P', kind: 'mpesa_paybill', number: '600555' });
      expect((await l.browser.post(`/api/v1/payment-channels/${ch.json().id}/simulate`, { amount: '10', account: 'A1' })).statusCode).toBe(404);
      expect((await l.browser.get(`/api/v1/payment-channels/${ch.json().id}/callback-urls`)).json().can_simulate).toBe(false);
    } finally {
      await other.app.close();
    }
  });
});

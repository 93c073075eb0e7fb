import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inScope, rowsOf } from '../../../../src/server/db/client.js';
import { applyCredits } from '../../../../src/server/domain/payments/allocation.js';
import { sql } from 'drizzle-orm';
import { buildTestApp, registeredBrowser, type TestApp } from '../../helpers.js';
import { anotherLease, charge, invoice, issue, ledger, pay } from './fixtures.js';

let t: TestApp;
beforeAll(async () => { t = await buildTestApp(); });
afterAll(() => t.close());

describe('recording a payment', () => {
  it('gets a gapless receipt number and pays the oldest due invoice first, partial payments included', async () => {
    const l = await ledger(t.app, 'Allocation Co');
    const newer = await issue(l, { due: '2026-02-05', amounts: ['10000.00'] });
    const older = await issue(l, { due: '2026-01-05', amounts: ['8000.00', '500.50'] });
    const p1 = await pay(l, '9000.00');
    expect(p1.receipt_number).toBe('RCT-000001');
    expect(p1.status).toBe('allocated');
    expect(p1.allocations.map((a) => [a.invoice_id, a.amount])).toEqual([[older.id, '8500.50'], [newer.id, '499.50']]);
    expect(await invoice(l, older.id)).toMatchObject({ paid: '8500.50', balance: '0.00', status: 'paid' });
    expect(await invoice(l, newer.id)).toMatchObject({ paid: '499.50', balance: '9500.50', status: 'partially_paid' });
    const p2 = await pay(l, '0.50');
    expect(p2.receipt_number).toBe('RCT-000002');
    expect(await invoice(l, newer.id)).toMatchObject({ balance: '9500.00' });
  });

  it('breaks a due-date tie by charge priority (lower first), and keeps the rest as credit', async () => {
    const l = await ledger(t.app, 'Priority Co');
    const water = await charge(l, 50);
    const rent = await charge(l, 10);
    const w = await issue(l, { due: '2026-03-05', amounts: ['700.00'], chargeIds: [water] });
    const r = await issue(l, { due: '2026-03-05', amounts: ['20000.00'], chargeIds: [rent] });
    const p = await pay(l, '20100.00');
    expect(p.allocations).toEqual([
      expect.objectContaining({ invoice_id: r.id, amount: '20000.00' }),
      expect.objectContaining({ invoice_id: w.id, amount: '100.00' }),
    ]);
    const over = await pay(l, '1000.00');
    expect(over).toMatchObject({ unallocated: '400.00', status: 'allocated' });
    expect(await invoice(l, w.id)).toMatchObject({ status: 'paid', balance: '0.00' });
  });

  it('credit on account pays the next invoice when it is issued (applyCredits)', async () => {
    const l = await ledger(t.app, 'Credit Co');
    const p = await pay(l, '3000.00');
    expect(p).toMatchObject({ unallocated: '3000.00', status: 'allocated', allocations: [] });
    // issuing it (POST /invoices) spends the credit in the same transaction; nothing is left to apply
    const next = await issue(l, { due: '2026-04-05', amounts: ['2500.00'] });
    expect(await invoice(l, next.id)).toMatchObject({ status: 'paid', balance: '0.00' });
    const applied = await inScope(t.app.db, { tenant: l.orgId }, (tx) => applyCredits(tx, l.orgId, String(l.lease.tenant_id)));
    expect(applied).toBe(0n);
    expect((await l.browser.get(`/api/v1/payments/${p.id}`)).json()).toMatchObject({ unallocated: '500.00' });
  });

  it('reversal undoes allocations, restores balances and statuses, and is audited; it happens once', async () => {
    const l = await ledger(t.app, 'Reversal Co');
    const a = await issue(l, { due: '2026-01-05', amounts: ['5000.00'] });
    const b = await issue(l, { due: '2026-02-05', amounts: ['5000.00'] });
    const p = await pay(l, '7000.00');
    expect(await invoice(l, b.id)).toMatchObject({ status: 'partially_paid' });
    const rev = await l.browser.post(`/api/v1/payments/${p.id}/reverse`, { reason: 'Cheque bounced' });
    expect(rev.statusCode, rev.body).toBe(200);
    expect(rev.json()).toMatchObject({ status: 'reversed', reversal_reason: 'Cheque bounced', allocations: [], unallocated: '0.00' });
    expect(await invoice(l, a.id)).toMatchObject({ paid: '0.00', balance: '5000.00', status: 'issued' });
    expect(await invoice(l, b.id)).toMatchObject({ paid: '0.00', balance: '5000.00', status: 'issued' });
    expect((await l.browser.post(`/api/v1/payments/${p.id}/reverse`, { reason: 'again' })).statusCode).toBe(409);
    expect((await l.browser.post(`/api/v1/payments/${p.id}/reverse`, {})).statusCode).toBe(422);
    const audit = await inScope(t.app.db, { tenant: l.orgId }, async (tx) => rowsOf<{ action: string; reason: string | null }>(await tx.execute(sql`
      select action, reason from audit_log where organization_id = ${l.orgId} and record_id = ${p.id} order by at, id`)));
    expect(audit.map((x) => x.action)).toEqual(expect.arrayContaining(['allocate', 'create', 'reverse']));
    expect(audit.find((x) => x.action === 'reverse')?.reason).toBe('Cheque bounced');
  });

  it('manual re-allocation moves money between invoices within their balances', async () => {
    const l = await ledger(t.app, 'Reallocate Co');
    const a = await issue(l, { due: '2026-01-05', amounts: ['1000.00'] });
    const b = await issue(l, { due: '2026-02-05', amounts: ['1000.00'] });
    const p = await pay(l, '1000.00');
    expect(await invoice(l, a.id)).toMatchObject({ status: 'paid' });
    const res = await l.browser.post(`/api/v1/payments/${p.id}/allocate`, { allocations: [{ invoice_id: b.id, amount: '600.00' }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ unallocated: '400.00', allocations: [expect.objectContaining({ invoice_id: b.id, amount: '600.00' })] });
    expect(await invoice(l, a.id)).toMatchObject({ status: 'issued', balance: '1000.00' });
    expect(await invoice(l, b.id)).toMatchObject({ status: 'partially_paid', balance: '400.00' });
    const tooMuch = await l.browser.post(`/api/v1/payments/${p.id}/allocate`, { allocations: [{ invoice_id: b.id, amount: '1000.01' }] });
    expect(tooMuch.statusCode).toBe(422);
    const other = await pay(l, '900.00');
    const beyond = await l.browser.post(`/api/v1/payments/${p.id}/allocate`, { allocations: [{ invoice_id: a.id, amount: '200.00' }] });
    expect(beyond.statusCode, beyond.body).toBe(422);
    expect(other.allocations.map((x) => x.invoice_id)).toEqual([a.id]);
  });

  it('voiding: only without allocations, with a reason, once', async () => {
    const l = await ledger(t.app, 'Void Co');
    const a = await issue(l, { due: '2026-01-05', amounts: ['1000.00'] });
    const b = await issue(l, { due: '2026-02-05', amounts: ['1000.00'] });
    const p = await pay(l, '500.00');
    const refused = await l.browser.post(`/api/v1/invoices/${a.id}/void`, { reason: 'Wrong house' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('move them');
    const ok = await l.browser.post(`/api/v1/invoices/${b.id}/void`, { reason: 'Billed twice' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'void', void_reason: 'Billed twice', balance: '0.00' });
    expect((await l.browser.post(`/api/v1/invoices/${b.id}/void`, { reason: 'again' })).statusCode).toBe(409);
    // move the allocation, then void
    await l.browser.post(`/api/v1/payments/${p.id}/allocate`, { allocations: [] });
    expect((await l.browser.post(`/api/v1/invoices/${a.id}/void`, { reason: 'Wrong house' })).statusCode).toBe(200);
    // a later payment never pays a void invoice
    expect((await pay(l, '100.00')).allocations).toEqual([]);
  });

  it('unmatched payments wait for assign; an M-Pesa account reference matching a house is matched at once', async () => {
    const l = await ledger(t.app, 'Unmatched Co');
    const inv = await issue(l, { due: '2026-01-05', amounts: ['1500.00'] });
    const stray = await pay(l, '1000.00', { tenant_id: null, method: 'mpesa', external_reference: 'QWE123RTY', account_reference: 'NOSUCH' });
    expect(stray).toMatchObject({ status: 'unmatched', tenant_id: null, allocations: [] });
    expect((await l.browser.post(`/api/v1/payments/${stray.id}/allocate`, { allocations: [] })).statusCode).toBe(409);
    const assigned = await l.browser.post(`/api/v1/payments/${stray.id}/assign`, { tenant_id: l.lease.tenant_id, lease_id: l.lease.id });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json()).toMatchObject({ status: 'allocated', tenant_id: l.lease.tenant_id, allocations: [expect.objectContaining({ invoice_id: inv.id, amount: '1000.00' })] });
    expect((await l.browser.post(`/api/v1/payments/${stray.id}/assign`, { tenant_id: l.lease.tenant_id })).statusCode).toBe(409);
    const house = (await l.browser.get(`/api/v1/houses/${l.lease.house_id}`)).json();
    const matched = await pay(l, '200.00', { tenant_id: null, method: 'mpesa', external_reference: 'QWE123RTZ', account_reference: ` ${String(house.account_code).toLowerCase()} ` });
    expect(matched).toMatchObject({ status: 'allocated', tenant_id: l.lease.tenant_id, lease_id: l.lease.id });
    expect(await invoice(l, inv.id)).toMatchObject({ balance: '300.00' });
  });

  it('a confirmed payment is never edited or deleted through the generic API; an issued invoice neither', async () => {
    const l = await ledger(t.app, 'Frozen Co');
    const inv = await issue(l, { due: '2026-01-05', amounts: ['1500.00'] });
    const p = await pay(l, '100.00');
    const put = await l.browser.put(`/api/v1/payments/${p.id}`, { ...p, amount: '1.00' });
    expect(put.statusCode).toBe(409);
    expect((await l.browser.delete(`/api/v1/payments/${p.id}`)).statusCode).toBe(409);
    expect((await l.browser.delete(`/api/v1/invoices/${inv.id}`)).statusCode).toBe(409);
    expect((await l.browser.put(`/api/v1/invoices/${inv.id}`, { ...inv, due_date: '2026-01-06' })).statusCode).toBe(409);
    expect((await l.browser.get(`/api/v1/payments/${p.id}`)).json()).toMatchObject({ amount: '100.00' });
  });

  it('another organisation gets 404 on every money verb, even with a forged X-Tenant-Id', async () => {
    const l = await ledger(t.app, 'Victim Co');
    const inv = await issue(l, { due: '2026-01-05', amounts: ['1500.00'] });
    const p = await pay(l, '100.00');
    const { browser: intruder } = await registeredBrowser(t.app, { org: 'Intruder Co' });
    for (const [url, body] of [
      [`/api/v1/payments/${p.id}/reverse`, { reason: 'x' }],
      [`/api/v1/payments/${p.id}/assign`, { tenant_id: l.lease.tenant_id }],
      [`/api/v1/payments/${p.id}/allocate`, { allocations: [] }],
      [`/api/v1/invoices/${inv.id}/void`, { reason: 'x' }],
      [`/api/v1/expenses/${inv.id}/approve`, undefined],
    ] as const) {
      expect((await intruder.post(url, body)).statusCode, url).toBe(404);
      expect((await intruder.post(url, body, { 'x-tenant-id': l.orgId })).statusCode, url).toBe(404);
    }
    expect(await invoice(l, inv.id)).toMatchObject({ balance: '1400.00' });
  });

  it('a tenant with two leases shares one ledger: one payment pays both, oldest first', async () => {
    const l = await ledger(t.app, 'Two Leases Co');
    const second = await anotherLease(l);
    const a = await issue(l, { lease: second, due: '2026-01-05', amounts: ['100.00'] });
    const b = await issue(l, { due: '2026-01-06', amounts: ['100.00'] });
    const p = await pay(l, '150.00');
    expect(p.allocations.map((x) => [x.invoice_id, x.amount])).toEqual([[a.id, '100.00'], [b.id, '50.00']]);
  });
});

describe('an M-Pesa code recorded twice', () => {
  it('is one transaction whatever spaces it carries, invisible ones included; another channel or organisation is its own', async () => {
    const l = await ledger(t.app, 'Duplicate Code Co');
    const first = await pay(l, '1000.00', { method: 'mpesa', external_reference: 'sgh7 k2lq9p' });
    expect(first.external_reference).toBe('SGH7K2LQ9P');
    const post = (code: string, channel = l.channelId) => l.browser.post('/api/v1/payments', {
      tenant_id: l.lease.tenant_id, channel_id: channel, method: 'mpesa', amount: '1000.00', paid_at: '2026-01-10T08:00:00.000Z', external_reference: code,
    });
    for (const code of ['SGH7K2LQ9P', ' sgh7k2lq9p ', 'SGH7\u200BK2LQ9P', '\uFEFFSGH7K2LQ9P', 'SGH7\u00A0K2LQ\u200C9P\u200D', 'S\u2060GH7K2LQ9P', 'SGH7\tK2LQ9P']) {
      const res = await post(code);
      expect(res.statusCode, JSON.stringify(code)).toBe(422);
      expect(res.json().errors).toEqual({ external_reference: ['This transaction is already recorded for this channel.'] });
    }
    // a code stored before codes were compacted (with a zero-width space in it) still matches
    await inScope(t.database.db, { tenant: l.orgId }, (tx) => tx.execute(sql`
      update payments set external_reference = ${'QAB\u200B123'} where organization_id = ${l.orgId} and id = ${first.id}`));
    expect((await post('QAB 123')).statusCode).toBe(422);
    const count = await inScope(t.database.db, { tenant: l.orgId }, async (tx) => rowsOf<{ n: number }>(await tx.execute(sql`
      select count(*)::int as n from payments where organization_id = ${l.orgId}`)));
    expect(count[0].n).toBe(1);
    // the same code on another organisation's channel is that organisation's own payment
    const other = await ledger(t.app, 'Other Code Co');
    expect((await pay(other, '1000.00', { method: 'mpesa', external_reference: 'QAB123' })).external_reference).toBe('QAB123');
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordValues } from '../../../../src/shared/resource.js';
import { buildTestApp, registeredBrowser, type TestApp } from '../../helpers.js';
import { issue, ledger, pay, type Ledger } from '../payments/fixtures.js';

// An SMS receipt for every confirmed payment (domain/messaging/receipts.ts): recorded by hand, a
// C2B confirmation (replayed: still one), one assigned from the unmatched queue; in the payment's
// transaction, from the receipt template, switchable; no phone → a visible failed message.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const receipts = async (l: Ledger) => ((await l.browser.get(`/api/v1/messages?filter=${encodeURIComponent(JSON.stringify({ tenant_id: l.lease.tenant_id }))}&range=[0,99]`)).json() as RecordValues[]);

async function estate(name: string, phone: string | null = '+254712300001') {
  const l = await ledger(t.app, name);
  const tenant = (await l.browser.get(`/api/v1/tenants/${l.lease.tenant_id}`)).json() as RecordValues;
  expect((await l.browser.put(`/api/v1/tenants/${l.lease.tenant_id}`, { ...tenant, name: 'Amina Wanjiru', phone: phone ?? '+254712300009', sms_opt_in: true })).statusCode).toBe(200);
  // the API requires a phone; an imported record may hold an empty or unusable one
  if (!phone) await t.database.db.execute(sql`update tenants set phone = '' where organization_id = ${l.orgId} and id = ${String(l.lease.tenant_id)}`);
  const lease = (await l.browser.get(`/api/v1/leases/${l.lease.id}`)).json() as RecordValues;
  if (lease.status === 'draft') expect((await l.browser.post(`/api/v1/leases/${l.lease.id}/activate`, {})).statusCode).toBe(200);
  await issue(l, { due: '2026-02-05', amounts: ['12000.00'] });
  return l;
}

describe('a payment recorded by hand', () => {
  it('queues one receipt from the template with the amount, the receipt number and the balance after; the log driver logs it', async () => {
    const l = await estate('Receipt Estates');
    const template = await l.browser.post('/api/v1/templates', { name: 'Receipt', channel: 'sms', purpose: 'receipt', body: 'Asante {tenant_name}: KES {amount_paid} received, receipt {receipt_number}. Balance KES {balance}.' });
    expect(template.statusCode, template.body).toBe(201);
    const before = await receipts(l);
    const p = await pay(l, '5000.00');
    const [r] = (await receipts(l)).filter((m) => !before.some((b) => b.id === m.id));
    expect(r).toMatchObject({ status: 'queued', to: '+254712300001', template_id: template.json().id, recipient_type: 'tenant' });
    expect(r.body).toMatch(new RegExp(`^Asante Amina: KES 5,000\\.00 received, receipt ${p.receipt_number}\\. Balance KES [\\d,]+\\.\\d{2}\\.$`));
    await t.app.jobs.drain();
    expect((await l.browser.get(`/api/v1/messages/${r.id}`)).json()).toMatchObject({ status: 'logged' });
    expect((await receipts(l)).length).toBe(before.length + 1);
  });

  it('none when switched off in settings; no phone → a failed message that says so, sent on Retry once a phone is added', async () => {
    const l = await estate('No Phone Estates', null);
    await pay(l, '1000.00');
    const [failed] = await receipts(l);
    expect(failed).toMatchObject({ status: 'failed', to: '' });
    expect(String(failed.error)).toContain('Amina Wanjiru has no valid phone number');
    // the dashboard's "needs attention" counts it
    expect((await l.browser.get('/api/v1/dashboard')).json().attention).toMatchObject({ failed_messages: 1 });
    expect((await l.browser.post(`/api/v1/messages/${failed.id}/retry`)).statusCode).toBe(409);
    const tenant = (await l.browser.get(`/api/v1/tenants/${l.lease.tenant_id}`)).json() as RecordValues;
    await l.browser.put(`/api/v1/tenants/${l.lease.tenant_id}`, { ...tenant, phone: '0712300002' });
    expect((await l.browser.post(`/api/v1/messages/${failed.id}/retry`)).json()).toMatchObject({ status: 'queued', to: '+254712300002' });
    await t.app.jobs.drain();
    expect((await l.browser.get(`/api/v1/messages/${failed.id}`)).json().status).toBe('logged');

    const settings = (await l.browser.get('/api/v1/settings')).json() as RecordValues;
    expect(settings.send_receipts).toBe(true);
    expect((await l.browser.put('/api/v1/settings', { ...settings, send_receipts: false })).statusCode).toBe(200);
    await pay(l, '1000.00');
    expect(await receipts(l)).toHaveLength(1);
  });
});

describe('an unmatched payment', () => {
  it('sends nothing until it is assigned, then one receipt', async () => {
    const l = await estate('Unmatched Receipt Estates');
    const before = (await receipts(l)).length;
    const res = await l.browser.post('/api/v1/payments', { channel_id: l.channelId, method: 'mpesa', amount: '700.00', paid_at: '2026-01-10T08:00:00.000Z', account_reference: 'NOSUCH-ACCOUNT', external_reference: 'QRT0000001' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().status).toBe('unmatched');
    expect(await receipts(l)).toHaveLength(before);
    const assigned = await l.browser.post(`/api/v1/payments/${res.json().id}/assign`, { tenant_id: l.lease.tenant_id, lease_id: l.lease.id });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const after = await receipts(l);
    expect(after).toHaveLength(before + 1);
    expect(after.some((m) => String(m.body).includes('KES 700.00'))).toBe(true);
  });
});

describe('another organisation', () => {
  it("never sees or sends another's receipts", async () => {
    const l = await estate('Private Receipt Estates');
    await pay(l, '2500.00');
    const stranger = await registeredBrowser(t.app, { org: 'Receipt Snoop Estates' });
    expect((await stranger.browser.get('/api/v1/messages')).json()).toEqual([]);
    const [mine] = await receipts(l);
    expect((await stranger.browser.post(`/api/v1/messages/${mine.id}/retry`)).statusCode).toBe(404);
  });
});

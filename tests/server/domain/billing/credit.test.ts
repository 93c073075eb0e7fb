// A paid invoice can be credited after the tenant moved out: a credit note lowers what it bills,
// the payment it no longer needs becomes credit on account, and statements already printed stay true.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceByName } from '../../../../resources/index.js';
import { buildTestApp, registeredBrowser, type Browser, type TestApp } from '../../helpers.js';
import { createSample } from '../../crud/samples.js';
import { letHouse } from './tenancy.js';

let t: TestApp;
beforeAll(async () => { t = await buildTestApp(); });
afterAll(() => t.close());

async function movedOutTenant(name: string) {
  const o = await letHouse(t, name, { start_date: '2026-01-01', rent: '10000.00' });
  const { cache, lease } = o;
  const [inv] = (await o.browser.get(`/api/v1/invoices?filter=${encodeURIComponent(JSON.stringify({ lease_id: lease.id }))}`)).json();
  const channel = await createSample(o.browser, resourceByName('payment-channels')!, o.user.id, cache);
  const paid = await o.browser.post('/api/v1/payments', { tenant_id: lease.tenant_id, channel_id: channel.id, method: 'mpesa', external_reference: 'QJA1B2C3D4', amount: '10000.00', paid_at: '2026-01-03T09:00:00.000Z' });
  expect(paid.statusCode, paid.body).toBe(201);
  const ended = await o.browser.post(`/api/v1/leases/${lease.id}/end`, { move_out_date: '2026-01-31' });
  expect(ended.statusCode, ended.body).toBe(200);
  return { ...o, lease, invoiceId: String(inv.id), payment: paid.json() };
}

const statement = async (b: Browser, tenantId: unknown, from: string, to: string) => (await b.get(`/api/v1/statements/user/${tenantId}?from=${from}&to=${to}`)).json();

describe('crediting an invoice after move-out', () => {
  it('a paid invoice is credited: it bills less, the payment it no longer needs is credit on account; January’s statement is unchanged', async () => {
    const o = await movedOutTenant('Credit After Move-out Co');
    expect((await o.browser.get(`/api/v1/leases/${o.lease.id}`)).json().status).toBe('ended');
    expect((await o.browser.get(`/api/v1/invoices/${o.invoiceId}`)).json()).toMatchObject({ total: '10000.00', paid: '10000.00', status: 'paid' });
    const january = await statement(o.browser, o.lease.tenant_id, '2026-01-01', '2026-01-31');

    const res = await o.browser.post(`/api/v1/invoices/${o.invoiceId}/credit`, { amount: '2500.00', reason: 'Water meter overread' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ credited: '2500.00', released: [{ payment_id: o.payment.id, amount: '2500.00' }] });
    expect(res.json().invoice).toMatchObject({ total: '7500.00', paid: '7500.00', balance: '0.00', status: 'paid' });
    expect(res.json().invoice.lines.at(-1)).toMatchObject({ kind: 'adjustment', description: 'Credit note: Water meter overread', amount: '-2500.00' });
    const payment = (await o.browser.get(`/api/v1/payments/${o.payment.id}`)).json();
    expect(payment).toMatchObject({ unallocated: '2500.00', status: 'allocated', allocations: [expect.objectContaining({ amount: '7500.00' })] });

    // the tenant is in credit by the amount; a statement already printed for January says the same as before
    const now = await statement(o.browser, o.lease.tenant_id, '2026-01-01', '2099-12-31');
    expect(now).toMatchObject({ closing_balance: '-2500.00', credit_on_account: '2500.00' });
    expect(now.entries.at(-1)).toMatchObject({ type: 'adjustment', credit: '2500.00' });
    expect(await statement(o.browser, o.lease.tenant_id, '2026-01-01', '2026-01-31')).toEqual(january);

    // the invoice's history has the credit and the payment's change
    const history = (await o.browser.get(`/api/v1/invoices/${o.invoiceId}/history`)).json();
    expect(history.entries.map((e: { action: string }) => e.action).slice(0, 2)).toEqual(['credit', 'reallocate']);
  });

  it('refuses more than the invoice bills, a bad amount or reason; 404 for another organisation; 403 without void.invoice', async () => {
    const o = await movedOutTenant('Credit Rules Co');
    const url = `/api/v1/invoices/${o.invoiceId}/credit`;
    expect((await o.browser.post(url, { amount: '10000.01', reason: 'Too much' })).statusCode).toBe(422);
    expect((await o.browser.post(url, { amount: '0', reason: 'Nothing' })).statusCode).toBe(422);
    expect((await o.browser.post(url, { amount: '-5', reason: 'Negative' })).statusCode).toBe(422);
    expect((await o.browser.post(url, { amount: '5.00', reason: '   ' })).statusCode).toBe(422);
    expect((await o.browser.get(`/api/v1/invoices/${o.invoiceId}`)).json()).toMatchObject({ total: '10000.00', paid: '10000.00' });

    // the whole of it: it bills nothing, the whole payment is credit
    const all = await o.browser.post(url, { amount: '10000.00', reason: 'Goodwill' });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().invoice).toMatchObject({ total: '0.00', paid: '0.00', balance: '0.00' });
    expect((await o.browser.get(`/api/v1/payments/${o.payment.id}`)).json()).toMatchObject({ unallocated: '10000.00', allocations: [] });
    expect((await o.browser.post(url, { amount: '1.00', reason: 'Again' })).statusCode).toBe(422);

    const other = await registeredBrowser(t.app, { org: 'Credit Intruder' });
    expect((await other.browser.post(url, { amount: '1.00', reason: 'Steal' })).statusCode).toBe(404);
    expect((await other.browser.post(url, { amount: '1.00', reason: 'Steal' }, { 'x-tenant-id': o.organization!.id })).statusCode).toBe(404);

    const role = await o.browser.post('/api/v1/roles', { name: 'Readers', permissions: ['list.invoice', 'show.invoice'] });
    const member = await registeredBrowser(t.app);
    const invited = await o.browser.post('/api/v1/users', { name: 'Reader', email: member.email, role_ids: [role.json().id] });
    expect((await member.browser.post(`/api/v1/user/invitations/${invited.json().id}/accept`)).statusCode).toBe(200);
    member.browser.tenant = o.organization!.id;
    expect((await member.browser.post(url, { amount: '1.00', reason: 'No right' })).statusCode).toBe(403);
  });
});

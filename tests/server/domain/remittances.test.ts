import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inScope } from '../../../src/server/db/client.js';
import { memberships, userRoles } from '../../../src/server/db/schema.js';
import { buildTestApp, registeredBrowser, type Browser, type TestApp } from '../helpers.js';
import { issue, ledger, pay, type Ledger } from './payments/fixtures.js';

// Owner remittances (issue 13): a payout to an owner is a draft until someone with
// approve.remittance approves it; it then counts on the owner's statement from its date; more
// than is due needs confirmation and leaves the owner owing the agency; a void takes it back on
// the day it happens; another organisation can neither read, approve, void nor reference it.

let t: TestApp;
beforeAll(async () => { t = await buildTestApp(); });
afterAll(() => t.close());

/** An owner with 30,000 collected in January at 10 % commission: 27,000.00 due from 2026-01-10. */
async function owed(org: string): Promise<Ledger & { ownerId: string; propertyId: string }> {
  const l = await ledger(t.app, org);
  await l.browser.put('/api/v1/settings', { ...((await l.browser.get('/api/v1/settings')).json() as object), default_commission_rate: '10' });
  await issue(l, { due: '2026-01-05', issue: '2026-01-01', amounts: ['30000.00'] });
  await pay(l, '30000.00', { paid_at: '2026-01-10T09:00:00.000Z' });
  return { ...l, ownerId: String(l.cache.get('property-owners')), propertyId: String(l.cache.get('properties')) };
}

const payout = (l: { ownerId: string; propertyId?: string }, extra: Record<string, unknown> = {}) => ({
  owner_id: l.ownerId, property_id: l.propertyId ?? null, method: 'mpesa', reference: 'SFK3H7QW2P', date: '2026-01-31', amount: '20000.00',
  period_start: '2026-01-01', period_end: '2026-01-31', notes: 'January rent', ...extra,
});

const due = async (b: Browser, ownerId: string, from: string, to: string) =>
  (await b.get(`/api/v1/statements/owner/${ownerId}?from=${from}&to=${to}`)).json();

async function member(orgId: string, admin: Browser, role: string): Promise<Browser> {
  const roles = (await admin.get('/api/v1/roles')).json() as Array<{ id: string; name: string }>;
  const m = await registeredBrowser(t.app);
  await inScope(t.database.db, { tenant: orgId }, async (tx) => {
    await tx.insert(memberships).values({ organization_id: orgId, user_id: m.user.id });
    await tx.insert(userRoles).values({ organization_id: orgId, user_id: m.user.id, role_id: roles.find((r) => r.name === role)!.id });
  });
  expect((await m.browser.post(`/api/v1/organisations/${orgId}/switch`)).statusCode).toBe(200);
  return m.browser;
}

describe('owner remittances', () => {
  it('a draft counts nothing; approved, it is paid out on its date and the statements chain; voided, it comes back on the void day', async () => {
    const l = await owed('Remit Co');
    const made = await l.browser.post('/api/v1/remittances', payout(l));
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ status: 'draft', amount: '20000.00', method: 'mpesa', overpayment_confirmed: false, approved_by_id: null });
    expect((await due(l.browser, l.ownerId, '2026-01-01', '2026-01-31')).amount_due_to_owner).toBe('27000.00');

    const ok = await l.browser.post(`/api/v1/remittances/${made.json().id}/approve`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'approved', approved_by_id: l.userId });
    expect((await l.browser.post(`/api/v1/remittances/${made.json().id}/approve`)).statusCode).toBe(409);
    // approved: not edited, not deleted
    expect((await l.browser.put(`/api/v1/remittances/${made.json().id}`, { ...(ok.json() as object), amount: '1.00' })).statusCode).toBe(409);
    expect((await l.browser.delete(`/api/v1/remittances/${made.json().id}`)).statusCode).toBe(409);

    const jan = await due(l.browser, l.ownerId, '2026-01-01', '2026-01-31');
    expect(jan.totals).toMatchObject({ opening_balance: '0.00', collected: '30000.00', commission: '3000.00', commission_vat: '0.00', paid_out: '20000.00', money_out: '23000.00', closing_balance: '7000.00' });
    expect(jan.remittances).toEqual([expect.objectContaining({ id: made.json().id, date: '2026-01-31', amount: '20000.00', voided: false })]);
    const feb = await due(l.browser, l.ownerId, '2026-02-01', '2026-02-28');
    expect(feb.totals.opening_balance).toBe(jan.totals.closing_balance);
    // the property's own statement counts it too (it names the property)
    const prop = (await l.browser.get(`/api/v1/statements/property/${l.propertyId}?from=2026-01-01&to=2026-01-31`)).json();
    expect(prop.totals.paid_out).toBe('20000.00');

    // the audit trail holds the approval
    const history = await l.browser.get(`/api/v1/remittances/${made.json().id}/history`);
    expect(history.statusCode, history.body).toBe(200);
    expect(JSON.stringify(history.json())).toContain('"approve"');

    // voided in March: January and February as printed stay; March gives it back
    t.clock.today = '2026-03-04';
    const v = await l.browser.post(`/api/v1/remittances/${made.json().id}/void`, { reason: 'Sent to the wrong M-Pesa number' });
    t.clock.today = null;
    expect(v.statusCode, v.body).toBe(200);
    expect(v.json()).toMatchObject({ status: 'void', voided_on: '2026-03-04', void_reason: 'Sent to the wrong M-Pesa number' });
    expect((await due(l.browser, l.ownerId, '2026-01-01', '2026-01-31')).totals).toEqual(jan.totals);
    const mar = await due(l.browser, l.ownerId, '2026-03-01', '2026-03-31');
    expect(mar.totals).toMatchObject({ opening_balance: '7000.00', paid_out: '-20000.00', closing_balance: '27000.00' });
    expect((await l.browser.post(`/api/v1/remittances/${made.json().id}/void`, { reason: 'again' })).statusCode).toBe(409);
    expect((await l.browser.post(`/api/v1/remittances/${made.json().id}/void`, { reason: '  ' })).statusCode).toBe(422);
  });

  it('more than is due asks for confirmation (422 naming overpayment_confirmed); confirmed, the owner owes the agency', async () => {
    const l = await owed('Overpay Co');
    const refused = await l.browser.post('/api/v1/remittances', payout(l, { amount: '27000.01' }));
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors)).toEqual(['overpayment_confirmed']);
    expect(refused.json().message).toContain('27,000.00');
    expect((await l.browser.get('/api/v1/remittances')).json()).toHaveLength(0);
    // exactly what is due needs no confirmation
    const exact = await l.browser.post('/api/v1/remittances', payout(l, { amount: '27000.00' }));
    expect(exact.statusCode, exact.body).toBe(201);
    // before the rent was paid nothing was due
    expect((await l.browser.post('/api/v1/remittances', payout(l, { date: '2026-01-09', amount: '1.00' }))).statusCode).toBe(422);

    const over = await l.browser.post('/api/v1/remittances', payout(l, { amount: '30000.00', overpayment_confirmed: true, property_id: null }));
    expect(over.statusCode, over.body).toBe(201);
    expect((await l.browser.post(`/api/v1/remittances/${over.json().id}/approve`)).statusCode).toBe(200);
    // the draft for 27,000 was saved when that was due; now 30,000 is out, so approving it asks again
    const again = await l.browser.post(`/api/v1/remittances/${exact.json().id}/approve`);
    expect(again.statusCode).toBe(422);
    expect(Object.keys(again.json().errors)).toEqual(['overpayment_confirmed']);
    const s = await due(l.browser, l.ownerId, '2026-01-01', '2026-01-31');
    expect(s.totals).toMatchObject({ paid_out: '30000.00', closing_balance: '-3000.00' });
    expect(s.unassigned_paid_out).toBe('30000.00');
    expect(s.amount_due_to_owner).toBe('-3000.00');
    const confirmed = await l.browser.post(`/api/v1/remittances/${exact.json().id}/approve`, { confirm_overpayment: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().overpayment_confirmed).toBe(true);
    expect((await due(l.browser, l.ownerId, '2026-01-01', '2026-01-31')).amount_due_to_owner).toBe('-30000.00');
    // the dashboard's due to owners is every owner's closing due today
    expect((await l.browser.get('/api/v1/dashboard')).json().due_to_owners).toBe('-30000.00');
  });

  it('refuses a property of another owner, bad input, and a payout without the permission to approve it', async () => {
    const l = await owed('Rules Co');
    const other = (await l.browser.post('/api/v1/property-owners', { kind: 'individual', name: 'Wanjiku Kamau' })).json();
    const wrong = await l.browser.post('/api/v1/remittances', payout({ ownerId: other.id, propertyId: l.propertyId }, { overpayment_confirmed: true }));
    expect(wrong.statusCode).toBe(422);
    expect(Object.keys(wrong.json().errors)).toEqual(['property_id']);
    for (const bad of [{ amount: '-5' }, { amount: '12.345' }, { amount: 1e21 }, { method: 'gold' }, { date: '2026-02-30' }, { period_end: '2025-12-01' }]) {
      const res = await l.browser.post('/api/v1/remittances', payout(l, bad));
      expect(res.statusCode, JSON.stringify(bad)).toBe(422);
    }
    expect((await l.browser.get('/api/v1/remittances')).json()).toHaveLength(0);
    const draft = (await l.browser.post('/api/v1/remittances', payout(l, { amount: '100.00' }))).json();

    // a Manager reads remittances but neither records nor approves them; an Accountant does both
    const manager = await member(l.orgId, l.browser, 'Manager');
    expect((await manager.get(`/api/v1/remittances/${draft.id}`)).statusCode).toBe(200);
    expect((await manager.post('/api/v1/remittances', payout(l))).statusCode).toBe(403);
    expect((await manager.post(`/api/v1/remittances/${draft.id}/approve`)).statusCode).toBe(403);
    expect((await manager.post(`/api/v1/remittances/${draft.id}/void`, { reason: 'no' })).statusCode).toBe(403);
    const caretaker = await member(l.orgId, l.browser, 'Caretaker');
    expect((await caretaker.get('/api/v1/remittances')).statusCode).toBe(403);
    const accountant = await member(l.orgId, l.browser, 'Accountant');
    expect((await accountant.post(`/api/v1/remittances/${draft.id}/approve`)).statusCode).toBe(200);
    // a draft is deleted; an unknown one is a 404
    const d2 = (await accountant.post('/api/v1/remittances', payout(l, { amount: '5.00' }))).json();
    expect((await accountant.delete(`/api/v1/remittances/${d2.id}`)).statusCode).toBe(200);
    expect((await accountant.post('/api/v1/remittances/01J0000000000000000000000X/approve')).statusCode).toBe(404);
  });

  it('another organisation cannot read, approve, void, reference or see them in its statements', async () => {
    const a = await owed('Isolation A');
    const made = (await a.browser.post('/api/v1/remittances', payout(a))).json();
    const b = await owed('Isolation B');
    expect((await b.browser.get(`/api/v1/remittances/${made.id}`)).statusCode).toBe(404);
    expect((await b.browser.get('/api/v1/remittances')).json()).toHaveLength(0);
    expect((await b.browser.post(`/api/v1/remittances/${made.id}/approve`)).statusCode).toBe(404);
    expect((await b.browser.post(`/api/v1/remittances/${made.id}/void`, { reason: 'not ours' })).statusCode).toBe(404);
    expect((await b.browser.put(`/api/v1/remittances/${made.id}`, payout(b))).statusCode).toBe(404);
    expect((await b.browser.delete(`/api/v1/remittances/${made.id}`)).statusCode).toBe(404);
    // B cannot pay A's owner or name A's property
    const refA = await b.browser.post('/api/v1/remittances', payout({ ownerId: a.ownerId, propertyId: b.propertyId }, { overpayment_confirmed: true }));
    expect(refA.statusCode).toBe(422);
    const refP = await b.browser.post('/api/v1/remittances', payout({ ownerId: b.ownerId, propertyId: a.propertyId }, { overpayment_confirmed: true }));
    expect(refP.statusCode).toBe(422);
    expect((await b.browser.get(`/api/v1/statements/owner/${a.ownerId}?from=2026-01-01&to=2026-01-31`)).statusCode).toBe(404);
    // A approves; B's own owner statement and dashboard do not move
    expect((await a.browser.post(`/api/v1/remittances/${made.id}/approve`)).statusCode).toBe(200);
    const bs = await due(b.browser, b.ownerId, '2026-01-01', '2026-01-31');
    expect(bs.totals.paid_out).toBe('0.00');
    expect(bs.remittances).toEqual([]);
    expect((await b.browser.get('/api/v1/dashboard')).json().due_to_owners).toBe('27000.00');
    expect((await a.browser.get('/api/v1/dashboard')).json().due_to_owners).toBe('7000.00');
  });
});

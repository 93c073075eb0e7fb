// The audit log covers every record, not only money: a non-money area's create, update and delete
// are each in the log (who, when, before, after), readable as the record's history.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../src/server/db/client.js';
import { buildTestApp, registeredBrowser, type TestApp } from '../helpers.js';
import { memberWith } from '../members.js';

let t: TestApp;
beforeAll(async () => { t = await buildTestApp(); });
afterAll(() => t.close());

async function auditRows(recordId: string) {
  return rowsOf<{ resource: string; action: string; user_id: string | null; before: Record<string, unknown> | null; after: Record<string, unknown> | null }>(
    await t.database.db.execute(sql`select resource, action, user_id, before, after from audit_log where record_id = ${recordId} order by at, id`));
}

describe('the audit log of a non-money area', () => {
  it('records a property owner’s create, update and delete with who, before and after; its history reads them', async () => {
    const { browser, user, organization } = await registeredBrowser(t.app, { org: 'Audit Everything Co' });
    const created = await browser.post('/api/v1/property-owners', { kind: 'individual', name: 'Mzee Kamau', phone: '+254722000111', commission_rate: '8' });
    expect(created.statusCode, created.body).toBe(201);
    const id = String(created.json().id);
    expect((await browser.put(`/api/v1/property-owners/${id}`, { ...(created.json() as Record<string, unknown>), name: 'Mzee Kamau Njoroge' })).statusCode).toBe(200);
    // a save that changes nothing writes nothing
    expect((await browser.put(`/api/v1/property-owners/${id}`, { name: 'Mzee Kamau Njoroge' })).statusCode).toBe(200);

    const res = await browser.get(`/api/v1/property-owners/${id}/history`);
    expect(res.statusCode, res.body).toBe(200);
    const entries = res.json().entries as Array<{ action: string; user: { id: string } | null; changes: Array<{ field: string; old: unknown; new: unknown }> }>;
    expect(entries.map((e) => e.action)).toEqual(['update', 'create']);
    expect(entries[0].user?.id).toBe(user.id);
    expect(entries[0].changes).toEqual([{ field: 'name', old: 'Mzee Kamau', new: 'Mzee Kamau Njoroge' }]);

    // another organisation: 404, also when naming this one; a member without a permission on owners: 403
    const intruder = await registeredBrowser(t.app, { org: 'Audit Intruder Co' });
    expect((await intruder.browser.get(`/api/v1/property-owners/${id}/history`)).statusCode).toBe(404);
    expect((await intruder.browser.get(`/api/v1/property-owners/${id}/history`, { 'x-tenant-id': organization!.id })).statusCode).toBe(404);
    const clerk = (await memberWith(t.app, browser, organization!.id, ['list.tenant'])).browser;
    expect((await clerk.get(`/api/v1/property-owners/${id}/history`)).statusCode).toBe(403);

    expect((await browser.delete(`/api/v1/property-owners/${id}`)).statusCode).toBe(200);
    const rows = await auditRows(id);
    expect(rows.map((r) => [r.resource, r.action])).toEqual([['property-owners', 'create'], ['property-owners', 'update'], ['property-owners', 'delete']]);
    expect(rows.every((r) => r.user_id === user.id)).toBe(true);
    expect(rows[2]).toMatchObject({ before: expect.objectContaining({ name: 'Mzee Kamau Njoroge' }), after: null });
  });

  it('a refused write leaves no audit row; secrets never reach the log; settings changes are logged', async () => {
    const { browser, organization } = await registeredBrowser(t.app, { org: 'Audit Secrets Co' });
    const bad = await browser.post('/api/v1/tenants', { kind: 'individual', name: '', phone: 'not a phone' });
    expect(bad.statusCode).toBe(422);
    const channel = await browser.post('/api/v1/payment-channels', { name: 'Paybill', kind: 'mpesa_paybill', number: '600100', daraja_consumer_key: 'ck-very-secret', daraja_consumer_secret: 'cs-very-secret', daraja_passkey: 'pk-very-secret' });
    expect(channel.statusCode, channel.body).toBe(201);
    const rows = await auditRows(String(channel.json().id));
    expect(rows.map((r) => r.action)).toContain('create');
    expect(JSON.stringify(rows)).not.toContain('very-secret');

    const settings = (await browser.get('/api/v1/settings')).json();
    expect((await browser.put('/api/v1/settings', { ...settings, grace_days: 7, africastalking_api_key: 'at-very-secret' })).statusCode).toBe(200);
    const logged = await auditRows(organization!.id);
    expect(logged.at(-1)).toMatchObject({ resource: 'settings', action: 'update', before: expect.objectContaining({ grace_days: settings.grace_days }), after: expect.objectContaining({ grace_days: 7 }) });
    expect(JSON.stringify(logged)).not.toContain('at-very-secret');
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { RecordValues } from '../../../src/shared/resource.js';
import { inScope, rowsOf } from '../../../src/server/db/client.js';
import { memberships, roles, userRoles } from '../../../src/server/db/schema.js';
import { decryptSecret } from '../../../src/server/domain/secret-box.js';
import { buildTestApp, registeredBrowser, type Browser, type TestApp } from '../helpers.js';

// Payment channels: the callback secret is the server's and shown (as the Daraja URLs) only to
// those who may edit the channel; Daraja keys are encrypted at rest and never returned; one default.

let t: TestApp;
beforeAll(async () => { t = await buildTestApp(); });
afterAll(() => t.close());

const paybill = (extra: RecordValues = {}) => ({ name: 'M-Pesa Paybill 4015532', kind: 'mpesa_paybill', number: '4015532', ...extra });

async function org(name: string) {
  const r = await registeredBrowser(t.app, { org: name });
  return { ...r, orgId: r.organization!.id };
}

async function stored(orgId: string, id: string) {
  return inScope(t.database.db, { tenant: orgId }, async (tx) => rowsOf<Record<string, string | boolean | null>>(await tx.execute(sql`
    select callback_secret, daraja_consumer_key, daraja_consumer_secret, daraja_passkey, is_default from payment_channels where organization_id = ${orgId} and id = ${id}`))[0]);
}

async function member(orgId: string, roleName: string): Promise<Browser> {
  const m = await registeredBrowser(t.app);
  await inScope(t.database.db, { tenant: orgId }, async (tx) => {
    await tx.insert(memberships).values({ organization_id: orgId, user_id: m.user.id });
    const [role] = await tx.select({ id: roles.id }).from(roles).where(and(eq(roles.organization_id, orgId), eq(roles.name, roleName)));
    await tx.insert(userRoles).values({ organization_id: orgId, user_id: m.user.id, role_id: role.id });
  });
  await m.browser.post(`/api/v1/organisations/${orgId}/switch`);
  return m.browser;
}

describe('payment channels', () => {
  it('get a callback secret from the server, shown as the Daraja URLs to editors only, and rotated on demand', async () => {
    const o = await org('Callback Estates');
    const created = await o.browser.post('/api/v1/payment-channels', paybill({ callback_secret: 'chosen-by-client' }));
    expect(created.statusCode, created.body).toBe(201);
    const channel = created.json() as RecordValues;
    expect(channel).not.toHaveProperty('callback_secret');
    const secret = String((await stored(o.orgId, String(channel.id))).callback_secret);
    expect(secret).not.toBe('chosen-by-client');
    expect(secret).toMatch(/^[0-9a-df-lnoprstuvwxyzA-DF-LNOPRSTUVWXYZ]{32}$/);
    // every channel has its own
    const other = (await o.browser.post('/api/v1/payment-channels', paybill({ name: 'Till 55321', kind: 'mpesa_till', number: '55321' }))).json() as RecordValues;
    expect((await stored(o.orgId, String(other.id))).callback_secret).not.toBe(secret);

    const urls = await o.browser.get(`/api/v1/payment-channels/${channel.id}/callback-urls`);
    expect(urls.statusCode).toBe(200);
    expect(urls.json()).toEqual({
      confirmation_url: `http://keja.test/api/v1/webhooks/c2b/${secret}/confirmation`,
      validation_url: `http://keja.test/api/v1/webhooks/c2b/${secret}/validation`,
      keys_set: { daraja_consumer_key: false, daraja_consumer_secret: false, daraja_passkey: false },
      can_simulate: false,
    });
    // the list, the record and an update never carry it, and a client cannot set it
    const list = await o.browser.get('/api/v1/payment-channels');
    expect(JSON.stringify(list.json())).not.toContain(secret);
    const updated = await o.browser.put(`/api/v1/payment-channels/${channel.id}`, { ...channel, callback_secret: 'mine' });
    expect(updated.statusCode).toBe(200);
    expect(JSON.stringify(updated.json())).not.toContain(secret);
    expect((await stored(o.orgId, String(channel.id))).callback_secret).toBe(secret);

    // a viewer lists channels but never sees the URLs, nor rotates them
    const viewer = await member(o.orgId, 'Viewer');
    expect((await viewer.get(`/api/v1/payment-channels/${channel.id}`)).statusCode).toBe(200);
    expect((await viewer.get(`/api/v1/payment-channels/${channel.id}/callback-urls`)).statusCode).toBe(403);
    expect((await viewer.post(`/api/v1/payment-channels/${channel.id}/rotate-secret`)).statusCode).toBe(403);

    const rotated = await o.browser.post(`/api/v1/payment-channels/${channel.id}/rotate-secret`);
    expect(rotated.statusCode).toBe(200);
    const fresh = String((await stored(o.orgId, String(channel.id))).callback_secret);
    expect(fresh).not.toBe(secret);
    expect(rotated.json().confirmation_url).toBe(`http://keja.test/api/v1/webhooks/c2b/${fresh}/confirmation`);
    expect((await o.browser.get(`/api/v1/payment-channels/${channel.id}/callback-urls`)).json().validation_url).toContain(fresh);

    // another organisation: 404 on the URLs and the rotation, the secret unchanged
    const stranger = await org('Callback Stranger');
    expect((await stranger.browser.get(`/api/v1/payment-channels/${channel.id}/callback-urls`)).statusCode).toBe(404);
    expect((await stranger.browser.post(`/api/v1/payment-channels/${channel.id}/rotate-secret`)).statusCode).toBe(404);
    expect((await stored(o.orgId, String(channel.id))).callback_secret).toBe(fresh);
  });

  it('keep Daraja keys encrypted at rest (AES-256-GCM), never return them, and keep them when sent empty', async () => {
    const o = await org('Daraja Keys Estates');
    const keys = { daraja_consumer_key: 'ck_live_9f8e7d6c5b4a', daraja_consumer_secret: 'cs_live_0a1b2c3d4e5f', daraja_passkey: 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919' };
    const created = await o.browser.post('/api/v1/payment-channels', paybill(keys));
    expect(created.statusCode, created.body).toBe(201);
    const channel = created.json() as RecordValues;
    for (const k of Object.keys(keys)) expect(channel).not.toHaveProperty(k);
    // editors learn which keys are stored, never the keys
    expect((await o.browser.get(`/api/v1/payment-channels/${channel.id}/callback-urls`)).json().keys_set).toEqual({ daraja_consumer_key: true, daraja_consumer_secret: true, daraja_passkey: true });
    const row = await stored(o.orgId, String(channel.id));
    for (const [k, v] of Object.entries(keys)) {
      expect(String(row[k])).not.toContain(v);
      expect(String(row[k])).toMatch(/^v1\./);
      expect(decryptSecret(String(row[k]), o.orgId, `payment-channels.${k}`)).toBe(v);
    }
    // the same plain text twice is two different ciphertexts (a fresh IV each time)
    const again = (await o.browser.post('/api/v1/payment-channels', paybill({ name: 'Second', ...keys }))).json() as RecordValues;
    expect((await stored(o.orgId, String(again.id))).daraja_passkey).not.toBe(row.daraja_passkey);
    // bound to its organisation: copied elsewhere it does not decrypt
    const stranger = await org('Daraja Stranger');
    expect(decryptSecret(String(row.daraja_passkey), stranger.orgId, 'payment-channels.daraja_passkey')).toBeNull();
    // sent empty (the form never shows them): kept; sent anew: replaced
    await o.browser.put(`/api/v1/payment-channels/${channel.id}`, { ...channel, daraja_consumer_key: '', daraja_passkey: null, daraja_consumer_secret: 'cs_rotated' });
    const after = await stored(o.orgId, String(channel.id));
    expect(after.daraja_consumer_key).toBe(row.daraja_consumer_key);
    expect(after.daraja_passkey).toBe(row.daraja_passkey);
    expect(decryptSecret(String(after.daraja_consumer_secret), o.orgId, 'payment-channels.daraja_consumer_secret')).toBe('cs_rotated');
    expect(JSON.stringify((await o.browser.get(`/api/v1/payment-channels/${channel.id}`)).json())).not.toMatch(/cs_|ck_|v1\./);
  });

  it('have at most one default: choosing a new one unsets the old, and the settings follow', async () => {
    const o = await org('Default Channel Estates');
    const a = (await o.browser.post('/api/v1/payment-channels', paybill({ is_default: true }))).json() as RecordValues;
    const b = (await o.browser.post('/api/v1/payment-channels', { name: 'Office cash', kind: 'cash', is_default: true })).json() as RecordValues;
    const defaults = async () => ((await o.browser.get(`/api/v1/payment-channels?filter=${encodeURIComponent('{"is_default":true}')}`)).json() as RecordValues[]).map((c) => c.id);
    expect(await defaults()).toEqual([b.id]);
    expect((await o.browser.get('/api/v1/settings')).json().default_payment_channel_id).toBe(b.id);
    const c = (await o.browser.post('/api/v1/payment-channels', { name: 'KCB', kind: 'bank_account', is_default: false })).json() as RecordValues;
    expect(await defaults()).toEqual([b.id]);
    expect((await o.browser.put(`/api/v1/payment-channels/${a.id}`, { ...a, is_default: true })).statusCode).toBe(200);
    expect(await defaults()).toEqual([a.id]);
    expect((await o.browser.get('/api/v1/settings')).json().default_payment_channel_id).toBe(a.id);
    // chosen in the settings: the channels follow
    const settings = (await o.browser.get('/api/v1/settings')).json() as RecordValues;
    expect((await o.browser.put('/api/v1/settings', { ...settings, default_payment_channel_id: c.id })).statusCode).toBe(200);
    expect(await defaults()).toEqual([c.id]);
    // unset by hand, or deleted: no default anywhere
    const cNow = (await o.browser.get(`/api/v1/payment-channels/${c.id}`)).json() as RecordValues;
    await o.browser.put(`/api/v1/payment-channels/${c.id}`, { ...cNow, is_default: false });
    expect(await defaults()).toEqual([]);
    expect((await o.browser.get('/api/v1/settings')).json().default_payment_channel_id).toBeNull();
    await o.browser.put(`/api/v1/payment-channels/${b.id}`, { ...b, is_default: true });
    expect((await o.browser.delete(`/api/v1/payment-channels/${b.id}`)).statusCode).toBe(200);
    expect((await o.browser.get('/api/v1/settings')).json().default_payment_channel_id).toBeNull();

    // another organisation's default is its own; it cannot name ours in its settings
    const stranger = await org('Default Stranger');
    const theirs = (await stranger.browser.post('/api/v1/payment-channels', paybill({ is_default: true }))).json() as RecordValues;
    expect((await o.browser.get(`/api/v1/payment-channels/${a.id}`)).json().is_default).toBe(false);
    expect(theirs.is_default).toBe(true);
    const strangerSettings = (await stranger.browser.get('/api/v1/settings')).json() as RecordValues;
    const forged = await stranger.browser.put('/api/v1/settings', { ...strangerSettings, default_payment_channel_id: a.id });
    expect(forged.statusCode).toBe(422);
    expect((await stranger.browser.put(`/api/v1/payment-channels/${a.id}`, { ...a, is_default: true })).statusCode).toBe(404);
  });

  it('two channels made default at the same time leave exactly one default', async () => {
    const o = await org('Concurrent Default Estates');
    const made = await Promise.all(Array.from({ length: 4 }, (_, i) => o.browser.post('/api/v1/payment-channels', paybill({ name: `Paybill ${i}`, is_default: true }))));
    expect(made.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    const defaults = (await o.browser.get(`/api/v1/payment-channels?filter=${encodeURIComponent('{"is_default":true}')}`)).json() as RecordValues[];
    expect(defaults).toHaveLength(1);
    expect((await o.browser.get('/api/v1/settings')).json().default_payment_channel_id).toBe(defaults[0].id);
  });
});

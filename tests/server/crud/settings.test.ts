import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openAtKey } from '../../../src/server/domain/messaging/at-key.js';
import { buildTestApp, registeredBrowser, type TestApp } from '../helpers.js';

let t: TestApp;
beforeAll(async () => { t = await buildTestApp(); });
afterAll(() => t.close());

describe('GET/PUT /settings', () => {
  it('gives the organisation\'s settings with defaults, saves changes, never returns secrets', async () => {
    const { browser, organization } = await registeredBrowser(t.app, { org: 'Settings Estates' });
    const first = await browser.get('/api/v1/settings');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ name: 'Settings Estates', billing_day: 1, due_day: 5, locale: 'en-KE', timezone: 'Africa/Nairobi', sms_driver: 'log', africastalking_api_key_set: false });
    expect(first.json()).not.toHaveProperty('africastalking_api_key');

    const saved = await browser.put('/api/v1/settings', { ...(first.json() as object), name: 'Settings Estates Ltd', billing_day: 25, expense_approval_threshold: '50000', africastalking_api_key: 'atsk_secret_value' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ name: 'Settings Estates Ltd', billing_day: 25, expense_approval_threshold: '50000.00', africastalking_api_key_set: true });
    expect(saved.body).not.toContain('atsk_secret_value');
    // an empty secret on the next save keeps the stored one
    const again = await browser.put('/api/v1/settings', { ...(saved.json() as object), africastalking_api_key: '' });
    expect(again.json().africastalking_api_key_set).toBe(true);
    // the session's organisation never carries settings
    const me = (await browser.get('/api/v1/user')).json();
    expect(me.organization.name).toBe('Settings Estates Ltd');
    expect(me.organization).not.toHaveProperty('settings');
    const rows = (await t.database.db.execute(sql`select settings from organizations where id = ${organization!.id}`) as unknown as { rows: { settings: Record<string, unknown> }[] }).rows;
    // stored sealed to this organisation, kept through the empty save, and opens to what was typed
    const stored = rows[0].settings.africastalking_api_key as string;
    expect(stored).not.toContain('atsk_secret_value');
    expect(openAtKey(stored, organization!.id)).toBe('atsk_secret_value');
  });

  it('validates with 422, and one organisation never sees or changes another\'s', async () => {
    const a = await registeredBrowser(t.app, { org: 'Org Alpha' });
    const b = await registeredBrowser(t.app, { org: 'Org Beta' });
    const bad = await a.browser.put('/api/v1/settings', { billing_day: 31, locale: 'xx' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['billing_day', 'locale']));
    const forged = await b.browser.request('PUT', '/api/v1/settings', { name: 'Hijacked' }, { 'x-tenant-id': a.organization!.id });
    expect(forged.statusCode).toBe(404);
    const forgedRead = await b.browser.request('GET', '/api/v1/settings', undefined, { 'x-tenant-id': a.organization!.id });
    expect(forgedRead.statusCode).toBe(404);
    expect((await a.browser.get('/api/v1/settings')).json().name).toBe('Org Alpha');
    const crossRef = await b.browser.put('/api/v1/settings', { default_payment_channel_id: '01ARZ3NDEKTSV4RRFFQ69G5FAV' });
    expect(crossRef.statusCode).toBe(422);
  });
});

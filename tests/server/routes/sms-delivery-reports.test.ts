import { createServer } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordValues } from '../../../src/shared/resource.js';
import { inScope, rowsOf } from '../../../src/server/db/client.js';
import { startFakeAfricasTalking, type FakeAfricasTalking } from '../../../src/dev/fake-africastalking.js';
import { buildTestApp, registeredBrowser, type Browser, type TestApp } from '../helpers.js';

// Africa's Talking end to end over real HTTP: Keja listens on a port and sends through the fake
// AT; the fake posts delivery reports, form-encoded, to the URL Settings › SMS shows, as AT does.
// Also the test SMS of Settings › SMS, and who may see and use either.

let t: TestApp;
let fake: FakeAfricasTalking;
let base: string;

const freePort = () => new Promise<number>((resolve) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const { port } = s.address() as { port: number };
    s.close(() => resolve(port));
  });
});

beforeAll(async () => {
  fake = await startFakeAfricasTalking({ accounts: { sandbox: 'fake-at-key', jirani: 'atsk_jirani', other: 'atsk_other' } });
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  t = await buildTestApp({ appUrl: base, africasTalkingUrl: fake.url });
  await t.app.listen({ host: '127.0.0.1', port });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

interface Org { browser: Browser; orgId: string; reportUrl: string }

async function atOrg(name: string, username = 'jirani', apiKey = 'atsk_jirani'): Promise<Org> {
  const r = await registeredBrowser(t.app, { org: name });
  const browser = r.browser;
  browser.tenant = r.organization!.id;
  const settings = (await browser.get('/api/v1/settings')).json() as RecordValues;
  const saved = await browser.put('/api/v1/settings', { ...settings, sms_driver: 'africastalking', africastalking_username: username, africastalking_api_key: apiKey, sms_sender_id: 'JIRANI' });
  expect(saved.statusCode, saved.body).toBe(200);
  expect((await browser.post('/api/v1/sms-credits', { kind: 'top_up', credits: 50, cost: '40.00', date: '2026-05-01', reference: 'QEK12XYZ' })).statusCode).toBe(201);
  const url = await browser.get('/api/v1/settings/sms/delivery-report-url');
  expect(url.statusCode, url.body).toBe(200);
  return { browser, orgId: r.organization!.id, reportUrl: url.json().delivery_report_url };
}

/** A message sent through the fake AT, once its provider id is recorded (the sender may be a queue). */
async function sentMessage(o: Org, to = '0712345678'): Promise<RecordValues> {
  const created = await o.browser.post('/api/v1/messages', { channel: 'sms', recipient_type: 'number', to, body: 'Habari, kodi imepokelewa.' });
  expect(created.statusCode, created.body).toBe(201);
  // the server's job queue sends it (tests run no background workers: drain does their work)
  await t.app.jobs.drain();
  for (let i = 0; i < 200; i++) {
    const m = (await o.browser.get(`/api/v1/messages/${created.json().id}`)).json() as RecordValues;
    if (m.provider_id || m.status === 'failed') return m;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the message was never sent');
}

const message = async (o: Org, id: unknown) => (await o.browser.get(`/api/v1/messages/${String(id)}`)).json() as RecordValues;

/** Posts a report the way AT does (form-encoded), or any raw body. */
async function report(url: string, form: Record<string, string> | string, contentType = 'application/x-www-form-urlencoded') {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': contentType }, body: typeof form === 'string' ? form : new URLSearchParams(form).toString() });
  const text = await res.text();
  return { status: res.status, body: text };
}

const snapshot = (orgId: string) => inScope(t.database.db, { tenant: orgId }, async (tx) =>
  rowsOf<RecordValues>(await tx.execute(sql`select id, status, error, delivered_at from messages where organization_id = ${orgId} order by id`)));

describe("Africa's Talking delivery reports", () => {
  it('a message sent through AT keeps the provider id and its cost; the fake’s Success report marks it delivered; a replay changes nothing', async () => {
    const o = await atOrg('Delivered Estates');
    const m = await sentMessage(o);
    expect(m).toMatchObject({ status: 'sent', to: '+254712345678', cost: 'KES 0.8000' });
    const accepted = fake.sent.find((s) => s.messageId === m.provider_id);
    expect(accepted).toMatchObject({ to: '+254712345678', from: 'JIRANI', username: 'jirani', statusCode: 101, cost: m.cost });

    fake.reportUrl = o.reportUrl;
    expect(await fake.report(String(m.provider_id), 'Buffered')).toBe(200); // interim: still sent
    expect((await message(o, m.id)).status).toBe('sent');
    expect(await fake.report(String(m.provider_id), 'Success')).toBe(200);
    const delivered = await message(o, m.id);
    expect(delivered).toMatchObject({ status: 'delivered', error: null });
    expect(delivered.delivered_at).toEqual(expect.any(String));
    // replays, and a late failure, leave a final status alone
    expect(await fake.report(String(m.provider_id), 'Success')).toBe(200);
    expect(await fake.report(String(m.provider_id), 'Failed', 'DeliveryFailure')).toBe(200);
    expect(await message(o, m.id)).toEqual(delivered);
    expect(fake.reports.at(-1)!.form).toMatchObject({ id: m.provider_id, phoneNumber: '+254712345678', networkCode: '63902', failureReason: 'DeliveryFailure' });
  });

  it('a Failed report marks the message failed with the reason in plain words', async () => {
    const o = await atOrg('Undelivered Estates');
    const m = await sentMessage(o, '0712345679');
    fake.reportUrl = o.reportUrl;
    expect(await fake.report(String(m.provider_id), 'Failed', 'UserInBlackList')).toBe(200);
    expect(await message(o, m.id)).toMatchObject({ status: 'failed', error: 'Not delivered: the recipient has opted out of SMS from this sender (UserInBlackList).' });
    const other = await sentMessage(o, '0712345680');
    expect(await fake.report(String(other.provider_id), 'AbsentSubscriber')).toBe(200);
    expect((await message(o, other.id)).error).toBe('Not delivered: the phone was off or out of reach (AbsentSubscriber).');
  });

  it('a wrong secret, an unknown id and bad bodies change nothing: 404 / 400 / 413, never 500', async () => {
    const o = await atOrg('Refusing Estates');
    const m = await sentMessage(o);
    const before = await snapshot(o.orgId);
    const good = { id: String(m.provider_id), status: 'Success', phoneNumber: '+254712345678', networkCode: '63902' };
    const wrong = o.reportUrl.replace(/\/sms\/[0-9a-f]{64}\//, `/sms/${'0'.repeat(64)}/`);
    expect((await report(wrong, good)).status).toBe(404);
    expect((await report(o.reportUrl.replace(/\/sms\/[0-9a-f]{64}\//, '/sms/short/'), good)).status).toBe(404);
    expect((await report(o.reportUrl, { ...good, id: 'ATXid_unknown' })).status).toBe(404);
    for (const bad of [
      '', 'id=', 'status=Success', `id=${good.id}&status=Delivered`, `id=${good.id}&status=Success&id=other`,
      `id=${good.id}&status=Success&retryCount=many`, `id=${good.id}&status=Success&phoneNumber=%00`,
      `id=${encodeURIComponent("x'; drop table messages;--")}&status=Success`, '%%%', JSON.stringify(good),
    ]) {
      const r = await report(o.reportUrl, bad);
      expect(r.status, bad).toBe(400);
      expect(JSON.parse(r.body)).toMatchObject({ ok: false });
    }
    expect((await report(o.reportUrl, `id=${good.id}&status=Success&pad=${'x'.repeat(10_000)}`)).status).toBe(413);
    expect((await report(o.reportUrl, new URLSearchParams(good).toString(), 'application/json')).status).toBe(200); // AT's form, whatever it is labelled
    // only that last, correct one changed anything
    const after = await snapshot(o.orgId);
    expect(after.filter((r) => r.id !== m.id)).toEqual(before.filter((r) => r.id !== m.id));
    expect(after.find((r) => r.id === m.id)).toMatchObject({ status: 'delivered' });
  });

  it("one organisation's report URL can never mark another organisation's message", async () => {
    const a = await atOrg('Isolation A Estates');
    const b = await atOrg('Isolation B Estates', 'other', 'atsk_other');
    const ma = await sentMessage(a);
    expect(a.reportUrl).not.toBe(b.reportUrl);
    const form = { id: String(ma.provider_id), status: 'Failed', failureReason: 'UserDoesNotExist', phoneNumber: '+254712345678', networkCode: '63902' };
    expect((await report(b.reportUrl, form)).status).toBe(404);
    expect(await message(a, ma.id)).toMatchObject({ status: 'sent', error: null });
    // B cannot read A's message either, nor see A's URL
    expect((await b.browser.get(`/api/v1/messages/${String(ma.id)}`)).statusCode).toBe(404);
    expect((await b.browser.get('/api/v1/settings/sms/delivery-report-url')).json().delivery_report_url).toBe(b.reportUrl);
    expect((await report(a.reportUrl, form)).status).toBe(200);
    expect((await message(a, ma.id)).status).toBe('failed');
  });

  it('rotating the secret retires the old URL at once', async () => {
    const o = await atOrg('Rotating Estates');
    const m = await sentMessage(o);
    const rotated = await o.browser.post('/api/v1/settings/sms/rotate-report-secret');
    expect(rotated.statusCode).toBe(200);
    const fresh = rotated.json().delivery_report_url as string;
    expect(fresh).toMatch(new RegExp(`^${base}/api/v1/webhooks/sms/[0-9a-f]{64}/delivery-reports$`));
    expect(fresh).not.toBe(o.reportUrl);
    expect((await o.browser.get('/api/v1/settings/sms/delivery-report-url')).json().delivery_report_url).toBe(fresh);
    const form = { id: String(m.provider_id), status: 'Success' };
    expect((await report(o.reportUrl, form)).status).toBe(404);
    expect((await message(o, m.id)).status).toBe('sent');
    expect((await report(fresh, form)).status).toBe(200);
    expect((await message(o, m.id)).status).toBe('delivered');
  });
});

describe('Settings › SMS test message', () => {
  it('sends through the saved settings and says plainly what the provider answered', async () => {
    const o = await atOrg('Test SMS Estates');
    const before = fake.sent.length;
    const ok = await o.browser.post('/api/v1/settings/test-sms', { to: '0712 345 678' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ ok: true, outcome: 'accepted', provider_status: 'Success', cost: 'KES 0.8000', provider_id: expect.stringMatching(/^ATXid_/) });
    expect(ok.json().message).toMatch(/accepted the test message to \+254712345678/);
    expect(fake.sent.slice(before)).toEqual([expect.objectContaining({ to: '+254712345678', from: 'JIRANI', message: expect.stringContaining('Test SMS Estates') })]);

    fake.invalidNumbers.add('+254712000111');
    const invalidNumber = (await o.browser.post('/api/v1/settings/test-sms', { to: '+254712000111' })).json();
    expect(invalidNumber).toMatchObject({ ok: false, outcome: 'refused', permanent: true, provider_status: 'InvalidPhoneNumber' });
    expect(invalidNumber.message).toMatch(/not valid/);

    fake.balanceCents = 0;
    const broke = (await o.browser.post('/api/v1/settings/test-sms', { to: '0712345678' })).json();
    fake.balanceCents = 1_000_000;
    expect(broke).toMatchObject({ ok: false, permanent: false, provider_status: 'InsufficientBalance' });
    expect(broke.message).toMatch(/run out of balance.*top it up/);

    fake.refusedSenders.add('JIRANI');
    const sender = (await o.browser.post('/api/v1/settings/test-sms', { to: '0712345678' })).json();
    fake.refusedSenders.clear();
    expect(sender).toMatchObject({ ok: false, permanent: true, provider_status: 'InvalidSenderId' });
    expect(sender.message).toMatch(/sender ID "JIRANI"/);

    fake.failNext(1, 500);
    const down = (await o.browser.post('/api/v1/settings/test-sms', { to: '0712345678' })).json();
    expect(down).toMatchObject({ ok: false, permanent: false });
    expect(down.message).toMatch(/HTTP 500/);

    const settings = (await o.browser.get('/api/v1/settings')).json() as RecordValues;
    await o.browser.put('/api/v1/settings', { ...settings, africastalking_api_key: 'atsk_wrong' });
    const key = (await o.browser.post('/api/v1/settings/test-sms', { to: '0712345678' })).json();
    expect(key).toMatchObject({ ok: false, permanent: true });
    expect(key.message).toMatch(/refused the username or API key.*Settings › SMS/);

    await o.browser.put('/api/v1/settings', { ...settings, sms_driver: 'log' });
    const logged = (await o.browser.post('/api/v1/settings/test-sms', { to: '0712345678' })).json();
    expect(logged).toMatchObject({ ok: true, outcome: 'logged' });
    expect(logged.message).toMatch(/written to the server log, not sent/);
  });

  it('a key saved under another APP_KEY: the test SMS and every queued SMS fail saying so, nothing reaches the provider', async () => {
    const o = await atOrg('Moved Server Estates');
    // what a key sealed by a server with another APP_KEY looks like here: well formed, not decryptable
    await t.database.db.execute(sql`update organizations set settings = jsonb_set(settings, '{africastalking_api_key}', to_jsonb('v1.AAAAAAAAAAAAAAAA.BBBBBBBBBBBBBBBBBBBBBB.CCCC'::text)) where id = ${o.orgId}`);
    const before = fake.requests;
    const test = (await o.browser.post('/api/v1/settings/test-sms', { to: '0712345678' })).json();
    expect(test).toMatchObject({ ok: false, outcome: 'refused', permanent: true });
    expect(test.message).toMatch(/cannot be read by this server.*enter the key again/);
    const m = await sentMessage(o);
    expect(m).toMatchObject({ status: 'failed', provider_id: null });
    expect(m.error).toMatch(/cannot be read by this server.*enter the key again/);
    expect(fake.requests).toBe(before);
    // typing the key again mends it
    const settings = (await o.browser.get('/api/v1/settings')).json() as RecordValues;
    expect((await o.browser.put('/api/v1/settings', { ...settings, africastalking_api_key: 'atsk_jirani' })).statusCode).toBe(200);
    expect((await o.browser.post('/api/v1/settings/test-sms', { to: '0712345678' })).json()).toMatchObject({ ok: true, outcome: 'accepted' });
  });

  it('refuses a bad phone number (422) and sends nothing', async () => {
    const o = await atOrg('Bad Number Estates');
    const before = fake.requests;
    for (const to of ['12', 'not a phone', '']) {
      const res = await o.browser.post('/api/v1/settings/test-sms', { to });
      expect(res.statusCode, to).toBe(422);
      expect(res.json().errors).toHaveProperty('to');
    }
    for (const body of [{ to: 5 }, { to: null }, {}, { to: 'x'.repeat(41) }]) {
      const res = await o.browser.post('/api/v1/settings/test-sms', body);
      expect(res.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, JSON.stringify(body)).toBeLessThan(500);
    }
    expect(fake.requests).toBe(before);
  });

  it('needs the settings permission: a member without it can neither send a test nor see or rotate the report URL', async () => {
    const o = await atOrg('Permission Estates');
    const role = await o.browser.post('/api/v1/roles', { name: 'Clerk', permissions: ['list.tenant', 'show.setting'] });
    expect(role.statusCode, role.body).toBe(201);
    const member = await registeredBrowser(t.app);
    const invited = await o.browser.post('/api/v1/users', { name: 'Clerk', email: member.email, role_ids: [role.json().id] });
    expect(invited.statusCode).toBe(201);
    expect((await member.browser.post(`/api/v1/user/invitations/${invited.json().id}/accept`)).statusCode).toBe(200);
    member.browser.tenant = o.orgId;
    const before = fake.requests;
    expect((await member.browser.post('/api/v1/settings/test-sms', { to: '0712345678' })).statusCode).toBe(403);
    expect((await member.browser.get('/api/v1/settings/sms/delivery-report-url')).statusCode).toBe(403);
    expect((await member.browser.post('/api/v1/settings/sms/rotate-report-secret')).statusCode).toBe(403);
    expect(fake.requests).toBe(before);
    expect((await o.browser.get('/api/v1/settings/sms/delivery-report-url')).json().delivery_report_url).toBe(o.reportUrl);
    // and a stranger's session gets nothing
    const stranger = await registeredBrowser(t.app, { org: 'Stranger Estates' });
    stranger.browser.tenant = o.orgId;
    expect((await stranger.browser.post('/api/v1/settings/test-sms', { to: '0712345678' })).statusCode).toBeGreaterThanOrEqual(403);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RecordValues } from '../../../src/shared/resource.js';
import { inScope, rowsOf } from '../../../src/server/db/client.js';
import { memberships, userRoles } from '../../../src/server/db/schema.js';
import { openAtKey, sealPlainAtKeys } from '../../../src/server/domain/messaging/at-key.js';
import { configureMessaging, messagingServices, type MessagingServices } from '../../../src/server/domain/messaging/services.js';
import { logSmsDriver, SmsSendError, type OutgoingSms, type SmsDriver } from '../../../src/server/domain/messaging/sms-driver.js';
import { formatDay } from '../../../src/shared/format.js';
import { resourceByName } from '../../../resources/index.js';
import { buildTestApp, registeredBrowser, type Browser, type TestApp } from '../helpers.js';
import { createSample } from '../crud/samples.js';
import { anotherLease, issue, ledger } from './payments/fixtures.js';

// Messages: counted by the server, queued with their send job in the writing transaction, sent by
// the job queue's worker (here: drain(), what the server's workers do) through the SMS driver
// (log by default) or the mail driver, paid for from the SMS credit ledger per segment, refused
// beyond the balance and kept, sent at their scheduled time never twice, retried.

let t: TestApp;
let original: MessagingServices;
/** Every SMS the drivers of these tests were asked to send. */
let outbox: OutgoingSms[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  original = messagingServices()!;
});
afterEach(() => {
  configureMessaging(original);
  outbox = [];
});
afterAll(() => t.close());

/** The log driver's behaviour, recorded; `fail` makes it refuse with that reason, for good. */
function useDriver(fail?: string) {
  const driver: SmsDriver = {
    name: 'log',
    async send(sms) {
      if (fail) throw new SmsSendError(fail, true);
      outbox.push(sms);
      return { providerId: `test-${outbox.length}` };
    },
  };
  configureMessaging({ ...original, smsDrivers: { log: () => driver } });
}

/** The queue runs what is due, as the server's workers would. */
const drain = () => t.app.jobs.drain();

/** POST /messages, the queue runs, and the message as it is then (the 201 kept). */
async function write(b: Browser, body: RecordValues) {
  const res = await b.post('/api/v1/messages', body);
  if (res.statusCode !== 201) return res;
  await drain();
  return Object.assign(await b.get(`/api/v1/messages/${res.json().id}`), { statusCode: 201 });
}

/** POST /messages/:id/retry, the queue runs, and the message as it is then. */
async function retry(b: Browser, id: unknown) {
  const res = await b.post(`/api/v1/messages/${id}/retry`);
  if (res.statusCode !== 200) return res;
  expect(res.json().status).toBe('queued');
  await drain();
  return Object.assign(await b.get(`/api/v1/messages/${id}`), { statusCode: 200 });
}

/** The scheduled time of this organisation's queued messages comes (their jobs fall due with it). */
async function timePasses(o: { orgId: string }) {
  await t.database.db.execute(sql`update messages set scheduled_at = now() - interval '1 second' where organization_id = ${o.orgId} and status = 'queued' and scheduled_at > now()`);
  await t.database.db.execute(sql`update pgboss.job set start_after = now() where state in ('created', 'retry') and start_after > now() and data->>'organization_id' = ${o.orgId}`);
}

async function org(name: string) {
  const r = await registeredBrowser(t.app, { org: name });
  return { browser: r.browser, orgId: r.organization!.id, userId: r.user.id };
}
type Org = Awaited<ReturnType<typeof org>>;

const topUp = async (o: Org, credits: number) => {
  const res = await o.browser.post('/api/v1/sms-credits', { kind: 'top_up', credits, cost: '0.80', date: '2026-05-01', reference: 'QEK12XYZ' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as RecordValues;
};
const balance = async (o: Org) => (await o.browser.get('/api/v1/dashboard')).json().sms_credits as number;
const usage = (o: Org) => inScope(t.database.db, { tenant: o.orgId }, async (tx) => rowsOf<{ message_id: string; credits: number }>(await tx.execute(sql`
  select message_id, credits from sms_credits where organization_id = ${o.orgId} and kind = 'usage' order by id`)));
const sms = (extra: RecordValues = {}) => ({ channel: 'sms', recipient_type: 'number', to: '0712345678', body: 'Habari Amina, kodi ya A4 ni KES 15,000.00.', ...extra });

async function member(o: Org, permissions: string[]): Promise<Browser> {
  const role = await o.browser.post('/api/v1/roles', { name: `Role ${permissions.join(' ')}`.slice(0, 60), permissions });
  expect(role.statusCode, role.body).toBe(201);
  const m = await registeredBrowser(t.app);
  await inScope(t.database.db, { tenant: o.orgId }, async (tx) => {
    await tx.insert(memberships).values({ organization_id: o.orgId, user_id: m.user.id });
    await tx.insert(userRoles).values({ organization_id: o.orgId, user_id: m.user.id, role_id: role.json().id });
  });
  await m.browser.post(`/api/v1/organisations/${o.orgId}/switch`);
  return m.browser;
}

describe('sending an SMS', () => {
  it('counts segments and credits, sends through the driver, and writes its usage in the same transaction', async () => {
    useDriver();
    const o = await org('Sending Estates');
    await topUp(o, 10);
    const res = await write(o.browser, sms({ status: 'delivered', segments: 9, credits: 0, provider_id: 'forged' }));
    expect(res.statusCode, res.body).toBe(201);
    const m = res.json() as RecordValues;
    expect(m).toMatchObject({ status: 'sent', segments: 1, credits: 1, to: '+254712345678', provider_id: 'test-1', error: null });
    expect(Date.parse(String(m.sent_at))).toBeGreaterThan(Date.now() - 60_000);
    expect(outbox).toEqual([{ to: '+254712345678', body: 'Habari Amina, kodi ya A4 ni KES 15,000.00.', senderId: null }]);
    expect(await usage(o)).toEqual([{ message_id: m.id, credits: 1 }]);
    expect(await balance(o)).toBe(9);

    // 161 GSM characters: two segments of 153; a non-GSM character: UCS-2, 70 to a segment
    const long = (await write(o.browser, sms({ body: 'x'.repeat(161) }))).json() as RecordValues;
    expect(long).toMatchObject({ segments: 2, credits: 2, status: 'sent' });
    const swahili = (await write(o.browser, sms({ body: `Karibu ${'ş'.repeat(70)}` }))).json() as RecordValues;
    expect(swahili).toMatchObject({ segments: 2, credits: 2 });
    expect(await balance(o)).toBe(5);
    expect((await usage(o)).map((u) => u.credits)).toEqual([1, 2, 2]);

    // the organisation's sender ID goes with it
    const settings = (await o.browser.get('/api/v1/settings')).json() as RecordValues;
    await o.browser.put('/api/v1/settings', { ...settings, sms_sender_id: 'JIRANI' });
    await write(o.browser, sms());
    expect(outbox.at(-1)?.senderId).toBe('JIRANI');
  });

  it('is refused beyond the balance and kept as insufficient credits, then retried after a top-up', async () => {
    useDriver();
    const o = await org('Short Of Credits Estates');
    await topUp(o, 1);
    const res = await write(o.browser, sms({ body: 'y'.repeat(200) }));
    expect(res.statusCode).toBe(201);
    const m = res.json() as RecordValues;
    expect(m).toMatchObject({ status: 'insufficient_credits', credits: 2, sent_at: null });
    expect(String(m.error)).toContain('balance is 1');
    expect(outbox).toEqual([]);
    expect(await usage(o)).toEqual([]);
    // the outbox lists it
    const outboxList = await o.browser.get(`/api/v1/messages?filter=${encodeURIComponent(JSON.stringify({ status: ['queued', 'sending', 'failed', 'insufficient_credits'] }))}`);
    expect(outboxList.json().map((x: RecordValues) => x.id)).toEqual([m.id]);

    // the dashboard says so, linking to these (a count of its own, not "not sent")
    expect((await o.browser.get('/api/v1/dashboard')).json().attention).toMatchObject({ waiting_for_credits: 1, failed_messages: 0 });
    // retried without credits: still refused; the job does not pick it up on its own
    expect((await retry(o.browser, m.id)).json().status).toBe('insufficient_credits');
    await drain();
    expect(outbox).toEqual([]);
    // a top-up sends what waited for credits, by itself
    await topUp(o, 5);
    expect((await o.browser.get(`/api/v1/messages/${m.id}`)).json().status).toBe('queued');
    await drain();
    const retried = await o.browser.get(`/api/v1/messages/${m.id}`);
    expect(retried.json()).toMatchObject({ status: 'sent', error: null, attempts: 1 });
    expect((await o.browser.get('/api/v1/dashboard')).json().attention).toMatchObject({ waiting_for_credits: 0 });
    expect(outbox).toHaveLength(1);
    expect(await usage(o)).toEqual([{ message_id: m.id, credits: 2 }]);
    expect(await balance(o)).toBe(4);
    // a sent one is not retried, edited or deleted
    expect((await retry(o.browser, m.id)).statusCode).toBe(409);
    expect((await o.browser.put(`/api/v1/messages/${m.id}`, { ...(retried.json() as RecordValues), body: 'changed' })).statusCode).toBe(409);
    expect((await o.browser.delete(`/api/v1/messages/${m.id}`)).statusCode).toBe(409);
    expect(outbox).toHaveLength(1);
  });

  it('failed by the driver keeps the reason, writes no usage, and goes out on retry', async () => {
    const o = await org('Driver Failure Estates');
    await topUp(o, 3);
    useDriver('Africa\'s Talking answered 502 Bad Gateway');
    const m = (await write(o.browser, sms())).json() as RecordValues;
    expect(m).toMatchObject({ status: 'failed', error: 'Africa\'s Talking answered 502 Bad Gateway', sent_at: null });
    expect(await usage(o)).toEqual([]);
    expect(await balance(o)).toBe(3);
    // an organisation naming a driver this server does not have: failed, with why
    const settings = (await o.browser.get('/api/v1/settings')).json() as RecordValues;
    const chosen = await o.browser.put('/api/v1/settings', { ...settings, sms_driver: 'africastalking', africastalking_username: 'jirani', africastalking_api_key: 'atsk_0123' });
    expect(chosen.statusCode, chosen.body).toBe(200);
    useDriver();
    const unavailable = (await write(o.browser, sms())).json() as RecordValues;
    expect(unavailable).toMatchObject({ status: 'failed' });
    expect(String(unavailable.error)).toContain('africastalking');
    await o.browser.put('/api/v1/settings', { ...settings, sms_driver: 'log' });
    const retried = await retry(o.browser, m.id);
    expect(retried.json()).toMatchObject({ status: 'sent', error: null, provider_id: 'test-1' });
    expect(await usage(o)).toEqual([{ message_id: m.id, credits: 1 }]);
    // a queued one is not "retried"
    const later = (await write(o.browser, sms({ scheduled_at: '2099-01-01T06:00:00.000Z' }))).json() as RecordValues;
    expect((await retry(o.browser, later.id)).statusCode).toBe(409);
  });

  it('needs a valid address for its channel and send.message', async () => {
    useDriver();
    const o = await org('Address Estates');
    await topUp(o, 5);
    const bad = await write(o.browser, sms({ to: 'not a phone' }));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty('to');
    const badEmail = await write(o.browser, { channel: 'email', recipient_type: 'number', to: '+254712345678', subject: 'Hi', body: 'Hello' });
    expect(badEmail.statusCode).toBe(422);
    const writer = await member(o, ['list.message', 'create.message', 'edit.message']);
    const refused = await writer.post('/api/v1/messages', sms());
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('send.message');
    const m = (await write(o.browser, sms({ scheduled_at: '2099-01-01T06:00:00.000Z' }))).json() as RecordValues;
    expect((await writer.post(`/api/v1/messages/${m.id}/retry`)).statusCode).toBe(403);
    expect(outbox).toEqual([]);
  });
});

describe('the log driver (the default)', () => {
  it('writes the SMS to the server log, marks it logged (not sent), and spends no credit, even with none', async () => {
    const lines: string[] = [];
    configureMessaging({ ...original, smsDrivers: { log: () => logSmsDriver({ info: (_o, msg) => lines.push(msg) }) } });
    const o = await org('Log Driver Estates');
    const res = await write(o.browser, sms());
    expect(res.statusCode, res.body).toBe(201);
    const m = res.json() as RecordValues;
    expect(m).toMatchObject({ status: 'logged', credits: 1, to: '+254712345678' });
    expect(String(m.error)).toContain('not delivered');
    expect(lines).toEqual(['sms (log driver) to +254712345678: Habari Amina, kodi ya A4 ni KES 15,000.00.']);
    expect(await usage(o)).toEqual([]);
    expect(await balance(o)).toBe(0);
    // kept as history: listed with the sent ones, not in the outbox, not retried, not changed
    const sent = await o.browser.get(`/api/v1/messages?filter=${encodeURIComponent(JSON.stringify({ status: ['sent', 'delivered', 'logged'] }))}`);
    expect(sent.json().map((x: RecordValues) => x.id)).toEqual([m.id]);
    expect((await retry(o.browser, m.id)).statusCode).toBe(409);
    expect((await o.browser.put(`/api/v1/messages/${m.id}`, { ...m, body: 'changed' })).statusCode).toBe(409);
  });
});

describe('SMS settings', () => {
  it("refuse Africa's Talking without its username and API key, naming each, and keep a stored key", async () => {
    const o = await org('AT Settings Estates');
    const settings = (await o.browser.get('/api/v1/settings')).json() as RecordValues;
    const bare = await o.browser.put('/api/v1/settings', { ...settings, sms_driver: 'africastalking' });
    expect(bare.statusCode).toBe(422);
    expect(Object.keys(bare.json().errors).sort()).toEqual(['africastalking_api_key', 'africastalking_username']);
    expect((await o.browser.get('/api/v1/settings')).json().sms_driver).toBe('log');
    const noKey = await o.browser.put('/api/v1/settings', { ...settings, sms_driver: 'africastalking', africastalking_username: 'jirani' });
    expect(noKey.statusCode).toBe(422);
    expect(Object.keys(noKey.json().errors)).toEqual(['africastalking_api_key']);
    const full = await o.browser.put('/api/v1/settings', { ...settings, sms_driver: 'africastalking', africastalking_username: 'jirani', africastalking_api_key: 'atsk_0123' });
    expect(full.statusCode, full.body).toBe(200);
    expect(full.json()).toMatchObject({ sms_driver: 'africastalking', africastalking_api_key_set: true });
    expect(full.json()).not.toHaveProperty('africastalking_api_key');
    // stored encrypted like the Daraja keys, bound to the organisation; never in the audit log
    const stored = async () => String(rowsOf<{ key: string }>(await t.database.db.execute(sql`
      select settings->>'africastalking_api_key' as key from organizations where id = ${o.orgId}`))[0].key);
    expect(await stored()).toMatch(/^v1\./);
    expect(openAtKey(await stored(), o.orgId)).toBe('atsk_0123');
    expect(openAtKey(await stored(), 'another-organisation')).toBeNull();
    const audit = rowsOf<{ text: string }>(await t.database.db.execute(sql`select coalesce(before::text, '') || coalesce(after::text, '') as text from audit_log where organization_id = ${o.orgId}`));
    expect(audit.some((a) => a.text.includes('atsk_0123'))).toBe(false);
    // a key saved in plain text before this: still read as it is, and encrypted when a server starts
    await t.database.db.execute(sql`update organizations set settings = jsonb_set(settings, '{africastalking_api_key}', '"atsk_plain"') where id = ${o.orgId}`);
    expect(openAtKey(await stored(), o.orgId)).toBe('atsk_plain');
    expect(await sealPlainAtKeys(t.database.db)).toBeGreaterThanOrEqual(1);
    expect(await stored()).toMatch(/^v1\./);
    expect(openAtKey(await stored(), o.orgId)).toBe('atsk_plain');
    expect(await sealPlainAtKeys(t.database.db)).toBe(0);
    // saved again without the (never shown) key: the stored one counts
    const again = await o.browser.put('/api/v1/settings', { ...(full.json() as RecordValues), sms_sender_id: 'JIRANI', africastalking_api_key: '' });
    expect(again.statusCode, again.body).toBe(200);
    const noUser = await o.browser.put('/api/v1/settings', { ...(full.json() as RecordValues), africastalking_username: '' });
    expect(noUser.statusCode).toBe(422);
    expect(Object.keys(noUser.json().errors)).toEqual(['africastalking_username']);
    // Africa's Talking spends credits: with none, the message waits for them (no provider call)
    const waiting = (await write(o.browser, sms())).json() as RecordValues;
    expect(waiting.status).toBe('insufficient_credits');
    expect(String(waiting.error)).toContain('balance is 0');
  });
});

describe('email messages', () => {
  it('go through the mail driver and use no credits', async () => {
    const o = await org('Email Estates');
    const res = await write(o.browser, { channel: 'email', recipient_type: 'number', to: 'baraka@holdings.example.com', subject: 'Statement for May', body: 'Dear Baraka,\nYour statement is ready.' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'sent', segments: 0, credits: 0 });
    expect(t.mails.at(-1)).toEqual({ to: 'baraka@holdings.example.com', subject: 'Statement for May', text: 'Dear Baraka,\nYour statement is ready.' });
    expect(await usage(o)).toEqual([]);
  });
});

describe('scheduled messages', () => {
  it('stay queued until their time, then the job sends each exactly once however many run it', async () => {
    useDriver();
    const o = await org('Scheduled Estates');
    await topUp(o, 20);
    const at = new Date(Date.now() + 3 * 3600_000);
    const queued: RecordValues[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await write(o.browser, sms({ body: `Reminder ${i}`, scheduled_at: at.toISOString() }));
      expect(res.json()).toMatchObject({ status: 'queued', credits: 1 });
      queued.push(res.json());
    }
    expect(outbox).toEqual([]);
    // before the time: nothing
    expect((await drain()).ran).toBe(0);
    expect(outbox).toEqual([]);
    // at the time, from several workers at once: each once
    await timePasses(o);
    await Promise.all([drain(), drain(), drain()]);
    expect(outbox.map((s) => s.body).sort()).toEqual(queued.map((q) => q.body).sort());
    expect((await usage(o)).map((u) => u.message_id).sort()).toEqual(queued.map((q) => q.id).sort());
    for (const q of queued) expect((await o.browser.get(`/api/v1/messages/${q.id}`)).json().status).toBe('sent');
    await drain();
    expect(outbox).toHaveLength(6);
    expect(await balance(o)).toBe(14);
  });

  it('never spend more than the balance, even sent at once', async () => {
    useDriver();
    const o = await org('Race Estates');
    await topUp(o, 3);
    const at = new Date(Date.now() + 3600_000);
    for (let i = 0; i < 5; i++) await write(o.browser, sms({ body: `Notice ${i}`, scheduled_at: at.toISOString() }));
    await timePasses(o);
    await Promise.all([drain(), drain()]);
    const list = (await o.browser.get('/api/v1/messages')).json() as RecordValues[];
    expect(list.filter((m) => m.status === 'sent')).toHaveLength(3);
    expect(list.filter((m) => m.status === 'insufficient_credits')).toHaveLength(2);
    expect(await balance(o)).toBe(0);
  });
});

describe('the SMS credit ledger', () => {
  it('takes top-ups from people and usage only from sending', async () => {
    useDriver();
    const o = await org('Ledger Estates');
    const forged = await o.browser.post('/api/v1/sms-credits', { kind: 'usage', credits: 5, date: '2026-05-01' });
    expect(forged.statusCode).toBe(422);
    expect(forged.json().errors).toHaveProperty('kind');
    const top = await topUp(o, 2);
    expect((await o.browser.put(`/api/v1/sms-credits/${top.id}`, { ...top, kind: 'usage' })).statusCode).toBe(422);
    await write(o.browser, sms());
    const [used] = (await o.browser.get(`/api/v1/sms-credits?filter=${encodeURIComponent('{"kind":"usage"}')}`)).json() as RecordValues[];
    expect(used).toMatchObject({ kind: 'usage', credits: 1 });
    expect((await o.browser.put(`/api/v1/sms-credits/${used.id}`, { ...used, credits: 0 })).statusCode).toBeGreaterThanOrEqual(409);
    expect((await o.browser.delete(`/api/v1/sms-credits/${used.id}`)).statusCode).toBe(409);
    // credits already spent are not taken back
    expect((await o.browser.delete(`/api/v1/sms-credits/${top.id}`)).statusCode).toBe(409);
    const lowered = await o.browser.put(`/api/v1/sms-credits/${top.id}`, { ...top, credits: 1 });
    expect(lowered.statusCode, lowered.body).toBe(200);
    expect((await o.browser.put(`/api/v1/sms-credits/${top.id}`, { ...top, credits: 0 })).statusCode).toBe(422);
    expect(await balance(o)).toBe(0);
  });
});

describe('another organisation', () => {
  it('cannot read, retry, change or reference the messages, and has its own balance', async () => {
    useDriver();
    const o = await org('Private Messages Estates');
    const stranger = await org('Prying Estates');
    await topUp(o, 10);
    const template = await o.browser.post('/api/v1/templates', { name: 'Reminder', channel: 'sms', purpose: 'reminder', body: 'Habari {tenant_name}' });
    expect(template.statusCode, template.body).toBe(201);
    const failedDriver = (await write(o.browser, sms({ scheduled_at: '2099-01-01T06:00:00.000Z' }))).json() as RecordValues;
    for (const verb of ['get', 'delete'] as const) expect((await stranger.browser[verb](`/api/v1/messages/${failedDriver.id}`)).statusCode).toBe(404);
    expect((await stranger.browser.put(`/api/v1/messages/${failedDriver.id}`, { ...failedDriver, body: 'hijacked' })).statusCode).toBe(404);
    expect((await retry(stranger.browser, failedDriver.id)).statusCode).toBe(404);
    expect((await stranger.browser.get('/api/v1/messages')).json()).toEqual([]);
    const referencing = await write(stranger.browser, sms({ template_id: template.json().id }));
    expect(referencing.statusCode).toBe(422);
    expect(referencing.json().errors).toHaveProperty('template_id');
    // our credits are not theirs: their first SMS is refused for lack of credits
    const theirs = (await write(stranger.browser, sms())).json() as RecordValues;
    expect(theirs.status).toBe('insufficient_credits');
    expect((await stranger.browser.get('/api/v1/sms-credits')).json()).toEqual([]);
    expect(await balance(o)).toBe(10);
    expect((await o.browser.get(`/api/v1/messages/${failedDriver.id}`)).json().body).toBe(failedDriver.body);
    // and the job sends only what is due (nothing here)
    await drain();
    expect(outbox).toEqual([]);
  });
});

describe('sending to an audience (POST /messages/preview, /messages/send)', () => {
  async function estate(name: string) {
    const l = await ledger(t.app, name);
    const tenants = resourceByName('tenants')!;
    const put = async (id: unknown, extra: RecordValues) => {
      const current = (await l.browser.get(`/api/v1/tenants/${id}`)).json() as RecordValues;
      expect((await l.browser.put(`/api/v1/tenants/${id}`, { ...current, ...extra })).statusCode).toBe(200);
    };
    await put(l.lease.tenant_id, { name: 'Amina Wanjiru', phone: '+254712000001' });
    const second = await createSample(l.browser, tenants, l.userId, new Map(l.cache), { name: 'Brian Otieno', phone: '+254712000002' });
    const lease2 = await anotherLease(l, String(second.id));
    expect((await l.browser.post(`/api/v1/leases/${lease2.id}/activate`, {})).statusCode).toBe(200);
    const lease1 = (await l.browser.get(`/api/v1/leases/${l.lease.id}`)).json() as RecordValues;
    if (lease1.status === 'draft') expect((await l.browser.post(`/api/v1/leases/${l.lease.id}/activate`, {})).statusCode).toBe(200);
    // Amina owes a large invoice long past due
    await issue(l, { due: '2026-01-05', amounts: ['45000.00'] });
    const channel = (await l.browser.get(`/api/v1/payment-channels/${l.channelId}`)).json() as RecordValues;
    await l.browser.put(`/api/v1/payment-channels/${l.channelId}`, { ...channel, number: '4015532', is_default: true });
    const template = (await l.browser.post('/api/v1/templates', {
      name: 'Reminder', channel: 'sms', purpose: 'reminder', body: 'Habari {tenant_name}, kodi ya {house_number} ni KES {balance}. Paybill {paybill}, akaunti {account_code}.',
    })).json() as RecordValues;
    const house1 = (await l.browser.get(`/api/v1/houses/${l.lease.house_id}`)).json() as RecordValues;
    return { l, o: { browser: l.browser, orgId: l.orgId, userId: l.userId } as Org, second, template, house1, propertyId: String(house1.property_id) };
  }

  it('fills each tenant\'s placeholders, counts the credits, previews without writing, then sends within the balance', async () => {
    useDriver();
    const e = await estate('Audience Estates');
    await topUp(e.o, 100);
    const body = { audience: { kind: 'property', property_id: e.propertyId }, channel: 'sms', template_id: e.template.id };
    const preview = await e.l.browser.post('/api/v1/messages/preview', body);
    expect(preview.statusCode, preview.body).toBe(200);
    const plan = preview.json() as { messages: Array<RecordValues & { body: string }>; credits: number; balance: number; skipped: unknown[] };
    expect(plan.messages.map((m) => m.name)).toEqual(['Amina Wanjiru', 'Brian Otieno']);
    const amina = plan.messages[0];
    expect(amina).toMatchObject({ to: '+254712000001', segments: 1, credits: 1, missing: [] });
    expect(amina.body).toMatch(new RegExp(`^Habari Amina, kodi ya ${e.house1.number} ni KES 4\\d,\\d{3}\\.\\d{2}\\. Paybill 4015532, akaunti ${e.house1.account_code}\\.$`));
    expect(plan).toMatchObject({ credits: 2, balance: 100, skipped: [] });
    expect((await e.l.browser.get('/api/v1/messages')).json()).toEqual([]);

    // those owing at least KES 40,000: Amina only
    const arrears = await e.l.browser.post('/api/v1/messages/preview', { ...body, audience: { kind: 'arrears', min_balance: '40000.00' } });
    expect((arrears.json().messages as RecordValues[]).map((m) => m.name)).toEqual(['Amina Wanjiru']);

    // Brian stops taking SMS: skipped, with why
    const brian = (await e.l.browser.get(`/api/v1/tenants/${e.second.id}`)).json() as RecordValues;
    await e.l.browser.put(`/api/v1/tenants/${e.second.id}`, { ...brian, sms_opt_in: false });
    const sent = await e.l.browser.post('/api/v1/messages/send', body);
    expect(sent.statusCode, sent.body).toBe(201);
    // written with its job; the worker sends it after the commit
    expect(sent.json()).toMatchObject({ sent: 0, queued: 1, insufficient_credits: 0, credits: 1, skipped: [{ tenant_id: e.second.id, name: 'Brian Otieno', reason: 'Does not take SMS.' }] });
    expect(outbox).toEqual([]);
    await drain();
    const [message] = (await e.l.browser.get('/api/v1/messages')).json() as RecordValues[];
    expect(message).toMatchObject({ status: 'sent', recipient_type: 'tenant', tenant_id: e.l.lease.tenant_id, template_id: e.template.id, body: amina.body });
    expect(outbox.map((s) => s.body)).toEqual([amina.body]);
    expect(await usage(e.o)).toEqual([{ message_id: message.id, credits: 1 }]);
  });

  it('sends nothing whose placeholders come out empty, and says who lacks what; {due_date} of an overdue balance is when it fell due', async () => {
    useDriver();
    const e = await estate('Audience Gaps Estates');
    await topUp(e.o, 100);
    // a tenant with a phone and no running lease: no house, no account, no due date
    const loose = await createSample(e.l.browser, resourceByName('tenants')!, e.l.userId, new Map(e.l.cache), { name: 'Chege Kamau', phone: '+254712000003' });
    const body = 'Habari {tenant_name}, salio la {house_number} ni KES {balance}, lililodaiwa tangu {due_date}.';
    const preview = (await e.l.browser.post('/api/v1/messages/preview', { audience: { kind: 'tenant', tenant_id: loose.id }, channel: 'sms', body })).json();
    expect(preview).toMatchObject({ messages: [], credits: 0, skipped: [{ tenant_id: loose.id, name: 'Chege Kamau', missing: ['house_number', 'due_date'] }] });
    expect(preview.skipped[0].reason).toBe('No value for {house_number}, {due_date}: not sent.');
    const refused = await e.l.browser.post('/api/v1/messages/send', { audience: { kind: 'tenant', tenant_id: loose.id }, channel: 'sms', body });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.audience[0]).toContain('placeholder');
    expect((await e.l.browser.get('/api/v1/messages')).json()).toEqual([]);

    // Amina owes since her oldest unpaid invoice fell due
    const open = ((await e.l.browser.get(`/api/v1/invoices?filter=${encodeURIComponent(JSON.stringify({ tenant_id: e.l.lease.tenant_id }))}`)).json() as RecordValues[])
      .filter((i) => ['issued', 'partially_paid'].includes(String(i.status)) && Number(i.balance) > 0).map((i) => String(i.due_date)).sort();
    expect(open[0] <= '2026-01-05').toBe(true);
    const amina = await e.l.browser.post('/api/v1/messages/send', { audience: { kind: 'tenant', tenant_id: e.l.lease.tenant_id }, channel: 'sms', body });
    expect(amina.statusCode, amina.body).toBe(201);
    expect(amina.json()).toMatchObject({ queued: 1, skipped: [] });
    await drain();
    expect(outbox.at(-1)?.body).toContain(`lililodaiwa tangu ${formatDay(open[0])}.`);
    expect(outbox.at(-1)?.body).toMatch(/tangu \d{1,2} [A-Z][a-z]{2} \d{4}\.$/);
  });

  it('beyond the balance keeps the rest as insufficient credits; scheduled ones wait', async () => {
    useDriver();
    const e = await estate('Audience Short Estates');
    await topUp(e.o, 1);
    const body = { audience: { kind: 'property', property_id: e.propertyId }, channel: 'sms', body: 'Habari {tenant_name}, maji yatakatika kesho.' };
    const sent = (await e.l.browser.post('/api/v1/messages/send', body)).json() as RecordValues;
    expect(sent).toMatchObject({ queued: 2, credits: 2 });
    await drain();
    const statuses = ((await e.l.browser.get('/api/v1/messages')).json() as RecordValues[]).map((m) => m.status).sort();
    expect(statuses).toEqual(['insufficient_credits', 'sent']);
    const later = (await e.l.browser.post('/api/v1/messages/send', { ...body, scheduled_at: '2099-01-01T06:00:00.000Z' })).json() as RecordValues;
    expect(later).toMatchObject({ sent: 0, queued: 2 });
    await drain();
    expect(outbox).toHaveLength(1);
  });

  it('refuses what it cannot do and anything of another organisation', async () => {
    useDriver();
    const e = await estate('Audience Rules Estates');
    const stranger = await org('Audience Stranger');
    const base = { channel: 'sms', body: 'Habari {tenant_name}' };
    const ask = (b: Browser, body: RecordValues) => b.post('/api/v1/messages/send', body);
    expect((await ask(e.l.browser, { ...base, audience: { kind: 'tenant', tenant_id: '01ARZ3NDEKTSV4RRFFQ69G5FAV' } })).statusCode).toBe(422);
    expect((await ask(e.l.browser, { channel: 'sms', audience: { kind: 'tenant', tenant_id: e.second.id } })).statusCode).toBe(422);
    expect((await ask(e.l.browser, { ...base, audience: { kind: 'everyone' } })).statusCode).toBe(422);
    const emailTemplate = await ask(e.l.browser, { channel: 'email', template_id: e.template.id, audience: { kind: 'tenant', tenant_id: e.second.id } });
    expect(emailTemplate.statusCode).toBe(422);
    expect(emailTemplate.json().errors).toHaveProperty('template_id');
    // nobody reachable by email
    const brian = (await e.l.browser.get(`/api/v1/tenants/${e.second.id}`)).json() as RecordValues;
    expect((await e.l.browser.put(`/api/v1/tenants/${e.second.id}`, { ...brian, email: null })).statusCode).toBe(200);
    expect((await ask(e.l.browser, { channel: 'email', subject: 'Hi', body: 'Hello', audience: { kind: 'tenant', tenant_id: e.second.id } })).statusCode).toBe(422);
    for (const audience of [{ kind: 'tenant', tenant_id: e.second.id }, { kind: 'property', property_id: e.propertyId }]) {
      const res = await ask(stranger.browser, { ...base, audience });
      expect(res.statusCode, JSON.stringify(audience)).toBe(422);
      expect((await stranger.browser.post('/api/v1/messages/preview', { ...base, audience })).statusCode).toBe(422);
    }
    const theirTenant = await createSample(stranger.browser, resourceByName('tenants')!, stranger.userId, new Map());
    const viaTemplate = await ask(stranger.browser, { channel: 'sms', template_id: e.template.id, audience: { kind: 'tenant', tenant_id: theirTenant.id } });
    expect(viaTemplate.statusCode).toBe(422);
    expect((await e.l.browser.get('/api/v1/messages')).json()).toEqual([]);
    expect((await stranger.browser.get('/api/v1/messages')).json()).toEqual([]);
    const viewer = await member(e.o, ['list.message', 'show.message']);
    expect((await viewer.post('/api/v1/messages/preview', { ...base, audience: { kind: 'tenant', tenant_id: e.second.id } })).statusCode).toBe(403);
    expect(outbox).toEqual([]);
  });
});

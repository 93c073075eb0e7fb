import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RecordValues } from '../../../../src/shared/resource.js';
import { inScope, rowsOf } from '../../../../src/server/db/client.js';
import { sendMessages, sweepMessages, UNKNOWN_OUTCOME } from '../../../../src/server/domain/messaging/dispatch.js';
import { enqueueSend } from '../../../../src/server/domain/messaging/enqueue.js';
import { MAX_ATTEMPTS, retryDelaySeconds } from '../../../../src/server/domain/messaging/outcome.js';
import { configureMessaging, messagingServices, type MessagingServices } from '../../../../src/server/domain/messaging/services.js';
import { SmsSendError, type OutgoingSms, type SmsDriver } from '../../../../src/server/domain/messaging/sms-driver.js';
import { configureJobs } from '../../../../src/server/jobs/registry.js';
import { buildTestApp, registeredBrowser, type Browser, type TestApp } from '../../helpers.js';

// The job queue's sending (domain/messaging/dispatch.ts): claimed in one short transaction, handed
// to the provider with no transaction open, recorded in another; transient failures retried with
// backoff, permanent ones failed; two workers never send one message twice; a crashed worker's
// messages end failed as "unknown", never sent again by themselves; one organisation's jobs never
// touch another's messages.

let t: TestApp;
let original: MessagingServices;
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

const drain = () => t.app.jobs.drain();

/** A driver (not log-only: it spends credits) answering from `script` per call: 'ok', 'transient' or 'permanent'. */
function useDriver(script: (sms: OutgoingSms, call: number) => 'ok' | 'transient' | 'permanent', extra: Partial<MessagingServices> = {}, batch = false) {
  let calls = 0;
  const one = async (sms: OutgoingSms) => {
    // no transaction is open while the provider is called: on PGlite (one session) this read
    // would wait for an open transaction to end, forever
    await Promise.race([
      t.database.db.execute(sql`select 1`),
      new Promise((_, reject) => setTimeout(() => reject(new Error('a transaction is open during the provider call')), 5000)),
    ]);
    const what = script(sms, ++calls);
    if (what === 'transient') throw new Error('connect ETIMEDOUT 196.201.214.200:443');
    if (what === 'permanent') throw new SmsSendError('The phone number is not valid (InvalidPhoneNumber): correct it and send again.', true, 'InvalidPhoneNumber');
    outbox.push(sms);
    return { providerId: `ATXid_${outbox.length}` };
  };
  const batches: number[] = [];
  const driver: SmsDriver = {
    name: 'log',
    send: one,
    ...(batch ? {
      async sendBatch(list: OutgoingSms[]) {
        batches.push(list.length);
        const out = [];
        for (const sms of list) {
          try {
            out.push({ to: sms.to, ok: true, ...(await one(sms)) });
          } catch (err) {
            out.push({ to: sms.to, ok: false, providerId: null, reason: (err as Error).message, permanent: err instanceof SmsSendError && err.permanent });
          }
        }
        return out;
      },
    } : {}),
  };
  configureMessaging({ ...original, smsDrivers: { log: () => driver }, ...extra });
  return { batches, calls: () => calls };
}

async function org(name: string, credits = 100) {
  const r = await registeredBrowser(t.app, { org: name });
  const o = { browser: r.browser, orgId: r.organization!.id };
  if (credits) expect((await o.browser.post('/api/v1/sms-credits', { kind: 'top_up', credits, cost: '0.80', date: '2026-05-01' })).statusCode).toBe(201);
  return o;
}
type Org = Awaited<ReturnType<typeof org>>;

const sms = (to = '0712345678', body = 'Habari, maji yatakatika kesho.') => ({ channel: 'sms', recipient_type: 'number', to, body });
async function write(b: Browser, body: RecordValues = sms()) {
  const res = await b.post('/api/v1/messages', body);
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json().status).toBe('queued');
  return res.json() as RecordValues & { id: string };
}
const get = async (o: Org, id: string) => (await o.browser.get(`/api/v1/messages/${id}`)).json() as RecordValues;
const usage = (o: Org) => inScope(t.database.db, { tenant: o.orgId }, async (tx) => rowsOf<{ message_id: string; credits: number }>(await tx.execute(sql`
  select message_id, credits from sms_credits where organization_id = ${o.orgId} and kind = 'usage' order by message_id`)));
const jobsFor = async (messageId: string) => Number(rowsOf<{ n: number }>(await t.database.db.execute(sql`
  select count(*)::int as n from pgboss.job where name = 'messages-send' and data->'ids' ? ${messageId}`))[0].n);

describe('retries', () => {
  it('back off exponentially: 30 s, 1 min, 2 min, 4 min', () => {
    expect([1, 2, 3, 4].map((a) => retryDelaySeconds(a))).toEqual([30, 60, 120, 240]);
    expect(retryDelaySeconds(2, 5)).toBe(10);
  });

  it('a transient failure is queued again with its reason and a time, not before, then goes', async () => {
    const o = await org('Transient Estates');
    useDriver((_s, call) => (call === 1 ? 'transient' : 'ok'));
    const m = await write(o.browser);
    await drain();
    const waiting = await get(o, m.id);
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1, error: expect.stringContaining('ETIMEDOUT') });
    const wait = Date.parse(String(waiting.next_attempt_at)) - Date.now();
    expect(wait).toBeGreaterThan(15_000);
    expect(wait).toBeLessThanOrEqual(30_000);
    expect(await usage(o)).toEqual([]);
    // not due yet: a drain does nothing
    expect((await drain()).ran).toBe(0);
    expect(outbox).toEqual([]);
    // the time comes (its job falls due with it)
    await t.database.db.execute(sql`update messages set next_attempt_at = now() - interval '1 second' where organization_id = ${o.orgId} and id = ${m.id}`);
    await t.database.db.execute(sql`update pgboss.job set start_after = now() - interval '1 second' where state = 'created' and data->'ids' ? ${m.id}`);
    await drain();
    expect(await get(o, m.id)).toMatchObject({ status: 'sent', attempts: 2, error: null, provider_id: 'ATXid_1' });
    expect(outbox).toHaveLength(1);
    expect(await usage(o)).toEqual([{ message_id: m.id, credits: 1 }]);
  });

  it('a permanent refusal fails at once with the reason, its credits given back, no retry', async () => {
    const o = await org('Permanent Estates');
    const d = useDriver(() => 'permanent', { retryBaseSeconds: 0 });
    const m = await write(o.browser);
    await drain();
    expect(await get(o, m.id)).toMatchObject({ status: 'failed', attempts: 1, error: expect.stringContaining('InvalidPhoneNumber') });
    expect(d.calls()).toBe(1);
    expect(await usage(o)).toEqual([]);
    expect((await drain()).ran).toBe(0);
    expect(d.calls()).toBe(1);
  });

  it(`gives up after ${MAX_ATTEMPTS} transient failures, failed with the last reason; Retry starts again`, async () => {
    const o = await org('Give Up Estates');
    const d = useDriver(() => 'transient', { retryBaseSeconds: 0 });
    const m = await write(o.browser);
    await drain();
    const failed = await get(o, m.id);
    expect(failed).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    expect(String(failed.error)).toMatch(new RegExp(`^Tried ${MAX_ATTEMPTS} times.*ETIMEDOUT`));
    expect(d.calls()).toBe(MAX_ATTEMPTS);
    useDriver(() => 'ok');
    // the outbox's bulk Retry: this one queued, a sent one and a stranger's id skipped
    const other = await write(o.browser, sms('0712000999'));
    await drain();
    const res = await o.browser.post('/api/v1/messages/retry', { ids: [m.id, other.id, '01ARZ3NDEKTSV4RRFFQ69G5FAV'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ queued: [m.id], skipped: [other.id, '01ARZ3NDEKTSV4RRFFQ69G5FAV'] });
    await drain();
    expect(await get(o, m.id)).toMatchObject({ status: 'sent', attempts: 1 });
    expect((await o.browser.post('/api/v1/messages/retry', { ids: [] })).statusCode).toBe(422);
  });
});

describe('a batch', () => {
  it('goes through sendBatch when the driver has one, each recipient with its own outcome', async () => {
    const o = await org('Batch Estates');
    const d = useDriver((s) => (s.to.endsWith('03') ? 'permanent' : 'ok'), {}, true);
    const res = await o.browser.post('/api/v1/messages/send', { audience: { kind: 'tenant', tenant_id: 'x' }, channel: 'sms', body: 'x' });
    expect(res.statusCode).toBe(422);
    const ids: string[] = [];
    await inScope(t.database.db, { tenant: o.orgId }, async () => undefined);
    for (const n of ['01', '02', '03']) ids.push((await write(o.browser, sms(`07120000${n}`))).id);
    await drain();
    // three single writes, three jobs; each job one request
    expect(d.batches).toEqual([1, 1, 1]);
    expect((await Promise.all(ids.map((id) => get(o, id)))).map((m) => m.status)).toEqual(['sent', 'sent', 'failed']);
  });
});

describe('two workers', () => {
  it('never send a message twice, even with its job queued twice, and never overspend', async () => {
    const o = await org('Concurrent Estates', 50);
    useDriver(() => 'ok');
    const ids: string[] = [];
    for (let i = 0; i < 60; i++) ids.push((await write(o.browser, sms('0712345678', `Notice ${i}`))).id);
    // a second job for every message (the sweep, a duplicate delivery)
    await inScope(t.database.db, { tenant: o.orgId }, (tx) => enqueueSend(tx, o.orgId, [...ids].reverse()));
    // a second server on the same database (its own pg-boss and, on PostgreSQL, its own pools)
    const second = await buildTestApp({}, t.database);
    useDriver(() => 'ok');
    try {
      await Promise.all([drain(), second.app.jobs.drain(), drain()]);
    } finally {
      await second.close();
      configureJobs(t.app.jobs);
    }
    const bodies = outbox.map((s) => s.body);
    expect(new Set(bodies).size).toBe(bodies.length);
    expect(bodies).toHaveLength(50);
    const list = (await o.browser.get('/api/v1/messages?range=[0,99]')).json() as RecordValues[];
    expect(list.filter((m) => m.status === 'sent')).toHaveLength(50);
    expect(list.filter((m) => m.status === 'insufficient_credits')).toHaveLength(10);
    expect((await o.browser.get('/api/v1/dashboard')).json().sms_credits).toBe(0);
  });
});

describe('the outbox in the transaction', () => {
  it('a write rolled back leaves no message and no job', async () => {
    const o = await org('Rollback Estates');
    const id = '01JROLLEDBACK0000000000000';
    await expect(inScope(t.database.db, { tenant: o.orgId }, async (tx) => {
      await tx.execute(sql`insert into messages (organization_id, id, channel, recipient_type, "to", body, status, segments, credits)
        values (${o.orgId}, ${id}, 'sms', 'number', '+254712345678', 'x', 'queued', 1, 1)`);
      await enqueueSend(tx, o.orgId, [id]);
      // inside: the job is there, beside its message
      expect(Number(rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from pgboss.job where data->'ids' ? ${id}`))[0].n)).toBe(1);
      throw new Error('rolled back');
    })).rejects.toThrow('rolled back');
    expect(await jobsFor(id)).toBe(0);
    const kept = await write(o.browser);
    expect(await jobsFor(kept.id)).toBe(1);
  });
});

describe('a crash', () => {
  it('leaves a claimed message failed as unknown after its lease (never resent by itself); a forgotten queued one gets a job', async () => {
    const o = await org('Crash Estates');
    useDriver(() => 'ok');
    const held = await write(o.browser, sms('0712000110', 'Held by a worker that died'));
    const forgotten = await write(o.browser, sms('0712000111', 'Forgotten by its job'));
    // a worker claimed `held` and died; `forgotten` lost its job (written by a script, say)
    await t.database.db.execute(sql`update messages set status = 'sending', attempts = 1, claimed_until = now() - interval '1 second' where organization_id = ${o.orgId} and id = ${held.id}`);
    await t.database.db.execute(sql`delete from pgboss.job where data->'ids' ? ${held.id} or data->'ids' ? ${forgotten.id}`);
    await t.database.db.execute(sql`update messages set updated_at = now() - interval '5 minutes' where organization_id = ${o.orgId} and id = ${forgotten.id}`);
    const swept = await sweepMessages(t.database.db, t.database.app);
    expect(swept.unknown).toBeGreaterThanOrEqual(1);
    expect(await get(o, held.id)).toMatchObject({ status: 'failed', error: UNKNOWN_OUTCOME });
    await drain();
    expect(await get(o, forgotten.id)).toMatchObject({ status: 'sent' });
    expect(await get(o, held.id)).toMatchObject({ status: 'failed' });
    expect(outbox.map((s) => s.body).filter((b) => b.startsWith('Held') || b.startsWith('Forgotten'))).toEqual(['Forgotten by its job']);
  });
});

describe('another organisation', () => {
  it("a job naming organisation A never sends B's message", async () => {
    const a = await org('Jobs A Estates');
    const b = await org('Jobs B Estates');
    useDriver(() => 'ok');
    const theirs = await write(b.browser);
    expect(await sendMessages(t.database.app, messagingServices()!, a.orgId, [theirs.id])).toBe(0);
    expect(outbox).toEqual([]);
    expect(await get(b, theirs.id)).toMatchObject({ status: 'queued' });
    expect((await a.browser.post('/api/v1/messages/retry', { ids: [theirs.id] })).json()).toEqual({ queued: [], skipped: [theirs.id] });
    await drain();
    expect(await get(b, theirs.id)).toMatchObject({ status: 'sent' });
    expect(await usage(a)).toEqual([]);
  });
});

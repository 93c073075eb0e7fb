import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_AT_API_KEY, FAKE_AT_USERNAME, startFakeAfricasTalking, type FakeAfricasTalking } from '../../../../src/dev/fake-africastalking.js';
import { AFRICASTALKING_HOSTS, africasTalkingBase, africasTalkingDriver } from '../../../../src/server/domain/messaging/africastalking.js';
import { SmsSendError } from '../../../../src/server/domain/messaging/sms-driver.js';

// The Africa's Talking driver against the fake AT over real HTTP: the form it posts, each
// recipient's status code mapped to accepted / permanent / transient, and whole-request failures.

let fake: FakeAfricasTalking;
beforeAll(async () => {
  fake = await startFakeAfricasTalking({ accounts: { [FAKE_AT_USERNAME]: FAKE_AT_API_KEY, jirani: 'atsk_jirani' } });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.sent.length = 0;
  fake.invalidNumbers.clear();
  fake.blacklisted.clear();
  fake.statusFor.clear();
  fake.refusedSenders.clear();
  fake.balanceCents = 1_000_000;
});

const driver = (extra: { apiKey?: string; senderId?: string | null; timeoutMs?: number; maxRecipients?: number } = {}) =>
  africasTalkingDriver(
    { username: 'jirani', apiKey: extra.apiKey ?? 'atsk_jirani', senderId: extra.senderId === undefined ? 'JIRANI' : extra.senderId },
    { baseUrl: fake.url, timeoutMs: extra.timeoutMs ?? 5000, maxRecipients: extra.maxRecipients },
  );
const num = (i: number) => `+2547120000${String(i).padStart(2, '0')}`;

async function refusal(p: Promise<unknown>): Promise<SmsSendError> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(SmsSendError);
    return err as SmsSendError;
  }
  throw new Error('expected a refusal');
}

describe("Africa's Talking driver", () => {
  it('picks the sandbox host for username sandbox, production otherwise, AFRICASTALKING_URL over both', () => {
    expect(africasTalkingBase(undefined, 'sandbox')).toBe(AFRICASTALKING_HOSTS.sandbox);
    expect(africasTalkingBase(undefined, 'jirani')).toBe(AFRICASTALKING_HOSTS.production);
    expect(africasTalkingBase('http://127.0.0.1:8092/', 'sandbox')).toBe('http://127.0.0.1:8092');
  });

  it('maps every status code AT lists to accepted, permanent or transient, with the reason in plain words', async () => {
    const cases: Array<[number, 'ok' | 'permanent' | 'transient', RegExp]> = [
      [100, 'ok', /./], [101, 'ok', /./], [102, 'ok', /./],
      [401, 'permanent', /risk review \(RiskHold\)/], [402, 'permanent', /sender ID "JIRANI".*InvalidSenderId/],
      [403, 'permanent', /not valid \(InvalidPhoneNumber\)/], [404, 'permanent', /UnsupportedNumberType/],
      [405, 'transient', /run out of balance \(InsufficientBalance\)/], [406, 'permanent', /opted out.*UserInBlacklist/],
      [407, 'permanent', /CouldNotRoute/], [409, 'permanent', /DoNotDisturbRejection/],
      [500, 'transient', /InternalServerError/], [501, 'transient', /GatewayError/], [502, 'transient', /RejectedByGateway/],
    ];
    cases.forEach(([code], i) => fake.statusFor.set(num(i), code));
    const results = await driver().sendBatch!(cases.map((_, i) => ({ to: num(i), body: 'Habari' })));
    expect(results).toHaveLength(cases.length);
    results.forEach((r, i) => {
      const [code, kind, reason] = cases[i];
      expect(r.to, String(code)).toBe(num(i));
      if (kind === 'ok') {
        expect(r, String(code)).toMatchObject({ ok: true, providerId: expect.stringMatching(/^ATXid_/), cost: 'KES 0.8000' });
      } else {
        expect(r, String(code)).toMatchObject({ ok: false, permanent: kind === 'permanent', providerId: null });
        expect(r.reason, String(code)).toMatch(reason);
      }
    });
  });

  it('sends many recipients in one request and keeps each one’s outcome, id and cost, in order', async () => {
    fake.invalidNumbers.add(num(2));
    fake.blacklisted.add(num(3));
    const before = fake.requests;
    const results = await driver().sendBatch!([
      { to: num(1), body: 'Kodi ya Januari' },
      { to: '0712000002', body: 'Kodi ya Januari' }, // national form: AT answers +254…
      { to: num(3), body: 'Kodi ya Januari' },
      { to: 'not-a-phone', body: 'Kodi ya Januari' },
      { to: num(5), body: 'Kodi ya Januari' },
    ]);
    expect(fake.requests - before).toBe(1);
    expect(results.map((r) => [r.to, r.ok, r.providerStatus])).toEqual([
      [num(1), true, 'Success'], ['0712000002', false, 'InvalidPhoneNumber'], [num(3), false, 'UserInBlacklist'],
      ['not-a-phone', false, 'InvalidPhoneNumber'], [num(5), true, 'Success'],
    ]);
    // the fake accepted exactly the two, from the sender ID, and their ids are the ones kept
    const accepted = fake.sent.filter((s) => s.statusCode === 101);
    expect(accepted.map((s) => [s.to, s.from, s.username, s.message])).toEqual([[num(1), 'JIRANI', 'jirani', 'Kodi ya Januari'], [num(5), 'JIRANI', 'jirani', 'Kodi ya Januari']]);
    expect([results[0].providerId, results[4].providerId]).toEqual(accepted.map((s) => s.messageId));
  });

  it('groups a batch by text (one request each) and sends no from when there is no sender ID', async () => {
    const before = fake.requests;
    const results = await driver({ senderId: null }).sendBatch!([
      { to: num(1), body: 'A' }, { to: num(2), body: 'B' }, { to: num(3), body: 'A' },
    ]);
    expect(fake.requests - before).toBe(2);
    expect(results.every((r) => r.ok)).toBe(true);
    expect(fake.sent.map((s) => [s.to, s.message, s.from])).toEqual([[num(1), 'A', null], [num(3), 'A', null], [num(2), 'B', null]]);
  });

  it('an account out of balance: refused as transient (top up, then retry); a refused sender ID is permanent', async () => {
    fake.balanceCents = 80; // one segment
    const [first, second] = await driver().sendBatch!([{ to: num(1), body: 'x' }, { to: num(2), body: 'x' }]);
    expect(first.ok).toBe(true);
    expect(second).toMatchObject({ ok: false, permanent: false, providerStatus: 'InsufficientBalance' });
    fake.balanceCents = 10_000;
    fake.refusedSenders.add('JIRANI');
    const e = await refusal(driver().send({ to: num(1), body: 'x' }));
    expect(e).toMatchObject({ permanent: true, providerStatus: 'InvalidSenderId' });
  });

  it('send() answers a receipt or throws the recipient’s refusal', async () => {
    const receipt = await driver().send({ to: num(7), body: 'Asante' });
    expect(receipt).toMatchObject({ providerId: expect.stringMatching(/^ATXid_/), cost: 'KES 0.8000', providerStatus: 'Success' });
    fake.invalidNumbers.add(num(8));
    const e = await refusal(driver().send({ to: num(8), body: 'Asante' }));
    expect(e.permanent).toBe(true);
    expect(e.message).toMatch(/InvalidPhoneNumber/);
  });

  it('a wrong API key is permanent, with a plain reason; HTTP 500 and a timeout are transient', async () => {
    const bad = await refusal(driver({ apiKey: 'atsk_wrong' }).sendBatch!([{ to: num(1), body: 'x' }]));
    expect(bad.permanent).toBe(true);
    expect(bad.message).toMatch(/refused the username or API key/);
    fake.failNext(1, 500);
    const down = await refusal(driver().send({ to: num(1), body: 'x' }));
    expect(down.permanent).toBe(false);
    expect(down.message).toMatch(/HTTP 500/);
    fake.hangNext(1);
    const slow = await refusal(driver({ timeoutMs: 300 }).send({ to: num(1), body: 'x' }));
    expect(slow.permanent).toBe(false);
    expect(slow.message).toMatch(/did not answer within 300 ms/);
    expect(fake.sent).toEqual([]);
    // and the fake answers again afterwards
    expect((await driver().send({ to: num(1), body: 'x' })).providerStatus).toBe('Success');
  });

  it('a request failing after another was accepted keeps the accepted receipts (only its own recipients fail)', async () => {
    fake.failNext(1, 503, 1); // the batch's second request
    const results = await driver({ maxRecipients: 1 }).sendBatch!([{ to: num(1), body: 'x' }, { to: num(2), body: 'x' }]);
    expect(results[0]).toMatchObject({ ok: true, providerId: fake.sent[0].messageId });
    expect(results[1]).toMatchObject({ ok: false, permanent: false, reason: expect.stringMatching(/HTTP 503/) });
    // when every request fails, the batch throws
    fake.failNext(2, 502);
    const e = await refusal(driver({ maxRecipients: 1 }).sendBatch!([{ to: num(1), body: 'x' }, { to: num(2), body: 'x' }]));
    expect(e.permanent).toBe(false);
  });
});

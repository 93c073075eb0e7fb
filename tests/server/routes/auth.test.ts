import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Browser, buildTestApp, PASSWORD, registeredBrowser, uniqueEmail, type TestApp } from '../helpers.js';
import { sha256 } from '../../../src/server/auth/tokens.js';

let t: TestApp;
beforeAll(async () => { t = await buildTestApp(); });
afterAll(() => t.close());

const rows = async <T>(q: ReturnType<typeof sql>) => (await t.database.db.execute(q) as unknown as { rows: T[] }).rows;

async function guest(ip?: string) {
  const b = new Browser(t.app, ip);
  await b.csrfCookie();
  return b;
}

describe('POST /register', () => {
  it('creates the user, logs them in and answers 201 {user} without the password hash', async () => {
    const b = await guest();
    const email = uniqueEmail();
    const res = await b.post('/api/v1/register', { name: 'Kamau Njoroge', email: email.toUpperCase(), password: PASSWORD, password_confirmation: PASSWORD });
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({ name: 'Kamau Njoroge', email });
    expect(res.json().user).not.toHaveProperty('password_hash');
    const me = await b.get('/api/v1/user');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ user: expect.objectContaining({ email }), roles: [], permissions: [], organization: null });
    const [stored] = await rows<{ password_hash: string }>(sql`select password_hash from users where email = ${email}`);
    expect(stored.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('refuses a taken email (case-insensitively), a short, a common and a mismatched password with 422 per field', async () => {
    const { email } = await registeredBrowser(t.app);
    const b = await guest();
    const taken = await b.post('/api/v1/register', { name: 'A', email: email.toUpperCase(), password: PASSWORD, password_confirmation: PASSWORD });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.email).toEqual(['The email has already been taken.']);
    const short = await b.post('/api/v1/register', { name: 'A', email: uniqueEmail(), password: 'short', password_confirmation: 'short' });
    expect(short.json().errors.password[0]).toMatch(/at least 8 characters/);
    const common = await b.post('/api/v1/register', { name: 'A', email: uniqueEmail(), password: 'password123', password_confirmation: 'password123' });
    expect(common.statusCode).toBe(422);
    expect(common.json().errors.password[0]).toMatch(/too common/);
    const long = 'x'.repeat(129);
    expect((await b.post('/api/v1/register', { name: 'A', email: uniqueEmail(), password: long, password_confirmation: long })).json().errors.password[0]).toMatch(/128/);
    const mismatch = await b.post('/api/v1/register', { name: 'A', email: uniqueEmail(), password: PASSWORD, password_confirmation: `${PASSWORD}x` });
    expect(mismatch.json().errors.password).toContain('The password field confirmation does not match.');
    const missing = await b.post('/api/v1/register', { email: 'not-an-email' });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors).sort()).toEqual(['email', 'name', 'password', 'password_confirmation']);
    expect(missing.json().message).toMatch(/and 3 more errors/);
  });
});

describe('POST /register with an email that has an account', () => {
  it('tells the account owner by email what to do, and answers an address probing for accounts 429 after 5 a minute', async () => {
    const { email } = await registeredBrowser(t.app);
    const b = await guest('10.7.7.7');
    const before = t.mails.length;
    const taken = await b.post('/api/v1/register', { name: 'Prober', email, password: PASSWORD, password_confirmation: PASSWORD });
    expect(taken.statusCode).toBe(422);
    await expect.poll(() => t.mails.length).toBe(before + 1);
    const mail = t.mails.at(-1)!;
    expect(mail.to).toBe(email);
    expect(mail.text).toContain('no new account was made');
    expect(mail.text).toContain('http://keja.test/auth/login');
    expect(mail.text).toContain('http://keja.test/auth/forgot-password');
    expect(mail.text).not.toContain('Prober');
    for (let i = 0; i < 4; i++) expect((await b.post('/api/v1/register', { name: 'Prober', email, password: PASSWORD, password_confirmation: PASSWORD })).statusCode).toBe(422);
    const limited = await b.post('/api/v1/register', { name: 'Prober', email: uniqueEmail(), password: PASSWORD, password_confirmation: PASSWORD });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // another address registers as ever
    const fresh = await (await guest('10.7.7.8')).post('/api/v1/register', { name: 'New', email: uniqueEmail(), password: PASSWORD, password_confirmation: PASSWORD });
    expect(fresh.statusCode).toBe(201);
  });
});

describe('POST /login', () => {
  it('the same email registered twice at the same moment: one account, the other gets the 422', async () => {
    const email = uniqueEmail('twice');
    const [a, b] = await Promise.all([guest('10.5.5.1'), guest('10.5.5.2')]);
    const body = { name: 'Twice', email, password: PASSWORD, password_confirmation: PASSWORD };
    const answers = await Promise.all([a.post('/api/v1/register', body), b.post('/api/v1/register', body)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    const refused = answers.find((r) => r.statusCode === 422)!;
    expect(refused.json().errors.email).toEqual(['The email has already been taken.']);
    expect((await rows<{ n: number }>(sql`select count(*)::int as n from users where email = ${email}`))[0].n).toBe(1);
  });

  it('answers 200 {user} and starts a session', async () => {
    const { email } = await registeredBrowser(t.app);
    const b = await guest();
    const res = await b.post('/api/v1/login', { email, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe(email);
    expect((await b.get('/api/v1/user')).statusCode).toBe(200);
  });

  it('gives the same 422 for an unknown email and a wrong password', async () => {
    const { email } = await registeredBrowser(t.app);
    const b = await guest();
    const wrong = await b.post('/api/v1/login', { email, password: 'Wrong-password-1' });
    const unknown = await b.post('/api/v1/login', { email: uniqueEmail(), password: 'Wrong-password-1' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({ message: 'These credentials do not match our records.', errors: { email: ['These credentials do not match our records.'] } });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('answers 429 with Retry-After after 5 failures for an email and IP in a minute, not for another IP', async () => {
    const { email } = await registeredBrowser(t.app);
    const b = await guest('10.1.1.1');
    for (let i = 0; i < 5; i++) expect((await b.post('/api/v1/login', { email, password: `Wrong-${i}-pass` })).statusCode).toBe(422);
    const limited = await b.post('/api/v1/login', { email, password: PASSWORD });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(limited.json().message).toBeTruthy();
    const other = await guest('10.1.1.2');
    expect((await other.post('/api/v1/login', { email, password: PASSWORD })).statusCode).toBe(200);
    // the window passes: the failures are older than a minute
    await t.database.db.execute(sql`update auth_events set at = at - interval '61 seconds' where email = ${email}`);
    expect((await b.post('/api/v1/login', { email, password: PASSWORD })).statusCode).toBe(200);
  });

  it('answers 429 after 20 failures a minute from one address across emails (password spraying), not for another address', async () => {
    const b = await guest('10.9.9.9');
    const victims = await Promise.all(Array.from({ length: 3 }, () => registeredBrowser(t.app, { ip: '10.9.9.8' })));
    // one guess each at 20 accounts: no email reaches its own limit of 5
    for (let i = 0; i < 20; i++) {
      const res = await b.post('/api/v1/login', { email: i < 3 ? victims[i].email : uniqueEmail('sprayed'), password: 'Summer-2026!' });
      expect(res.statusCode).toBe(422);
    }
    const limited = await b.post('/api/v1/login', { email: uniqueEmail('sprayed'), password: 'Summer-2026!' });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // the sprayer's own account logging in does not refill the budget
    const own = await registeredBrowser(t.app, { ip: '10.9.9.7' });
    expect((await b.post('/api/v1/login', { email: own.email, password: PASSWORD })).statusCode).toBe(429);
    // the accounts themselves are not locked out from elsewhere
    expect((await (await guest('10.9.9.10')).post('/api/v1/login', { email: victims[0].email, password: PASSWORD })).statusCode).toBe(200);
    const failed = await rows<{ n: number }>(sql`select count(*)::int as n from auth_events where ip = '10.9.9.9' and event = 'login.failed'`);
    expect(failed[0].n).toBe(20);
  });

  it('counts a burst of parallel failures exactly: five 422, the rest 429, even the right password', async () => {
    const { email } = await registeredBrowser(t.app);
    const b = await guest('10.1.1.7');
    const answers = await Promise.all(Array.from({ length: 9 }, (_, i) => b.post('/api/v1/login', { email, password: `Wrong-${i}-pass` })));
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([422, 422, 422, 422, 422, 429, 429, 429, 429]);
    expect((await b.post('/api/v1/login', { email, password: PASSWORD })).statusCode).toBe(429);
    const failed = await rows<{ n: number }>(sql`select count(*)::int as n from auth_events where email = ${email} and event = 'login.failed'`);
    expect(failed[0].n).toBe(5);
  });

  it('records login succeeded and failed in the audit log', async () => {
    const { email } = await registeredBrowser(t.app);
    const b = await guest();
    await b.post('/api/v1/login', { email, password: 'Wrong-password-1' });
    await b.post('/api/v1/login', { email, password: PASSWORD });
    await b.post('/api/v1/logout');
    const events = await rows<{ event: string }>(sql`select event from auth_events where email = ${email} order by at, id`);
    expect(events.map((e) => e.event)).toEqual(['register', 'login.failed', 'login.succeeded', 'logout']);
  });

  it('refuses a disabled user', async () => {
    const { email, user } = await registeredBrowser(t.app);
    await t.database.db.execute(sql`update users set status = 'disabled' where id = ${user.id}`);
    const b = await guest();
    expect((await b.post('/api/v1/login', { email, password: PASSWORD })).statusCode).toBe(422);
  });
});

describe('POST /logout and GET /user', () => {
  it('logout answers 204, then 401 for a guest', async () => {
    const { browser } = await registeredBrowser(t.app);
    expect((await browser.post('/api/v1/logout')).statusCode).toBe(204);
    expect((await browser.post('/api/v1/logout')).statusCode).toBe(401);
  });

  it('GET /user answers 401 {"message":"Unauthenticated."} for a guest', async () => {
    const res = await t.app.inject({ url: '/api/v1/user' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it('GET /user gives user, roles, permissions and the active organisation without settings', async () => {
    const { browser, organization } = await registeredBrowser(t.app, { org: 'Kilimani Homes' });
    const me = (await browser.get('/api/v1/user')).json();
    expect(me.organization).toMatchObject({ id: organization!.id, name: 'Kilimani Homes', currency: 'KES', locale: 'en-KE', timezone: 'Africa/Nairobi' });
    expect(me.organization).not.toHaveProperty('settings');
    expect(me.roles).toEqual([{ id: expect.any(String), name: 'Administrator' }]);
    expect(me.permissions).toContain('list.charge');
    expect(me.permissions).toContain('run.billing');
    expect(me.user).not.toHaveProperty('password_hash');
  });
});

describe('password reset', () => {
  async function requestReset(email: string) {
    const b = await guest(`10.2.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`);
    const res = await b.post('/api/v1/forgot-password', { email });
    await new Promise((r) => setTimeout(r, 20)); // the mail is sent after the answer
    return { b, res };
  }
  const tokenFrom = (text: string) => new URL(text.match(/http\S+/)![0]).searchParams.get('token')!;

  it('always answers 200 with the same message, mails a link only to a real account', async () => {
    const { email } = await registeredBrowser(t.app);
    const before = t.mails.length;
    const known = await requestReset(email);
    const unknown = await requestReset(uniqueEmail());
    expect(known.res.statusCode).toBe(200);
    expect(unknown.res.json()).toEqual(known.res.json());
    expect(t.mails.length).toBe(before + 1);
    const mail = t.mails.at(-1)!;
    expect(mail.to).toBe(email);
    expect(mail.text).toContain(`http://keja.test/auth/reset-password?token=`);
    expect(mail.text).toContain(`email=${encodeURIComponent(email)}`);
  });

  it('answers 422 for a malformed email and 429 after 5 requests a minute from one IP', async () => {
    const b = await guest('10.3.3.3');
    expect((await b.post('/api/v1/forgot-password', { email: 'nope' })).statusCode).toBe(422);
    for (let i = 0; i < 5; i++) expect((await b.post('/api/v1/forgot-password', { email: uniqueEmail() })).statusCode).toBe(200);
    const limited = await b.post('/api/v1/forgot-password', { email: uniqueEmail() });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('resets with a token that is stored hashed, single use, and ends the user\'s other sessions', async () => {
    const { email, browser: other } = await registeredBrowser(t.app);
    await requestReset(email);
    const token = tokenFrom(t.mails.at(-1)!.text);
    const stored = await rows<{ token_hash: string }>(sql`select token_hash from password_resets pr join users u on u.id = pr.user_id where u.email = ${email}`);
    expect(stored).toEqual([{ token_hash: sha256(token) }]);

    const b = await guest();
    expect((await b.post('/api/v1/reset-password/validate', { token, email })).statusCode).toBe(200);
    const newPassword = 'Mvua-Inanyesha-Leo-7';
    const res = await b.post('/api/v1/reset-password', { token, email, password: newPassword, password_confirmation: newPassword });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBeTruthy();
    expect((await other.get('/api/v1/user')).statusCode).toBe(401);
    expect((await b.post('/api/v1/login', { email, password: newPassword })).statusCode).toBe(200);
    const again = await b.post('/api/v1/reset-password', { token, email, password: 'Another-Pass-99', password_confirmation: 'Another-Pass-99' });
    expect(again.statusCode).toBe(422);
    expect((await b.post('/api/v1/reset-password/validate', { token, email })).statusCode).toBe(422);
    // the audit log has the request and the reset
    const events = await rows<{ event: string }>(sql`select event from auth_events where email = ${email} and event like 'reset.%' order by at, id`);
    expect(events.map((e) => e.event)).toEqual(['reset.requested', 'reset.done']);
  });

  it('refuses an expired token (60 minutes), a token for another email and a weak new password', async () => {
    const a = await registeredBrowser(t.app);
    const other = await registeredBrowser(t.app);
    await requestReset(a.email);
    const token = tokenFrom(t.mails.at(-1)!.text);
    const b = await guest();
    expect((await b.post('/api/v1/reset-password', { token, email: other.email, password: 'Good-Pass-2026', password_confirmation: 'Good-Pass-2026' })).statusCode).toBe(422);
    const weak = await b.post('/api/v1/reset-password', { token, email: a.email, password: 'qwertyuiop', password_confirmation: 'qwertyuiop' });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().errors.password).toBeTruthy();
    const [{ minutes }] = await rows<{ minutes: number }>(sql`select round(extract(epoch from expires_at - created_at) / 60)::int as minutes from password_resets where token_hash = ${sha256(token)}`);
    expect(minutes).toBe(60);
    await t.database.db.execute(sql`update password_resets set expires_at = now() - interval '1 second' where token_hash = ${sha256(token)}`);
    const expired = await b.post('/api/v1/reset-password', { token, email: a.email, password: 'Good-Pass-2026', password_confirmation: 'Good-Pass-2026' });
    expect(expired.statusCode).toBe(422);
    expect(expired.json().errors.email).toEqual(['This password reset token is invalid.']);
  });
});

describe('PUT /user/password', () => {
  it('changes the password, keeps this session and ends the others', async () => {
    const { browser, email } = await registeredBrowser(t.app);
    const second = await guest();
    await second.post('/api/v1/login', { email, password: PASSWORD });
    const next = 'Jua-Kali-Hustle-2027';
    const res = await browser.put('/api/v1/user/password', { current_password: PASSWORD, password: next, password_confirmation: next });
    expect(res.statusCode).toBe(200);
    expect((await browser.get('/api/v1/user')).statusCode).toBe(200);
    expect((await second.get('/api/v1/user')).statusCode).toBe(401);
    const events = await rows<{ event: string }>(sql`select event from auth_events where email = ${email} and event = 'password.changed'`);
    expect(events).toHaveLength(1);
  });

  it('answers 422 for a wrong current password or a weak new one, and 401 for a guest', async () => {
    const { browser } = await registeredBrowser(t.app);
    const wrong = await browser.put('/api/v1/user/password', { current_password: 'nope-nope-nope', password: 'Fine-Pass-2030', password_confirmation: 'Fine-Pass-2030' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.current_password).toEqual(['The password is incorrect.']);
    const weak = await browser.put('/api/v1/user/password', { current_password: PASSWORD, password: '12345678', password_confirmation: '12345678' });
    expect(weak.json().errors.password).toBeTruthy();
    const g = await guest();
    expect((await g.put('/api/v1/user/password', { current_password: 'x', password: 'y', password_confirmation: 'y' })).statusCode).toBe(401);
  });
});

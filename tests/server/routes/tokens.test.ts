import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Browser, buildTestApp, PASSWORD, registeredBrowser, type TestApp } from '../helpers.js';
import { sha256 } from '../../../src/server/auth/tokens.js';

let t: TestApp;
beforeAll(async () => { t = await buildTestApp(); });
afterAll(() => t.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('personal access tokens', () => {
  it('creates a token shown once, stored hashed, that authenticates without cookies or CSRF', async () => {
    const { browser, user, organization } = await registeredBrowser(t.app, { org: 'Token Estates' });
    const created = await browser.post('/api/v1/user/tokens', { name: 'accounting export', password: PASSWORD });
    expect(created.statusCode).toBe(201);
    const { plain_text_token, token } = created.json();
    expect(plain_text_token).toMatch(/^[0-9A-Z]{26}\|.+/);
    expect(token).not.toHaveProperty('token_hash');
    const rows = (await t.database.db.execute(sql`select token_hash from personal_access_tokens where id = ${token.id}`) as unknown as { rows: { token_hash: string }[] }).rows;
    expect(rows[0].token_hash).toBe(sha256(plain_text_token.split('|')[1]));

    const me = await t.app.inject({ method: 'GET', url: '/api/v1/user', headers: { ...bearer(plain_text_token), 'x-tenant-id': organization!.id } });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.id).toBe(user.id);
    expect(me.json().organization.id).toBe(organization!.id);
    // a write with the token needs no XSRF header
    const write = await t.app.inject({ method: 'POST', url: '/api/v1/organisations', headers: { ...bearer(plain_text_token), 'content-type': 'application/json' }, payload: { name: 'Via token' } });
    expect(write.statusCode).toBe(201);

    const list = await browser.get('/api/v1/user/tokens');
    expect(list.json().map((x: { id: string }) => x.id)).toContain(token.id);
    expect(list.json()[0]).not.toHaveProperty('token_hash');
  });

  it('refuses a wrong secret, an unknown id and an expired token with 401', async () => {
    const { browser } = await registeredBrowser(t.app);
    const { plain_text_token, token } = (await browser.post('/api/v1/user/tokens', { name: 'x', password: PASSWORD })).json();
    const [id] = plain_text_token.split('|');
    expect((await t.app.inject({ url: '/api/v1/user', headers: bearer(`${id}|wrong`) })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/v1/user', headers: bearer('01ARZ3NDEKTSV4RRFFQ69G5FAV|x') })).statusCode).toBe(401);
    await t.database.db.execute(sql`update personal_access_tokens set expires_at = now() - interval '1 second' where id = ${token.id}`);
    const expired = await t.app.inject({ url: '/api/v1/user', headers: bearer(plain_text_token) });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it('refuses an expiry in the past with 422', async () => {
    const { browser } = await registeredBrowser(t.app);
    const res = await browser.post('/api/v1/user/tokens', { name: 'x', password: PASSWORD, expires_at: '2020-01-01T00:00:00Z' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.expires_at).toBeTruthy();
  });

  it('revokes one\'s own token; another user\'s token is 404 and keeps working', async () => {
    const a = await registeredBrowser(t.app);
    const b = await registeredBrowser(t.app);
    const tokenB = (await b.browser.post('/api/v1/user/tokens', { name: 'b', password: PASSWORD })).json();
    expect((await a.browser.delete(`/api/v1/user/tokens/${tokenB.token.id}`)).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/v1/user', headers: bearer(tokenB.plain_text_token) })).statusCode).toBe(200);
    expect((await b.browser.delete(`/api/v1/user/tokens/${tokenB.token.id}`)).statusCode).toBe(204);
    expect((await t.app.inject({ url: '/api/v1/user', headers: bearer(tokenB.plain_text_token) })).statusCode).toBe(401);
  });

  it('asks for the password: a session alone (a stolen cookie) cannot mint a token', async () => {
    const { browser, user } = await registeredBrowser(t.app);
    const missing = await browser.post('/api/v1/user/tokens', { name: 'x' });
    expect(missing.statusCode).toBe(422);
    const wrong = await browser.post('/api/v1/user/tokens', { name: 'x', password: 'not-the-password' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.password).toEqual(['The password is incorrect.']);
    const rows = (await t.database.db.execute(sql`select count(*)::int as n from personal_access_tokens where user_id = ${user.id}`) as unknown as { rows: { n: number }[] }).rows;
    expect(rows[0].n).toBe(0);
  });

  it('a password reset revokes every token of the account', async () => {
    const { browser, email } = await registeredBrowser(t.app);
    const { plain_text_token } = (await browser.post('/api/v1/user/tokens', { name: 'x', password: PASSWORD })).json();
    expect((await t.app.inject({ url: '/api/v1/user', headers: bearer(plain_text_token) })).statusCode).toBe(200);
    const guest = new Browser(t.app, '10.9.9.9');
    await guest.csrfCookie();
    expect((await guest.post('/api/v1/forgot-password', { email })).statusCode).toBe(200);
    const mail = t.mails.filter((m) => m.to === email).at(-1)!;
    const token = decodeURIComponent(/token=([^&\s]+)/.exec(mail.text)![1]);
    const reset = await guest.post('/api/v1/reset-password', { token, email, password: 'A-Brand-New-Pass-2026', password_confirmation: 'A-Brand-New-Pass-2026' });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await t.app.inject({ url: '/api/v1/user', headers: bearer(plain_text_token) })).statusCode).toBe(401);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Browser, buildTestApp, PASSWORD, registeredBrowser, type TestApp } from '../helpers.js';
import { sha256 } from '../../../src/server/auth/tokens.js';
import { forgetSessions, settleSessionCache } from '../../../src/server/auth/sessions.js';

let t: TestApp;
beforeAll(async () => { t = await buildTestApp(); });
afterAll(() => t.close());

describe('sessions and CSRF (docs/api.md)', () => {
  it('GET /sanctum/csrf-cookie answers 204 with a readable XSRF-TOKEN and an HttpOnly, SameSite=Lax session cookie', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sanctum/csrf-cookie' });
    expect(res.statusCode).toBe(204);
    const cookies = res.cookies as Array<{ name: string; value: string; httpOnly?: boolean; sameSite?: string }>;
    const xsrf = cookies.find((c) => c.name === 'XSRF-TOKEN')!;
    const session = cookies.find((c) => c.name === 'keja_session')!;
    expect(xsrf.value).toBeTruthy();
    expect(xsrf.httpOnly).toBeFalsy();
    expect(session.httpOnly).toBe(true);
    expect(session.sameSite).toBe('Lax');
    // the cookie value is URL-safe as set; clients URL-decode it before echoing it
    expect(decodeURIComponent(xsrf.value)).toBe(xsrf.value);
  });

  it('sets its cookies Secure when the public address is https (also behind a proxy that is not trusted)', async () => {
    const secure = await buildTestApp({ appUrl: 'https://keja.example.co.ke' }, t.database);
    try {
      const res = await secure.app.inject({ method: 'GET', url: '/sanctum/csrf-cookie' });
      const cookies = res.cookies as Array<{ name: string; secure?: boolean }>;
      expect(cookies.map((c) => c.name).sort()).toEqual(expect.arrayContaining(['XSRF-TOKEN', 'keja_session']));
      for (const c of cookies) expect(c.secure, c.name).toBe(true);
      const plain = await t.app.inject({ method: 'GET', url: '/sanctum/csrf-cookie' });
      for (const c of plain.cookies as Array<{ name: string; secure?: boolean }>) expect(c.secure, c.name).toBeFalsy();
    } finally {
      await secure.close();
    }
  });

  it('answers 419 when a write has no X-XSRF-TOKEN, or a wrong one, and changes nothing', async () => {
    const b = new Browser(t.app);
    await b.csrfCookie();
    const email = `nocsrf-${Date.now()}@example.co.ke`;
    const body = { name: 'X', email, password: PASSWORD, password_confirmation: PASSWORD };
    const missing = await b.request('POST', '/api/v1/register', body, { 'x-xsrf-token': '' });
    expect(missing.statusCode).toBe(419);
    expect(missing.json()).toEqual({ message: 'CSRF token mismatch.' });
    const wrong = await b.request('POST', '/api/v1/register', body, { 'x-xsrf-token': 'not-the-token' });
    expect(wrong.statusCode).toBe(419);
    const [{ n }] = (await t.database.db.execute(sql`select count(*)::int as n from users where email = ${email}`) as unknown as { rows: { n: number }[] }).rows;
    expect(n).toBe(0);
  });

  it('a token from another browser session does not work in this one', async () => {
    const a = new Browser(t.app);
    const b = new Browser(t.app);
    await a.csrfCookie();
    await b.csrfCookie();
    const res = await b.request('POST', '/api/v1/login', { email: 'x@example.co.ke', password: 'whatever1' }, { 'x-xsrf-token': a.cookies.get('XSRF-TOKEN')! });
    expect(res.statusCode).toBe(419);
  });

  it('login issues a new session id and a new token; the old ones stop working', async () => {
    const { browser, email } = await registeredBrowser(t.app);
    await browser.post('/api/v1/logout');
    await browser.csrfCookie();
    const guestSession = browser.cookies.get('keja_session')!;
    const guestToken = browser.cookies.get('XSRF-TOKEN')!;
    const login = await browser.post('/api/v1/login', { email, password: PASSWORD });
    expect(login.statusCode).toBe(200);
    expect(browser.cookies.get('keja_session')).not.toBe(guestSession);
    expect(browser.cookies.get('XSRF-TOKEN')).not.toBe(guestToken);
    const stale = await browser.request('POST', '/api/v1/organisations', { name: 'Stale' }, { 'x-xsrf-token': guestToken });
    expect(stale.statusCode).toBe(419);
    // the session row is stored hashed: the cookie value is nowhere in the table
    const rows = (await t.database.db.execute(sql`select id from sessions`) as unknown as { rows: { id: string }[] }).rows;
    expect(rows.some((r) => r.id === browser.cookies.get('keja_session'))).toBe(false);
    expect(rows.some((r) => r.id === sha256(browser.cookies.get('keja_session')!))).toBe(true);
  });

  it('logout destroys the session on the server: the old cookie is no longer logged in', async () => {
    const { browser } = await registeredBrowser(t.app);
    const old = browser.cookies.get('keja_session')!;
    expect((await browser.post('/api/v1/logout')).statusCode).toBe(204);
    const replay = await t.app.inject({ method: 'GET', url: '/api/v1/user', cookies: { keja_session: old } });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it('refuses cookie-borne writes from another origin, accepts our own', async () => {
    const { browser } = await registeredBrowser(t.app);
    const evil = await browser.post('/api/v1/organisations', { name: 'Evil' }, { origin: 'https://evil.example' });
    expect(evil.statusCode).toBe(403);
    const ours = await browser.post('/api/v1/organisations', { name: 'Ours' }, { origin: 'http://keja.test' });
    expect(ours.statusCode).toBe(201);
    const crossSite = await browser.post('/api/v1/organisations', { name: 'Evil 2' }, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.statusCode).toBe(403);
  });

  it('ends a session idle for more than 2 hours, and one past its absolute lifetime', async () => {
    const idle = await registeredBrowser(t.app);
    const hash = sha256(idle.browser.cookies.get('keja_session')!);
    await t.database.db.execute(sql`update sessions set last_activity_at = now() - interval '121 minutes' where id = ${hash}`);
    forgetSessions(); // a change made in SQL, not through the app: the session cache is told
    expect((await idle.browser.get('/api/v1/user')).statusCode).toBe(401);

    const fresh = await registeredBrowser(t.app);
    const hash2 = sha256(fresh.browser.cookies.get('keja_session')!);
    await t.database.db.execute(sql`update sessions set last_activity_at = now() - interval '119 minutes' where id = ${hash2}`);
    forgetSessions();
    expect((await fresh.browser.get('/api/v1/user')).statusCode).toBe(200);
    await t.database.db.execute(sql`update sessions set expires_at = now() - interval '1 second' where id = ${hash2}`);
    forgetSessions();
    expect((await fresh.browser.get('/api/v1/user')).statusCode).toBe(401);
  });

  it('lives 7 days, or 30 with remember me', async () => {
    const { browser, email } = await registeredBrowser(t.app);
    const lifetime = async () => {
      const hash = sha256(browser.cookies.get('keja_session')!);
      const rows = (await t.database.db.execute(sql`select extract(epoch from expires_at - created_at)::int as s from sessions where id = ${hash}`) as unknown as { rows: { s: number }[] }).rows;
      return rows[0].s / 86400;
    };
    expect(await lifetime()).toBe(7);
    await browser.post('/api/v1/logout');
    const login = await browser.post('/api/v1/login', { email, password: PASSWORD, remember: true });
    expect(login.statusCode).toBe(200);
    expect(await lifetime()).toBe(30);
    const cookie = (login.cookies as Array<{ name: string; maxAge?: number }>).find((c) => c.name === 'keja_session')!;
    expect(cookie.maxAge).toBe(30 * 86400);
  });

  it('disabling a user ends all of their sessions', async () => {
    const { browser, user } = await registeredBrowser(t.app);
    await t.database.db.execute(sql`update users set status = 'disabled' where id = ${user.id}`);
    forgetSessions();
    expect((await browser.get('/api/v1/user')).statusCode).toBe(401);
  });

  it('refuses a session ended behind this process\'s back (another process, SQL) at the next request, cached or not', async () => {
    const { browser, email } = await registeredBrowser(t.app, { org: 'Cache Check Ltd' });
    const stolen = () => {
      const b = new Browser(t.app);
      b.cookies = new Map(browser.cookies);
      return b;
    };
    // a data read fills this process's cache
    settleSessionCache();
    expect((await browser.get('/api/v1/tenants')).statusCode).toBe(200);
    expect((await browser.get('/api/v1/tenants')).statusCode).toBe(200);
    // another process logs the session out: its row goes, this process is not told
    const hash = sha256(browser.cookies.get('keja_session')!);
    await t.database.db.execute(sql`delete from sessions where id = ${hash}`);
    const copy = stolen();
    const read = await copy.get('/api/v1/tenants');
    expect(read.statusCode).toBe(401);
    expect(read.json()).toEqual({ message: 'Unauthenticated.' });
    expect((await copy.get('/api/v1/user')).statusCode).toBe(401);
    expect((await copy.post('/api/v1/user/tokens', { name: 'persist', password: PASSWORD })).statusCode).toBe(401);

    // a password changed in another process ends this session here too
    expect((await browser.post('/api/v1/login', { email, password: PASSWORD })).statusCode).toBe(200);
    settleSessionCache();
    expect((await browser.get('/api/v1/tenants')).statusCode).toBe(200);
    const user = (await browser.get('/api/v1/user')).json().user as { id: string };
    await t.database.db.execute(sql`delete from sessions where user_id = ${user.id}`);
    expect((await browser.get('/api/v1/tenants')).statusCode).toBe(401);

    // a user disabled in another process: refused at once
    expect((await browser.post('/api/v1/login', { email, password: PASSWORD })).statusCode).toBe(200);
    settleSessionCache();
    expect((await browser.get('/api/v1/tenants')).statusCode).toBe(200);
    await t.database.db.execute(sql`update users set status = 'disabled' where id = ${user.id}`);
    expect((await browser.get('/api/v1/tenants')).statusCode).toBe(401);
    await t.database.db.execute(sql`update users set status = 'active' where id = ${user.id}`);
  });

  it('logout and a password change end sessions at once in this process', async () => {
    const { browser, email } = await registeredBrowser(t.app, { org: 'Logout Check Ltd' });
    const copy = new Browser(t.app);
    copy.cookies = new Map(browser.cookies);
    settleSessionCache();
    expect((await copy.get('/api/v1/tenants')).statusCode).toBe(200);
    expect((await browser.post('/api/v1/logout')).statusCode).toBe(204);
    expect((await copy.get('/api/v1/tenants')).statusCode).toBe(401);

    expect((await browser.post('/api/v1/login', { email, password: PASSWORD })).statusCode).toBe(200);
    const other = new Browser(t.app);
    await other.csrfCookie();
    expect((await other.post('/api/v1/login', { email, password: PASSWORD })).statusCode).toBe(200);
    settleSessionCache();
    expect((await other.get('/api/v1/tenants')).statusCode).toBe(200);
    const changed = await browser.put('/api/v1/user/password', { current_password: PASSWORD, password: 'Another-Long-Pass-2026!', password_confirmation: 'Another-Long-Pass-2026!' });
    expect(changed.statusCode, changed.body).toBeLessThan(300);
    expect((await other.get('/api/v1/tenants')).statusCode).toBe(401);
    expect((await other.get('/api/v1/user')).statusCode).toBe(401);
    expect((await browser.get('/api/v1/tenants')).statusCode).toBe(200);
  });
});

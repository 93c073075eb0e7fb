import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, buildTestApp, PASSWORD, registeredBrowser, uniqueEmail, type TestApp } from '../helpers.js';

// Issue 12: an invitation is pending until the invited person accepts it (logged in, or by the
// emailed single-use link); the inviter learns nothing about the email's account; it can be
// revoked, it expires and can be sent again; other organisations never see it.

let t: TestApp;
let admin: Browser;
let orgId: string;
let viewerRole: string;

beforeAll(async () => {
  t = await buildTestApp();
  const owner = await registeredBrowser(t.app, { org: 'Inviting Co' });
  admin = owner.browser;
  orgId = owner.organization!.id;
  viewerRole = (await admin.get('/api/v1/roles')).json().find((r: { name: string }) => r.name === 'Viewer').id;
});
afterAll(() => t.close());

const guest = async () => {
  const b = new Browser(t.app);
  await b.csrfCookie();
  return b;
};

/** The token in the newest invitation mail to this address. */
async function tokenFor(email: string): Promise<string> {
  await new Promise((r) => setTimeout(r, 20));
  const mail = [...t.mails].reverse().find((m) => m.to === email);
  if (!mail) throw new Error(`no mail to ${email}`);
  return new URL(mail.text.match(/http\S+/)![0]).searchParams.get('token')!;
}

const invite = (email: string, name = 'Typed Name') => admin.post('/api/v1/users', { name, email, phone: null, role_ids: [viewerRole] });

describe('an invitation is pending until accepted', () => {
  it('tells the inviter nothing about an existing account: the same answer as for a new email', async () => {
    const existing = await registeredBrowser(t.app, { org: 'Their Own Co' });
    const fresh = uniqueEmail('fresh');
    const a = await invite(existing.email);
    const b = await invite(fresh);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    const strip = (r: Record<string, unknown>) => ({ ...r, id: typeof r.id, email: typeof r.email, created_at: typeof r.created_at, expires_at: typeof r.expires_at });
    expect(strip(a.json())).toEqual(strip(b.json()));
    expect(a.json()).toMatchObject({ name: 'Typed Name', email: existing.email, phone: null, status: 'invited', role_ids: [viewerRole] });
    expect(a.json().id).not.toBe(existing.user.id);
    expect(JSON.stringify(a.json())).not.toContain('Achieng'); // the account's own name
    const listed = (await admin.get('/api/v1/users')).json() as Array<Record<string, unknown>>;
    expect(listed.find((u) => u.email === existing.email)).toEqual(a.json());
    expect((await admin.get(`/api/v1/users?filter=${encodeURIComponent('{"status":"invited"}')}`)).json().length).toBeGreaterThanOrEqual(2);
    // both are emailed the same way
    const [ma, mb] = [existing.email, fresh].map((e) => t.mails.find((m) => m.to === e)!);
    expect(ma.subject).toBe(mb.subject);
    expect(ma.text.replace(/token=\S+/, '')).toBe(mb.text.replace(/token=\S+/, ''));
  });

  it('an invited existing account is not a member until it accepts, logged in', async () => {
    const person = await registeredBrowser(t.app);
    const inv = (await invite(person.email)).json();
    person.browser.tenant = orgId;
    expect((await person.browser.get('/api/v1/houses')).statusCode).toBe(404);
    expect((await person.browser.post(`/api/v1/organisations/${orgId}/switch`)).statusCode).toBe(404);
    person.browser.tenant = null;
    expect((await person.browser.get('/api/v1/organisations')).json()).toEqual([]);
    const pending = (await person.browser.get('/api/v1/user/invitations')).json();
    expect(pending).toEqual([{ id: inv.id, organization: { id: orgId, name: 'Inviting Co' }, expires_at: inv.expires_at }]);
    const accepted = await person.browser.post(`/api/v1/user/invitations/${inv.id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().organization).toEqual({ id: orgId, name: 'Inviting Co' });
    person.browser.tenant = orgId;
    expect((await person.browser.get('/api/v1/houses')).statusCode).toBe(200);
    expect((await person.browser.get('/api/v1/user/invitations')).json()).toEqual([]);
    const member = (await admin.get(`/api/v1/users/${person.user.id}`)).json();
    expect(member).toMatchObject({ status: 'active', role_ids: [viewerRole], name: 'Achieng Otieno' });
    expect((await admin.get(`/api/v1/users/${inv.id}`)).statusCode).toBe(404);
    expect((await person.browser.post(`/api/v1/user/invitations/${inv.id}/accept`)).statusCode).toBe(404);
  });

  it('an existing account accepts by the emailed link, once; declining leaves it out', async () => {
    const person = await registeredBrowser(t.app);
    await invite(person.email);
    const token = await tokenFor(person.email);
    const g = await guest();
    expect((await g.post('/api/v1/invitations/lookup', { token })).json()).toMatchObject({ organization: { name: 'Inviting Co' }, email: person.email, account: true });
    const joined = await g.post('/api/v1/invitations/accept', { token });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json().user).toBeNull();
    expect((await g.get('/api/v1/user')).statusCode).toBe(401); // the link joins, it does not log in
    expect((await person.browser.get('/api/v1/organisations')).json().map((o: { id: string }) => o.id)).toEqual([orgId]);
    const reused = await g.post('/api/v1/invitations/accept', { token });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().errors.token[0]).toMatch(/no longer valid/);

    const other = await registeredBrowser(t.app);
    const inv = (await invite(other.email)).json();
    const declineToken = await tokenFor(other.email);
    expect((await (await guest()).post('/api/v1/invitations/decline', { token: declineToken })).statusCode).toBe(200);
    expect((await admin.get(`/api/v1/users/${inv.id}`)).statusCode).toBe(404);
    expect((await other.browser.get('/api/v1/organisations')).json()).toEqual([]);
    expect((await (await guest()).post('/api/v1/invitations/accept', { token: declineToken })).statusCode).toBe(422);
  });

  it('declining while logged in removes the invitation', async () => {
    const person = await registeredBrowser(t.app);
    const inv = (await invite(person.email)).json();
    expect((await person.browser.post(`/api/v1/user/invitations/${inv.id}/decline`)).statusCode).toBe(200);
    expect((await person.browser.get('/api/v1/user/invitations')).json()).toEqual([]);
    expect((await admin.get(`/api/v1/users/${inv.id}`)).statusCode).toBe(404);
  });

  it('a new email joins by the link with a name and password of its own, and is logged in', async () => {
    const email = uniqueEmail('newcomer');
    await invite(email, 'Whatever The Inviter Typed');
    const token = await tokenFor(email);
    const g = await guest();
    expect((await g.post('/api/v1/invitations/lookup', { token })).json()).toMatchObject({ account: false, name: 'Whatever The Inviter Typed' });
    const joined = await g.post('/api/v1/invitations/accept', { token, name: 'Wanjiru K.', password: PASSWORD, password_confirmation: PASSWORD });
    expect(joined.statusCode, joined.body).toBe(200);
    const me = (await g.get('/api/v1/user')).json();
    expect(me.user).toMatchObject({ name: 'Wanjiru K.', email });
    expect(me.organization.id).toBe(orgId);
    const login = await (await guest()).post('/api/v1/login', { email, password: PASSWORD });
    expect(login.statusCode).toBe(200);
  });
});

describe('revoking, expiry and other organisations', () => {
  it('a revoked invitation fails clearly, by link and logged in', async () => {
    const person = await registeredBrowser(t.app);
    const inv = (await invite(person.email)).json();
    const token = await tokenFor(person.email);
    const revoked = await admin.delete(`/api/v1/users/${inv.id}`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ id: inv.id, status: 'invited' });
    const lookup = await (await guest()).post('/api/v1/invitations/lookup', { token });
    expect(lookup.statusCode).toBe(422);
    expect(lookup.json().errors.token[0]).toMatch(/withdrawn/);
    expect((await person.browser.post(`/api/v1/user/invitations/${inv.id}/accept`)).statusCode).toBe(404);
    expect((await person.browser.get('/api/v1/organisations')).json()).toEqual([]);
  });

  it('expires after 7 days, shows as expired, and can be sent again with a new link', async () => {
    const person = await registeredBrowser(t.app);
    const inv = (await invite(person.email)).json();
    expect(new Date(inv.expires_at).getTime() - new Date(inv.created_at).getTime()).toBeGreaterThanOrEqual(7 * 24 * 3600 * 1000 - 1000);
    const oldToken = await tokenFor(person.email);
    await t.database.db.execute(sql`update invitations set expires_at = now() - interval '1 minute' where id = ${inv.id}`);
    expect((await admin.get(`/api/v1/users/${inv.id}`)).json().status).toBe('expired');
    expect((await (await guest()).post('/api/v1/invitations/accept', { token: oldToken })).statusCode).toBe(422);
    expect((await person.browser.get('/api/v1/user/invitations')).json()).toEqual([]);
    expect((await person.browser.post(`/api/v1/user/invitations/${inv.id}/accept`)).statusCode).toBe(404);
    const resent = await admin.post(`/api/v1/users/${inv.id}/resend`);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toMatchObject({ id: inv.id, status: 'invited' });
    const newToken = await tokenFor(person.email);
    expect(newToken).not.toBe(oldToken);
    expect((await (await guest()).post('/api/v1/invitations/lookup', { token: oldToken })).statusCode).toBe(422);
    expect((await (await guest()).post('/api/v1/invitations/accept', { token: newToken })).statusCode).toBe(200);
    const adminId = (await admin.get('/api/v1/user')).json().user.id;
    expect((await admin.post(`/api/v1/users/${adminId}/resend`)).statusCode).toBe(409);
  });

  it('another organisation cannot see, change, revoke, re-send or accept the invitation; another user cannot accept it', async () => {
    const person = await registeredBrowser(t.app);
    const inv = (await invite(person.email)).json();
    const stranger = await registeredBrowser(t.app, { org: 'Nosy Co' });
    expect((await stranger.browser.get('/api/v1/users')).json().map((u: { id: string }) => u.id)).not.toContain(inv.id);
    expect((await stranger.browser.get(`/api/v1/users/${inv.id}`)).statusCode).toBe(404);
    expect((await stranger.browser.put(`/api/v1/users/${inv.id}`, { role_ids: [] })).statusCode).toBe(404);
    expect((await stranger.browser.delete(`/api/v1/users/${inv.id}`)).statusCode).toBe(404);
    expect((await stranger.browser.post(`/api/v1/users/${inv.id}/resend`)).statusCode).toBe(404);
    expect((await stranger.browser.post(`/api/v1/user/invitations/${inv.id}/accept`)).statusCode).toBe(404);
    expect((await stranger.browser.post(`/api/v1/user/invitations/${inv.id}/decline`)).statusCode).toBe(404);
    expect((await stranger.browser.get('/api/v1/user/invitations')).json()).toEqual([]);
    stranger.browser.tenant = orgId;
    expect((await stranger.browser.get(`/api/v1/users/${inv.id}`)).statusCode).toBe(404);
    expect((await stranger.browser.delete(`/api/v1/users/${inv.id}`)).statusCode).toBe(404);
    // the invitation is untouched
    expect((await admin.get(`/api/v1/users/${inv.id}`)).json()).toMatchObject({ status: 'invited', role_ids: [viewerRole] });
    // an invitation to the same email from another organisation is a separate one
    const theirs = (await stranger.browser.request('POST', '/api/v1/users', { name: 'X', email: person.email }, { 'x-tenant-id': stranger.organization!.id })).json();
    expect(theirs.id).not.toBe(inv.id);
    expect((await person.browser.get('/api/v1/user/invitations')).json().map((i: { organization: { name: string } }) => i.organization.name)).toEqual(['Inviting Co', 'Nosy Co']);
  });
});

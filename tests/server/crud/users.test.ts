import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, buildTestApp, registeredBrowser, uniqueEmail, type TestApp } from '../helpers.js';

let t: TestApp;
beforeAll(async () => { t = await buildTestApp(); });
afterAll(() => t.close());

const rolesOf = async (b: Browser) => Object.fromEntries((await b.get('/api/v1/roles')).json().map((r: { name: string; id: string }) => [r.name, r.id]));

describe('users (the organisation\'s members)', () => {
  it('invites a new person by email with roles; the emailed link lets them choose their name and password and join', async () => {
    const { browser, organization } = await registeredBrowser(t.app, { org: 'Invite Co' });
    const roles = await rolesOf(browser);
    const email = uniqueEmail('caretaker');
    const res = await browser.post('/api/v1/users', { name: 'Otieno Caretaker', email, phone: '0712 345 678', role_ids: [roles.Caretaker] });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Otieno Caretaker', email, phone: '+254712345678', status: 'invited', role_ids: [roles.Caretaker] });
    await new Promise((r) => setTimeout(r, 20));
    const mail = t.mails.find((m) => m.to === email)!;
    expect(mail.subject).toContain('Invite Co');
    const link = new URL(mail.text.match(/http\S+/)![0]);
    expect(link.pathname).toBe('/auth/invitation');
    const token = link.searchParams.get('token')!;

    const guest = new Browser(t.app);
    await guest.csrfCookie();
    expect((await guest.post('/api/v1/invitations/lookup', { token })).json()).toMatchObject({ organization: { name: 'Invite Co' }, email, account: false });
    const password = 'Karibu-Nyumbani-2026';
    const weak = await guest.post('/api/v1/invitations/accept', { token, name: '', password: 'x', password_confirmation: 'y' });
    expect(weak.statusCode).toBe(422);
    expect(Object.keys(weak.json().errors).sort()).toEqual(['name', 'password']);
    const joined = await guest.post('/api/v1/invitations/accept', { token, name: 'Otieno O.', password, password_confirmation: password });
    expect(joined.statusCode, joined.body).toBe(200);
    const me = (await guest.get('/api/v1/user')).json();
    expect(me.user.name).toBe('Otieno O.');
    expect(me.organization.id).toBe(organization!.id);
    expect(me.roles.map((r: { name: string }) => r.name)).toEqual(['Caretaker']);
    expect(me.permissions).toContain('list.ticket');
    expect(me.permissions).not.toContain('list.user');
    expect((await guest.get('/api/v1/users')).statusCode).toBe(403);
    const listed = (await browser.get('/api/v1/users')).json() as Array<{ email: string; status: string; id: string }>;
    expect(listed.find((u) => u.email === email)).toMatchObject({ status: 'active', id: me.user.id });
    // the link was single-use
    expect((await new Browser(t.app).csrfCookie().then(() => guest.post('/api/v1/invitations/lookup', { token }))).statusCode).toBe(422);
  });

  it('an existing account is only invited: refuses a duplicate invitation, a member twice, and roles of another organisation', async () => {
    const existing = await registeredBrowser(t.app);
    const { browser } = await registeredBrowser(t.app, { org: 'Second Co' });
    const other = await registeredBrowser(t.app, { org: 'Other Co' });
    const otherRoles = await rolesOf(other.browser);
    const cross = await browser.post('/api/v1/users', { name: 'X', email: existing.email, role_ids: [otherRoles.Viewer] });
    expect(cross.statusCode).toBe(422);
    expect(cross.json().errors.role_ids).toBeTruthy();
    const roles = await rolesOf(browser);
    const invited = await browser.post('/api/v1/users', { name: 'Typed name', email: existing.email, role_ids: [roles.Viewer] });
    expect(invited.statusCode).toBe(201);
    const again = await browser.post('/api/v1/users', { name: 'X', email: existing.email.toUpperCase() });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.email).toBeTruthy();
    expect((await existing.browser.get('/api/v1/organisations')).json()).toEqual([]);
    expect((await existing.browser.post(`/api/v1/user/invitations/${invited.json().id}/accept`)).statusCode).toBe(200);
    const orgs = (await existing.browser.get('/api/v1/organisations')).json();
    expect(orgs.map((o: { name: string }) => o.name)).toEqual(['Second Co']);
    const member = await browser.post('/api/v1/users', { name: 'X', email: existing.email });
    expect(member.statusCode).toBe(422);
    expect(member.json().errors.email[0]).toMatch(/already a member/);
  });

  it('lists, filters and searches members with Content-Range; other organisations see none of them', async () => {
    const { browser, organization } = await registeredBrowser(t.app, { org: 'List Co' });
    const roles = await rolesOf(browser);
    await browser.post('/api/v1/users', { name: 'Wambui Accountant', email: uniqueEmail('acc'), role_ids: [roles.Accountant] });
    const list = await browser.get('/api/v1/users');
    expect(list.headers['content-range']).toBe('users 0-1/2');
    const byRole = await browser.get(`/api/v1/users?filter=${encodeURIComponent(JSON.stringify({ role_ids: [roles.Accountant] }))}`);
    expect(byRole.json().map((u: { name: string }) => u.name)).toEqual(['Wambui Accountant']);
    const search = await browser.get(`/api/v1/users?filter=${encodeURIComponent(JSON.stringify({ q: 'wambui' }))}`);
    expect(search.json()).toHaveLength(1);
    const stranger = await registeredBrowser(t.app, { org: 'Stranger Co' });
    const forged = await stranger.browser.request('GET', '/api/v1/users', undefined, { 'x-tenant-id': organization!.id });
    expect(forged.statusCode).toBe(404);
    const id = list.json()[0].id;
    expect((await stranger.browser.get(`/api/v1/users/${id}`)).statusCode).toBe(404);
    expect((await stranger.browser.put(`/api/v1/users/${id}`, { status: 'disabled' })).statusCode).toBe(404);
    expect((await stranger.browser.delete(`/api/v1/users/${id}`)).statusCode).toBe(404);
  });

  it('speaks the same dialect as every area: sort, range, id lists, 400 naming a bad key, 403 without list.user', async () => {
    const { browser } = await registeredBrowser(t.app, { org: 'Dialect Co' });
    const roles = await rolesOf(browser);
    for (const name of ['Zawadi Manager', 'Baraka Caretaker']) {
      expect((await browser.post('/api/v1/users', { name, email: uniqueEmail('d'), role_ids: [roles.Viewer] })).statusCode).toBe(201);
    }
    const q = (params: Record<string, unknown>) => `/api/v1/users?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, JSON.stringify(v)]))}`;
    const asc = (await browser.get(q({ sort: ['name', 'ASC'] }))).json().map((u: { name: string }) => u.name);
    expect(asc).toEqual(['Achieng Otieno', 'Baraka Caretaker', 'Zawadi Manager']);
    const desc = (await browser.get(q({ sort: ['name', 'DESC'] }))).json().map((u: { name: string }) => u.name);
    expect(desc).toEqual([...asc].reverse());
    const page = await browser.get(q({ sort: ['name', 'ASC'], range: [1, 1] }));
    expect(page.json().map((u: { name: string }) => u.name)).toEqual(['Baraka Caretaker']);
    expect(page.headers['content-range']).toBe('users 1-1/3');
    const all = (await browser.get('/api/v1/users')).json() as Array<{ id: string }>;
    const many = await browser.get(q({ filter: { id: [all[0].id, '01ARZ3NDEKTSV4RRFFQ69G5FAV'] } }));
    expect(many.json().map((u: { id: string }) => u.id)).toEqual([all[0].id]);
    const badSort = await browser.get(q({ sort: ['password_hash', 'ASC'] }));
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json().message).toContain('password_hash');
    const badFilter = await browser.get(q({ filter: { password_hash: 'x' } }));
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.json().message).toContain('password_hash');
    expect((await browser.get(q({ range: [0, 1000] }))).statusCode).toBe(400);
    for (const u of all) expect(u).not.toHaveProperty('password_hash');
    // a member without list.user
    const email = uniqueEmail('viewer');
    const viewer = await registeredBrowser(t.app, { email });
    const org = (await browser.get('/api/v1/user')).json().organization.id;
    const role = await browser.post('/api/v1/roles', { name: 'Houses only', permissions: ['list.house'] });
    const invited = await browser.post('/api/v1/users', { name: 'Achieng Otieno', email, role_ids: [role.json().id] });
    expect(invited.statusCode).toBe(201);
    await viewer.browser.post(`/api/v1/user/invitations/${invited.json().id}/accept`);
    await viewer.browser.post(`/api/v1/organisations/${org}/switch`);
    expect((await viewer.browser.get('/api/v1/users')).statusCode).toBe(403);
    expect((await viewer.browser.get(`/api/v1/users/${all[0].id}`)).statusCode).toBe(403);
  });

  it('disabling a member ends their sessions here and shuts them out of this organisation only', async () => {
    const admin = await registeredBrowser(t.app, { org: 'Disable Co' });
    const worker = await registeredBrowser(t.app, { org: 'Worker Own Co' });
    const roles = await rolesOf(admin.browser);
    const invited = (await admin.browser.post('/api/v1/users', { name: 'W', email: worker.email, role_ids: [roles.Manager] })).json();
    expect((await worker.browser.post(`/api/v1/user/invitations/${invited.id}/accept`)).statusCode).toBe(200);
    const added = (await admin.browser.get(`/api/v1/users/${worker.user.id}`)).json();
    await worker.browser.post(`/api/v1/organisations/${admin.organization!.id}/switch`);
    expect((await worker.browser.get('/api/v1/roles')).statusCode).toBe(200);
    const disabled = await admin.browser.put(`/api/v1/users/${added.id}`, { ...added, status: 'disabled' });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json().status).toBe('disabled');
    expect((await worker.browser.get('/api/v1/user')).statusCode).toBe(401);
    const again = new Browser(t.app);
    await again.csrfCookie();
    await again.post('/api/v1/login', { email: worker.email, password: 'Nyumba-ya-Kwanza-2026' });
    again.tenant = admin.organization!.id;
    expect((await again.get('/api/v1/roles')).statusCode).toBe(404);
    again.tenant = null;
    expect((await again.get('/api/v1/user')).json().organization.name).toBe('Worker Own Co');
  });

  it('keeps at least one active Administrator and refuses to remove or disable oneself', async () => {
    const { browser, user } = await registeredBrowser(t.app, { org: 'Last Admin Co' });
    const me = (await browser.get(`/api/v1/users/${user.id}`)).json();
    expect((await browser.put(`/api/v1/users/${user.id}`, { ...me, status: 'disabled' })).statusCode).toBe(422);
    expect((await browser.put(`/api/v1/users/${user.id}`, { ...me, role_ids: [] })).statusCode).toBe(409);
    expect((await browser.delete(`/api/v1/users/${user.id}`)).statusCode).toBe(409);
    const roles = await rolesOf(browser);
    const other = (await browser.post('/api/v1/users', { name: 'Second Admin', email: uniqueEmail('admin2'), role_ids: [roles.Administrator] })).json();
    expect((await browser.delete(`/api/v1/users/${other.id}`)).statusCode).toBe(200);
    expect((await browser.put(`/api/v1/users/${user.id}`, { ...me, role_ids: [roles.Manager] })).statusCode).toBe(409); // the last one again
    expect((await browser.put(`/api/v1/users/${user.id}`, { ...me, role_ids: [roles.Administrator, roles.Caretaker] })).statusCode).toBe(200);
    const inUse = await browser.delete(`/api/v1/roles/${roles.Caretaker}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toMatch(/given to users/);
  });
});

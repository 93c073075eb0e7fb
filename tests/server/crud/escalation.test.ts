import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS } from '../../../src/shared/permissions.js';
import { Browser, buildTestApp, registeredBrowser, uniqueEmail, type TestApp } from '../helpers.js';
import { memberWith as invitedMember } from '../members.js';

// Issue 12: for each path that grants permissions (users create/edit, invitations, roles
// create/edit/delete), a member holding only that path's permission ends with no more
// permissions than they started with; the legitimate grants still work.

let t: TestApp;
let admin: Browser;
let orgId: string;
let roleIds: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp();
  const owner = await registeredBrowser(t.app, { org: 'Escalation Co' });
  admin = owner.browser;
  orgId = owner.organization!.id;
  roleIds = Object.fromEntries((await admin.get('/api/v1/roles')).json().map((r: { name: string; id: string }) => [r.name, r.id]));
});
afterAll(() => t.close());

/** A member of the organisation whose one role holds exactly these permissions. */
/** A member whose role holds exactly these permissions (and the server says so). */
async function memberWith(permissions: string[]) {
  const m = await invitedMember(t.app, admin, orgId, permissions);
  expect(await permissionsOf(m.browser)).toEqual([...permissions].sort());
  return m;
}

const permissionsOf = async (b: Browser) => ((await b.get('/api/v1/user')).json().permissions as string[]).sort();

describe('nobody grants a permission they do not hold', () => {
  it('edit.user alone: cannot give themself (or an invitation) the Administrator role, nor change or disable an Administrator', async () => {
    const m = await memberWith(['edit.user']);
    const before = await permissionsOf(m.browser);
    const self = await m.browser.put(`/api/v1/users/${m.userId}`, { role_ids: [m.roleId, roleIds.Administrator] });
    expect(self.statusCode).toBe(422);
    expect(self.json().errors.role_ids[0]).toMatch(/do not hold/);
    const manager = await m.browser.put(`/api/v1/users/${m.userId}`, { role_ids: [roleIds.Manager] });
    expect(manager.statusCode).toBe(422);
    const adminId = (await admin.get('/api/v1/user')).json().user.id;
    const demote = await m.browser.put(`/api/v1/users/${adminId}`, { role_ids: [m.roleId] });
    expect(demote.statusCode).toBe(403);
    expect((await m.browser.put(`/api/v1/users/${adminId}`, { status: 'disabled' })).statusCode).toBe(403);
    const invitation = (await admin.post('/api/v1/users', { name: 'Friend', email: uniqueEmail('friend'), role_ids: [roleIds.Viewer] })).json();
    const raised = await m.browser.put(`/api/v1/users/${invitation.id}`, { role_ids: [roleIds.Administrator] });
    expect(raised.statusCode).toBe(422);
    expect((await admin.get(`/api/v1/users/${invitation.id}`)).json().role_ids).toEqual([roleIds.Viewer]);
    expect(await permissionsOf(m.browser)).toEqual(before);
    expect((await admin.get(`/api/v1/users/${adminId}`)).json()).toMatchObject({ status: 'active', role_ids: [roleIds.Administrator] });
  });

  it('create.user alone: cannot invite anyone (an accomplice account included) with a role above their own', async () => {
    const m = await memberWith(['create.user']);
    const accomplice = await registeredBrowser(t.app);
    const res = await m.browser.post('/api/v1/users', { name: 'Accomplice', email: accomplice.email, role_ids: [roleIds.Administrator] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.role_ids).toBeTruthy();
    expect((await accomplice.browser.get('/api/v1/user/invitations')).json()).toEqual([]);
    // nor bring an Administrator's invitation back to life by sending it again
    const adminInvite = (await admin.post('/api/v1/users', { name: 'Co-admin', email: uniqueEmail('coadmin'), role_ids: [roleIds.Administrator] })).json();
    expect((await m.browser.post(`/api/v1/users/${adminInvite.id}/resend`)).statusCode).toBe(422);
    // a role within their own permissions is fine: the accomplice gains nothing the member lacks
    const ok = await m.browser.post('/api/v1/users', { name: 'Accomplice', email: accomplice.email, role_ids: [m.roleId] });
    expect(ok.statusCode, ok.body).toBe(201);
    expect((await accomplice.browser.post(`/api/v1/user/invitations/${ok.json().id}/accept`)).statusCode).toBe(200);
    accomplice.browser.tenant = orgId;
    expect(await permissionsOf(accomplice.browser)).toEqual(['create.user']);
  });

  it('edit.role alone: cannot add permissions to their own role, nor touch a built-in role', async () => {
    const m = await memberWith(['edit.role', 'show.role']);
    const before = await permissionsOf(m.browser);
    const own = await m.browser.put(`/api/v1/roles/${m.roleId}`, { name: 'Mine', permissions: [...ALL_PERMISSIONS] });
    expect(own.statusCode).toBe(422);
    expect(own.json().errors.permissions[0]).toMatch(/do not hold/);
    expect((await m.browser.put(`/api/v1/roles/${roleIds.Administrator}`, { permissions: [...ALL_PERMISSIONS] })).statusCode).toBe(403);
    const manager = await m.browser.put(`/api/v1/roles/${roleIds.Viewer}`, { permissions: ['edit.role', 'show.role'] });
    expect(manager.statusCode).toBe(403);
    expect(await permissionsOf(m.browser)).toEqual(before);
    // within their own permissions the role can change (here: dropping one)
    expect((await m.browser.put(`/api/v1/roles/${m.roleId}`, { permissions: ['edit.role', 'show.role'] })).statusCode).toBe(200);
  });

  it('create.role with edit.user: a new role above them is refused, so it cannot be given either', async () => {
    const m = await memberWith(['create.role', 'edit.user']);
    const before = await permissionsOf(m.browser);
    const big = await m.browser.post('/api/v1/roles', { name: 'Everything', permissions: [...ALL_PERMISSIONS] });
    expect(big.statusCode).toBe(422);
    expect(big.json().errors.permissions).toBeTruthy();
    const small = await m.browser.post('/api/v1/roles', { name: 'Small', permissions: ['edit.user'] });
    expect(small.statusCode, small.body).toBe(201);
    expect((await m.browser.put(`/api/v1/users/${m.userId}`, { role_ids: [m.roleId, small.json().id] })).statusCode).toBe(200);
    expect(await permissionsOf(m.browser)).toEqual(before);
  });

  it('delete.user and delete.role alone: cannot remove someone above them, nor delete a role above them or a built-in one', async () => {
    const m = await memberWith(['delete.user', 'delete.role']);
    const adminId = (await admin.get('/api/v1/user')).json().user.id;
    expect((await m.browser.delete(`/api/v1/users/${adminId}`)).statusCode).toBe(403);
    expect((await m.browser.delete(`/api/v1/roles/${roleIds.Viewer}`)).statusCode).toBe(403);
    const unused = (await admin.post('/api/v1/roles', { name: `Unused ${Math.random()}`, permissions: ['list.house'] })).json();
    expect((await m.browser.delete(`/api/v1/roles/${unused.id}`)).statusCode).toBe(403);
    const mine = (await admin.post('/api/v1/roles', { name: `Within ${Math.random()}`, permissions: ['delete.user'] })).json();
    expect((await m.browser.delete(`/api/v1/roles/${mine.id}`)).statusCode).toBe(200);
    expect((await admin.get(`/api/v1/roles/${unused.id}`)).statusCode).toBe(200);
  });
});

describe('the legitimate grants still work', () => {
  it('an Administrator gives any role, invites an Administrator and edits a built-in role', async () => {
    const invited = await admin.post('/api/v1/users', { name: 'Co-admin', email: uniqueEmail('coadmin'), role_ids: [roleIds.Administrator] });
    expect(invited.statusCode, invited.body).toBe(201);
    const viewer = (await admin.get(`/api/v1/roles/${roleIds.Viewer}`)).json();
    const edited = await admin.put(`/api/v1/roles/${roleIds.Viewer}`, { ...viewer, permissions: [...viewer.permissions, 'export.statement'] });
    expect(edited.statusCode, edited.body).toBe(200);
    const m = await memberWith(['list.house']);
    expect((await admin.put(`/api/v1/users/${m.userId}`, { role_ids: [roleIds.Manager] })).statusCode).toBe(200);
    expect(await permissionsOf(m.browser)).toContain('run.billing');
  });

  it('a manager with edit.user gives a role whose permissions are a subset of their own, and demotes someone below them', async () => {
    const manager = await memberWith(['edit.user', 'show.user', 'list.house', 'show.house', 'list.tenant']);
    const small = (await admin.post('/api/v1/roles', { name: `Houses ${Math.random()}`, permissions: ['list.house', 'show.house'] })).json();
    const worker = await memberWith(['list.tenant']);
    const given = await manager.browser.put(`/api/v1/users/${worker.userId}`, { role_ids: [worker.roleId, small.id] });
    expect(given.statusCode, given.body).toBe(200);
    expect(await permissionsOf(worker.browser)).toEqual(['list.house', 'list.tenant', 'show.house']);
    expect((await manager.browser.put(`/api/v1/users/${worker.userId}`, { role_ids: [small.id] })).statusCode).toBe(200);
    expect(await permissionsOf(worker.browser)).toEqual(['list.house', 'show.house']);
  });

  it('another organisation cannot change these members or roles', async () => {
    const stranger = await registeredBrowser(t.app, { org: 'Stranger Escalation Co' });
    const m = await memberWith(['list.house']);
    expect((await stranger.browser.put(`/api/v1/users/${m.userId}`, { role_ids: [] })).statusCode).toBe(404);
    expect((await stranger.browser.put(`/api/v1/roles/${m.roleId}`, { permissions: [] })).statusCode).toBe(404);
    stranger.browser.tenant = orgId;
    expect((await stranger.browser.put(`/api/v1/roles/${m.roleId}`, { permissions: [] })).statusCode).toBe(404);
  });
});

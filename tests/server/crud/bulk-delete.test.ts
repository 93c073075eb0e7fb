// A list's bulk delete: DELETE /<area>?filter={"id":[…]} deletes every selected record in one
// transaction, or none: a refused record (409, named) or another organisation's (404) keeps them all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceByName } from '../../../resources/index.js';
import { buildTestApp, registeredBrowser, type TestApp } from '../helpers.js';
import { createSample } from './samples.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof registeredBrowser>>;
let stranger: Awaited<ReturnType<typeof registeredBrowser>>;
beforeAll(async () => {
  t = await buildTestApp();
  owner = await registeredBrowser(t.app, { org: 'Bulk Owner Ltd' });
  stranger = await registeredBrowser(t.app, { org: 'Bulk Stranger Ltd' });
});
afterAll(() => t.close());

const owners = resourceByName('property-owners')!;
const houses = resourceByName('houses')!;
const bulk = (ids: unknown[]) => `/api/v1/property-owners?filter=${encodeURIComponent(JSON.stringify({ id: ids }))}`;
const exists = async (id: unknown) => (await owner.browser.get(`/api/v1/property-owners/${id}`)).statusCode === 200;

describe('bulk delete', () => {
  it('deletes every selected record at once and answers them', async () => {
    const a = await createSample(owner.browser, owners, owner.user.id, new Map());
    const b = await createSample(owner.browser, owners, owner.user.id, new Map());
    const res = await owner.browser.delete(bulk([a.id, b.id]));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().map((r: { id: string }) => r.id).sort()).toEqual([a.id, b.id].sort());
    expect(await exists(a.id)).toBe(false);
    expect(await exists(b.id)).toBe(false);
  });

  it('a refused record keeps them all, and the 409 names it', async () => {
    const free = await createSample(owner.browser, owners, owner.user.id, new Map());
    const busy = await createSample(owner.browser, owners, owner.user.id, new Map());
    await createSample(owner.browser, houses, owner.user.id, new Map([['property-owners', String(busy.id)]]), { owner_id: busy.id });
    const res = await owner.browser.delete(bulk([free.id, busy.id]));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain(String(busy.name));
    expect(res.json().message).toContain('Nothing was deleted.');
    expect(await exists(free.id)).toBe(true);
    expect(await exists(busy.id)).toBe(true);
  });

  it('another organisation\'s record in the selection is a 404 and nothing goes; nor can they delete ours', async () => {
    const mine = await createSample(owner.browser, owners, owner.user.id, new Map());
    const theirs = await createSample(stranger.browser, owners, stranger.user.id, new Map());
    expect((await owner.browser.delete(bulk([mine.id, theirs.id]))).statusCode).toBe(404);
    expect(await exists(mine.id)).toBe(true);
    expect((await stranger.browser.delete(bulk([mine.id]))).statusCode).toBe(404);
    const forged = await stranger.browser.request('DELETE', bulk([mine.id]), undefined, { 'x-tenant-id': owner.organization!.id });
    expect(forged.statusCode).toBe(404);
    expect(await exists(mine.id)).toBe(true);
  });

  it('takes only an id list (400), and needs delete permission (403)', async () => {
    expect((await owner.browser.delete('/api/v1/property-owners')).statusCode).toBe(400);
    expect((await owner.browser.delete(`/api/v1/property-owners?filter=${encodeURIComponent('{"kind":"individual"}')}`)).statusCode).toBe(400);
    expect((await owner.browser.delete(bulk([]))).statusCode).toBe(400);
    const viewerEmail = `viewer-${Date.now()}@example.co.ke`;
    const viewer = await registeredBrowser(t.app, { email: viewerEmail });
    const roles = (await owner.browser.get('/api/v1/roles')).json() as Array<{ id: string; name: string }>;
    const invited = await owner.browser.post('/api/v1/users', { name: 'Viewer', email: viewerEmail, role_ids: [roles.find((r) => r.name === 'Viewer')!.id] });
    expect(invited.statusCode).toBe(201);
    expect((await viewer.browser.post(`/api/v1/user/invitations/${invited.json().id}/accept`)).statusCode).toBe(200);
    await viewer.browser.post(`/api/v1/organisations/${owner.organization!.id}/switch`);
    const mine = await createSample(owner.browser, owners, owner.user.id, new Map());
    expect((await viewer.browser.delete(bulk([mine.id]))).statusCode).toBe(403);
    expect(await exists(mine.id)).toBe(true);
  });
});

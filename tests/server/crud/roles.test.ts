import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS } from '../../../src/shared/permissions.js';
import { buildTestApp, registeredBrowser, type TestApp } from '../helpers.js';

let t: TestApp;
beforeAll(async () => { t = await buildTestApp(); });
afterAll(() => t.close());

describe('roles', () => {
  it('lists the five built-in roles; Administrator keeps every permission, its name, and cannot be deleted', async () => {
    const { browser } = await registeredBrowser(t.app, { org: 'Roles Ltd' });
    const list = (await browser.get('/api/v1/roles')).json();
    expect(list.map((r: { name: string }) => r.name)).toEqual(['Accountant', 'Administrator', 'Caretaker', 'Manager', 'Viewer']);
    const admin = list.find((r: { name: string }) => r.name === 'Administrator');
    expect(admin.built_in).toBe(true);
    const lose = await browser.put(`/api/v1/roles/${admin.id}`, { ...admin, permissions: ALL_PERMISSIONS.slice(1) });
    expect(lose.statusCode).toBe(422);
    expect(lose.json().errors.permissions).toBeTruthy();
    const rename = await browser.put(`/api/v1/roles/${admin.id}`, { ...admin, name: 'Boss' });
    expect(rename.statusCode).toBe(422);
    const del = await browser.delete(`/api/v1/roles/${admin.id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toMatch(/cannot be deleted/);
  });

  it('refuses a duplicate name (any case) and unknown permissions with 422; an unused role can be deleted', async () => {
    const { browser } = await registeredBrowser(t.app, { org: 'Roles Two' });
    const dup = await browser.post('/api/v1/roles', { name: 'manager', permissions: [] });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.name).toBeTruthy();
    const unknown = await browser.post('/api/v1/roles', { name: 'Clerk', permissions: ['fly.rocket'] });
    expect(unknown.statusCode).toBe(422);
    const clerk = await browser.post('/api/v1/roles', { name: 'Clerk', description: 'Front desk', permissions: ['list.tenant', 'show.tenant'] });
    expect(clerk.statusCode).toBe(201);
    expect(clerk.json()).toMatchObject({ name: 'Clerk', permissions: ['list.tenant', 'show.tenant'], built_in: false });
    expect((await browser.delete(`/api/v1/roles/${clerk.json().id}`)).statusCode).toBe(200);
  });
});

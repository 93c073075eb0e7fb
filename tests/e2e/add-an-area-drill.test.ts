import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openChromium, startServer, type KejaServer } from './harness.js';

// The README's drill, done as a developer would, in a copy of the project: write one file,
// resources/meter-readings.ts; run `npm run db:generate`; start the server. Nothing else is
// edited. Then the new area is served, guarded, kept to its organisation, blocks deleting the
// house it refers to and renders in Chromium; and on a database made before the area existed,
// Administrator uses it at once while a custom role waits to be granted it.

const root = path.resolve(import.meta.dirname, '../..');

const DECLARATION = `import { defineResource, number, reference, route } from '../src/shared/resource.js';

/** A house's water meter, read each month. */
export const meterReadings = defineResource({
  name: 'meter-readings',
  module: 'meter_reading',
  menu: 'portfolio',
  icon: 'Speed',
  recordTitle: 'reading',
  fields: [
    reference('house_id', 'houses', { required: true, list: true, filter: true }),
    number('reading', { required: true, min: 0, list: true, sort: true }),
  ],
  defaultSort: { field: 'reading', order: 'DESC' },
  routes: [route.list('/meter-readings'), route.form('/meter-reading-form/:id?')],
});
`;

const PASSWORD = 'Mita-ya-Maji-2026';

/** A client of the API as the web app is one: cookies, the XSRF header on writes. */
class Client {
  cookies = new Map<string, string>();
  constructor(private readonly base: string) {}
  async request(method: string, url: string, body?: unknown): Promise<{ status: number; json: () => any }> { // eslint-disable-line @typescript-eslint/no-explicit-any
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (method !== 'GET' && xsrf) headers['x-xsrf-token'] = decodeURIComponent(xsrf);
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(this.base + url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      const [name, value] = [pair.slice(0, i), pair.slice(i + 1)];
      if (value === '' || /max-age=0/i.test(c)) this.cookies.delete(name); else this.cookies.set(name, value);
    }
    const text = await res.text();
    return { status: res.status, json: () => (text ? JSON.parse(text) : null) };
  }
  get = (url: string) => this.request('GET', url);
  post = (url: string, body?: unknown) => this.request('POST', url, body);
  put = (url: string, body?: unknown) => this.request('PUT', url, body);
  delete = (url: string) => this.request('DELETE', url);

  static async registered(base: string, email: string, org?: string) {
    const c = new Client(base);
    await c.get('/sanctum/csrf-cookie');
    const reg = await c.post('/api/v1/register', { name: 'Wambui Karanja', email, password: PASSWORD, password_confirmation: PASSWORD });
    if (reg.status !== 201) throw new Error(`register: ${reg.status} ${JSON.stringify(reg.json())}`);
    let organization: { id: string } | null = null;
    if (org) {
      const created = await c.post('/api/v1/organisations', { name: org });
      if (created.status !== 201) throw new Error(`organisation: ${created.status}`);
      organization = created.json().organization;
    }
    return { client: c, organization };
  }
}

const unique = (p: string) => `${p}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.co.ke`;

/** An owner, a property and a house of the client's organisation. */
async function aHouse(c: Client, code: string): Promise<string> {
  const owner = await c.post('/api/v1/property-owners', { name: 'Otieno Ouma', kind: 'individual', phone: '+254712345678' });
  const property = await c.post('/api/v1/properties', { name: `Mita Court ${code}`, owner_id: owner.json().id, location: 'Kasarani, Nairobi' });
  const house = await c.post('/api/v1/houses', { property_id: property.json().id, owner_id: owner.json().id, number: code, account_code: code, rent: '15000' });
  if (house.status !== 201) throw new Error(`house: ${house.status} ${JSON.stringify(house.json())}`);
  return house.json().id;
}

let copy: string;
let oldData: string;
let changed: string[];
const before = { ownerEmail: unique('owner'), clerkEmail: unique('clerk'), orgId: '', roleId: '' };

beforeAll(async () => {
  // a copy of what the drill needs; node_modules shared by a link
  copy = mkdtempSync(path.join(os.tmpdir(), 'keja-drill-'));
  for (const dir of ['resources', 'src', 'scripts']) cpSync(path.join(root, dir), path.join(copy, dir), { recursive: true });
  for (const file of ['package.json', 'tsconfig.json', 'drizzle.config.ts', 'vite.config.ts']) cpSync(path.join(root, file), path.join(copy, file));
  symlinkSync(path.join(root, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
  execFileSync('git', ['init', '-q'], { cwd: copy });
  execFileSync('git', ['add', '-A'], { cwd: copy });
  execFileSync('git', ['-c', 'user.email=d@k', '-c', 'user.name=drill', 'commit', '-qm', 'before'], { cwd: copy });

  // a database made before the area existed: an organisation, a custom role holding every
  // permission there was, and a member who has only that role
  oldData = mkdtempSync(path.join(os.tmpdir(), 'keja-drill-data-'));
  const old = await startServer({}, { cwd: copy, dataDir: oldData });
  try {
    const owner = await Client.registered(old.url, before.ownerEmail, 'Kabla ya Mita Ltd');
    before.orgId = owner.organization!.id;
    const all = (await owner.client.get('/api/v1/roles')).json().find((r: { name: string }) => r.name === 'Administrator').permissions;
    const role = await owner.client.post('/api/v1/roles', { name: 'Everything clerk', permissions: all });
    before.roleId = role.json().id;
    const { client: clerkAtFirst } = await Client.registered(old.url, before.clerkEmail);
    const invited = await owner.client.post('/api/v1/users', { name: 'Kamau Clerk', email: before.clerkEmail, role_ids: [before.roleId] });
    expect(invited.status).toBe(201);
    // an invitation is pending until the invited person accepts it
    expect((await clerkAtFirst.post(`/api/v1/user/invitations/${invited.json().id}/accept`)).status).toBe(200);
    expect((await owner.client.get('/api/v1/meter-readings')).status).toBe(404);
  } finally {
    await old.stop();
  }

  // the drill: one file, then `npm run db:generate`
  writeFileSync(path.join(copy, 'resources/meter-readings.ts'), DECLARATION);
  execFileSync('npm', ['run', 'db:generate', '--', '--name', 'meter_readings'], { cwd: copy, stdio: 'pipe' });
  execFileSync('git', ['add', '-A'], { cwd: copy });
  changed = execFileSync('git', ['diff', '--cached', '--name-only'], { cwd: copy, encoding: 'utf8' }).trim().split('\n');
  // the web app, as `npm start` builds it
  execFileSync(path.join(root, 'node_modules/.bin/vite'), ['build', '--logLevel', 'error'], { cwd: copy, stdio: 'pipe' });
}, 900_000);

afterAll(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
  if (oldData) rmSync(oldData, { recursive: true, force: true });
});

describe('adding an area: one file, db:generate, restart', () => {
  it('the only hand-written file is the declaration; the rest is generated', () => {
    const generated = changed.filter((f) => f.endsWith('.generated.ts') || f.startsWith('src/server/db/migrations/'));
    expect(changed.filter((f) => !generated.includes(f))).toEqual(['resources/meter-readings.ts']);
    expect(changed.some((f) => /migrations\/\d{4}_meter_readings\.sql$/.test(f))).toBe(true);
  });

  it('on a fresh database: list, create, edit, delete, the guard, other organisations, the referenced house, the screen', async () => {
    const server: KejaServer = await startServer({}, { cwd: copy });
    const chromium = await openChromium();
    try {
      const ownerEmail = unique('fresh');
      const { client: c, organization } = await Client.registered(server.url, ownerEmail, 'Mita Safi Ltd');
      const houseId = await aHouse(c, 'M1');

      expect((await c.get('/api/v1/meter-readings')).json()).toEqual([]);
      const bad = await c.post('/api/v1/meter-readings', { house_id: houseId, reading: -1 });
      expect(bad.status).toBe(422);
      expect(Object.keys(bad.json().errors)).toEqual(['reading']);
      const created = await c.post('/api/v1/meter-readings', { house_id: houseId, reading: 1200 });
      expect(created.status).toBe(201);
      const id = created.json().id as string;
      await c.post('/api/v1/meter-readings', { house_id: await aHouse(c, 'M2'), reading: 40 });
      const filtered = await c.get(`/api/v1/meter-readings?filter=${encodeURIComponent(JSON.stringify({ house_id: houseId }))}`);
      expect(filtered.json().map((r: { reading: number }) => r.reading)).toEqual([1200]);
      expect((await c.put(`/api/v1/meter-readings/${id}`, { reading: 1250 })).json().reading).toBe(1250);
      expect((await c.get(`/api/v1/meter-readings/${id}`)).json()).toMatchObject({ house_id: houseId, reading: 1250 });

      // the house it refers to cannot be deleted while the reading stands
      const blocked = await c.delete(`/api/v1/houses/${houseId}`);
      expect(blocked.status).toBe(409);
      expect(blocked.json().message).toBe('Meter readings refer to this record.');

      // another organisation sees nothing, changes nothing, cannot refer to the house
      const { client: stranger } = await Client.registered(server.url, unique('stranger'), 'Jirani Ltd');
      expect((await stranger.get(`/api/v1/meter-readings/${id}`)).status).toBe(404);
      expect((await stranger.put(`/api/v1/meter-readings/${id}`, { reading: 1 })).status).toBe(404);
      expect((await stranger.delete(`/api/v1/meter-readings/${id}`)).status).toBe(404);
      expect((await stranger.post('/api/v1/meter-readings', { house_id: houseId, reading: 5 })).json().errors).toHaveProperty('house_id');

      // a member whose role (Viewer) was not given the new module
      const viewerEmail = unique('viewer');
      const { client: viewer } = await Client.registered(server.url, viewerEmail);
      const viewerRole = (await c.get('/api/v1/roles')).json().find((r: { name: string }) => r.name === 'Viewer').id;
      const invitation = await c.post('/api/v1/users', { name: 'Njoroge Viewer', email: viewerEmail, role_ids: [viewerRole] });
      expect(invitation.status).toBe(201);
      expect((await viewer.post(`/api/v1/user/invitations/${invitation.json().id}/accept`)).status).toBe(200);
      expect((await viewer.post(`/api/v1/organisations/${organization!.id}/switch`)).status).toBeLessThan(300);
      expect((await viewer.get('/api/v1/houses')).status).toBe(200);
      expect((await viewer.get('/api/v1/meter-readings')).status).toBe(403);
      expect((await viewer.delete(`/api/v1/meter-readings/${id}`)).status).toBe(403);

      // the screen: the menu entry, the list and the form, in Chromium
      const { page } = chromium;
      await page.goto(`${server.url}/auth/login`);
      await page.locator('input[name="email"]').fill(ownerEmail);
      await page.locator('input[name="password"]').fill(PASSWORD);
      await page.locator('button[type="submit"]').click();
      await page.waitForURL('**/dashboard');
      chromium.consoleErrors.length = 0; // the login page's own 401 (who am I?) before signing in
      await page.goto(`${server.url}/meter-readings`);
      await expect.poll(() => page.locator('main').innerText(), { timeout: 20_000 }).toMatch(/M1 \(M1\)\s+1250/);
      expect(await page.locator('main').innerText()).toContain('Meter readings');
      await page.screenshot({ path: '/tmp/drill-meter-readings.png' });
      // the menu entry, in the portfolio group
      expect(await page.locator('a[href="/meter-readings"]').first().innerText()).toContain('Meter readings');
      await page.goto(`${server.url}/meter-reading-form/${id}`);
      await expect.poll(() => page.locator('input[name="reading"]').inputValue(), { timeout: 20_000 }).toBe('1250');
      expect(chromium.consoleErrors).toEqual([]);

      expect((await c.delete(`/api/v1/meter-readings/${id}`)).status).toBe(200);
      expect((await c.get(`/api/v1/meter-readings/${id}`)).status).toBe(404);
      expect((await c.delete(`/api/v1/houses/${houseId}`)).status).toBe(200);
    } finally {
      await chromium.close();
      await server.stop();
    }
  });

  it('on a database from before the area: Administrator uses it at once, a custom role once granted', async () => {
    const server = await startServer({}, { cwd: copy, dataDir: oldData });
    try {
      const owner = new Client(server.url);
      await owner.get('/sanctum/csrf-cookie');
      expect((await owner.post('/api/v1/login', { email: before.ownerEmail, password: PASSWORD })).status).toBeLessThan(300);
      const houseId = await aHouse(owner, 'K1');
      expect((await owner.get('/api/v1/meter-readings')).status).toBe(200);
      expect((await owner.post('/api/v1/meter-readings', { house_id: houseId, reading: 7 })).status).toBe(201);

      const clerk = new Client(server.url);
      await clerk.get('/sanctum/csrf-cookie');
      expect((await clerk.post('/api/v1/login', { email: before.clerkEmail, password: PASSWORD })).status).toBeLessThan(300);
      await clerk.post(`/api/v1/organisations/${before.orgId}/switch`);
      expect((await clerk.get('/api/v1/houses')).status).toBe(200);
      expect((await clerk.get('/api/v1/meter-readings')).status).toBe(403);

      const role = (await owner.get(`/api/v1/roles/${before.roleId}`)).json();
      const granted = await owner.put(`/api/v1/roles/${before.roleId}`, { ...role, permissions: [...role.permissions, 'list.meter_reading', 'show.meter_reading'] });
      expect(granted.status).toBe(200);
      expect((await clerk.get('/api/v1/meter-readings')).json().map((r: { reading: number }) => r.reading)).toEqual([7]);
    } finally {
      await server.stop();
    }
  });
});

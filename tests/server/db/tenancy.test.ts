import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { inScope, rowsOf } from '../../../src/server/db/client.js';
import { roles, userRoles } from '../../../src/server/db/schema.js';
import { withTenant } from '../../../src/server/tenancy.js';
import { buildTestApp, registeredBrowser, type TestApp } from '../helpers.js';

let t: TestApp;
let a: Awaited<ReturnType<typeof registeredBrowser>>;
let b: Awaited<ReturnType<typeof registeredBrowser>>;

beforeAll(async () => {
  t = await buildTestApp();
  // a route written the careless way: no organisation filter of its own
  a = await registeredBrowser(t.app, { org: 'Org A' });
  b = await registeredBrowser(t.app, { org: 'Org B' });
});
afterAll(() => t.close());

describe('row-level security', () => {
  it('a scope opened inside a scope is a savepoint: the outer transaction still decides, and a quote in the tenant is only data', async () => {
    const org = a.organization!.id;
    const count = async () => rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from roles where organization_id = ${org} and name = 'Nested'`))[0].n;
    await expect(inScope(t.database.db, { tenant: org }, async (tx) => {
      await inScope(tx, { tenant: org }, (inner) => inner.execute(sql`
        insert into roles (organization_id, id, name, permissions) values (${org}, 'NESTED-ROLE-1', 'Nested', '{}')`));
      throw new Error('outer fails');
    })).rejects.toThrow('outer fails');
    expect(await count()).toBe(0);
    const seen = await inScope(t.database.db, { tenant: "x' or 1=1 --", first: sql`select current_setting('app.tenant') as tenant` }, async (_tx, rows) => rows);
    expect(seen).toEqual([{ tenant: "x' or 1=1 --" }]);
  });

  it('a query written without its organisation filter still returns nothing of another organisation', async () => {
    const seen = await inScope(t.database.db, { tenant: a.organization!.id }, (tx) => tx.select({ organization_id: roles.organization_id }).from(roles));
    expect(seen.length).toBe(5);
    expect(new Set(seen.map((r) => r.organization_id))).toEqual(new Set([a.organization!.id]));
  });

  it('on PostgreSQL the server\'s own connections are the application role: outside any scope they see no tenant row', async () => {
    const [row] = rowsOf<{ who: string; roles: number; super: boolean }>(await t.app.db.execute(sql`
      select current_user as who, (select count(*)::int from roles) as roles,
        (select rolsuper or rolbypassrls from pg_roles where rolname = current_user) as super`));
    if (t.database.kind === 'pglite') {
      // one connection, owned by the embedded superuser: inScope switches role in each transaction
      expect(row.roles).toBeGreaterThanOrEqual(10);
      return;
    }
    expect(row).toEqual({ who: 'keja_app', roles: 0, super: false });
    // and it owns nothing
    const owned = rowsOf<{ n: number }>(await t.database.db.execute(sql`
      select count(*)::int as n from pg_class c join pg_roles r on r.oid = c.relowner where r.rolname = 'keja_app'`));
    expect(owned[0].n).toBe(0);
  });

  it('organisations (their settings hold secrets): a scope sees its own only, a user scope the user\'s only', async () => {
    const c = await registeredBrowser(t.app, { org: 'Org C' });
    expect((await c.browser.post('/api/v1/organisations', { name: 'Org C Two' })).statusCode).toBe(201);
    const inOrg = await inScope(t.database.db, { tenant: a.organization!.id }, (tx) => tx.execute(sql`select id from organizations`));
    expect(rowsOf<{ id: string }>(inOrg).map((r) => r.id)).toEqual([a.organization!.id]);
    const mine = await inScope(t.database.db, { user: c.user.id }, (tx) => tx.execute(sql`select name from organizations order by name`));
    expect(rowsOf<{ name: string }>(mine).map((r) => r.name)).toEqual(['Org C', 'Org C Two']);
    await expect(inScope(t.database.db, { tenant: a.organization!.id }, (tx) =>
      tx.execute(sql`update organizations set name = 'Taken over' where id = ${b.organization!.id} returning id`))).resolves.toMatchObject({ rows: [] });
  });

  it('with no organisation set, tenant tables show nothing at all (fails closed)', async () => {
    const seen = await inScope(t.database.db, {}, (tx) => tx.select().from(roles));
    expect(seen).toEqual([]);
  });

  it('cannot write a row into another organisation, nor reference another organisation\'s row', async () => {
    await expect(inScope(t.database.db, { tenant: a.organization!.id }, (tx) =>
      tx.insert(roles).values({ organization_id: b.organization!.id, id: 'X1', name: 'Sneaky' }))).rejects.toThrow();
    const [bRole] = await inScope(t.database.db, { tenant: b.organization!.id }, (tx) => tx.select({ id: roles.id }).from(roles).limit(1));
    // the composite foreign key (organization_id, role_id) cannot point at B's role from A
    await expect(inScope(t.database.db, { tenant: a.organization!.id }, (tx) =>
      tx.insert(userRoles).values({ organization_id: a.organization!.id, user_id: a.user.id, role_id: bRole.id }))).rejects.toThrow();
  });

  it('every table with organization_id has row-level security enabled and forced, and the app role cannot bypass it', async () => {
    const tables = rowsOf<{ relname: string; relrowsecurity: boolean; relforcerowsecurity: boolean }>(await t.database.db.execute(sql`
      select c.relname, c.relrowsecurity, c.relforcerowsecurity from pg_class c
      join information_schema.columns col on col.table_name = c.relname and col.table_schema = 'public' and col.column_name = 'organization_id'
      where c.relkind = 'r' and c.relnamespace = 'public'::regnamespace`));
    expect(tables.length).toBeGreaterThanOrEqual(3);
    for (const table of tables) expect(table, table.relname).toMatchObject({ relrowsecurity: true, relforcerowsecurity: true });
    const [role] = rowsOf<{ rolsuper: boolean; rolbypassrls: boolean }>(await t.database.db.execute(sql`select rolsuper, rolbypassrls from pg_roles where rolname = 'keja_app'`));
    expect(role).toEqual({ rolsuper: false, rolbypassrls: false });
    const owned = rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from pg_tables where tableowner = 'keja_app'`));
    expect(owned[0].n).toBe(0);
    const who = await inScope(t.database.db, {}, (tx) => tx.execute(sql`select current_user as u`));
    expect(rowsOf<{ u: string }>(who)[0].u).toBe('keja_app');
  });
});

describe('withTenant (X-Tenant-Id resolution)', () => {
  async function appWithProbe(): Promise<{ app: FastifyInstance; close: () => Promise<void> }> {
    const Fastify = (await import('fastify')).default;
    const { keja } = await import('../../../src/server/app.js');
    const app = Fastify({ logger: false });
    await app.register(keja, { config: t.app.config, database: t.database, mailer: t.app.mailer });
    // a probe route in the style every area route will follow
    app.after(() => {
      app.get('/api/v1/probe-roles', (req) => withTenant(req, 'list.role', (tx) => tx.select({ name: roles.name, organization_id: roles.organization_id }).from(roles)));
    });
    await app.ready();
    return { app, close: () => app.close() };
  }

  it('uses the header, else the session\'s organisation; 404 for a non-member, 403 without permission', async () => {
    const { app, close } = await appWithProbe();
    try {
      const cookie = [...a.browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const own = await app.inject({ url: '/api/v1/probe-roles', headers: { cookie } });
      expect(own.statusCode).toBe(200);
      expect(own.json().every((r: { organization_id: string }) => r.organization_id === a.organization!.id)).toBe(true);
      const forged = await app.inject({ url: '/api/v1/probe-roles', headers: { cookie, 'x-tenant-id': b.organization!.id } });
      expect(forged.statusCode).toBe(404);
      expect(forged.body).not.toContain('Org B');
      const garbage = await app.inject({ url: '/api/v1/probe-roles', headers: { cookie, 'x-tenant-id': "' or 1=1 --" } });
      expect(garbage.statusCode).toBe(404);
      // strip A's permissions: the same call becomes 403
      await inScope(t.database.db, { tenant: a.organization!.id }, (tx) => tx.execute(sql`update roles set permissions = '{}'`));
      const denied = await app.inject({ url: '/api/v1/probe-roles', headers: { cookie } });
      expect(denied.statusCode).toBe(403);
      expect(denied.json().message).toBeTruthy();
      const guest = await app.inject({ url: '/api/v1/probe-roles' });
      expect(guest.statusCode).toBe(401);
    } finally {
      await close();
    }
  });
});

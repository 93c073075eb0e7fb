import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ALL_PERMISSIONS } from '../../../src/shared/permissions.js';
import { inScope } from '../../../src/server/db/client.js';
import { roles } from '../../../src/server/db/schema.js';
import { topUpBuiltInRoles } from '../../../src/server/domain/role-top-up.js';
import { buildTestApp, registeredBrowser, type TestApp } from '../helpers.js';

// An organisation made before an area existed holds none of that area's permissions. On start the
// built-in roles that held everything get them; custom roles and narrowed built-in ones do not.
// (tests/e2e/add-an-area-drill.test.ts does the same with a real new area and a restart.)

let t: TestApp;
beforeAll(async () => { t = await buildTestApp(); });
afterAll(() => t.close());

const NEW = ALL_PERMISSIONS.filter((p) => p.endsWith('.house_type'));

describe('built-in roles on start', () => {
  it('Administrator gets the permissions of an area added since; a custom role and Viewer do not', async () => {
    const owner = await registeredBrowser(t.app, { org: 'Before The Area Ltd' });
    const orgId = owner.organization!.id;
    const custom = await owner.browser.post('/api/v1/roles', { name: 'Everything clerk', permissions: ALL_PERMISSIONS });
    expect(custom.statusCode, custom.body).toBe(201);
    // as the organisation's roles would be on a database from before house-types existed
    const byName = async () => inScope(t.app.database.db, { tenant: orgId }, async (tx) => {
      const rows = await tx.select().from(roles).where(eq(roles.organization_id, orgId));
      return new Map(rows.map((r) => [r.name, r]));
    });
    const before = await byName();
    await inScope(t.app.database.db, { tenant: orgId }, async (tx) => {
      for (const r of before.values()) {
        await tx.update(roles).set({ permissions: r.permissions.filter((p) => !NEW.includes(p)) })
          .where(and(eq(roles.organization_id, orgId), eq(roles.id, r.id)));
      }
    });
    expect((await owner.browser.get('/api/v1/house-types')).statusCode).toBe(403);

    expect(await topUpBuiltInRoles(t.app.database.app)).toBeGreaterThanOrEqual(1);
    const after = await byName();
    expect(after.get('Administrator')!.permissions).toEqual(expect.arrayContaining(NEW));
    expect([...after.get('Administrator')!.permissions].sort()).toEqual([...ALL_PERMISSIONS].sort());
    expect(after.get('Everything clerk')!.permissions.filter((p) => NEW.includes(p))).toEqual([]);
    expect(after.get('Viewer')!.permissions.filter((p) => NEW.includes(p))).toEqual([]);
    expect((await owner.browser.get('/api/v1/house-types')).statusCode).toBe(200);
    // a second start changes nothing
    const again = await byName();
    await topUpBuiltInRoles(t.app.database.app);
    expect(new Map([...(await byName())].map(([k, v]) => [k, v.permissions]))).toEqual(new Map([...again].map(([k, v]) => [k, v.permissions])));
  });
});

// On every start: the permissions of areas added since an organisation's roles were last written
// go to its built-in roles that held every permission (Administrator), so a new area is usable at
// once on a database that existed before it. Custom roles, and built-in ones an organisation
// narrowed (Viewer, Manager), are left as they are: someone grants those by hand.
import { and, eq, sql } from 'drizzle-orm';
import { ALL_PERMISSIONS } from '../../shared/permissions.js';
import { inScope, type Db } from '../db/client.js';
import { organizations, roles } from '../db/schema.js';

/**
 * A permission is new to an organisation when none of its roles holds it (Administrator holds
 * every permission there is, so any permission it lacks is one the catalogue gained since). A
 * built-in role is topped up when every permission it lacks is new: it held everything before.
 */
export function topUps(held: ReadonlyArray<{ id: string; built_in: boolean; permissions: readonly string[] }>): Map<string, string[]> {
  const anyone = new Set(held.flatMap((r) => r.permissions));
  const fresh = ALL_PERMISSIONS.filter((p) => !anyone.has(p));
  const out = new Map<string, string[]>();
  if (!fresh.length) return out;
  for (const r of held) {
    if (!r.built_in) continue;
    const has = new Set(r.permissions);
    const missing = ALL_PERMISSIONS.filter((p) => !has.has(p));
    if (missing.every((p) => fresh.includes(p))) out.set(r.id, [...r.permissions, ...missing]);
  }
  return out;
}

/**
 * Returns how many roles were given the new permissions. One transaction walks the organisations,
 * switching the row-level-security scope from one to the next (the roles of all of them cannot be
 * read in one statement), so a start costs two small queries per organisation.
 */
export async function topUpBuiltInRoles(db: Db): Promise<number> {
  return inScope(db, {}, async (tx) => {
    const orgs = await tx.select({ id: organizations.id }).from(organizations);
    let changed = 0;
    for (const org of orgs) {
      await tx.execute(sql`select set_config('app.tenant', ${org.id}, true)`);
      const held = await tx.select({ id: roles.id, built_in: roles.built_in, permissions: roles.permissions }).from(roles)
        .where(eq(roles.organization_id, org.id));
      const grants = topUps(held);
      for (const [id, permissions] of grants) {
        await tx.update(roles).set({ permissions, updated_at: new Date() }).where(and(eq(roles.organization_id, org.id), eq(roles.id, id)));
      }
      changed += grants.size;
    }
    return changed;
  });
}

const toppedUp = new WeakSet<object>();

/** Once per database per process: the app builds it on start; tests build many apps on one database. */
export async function topUpOnce(database: object & { app: Db }): Promise<number> {
  if (toppedUp.has(database)) return 0;
  toppedUp.add(database);
  return topUpBuiltInRoles(database.app);
}

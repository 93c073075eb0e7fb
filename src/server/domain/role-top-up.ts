// On every start: the permissions of areas added since an organisation's roles were last written
// go to its built-in roles that held every permission (Administrator), so a new area is usable at
// once on a database that existed before it. Custom roles, and built-in ones an organisation
// narrowed (Viewer, Manager), are left as they are: someone grants those by hand.
import { and, eq } from 'drizzle-orm';
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

/** Returns how many roles were given the new permissions. */
export async function topUpBuiltInRoles(db: Db): Promise<number> {
  const orgs = await inScope(db, {}, (tx) => tx.select({ id: organizations.id }).from(organizations));
  let changed = 0;
  for (const org of orgs) {
    changed += await inScope(db, { tenant: org.id }, async (tx) => {
      const held = await tx.select({ id: roles.id, built_in: roles.built_in, permissions: roles.permissions }).from(roles)
        .where(eq(roles.organization_id, org.id));
      const grants = topUps(held);
      for (const [id, permissions] of grants) {
        await tx.update(roles).set({ permissions, updated_at: new Date() }).where(and(eq(roles.organization_id, org.id), eq(roles.id, id)));
      }
      return grants.size;
    });
  }
  return changed;
}

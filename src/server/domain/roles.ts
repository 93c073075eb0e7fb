import { and, eq, ne, sql } from 'drizzle-orm';
import { holdsEverything, notHeld } from '../../shared/grants.js';
import { ADMINISTRATOR, ALL_PERMISSIONS } from '../../shared/permissions.js';
import type { RecordValues } from '../../shared/resource.js';
import type { Db } from '../db/client.js';
import type { ResourceTable } from '../db/resource-tables.js';
import { roles, userRoles } from '../db/schema.js';
import { conflict, forbidden, invalid } from '../errors.js';
import type { Actor } from '../crud/hooks.js';

const isAdministrator = (role: RecordValues | null) => !!role && role.built_in === true && role.name === ADMINISTRATOR;

export const GRANT_REFUSED = 'You cannot grant permissions you do not hold:';
export const BUILT_IN_REFUSED = 'Only a member holding every permission can change a built-in role.';
export const ROLE_ABOVE_YOU = 'This role holds permissions you do not hold: you cannot change it.';

/**
 * Granting (issue 12): a role's permissions are granted to everyone holding it, so the writer must
 * hold every permission the role will have, must hold every one it has now to change or delete it
 * (else they could strip a role above their own), and only someone holding everything touches a
 * built-in role. Without an actor (the demo seeder) the server itself writes.
 */
function judgeGrant(actor: Actor | undefined, existing: RecordValues | null, wanted: string[] | undefined) {
  if (!actor) return;
  if (existing?.built_in === true && !holdsEverything(actor.permissions)) throw forbidden(BUILT_IN_REFUSED);
  if (existing && notHeld(actor.permissions, (existing.permissions as string[]) ?? []).length) throw forbidden(ROLE_ABOVE_YOU);
  const missing = notHeld(actor.permissions, wanted ?? []);
  if (missing.length) throw invalid({ permissions: [`${GRANT_REFUSED} ${missing.join(', ')}.`] });
}

/** Roles: names unique per organisation; Administrator keeps every permission and its name, and is never deleted. */
export const roleHooks = {
  table: roles as unknown as ResourceTable,

  async beforeWrite(tx: Db, organizationId: string, values: RecordValues, existing: RecordValues | null, _record: RecordValues, actor?: Actor) {
    judgeGrant(actor, existing, values.permissions as string[] | undefined);
    if (isAdministrator(existing)) {
      if (values.name !== undefined && values.name !== ADMINISTRATOR) throw invalid({ name: ['The Administrator role cannot be renamed.'] });
      const perms = values.permissions as string[] | undefined;
      if (perms && ALL_PERMISSIONS.some((p) => !perms.includes(p))) {
        throw invalid({ permissions: ['The Administrator role keeps every permission.'] });
      }
    }
    if (typeof values.name === 'string') {
      const conditions = [eq(roles.organization_id, organizationId), sql`lower(${roles.name}) = lower(${values.name})`];
      if (existing) conditions.push(ne(roles.id, String(existing.id)));
      const [taken] = await tx.select({ id: roles.id }).from(roles).where(and(...conditions)).limit(1);
      if (taken) throw invalid({ name: ['A role with this name already exists.'] });
    }
  },

  async beforeDelete(tx: Db, organizationId: string, existing: RecordValues, actor?: Actor) {
    if (isAdministrator(existing)) throw conflict('The Administrator role cannot be deleted.');
    judgeGrant(actor, existing, []);
    const [used] = await tx.select({ user_id: userRoles.user_id }).from(userRoles)
      .where(and(eq(userRoles.organization_id, organizationId), eq(userRoles.role_id, String(existing.id)))).limit(1);
    if (used) throw conflict('This role is given to users: take it from them first.');
  },
};

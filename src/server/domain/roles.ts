import { and, eq, ne, sql } from 'drizzle-orm';
import { ADMINISTRATOR, ALL_PERMISSIONS } from '../../shared/permissions.js';
import type { RecordValues } from '../../shared/resource.js';
import type { Db } from '../db/client.js';
import type { ResourceTable } from '../db/resource-tables.js';
import { roles, userRoles } from '../db/schema.js';
import { conflict, invalid } from '../errors.js';

const isAdministrator = (role: RecordValues | null) => !!role && role.built_in === true && role.name === ADMINISTRATOR;

/** Roles: names unique per organisation; Administrator keeps every permission and its name, and is never deleted. */
export const roleHooks = {
  table: roles as unknown as ResourceTable,

  async beforeWrite(tx: Db, organizationId: string, values: RecordValues, existing: RecordValues | null) {
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

  async beforeDelete(tx: Db, organizationId: string, existing: RecordValues) {
    if (isAdministrator(existing)) throw conflict('The Administrator role cannot be deleted.');
    const [used] = await tx.select({ user_id: userRoles.user_id }).from(userRoles)
      .where(and(eq(userRoles.organization_id, organizationId), eq(userRoles.role_id, String(existing.id)))).limit(1);
    if (used) throw conflict('This role is given to users: take it from them first.');
  },
};

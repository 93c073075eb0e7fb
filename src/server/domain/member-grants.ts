import { sql } from 'drizzle-orm';
import { notHeld } from '../../shared/grants.js';
import { rowsOf, type Db } from '../db/client.js';
import { forbidden, invalid } from '../errors.js';
import type { TenantContext } from '../tenancy.js';

export const ROLE_GRANT_REFUSED = 'You cannot give a role holding permissions you do not hold:';
export const MEMBER_ABOVE_YOU = 'This member holds permissions you do not hold: you cannot change their roles or access.';

async function permissionsOf(tx: Db, query: ReturnType<typeof sql>): Promise<string[]> {
  const [row] = rowsOf<{ p: string[] | null }>(await tx.execute(query));
  return row?.p ?? [];
}

/** Every permission the given roles of this organisation carry. */
export const rolePermissions = (tx: Db, organizationId: string, roleIds: readonly string[]) => roleIds.length
  ? permissionsOf(tx, sql`select array_agg(distinct p) as p from roles r, unnest(r.permissions) p
      where r.organization_id = ${organizationId} and r.id in (${sql.join(roleIds.map((id) => sql`${id}`), sql`, `)})`)
  : Promise.resolve([]);

/** Every permission a member's roles carry, whatever the membership's status (a disabled member may be enabled again). */
export const memberPermissions = (tx: Db, organizationId: string, userId: string) =>
  permissionsOf(tx, sql`select array_agg(distinct p) as p from user_roles ur
    join roles r on r.organization_id = ur.organization_id and r.id = ur.role_id, unnest(r.permissions) p
    where ur.organization_id = ${organizationId} and ur.user_id = ${userId}`);

/** Giving roles grants their permissions: 422 on the field naming what the giver lacks. */
export async function judgeRoleGrant(tx: Db, ctx: TenantContext, roleIds: readonly string[]) {
  const missing = notHeld(ctx.permissions, await rolePermissions(tx, ctx.organizationId, roleIds));
  if (missing.length) throw invalid({ role_ids: [`${ROLE_GRANT_REFUSED} ${missing.join(', ')}.`] });
}

/** Nobody changes the roles of, disables or removes someone who holds more than they do. */
export async function judgeMemberBelow(tx: Db, ctx: TenantContext, userId: string) {
  if (notHeld(ctx.permissions, await memberPermissions(tx, ctx.organizationId, userId)).length) throw forbidden(MEMBER_ABOVE_YOU);
}

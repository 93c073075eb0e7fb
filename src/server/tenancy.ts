import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { inScope, rowsOf, type Db } from './db/client.js';
import { forgetSessions, sessionLiveSql } from './auth/sessions.js';
import { forbidden, notFound, unauthenticated } from './errors.js';
import { requireUser } from './plugins/auth.js';

export interface TenantContext {
  organizationId: string;
  userId: string;
  permissions: string[];
}

/** X-Tenant-Id, else the session's active organisation (docs/api.md "Tenancy"). */
export function requestedOrganization(req: FastifyRequest): string | null {
  const header = req.headers['x-tenant-id'];
  const value = typeof header === 'string' ? header.trim() : '';
  return value || req.auth.activeOrganizationId;
}

/**
 * The query behind membershipPermissions: one row (permissions) when an active member, none
 * otherwise; with a session hash, `live` says whether that session still stands (sessions.ts).
 */
function membershipQuery(organizationId: string, userId: string, sessionHash: string | null = null) {
  return sql`
    select coalesce(array_agg(distinct p) filter (where p is not null), '{}') as permissions,
      ${sessionHash ? sessionLiveSql(sessionHash, userId) : sql`true`} as live
    from memberships m
    left join user_roles ur on ur.organization_id = m.organization_id and ur.user_id = m.user_id
    left join roles r on r.organization_id = ur.organization_id and r.id = ur.role_id
    left join lateral unnest(r.permissions) p on true
    where m.organization_id = ${organizationId} and m.user_id = ${userId} and m.status = 'active'
    group by m.organization_id`;
}

/** The caller's permissions in an organisation, or null when not a member. Runs inside a scope. */
export async function membershipPermissions(tx: Db, organizationId: string, userId: string): Promise<string[] | null> {
  const row = rowsOf<{ permissions: string[] }>(await tx.execute(membershipQuery(organizationId, userId)))[0];
  return row ? row.permissions : null;
}

/**
 * Runs a request's work in one transaction scoped to its organisation: membership (404 otherwise,
 * never the data), then the permission (403), then fn. Row-level security backs up every query.
 */
export async function withTenant<T>(
  req: FastifyRequest,
  permission: string | null,
  fn: (tx: Db, ctx: TenantContext) => Promise<T>,
  options: { readOnly?: boolean } = {},
): Promise<T> {
  const user = requireUser(req);
  const organizationId = requestedOrganization(req);
  if (!organizationId) throw notFound('No active organisation.');
  // the membership check (and for a cached session, that it still stands) rides in the scope's
  // opening round trip (client.ts inScope)
  const first = membershipQuery(organizationId, user.id, req.auth.sessionCached ? req.auth.sessionHash : null);
  return inScope(req.server.db, { tenant: organizationId, user: user.id, first, readOnly: options.readOnly }, async (tx, rows) => {
    const row = rows[0] as { permissions: string[]; live: boolean } | undefined;
    if (row && !row.live) {
      forgetSessions();
      throw unauthenticated();
    }
    const permissions = row?.permissions;
    if (!permissions) throw notFound('Organisation not found.');
    if (permission && !permissions.includes(permission)) throw forbidden();
    return fn(tx, { organizationId, userId: user.id, permissions });
  });
}

import type { FastifyRequest } from 'fastify';
import { inScope } from '../db/client.js';
import type { AuthUser } from '../auth/sessions.js';
import { publicUser } from '../auth/sessions.js';
import { organizationOf, organizationsOf, rolesOf } from '../domain/organizations.js';
import { membershipPermissions, requestedOrganization } from '../tenancy.js';

/**
 * GET /user: the user, and their roles and permissions in the active organisation. A requested
 * organisation the user does not belong to is never shown; the answer falls back to one they do.
 */
export async function currentUserPayload(req: FastifyRequest, user: AuthUser) {
  const db = req.server.db;
  const requested = requestedOrganization(req);
  let organization = requested ? await organizationOf(db, user.id, requested) : null;
  if (!organization && req.auth.activeOrganizationId && req.auth.activeOrganizationId !== requested) {
    organization = await organizationOf(db, user.id, req.auth.activeOrganizationId);
  }
  if (!organization) organization = (await organizationsOf(db, user.id))[0] ?? null;
  if (!organization) return { user: publicUser(user), roles: [], permissions: [], organization: null };
  const orgId = organization.id;
  const { roles, permissions } = await inScope(db, { tenant: orgId, user: user.id }, async (tx) => ({
    roles: await rolesOf(tx, orgId, user.id),
    permissions: (await membershipPermissions(tx, orgId, user.id)) ?? [],
  }));
  return { user: publicUser(user), roles, permissions: [...permissions].sort(), organization };
}

import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { inScope, readOnce, rowsOf, type Db } from './db/client.js';
import { placeholder, rendered, type Rendered } from './db/statements.js';
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
    select array_to_string(array_agg(distinct p) filter (where p is not null), ' ') as permissions,
      ${sessionHash ? sessionLiveSql(sessionHash, userId) : sql`true`} as live
    from memberships m
    left join user_roles ur on ur.organization_id = m.organization_id and ur.user_id = m.user_id
    left join roles r on r.organization_id = ur.organization_id and r.id = ur.role_id
    left join lateral unnest(r.permissions) p on true
    where m.organization_id = ${organizationId} and m.user_id = ${userId} and m.status = 'active'
    group by m.organization_id`;
}

/**
 * Whether the caller may do one of `anyOf` here, for the read after it (readInTenant): one row
 * (`allowed`; `live`, whether a cached session still stands) when an active member, none
 * otherwise; and `app.permitted` set for this transaction only when both hold. It asks only
 * whether a role holds one of them: no list of permissions to build, sort and send.
 */
function gateQuery(organizationId: string, userId: string, sessionHash: string | null, anyOf: string[]): Rendered {
  const values: Record<string, unknown> = { org: organizationId, user: userId, hash: sessionHash };
  anyOf.forEach((p, i) => { values[`p${i}`] = p; });
  return rendered(`membership gate|${sessionHash ? 'live' : ''}|${anyOf.length}`, () => {
    const P = placeholder;
    const wanted = sql.join(anyOf.map((_, i) => sql`${P(`p${i}`)}`), sql`, `);
    return sql`select g.allowed, g.live, set_config('app.permitted', case when g.live and g.allowed then 'on' else '' end, true) as gate
    from (select coalesce(bool_or(r.permissions && array[${wanted}]::text[]), false) as allowed,
        ${sessionHash ? sessionLiveSql(P('hash'), P('user')) : sql`true`} as live
      from memberships m
      left join user_roles ur on ur.organization_id = m.organization_id and ur.user_id = m.user_id
      left join roles r on r.organization_id = ur.organization_id and r.id = ur.role_id
      where m.organization_id = ${P('org')} and m.user_id = ${P('user')} and m.status = 'active'
      group by m.organization_id) g`;
  }, values);
}

/** The guard a readInTenant query carries: true only when the membership check let it read. */
export const PERMITTED = sql`current_setting('app.permitted', true) = 'on'`;

/**
 * Permission names travel as one space-separated text (names have no spaces): an array's text
 * costs a parser call per request, and a member's set is the same text request after request.
 */
const parsed = new Map<string, string[]>();
function permissionList(text: string | null): string[] {
  if (!text) return [];
  let list = parsed.get(text);
  if (!list) {
    if (parsed.size >= 1000) parsed.clear();
    list = Object.freeze(text.split(' ')) as string[];
    parsed.set(text, list);
  }
  return list;
}

/** The caller's permissions in an organisation, or null when not a member. Runs inside a scope. */
export async function membershipPermissions(tx: Db, organizationId: string, userId: string): Promise<string[] | null> {
  const row = rowsOf<{ permissions: string | null }>(await tx.execute(membershipQuery(organizationId, userId)))[0];
  return row ? permissionList(row.permissions) : null;
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
    const ctx = admitted(organizationId, user.id, rows[0] as MembershipRow | undefined, permission);
    return fn(tx, ctx);
  });
}

type MembershipRow = { permissions: string | null; live: boolean };

/** A membership check's row, when the caller stands: 401 when the session has ended, 404 when not a member. */
function standing<R extends { live: boolean }>(row: R | undefined): R {
  if (row && !row.live) {
    forgetSessions();
    throw unauthenticated();
  }
  if (!row) throw notFound('Organisation not found.');
  return row;
}

/** The caller's context from the membership row (standing), 403 without `permission`. */
function admitted(organizationId: string, userId: string, found: MembershipRow | undefined, permission: string | null): TenantContext {
  const row = standing(found);
  const permissions = permissionList(row.permissions);
  if (permission && !permissions.includes(permission)) throw forbidden();
  return { organizationId, userId, permissions };
}

/**
 * A read request's one exchange with the database (client.ts readOnce): the membership check and
 * `query` in one round trip, the way a bare query would go. `query` must carry PERMITTED in its
 * condition: it reads nothing unless the session stands and the caller holds one of `anyOf`. The
 * same answers as withTenant otherwise (401 when the session has ended, 404 when not a member, 403
 * without any of `anyOf`). Null when it cannot go that way (PGlite, a value that cannot be
 * inlined): use withTenant.
 */
export async function readInTenant(req: FastifyRequest, anyOf: string[], query: Rendered): Promise<unknown[][] | null> {
  const user = requireUser(req);
  const organizationId = requestedOrganization(req);
  if (!organizationId) throw notFound('No active organisation.');
  const first = gateQuery(organizationId, user.id, req.auth.sessionCached ? req.auth.sessionHash : null, anyOf);
  const read = await readOnce(req.server.db, { tenant: organizationId, user: user.id, first }, query);
  if (!read) return null;
  if (!standing(read.first[0] as { allowed: boolean; live: boolean } | undefined).allowed) throw forbidden();
  return read.then;
}

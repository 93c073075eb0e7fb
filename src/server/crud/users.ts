import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { users as usersResource } from '../../../resources/users.js';
import { ADMINISTRATOR } from '../../shared/permissions.js';
import type { RecordValues } from '../../shared/resource.js';
import { validateRecord } from '../../shared/resource-validate.js';
import { forgetSessions } from '../auth/sessions.js';
import { rowsOf, type Db } from '../db/client.js';
import { invitations, memberships, roles, sessions, userRoles } from '../db/schema.js';
import { createInvitation, dropInvitation, resendInvitation, sendInvitation } from '../domain/invitations.js';
import { judgeMemberBelow, judgeRoleGrant } from '../domain/member-grants.js';
import { conflict, forbidden, invalid, notFound } from '../errors.js';
import { withTenant, type TenantContext } from '../tenancy.js';
import { parseListQuery, type Condition, type ListQuery } from './query-parser.js';
import { checkReferences } from './repository.js';
import { EXPORT_PAGE, registerExport, type Cursor } from './export.js';
import { Nullable } from '../../shared/schema-helpers.js';

const IdParams = Type.Object({ id: Type.String({ maxLength: 64 }) });
/** A member or an invitation, as the users list shows it. */
const UserRecord = Type.Object({
  id: Type.String(), name: Type.String(), email: Type.String(), phone: Nullable(Type.String()),
  status: Type.String(), role_ids: Type.Array(Type.String()), created_at: Type.String(), expires_at: Nullable(Type.String()),
});

const SORT_COLUMNS: Record<string, SQL> = { name: sql`x.name`, email: sql`x.email`, id: sql`x.id` };

function conditionSql(c: Condition): SQL {
  if (c.kind === 'search') {
    const pattern = `%${c.text.replace(/[\\%_]/g, (x) => `\\${x}`)}%`;
    return sql`(x.name ilike ${pattern} or x.email ilike ${pattern})`;
  }
  if (c.kind !== 'eq') return sql`true`;
  const values = c.values.map(String);
  if (!values.length) return sql`false`;
  const list = sql.join(values.map((v) => sql`${v}`), sql`, `);
  if (c.field === 'id') return sql`x.id in (${list})`;
  if (c.field === 'status') return sql`x.status in (${list})`;
  if (c.field === 'role_ids') return sql`x.role_ids && array[${list}]::text[]`;
  return sql`true`;
}

/**
 * Members and pending invitations in one list: an invitation shows only what the inviter typed
 * (status invited, or expired), never the account an email may belong to.
 */
const selectMembers = (organizationId: string, where: SQL) => sql`
  select * from (
    select u.id, u.name, u.email, u.phone, m.status, m.created_at, null::timestamptz as expires_at,
      coalesce((select array_agg(ur.role_id order by ur.role_id) from user_roles ur
        where ur.organization_id = m.organization_id and ur.user_id = m.user_id), '{}') as role_ids
    from memberships m join users u on u.id = m.user_id
    where m.organization_id = ${organizationId}
    union all
    select i.id, i.name, i.email, i.phone, case when i.expires_at > now() then 'invited' else 'expired' end, i.created_at, i.expires_at,
      array(select unnest(i.role_ids) order by 1)
    from invitations i where i.organization_id = ${organizationId}
  ) x
  where ${where}`;

// raw queries answer timestamps as Date (pg) or text (PGlite): the API always says ISO 8601
const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string | Date).toISOString());
const view = (r: RecordValues) => ({
  id: r.id, name: r.name, email: r.email, phone: r.phone ?? null, status: r.status, role_ids: r.role_ids ?? [],
  created_at: iso(r.created_at), expires_at: iso(r.expires_at),
});
const isInvitation = (r: RecordValues) => r.status === 'invited' || r.status === 'expired';

/** A page of members after `last` in the list's order (name, email or id, then id): the CSV export's source. */
async function memberPage(tx: Db, organizationId: string, q: ListQuery, last: Cursor | null) {
  const where = q.conditions.length ? sql.join(q.conditions.map(conditionSql), sql` and `) : sql`true`;
  const column = SORT_COLUMNS[q.sort.field] ?? sql`x.name`;
  const asc = q.sort.order === 'ASC';
  const dir = asc ? sql`asc` : sql`desc`;
  const past = asc ? sql`>` : sql`<`;
  const after = last ? sql`and (${column} ${past} ${String(last.value)} or (${column} = ${String(last.value)} and x.id ${past} ${last.id}))` : sql``;
  const rows = rowsOf<RecordValues & { id: string }>(await tx.execute(sql`${selectMembers(organizationId, where)} ${after}
    order by ${column} ${dir}, x.id ${dir} limit ${EXPORT_PAGE}`));
  return rows.map((r) => ({ ...view(r), id: String(r.id) }));
}

async function member(tx: Db, organizationId: string, id: string): Promise<RecordValues> {
  const [row] = rowsOf<RecordValues>(await tx.execute(selectMembers(organizationId, sql`x.id = ${id}`)));
  if (!row) throw notFound();
  return view(row);
}

/** Active members holding the Administrator role, other than `exceptUserId`. */
async function otherAdministrators(tx: Db, organizationId: string, exceptUserId: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await tx.execute(sql`
    select count(*)::int as n from user_roles ur
    join roles r on r.organization_id = ur.organization_id and r.id = ur.role_id
    join memberships m on m.organization_id = ur.organization_id and m.user_id = ur.user_id
    where ur.organization_id = ${organizationId} and r.name = ${ADMINISTRATOR} and r.built_in and m.status = 'active' and ur.user_id <> ${exceptUserId}`));
  return row.n;
}

async function isAdministratorRole(tx: Db, organizationId: string, roleIds: string[]): Promise<boolean> {
  if (!roleIds.length) return false;
  const rows = await tx.select({ id: roles.id }).from(roles)
    .where(and(eq(roles.organization_id, organizationId), eq(roles.name, ADMINISTRATOR), eq(roles.built_in, true)));
  return rows.some((r) => roleIds.includes(r.id));
}

async function setRoles(tx: Db, organizationId: string, userId: string, roleIds: string[]) {
  await tx.delete(userRoles).where(and(eq(userRoles.organization_id, organizationId), eq(userRoles.user_id, userId)));
  if (roleIds.length) await tx.insert(userRoles).values([...new Set(roleIds)].map((role_id) => ({ organization_id: organizationId, user_id: userId, role_id })));
}

/** Losing the last active Administrator would lock everyone out of users, roles and settings. */
async function keepAnAdministrator(tx: Db, ctx: TenantContext, userId: string, stillAdmin: boolean) {
  if (stillAdmin) return;
  const current = await member(tx, ctx.organizationId, userId);
  if (!(await isAdministratorRole(tx, ctx.organizationId, current.role_ids as string[]))) return;
  if ((await otherAdministrators(tx, ctx.organizationId, userId)) === 0) {
    throw conflict('This is the last active Administrator: give the role to someone else first.');
  }
}

/** The organisation's members (docs/api.md dialect); creating one invites them by email. */
export async function userRoutes(app: FastifyInstance) {
  const tags = ['users'];

  app.get('/users', { schema: { tags, summary: "The organisation's members", response: { 200: Type.Array(UserRecord) } } }, async (req, reply) => {
    const q = parseListQuery(usersResource, req.query as Record<string, unknown>);
    return withTenant(req, null, async (tx, ctx) => {
      if (!ctx.permissions.includes('list.user') && !(q.many && ctx.permissions.includes('show.user'))) throw forbidden();
      const where = q.conditions.length ? sql.join(q.conditions.map(conditionSql), sql` and `) : sql`true`;
      const dir = q.sort.order === 'ASC' ? sql`asc` : sql`desc`;
      const [start, end] = q.range;
      const rows = rowsOf<RecordValues>(await tx.execute(sql`${selectMembers(ctx.organizationId, where)}
        order by ${SORT_COLUMNS[q.sort.field] ?? sql`x.name`} ${dir}, x.id ${dir} limit ${end - start + 1} offset ${start}`));
      const [{ n }] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from (${selectMembers(ctx.organizationId, where)}) c`));
      reply.header('Content-Range', rows.length ? `users ${start}-${start + rows.length - 1}/${n}` : `users */${n}`);
      return rows.map(view);
    });
  });

  registerExport(app, usersResource, { page: memberPage });

  app.get('/users/:id', { schema: { tags, summary: 'One member', response: { 200: UserRecord } } }, (req) =>
    withTenant(req, null, async (tx, ctx) => {
      if (!ctx.permissions.includes('show.user') && !ctx.permissions.includes('edit.user')) throw forbidden();
      return member(tx, ctx.organizationId, (req.params as { id: string }).id);
    }));

  app.post('/users', { schema: { tags, summary: 'Invite a person by email: they join when they accept', body: { type: 'object', additionalProperties: true }, response: { 201: UserRecord } } }, async (req, reply) => {
    const invited = await withTenant(req, 'create.user', async (tx, ctx) => {
      const { values, errors } = validateRecord(usersResource, req.body, 'create');
      await checkReferences(tx, usersResource.fields, values, ctx.organizationId, errors);
      if (Object.keys(errors).length) throw invalid(errors);
      const roleIds = (values.role_ids as string[]) ?? [];
      await judgeRoleGrant(tx, ctx, roleIds);
      return createInvitation(tx, ctx, { email: String(values.email), name: String(values.name), phone: (values.phone as string) ?? null, roleIds });
    });
    sendInvitation(req, invited.mail);
    return reply.status(201).send(invited.record);
  });

  app.post('/users/:id/resend', {
    schema: { tags, summary: 'Send an invitation again: a new link, valid 7 more days; the old link stops working (create.user)', params: IdParams, response: { 200: UserRecord } },
  }, async (req) => {
    const sent = await withTenant(req, 'create.user', async (tx, ctx) => {
      const id = (req.params as { id: string }).id;
      const record = await member(tx, ctx.organizationId, id);
      if (!isInvitation(record)) throw conflict('This person is already a member: there is no invitation to send.');
      // sending it again brings its roles back to life: the sender must be able to give them
      await judgeRoleGrant(tx, ctx, record.role_ids as string[]);
      return resendInvitation(tx, ctx, id);
    });
    sendInvitation(req, sent.mail);
    return sent.record;
  });

  app.put('/users/:id', { schema: { tags, summary: "Change a member's (or an invitation's) roles, or a member's status", body: { type: 'object', additionalProperties: true }, response: { 200: UserRecord } } }, (req) =>
    withTenant(req, 'edit.user', async (tx, ctx) => {
      const id = (req.params as { id: string }).id;
      const current = await member(tx, ctx.organizationId, id);
      const { values, errors } = validateRecord(usersResource, req.body, 'update');
      await checkReferences(tx, usersResource.fields, values, ctx.organizationId, errors);
      if (Object.keys(errors).length) throw invalid(errors);
      const roleIds = values.role_ids as string[] | undefined;
      const rolesChange = roleIds !== undefined && !sameSet(roleIds, current.role_ids as string[]);
      const statusChange = values.status !== undefined && values.status !== current.status;
      if (isInvitation(current)) {
        if (statusChange) throw invalid({ status: ['An invitation becomes an active member only when the person accepts it.'] });
        if (rolesChange) {
          await judgeRoleGrant(tx, ctx, roleIds);
          await tx.update(invitations).set({ role_ids: [...new Set(roleIds)] })
            .where(and(eq(invitations.organization_id, ctx.organizationId), eq(invitations.id, id)));
        }
        return member(tx, ctx.organizationId, id);
      }
      if (statusChange && isInvitation(values)) throw invalid({ status: ['A member is active or disabled.'] });
      // name, email and phone belong to the person's account (which other organisations share): they change them themselves
      if (values.status === 'disabled' && id === ctx.userId) throw invalid({ status: ['You cannot disable yourself.'] });
      if (rolesChange || statusChange) await judgeMemberBelow(tx, ctx, id);
      if (rolesChange) await judgeRoleGrant(tx, ctx, roleIds);
      const stillAdmin = values.status !== 'disabled' && (roleIds === undefined || (await isAdministratorRole(tx, ctx.organizationId, roleIds)));
      await keepAnAdministrator(tx, ctx, id, stillAdmin);
      if (rolesChange) await setRoles(tx, ctx.organizationId, id, roleIds);
      if (statusChange) {
        await tx.update(memberships).set({ status: values.status as 'active' | 'disabled' })
          .where(and(eq(memberships.organization_id, ctx.organizationId), eq(memberships.user_id, id)));
        // disabling ends the sessions working in this organisation
        if (values.status === 'disabled') {
          forgetSessions();
          await tx.delete(sessions).where(and(eq(sessions.user_id, id), eq(sessions.active_organization_id, ctx.organizationId)));
        }
      }
      return member(tx, ctx.organizationId, id);
    }));

  app.delete('/users/:id', { schema: { tags, summary: 'Remove a member from the organisation, or revoke an invitation', response: { 200: UserRecord } } }, (req) =>
    withTenant(req, 'delete.user', async (tx, ctx) => {
      const id = (req.params as { id: string }).id;
      const record = await member(tx, ctx.organizationId, id);
      if (isInvitation(record)) {
        await dropInvitation(tx, ctx.organizationId, id);
        return record;
      }
      if (id === ctx.userId) throw conflict('You cannot remove yourself from the organisation.');
      await judgeMemberBelow(tx, ctx, id);
      await keepAnAdministrator(tx, ctx, id, false);
      await tx.delete(memberships).where(and(eq(memberships.organization_id, ctx.organizationId), eq(memberships.user_id, id)));
      forgetSessions();
      await tx.delete(sessions).where(and(eq(sessions.user_id, id), eq(sessions.active_organization_id, ctx.organizationId)));
      return record;
    }));
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  const x = new Set(a);
  const y = new Set(b);
  return x.size === y.size && [...x].every((v) => y.has(v));
}
